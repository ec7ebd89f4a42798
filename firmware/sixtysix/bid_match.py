"""A match of the bidding game for two or three (bid.py): scores by seat,
the deal passing to the left, and who wins.

The bidder's game points go to the bidder; each of the others is booked
the others' points // 33.  A bidder who reaches the target wins; otherwise
the one seat with the most points at or over it; two of the others level
there play on.
"""

from .bid import SEAT_LETTERS, BidHand
from .four import BIDDING
from .rng import Rng


class BidMatch:
    """A match for two or three (rules.seats): scores by seat, the deal
    passing to the left.  The bidder's game points go to the bidder; each
    of the others gets the others' points // 33."""

    def __init__(self, rules, seed: int = 1) -> None:
        self.rules = rules
        self.name = rules.name
        self.seats = rules.seats
        self.rng = Rng(seed)
        self.hand = BidHand(rules)
        self.scores = [0] * rules.seats
        self.awarded = [0] * rules.seats
        self.dealer = -1
        self.winner = -1  # seat
        self.hands_played = 0
        self._order = bytearray(24)

    # --- the game interface (games.py) ------------------------------------------

    def act(self, code: int) -> None:
        self.hand.act(code)

    def turn_seat(self) -> int:
        return self.hand.turn

    def seat_of(self, player: int) -> int:
        return player

    def player_of(self, seat: int) -> int:
        return seat

    def progress(self) -> int:
        h = self.hand
        return h.tricks[0] + h.tricks[1] + (100 if h.phase != BIDDING else 0) + (1000 if h.over else 0)

    def outcome(self) -> tuple:
        """The booked hand from seat A's chair: 0 if A's side won it."""
        h = self.hand
        winner = -1
        if h.winner >= 0:
            winner = 0 if h.side_of(0) == h.winner else 1
        against = sum(self.awarded) - self.awarded[0]
        return winner, self.awarded[0], against, False

    # --- dealing --------------------------------------------------------------

    def _shuffled(self) -> bytearray:
        order = self._order
        for c in range(24):
            order[c] = c
        self.rng.shuffle(order)
        return order

    def draw_for_dealer(self) -> int:
        """Each seat draws a card; the single lowest rank deals, else draw again."""
        n = self.seats
        while True:
            order = self._shuffled()
            low = 6
            lows = 0
            for s in range(n):
                r = order[s] % 6
                if r < low:
                    low = r
                    lows = 0
                if r == low:
                    lows += 1
                    self.dealer = s
            if lows == 1:
                return self.dealer

    def deal(self, dealer: int, hands) -> BidHand:
        """Start a hand from explicit cards (by seat); ValueError if wrong."""
        if self.winner >= 0:
            raise ValueError("the match is over")
        if self.dealer >= 0 and dealer != self.dealer:
            how = "alternates" if self.seats == 2 else "passes to the left"
            raise ValueError("the dealer must be %s: the deal %s" % (SEAT_LETTERS[self.dealer], how))
        self.hand.deal(dealer, hands)
        self.dealer = dealer
        return self.hand

    def start_hand(self) -> BidHand:
        if self.winner >= 0:
            raise ValueError("the match is over")
        if self.dealer < 0:
            self.draw_for_dealer()
        self.hand.deal_shuffled(self.dealer, self._shuffled())
        return self.hand

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
        self.winner = self._leader(h.bidder)
        self.hands_played += 1
        self.dealer = (self.dealer + 1) % self.seats

    def _leader(self, bidder: int) -> int:
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
