"""Computer players for three-hand Sixty-Six.

A three-hand deal is an ordinary two-player hand between the two seats
that are not dealing, so the two-player players (ai.py) play it unchanged:
a seat's player acts on `View(match.hand, match.player_of(seat))`.  The
dealer sitting out has nothing to decide.
"""

from .ai import make_player
from .view import View


class ThreeSeatPlayer:
    """A two-player player sitting at one seat of a three-hand table."""

    def __init__(self, player) -> None:
        self.player = player

    @property
    def nodes(self) -> int:
        return getattr(self.player, "nodes", 0)

    def view(self, match, seat: int):
        """What the seat may know of the hand; ValueError for the dealer."""
        p = match.player_of(seat)
        if p < 0:
            raise ValueError("the dealer sits this hand out")
        return View(match.hand, p)

    def choose(self, view) -> int:
        """Same as the two-player player: for callers that build the View."""
        return self.player.choose(view)


def make_three_player(name: str, seed: int = 1) -> ThreeSeatPlayer:
    """A three-hand computer player by name: one of `sixtysix.ai.PLAYER_NAMES`
    (random, heuristic, easy, medium, hard, classic)."""
    return ThreeSeatPlayer(make_player(name, seed))
