"""The experimental `pimc` player (host only, for the arena): every
decision but the close by perfect-information Monte Carlo over whole
hands.

For each decision it deals WORLDS worlds that agree with its view (the
firmware's sampler: the opponent's shown cards, voids and marriages not
declared), solves each world to the end of the hand with every card
visible, the open stock included (fastsolve.c: draws in stock order,
marriages searched, the trump exchange taken where it may be), and plays
the action with the best total of game points; a tie goes to the rule of
thumb's choice where that is among the best.  Whether to close it asks
as hard does (sixtysix.ai: the closed game solved in sampled worlds).

Two things a plain PIMC player does are left out because they measured
worse (docs/AI-HISTORY.md): weighing CLOSE as one more action of the
solved worlds (each world then closes seeing every card), and letting
either player close inside the solved tree.

It is far beyond a device's budget (a Sixty-Six world from the first
trick can take tens of millions of nodes); it measures how much room the
open-stock game leaves to a player that searches it.
"""

from sixtysix.ai import SearchPlayer
from sixtysix.compat import has
from sixtysix.hand import CLAIM, CLOSE, EXCHANGE
from sixtysix.players import HeuristicPlayer, marriage_to_declare
from sixtysix.view import View

from .fastsolve import FastSolveError, FastSolver, SearchSolver, library

NAME = "pimc"
WORLDS = 20


class PimcPlayer(SearchPlayer):
    def __init__(self, seed: int = 1, worlds: int = WORLDS) -> None:
        try:
            library()  # built now, so the arena's check of its players says it
        except FastSolveError as e:
            raise ValueError("the pimc player needs the C search: %s" % e) from None
        super().__init__("hard", seed)
        self.level = NAME
        self.pimc_worlds = worlds
        self.fast: FastSolver | None = None

    def choose(self, view) -> int:
        self._setup(view.rules)
        self.nodes = 0
        if view.my_score >= 66:
            return CLAIM
        acts = [a for a in view.actions if a != CLAIM and a != CLOSE]
        if has(view.actions, CLOSE) and not has(view.actions, EXCHANGE):
            if self.wants_to_close(view, marriage_to_declare(view)):
                return CLOSE
        if len(acts) == 1:
            return acts[0]
        fast = self.fast
        if fast is None or fast.rules is not view.rules:
            fast = self.fast = FastSolver(view.rules, close_in_tree=False)
        fast.coarse = True
        worlds = 1 if self.sampler.count_worlds_is_one(view) else self.pimc_worlds
        totals = [0] * len(acts)
        world = self.world
        for _ in range(worlds):
            self.sampler.deal(view, self.rng, world)
            fast.load(world)
            for i, a in enumerate(acts):
                totals[i] += fast.value_of(view.player, a)
        top = max(totals)
        rule = HeuristicPlayer.choose(self, view)
        if rule in acts and totals[acts.index(rule)] == top:
            return rule
        return acts[totals.index(top)]


class FastHardPlayer(SearchPlayer):
    """Hard with every search in C and no node budget (host only): hard's
    plan as it plays where nodes cost nothing, and the player that
    finishes a hand in the experiments' rollouts."""

    def __init__(self, seed: int = 1) -> None:
        super().__init__("hard", seed)
        self.solver_class = SearchSolver
        self.max_nodes = 1 << 40


def play_out(hand, players, me: int) -> int:
    """Play a Hand to its end with two players by seat (each from its own
    view); the game points player `me` won, negative if it lost."""
    while not hand.over:
        p = hand.turn
        hand.act(players[p].choose(View(hand, p)))
    if hand.winner < 0:
        return 0
    return hand.game_points if hand.winner == me else -hand.game_points
