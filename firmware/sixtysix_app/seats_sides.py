"""The screen adapters of the partnership games: four-hand Sixty-Six with
bidding, and Sixty-Five.  You (A) and C play against B and D."""

from sixtysix.cards import RANK48_POINTS, RANK_POINTS, SPADES
from sixtysix.hand import MARRY

from .seats import SEATS, marriage_label, sorted24
from .seats_slots import Slots
from .ui import suit_char

RANKS48 = "3456789TJQKA"
_EMPTY = 255


def card48_text(card: int) -> str:
    return RANKS48[card % 12] + suit_char(card // 12)


def _bits_to_cards(bits: int, base: int, out: list) -> None:
    c = base
    while bits:
        if bits & 1:
            out.append(c)
        bits >>= 1
        c += 1


class Sides(Slots):
    """What the partnership games share: four seats, a card each in the
    trick, side scores, the hint from the hard player."""

    def in_trick(self) -> list:
        t = self.hand.trick
        return [(s, t[s]) for s in range(self.seats) if t[s] != _EMPTY]

    def last_trick(self) -> list:
        t = self.hand.last_trick
        return [(s, t[s]) for s in range(self.seats) if t[s] != _EMPTY]

    def scores(self) -> str:
        s = self.match.scores
        return "%d:%d" % (s[0], s[1])

    def score_text(self) -> str:
        m = self.match
        s = m.scores
        return "Match to %d. You and C %d, B and D %d." % (m.rules.target, s[0], s[1])

    def match_over_text(self) -> str:
        return "\nYou and C win the match!" if self.match.winner == 0 else "\nB and D win the match."

    def hint(self, players, next_seed):
        """(action, why) for you: the choice of a hard player made for the
        hint, said from the table."""
        from sixtysix import games

        code = games.new_player(self.game, "hard", next_seed()).choose(self.view(0))
        return code, self.hint_reason(code)


class Four(Sides):
    """Four-hand partnership Sixty-Six: bidding, then strict play."""

    def active(self, seat: int) -> bool:
        return seat != self.hand.sitting

    def cards(self, seat: int) -> list:
        return sorted24(self.hand.hands[seat], self.hand.trump)

    def bidding(self) -> bool:
        from sixtysix.four import BIDDING

        return self.hand.phase == BIDDING

    def status(self) -> str:
        h = self.hand
        if self.bidding():
            if h.bidder < 0:
                return "Bidding"
            return "Bid %s by %s" % (self.bid_name(h.high_bid), SEATS[h.bidder])
        trump = suit_char(h.trump) if h.trump >= 0 else "?"
        return "%s %s:%s" % (trump, SEATS[h.bidder], self.bid_name(h.high_bid))

    @staticmethod
    def bid_name(n: int) -> str:
        return "solo" if n >= 5 else "%d" % (n * 33)

    def action_label(self, code: int) -> str:
        from sixtysix.four import BID, PASS

        h = self.hand
        if code == PASS:
            return "Pass"
        if code > BID:
            n = code - BID
            return "Solo" if n >= 5 else "Bid %d (%d)" % (n, n * 33)
        if MARRY <= code < MARRY + 4:
            suit = code - MARRY
            return marriage_label(suit, suit == h.trump or h.trump < 0)
        return "Play " + self.card_text(code)

    def result_text(self) -> str:
        """How the hand went, before it is booked."""
        from sixtysix.four import R_PASSED_OUT

        h = self.hand
        if h.reason == R_PASSED_OUT:
            return "Everybody passed: no score."
        side = "you and C" if h.bidder & 1 == 0 else "B and D"
        return "%s bid %s for %s: %s.\nPoints: you and C %d, B and D %d.\nGame points: %+d and %+d." % (
            SEATS[h.bidder],
            self.bid_name(h.high_bid),
            side,
            "made" if h.made else "failed",
            h.side_score(0),
            h.side_score(1),
            h.game_points[0],
            h.game_points[1],
        )

    def hint_reason(self, code: int) -> str:
        from .hints_more import bid_reason, card_reason

        h = self.hand
        return bid_reason(h, code) or card_reason(self, code, 6, RANK_POINTS[code % 6], h.trump)


class SixtyFive(Sides):
    """Sixty-Five: 48 cards, spades trumps, twelve tricks."""

    def cards(self, seat: int) -> list:
        h = self.hand
        raw: list = []
        _bits_to_cards(h.hands[seat * 2], 0, raw)
        _bits_to_cards(h.hands[seat * 2 + 1], 24, raw)
        return raw  # ids run suit by suit, spades (trumps) last: already in order

    def card_text(self, card: int) -> str:
        return card48_text(card)

    def status(self) -> str:
        h = self.hand
        return suit_char(3) + " trick %d" % (min(12, h.tricks[0] + h.tricks[1] + 1))

    def action_label(self, code: int) -> str:
        return "Play " + card48_text(code)

    def result_text(self) -> str:
        h = self.hand
        return "Tricks %d and %d, points you and C %d, B and D %d.\nGame points: %d and %d." % (
            h.tricks[0],
            h.tricks[1],
            h.score(0),
            h.score(1),
            h.game_points[0],
            h.game_points[1],
        )

    def hint_reason(self, code: int) -> str:
        from .hints_more import card_reason

        return card_reason(self, code, 12, RANK48_POINTS[code % 12], SPADES)
