"""The built-in opponent: exact search where it can, sampling where cards
are hidden, rules of thumb where the stock is still open.

- Stock closed or exhausted: every legal action is scored by the exact
  solver over worlds dealt from the player's view (one world once the stock
  is exhausted: then every card's place is known and play is exact).
- Stock open: the rule-of-thumb player chooses plays, marriages and
  exchanges, but the decision to close is made by solving the closed game
  over sampled worlds.
- A player with 66 claims at once, and never claims falsely.

Budgets are deterministic units (worlds per decision), so a seed reproduces
every move and the time on a device is predictable.
"""

from .cards import set_points
from .compat import const
from .hand import CLAIM, CLOSE, EXCHANGE, MARRY, Hand
from .players import HeuristicPlayer, RandomPlayer
from .rng import Rng
from .sampling import WorldSampler
from .solver import Solver

try:
    from typing import Any  # noqa: F401  (annotations only)
except ImportError:
    pass

_WIN = const(66)
_GP = const(1000)
# Close when closing wins in at least this many tenths of the sampled
# worlds and is worth at least this many thousandths of a game point on
# average.
CLOSE_WIN_TENTHS = 9
CLOSE_MIN_VALUE = 1000

# level: (worlds for a strict-phase move, worlds to judge closing, open-stock
#         search from this many face-down cards down (-1: never), worlds for
#         an open-stock move, share of moves played at random, may close,
#         search nodes after which no further world is started)
LEVELS = {
    "easy": (0, 0, -1, 0, 30, False, 0),
    "medium": (3, 0, -1, 0, 0, True, 3000),
    "hard": (10, 10, 1, 6, 0, True, 20000),
}
PLAYER_NAMES = ("random", "heuristic", "easy", "medium", "hard")


class SearchPlayer(HeuristicPlayer):
    def __init__(self, level: str = "hard", seed: int = 1) -> None:
        if level not in LEVELS:
            raise ValueError("unknown level '%s'" % level)
        self.level = level
        (
            self.strict_worlds,
            self.close_worlds,
            self.open_from,
            self.open_worlds,
            self.blunder,
            self.may_close,
            self.max_nodes,
        ) = LEVELS[level]
        self.rng = Rng(seed)
        # Built for the rules of the first view seen (see _setup).
        self.rules: Any = None
        self.solver: Any = None
        self.sampler: Any = None
        self.world: Any = None
        self.totals = [0] * 16  # value sums per legal action
        self.won_in = [0] * 16  # worlds in which each action wins the hand
        self.this_world = [0] * 16  # values in the world being searched
        self.nodes = 0  # search nodes of the last decision
        # What the last searched decision found, for hints: worlds searched,
        # worlds in which the chosen action wins, and its summed value.
        self.worlds = 0
        self.wins = 0
        self.value = 0
        self.close_wins = 0  # worlds in which closing won, when it was judged
        self.close_judged = 0  # worlds searched for that judgement

    def _setup(self, rules) -> None:
        if self.rules is not rules:
            self.rules = rules
            self.solver = None  # let the old tables go before making new ones
            self.solver = Solver(rules)
            self.sampler = WorldSampler(rules)
            self.world = Hand(rules)

    def choose(self, view) -> int:
        self._setup(view.rules)
        self.nodes = 0
        self.worlds = 0
        acts = view.actions
        if view.my_score >= _WIN:
            return CLAIM
        if self.blunder and self.rng.below(100) < self.blunder:
            n = len(acts) - 1  # CLAIM is listed last: never a false claim
            return acts[self.rng.below(n)] if n > 0 else acts[0]
        if view.strict and self.strict_worlds:
            return self._search(view, self.strict_worlds)
        if not view.strict and view.facedown <= self.open_from and view.pending < 0:
            return self._search(view, self.open_worlds)
        return HeuristicPlayer.choose(self, view)

    def wants_to_close(self, view, marry: int) -> bool:
        if not self.may_close:
            return False
        if not self.close_worlds:
            return HeuristicPlayer.wants_to_close(self, view, marry)
        if not self._could_close(view, marry):
            return False
        me = view.player
        wins = 0
        total = 0
        done = 0
        world = self.world
        solver = self.solver
        for _ in range(self.close_worlds):
            self.sampler.deal(view, self.rng, world)
            world.act(CLOSE)
            solver.load(world)
            solver.coarse = True
            solver.limit = max(self.max_nodes - self.nodes, 1)
            v = solver.best(me)
            self.nodes += solver.nodes
            if solver.aborted:
                break
            done += 1
            total += v
            if v > 0:
                wins += 1
        if done * 2 < self.close_worlds:
            return False  # too few worlds judged to risk it
        self.close_wins = wins
        self.close_judged = done
        # Close when it wins in nearly every world and is worth a game point
        # on average: the open game is worth less than that to most hands.
        return wins * 10 >= done * CLOSE_WIN_TENTHS and total >= CLOSE_MIN_VALUE * done

    @staticmethod
    def _could_close(view, marry: int) -> bool:
        """A quick necessary-looking test before searching a close: the
        player's score, the points in hand and a marriage must come near 66."""
        pts = view.my_score + set_points(view.hand)
        if marry >= 0:
            pts += 40 if marry == view.trump else 20
        return pts >= 56

    def _search(self, view, worlds: int) -> int:
        """Score every legal action over sampled worlds with the solver."""
        acts = view.actions
        n = len(acts)
        if acts[n - 2] == EXCHANGE or (n > 2 and acts[n - 3] == EXCHANGE):
            return EXCHANGE  # a better trump for a worse one: always taken
        totals = self.totals
        won_in = self.won_in
        for i in range(n):
            totals[i] = 0
            won_in[i] = 0
        if self.sampler.count_worlds_is_one(view):
            worlds = 1
        world = self.world
        solver = self.solver
        me = view.player
        exact = worlds == 1
        done = 0
        this = self.this_world
        for _ in range(worlds):
            if done and self.nodes >= self.max_nodes:
                break  # the node budget is spent: decide on the worlds searched
            self.sampler.deal(view, self.rng, world)
            solver.load(world)
            solver.nodes = 0
            # One exact world (stock exhausted) is searched to the end; a
            # sampled one only within what is left of the budget.
            solver.limit = 1000000 if exact else max(self.max_nodes - self.nodes, 1)
            # Sampled worlds need only game points (far fewer nodes); the
            # exact world keeps the margin as tie-break.
            solver.coarse = not exact
            for i in range(n):
                a = acts[i]
                this[i] = solver.value_of(me, a) if a != CLAIM else 0
            self.nodes += solver.nodes
            if solver.aborted:
                break
            done += 1
            for i in range(n):
                totals[i] += this[i]
                if this[i] >= _GP:
                    won_in[i] += 1
        if not done:  # not even one world fitted the budget
            return HeuristicPlayer.choose(self, view)
        best = -1
        for i in range(n):
            if acts[i] == CLAIM:
                continue
            # On a tie in game points a marriage beats the plain lead.
            if best < 0 or totals[i] > totals[best] or (totals[i] == totals[best] and acts[i] >= MARRY):
                best = i
        self.worlds = done
        self.wins = won_in[best]
        self.value = totals[best]
        return acts[best]


def make_player(name: str, seed: int = 1):
    """A computer player by name: random, heuristic, easy, medium, hard."""
    if name == "random":
        return RandomPlayer(seed)
    if name == "heuristic":
        return HeuristicPlayer()
    if name in LEVELS:
        return SearchPlayer(name, seed)
    raise ValueError("unknown player '%s' (%s)" % (name, ", ".join(PLAYER_NAMES)))
