"""ui.py's drawing helpers read back from a host canvas of each framebuf
board: the mark of a failing drive, a heading's bar, a card's back and
the stock's count, the computer's last card's bar and its flight, a card
you may marry or not play, the status line's trump badge, the bottom
line's bar and a long pop-up's pages.  Mutation audits of ui.py's drawing
found each unchecked, or checked only by the golden screens (slow, and
blind to what no golden screen shows)."""

import pytest
from sixtysix_app.canvas import BG, CARD, CARD_BACK, DIM, FG, INK, MONO, RED, SEL, TITLE, WARN
from sixtysix_app.ui import (
    MARRIED,
    Layout,
    body_top,
    draw_box,
    draw_card,
    draw_mark,
    draw_note,
    draw_status,
    draw_stock,
    draw_title,
    put,
    suit_char,
)
from sixtysix_tools.board_files import boards_for
from sixtysix_tools.sim import load_board, make_canvas

FRAMEBUF_BOARDS = boards_for("micropython")
CLUBS, DIAMONDS, HEARTS, SPADES = range(4)


def blank(board_name: str):
    c = make_canvas(load_board(board_name))
    c.fill(BG)
    return c, Layout(c)


def cell(c, x: int, y: int, w: int, h: int) -> list:
    return [c.pixels[py * c.width + px] for py in range(y, y + h) for px in range(x, x + w)]


def noting_text(c) -> list:
    """The canvas's text calls from now on, (text, x, y, role) each, as
    they draw."""
    said = []
    real = c.text
    c.text = lambda s, x, y, role: (said.append((s, x, y, role)), real(s, x, y, role))
    return said


@pytest.mark.parametrize("board_name", FRAMEBUF_BOARDS)
def test_the_failed_save_mark_is_a_bang_on_the_top_right_cell(board_name):
    """draw_mark: a '!' in INK on a WARN box filling the top-right text
    cell, and nothing drawn outside that cell."""
    c, lay = blank(board_name)
    draw_mark(c, lay)
    x = lay.w - lay.cw
    box = cell(c, x, 0, lay.cw, lay.ch)
    assert set(box) == {WARN, INK}
    bang, _ = blank(board_name)
    bang.text("!", x, 0, INK)
    assert [p == INK for p in box] == [p == INK for p in cell(bang, x, 0, lay.cw, lay.ch)]
    assert sum(c.pixels) == sum(box)  # the rest of the screen is BG (0)


@pytest.mark.parametrize("board_name", FRAMEBUF_BOARDS)
@pytest.mark.parametrize("heading", ("Settings", "A heading far too long for any of the panels"))
def test_a_heading_is_a_bar_across_the_top_row_with_its_text_from_the_left(board_name, heading):
    """draw_title: a bar in the title's colour (lit on a mono panel) across
    the panel's width, the top text row and a pixel under it, over
    whatever lay there; on it the heading in ink (dark on mono) from the
    left edge, within the bar, cut to the panel's columns; nothing drawn
    below the bar, and the body starts under it (body_top)."""
    c, lay = blank(board_name)
    bar, ink = (FG, BG) if c.mono else (TITLE, INK)
    c.fill_rect(0, 0, lay.w, lay.h, CARD)  # whatever lay there before
    said = noting_text(c)
    assert draw_title(c, lay, heading) == body_top(lay) >= lay.ch + 1  # under the bar
    ((s, x, y, role),) = said
    assert (s, x, role) == (heading[: lay.cols], 0, ink)
    assert 0 <= y and y + lay.ch <= lay.ch + 1  # inside the bar
    want, _ = blank(board_name)
    want.fill_rect(0, 0, lay.w, lay.h, CARD)
    want.fill_rect(0, 0, lay.w, lay.ch + 1, bar)
    want.text(s, 0, y, ink)
    assert c.pixels == want.pixels


@pytest.mark.parametrize("board_name", FRAMEBUF_BOARDS)
def test_a_cards_back_on_a_mono_panel_has_a_dark_ring_inside_its_frame(board_name):
    """draw_card face down: the back inside a frame; on a mono panel, where
    back and frame are both lit, a dark ring two pixels inside the edge
    (one pixel wide) shows where the card ends, lit again inside it."""
    c, lay = blank(board_name)
    x, y, w, h = 3, lay.h - lay.card_h - 1, lay.card_w, lay.card_h
    draw_card(c, lay, 0, x, y, face=False)
    ring = cell(c, x + 2, y + 2, w - 4, 1) + cell(c, x + 2, y + h - 3, w - 4, 1)
    ring += cell(c, x + 2, y + 2, 1, h - 4) + cell(c, x + w - 3, y + 2, 1, h - 4)
    edge = cell(c, x, y, w, 1) + cell(c, x, y + h - 1, w, 1)
    if c.mono:
        assert set(ring) == {BG} and BG not in edge and BG not in cell(c, x + 3, y + 3, w - 6, h - 6)
    else:
        assert BG not in ring + edge


@pytest.mark.parametrize("board_name", FRAMEBUF_BOARDS)
@pytest.mark.parametrize("n", (2, 12))
def test_the_stocks_count_sits_in_the_middle_of_its_back(board_name, n):
    """draw_stock: the number of cards left, in the text font, in the
    middle of the card's back (as much room left of it as right and above
    as below, within a pixel, all inside the frame); on a mono panel the
    back is lit whole inside its frame, no ring through the digits, which
    are dark."""
    c, lay = blank(board_name)
    x, y, w, h = 3, lay.h - lay.card_h - 1, lay.card_w, lay.card_h
    said = noting_text(c)
    draw_stock(c, lay, x, y, n)
    ((s, tx, ty, role),) = said
    assert (s, role) == (str(n), BG if c.mono else FG)
    left, right = tx - x, x + w - (tx + len(s) * lay.cw)
    top, bottom = ty - y, y + h - (ty + lay.ch)
    assert min(left, right, top, bottom) > 0 and abs(left - right) <= 1 and abs(top - bottom) <= 1
    if c.mono:
        want, _ = blank(board_name)
        want.fill_rect(x, y, w, h, CARD_BACK)
        want.rect(x, y, w, h, FG)
        want.text(s, tx, ty, BG)
        assert [MONO[p] for p in c.pixels] == [MONO[p] for p in want.pixels]  # as the panel shows it


def rows_with(c, role: int, x: int, w: int) -> list:
    """The rows where `role` lies across all of columns x .. x+w-1."""
    return [y for y in range(c.height) if all(p == role for p in cell(c, x, y, w, 1))]


@pytest.mark.parametrize("board_name", FRAMEBUF_BOARDS)
def test_the_computers_last_card_has_its_bar_only_below_the_status_line(board_name):
    """draw_card: the flight's card, landed, lies framed in the cursor's
    colour under a bar of that colour a pixel above it, across its
    width, where the bar clears the status line (the top text row); a
    card higher up goes without its bar rather than draw over the line."""
    c, lay = blank(board_name)
    lay.flight.start(5, None)
    lay.flight.shown(None, True)  # landed: the card lies marked
    x, y = 3, lay.h - lay.card_h - 1
    draw_card(c, lay, 5, x, y)
    bar = rows_with(c, SEL, x, lay.card_w)
    frame = [row for row in bar if row >= y]
    bar = [row for row in bar if row < y]
    assert bar and bar == list(range(bar[0], y - 1)), "a bar ending a pixel above the card"
    h = lay.card_h
    assert frame == ([] if c.mono else [y, y + 1, y + h - 2, y + h - 1])  # framed twice on colour panels
    for top in (lay.ch + len(bar) + 1, lay.ch + len(bar)):  # the highest with a bar, one higher
        c.fill(BG)
        draw_card(c, lay, 5, x, top)
        above = [row for row in rows_with(c, SEL, x, lay.card_w) if row < top]
        assert set(cell(c, 0, 0, lay.w, lay.ch)) == {BG}, "drawn over the status line"
        assert above == (bar and list(range(lay.ch, top - 1)) if top > lay.ch + len(bar) else [])


@pytest.mark.parametrize("board_name", FRAMEBUF_BOARDS)
def test_a_card_you_may_marry_is_gold_or_dotted_under_the_hand(board_name):
    """draw_card with `mark` MARRIED: on a colour panel the face is gold
    (TITLE) where a plain card's is CARD; on a mono panel the face stays
    and a dotted line, every other pixel across the card, lies two
    pixels under the hand's row, clear of the cursor's underline."""
    c, lay = blank(board_name)
    x, y, w, h = 4, lay.hand_y, lay.card_w, lay.card_h
    draw_card(c, lay, 5, x, y, mark=MARRIED)
    plain, _ = blank(board_name)
    draw_card(plain, lay, 5, x, y)
    face = cell(c, x + 1, y + 1, w - 2, h - 2)
    if c.mono:
        assert face == cell(plain, x + 1, y + 1, w - 2, h - 2)
        dots = lay.hand_y + h + 2
        assert cell(c, 0, dots, lay.w, 1) == [
            FG if x <= px < x + w and (px - x) % 2 == 0 else BG for px in range(lay.w)
        ]
        assert dots < lay.note_y and set(cell(c, 0, y + h, lay.w, 2)) == {BG}
        c.fill_rect(0, dots, lay.w, 1, BG)
        assert c.pixels == plain.pixels  # nothing else differs
    else:
        assert TITLE in face and CARD not in face
        assert [TITLE if p == CARD else p for p in cell(plain, x, y, w, h)] == cell(c, x, y, w, h)
        assert set(cell(c, 0, y + h, lay.w, lay.h - y - h)) == {BG}


@pytest.mark.parametrize("board_name", FRAMEBUF_BOARDS)
def test_a_card_you_may_not_play_is_hollow(board_name):
    """draw_card `dim`: the sunk card is an outline and its name in DIM on
    the table's colour, nothing filled."""
    c, lay = blank(board_name)
    c.fill_rect(0, 0, lay.w, lay.h, FG)  # whatever lay there before
    x, y, w, h = 4, lay.hand_y, lay.card_w, lay.card_h
    draw_card(c, lay, 5, x, y, dim=True)
    top = y + lay.sink
    assert set(cell(c, x, top, w, 1) + cell(c, x, top + h - 1, w, 1)) == {DIM}
    inside = cell(c, x + 1, top + 1, w - 2, h - 2)
    assert set(inside) == {BG, DIM}


@pytest.mark.parametrize("board_name", FRAMEBUF_BOARDS)
def test_the_status_lines_trump_is_on_a_badge_in_its_colour(board_name):
    """draw_status: a leading suit glyph, each of the four, goes on a
    card-coloured badge at the left, red for hearts and diamonds where the
    panel has colour, and the text follows it; a line with no trump is
    text from the left edge; an empty line draws nothing.  Nothing lies
    below the status row's pixel of margin."""
    for suit in range(4):
        c, lay = blank(board_name)
        draw_status(c, lay, suit_char(suit) + "Ab")
        red = not c.mono and suit in (DIAMONDS, HEARTS)
        ink = RED if red else INK
        assert c.pixels[0] == CARD, suit  # the badge's corner
        w = 1 + max(x for x in range(3 * lay.cw) if CARD in cell(c, x, 0, 1, lay.ch))  # then the text
        badge = cell(c, 0, 0, w, lay.ch)
        assert ink in badge and set(badge) <= {CARD, ink}, suit
        text, _ = blank(board_name)
        put(text, "Ab", w, 0, FG)
        assert [p for i, p in enumerate(c.pixels) if i % lay.w >= w] == [
            p for i, p in enumerate(text.pixels) if i % lay.w >= w
        ], suit
        assert set(cell(c, 0, lay.ch + 1, lay.w, lay.h - lay.ch - 1)) == {BG}
    c, lay = blank(board_name)
    draw_status(c, lay, "Ab")
    text, _ = blank(board_name)
    put(text, "Ab", 0, 0, FG)
    assert c.pixels == text.pixels
    c, lay = blank(board_name)
    draw_status(c, lay, "")
    assert set(c.pixels) == {BG}


@pytest.mark.parametrize("board_name", FRAMEBUF_BOARDS)
@pytest.mark.parametrize("yours", (True, False))
def test_the_bottom_line_is_on_a_bar_when_it_is_your_turn(board_name, yours):
    """draw_note: the line on the panel's bottom text row, from the left
    edge, cut to the columns; on your turn on a bar in the cursor's colour
    across the panel with the text in ink (dark on mono), else in the
    text's colour on the table; a red suit red where the panel has
    colour.  Nothing drawn above that row."""
    c, lay = blank(board_name)
    line = suit_char(HEARTS) + "Q led: follow suit, trump it or throw anything you like"
    draw_note(c, lay, line, yours)
    assert set(cell(c, 0, 0, lay.w, lay.note_y)) == {BG}
    ink = (BG if c.mono else INK) if yours else FG
    row = cell(c, 0, lay.note_y, lay.w, lay.ch)
    red = set() if c.mono else {RED}  # the heart's glyph
    assert set(row) - red == ({SEL, ink} if yours else {BG, ink})
    assert set(cell(c, 0, lay.note_y, lay.cw, lay.ch)) & ({ink} | red)  # the heart at the left edge
    want, _ = blank(board_name)
    if yours:
        want.fill_rect(0, lay.note_y, lay.w, lay.ch, SEL)
    assert put(want, line[: lay.cols], 0, lay.note_y, ink) <= lay.w
    assert c.pixels == want.pixels


def box_of(c) -> tuple:
    """(x, y, w, h) around every pixel that is not the table's."""
    drawn = [i for i, p in enumerate(c.pixels) if p != BG]
    xs = [i % c.width for i in drawn]
    ys = [i // c.width for i in drawn]
    return min(xs), min(ys), max(xs) - min(xs) + 1, max(ys) - min(ys) + 1


@pytest.mark.parametrize("board_name", FRAMEBUF_BOARDS)
@pytest.mark.parametrize("to_x", (0, 20))
def test_the_computers_card_flies_from_the_top_to_its_place_in_240_ms(board_name, to_x):
    """Flight: after start() the full drawing notes the card's place and
    draws nothing there; each step() from the first (at any clock, 0
    too) draws the card alone, framed and named by its label, moving from
    the top middle to that place, the frame under its last place put
    back; at 240 ms it lands (True: draw the table whole)."""
    c, lay = blank(board_name)
    f = lay.flight
    f.start(5, None, label="Ab")
    assert f.flying
    f.drawn()
    to_y = lay.h - lay.card_h
    draw_card(c, lay, 5, to_x, to_y)
    assert set(c.pixels) == {BG}  # not drawn: its place noted
    still, _ = blank(board_name)
    f.flying = False
    draw_card(still, lay, 5, 1, 1, label="Ab")  # the same card landed, marked
    f.flying = True
    card = cell(still, 1, 1, lay.card_w, lay.card_h)
    places = []
    for t in list(range(0, 240, 20)) + [239]:
        shown = c.frames
        assert not f.step(t)
        assert c.frames == shown + 1  # each frame pushed to the panel
        x, y, w, h = box_of(c)
        assert (w, h) == (lay.card_w, lay.card_h) and cell(c, x, y, w, h) == card
        places.append((x, y))
    assert f.step(240) and not f.flying
    x0 = (lay.w - lay.card_w) // 2
    assert places[0] == (x0, max(lay.opp_y, 0))
    assert all(abs(a[0] - to_x) >= abs(b[0] - to_x) and a[1] <= b[1] for a, b in zip(places, places[1:]))
    assert abs(places[-1][0] - to_x) <= 1 and to_y - places[-1][1] <= 1  # a millisecond short of its place
    f.start(5, None)
    f.drawn()  # a drawing without the card (another screen): it lands at once
    assert f.step(300) and not f.flying


def flying_to_the_bottom_left(c, lay):
    """The computer's card (5) started on its flight and its place noted
    at the panel's bottom left by a full drawing, as the app draws after
    a move; returns the flight."""
    f = lay.flight
    f.start(5, None)
    f.drawn()
    draw_card(c, lay, 5, 0, lay.h - lay.card_h)
    return f


@pytest.mark.parametrize("board_name", FRAMEBUF_BOARDS)
@pytest.mark.parametrize("late", (1, 60, 5000))
def test_a_flight_whose_next_frame_comes_late_lands_then(board_name, late):
    """Flight.step when a frame comes after the 240 ms (a slow panel, a
    long think in between): the card lands at once (True, the table to be
    drawn whole) and is not drawn past its place first."""
    c, lay = blank(board_name)
    f = flying_to_the_bottom_left(c, lay)
    assert not f.step(1000)  # the clock at its first frame
    shown = c.frames
    assert f.step(1000 + 240 + late) and not f.flying
    assert c.frames == shown  # no frame drawn on the way


@pytest.mark.parametrize("board_name", FRAMEBUF_BOARDS)
def test_a_full_drawing_mid_flight_is_not_drawn_over_by_the_frame_before_it(board_name):
    """Flight.drawn: after the screen is drawn whole under a card in flight,
    the next frame puts back nothing kept from before that drawing."""
    c, lay = blank(board_name)
    f = flying_to_the_bottom_left(c, lay)
    assert not f.step(1000) and not f.step(1100)
    f.drawn()
    c.fill(FG)  # the screen drawn anew
    draw_card(c, lay, 5, 0, lay.h - lay.card_h)
    assert not f.step(1200)
    assert BG not in c.pixels  # nothing of the old frame put back


@pytest.mark.parametrize("board_name", FRAMEBUF_BOARDS)
def test_a_long_pop_up_box_shows_each_page_of_its_lines_framed(board_name):
    """draw_box: a box in the cursor's colour in the middle of the panel
    holding one line fewer than the panel's rows, from `first` on (the
    app pages a long pop-up by that many), each line once, inside the
    frame, on the table's colour over whatever lay there; it returns
    that page length.  The box fits the page's lines."""
    c, lay = blank(board_name)
    said = noting_text(c)
    lines = ["line %d" % i for i in range(2 * lay.rows + 1)]
    inner = lay.rows - 1
    for first in (0, inner, 2 * inner):
        c.fill(BG)
        said.clear()
        assert draw_box(c, lay, lines, first) == inner
        page = lines[first : first + inner]
        assert [s for s, _, _, _ in said] == page
        x, y, w, h = box_of(c)
        assert abs((lay.w - w) - 2 * x) <= 1 and abs((lay.h - h) - 2 * y) <= 1  # in the middle
        # as tall as the page's lines, as wide as its longest, and a frame
        # and a pixel's margin round them: the last, short page a short box
        assert (w, h) == (max(map(len, page)) * lay.cw + 4, len(page) * lay.ch + 4)
        assert set(cell(c, x, y, w, 1) + cell(c, x, y + h - 1, w, 1)) == {SEL}
        assert all(x < tx and y < ty and ty + lay.ch < y + h for _, tx, ty, _ in said)
        # the page in the middle of its frame: as much room above as below,
        # and left of the longest line as right of it
        top, bottom = said[0][2] - y, y + h - (said[-1][2] + lay.ch)
        left, right = said[0][1] - x, x + w - (said[0][1] + max(map(len, page)) * lay.cw)
        assert top == bottom and left == right
        assert [ty for _, _, ty, _ in said] == [said[0][2] + i * lay.ch for i in range(len(page))]
        c.fill(CARD)  # over a screen: the box is cleared to the table's colour first
        draw_box(c, lay, lines, first)
        assert set(cell(c, x + 1, y + 1, w - 2, h - 2)) == {BG, FG}


@pytest.mark.parametrize("board_name", FRAMEBUF_BOARDS)
def test_a_flight_lands_at_once_when_a_full_drawing_leaves_its_card_out(board_name):
    """Flight.drawn: the card's place is noted anew by each full drawing;
    one that does not draw the card (the table gone from under it) lands
    the card at the next step, drawing nothing, rather than fly on to
    the place the drawing before noted."""
    c, lay = blank(board_name)
    f = flying_to_the_bottom_left(c, lay)
    assert not f.step(0) and not f.step(100)  # on its way
    f.drawn()
    c.fill(BG)  # drawn whole, without the card
    shown = c.frames
    assert f.step(120) and not f.flying
    assert c.frames == shown and set(c.pixels) == {BG}


def marked(c, lay, card: int) -> bool:
    """Whether `card`, drawn face up, has the cursor's colour on it or
    over it: the computer's last card's bar and frame."""
    c.fill(BG)
    draw_card(c, lay, card, 3, lay.h - lay.card_h - 1)
    return SEL in c.pixels


@pytest.mark.parametrize("board_name", FRAMEBUF_BOARDS)
def test_no_card_is_marked_before_the_computer_plays_one(board_name):
    c, lay = blank(board_name)
    assert not any(marked(c, lay, card) for card in range(24))
    lay.flight.start(0, None)
    lay.flight.shown(None, True)
    assert marked(c, lay, 0) and not any(marked(c, lay, card) for card in range(1, 24))


@pytest.mark.parametrize("board_name", FRAMEBUF_BOARDS)
def test_no_card_flies_before_the_computer_plays_one(board_name):
    """A new layout's flight is not flying: App.busy reads it on every
    pass of the loop, which sleeps only while nothing is busy."""
    _c, lay = blank(board_name)
    assert not lay.flight.flying
