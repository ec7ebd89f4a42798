"""The simulator in an ordinary 80x24 terminal (issue 12): the whole screen
fits, its words and cards can be read, it says why it is not in a window,
and the way out is always shown."""

import re

import pytest
from sixtysix.cards import card_name
from sixtysix_app.events import NAMES, NONE
from sixtysix_tools.sim import Sim, key_names, load_board
from sixtysix_tools.simview import terminal_frame
from sixtysix_tools.textview import SUIT_CHARS

from boards import BOARDS

ESCAPES = re.compile(r"\x1b\[[0-9;]*[A-Za-z]")
WHY = "no window: pygame is not installed: pip install -e '.[sim]'"


def visible(frame: str) -> list:
    return ESCAPES.sub("", frame).split("\n")


def shown_card(card: int) -> str:
    name = card_name(card)
    return name[0] + SUIT_CHARS["CDHS".index(name[1])]


def ok_button(board) -> int:
    from sixtysix_app.events import OK

    for i, (short, _long) in enumerate(board.KEYMAP):
        if short == OK:
            return i
    raise AssertionError("no OK on " + board.NAME)


def frame_at(sim, cols=80, lines=24, keys_whole=True) -> list:
    board = sim.board
    out = visible(terminal_frame(sim, key_names(board), cols, lines, WHY))
    assert len(out) <= lines
    for line in out:
        assert len(line) <= cols, line
    assert out[-1].startswith("ctrl-c: quit")
    keys = out[out.index(WHY[:cols]) + 2 :]
    # Every button's key is there whole, however narrow the terminal (down to
    # the widest pair): the way out comes last and is the only line cut short.
    shown = " ".join(keys[:-1] if len(keys) > 1 else keys).split()
    for button, key, (short, long) in zip(board.BUTTONS, key_names(board), board.KEYMAP, strict=True):
        # each button's key, and what its presses do ("b=B:back/hint")
        does = NAMES[short] + ("/" + NAMES[long] if long != NONE else "")
        pair = ("%s:%s" % (key, does)) if key == button.lower() else "%s=%s:%s" % (key, button, does)
        assert pair in shown or len(pair) > cols or not keys_whole, (pair, keys)
    return out


def how_drawn(out: list, cols=80) -> str:
    """The line after the one saying why the board is in the terminal."""
    return out[out.index(WHY[:cols]) + 1]


@pytest.mark.parametrize("name", BOARDS)
def test_every_board_is_readable_in_80_by_24(tmp_path, name):
    board = load_board(name)
    sim = Sim(board, str(tmp_path), 3, text_cells=True)
    sim.settle()
    if board.WIDTH <= 80 and (board.HEIGHT + 1) // 2 <= 21:
        assert how_drawn(frame_at(sim)) == "every pixel of the board"  # a glyph is 3x5 or more cells
        return
    title = "\n".join(frame_at(sim))
    assert "New match" in title and "Settings" in title
    sim.hold(ok_button(board), 60)  # New match: the table
    table = "\n".join(frame_at(sim))
    hand = sim.app.session.match.hand.hands[0]
    cards = [c for c in range(24) if hand >> c & 1]
    assert cards
    for card in cards:
        assert shown_card(card) in table, (card_name(card), table)


@pytest.mark.parametrize("name", ["pico_display", "t_display", "pybadge"])
def test_the_cursor_shows_under_its_card_in_the_text_view(tmp_path, name):
    # On the panel the cursor is a card raised 2 pixels with a line under
    # it; the text view shows the line as half blocks under that card alone,
    # and they follow the cursor.
    from sixtysix_app.events import NEXT

    board = load_board(name)
    sim = Sim(board, str(tmp_path), 3, text_cells=True)
    sim.settle()
    sim.hold(ok_button(board), 60)  # New match: the table
    next_button = next(i for i, (short, _long) in enumerate(board.KEYMAP) if short == NEXT)
    app = sim.app
    seen = []
    for _ in range(2):
        for _press in range(6):
            if app.screen.cursor == len(seen):
                break
            sim.hold(next_button, 3)
        assert app.screen.cursor == len(seen)
        out = frame_at(sim)
        marked = [i for i, line in enumerate(out) if "\u2580" * 4 in line]
        assert len(marked) == 1, out
        row = marked[0]
        hand = sim.app.session.match.hand.hands[0]
        cards = [shown_card(c) for c in range(24) if hand >> c & 1]
        line = out[row - 1]  # the hand, right above the line
        under = out[row].index("\u2580")
        assert all(card in line for card in cards)
        starts = sorted(line.index(card) for card in cards)
        assert starts[len(seen)] <= under + 1 < (starts[len(seen) + 1] if len(seen) + 1 < len(starts) else 99)
        seen.append(under)
    assert seen[0] < seen[1]


def test_a_board_whose_pixels_fit_is_drawn_in_pixels(tmp_path):
    sim = Sim(load_board("thumby"), str(tmp_path), 3, text_cells=True)
    sim.settle()
    out = frame_at(sim)
    assert how_drawn(out) == "every pixel of the board"
    assert "\u2580" in out[0]
    assert how_drawn(frame_at(sim, cols=72), 72) == "every pixel of the board"  # just as wide as the panel


def test_a_terminal_too_small_says_what_it_needs(tmp_path):
    sim = Sim(load_board("pico_display"), str(tmp_path), 3, text_cells=True)
    sim.settle()
    out = frame_at(sim, cols=50, lines=8)
    assert out[0] == "The board needs a terminal of 40x12 or more."
    # A narrow terminal gets the sentence over several lines, never cut short;
    # one too short for that gets the size alone.
    assert frame_at(sim, cols=20, lines=9)[:3] == ["The board needs a", "terminal of 40x12 or", "more."]
    assert frame_at(sim, cols=20, lines=5, keys_whole=False)[0] == "40x12 needed"
    # The size it says it needs is enough; in one narrower than the size, the size cut short.
    assert how_drawn(frame_at(sim, cols=40, lines=12), 40).startswith("the board's text")
    assert visible(terminal_frame(sim, key_names(sim.board), 10, 5, WHY))[0] == "40x12 need"
    # Keys over four lines would leave no room in six: the way out alone, cut short.
    assert frame_at(sim, cols=20, lines=6, keys_whole=False)[-3:] == [
        WHY[:20],
        "too small to show th",
        "ctrl-c: quit  shift+",
    ]
    assert how_drawn(out, 50) == "too small to show the board"
    # With no line to spare the sentence still gets one where it fits whole.
    from sixtysix_tools.simview import _needs

    assert _needs((40, 12), 80, 0) == "The board needs a terminal of 40x12 or more."
    assert _needs((40, 12), 20, 0) == "40x12 needed"
    assert _needs((40, 12), 1, 5) == "4"


TEXT_BOARDS = [n for n in BOARDS if not (load_board(n).WIDTH <= 80 and (load_board(n).HEIGHT + 1) // 2 <= 21)]


@pytest.mark.parametrize("name", TEXT_BOARDS)
def test_the_size_said_to_show_the_pixels_shows_them(tmp_path, name):
    """The text view says how big a terminal would show every pixel; one
    that big does, and one a line shorter or a column narrower does not."""
    sim = Sim(load_board(name), str(tmp_path), 3, text_cells=True)
    sim.settle()
    said = re.search(r"\((\d+)x(\d+) or more shows its pixels\)", how_drawn(frame_at(sim)))
    cols, lines = int(said.group(1)), int(said.group(2))
    assert how_drawn(frame_at(sim, cols, lines), cols) == "every pixel of the board"
    assert how_drawn(frame_at(sim, cols, lines - 1), cols).startswith("the board's text")
    assert how_drawn(frame_at(sim, cols - 1, lines), cols - 1).startswith("the board's text")


@pytest.mark.parametrize("name", TEXT_BOARDS)
def test_the_note_line_shows_in_the_text_view(name):
    # The note line sits at the panel's foot; on the PyBadge (128 pixels,
    # rows of 12) that is below the last whole row of cells.
    from sixtysix_app.canvas import BG, FG
    from sixtysix_app.ui import Layout
    from sixtysix_tools.sim import make_canvas
    from sixtysix_tools.textview import CellCanvas

    c = CellCanvas(make_canvas(load_board(name)))
    lay = Layout(c)
    c.fill(BG)
    c.text("Your turn", 0, lay.note_y, FG)
    assert c.lines()[-1] == "Your turn"


@pytest.mark.parametrize("name", TEXT_BOARDS)
def test_a_card_framed_in_the_cursors_colour_is_in_brackets(name):
    # A card you may not play is sunk and, under the cursor, framed rather
    # than underlined; the text view, which has no outlines, brackets it.
    from sixtysix_app.canvas import BG
    from sixtysix_app.ui import CURSOR, Layout, draw_card
    from sixtysix_tools.sim import make_canvas
    from sixtysix_tools.textview import CellCanvas

    c = CellCanvas(make_canvas(load_board(name)))
    lay = Layout(c)
    c.fill(BG)
    hand = [0, 5, 9, 13, 17, 22]
    step = lay.card_w + 2
    for cursor in (1, 2):
        for i, card in enumerate(hand):
            dim = i < 3  # the first three may not be played
            y = lay.hand_y - (2 if i == cursor else 0)
            draw_card(c, lay, card, 2 + i * step, y, dim=dim, mark=CURSOR if dim and i == cursor else 0)
        text = "\n".join(c.lines())
        assert text.count("[") == text.count("]") == 1, text
        assert "[" + shown_card(hand[cursor]) + "]" in text, text
        for card in hand:
            assert shown_card(card) in text
        c.fill(BG)
    draw_card(c, lay, hand[0], 2, lay.hand_y, dim=True)  # sunk, the cursor elsewhere: no frame
    assert "[" not in "\n".join(c.lines())
    # A hint's box is framed in the same colour; its words stay as they are.
    from sixtysix_app.ui import draw_box

    draw_box(c, lay, ["Lead 9", "cheap"])
    text = "\n".join(c.lines())
    assert "Lead 9" in text and "cheap" in text and "[" not in text and "]" not in text


def test_the_keys_a_raw_terminal_sends(tmp_path):
    """A letter, Shift and a letter (a long press), Enter, Backspace and the
    arrows' escape codes, as a terminal in raw mode sends them; an escape
    that is no arrow is no key, and Ctrl-C leaves."""
    import os

    from sixtysix_tools.simview import _read_key

    r, w = os.pipe()
    try:
        for sent, key in (
            (b"a", ("a", False)),
            (b"A", ("a", True)),
            (b"\r", ("return", False)),
            (b"\n", ("return", False)),
            (b"\x7f", ("backspace", False)),
            (b"\x08", ("backspace", False)),
            (b"!", ("1", True)),  # Shift+1 on a US keyboard
            (b")", ("0", True)),  # Shift+0
            (b"\x1b[A", ("up", False)),
            (b"\x1b[B", ("down", False)),
            (b"\x1b[C", ("right", False)),
            (b"\x1b[D", ("left", False)),
            (b"\x1bOA", ("up", False)),  # the arrows in application cursor mode
            (b"\x1bOD", ("left", False)),
            (b"\x1bOP", None),  # F1
            (b"\x1b", None),  # Esc alone
        ):
            os.write(w, sent)
            assert _read_key(r) == key, sent
        os.write(w, b"\x03")
        with pytest.raises(KeyboardInterrupt):
            _read_key(r)
    finally:
        os.close(r)
        os.close(w)


def keys_read(sent: bytes) -> list:
    """The keys _read_key makes of bytes a terminal sent at once."""
    import os
    import select

    from sixtysix_tools.simview import _read_key

    r, w = os.pipe()
    try:
        os.write(w, sent)
        keys = []
        while select.select([r], [], [], 0)[0]:
            keys.append(_read_key(r))
        return keys
    finally:
        os.close(r)
        os.close(w)


@pytest.mark.parametrize(
    "sent, keys",
    [
        (b"\x1b[1;2A", [("up", False)]),  # Shift+Up
        (b"\x1b[1;5C", [("right", False)]),  # Ctrl+Right
        (b"\x1b[1;3D", [("left", False)]),  # Alt+Left
        (b"\x1b[15~", [None]),  # F5
        (b"\x1b[2~", [None]),  # Insert
        (b"\x1b[Ab", [("up", False), ("b", False)]),  # an arrow and a key typed right after it
        (b"\x1bxb", [None, ("b", False)]),  # Alt+x, then b
    ],
    ids=["shift-up", "ctrl-right", "alt-left", "f5", "insert", "up-then-b", "alt-x-then-b"],
)
def test_an_escape_code_is_one_key_or_none_never_the_letters_inside_it(sent, keys):
    """Shift+Up sends ESC [ 1 ; 2 A: read two bytes at a time, its '2' and
    'A' were taken for keys, a press of the T-Display's IO35 (ok) and a
    long press of the Pico Display's A (ok): an arrow played a card."""
    assert keys_read(sent) == keys


@pytest.mark.parametrize("name", BOARDS)
def test_every_long_press_can_be_typed_in_the_terminal(name):
    """The help line says Shift and a key is a long press.  The T-Display's
    buttons are the keys 1 and 2, and Shift with them types '!' and '@' (on
    a US keyboard), which were no key: back and hint could not be pressed."""
    board = load_board(name)
    us_shift = dict(zip("1234567890", "!@#$%^&*()", strict=True))
    for key, (_short, long) in zip(key_names(board), board.KEYMAP, strict=True):
        if long == NONE:
            continue
        typed = key.upper() if key.isalpha() and len(key) == 1 else us_shift[key]
        assert keys_read(typed.encode()) == [(key, True)], (key, typed)


def test_the_window_and_the_terminal_name_every_key_and_how_to_press_long(tmp_path):
    from sixtysix_tools.simview import help_line, help_lines

    board = load_board("pico_display")
    sim = Sim(board, str(tmp_path), 3)
    keys = key_names(board)
    assert help_line(sim, keys, window=True) == (
        "keys: a:ok  b:back/hint  x:prev  y:next  (hold a key for a long press)"
    )
    line = help_line(sim, keys)
    assert line == "ctrl-c: quit  shift+key: long press  keys: a:ok b:back/hint x:prev y:next"
    assert help_lines(sim, keys, len(line)) == [line]  # just fits: one line
    for cols in range(len("b:back/hint"), len(line)):
        lines = help_lines(sim, keys, cols)
        assert " ".join(lines[:-1]).split() == ["keys:", "a:ok", "b:back/hint", "x:prev", "y:next"]
        assert all(len(wrapped) <= cols for wrapped in lines[:-1]), (cols, lines)


@pytest.mark.parametrize(
    "terminal, why", [(True, "in the terminal, as asked (--terminal)"), (False, "no window")]
)
def test_output_that_is_no_terminal_says_how_to_run_without_one(tmp_path, monkeypatch, capsys, terminal, why):
    """Typed into a terminal, written to a file or a pipe: the board cannot
    be drawn, and the answer says so in one line."""
    import io
    import sys

    from sixtysix_tools.simview import interactive

    class Keyboard(io.StringIO):
        def isatty(self):
            return True

    monkeypatch.delenv("DISPLAY", raising=False)
    monkeypatch.delenv("WAYLAND_DISPLAY", raising=False)
    monkeypatch.setattr(sys, "stdin", Keyboard())
    board = load_board("pico_display")
    assert interactive(Sim(board, str(tmp_path), 3), key_names(board), terminal=terminal) == 2
    assert capsys.readouterr().err == (
        "sixtysix sim: %s, but this is not a terminal either; "
        "use --keys '...' --screenshot DIR to run without one\n" % why
    )


def test_without_pygame_the_window_says_how_to_install_it(tmp_path, monkeypatch):
    import sys

    from sixtysix_tools import simview

    monkeypatch.setitem(sys.modules, "pygame", None)  # import pygame fails
    board = load_board("pico_display")
    with pytest.raises(ImportError) as e:
        simview._window(Sim(board, str(tmp_path), 3), key_names(board), 0)
    assert str(e.value) == "pygame is not installed: pip install -e '.[sim]'"


@pytest.mark.parametrize(
    "driver, why, opened",
    [
        ("x11", "no window: no display", True),  # the window is tried; this fake has no screen
        ("offscreen", "no window: the display :99 cannot be reached", False),
        ("dummy", "no window: the display :99 cannot be reached", False),
        (None, "no window: no display", False),  # SDL has no video driver at all
    ],
)
def test_a_display_sdl_cannot_reach_opens_no_hidden_window(tmp_path, monkeypatch, driver, why, opened):
    """DISPLAY set but no X server answering there (a stale `ssh -X`): SDL
    falls back to its offscreen driver, which draws nowhere.  The board
    must then be drawn in the terminal, not in a window nobody sees."""
    import io
    import sys
    import types

    from sixtysix_tools import simview

    class Error(Exception):
        pass

    calls = []

    def init():
        if driver is None:
            raise Error("No available video device")

    def set_mode(size):
        calls.append(size)
        raise Error("cannot open the window")

    display = types.SimpleNamespace(init=init, get_driver=lambda: driver, set_mode=set_mode)
    shut = []
    fake = types.SimpleNamespace(error=Error, display=display, quit=lambda: shut.append(driver))
    monkeypatch.setitem(sys.modules, "pygame", fake)
    monkeypatch.setenv("DISPLAY", ":99")
    monkeypatch.delenv("SDL_VIDEODRIVER", raising=False)
    seen = []
    monkeypatch.setattr(simview, "_terminal", lambda sim, keys, why: seen.append(why) or 0)

    class Tty(io.StringIO):
        def isatty(self):
            return True

    monkeypatch.setattr(sys, "stdin", Tty())
    monkeypatch.setattr(sys, "stdout", Tty())
    board = load_board("pico_display")
    assert simview.interactive(Sim(board, str(tmp_path), 3), key_names(board)) == 0
    assert seen == [why]
    assert bool(calls) is opened
    assert shut == [driver]  # SDL is shut down before the terminal takes over


@pytest.mark.parametrize(
    "name, mono, role, on_table",
    [
        ("pico_display", False, "RED", "\x1b[38;2;208;24;24m\x1b[48;2;11;93;46mHi"),  # red on the baize
        ("oled_128x64", True, "FG", "\x1b[38;2;224;240;255m\x1b[48;2;0;0;0mHi"),  # lit on dark
    ],
)
def test_the_text_view_has_the_panels_colours(tmp_path, name, mono, role, on_table):
    from sixtysix_app import canvas
    from sixtysix_tools.sim import make_canvas
    from sixtysix_tools.textview import CellCanvas, render_cells

    c = CellCanvas(make_canvas(load_board(name)), mono=mono)
    c.fill(canvas.BG)
    c.text("Hi", 0, 0, getattr(canvas, role))
    assert render_cells(c).startswith(on_table)
    sim = Sim(load_board(name), str(tmp_path), 3, text_cells=True)
    sim.settle()
    assert ("11;93;46m" in render_cells(sim.canvas)) is not mono  # the baize, on a colour panel only


def test_the_cursor_line_never_covers_a_letter():
    """The line under a card fills the blank cells of its row with half
    blocks; a letter in that row stays a letter."""
    from sixtysix_app.canvas import BG, FG, SEL
    from sixtysix_tools.sim import make_canvas
    from sixtysix_tools.textview import UNDERLINE, CellCanvas

    c = CellCanvas(make_canvas(load_board("pico_display")))
    c.fill(BG)
    c.text("Hi", 0, 0, FG)
    c.hline(0, c.cell_h - 2, 4 * c.cell_w, SEL)
    assert c.lines()[0] == "Hi" + UNDERLINE * 6


def test_text_goes_to_the_nearest_column_and_control_characters_never_reach_the_terminal():
    from sixtysix_app.canvas import BG, FG
    from sixtysix_tools.sim import make_canvas
    from sixtysix_tools.textview import CellCanvas

    c = CellCanvas(make_canvas(load_board("pico_display")))  # a column is half a cell: 6 pixels
    for x, line in ((2, "A"), (4, " A"), (8, " A"), (10, "  A")):
        c.fill(BG)
        c.text("A", x, 0, FG)
        assert c.lines()[0] == line, x
    c.fill(BG)
    c.text("a\x1bb\x7f", 0, 0, FG)
    assert c.lines()[0] == "a?b?"


def test_what_a_fill_covers_is_wiped_and_forgotten():
    """A rectangle wipes the letters of every row it covers; after a fill
    the next text is placed afresh, not run on from the text before it; and
    a fill ends the cursor's frame, so no card drawn after it is bracketed."""
    from sixtysix_app.canvas import BG, FG, SEL
    from sixtysix_tools.sim import make_canvas
    from sixtysix_tools.textview import CellCanvas

    c = CellCanvas(make_canvas(load_board("pico_display")))
    c.fill(BG)
    c.text("Hi", 0, 0, FG)
    c.text("Yo", 0, c.cell_h, FG)
    c.fill_rect(0, 0, c.width, 2 * c.cell_h, BG)
    assert c.lines()[:2] == ["", ""]
    c.text("Hello", 0, 0, FG)
    c.fill(BG)
    c.text("A", 5 * c.char_w, 0, FG)  # where "Hello" ended: the grid's column 10, not 5
    assert c.lines()[0] == " " * 10 + "A"
    c.fill(BG)
    c.rect(0, c.cell_h, 4 * c.cell_w, 2 * c.cell_h, SEL)
    c.fill_rect(0, c.cell_h, 4 * c.cell_w, 2 * c.cell_h, BG)
    c.faces(True)
    c.text("AS", 2 * c.cell_w, c.cell_h, FG)
    c.faces(False)
    assert "[" not in "\n".join(c.lines())


def test_a_rectangle_wipes_its_own_rows_only_and_text_past_the_edge_is_cut():
    """A rectangle one row high leaves the rows above and below it; text
    that runs past the panel's right edge is cut there, not wrapped onto
    the next row (nor, on the last row, past the grid)."""
    from sixtysix_app.canvas import BG, FG
    from sixtysix_tools.sim import make_canvas
    from sixtysix_tools.textview import CellCanvas

    c = CellCanvas(make_canvas(load_board("pico_display")))
    c.fill(BG)
    for row in range(3):
        c.text("Hi", 0, row * c.cell_h, FG)
    c.fill_rect(0, c.cell_h, c.width, c.cell_h, BG)
    assert c.lines()[:3] == ["Hi", "", "Hi"]
    c.fill(BG)
    for row in (0, c.rows - 1):
        c.text("W" * (c.cols + 3), 0, row * c.cell_h, FG)
    assert c.lines()[0] == c.lines()[-1] == "W" * c.cols
    assert c.lines()[1] == ""


@pytest.mark.parametrize("name", TEXT_BOARDS)
def test_the_text_view_leaves_the_pixels_as_they_would_be(tmp_path, name):
    """The text grid is kept beside the panel's picture, never instead of
    it: the same presses give the same pixels as a board with no grid
    (what a terminal big enough shows, and what screenshots keep)."""
    board = load_board(name)
    plain = Sim(board, str(tmp_path / "plain"), 3)
    cells = Sim(board, str(tmp_path / "cells"), 3, text_cells=True)
    for sim in (plain, cells):
        sim.settle()
        sim.hold(ok_button(board), 60)  # New match: the table
    assert cells.canvas.rgb_rows() == plain.canvas.rgb_rows()


def test_text_after_a_suit_goes_on_beside_it():
    from sixtysix_app.canvas import BG, FG
    from sixtysix_tools.sim import make_canvas
    from sixtysix_tools.textview import CellCanvas

    c = CellCanvas(make_canvas(load_board("pico_display")))
    c.fill(BG)
    c.text("Lead K", 0, 0, FG)
    c.suit(2, 6 * c.char_w, 0, FG)
    c.text(" now", 7 * c.char_w, 0, FG)
    assert c.lines()[0] == "Lead K" + SUIT_CHARS[2] + " now"


def test_a_frames_brackets_stay_beside_it():
    """Card text in the cursor's frame is bracketed, but a bracket goes
    only where the frame is: text running on past it gets no ']', and an
    outline of another colour drawn after the frame ends it."""
    from sixtysix_app.canvas import BG, FG, SEL
    from sixtysix_tools.sim import make_canvas
    from sixtysix_tools.textview import CellCanvas

    c = CellCanvas(make_canvas(load_board("pico_display")))
    c.faces(True)
    y = c.cell_h  # the second row, at the panel's left edge
    for text, outline, line in (("AS", None, "[AS]"), ("ASKSQS", None, "[ASKSQS"), ("AS", FG, " AS")):
        c.fill(BG)
        c.rect(0, y, 2 * c.cell_w, c.cell_h, SEL)  # the grid's columns 0 to 3
        if outline is not None:
            c.rect(4 * c.cell_w, y, 2 * c.cell_w, c.cell_h, outline)  # the next card's
        c.text(text, c.cell_w // 2, y, FG)
        assert c.lines()[1] == line, (text, outline)
    c.faces(False)


@pytest.mark.timeout(60)
def test_the_terminal_is_given_back_as_it_was_after_ctrl_c(tmp_path, monkeypatch):
    """The board in a real terminal (a pseudo-terminal here): raw mode while
    it runs, the buttons' keys pressed and other keys ignored, the screen
    drawn again only when the board changed, and at Ctrl-C the terminal's
    settings as they were, the colours reset, and status 0."""
    import io
    import os
    import sys
    import termios
    import threading

    from sixtysix_tools import simview

    leader, follower = os.openpty()
    keyboard = os.fdopen(follower, "r")
    screen = io.StringIO()
    before = termios.tcgetattr(follower)
    monkeypatch.setattr(sys, "stdin", keyboard)
    monkeypatch.setattr(sys, "stdout", screen)
    monkeypatch.setattr(os, "get_terminal_size", lambda *fd: os.terminal_size((80, 24)))
    board = load_board("pico_display")
    sim = Sim(board, str(tmp_path), 3, text_cells=True)
    sim.settle()
    pressed = []
    hold = sim.hold

    def noted_hold(i, ms):
        pressed.append((i, ms))
        hold(i, ms)

    monkeypatch.setattr(sim, "hold", noted_hold)
    drawn = []  # the board's frame count at each redraw of the terminal
    frame = simview.terminal_frame

    def noted_frame(sim, *args):
        drawn.append(sim.canvas.frames)
        return frame(sim, *args)

    monkeypatch.setattr(simview, "terminal_frame", noted_frame)

    def type_once_raw():
        while termios.tcgetattr(follower)[3] & termios.ICANON:  # until raw mode is on
            threading.Event().wait(0.01)
        os.write(leader, b"yz\x1bOPB\x03")  # z and F1 are no button

    typist = threading.Thread(target=type_once_raw, daemon=True)
    typist.start()
    try:
        assert simview._terminal(sim, key_names(board), WHY) == 0
        after = termios.tcgetattr(follower)
    finally:
        typist.join(5)
        keyboard.close()
        os.close(leader)
    assert after == before
    # y: a short press of Y (next); Shift+b: a long press of B (hint)
    assert pressed == [(3, simview.TAP_MS), (1, simview.LONG_MS)]
    assert len(drawn) >= 2 and len(set(drawn)) == len(drawn)  # redrawn only when the board changed
    shown = screen.getvalue()
    assert "\r\nctrl-c: quit" in shown  # raw mode: every line starts at the left
    assert shown.endswith("\x1b[0m\r\n")


@pytest.mark.timeout(60)
def test_a_terminal_that_hangs_up_ends_the_simulator_quietly(tmp_path, monkeypatch):
    """A terminal that goes away (its window closed with the hang-up
    signal ignored, as under nohup) reads as the end of input: the
    simulator ends with status 0, where it had found the dead terminal
    ready to read for ever and spun there."""
    import io
    import os
    import sys
    import termios
    import threading

    from sixtysix_tools import simview

    r, w = os.pipe()
    os.close(w)
    with pytest.raises(EOFError):
        simview._read_key(r)
    os.close(r)

    leader, follower = os.openpty()
    keyboard = os.fdopen(follower, "r")
    monkeypatch.setattr(sys, "stdin", keyboard)
    monkeypatch.setattr(sys, "stdout", io.StringIO())
    monkeypatch.setattr(os, "get_terminal_size", lambda *fd: os.terminal_size((80, 24)))
    board = load_board("oled_128x64")
    sim = Sim(board, str(tmp_path), 3, text_cells=True)

    def hang_up_once_raw():
        while termios.tcgetattr(follower)[3] & termios.ICANON:  # until raw mode is on
            threading.Event().wait(0.01)
        os.close(leader)

    closer = threading.Thread(target=hang_up_once_raw, daemon=True)
    closer.start()
    try:
        assert simview._terminal(sim, key_names(board), WHY) == 0
    finally:
        closer.join(5)
        keyboard.close()
