"""The screen adapter of Sixty-Six with bidding for two and for three
(bid.py): an auction, then the bidder alone against the rest.  It asks the
table what four-hand's does, without partners: every seat plays, scores
are by seat, and bid 5 is the moon (every trick), not a solo."""

from sixtysix.cards import RANK_POINTS

from .seats import SEATS, Seats
from .seats_sides import Four


def _name(seat: int) -> str:
    return "you" if seat == 0 else SEATS[seat]


class Bid(Four):
    """bid-two and bid-three: the number of seats comes from the registry."""

    def active(self, seat: int) -> bool:
        return True

    @staticmethod
    def bid_name(n: int) -> str:
        return "moon" if n >= 5 else "%d" % (n * 33)

    def action_label(self, code: int) -> str:
        from sixtysix.four import BID

        if code > BID and code - BID >= 5:
            return "Moon (every trick)"
        return Four.action_label(self, code)

    # Scores by seat, as three-hand's, not by side as four-hand's.
    scores = Seats.scores
    score_text = Seats.score_text
    match_over_text = Seats.match_over_text

    def result_text(self) -> str:
        """How the hand went, before it is booked."""
        from sixtysix.four import R_PASSED_OUT

        h = self.hand
        if h.reason == R_PASSED_OUT:
            return "Everybody passed: no score."
        others = "the others" if self.seats == 3 else _name(1 - h.bidder)
        return "%s bid %s: %s.\nPoints: %s %d, %s %d.\nGame points: %+d and %+d." % (
            "You" if h.bidder == 0 else SEATS[h.bidder],
            self.bid_name(h.high_bid),
            "made" if h.made else "failed",
            _name(h.bidder),
            h.side_score(0),
            others,
            h.side_score(1),
            h.game_points[0],
            h.game_points[1],
        )

    def hint_reason(self, code: int) -> str:
        from sixtysix.four import BID

        from .hints_more import bid_reason, card_reason

        h = self.hand
        if code > BID and code - BID >= 5:
            return "Moon: you can take every trick."
        if code > BID:
            return "Bid %d: alone, you can reach %d." % (code - BID, 33 * (code - BID))
        # With three, the other defender is your partner for the hand.
        partner = -1
        for s in range(1, self.seats):
            if h.bidder >= 0 and h.side_of(s) == h.side_of(0):
                partner = s
        return bid_reason(h, code) or card_reason(self, code, 6, RANK_POINTS[code % 6], h.trump, partner)
