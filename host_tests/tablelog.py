"""Reading the table back from the drawn frame, for the tests that hold
what it says to the match (test_table_shows.py, test_seats_show.py): a
canvas that logs the text it draws, the simulator drawing through it, and
ways to press through a match to the table or a hand's result."""

import pytest
from sixtysix.cards import NO_CARD
from sixtysix_app.events import NEXT, OK
from sixtysix_app.table import Table
from sixtysix_tools import sim as simulator
from test_app import host_canvas, new_sim, press

SUITS = "\x01\x02\x03\x04"


SEATS = "ABCD"


ALL_GAMES = ("sixty-six", "three-hand", "four-hand", "sixty-five", "bid-two", "bid-three")


class TextLog:
    """A canvas passing every call on to a real one and keeping the text
    and suit glyphs of the frame being drawn, by position."""

    def __init__(self, inner) -> None:
        self.inner = inner
        self.drawn: list = []

    def __getattr__(self, name):
        return getattr(self.inner, name)

    def fill(self, role: int) -> None:
        self.drawn = []
        self.inner.fill(role)

    def text(self, s: str, x: int, y: int, role: int) -> None:
        self.drawn.append((y, x, s, len(s) * self.inner.char_w))
        self.inner.text(s, x, y, role)

    def suit(self, n: int, x: int, y: int, role: int) -> None:
        self.drawn.append((y, x, SUITS[n], self.inner.char_w))
        self.inner.suit(n, x, y, role)

    def row(self, top: int, bottom: int) -> str:
        """The text drawn with its top in [top, bottom), left to right."""
        return "".join(s for _x, s in sorted((x, s) for y, x, s, _w in self.drawn if top <= y < bottom))

    def overlaps(self, top: int, bottom: int) -> list:
        """Pairs of texts in the row [top, bottom) drawn over each other."""
        spans = sorted((x, x + w, s) for y, x, s, w in self.drawn if top <= y < bottom)
        return [(a[2], b[2]) for a, b in zip(spans, spans[1:]) if b[0] < a[1]]


def logging_sims(monkeypatch):
    """A maker of new_sim's boards drawing through a TextLog, the log as
    sim.log: what each test module's `logged` fixture returns."""
    made = []

    def canvas(board):
        c = TextLog(host_canvas(board))
        made.append(c)
        return c

    monkeypatch.setattr(simulator, "make_canvas", canvas)

    def start(board_name: str, save_dir, seed: int = 1):
        sim = new_sim(board_name, save_dir, seed)
        sim.log = made[-1]
        return sim

    return start


def frame(sim) -> TextLog:
    app = sim.app
    app.dirty = True
    app.render()
    return sim.log


def top_line(sim) -> str:
    lay = sim.app.layout
    return frame(sim).row(0, lay.ch)


def note_line(sim) -> str:
    lay = sim.app.layout
    return frame(sim).row(lay.note_y, lay.h)


def popup(sim) -> str:
    return " ".join(" ".join(sim.app.popup).split())


def words(pages) -> str:
    """A Pages screen's text, its wrapped lines joined, runs of spaces as one."""
    return " ".join(" ".join(pages.lines).split())


def tables(sim, presses: int = 400, bid: bool = False):
    """Press OK and yield the table at each press where it is on show; with
    `bid`, take the lowest bid rather than pass in a bid menu."""
    from sixtysix_app.widgets import Menu

    for _ in range(presses):
        screen = sim.app.screen
        if isinstance(screen, Table):
            yield screen
        elif bid and isinstance(screen, Menu) and screen.title.startswith("Bid?") and screen.cursor == 0:
            press(sim, NEXT)
        press(sim, OK)


def hand_results(sim, hands: int, presses: int = 3000):
    """Press OK through the match; yield (text, hand, match) at each hand's
    result, the hand as it ended and the match as booked."""
    from sixtysix_app.widgets import Menu, Pages

    seen = 0
    last = None
    for _ in range(presses):
        screen = sim.app.screen
        if isinstance(screen, Menu) and screen.title.startswith("Bid?") and screen.cursor == 0:
            press(sim, NEXT)  # the lowest bid, not a pass: you are the bidder now and then
        title = getattr(screen, "title", "")
        if (
            isinstance(screen, Pages)
            and (title.startswith("Hand ") or title == "Match over")
            and screen is not last
        ):
            last = screen
            m = sim.app.session.match
            yield words(screen), m.hand, m
            seen += 1
            if seen == hands or title == "Match over":
                return
        press(sim, OK)


def seat_name(seat: int) -> str:
    return "You" if seat == 0 else SEATS[seat]


def stock_words(h) -> str:
    if h.closer >= 0:
        return "closed"
    if h.upcard == NO_CARD:
        return "empty"
    return "%d" % (len(h.stock) - h.pos)


def your_turn_to_close(sim, presses: int):
    """The table at the first turn of yours where closing is legal."""
    from sixtysix.hand import CLOSE

    for t in tables(sim, presses):
        if t.state == 0 and t.game.to_act() == 0 and CLOSE in t.legal_codes():
            return t
    pytest.fail("no turn where you may close")
