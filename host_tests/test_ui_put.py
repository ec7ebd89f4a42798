"""ui.put, the one way every screen draws a line that may hold suit
glyphs, read as the calls it makes on a canvas: the text runs between
glyphs, each glyph as a suit at its own cell, red suits red on a colour
panel where the text is plain ink, and the x after the line.  The golden
screens see its pixels only through put itself, and a mutation audit of
ui.py found it otherwise unchecked."""

import pytest
from sixtysix_app.canvas import CARD, DIM, FG, INK, RED, SEL, TITLE
from sixtysix_app.ui import put, suit_char

CLUBS, DIAMONDS, HEARTS, SPADES = range(4)


class Noting:
    """A canvas that notes what it is asked to draw, cell by cell."""

    def __init__(self, mono: bool, char_w: int = 6):
        self.mono = mono
        self.char_w = char_w
        self.calls = []

    def text(self, s: str, x: int, y: int, role: int) -> None:
        self.calls.append(("text", s, x, y, role))

    def suit(self, n: int, x: int, y: int, role: int) -> None:
        self.calls.append(("suit", n, x, y, role))

    def cells(self) -> list:
        """One (character or suit, x, role) per cell drawn, in order."""
        out = []
        for kind, what, x, _y, role in self.calls:
            if kind == "suit":
                out.append((what, x, role))
            else:
                out.extend((ch, x + i * self.char_w, role) for i, ch in enumerate(what))
        return out


@pytest.mark.parametrize("mono", [False, True])
def test_a_line_without_glyphs_is_one_text_call(mono):
    c = Noting(mono)
    assert put(c, "Trumps left: 3", 12, 7, FG) == 12 + 14 * 6
    assert c.calls == [("text", "Trumps left: 3", 12, 7, FG)]


def test_an_empty_line_draws_nothing_and_stays_where_it_began():
    c = Noting(False)
    assert put(c, "", 30, 0, FG) == 30
    assert c.calls == []


@pytest.mark.parametrize("char_w", [4, 6, 8])
def test_every_glyph_takes_one_cell_between_the_text_around_it(char_w):
    """ "10♥ and K♣ led" is fourteen cells: each character and each suit at
    its own column, left to right, all on the line's row (a run of one,
    two or more characters before a glyph and a run after the last), and
    put returns the x after the last."""
    line = "10" + suit_char(HEARTS) + " and K" + suit_char(CLUBS) + " led"
    c = Noting(True, char_w)
    x0 = 5
    assert put(c, line, x0, 9, FG) == x0 + 14 * char_w
    assert all(call[3] == 9 for call in c.calls)
    expected = ["1", "0", HEARTS, " ", "a", "n", "d", " ", "K", CLUBS, " ", "l", "e", "d"]
    assert c.cells() == [(what, x0 + i * char_w, FG) for i, what in enumerate(expected)]
    c = Noting(True, char_w)
    assert put(c, "K" + suit_char(SPADES), x0, 0, FG) == x0 + 2 * char_w
    assert c.cells() == [("K", x0, FG), (SPADES, x0 + char_w, FG)]


def test_glyphs_first_last_and_side_by_side():
    line = suit_char(SPADES) + suit_char(DIAMONDS) + "Q" + suit_char(CLUBS)
    c = Noting(True)
    assert put(c, line, 0, 0, SEL) == 4 * 6
    assert c.cells() == [(SPADES, 0, SEL), (DIAMONDS, 6, SEL), ("Q", 12, SEL), (CLUBS, 18, SEL)]
    assert [call[0] for call in c.calls] == ["suit", "suit", "text", "suit"]


@pytest.mark.parametrize("role", [INK, FG, CARD])
def test_red_suits_are_red_on_a_colour_panel_in_plain_ink(role):
    line = "".join(suit_char(s) for s in (CLUBS, DIAMONDS, HEARTS, SPADES)) + "x"
    c = Noting(False)
    put(c, line, 0, 0, role)
    assert c.cells() == [
        (CLUBS, 0, role),
        (DIAMONDS, 6, RED),
        (HEARTS, 12, RED),
        (SPADES, 18, role),
        ("x", 24, role),
    ]


@pytest.mark.parametrize("role", [SEL, DIM, TITLE])
def test_a_highlighted_or_dim_line_keeps_its_role_for_every_suit(role):
    """Red on a highlight bar or in a title would not be the line's
    colour: there the glyph keeps the line's role."""
    line = suit_char(HEARTS) + suit_char(DIAMONDS)
    c = Noting(False)
    put(c, line, 0, 0, role)
    assert c.cells() == [(HEARTS, 0, role), (DIAMONDS, 6, role)]


@pytest.mark.parametrize("role", [INK, FG, CARD, SEL])
def test_a_mono_panel_never_draws_red(role):
    line = "A" + suit_char(HEARTS) + "A" + suit_char(DIAMONDS)
    c = Noting(True)
    put(c, line, 0, 0, role)
    assert {cell[2] for cell in c.cells()} == {role}
