"""Alpha-beta over the known hands of a bidding game for two or three: the
last few tricks, for the search player (ai_bid.py).

It is four-hand's solver (solver_four.py) with the seats renumbered from
the bidder, so that a seat's side is its lowest bit as there: the bidder
is 0 and the others 1 (and 3 at a table of three, where place 2 is the
empty one four-hand's solver skips as it skips a soloist's partner).
Values are seen from the bidder (side 0): game points * 1000 + point
margin, as four-hand's.  A moon is four-hand's solo with every trick
needed (the rules' solo_all_tricks).  The player asks it only about the
last MAX_TRICKS_DEEP tricks, where a ply lists a few moves: four-hand's
move slots (16 a ply) always suffice there.
"""

from .solver_four import FourSolver

_EMPTY = 2  # the inner place nobody sits in at a table of three


class BidSolver(FourSolver):
    def inner(self, seat: int, bidder: int, seats: int) -> int:
        """The inner seat of a table seat."""
        rel = (seat - bidder) % seats
        return 3 if rel == _EMPTY else rel

    def load(self, view, hands) -> None:
        """A world: the view's public state and every table seat's cards."""
        super().load(view, hands)
        n = view.seats
        b = view.bidder
        for s in range(4):
            self.hands[s] = 0
        for s in range(n):
            self.hands[self.inner(s, b, n)] = hands[s]
        if view.best_seat >= 0:
            self.best_seat = self.inner(view.best_seat, b, n)
        self.turn = self.inner(view.turn, b, n)
        self.sitting = _EMPTY if n == 3 else -1
        self.active = n
        self.bid_side = 0
        self.total_tricks = 24 // n

    def _next_seat(self, p: int) -> int:
        if self.active == 2:
            return 1 - p
        return FourSolver._next_seat(self, p)
