"""The screen adapters of the games played on a two-player `Hand`:
Sixty-Six and Schnapsen (you against B) and three-hand, where the dealer
sits out and the other two seats play the hand."""

from sixtysix.cards import NO_CARD
from sixtysix.hand import CLAIM, CLOSE, EXCHANGE, MARRY
from sixtysix.players import beats

from .seats import SEATS, Seats, marriage_label, sorted24
from .ui import card_text, glyphs, suit_char


class OnHand(Seats):
    """What the games on a two-player hand share."""

    def action_label(self, code: int) -> str:
        h = self.hand
        if MARRY <= code < MARRY + 4:
            return marriage_label(code - MARRY, code - MARRY == h.trump)
        if code == EXCHANGE:
            return "Exchange for " + card_text(h.upcard)
        if code == CLOSE:
            return "Close the stock"
        if code == CLAIM:
            return "Claim 66"
        return "Play " + card_text(code)

    def stock_text(self) -> str:
        h = self.hand
        if h.closer >= 0:
            return "closed"
        if h.upcard == NO_CARD:
            return "empty"
        return "%d" % (len(h.stock) - h.pos)

    def upcard(self) -> int:
        h = self.hand
        return h.upcard if h.closer < 0 else NO_CARD

    def hint(self, seed: int):
        """(action, why) for you: the two-player hint."""
        from sixtysix.hint import Hinter

        code, why = Hinter(seed).hint(self.view(0))
        return code, glyphs(why)


class Two(OnHand):
    """Sixty-Six and Schnapsen: you (A) against the computer (B)."""


class Three(OnHand):
    """Three-hand: the dealer sits out, the other two play a Sixty-Six hand."""

    def active(self, seat: int) -> bool:
        return seat != self.match.dealer

    def cards(self, seat: int) -> list:
        p = self.match.player_of(seat)
        return sorted24(self.hand.hands[p], self.hand.trump) if p >= 0 else []

    def in_trick(self) -> list:
        h = self.hand
        if h.lead == NO_CARD:
            return []
        return [(self.match.seat_of(h.turn ^ 1), h.lead)]

    def last_trick(self) -> list:
        h = self.hand
        if h.last_lead == NO_CARD:
            return []
        w = h.last_winner
        leader = 1 - w if beats(h.last_follow, h.last_lead, h.trump) else w
        m = self.match
        return [(m.seat_of(leader), h.last_lead), (m.seat_of(1 - leader), h.last_follow)]

    def status(self) -> str:
        return (
            suit_char(self.hand.trump) + " " + self.stock_text() + " " + SEATS[self.match.dealer] + " deals"
        )

    def result_text(self) -> str:
        """How the hand went, before it is booked."""
        from sixtysix.explain import result_text

        m = self.match
        h = self.hand
        names = tuple("You" if s == 0 else SEATS[s] for s in (m.seat_of(0), m.seat_of(1)))
        return "%s deals and sits out.\n%s %d, %s %d.\n%s." % (
            SEATS[m.dealer],
            names[0],
            h.score(0),
            names[1],
            h.score(1),
            result_text(h, names),
        )
