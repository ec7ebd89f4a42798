"""FramebufCanvas on MicroPython's framebuf (the unix port has it).

On CPython there is no framebuf: these tests return at once there, and
run for real when test_micropython.py runs this module under MicroPython.
host_tests/test_canvas.py draws `draw_sample` here and with the host canvas
and compares the pixels.
"""

import gc

from sixtysix_app.canvas import BG, CARD, CARD_BACK, DIM, FG, INK, MONO, RED, ROLES, SEL, TITLE, WARN


def _framebuf():
    try:
        import framebuf
    except ImportError:  # CPython
        return None
    return framebuf


FORMATS = ("MONO_VLSB", "MONO_HLSB", "GS4_HMSB", "RGB565")
# (font, scale, width, height, face) of each sample picture; face: the
# card faces' (font, scale), None for the text's.
SAMPLES = (
    ("normal", 1, 100, 48, None),
    ("normal", 2, 120, 64, None),
    ("normal", 3, 144, 72, None),
    ("small", 1, 72, 40, None),
    ("small", 2, 96, 56, None),
    ("normal", 1, 128, 64, ("card", 1)),  # the OLED's faces: two pages a glyph
    ("normal", 2, 144, 72, ("normal", 3)),  # the Pico Display's
)


def face_name(face):
    """A sample's face as one word: "-" for none, else "card1"."""
    return "%s%d" % face if face else "-"


def draw_sample(c):
    """Shapes, text in every glyph and the suits, clipped off all four edges."""
    w, h, cw, ch = c.width, c.height, c.char_w, c.char_h
    c.fill(BG)
    c.fill_rect(-4, -3, 20, 10, CARD)
    c.fill_rect(w - 10, h - 6, 30, 30, CARD_BACK)
    c.fill_rect(20, 20, 0, 5, WARN)  # empty
    c.fill_rect(20, 20, -3, 5, WARN)  # empty
    c.rect(3, ch, 25, 18, SEL)
    c.rect(-2, h - 8, 6, 12, WARN)
    c.rect(30, 3, 1, 1, WARN)
    c.rect(40, 3, 5, 0, WARN)  # degenerate: framebuf draws two strokes
    c.hline(-5, 2, w + 10, DIM)
    c.vline(w - 2, -5, h + 10, TITLE)
    c.hline(0, h, 10, FG)  # off the bottom
    c.vline(-1, 0, 10, FG)  # off the left
    chars = "".join(chr(i) for i in range(32, 127))
    per_line = w // cw
    y = 1
    for i in range(0, len(chars), per_line):
        c.text(chars[i : i + per_line], 1, y, FG if i % 2 else INK)
        y += ch // 2
    c.text("Sixty-Six gjpqy", -cw // 2 - 1, ch + 3, RED)  # off the left
    c.text("RIGHT", w - 3 * cw + 2, 2 * ch, TITLE)  # off the right
    c.text("Top", 10, -ch // 2, FG)  # off the top
    c.text("Bottom", 4, h - ch // 2, WARN)  # off the bottom
    c.text("\x7f\t", 2 * cw, h - 2 * ch, SEL)  # outside 32..126: '?'
    c.text("", 0, 0, FG)
    c.text("far", w + 1, 0, FG)
    c.text("far", 0, -ch, FG)
    for n in range(4):
        c.suit(n, 5 + n * cw, h - ch - 2, RED if n in (1, 2) else INK)
    c.suit(3, -2, -3, FG)
    c.suit(0, w - 3, h - 4, FG)
    c.suit(1, w + 3, 0, FG)
    c.hline(6, h - 3, 9, SEL)  # lines that end on the panel
    c.vline(w - 6, 4, 7, CARD)
    # The faces' font, every card character and the suits, clipped on the
    # right; then the text's again.
    c.faces(True)
    fw, fh = c.char_w, c.char_h
    c.text("23456789TJQKA?x", 2, h // 3, INK)
    for n in range(4):
        c.suit(n, w - 3 * fw + n * fw, h // 3 + fh // 2, RED if n in (1, 2) else INK)
    c.faces(False)
    c.text("back", 3, h // 3 + fh - 2, FG)
    c.text("!T", 30, h - 1, FG)  # only the glyphs' top row on the panel
    # A rectangle kept aside, drawn over and put back: across the right
    # edge, then on the panel.
    c.spare(21, 13)
    for x, y in ((w - 12, ch), (3, h - 15)):
        c.keep(x, y)
        c.fill_rect(x, y, 21, 13, WARN)
        c.restore()
    c.show()


def make_canvas(fmt_name, font, scale, width, height, swap_bytes=False, face=None):
    framebuf = _framebuf()
    from sixtysix_app.canvas_fb import FramebufCanvas

    fmt = getattr(framebuf, fmt_name)
    if fmt_name == "RGB565":
        size = width * height * 2
    elif fmt_name == "GS4_HMSB":
        size = (width + 1) // 2 * height
    elif fmt_name == "MONO_VLSB":
        size = width * ((height + 7) // 8)
    else:
        size = (width + 7) // 8 * height
    return FramebufCanvas(bytearray(size), width, height, fmt, font, scale, swap_bytes=swap_bytes, face=face)


def dump_samples():
    """Print `format font scale face hex-of-pixel-values` for every sample
    (read back with FrameBuffer.pixel: one byte a pixel, two for RGB565)."""
    import binascii

    for fmt_name in FORMATS:
        for font, scale, width, height, face in SAMPLES:
            c = make_canvas(fmt_name, font, scale, width, height, face=face)
            draw_sample(c)
            wide = fmt_name == "RGB565"
            out = bytearray(width * height * (2 if wide else 1))
            i = 0
            for y in range(height):
                for x in range(width):
                    v = c.fb.pixel(x, y)
                    if wide:
                        out[i] = v >> 8
                        i += 1
                    out[i] = v & 255
                    i += 1
            print(fmt_name, font, scale, face_name(face), binascii.hexlify(out).decode())
            del c, out
            gc.collect()


def test_cells_follow_font_and_scale():
    if _framebuf() is None:
        return
    for font, scale, cell_w, cell_h in (
        ("normal", 1, 6, 8),
        ("normal", 2, 12, 16),
        ("normal", 3, 18, 24),
        ("small", 1, 4, 6),
    ):
        c = make_canvas("MONO_VLSB", font, scale, 32, 16)
        assert (c.char_w, c.char_h, c.mono) == (cell_w, cell_h, True), (font, scale)
    assert make_canvas("RGB565", "small", 2, 8, 8).mono is False


def test_every_mono_format_is_mono():
    """The three two-colour formats the docstring names draw MONO levels."""
    if _framebuf() is None:
        return
    for fmt_name in ("MONO_VLSB", "MONO_HLSB", "MONO_HMSB"):
        c = make_canvas(fmt_name, "small", 1, 16, 8)
        assert c.mono, fmt_name
        c.fill(FG)
        assert c.fb.pixel(9, 5) == MONO[FG], fmt_name


def test_a_scale_past_3_or_a_tall_font_scaled_is_refused():
    """Scales 1, 2, 3 only, and the card font (two pages a glyph) at 1:
    anything else would draw wrong glyphs, so the canvas says so at once."""
    if _framebuf() is None:
        return
    for font, scale, face in (
        ("normal", 4, None),
        ("small", 0, None),
        ("card", 2, None),
        ("normal", 1, ("normal", 4)),
        ("normal", 1, ("card", 3)),
    ):
        try:
            make_canvas("MONO_VLSB", font, scale, 32, 16, face=face)
        except ValueError:
            continue
        raise AssertionError("drew %s at %d, faces %r" % (font, scale, face))


def test_glyph_h_is_the_height_of_a_capital_or_digit():
    """canvas.py: glyph_h is the height a reader sees, that of a capital or
    a digit, in the text's font and, after faces(True), the faces'."""
    if _framebuf() is None:
        return
    for font, scale, face in (("small", 2, None), ("normal", 3, None), ("normal", 1, ("card", 1))):
        c = make_canvas("MONO_VLSB", font, scale, 24, 32, face=face)
        for on in (False, True):
            c.faces(on)
            for ch in "0123456789AKQJT":
                c.fill(BG)
                c.text(ch, 0, 0, FG)
                lit = MONO[FG]
                inked = [y for y in range(32) if any(c.fb.pixel(x, y) == lit for x in range(24))]
                assert inked[-1] - inked[0] + 1 == c.glyph_h, (font, scale, face, on, ch)


def test_mono_roles_light_as_MONO_says():
    if _framebuf() is None:
        return
    c = make_canvas("MONO_VLSB", "normal", 1, 16, 8)
    for role in range(ROLES):
        c.fill(role)
        assert c.fb.pixel(3, 3) == MONO[role], role


def test_gs4_pixels_are_roles_and_palette565_colours_them():
    if _framebuf() is None:
        return
    from sixtysix_app.canvas import PALETTE, rgb565
    from sixtysix_app.canvas_fb import palette565

    c = make_canvas("GS4_HMSB", "normal", 1, 16, 8)
    c.fill_rect(0, 0, 4, 4, RED)
    assert c.fb.pixel(1, 1) == RED and c.fb.pixel(5, 5) == 0
    table = palette565()
    assert len(table) == 16 and table[RED] == rgb565(PALETTE[RED]) and table[15] == 0
    swapped = palette565(True)[RED]
    assert swapped == ((table[RED] & 255) << 8 | table[RED] >> 8)


def test_rgb565_swap_bytes_stores_big_endian():
    if _framebuf() is None:
        return
    from sixtysix_app.canvas import PALETTE, rgb565

    c = make_canvas("RGB565", "normal", 1, 8, 8, swap_bytes=True)
    c.fill(RED)
    colour = rgb565(PALETTE[RED])
    assert c.buf[0] == colour >> 8 and c.buf[1] == colour & 255


def test_text_and_suits_allocate_nothing():
    if _framebuf() is None:
        return
    for fmt_name in ("MONO_VLSB", "GS4_HMSB", "RGB565"):
        for scale in (1, 2, 3):
            c = make_canvas(fmt_name, "normal", scale, 64, 32)
            line = "Trumps: 9 J Q K T A"
            c.text(line, 0, 0, FG)
            c.suit(2, 0, 0, RED)
            gc.collect()
            before = gc.mem_alloc()
            for _ in range(20):
                c.text(line, -3, 5, FG)
                c.suit(2, 10, 10, RED)
                c.fill_rect(-5, -5, 20, 20, CARD)
                c.rect(1, 1, 30, 9, SEL)
            assert gc.mem_alloc() - before < 64, (fmt_name, scale, gc.mem_alloc() - before)


def test_show_pushes_the_buffer():
    framebuf = _framebuf()
    if framebuf is None:
        return
    from sixtysix_app.canvas_fb import FramebufCanvas

    pushed = []
    buf = bytearray(16 * 2)
    c = FramebufCanvas(buf, 16, 16, framebuf.MONO_VLSB, "small", 1, push=pushed.append)
    c.show()
    assert len(pushed) == 1 and pushed[0] is buf


def test_keep_and_restore_put_a_rectangle_back_and_allocate_nothing():
    """What a card moving frame by frame needs: the frame under it kept
    aside and put back, off the edges too, with no allocation."""
    if _framebuf() is None:
        return
    for fmt_name in FORMATS:
        c = make_canvas(fmt_name, "normal", 1, 64, 32)
        assert c.spare(27, 19)
        c.fill(BG)
        c.text("kept aside", 0, 10, FG)
        c.suit(2, 40, 20, RED)
        drawn = bytes(c.buf)
        c.keep(5, 5)  # warm-up
        c.restore()
        gc.collect()
        gc.disable()
        try:
            before = gc.mem_alloc()
            for x, y in ((5, 5), (-3, 20), (50, -4), (40, 18)):
                c.keep(x, y)
                c.fill_rect(x, y, 27, 19, CARD)
                c.restore()
            used = gc.mem_alloc() - before
        finally:
            gc.enable()
        assert used == 0, (fmt_name, used)
        assert c.buf == drawn, fmt_name


def test_a_frame_of_the_flight_allocates_nothing_and_leaves_no_trail():
    """The computer's card on its way to the table (ui.Flight): every frame
    puts back the frame under the card, keeps the one under its next place
    and draws the card there, with no allocation; putting back the last
    place leaves the table as it was drawn.  On a colour panel with the
    faces in the text font doubled and tripled (the Pico Display's), and
    on a mono one with the OLED's 7x9 card font."""
    framebuf = _framebuf()
    if framebuf is None:
        return
    from sixtysix_app.canvas_fb import FramebufCanvas
    from sixtysix_app.ui import Layout, draw_card

    for fmt_name, width, height, font, scale, face in (
        ("GS4_HMSB", 240, 135, "normal", 2, ("normal", 2)),
        ("GS4_HMSB", 240, 135, "normal", 2, ("normal", 3)),
        ("MONO_VLSB", 128, 64, "normal", 1, ("card", 1)),
    ):
        fmt = getattr(framebuf, fmt_name)
        size = (width + 1) // 2 * height if fmt_name == "GS4_HMSB" else width * ((height + 7) // 8)
        c = FramebufCanvas(bytearray(size), width, height, fmt, font, scale, face=face)
        lay = Layout(c)
        flight = lay.flight
        assert flight.room
        c.fill(BG)
        c.text("under the card's way", 0, lay.trick_y, FG)
        flight.start(17, None)  # the king of hearts
        flight.drawn()
        draw_card(c, lay, 17, width - lay.card_w - 2, lay.trick_y)  # its place is noted, not drawn
        assert flight.x == width - lay.card_w - 2 and flight.y == lay.trick_y
        table = bytes(c.buf)
        assert not flight.step(0) and not flight.step(20)  # warm-up
        gc.collect()
        gc.disable()
        try:
            before = gc.mem_alloc()
            for now in range(40, 240, 20):
                assert not flight.step(now)
            used = gc.mem_alloc() - before
        finally:
            gc.enable()
        assert used == 0, (fmt_name, used)
        assert c.buf != table  # the card is on show
        c.restore()
        assert c.buf == table, fmt_name
        assert flight.step(240) and not flight.flying  # landed: the table is drawn whole
        del c, table
        gc.collect()
