"""The canvases: FramebufCanvas under MicroPython and HostCanvas on CPython
draw the same pixels; the displayio canvas renders headless; PNG files
round-trip; the fonts are complete."""

import os
import subprocess

import pytest
import test_canvas_fb
from conftest import required_tool
from sixtysix_app import font
from sixtysix_app.canvas import BG, CARD, FG, INK, MONO, PALETTE, RED, ROLES, SEL, rgb565
from sixtysix_tools.hostcanvas import HostCanvas
from sixtysix_tools.png import read_png, write_png

HERE = os.path.dirname(os.path.abspath(__file__))
PORTABLE = os.path.join(HERE, "portable")
FIRMWARE = os.path.join(os.path.dirname(HERE), "firmware")


@pytest.fixture(scope="module")
def framebuf_pictures():
    """{(format, font, scale, face): pixel values} from FramebufCanvas on MicroPython."""
    micropython = required_tool("micropython")
    code = "import sys\nsys.path[:0] = [%r, %r]\nimport test_canvas_fb\ntest_canvas_fb.dump_samples()\n" % (
        FIRMWARE,
        PORTABLE,
    )
    proc = subprocess.run(
        [micropython, "-X", "heapsize=1024wK", "-c", code], capture_output=True, text=True, timeout=60
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr
    pictures = {}
    for line in proc.stdout.splitlines():
        fmt, name, scale, face, data = line.split()
        pictures[fmt, name, int(scale), face] = bytes.fromhex(data)
    return pictures


def host_sample(name, scale, width, height, mono, face=None):
    c = HostCanvas(width, height, mono=mono, font=name, scale=scale, face=face)
    test_canvas_fb.draw_sample(c)
    return c


def expected_values(fmt, roles):
    """The pixel values framebuf should hold for these roles."""
    if fmt.startswith("MONO"):
        return bytes(MONO[r] for r in roles)
    if fmt == "GS4_HMSB":
        return bytes(roles)
    return b"".join(rgb565(PALETTE[r]).to_bytes(2, "big") for r in roles)


def first_difference(a, b, width, step):
    for i in range(0, len(a), step):
        if a[i : i + step] != b[i : i + step]:
            return "first difference at x=%d y=%d" % (i // step % width, i // step // width)
    return "same"


@pytest.mark.parametrize("fmt", test_canvas_fb.FORMATS)
@pytest.mark.parametrize(
    "sample", test_canvas_fb.SAMPLES, ids=lambda s: "%s-x%d-%s" % (s[:2] + (test_canvas_fb.face_name(s[4]),))
)
def test_host_canvas_draws_what_framebuf_draws(framebuf_pictures, fmt, sample):
    name, scale, width, height, face = sample
    host = host_sample(name, scale, width, height, fmt.startswith("MONO"), face)
    got = framebuf_pictures[fmt, name, scale, test_canvas_fb.face_name(face)]
    want = expected_values(fmt, host.roles())
    step = 2 if fmt == "RGB565" else 1
    assert got == want, first_difference(got, want, width, step)
    assert host.frames == 1


def test_sample_exercises_every_role_and_the_clipped_edges():
    """The comparison above means something only if the sample draws ink
    everywhere it should: on every edge, in several roles."""
    c = host_sample("normal", 1, 100, 48, False)
    roles = c.roles()
    w = c.width
    assert len(set(roles)) >= 8
    for edge in (roles[:w], roles[-w:], roles[::w], roles[w - 1 :: w]):
        assert len(set(edge)) >= 3


def test_text_ink_only_inside_its_cells():
    c = HostCanvas(40, 20, font="normal", scale=2)
    c.fill(BG)
    c.text("Wg", 4, 2, FG)
    roles = c.roles()
    inked = {(i % 40, i // 40) for i, r in enumerate(roles) if r == FG}
    assert inked and all(4 <= x < 4 + 2 * c.char_w and 2 <= y < 2 + c.char_h for x, y in inked)
    assert any(y >= 2 + 14 for x, y in inked)  # the g's descender, doubled
    assert HostCanvas(72, 40, mono=True, font="small").char_w == 4


def test_host_canvas_rgb_rows_and_png(tmp_path):
    c = HostCanvas(20, 10, mono=True, font="small")
    c.fill(BG)
    c.fill_rect(0, 0, 5, 5, CARD)
    rows = c.rgb_rows()
    assert rows[0][0] != rows[9][19] and rows[9][19] == 0
    path = str(tmp_path / "mono.png")
    c.save_png(path, scale=3)
    width, height, back = read_png(path)
    assert (width, height) == (60, 30) and back[2][2] == rows[0][0] and back[29][59] == 0


def test_host_canvas_redraws_a_text_screen_quickly():
    """A 240x135 screen of 16 text lines plus boxes: a smoke test that
    drawing costs no per-pixel Python work (no wall-clock assertion; the
    count of pixel writes is what would blow up)."""
    c = HostCanvas(240, 135, font="normal", scale=1)
    c.fill(BG)
    for row in range(16):
        c.fill_rect(0, row * 8, 240, 8, CARD if row % 2 else BG)
        c.text("Line %2d: the quick brown fox jumps" % row, 0, row * 8, INK)
    assert c.roles().count(INK) > 2000


def test_png_round_trip(tmp_path):
    rows = [[(x * 37 + y * 91) & 0xFFFFFF for x in range(13)] for y in range(7)]
    rows[0][0] = 0xFFFFFF
    rows[6][12] = 0x000000
    path = str(tmp_path / "t.png")
    write_png(path, 13, 7, rows)
    assert read_png(path) == (13, 7, rows)
    write_png(path, 13, 7, rows, scale=2)
    width, height, big = read_png(path)
    assert (width, height) == (26, 14)
    assert big[3][5] == rows[1][2] and big[13][25] == rows[6][12]
    with pytest.raises(ValueError):
        write_png(path, 12, 7, rows)


def test_png_reader_undoes_filters(tmp_path):
    """PNGs written by other tools use filters 1..4; build one by hand."""
    import struct
    import zlib

    from sixtysix_tools.png import SIGNATURE, _chunk

    width, height = 3, 5
    pixels = [[(10 * y + x, 100 + y, 200 - 7 * x) for x in range(width)] for y in range(height)]
    raw = bytearray()
    prior = [0] * (width * 3)
    for kind, row in enumerate(pixels):
        line = [v for px in row for v in px]
        out = []
        for i, v in enumerate(line):
            left = line[i - 3] if i >= 3 else 0
            up = prior[i]
            up_left = prior[i - 3] if i >= 3 else 0
            predictor = (0, left, up, (left + up) >> 1, 0)[kind]
            if kind == 4:
                p = left + up - up_left
                pa, pb, pc = abs(p - left), abs(p - up), abs(p - up_left)
                predictor = left if pa <= pb and pa <= pc else (up if pb <= pc else up_left)
            out.append((v - predictor) & 255)
        raw.append(kind)
        raw += bytes(out)
        prior = line
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    data = (
        SIGNATURE
        + _chunk(b"IHDR", header)
        + _chunk(b"IDAT", zlib.compress(bytes(raw)))
        + _chunk(b"IEND", b"")
    )
    path = tmp_path / "filtered.png"
    path.write_bytes(data)
    want = [[r << 16 | g << 8 | b for r, g, b in row] for row in pixels]
    assert read_png(str(path)) == (width, height, want)


@pytest.mark.parametrize("name", ["small", "normal"])
def test_font_has_every_printable_char_and_the_suits(name):
    table, cell_w, cell_h = font.font(name)
    assert len(table) == font.GLYPHS * cell_w
    blank = font.glyph_rows(name, font.glyph_index(ord(" ")))
    assert not any(blank)
    for code in range(33, 127):
        rows = font.glyph_rows(name, font.glyph_index(code))
        assert any(rows), "%s has no glyph for %r" % (name, chr(code))
    suits = [font.glyph_rows(name, font.SUIT_GLYPH + n) for n in range(4)]
    assert all(any(s) for s in suits) and len({tuple(s) for s in suits}) == 4
    assert font.glyph_index(ord("~")) == font.SUIT_GLYPH - 1
    assert font.glyph_index(200) == font.glyph_index(ord("?"))


@pytest.mark.parametrize("name, glyph_w, glyph_h", [("small", 3, 5), ("normal", 5, 7)])
def test_glyphs_fit_their_cells(name, glyph_w, glyph_h):
    """Glyphs leave the cell's last column blank (letter spacing) and its
    last row too, except for the normal font's descenders."""
    descenders = {font.glyph_index(ord(c)) for c in "gjpqy,;"}
    _table, cell_w, cell_h = font.font(name)
    assert (cell_w, cell_h) == (glyph_w + 1, glyph_h + 1)
    for index in range(font.GLYPHS):
        rows = font.glyph_rows(name, index)
        assert all(r >> glyph_w == 0 for r in rows), (name, index)
        if not (name == "normal" and index in descenders):
            assert rows[glyph_h] == 0, (name, index)
    small_a = font.glyph_rows("small", font.glyph_index(ord("a")))
    assert small_a == font.glyph_rows("small", font.glyph_index(ord("A")))
    assert font.glyph_rows("normal", font.glyph_index(ord("a"))) != font.glyph_rows(
        "normal", font.glyph_index(ord("A"))
    )


def test_font_file_matches_its_drawings():
    import sys

    sys.path.insert(0, os.path.join(os.path.dirname(HERE), "tools"))
    try:
        import make_font
    finally:
        sys.path.pop(0)
    with open(os.path.join(FIRMWARE, "sixtysix_app", "font.py"), encoding="utf-8") as f:
        assert f.read() == make_font.render(), "font.py is stale: run python tools/make_font.py"


def drawings():
    """tools/make_font.py: the drawings font.py's tables are written from."""
    import sys

    sys.path.insert(0, os.path.join(os.path.dirname(HERE), "tools"))
    try:
        import make_font
    finally:
        sys.path.pop(0)
    return make_font


@pytest.mark.parametrize("name", ["small", "normal", "card"])
def test_each_character_reads_back_as_drawn(name):
    """What a screen asks for by character (glyph_index, or card_index on
    card faces, and suit_glyph) is the glyph drawn for that character: a
    rank on a card face is that rank, anything else its "?"."""
    make_font = drawings()
    art, glyph_w, glyph_h = {
        "small": (make_font.SMALL_ART, 3, 5),
        "normal": (make_font.NORMAL_ART, 5, 8),
        "card": (make_font.CARD_ART, 7, 9),
    }[name]
    drawn = make_font.parse(art, glyph_w, glyph_h)
    _table, _cell_w, cell_h = font.font(name)
    index = font.index_function(name)

    def rows_of(ch):
        pic = drawn.get(ch) or drawn[ch.upper()]
        rows = [sum(1 << x for x, px in enumerate(row) if px == "#") for row in pic]
        return rows + [0] * (cell_h - len(rows))

    for code in range(32, 127):
        ch = chr(code)
        if name == "card" and ch not in "23456789TJQKA":
            ch = "?"
        assert font.glyph_rows(name, index(code)) == rows_of(ch), (name, chr(code))
    for n in range(4):
        assert font.glyph_rows(name, font.suit_glyph(name) + n) == rows_of(make_font.SUITS[n]), (name, n)
    assert font.glyph_rows(name, index(200)) == rows_of("?")
    table, cell_w, _cell_h = font.font(name)
    pages = (cell_h + 7) // 8
    assert len(table) == font.glyph_count(name) * cell_w * pages  # nothing past the suits


def test_an_unknown_font_is_refused():
    for make in (lambda: font.font("large"), lambda: HostCanvas(40, 20, font="large")):
        with pytest.raises(ValueError):
            make()


@pytest.mark.parametrize(
    "name, scale, face",
    [("small", 1, None), ("normal", 2, None), ("normal", 1, ("card", 1)), ("small", 1, ("normal", 3))],
)
def test_glyph_h_is_the_height_of_a_capital_or_digit(name, scale, face):
    """canvas.py: glyph_h is the height a reader sees, that of a capital or
    a digit, in the text's font and, after faces(True), the faces'."""
    c = HostCanvas(200, 40, font=name, scale=scale, face=face)
    for on in (False, True):
        c.faces(on)
        heights = set()
        for ch in "0123456789AKQJT":
            c.fill(BG)
            c.text(ch, 0, 0, FG)
            roles = c.roles()
            inked = [y for y in range(c.height) if FG in roles[y * c.width : (y + 1) * c.width]]
            heights.add(inked[-1] - inked[0] + 1)
        assert heights == {c.glyph_h}, (on, heights)


# The displayio canvas, headless on CPython through Blinka.


@pytest.fixture(scope="module")
def dio_canvas():
    from sixtysix_tools.hostcanvas import headless_displayio_canvas

    return headless_displayio_canvas(160, 128)


def test_displayio_canvas_renders_text_and_suits(dio_canvas, tmp_path):
    c = dio_canvas
    assert (c.width, c.height, c.char_w, c.char_h, c.mono) == (160, 128, 6, 12, False)
    c.fill(BG)
    c.fill_rect(40, 30, 50, 40, CARD)
    c.text("AK", 42, 32, INK)
    c.suit(2, 42 + 2 * c.char_w, 32, RED)
    c.text("Sixty-Six", 2, 2, FG)
    c.show()
    rows = c.rgb_rows()
    assert c.frames == 1

    def colours_in(x, y, w, h):
        return {rows[yy][xx] for yy in range(y, y + h) for xx in range(x, x + w)}

    def rgb(role):  # as the RGB565 panel shows the role
        from sixtysix_tools.hostcanvas import _rgb888

        return _rgb888(rgb565(PALETTE[role]))

    assert colours_in(42, 32, 2 * c.char_w, c.char_h) == {rgb(CARD), rgb(INK)}
    assert colours_in(42 + 2 * c.char_w, 32, c.char_w, c.char_h) == {rgb(CARD), rgb(RED)}
    assert colours_in(2, 2, 9 * c.char_w, c.char_h) == {rgb(BG), rgb(FG)}
    assert colours_in(100, 80, 60, 48) == {rgb(BG)}
    assert colours_in(40, 60, 50, 10) == {rgb(CARD)}  # below the text line
    path = str(tmp_path / "pybadge.png")
    c.save_png(path, scale=2)
    assert read_png(path)[:2] == (320, 256)


def test_displayio_canvas_reuses_and_hides_labels(dio_canvas):
    c = dio_canvas
    c.fill(BG)
    c.text("one", 0, 0, FG)
    c.text("two", 0, 20, FG)
    c.show()
    pool = len(c._labels)
    c.fill(BG)
    c.text("three", 0, 40, FG)
    c.show()
    assert len(c._labels) == pool
    rows = c.rgb_rows()
    lines = [set(rows[y][:40]) for y in range(0, 36)]
    assert all(line == lines[0] for line in lines)  # "one" and "two" are gone
    assert len({v for y in range(40, 52) for v in rows[y][:40]}) == 2


def test_roles_fit_a_displayio_palette():
    assert ROLES <= 16


def _dio_colours_in(c, x, y, w, h):
    rows = c.rgb_rows()
    return {rows[yy][xx] for yy in range(y, y + h) for xx in range(x, x + w)}


def _dio_rgb(role):
    """A role's colour as the displayio panel (RGB565) shows it."""
    from sixtysix_tools.hostcanvas import _rgb888

    return _rgb888(rgb565(PALETTE[role]))


def test_displayio_fill_covers_text_drawn_before_it(dio_canvas):
    """framebuf's call order: a box filled over earlier text hides the
    characters it touches, the rest of each line stays, and text drawn
    after the box shows on it."""
    c = dio_canvas
    cw, ch = c.char_w, c.char_h
    c.fill(BG)
    c.text("A" * 20, 0, 10, FG)  # crosses the box: cut into a left and a right part
    c.text("BBBB", 60, 40, FG)  # inside it: gone
    c.text("CCCCCC", 4, 60, FG)  # its right end under the box
    box_x, box_y, box_w, box_h = 30, 14, 60, 56  # touches the A row's lower rows only
    c.fill_rect(box_x, box_y, box_w, box_h, CARD)
    c.text("over", 36, 30, INK)
    c.show()
    assert _dio_colours_in(c, box_x, box_y, box_w, box_h) == {_dio_rgb(CARD), _dio_rgb(INK)}
    assert _dio_colours_in(c, 36, 30, 4 * cw, ch) == {_dio_rgb(CARD), _dio_rgb(INK)}
    # What the box does not touch is still there: whole characters only.
    left_a = box_x // cw  # characters wholly left of the box
    right_a = -(-(box_x + box_w) // cw)  # the first one wholly right of it
    table_and_text = {_dio_rgb(BG), _dio_rgb(FG)}
    assert _dio_colours_in(c, 0, 10, left_a * cw, box_y - 10) == table_and_text
    assert _dio_colours_in(c, right_a * cw, 10, (20 - right_a) * cw, box_y - 10) == table_and_text
    assert _dio_colours_in(c, 4, 60, 4 * cw, ch) == table_and_text  # the C's left of the box
    # The touched A's leave the strip above the box plain table.
    assert _dio_colours_in(c, left_a * cw, 10, right_a * cw - left_a * cw, box_y - 10) == {_dio_rgb(BG)}


def test_displayio_covered_text_keeps_the_label_pool(dio_canvas):
    """Cut runs reuse the pool: drawing the same covered frame again makes
    no new labels, and a plain frame afterwards shows the whole text."""
    c = dio_canvas

    def frame(box):
        c.fill(BG)
        for row in range(5):
            c.text("line %d of the table" % row, 0, row * c.char_h, FG)
        if box:
            c.fill_rect(40, 6, 50, 30, CARD)
        c.show()

    frame(True)
    pool = len(c._labels)
    frame(True)
    assert len(c._labels) == pool
    assert _dio_colours_in(c, 40, 6, 50, 30) == {_dio_rgb(CARD)}
    frame(False)
    assert len(c._labels) == pool
    assert _dio_rgb(FG) in _dio_colours_in(c, 40, 6, 50, 30)


def test_pybadge_popup_hides_the_table_under_it(tmp_path):
    """The real app on the PyBadge canvas: a hint pop-up over the table
    shows only its own frame, background and text."""
    from sixtysix_tools.sim import Sim, load_board

    sim = Sim(load_board("pybadge"), str(tmp_path), seed=3)
    sim.hold(sim.button_index("A"), 60)  # New match: the table
    strokes = []
    plain_rect = sim.canvas.rect

    def rect(x, y, w, h, role):
        strokes.append((x, y, w, h, role))
        plain_rect(x, y, w, h, role)

    sim.canvas.rect = rect
    sim.hold(sim.button_index("SELECT"), 60)  # a hint, in a box
    assert sim.app.popup is not None
    x, y, w, h, role = strokes[-1]  # the box's frame, drawn last
    assert role == SEL and w > 10 * sim.canvas.char_w
    inside = _dio_colours_in(sim.canvas, x, y, w, h)
    # The box's own colours: its ground, text, frame, and red suit glyphs
    # in the hint's text; no card face (CARD, INK) of the table under it.
    table_colours = {_dio_rgb(BG), _dio_rgb(FG), _dio_rgb(SEL)}
    assert table_colours <= inside <= table_colours | {_dio_rgb(RED)}
    sim.hold(sim.button_index("B"), 60)  # the box goes: the table under it is back
    assert sim.app.popup is None
    assert {_dio_rgb(CARD), _dio_rgb(INK)} <= _dio_colours_in(sim.canvas, x, y, w, h)


def test_displayio_card_faces_at_face_scale():
    """The PyBadge's card faces: terminalio at the board's FACE scale, the
    rank's ink as tall as that scale makes it, the suit as large; a card
    laid over a rank's blank last column (Sixty-Five's hand) keeps the
    rank, one reaching its ink drops it (a label shows whole glyphs)."""
    from sixtysix_tools.hostcanvas import headless_displayio_canvas

    c = headless_displayio_canvas(160, 128, face_scale=2)
    assert (c.char_w, c.char_h, c.face_w, c.face_h) == (6, 12, 12, 24)
    text_glyph = c.glyph_h
    c.faces(True)
    assert (c.char_w, c.char_h, c.glyph_h) == (12, 24, 2 * text_glyph)
    c.fill(BG)
    c.fill_rect(0, 0, 60, 40, CARD)
    c.text("K", 2, 2, INK)
    c.suit(0, 14, 2, INK)
    c.text("Q", 2, 50, INK)
    c.text("J", 40, 50, INK)
    c.fill_rect(2 + 10, 48, 20, 28, CARD)  # over the Q's blank columns only
    c.fill_rect(40 + 9, 48, 20, 28, CARD)  # over the J's ink
    c.faces(False)
    c.show()
    rows = c.rgb_rows()
    ink = _dio_rgb(INK)

    def inked_rows(x, y, w, h):
        return [yy for yy in range(y, y + h) if any(rows[yy][xx] == ink for xx in range(x, x + w))]

    rank = inked_rows(2, 2, 12, 24)
    assert len(rank) == 2 * text_glyph, rank  # a capital, doubled
    suit = inked_rows(14, 2, 12, 24)
    assert len(suit) == 14, suit  # the normal font's 7 rows, doubled
    assert inked_rows(2, 50, 10, 24)  # the Q stays
    assert not inked_rows(40, 50, 10, 24)  # the J is gone


def test_rgb565_reads_back_to_full_range_rgb888():
    """hostcanvas._rgb888, how the PyBadge's pictures are read back: each
    channel's top bits again below it, so full intensity stays full and
    black black, and going back to RGB565 gives the same colour."""
    from sixtysix_tools.hostcanvas import _rgb888

    assert _rgb888(0xFFFF) == 0xFFFFFF and _rgb888(0) == 0
    assert [_rgb888(c) for c in (0xF800, 0x07E0, 0x001F)] == [0xFF0000, 0x00FF00, 0x0000FF]
    assert all(rgb565(_rgb888(c)) == c for c in range(0x10000))


def _dio_roles(c):
    """The displayio canvas's bitmap as rows of roles (shapes and suits)."""
    return [[c.bitmap[x, y] for x in range(c.width)] for y in range(c.height)]


def _shapes(c):
    """The sample's shapes (test_canvas_fb.draw_sample) without its text."""
    w, h = c.width, c.height
    c.fill(BG)
    c.fill_rect(-4, -3, 20, 10, CARD)
    c.fill_rect(w - 10, h - 6, 30, 30, INK)
    c.fill_rect(20, 20, 0, 5, RED)
    c.fill_rect(20, 20, -3, 5, RED)
    c.fill_rect(60, 40, 25, 17, RED)
    c.rect(3, 12, 25, 18, SEL)
    c.rect(-2, h - 8, 6, 12, RED)
    c.rect(30, 3, 1, 1, RED)
    c.rect(40, 3, 5, 0, RED)
    c.rect(100, 30, 0, 6, RED)
    c.rect(70, 70, 2, 2, SEL)
    c.hline(-5, 2, w + 10, FG)
    c.hline(6, h - 3, 9, SEL)
    c.vline(w - 2, -5, h + 10, CARD)
    c.vline(w - 6, 4, 7, CARD)
    c.hline(0, h, 10, FG)
    c.vline(-1, 0, 10, FG)


def test_displayio_shapes_are_the_framebuf_canvases_shapes(dio_canvas):
    """Shapes, clipped and degenerate ones too, land on the same pixels as
    on the framebuf boards (the host canvas draws those, test above)."""
    c = dio_canvas
    _shapes(c)
    host = HostCanvas(c.width, c.height)
    _shapes(host)
    roles = host.roles()
    want = [list(roles[y * c.width : (y + 1) * c.width]) for y in range(c.height)]
    assert _dio_roles(c) == want


def test_displayio_suits_clip_at_every_edge_and_sit_in_their_cell():
    """A suit off an edge is its whole glyph cut there, never an error; in
    its cell it is centred: as many blank rows above as below (one more
    below at most), and from the cell's left edge where the glyph's cell
    (spacing included) is exactly as wide as the text cell."""
    from sixtysix_tools.hostcanvas import headless_displayio_canvas

    class StrictBitmap:
        """CircuitPython's Bitmap refuses a pixel outside it (Blinka's
        drops it): so does this one."""

        def __init__(self, bitmap):
            self.bitmap = bitmap

        def fill(self, role):
            self.bitmap.fill(role)

        def __getitem__(self, xy):
            return self.bitmap[xy]

        def __setitem__(self, xy, role):
            if not (0 <= xy[0] < c.width and 0 <= xy[1] < c.height):
                raise IndexError("pixel coordinates out of bounds")
            self.bitmap[xy] = role

    c = headless_displayio_canvas(160, 128, face_scale=2)
    c.bitmap = StrictBitmap(c.bitmap)
    for on in (False, True):
        c.faces(on)
        cw, ch = c.char_w, c.char_h
        wholes = []
        inked = []
        for n in range(4):
            c.fill(BG)
            c.suit(n, 50, 50, FG)
            wholes.append(_dio_roles(c))
            inked += [(x, y) for y in range(c.height) for x in range(c.width) if wholes[n][y][x] == FG]
        top = min(y for x, y in inked) - 50  # over the four suits: one is shorter
        bottom = 50 + ch - 1 - max(y for x, y in inked)
        assert 0 <= top and 0 <= bottom and abs(top - bottom) <= 1, (on, top, bottom)
        assert min(x for x, y in inked) == 50 and max(x for x, y in inked) < 50 + cw, on
        for n in range(4):
            whole = wholes[n]
            for x, y in ((-3, -4), (c.width - 4, c.height - 5), (-cw, 20), (20, c.height)):
                c.fill(BG)
                c.suit(n, x, y, FG)
                cut = _dio_roles(c)
                for py in range(c.height):
                    for px in range(c.width):
                        gx, gy = px - x + 50, py - y + 50
                        inside = 0 <= gx < c.width and 0 <= gy < c.height
                        assert cut[py][px] == (whole[gy][gx] if inside else BG), (on, n, x, y, px, py)
    c.faces(False)


def test_displayio_box_drops_only_the_characters_it_touches(dio_canvas):
    """canvas_dio: a box drops every character whose cell it touches and
    keeps the rest whole; a box that ends where a line's cells begin, or
    begins where they end, above, below or to either side, and an empty
    box, drop nothing.  The boxes here are the table's own colour, so the
    picture shows the text alone."""
    c = dio_canvas
    cw, ch = c.char_w, c.char_h
    x, y = 12, 30

    def picture(runs, boxes):
        c.fill(BG)
        for s, rx in runs:
            c.text(s, rx, y, FG)
        for box in boxes:
            c.fill_rect(*box, BG)
        c.show()
        return c.rgb_rows()

    line = [("ABCDEFGH", x)]
    plain = picture(line, [])
    beside = [
        (0, 0, 160, y),  # above
        (0, y + ch, 160, 20),  # below
        (0, 0, x, 128),  # left
        (x + 8 * cw, 0, 20, 128),  # right
        (x + 2 * cw, y, 0, ch),  # empty
        (x + 2 * cw, y, cw, 0),
        (x + 2 * cw, y, -4, ch),
    ]
    assert picture(line, beside) == plain
    # Touching B by one column, C and D wholly: A and EFGH stay.
    assert picture(line, [(x + 2 * cw - 1, y + ch - 1, 2 * cw + 1, 1)]) == picture(
        [("A", x), ("EFGH", x + 4 * cw)], []
    )
    # Over the line's start, or its end: the other end stays.
    assert picture(line, [(0, y, x + 2 * cw, 1)]) == picture([("CDEFGH", x + 2 * cw)], [])
    assert picture(line, [(x + 6 * cw, y, 40, 1)]) == picture([("ABCDEF", x)], [])


def test_displayio_fill_covers_the_text_drawn_before_it_in_the_frame(dio_canvas):
    """canvas_dio: fill() covers all the text drawn so far, as framebuf's
    fill does, even before the frame is shown."""
    c = dio_canvas
    c.fill(BG)
    c.text("gone", 0, 0, FG)
    c.fill(CARD)
    c.text("kept", 0, 20, INK)
    c.show()
    assert _dio_colours_in(c, 0, 0, c.width, 20) == {_dio_rgb(CARD)}
    assert _dio_colours_in(c, 0, 20, 4 * c.char_w, c.char_h) == {_dio_rgb(CARD), _dio_rgb(INK)}


def test_displayio_a_box_over_a_card_face_keeps_both_sides_at_face_scale():
    """A box over the middle of a run of card-face text leaves its two
    sides drawn as they were, at the faces' scale."""
    from sixtysix_tools.hostcanvas import headless_displayio_canvas

    c = headless_displayio_canvas(160, 128, face_scale=2)

    def picture(runs, box):
        c.fill(BG)
        c.faces(True)
        for s, x in runs:
            c.text(s, x, 30, FG)
        c.faces(False)
        if box:
            c.fill_rect(4 + 2 * 12, 30, 12, 24, BG)  # over the C
        c.show()
        return c.rgb_rows()

    assert picture([("ABCDEF", 4)], True) == picture([("AB", 4), ("DEF", 4 + 3 * 12)], False)


def test_displayio_face_suits_are_the_text_suits_scaled():
    """canvas_dio: card faces are the font at face_scale, "the suits drawn
    as large": each suit's ink at faces(True) is its text ink scaled, as
    wide as tall by the same factor."""
    from sixtysix_tools.hostcanvas import headless_displayio_canvas

    c = headless_displayio_canvas(160, 128, face_scale=2)

    def ink(on, n):
        c.faces(on)
        c.fill(BG)
        c.suit(n, 40, 40, FG)
        c.faces(False)
        rows = _dio_roles(c)
        return {(x, y) for y in range(c.height) for x in range(c.width) if rows[y][x] == FG}

    for n in range(4):
        small = ink(False, n)
        large = ink(True, n)
        x0 = min(x for x, y in small)
        y0 = min(y for x, y in small)
        lx0 = min(x for x, y in large)
        ly0 = min(y for x, y in large)
        scaled = {
            (lx0 + 2 * (x - x0) + dx, ly0 + 2 * (y - y0) + dy)
            for x, y in small
            for dx in (0, 1)
            for dy in (0, 1)
        }
        assert large == scaled, n


def test_displayio_labels_hidden_once_show_again_and_the_pool_stays(dio_canvas):
    """A label hidden in a frame with fewer runs shows again in a frame
    with more; frames that draw the same runs, filled or not, reuse the
    same labels (the pool grows only when a frame needs more)."""
    c = dio_canvas

    def frame(lines, fill=True):
        if fill:
            c.fill(BG)
        for i in range(lines):
            c.text("row %d" % i, 0, i * 20, FG)
        c.show()

    frame(2)
    frame(1)
    frame(2)
    assert _dio_rgb(FG) in _dio_colours_in(c, 0, 20, 5 * c.char_w, c.char_h)
    pool = len(c._labels)
    for _ in range(40):
        frame(2, fill=False)
    assert len(c._labels) == pool
