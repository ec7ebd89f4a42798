"""The screen adapter of three-hand: the dealer sits out, the other two
seats play a Sixty-Six hand.  It is shown as a table of seats (Slots), and
reads its hand as the two-player games do (seats_hand.OnHand)."""

from sixtysix.cards import NO_CARD
from sixtysix.compat import unload

from .seats import SEATS
from .seats_hand import OnHand
from .seats_slots import Slots
from .ui import fit, suit_char


class Three(OnHand, Slots):
    """The two-player hand's answers (OnHand) at a table of seats (Slots).
    The two define no name in common and neither redefines one of Seats',
    so MicroPython's depth-first lookup of the bases finds what CPython's
    finds (host_tests/test_app_games.py checks)."""

    keeps_hinter = False  # a searcher made for a hint is let go after it, as three-hand always did

    def active(self, seat: int) -> bool:
        return seat != self.match.dealer

    def upcard(self) -> int:
        h = self.hand
        return h.upcard if h.closer < 0 else NO_CARD

    def status_line(self, lay, room: int) -> str:
        """Trump, stock and dealer; where the line has no room for all of
        it beside the scores (an empty or closed stock on the narrow
        panels), the dealer is left to its dim letter in the slots rather
        than cut mid-word."""
        line = suit_char(self.hand.trump) + " " + self.stock_text()
        dealer = " " + SEATS[self.match.dealer] + " deals"
        return line + dealer if len(line) + len(dealer) <= room else fit(line, room)

    def result_text(self) -> str:
        """How the hand went, before it is booked."""
        from sixtysix.explain import result_text

        m = self.match
        h = self.hand
        names = tuple("You" if s == 0 else SEATS[s] for s in (m.seat_of(0), m.seat_of(1)))
        text = "%s deals and sits out.\n%s %d, %s %d.\n%s." % (
            SEATS[m.dealer],
            names[0],
            h.score(0),
            names[1],
            h.score(1),
            result_text(h, names),
        )
        unload("sixtysix.explain")  # once a hand: it takes no heap while the cards are played
        return text
