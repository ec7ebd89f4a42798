"""The table designed for the eye (docs/DEVICE.md, "Designed for the eye"), on the
simulated boards: the computer's card flies to the table in frames of its
own and stays marked there; the cards you may not play sink; the trump is
on a badge; the stock shows its count; your turn is a bar on the bottom line.
The flight's frames allocating nothing is checked on MicroPython
(portable/test_canvas_fb.py)."""

import pytest
from sixtysix.cards import NO_CARD
from sixtysix_app.canvas import BG, CARD, DIM, SEL
from sixtysix_app.events import BACK, OK
from sixtysix_app.seats import sorted24
from sixtysix_app.table import Table
from sixtysix_app.widgets import Pages
from test_app import (
    choose,
    new_sim,
    play_until,
    press,
    quick,  # noqa: F401 (the fixture, used by name)
)

pytestmark = pytest.mark.usefixtures("quick")


def role_at(sim, x: int, y: int) -> int:
    c = sim.app.canvas
    return c.pixels[y * c.width + x]


def test_the_computers_card_flies_in_frames_then_lies_marked(tmp_path, monkeypatch):
    from sixtysix_app import ui

    frames = []
    real_step = ui.Flight.step

    def counted(flight, now):
        landed = real_step(flight, now)
        frames.append((flight.card, landed))
        return landed

    monkeypatch.setattr(ui.Flight, "step", counted)
    sim = new_sim("pico_display", tmp_path, seed=5)
    choose(sim, "New match")
    table = sim.app.screen
    flight = sim.app.layout.flight
    assert flight.room
    for _ in range(6):
        press(sim, OK)
    assert frames, "the computer played no card"
    card = frames[0][0]
    first = [landed for c, landed in frames if c == card]
    assert len(first) >= 10 and first[-1] and not any(first[:-1])  # 240 ms in 20 ms steps, then it lands
    assert not flight.flying
    # The last one lies marked in the trick: a bar in the cursor's colour over it.
    h = table.hand
    shown = table.shown if table.shown is not None else (h.lead, NO_CARD, -1)
    if flight.card in shown[:2]:
        lay = sim.app.layout
        bar_y = lay.trick_y - 2
        assert SEL in [role_at(sim, x, bar_y) for x in range(lay.w // 2, lay.w)]


def test_the_mark_stays_over_a_menu_and_goes_with_the_hand(tmp_path):
    sim = new_sim("pico_display", tmp_path, seed=5)
    choose(sim, "New match")
    flight = sim.app.layout.flight
    table = sim.app.screen
    flight.start(17, table)
    press(sim, BACK)  # the action menu
    assert flight.card == 17 and not flight.flying
    press(sim, BACK)
    assert sim.app.screen is table and flight.card == 17
    sim.app.show(Pages(sim.app, "Hand 1", "text", sim.app.home))
    assert flight.card == -1  # a new hand may deal the same card to you


def test_cards_you_may_not_play_sink_and_the_rest_stand(tmp_path):
    sim = new_sim("pico_display", tmp_path, seed=3)
    choose(sim, "New match")
    table = play_until(sim, lambda t: t.hand.legal_plays() != t.hand.hands[0])
    h = table.hand
    lay = sim.app.layout
    cards = sorted24(h.hands[0], h.trump)
    n = len(cards)
    step = lay.card_w + 2
    x0 = (lay.w - (n - 1) * step - lay.card_w) // 2
    legal = h.legal_plays()
    for i, card in enumerate(cards):
        x = x0 + i * step + lay.card_w // 2
        top = lay.hand_y - (2 if i == table.cursor else 0)
        if (legal >> card) & 1:
            assert role_at(sim, x, top) != BG  # standing: its top edge where the hand's is
        else:
            assert role_at(sim, x, top) == BG  # sunk: nothing at the hand's top edge
            assert role_at(sim, x, lay.hand_y + lay.sink) == DIM  # its hollow outline, lower
    # Your turn: the bottom line is a bar in the cursor's colour.
    assert role_at(sim, lay.w - 1, lay.note_y + 1) == SEL


def test_trump_badge_and_stock_count(tmp_path):
    sim = new_sim("pico_display", tmp_path, seed=3)
    choose(sim, "New match")
    assert isinstance(sim.app.screen, Table)
    assert role_at(sim, 0, 0) == CARD  # the trump's badge
    lay = sim.app.layout
    c = sim.app.canvas
    # "12" in the text colour on the stock's back.
    ys = range(lay.trick_y + 1, lay.trick_y + lay.card_h - 1)
    inked = [role_at(sim, x, y) for x in range(2, lay.card_w - 1) for y in ys]
    assert 1 in inked and c.width == 240  # FG = 1


def test_displayio_has_no_room_for_a_flight():
    from sixtysix_app.ui import Layout
    from sixtysix_tools.hostcanvas import headless_displayio_canvas

    lay = Layout(headless_displayio_canvas())
    assert not lay.flight.room
    lay.flight.start(5, None)
    assert not lay.flight.flying and lay.flight.card == 5  # no frames: it lands, marked


def test_the_cursor_on_a_card_you_may_not_play_frames_it():
    """A sunk card under the cursor (while you bid, every card) is framed
    in the cursor's colour; no underline crosses its face."""
    from sixtysix_app.canvas import SEL
    from sixtysix_app.ui import CURSOR, Layout, draw_card
    from sixtysix_tools.hostcanvas import HostCanvas

    c = HostCanvas(240, 135, font="normal", scale=2, face=("normal", 3))
    lay = Layout(c)
    c.fill(BG)
    x, y = 10, lay.hand_y - 2
    draw_card(c, lay, 5, x, y, dim=True, mark=CURSOR)
    top = y + lay.sink
    w, h = lay.card_w, lay.card_h

    def at(px, py):
        return c.pixels[py * c.width + px]

    frame = [(px, top) for px in range(x, x + w)] + [(px, top + h - 1) for px in range(x, x + w)]
    frame += [(x, py) for py in range(top, top + h)] + [(x + w - 1, py) for py in range(top, top + h)]
    assert {at(px, py) for px, py in frame} == {SEL}
    inside = {at(px, py) for px in range(x + 1, x + w - 1) for py in range(top + 1, top + h - 1)}
    assert SEL not in inside and DIM in inside  # the hollow face's ink
    draw_card(c, lay, 5, x + w + 2, y, dim=True)
    assert at(x + w + 2, top) == DIM  # without the cursor: the dim outline


@pytest.mark.parametrize("board_name", ("oled_128x64", "pico_display", "pybadge", "t_display", "thumby"))
def test_the_tables_rows_stack_without_overlap(board_name):
    """ui.Layout from each board's canvas: the status line, the row of
    whole cards where there is room, the trick row, the hand (raised 2 px
    under the cursor, sunk by lay.sink when you may not play) and the note
    line lie one under the other, on the panel."""
    from sixtysix_app.ui import Layout
    from sixtysix_tools.sim import load_board, make_canvas

    lay = Layout(make_canvas(load_board(board_name)))
    top = lay.ch  # below the status line
    if lay.roomy:
        assert lay.opp_y >= top
        top = lay.opp_y + lay.card_h
    else:
        assert lay.opp_y == -1
    assert lay.trick_y >= top
    assert lay.trick_y + lay.card_h <= lay.hand_y - 2  # clear of the raised hand
    assert lay.hand_y + lay.sink + lay.card_h <= lay.note_y  # the sunk cards above the note
    assert lay.note_y + lay.ch == lay.h
    assert lay.roomy == (board_name in ("pico_display", "pybadge", "t_display"))


@pytest.mark.parametrize("font,scale,face", (("normal", 2, ("normal", 3)), ("small", 1, ("small", 1))))
def test_the_row_of_whole_cards_shows_as_soon_as_the_panel_has_room_for_it(font, scale, face):
    """ui.Layout.roomy on panels of each height: once a panel is tall enough
    for the row of whole cards (the opponent's backs, the upcard) under the
    status line, with the trick row two pixels under it and clear of the
    raised hand, the row shows; so at the least height that shows it no
    pixel is left over, the trick row ending where the raised hand begins,
    and on every taller panel it shows too.  However short the panel, the
    trick row does not rise into the status line."""
    from sixtysix_app.ui import Layout
    from sixtysix_tools.hostcanvas import HostCanvas

    lays = [Layout(HostCanvas(240, h, font=font, scale=scale, face=face)) for h in range(20, 200)]
    assert all(lay.trick_y > lay.ch for lay in lays)
    roomy = [lay.roomy for lay in lays]
    least = roomy.index(True)  # the least height that shows the row, less 20
    assert all(roomy[least:])
    lay = lays[least]
    assert lay.opp_y > lay.ch and lay.trick_y == lay.opp_y + lay.card_h + 2
    assert lay.trick_y + lay.card_h == lay.hand_y - 2
