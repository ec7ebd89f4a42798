"""A match of the bidding game for two or three (bid.py): scores by seat,
the deal passing to the left, and who wins.

The bidder's game points go to the bidder; each of the others is booked
the others' points // 33.  A bidder who reaches the target wins; otherwise
the one seat with the most points at or over it; two of the others level
there play on.
"""

from .bid import BidHand
from .four import BIDDING
from .matchbase import SeatedMatch


class BidMatch(SeatedMatch):
    """A match for two or three (rules.seats): scores by seat, the deal
    passing to the left."""

    def __init__(self, rules, seed: int = 1) -> None:
        super().__init__(rules, seed, BidHand(rules), rules.seats)
        self.seats = rules.seats
        self._chairs = rules.seats  # who draws for the first deal
        # winner: a seat

    # --- the game interface (games.py) ------------------------------------------

    def progress(self) -> int:
        return super().progress() + (100 if self.hand.phase != BIDDING else 0)

    def outcome(self) -> tuple:
        """The booked hand from seat A's chair: 0 if A's side won it."""
        h = self.hand
        winner = -1
        if h.winner >= 0:
            winner = 0 if h.side_of(0) == h.winner else 1
        against = sum(self.awarded) - self.awarded[0]
        return winner, self.awarded[0], against, False

    def finish_hand(self) -> None:
        """Book the finished hand.  A bidder who reaches the target wins the
        match; otherwise the one seat with the most points at or over it;
        two of the others level there play on."""
        h = self.hand
        if not h.over:
            raise ValueError("the hand is not over")
        for s in range(self.seats):
            pts = h.game_points[h.side_of(s)] if h.bidder >= 0 else 0
            self.awarded[s] = pts
            self.scores[s] += pts
            if self.rules.no_negative and self.scores[s] < 0:
                self.awarded[s] -= self.scores[s]
                self.scores[s] = 0
        self.winner = self.leader(h.bidder)
        self.hands_played += 1
        self.dealer = (self.dealer + 1) % self.seats

    def leader(self, bidder: int) -> int:
        """The seat that has won once `bidder` (-1: nobody) has booked a
        hand, or -1 while the match goes on."""
        target = self.rules.target
        if bidder >= 0 and self.scores[bidder] >= target:
            return bidder
        best = -1
        level = False
        for s in range(self.seats):
            if self.scores[s] < target:
                continue
            if best < 0 or self.scores[s] > self.scores[best]:
                best = s
                level = False
            elif self.scores[s] == self.scores[best]:
                level = True
        return -1 if level else best
