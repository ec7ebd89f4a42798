"""What the matches of the games for three and four seats share beyond
`match.Match`, which they build on: an illegal action named by its table
seat, the draw for the first dealer among three or four, and an explicit
deal with its checks.

A module of its own, imported by the match modules of those games only, so
neither a hand (hand.py, four.py's FourHand) nor the game for two compiles
more than before: the portable tests compile the core from source at 64K
words, and the game for two is the nearest the device's heap limit.
"""

from .hand import IllegalAction
from .match import Match

_SEAT_LETTERS = "ABCD"


class SeatIllegal(IllegalAction):
    """An `IllegalAction` that names the table seat (A, B, C or D) instead
    of the two-player hand's A or B: `reason` is for the player, the
    message adds the seat."""

    def __init__(self, seat: int, reason: str) -> None:
        super(IllegalAction, self).__init__(_SEAT_LETTERS[seat] + " " + reason)  # skip the "AB" naming
        self.player = seat
        self.reason = reason


class SeatedMatch(Match):
    """A match round three or four chairs (`_chairs`), whose cards have
    `_ranks` ranks a suit."""

    _chairs = 4
    _ranks = 6

    def draw_for_dealer(self) -> int:
        """Each seat draws a card; the single lowest rank deals, otherwise
        everyone draws again.  Returns the first dealer and sets it."""
        ranks = self._ranks
        while True:
            order = self._shuffled()
            low = ranks
            dealer = -1
            for s in range(self._chairs):
                r = order[s] % ranks
                if r < low:
                    low = r
                    dealer = s
                elif r == low:
                    dealer = -1
            if dealer >= 0:
                self.dealer = dealer
                return dealer

    def _check_dealer(self, dealer: int) -> None:
        """ValueError unless a hand may be dealt now by this dealer."""
        if self.winner >= 0:
            raise ValueError("the match is over")
        if self.dealer >= 0 and dealer != self.dealer:
            seat = _SEAT_LETTERS[self.dealer]
            raise ValueError("the dealer must be %s: the deal passes to the left" % seat)

    def deal(self, dealer: int, hands):
        """Start a hand from explicit cards (by seat; Sixty-Five's by seat
        and half) and return it; ValueError if the cards or the dealer are
        wrong.  Three-hand, whose hand is dealt as the two-player one, has
        its own."""
        self._check_dealer(dealer)
        self.hand.deal(dealer, hands)
        self.dealer = dealer
        return self.hand
