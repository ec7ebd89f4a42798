"""The built-in opponent: exact search where it can, sampling where cards
are hidden, rules of thumb where the stock is still open.

- Stock closed or exhausted: every legal action is scored by the exact
  solver over worlds dealt from the player's view (one world once the stock
  is exhausted: then every card's place is known and play is exact).
- Stock open: the hard level chooses its plain leads and follows by
  weights learned from rollouts (openplay.py); marriages and exchanges
  follow the rule of thumb (players.py), the last draw trick is searched
  to the end, and the decision to close is made by solving the closed
  game over sampled worlds.
- A player with 66 claims at once, and never claims falsely.

Budgets are deterministic: worlds per decision and a cap on the search
nodes of one decision, set from what a node costs on an RP2040
(docs/AI.md), so a seed reproduces every move and the time on
a device is bounded.  `classic` keeps the hard level as it was before those
caps, to measure the others against.
"""

from .cards import set_points
from .compat import const, has, named_player, take
from .hand import CLAIM, CLOSE, EXCHANGE, MARRY, Hand
from .players import HeuristicPlayer, RandomPlayer, marriage_to_declare
from .rng import Rng
from .sampling import WorldSampler
from .solverbase import NO_HORIZON

try:
    from typing import Any  # noqa: F401  (annotations only)
except ImportError:
    pass

_WIN = const(66)
_GP = const(1000)
_LOST = const(10000)  # below any value: an action left out of a comparison


def decision_cards(view) -> int:
    """The cards among which the learned choice (openplay.py) chooses, as
    a set, or 0: the stock is open, no marriage card is owed, neither a
    marriage nor the trump exchange is on offer, the player has not 66,
    and two or more cards are legal."""
    if view.strict or view.pending >= 0 or view.my_score >= _WIN:
        return 0
    for a in view.actions:
        if MARRY <= a <= EXCHANGE:
            return 0
    cards = view.legal_plays
    if cards & (cards - 1) == 0:
        return 0
    return cards


class Level:
    """What one level of play may spend and how it decides.

    - strict_worlds: worlds searched to the end for a move once the stock
      is closed or exhausted (0: rule of thumb)
    - close_worlds: worlds of the closed game solved to judge closing
      (0: rule of thumb)
    - open_from: with this many face-down cards or fewer, an open-stock
      move is searched to the end of the hand (-1: never)
    - open_worlds: worlds for such a move
    - blunder: percent of moves played at random
    - may_close: whether it ever closes
    - max_nodes: search nodes after which no further world is started and
      a world under way is cut short; the device-time budget (docs/AI.md)
    - close_margin: game points (thousandths) that closing must be worth,
      on average over the solved worlds (classic)
    - close_tenths: tenths of the solved worlds that closing must win
      (classic)
    - close_min: worlds that must be won to close, when closing is
      judged apart
    - close_losses: worlds that may be lost, when closing is judged apart
    - old_ties: exchanging and closing win ties with plain moves, as
      marriages do (the classic level; it closed hands lost anyway)
    - close_apart: closing is always judged by wants_to_close, never as one
      more action of the search to the hand's end (there each world's
      close is solved seeing every card, which flatters it most)
    - open_policy: plain open-stock leads and follows by the learned
      weights of openplay.py, not by the rule of thumb
    - listed_worlds: where the view leaves this many worlds or fewer (the
      last draw trick, the end of a closed stock), a search solves each
      once instead of sampling (0: always sample)
    """

    # The defaults; a level names only what it changes (fewer bytes of
    # code on the device than an __init__ with every field).
    strict_worlds = 0
    close_worlds = 0
    open_from = -1
    open_worlds = 0
    blunder = 0
    may_close = True
    max_nodes = 0
    close_margin = 1000
    close_tenths = 9
    close_min = 4
    close_losses = 0
    old_ties = False
    close_apart = False
    open_policy = False
    listed_worlds = 0

    def __init__(self, **changes) -> None:
        for name in changes:
            if not hasattr(Level, name):
                raise ValueError("no level setting '%s'" % name)
            setattr(self, name, changes[name])


LEVELS = {
    "easy": Level(blunder=30, may_close=False),
    "medium": Level(
        strict_worlds=3,
        close_worlds=4,
        open_from=1,
        open_worlds=2,
        max_nodes=4500,
        close_apart=True,
        close_min=3,
    ),
    "hard": Level(
        strict_worlds=10,
        close_worlds=10,
        open_from=1,
        open_worlds=6,
        max_nodes=14000,
        close_apart=True,
        close_min=3,
        close_losses=1,
        open_policy=True,
        listed_worlds=10,
    ),
    # The hard level before device-time budgets: far more nodes, closing
    # weighed inside the last open-stock search, exchanging and closing
    # winning ties.  Kept to measure the others against.
    "classic": Level(
        strict_worlds=10,
        close_worlds=10,
        open_from=1,
        open_worlds=6,
        max_nodes=20000,
        old_ties=True,
    ),
}
PLAYER_NAMES = ("random", "heuristic", "easy", "medium", "hard", "classic")

# The budgets above are set for the viper search on an RP2040
# (sixtysix_viper), as `sixtysix deploy` puts it there: hard took 660 ms
# at p95 over 300 random Sixty-Six positions on the emulated Pico
# (docs/AI.md).  Where a board runs the plain solver as bytecode (a frozen
# image, a mip install, CircuitPython, a MicroPython that cannot load
# mpy-cross's machine code), a node takes about 9 times as long, and a
# level spends this share of its budget, in percent: hard 1,540 nodes and
# medium 495, what that route was measured to fit before (about 0.8 s at
# p95 for hard).
BYTECODE_SHARE = const(11)


# What a search player searches with, shared by every player of the process
# as ai65's scratch is: players decide in turn, never at once, a world is
# dealt afresh for each search and `Solver.load` forgets the table's
# contents, so sharing changes no move.  Two computer seats (the three-hand
# table's, or hard against hard) then hold one solver, not two: 5.8 KB on a
# 32-bit build, most of it the transposition table.  A solver made for
# another rules object (the app makes one with each match it starts or
# restores: 50 in 3,000 presses of OK in the simulator against hard) takes
# over the old one's table: 5.3 KB that need not be found again, in 1 KB
# pieces, in a heap the game has used.
# [rules, solver class, solver, sampler, world, listing.list_worlds once
# loaded]
_SHARED: list = [None, None, None, None, None, None]
# A search's sums, per legal action, shared the same way: value sums over
# the worlds searched, worlds in which the action wins the hand, values in
# the world being searched (a second search seat then costs 240 bytes less
# on a 32-bit build).
_TOTALS = [0] * 16
_WON_IN = [0] * 16
_THIS_WORLD = [0] * 16


def release_search() -> None:
    """Let the shared solver, sampler and world go (the app calls this
    when it sets a table from the menus: the next game may not search as
    these players do); the next search makes them again."""
    s = _SHARED
    for i in range(len(s)):
        s[i] = None


def viper_solver():
    """The class of the solver whose search runs as viper code
    (sixtysix_viper, which only `sixtysix deploy` puts on a board that
    loads its machine code), or None where it does not import: CPython,
    CircuitPython, a frozen image, a mip install, or a heap too full to
    load it.  Both play the same moves for the same nodes."""
    try:
        from sixtysix_viper.solver import ViperSolver
    except Exception:  # ImportError, or the compile error of a port without viper
        return None
    return ViperSolver


def node_share(implementation: str, platform: str, fast: bool) -> int:
    """Percent of a level's node budget to spend: all of it on a computer
    (CPython, MicroPython's unix and windows ports: no device time to keep,
    and the tools publish figures at the budgets as set) and wherever the
    search runs as viper code (`fast`); BYTECODE_SHARE on a board that runs
    the plain solver as bytecode."""
    if fast or implementation == "cpython" or platform in ("linux", "darwin", "win32"):
        return 100
    return BYTECODE_SHARE


class SearchPlayer(HeuristicPlayer):
    # Taken from the Level in __init__, declared for the type checker.
    strict_worlds: int
    close_worlds: int
    open_from: int
    open_worlds: int
    blunder: int
    may_close: bool
    max_nodes: int

    def __init__(self, level: str = "hard", seed: int = 1) -> None:
        if level not in LEVELS:
            raise ValueError("unknown level '%s'" % level)
        self.level = level
        lv = LEVELS[level]
        self.lv = lv
        # The settings a search reads as its own attributes (the tools
        # change some of them on one player).
        take(
            self,
            lv,
            (
                "strict_worlds",
                "close_worlds",
                "open_from",
                "open_worlds",
                "blunder",
                "may_close",
                "max_nodes",
            ),
            (),
        )
        import sys

        # Chosen once, so the budget's share always fits the solver searched.
        self.solver_class = viper_solver()
        fast = self.solver_class is not None
        if not fast:
            from .solver import Solver  # only here: a board with viper never loads it

            self.solver_class = Solver
        share = node_share(sys.implementation.name, sys.platform, fast)
        self.max_nodes = self.max_nodes * share // 100
        self.rng = Rng(seed)
        # Built for the rules of the first view seen (see _setup).
        self.rules: Any = None
        self.solver: Any = None
        self.sampler: Any = None
        self.world: Any = None
        self.evaluator: Any = None  # for a depth-limited search (tools' lookahead)
        self.features: Any = None  # openplay's feature list, made on first use
        self.totals = _TOTALS
        self.won_in = _WON_IN
        self.this_world = _THIS_WORLD
        self.nodes = 0  # search nodes of the last decision
        # What the last searched decision found, for hints: worlds searched,
        # worlds in which the chosen action wins, and its summed value.
        self.worlds = 0
        self.wins = 0
        self.value = 0
        self.close_wins = 0  # worlds in which closing won, when it was judged
        self.close_judged = 0  # worlds searched for that judgement
        # The last decision counted wins (_count_wins) instead of values.
        self.counted_wins = False
        # The last decision (in _exact) valued its actions margin included.
        self.valued_margin = False

    def _setup(self, rules) -> None:
        s = _SHARED
        if s[0] is not rules or s[1] is not self.solver_class:
            tables = s[2].tables() if s[2] is not None else None
            release_search()
            self.solver = self.sampler = self.world = None
            s[2] = self.solver_class(rules, tables)
            s[3] = WorldSampler(rules)
            s[4] = Hand(rules)
            s[0] = rules
            s[1] = self.solver_class
        self.rules = rules
        self.solver = s[2]
        self.sampler = s[3]
        self.world = s[4]

    def choose(self, view) -> int:
        self._setup(view.rules)
        self.nodes = 0
        self.worlds = 0
        self.close_judged = 0
        self.counted_wins = False
        self.valued_margin = False
        acts = view.actions
        if view.my_score >= _WIN:
            return CLAIM
        if self.blunder and self.rng.below(100) < self.blunder:
            n = len(acts) - 1  # CLAIM is listed last: never a false claim
            return acts[self.rng.below(n)] if n > 0 else acts[0]
        if view.strict and self.strict_worlds:
            return self._search(view, self.strict_worlds, NO_HORIZON)
        if view.strict or view.pending >= 0:
            return HeuristicPlayer.choose(self, view)
        if view.facedown <= self.open_from:
            if self.lv.close_apart and self._close_now(view):
                return CLOSE
            return self._search(view, self.open_worlds, NO_HORIZON)
        return self._open_move(view)

    def _open_move(self, view) -> int:
        """A move while two or more cards lie face down: the learned card
        choice where the level has it, else the rule of thumb (closing
        judged by search either way).  The host's experimental lookahead
        player (tools) searches here instead."""
        if self.lv.open_policy:
            cards = decision_cards(view)
            if cards:
                if has(view.actions, CLOSE) and self.wants_to_close(view, -1):
                    return CLOSE
                return self._learned_card(view, cards)
        return HeuristicPlayer.choose(self, view)

    def _learned_card(self, view, cards: int) -> int:
        """openplay's choice among `cards`.  The module and its weights
        (about 2 KB of a 32-bit heap) are loaded at the first such move and
        kept: loading them again for every card took most of that move's
        time on the chip and left the heap in pieces (docs/AI.md)."""
        try:
            from . import openplay
        except RuntimeError:
            # Too little stack left to load a module (a small board's C
            # stack, deep in the app): the rule of thumb, as a search cut
            # short by the stack falls back on it (compat.out_of_stack).
            return HeuristicPlayer.choose(self, view)
        if self.features is None:
            self.features = bytearray(openplay.NFEATURES)
        return openplay.choose(view, cards, self.features)

    def _close_now(self, view) -> bool:
        """Whether to close before anything else (exchanging comes first)."""
        acts = view.actions
        if not self.may_close or not has(acts, CLOSE) or has(acts, EXCHANGE):
            return False
        return self.wants_to_close(view, marriage_to_declare(view))

    def wants_to_close(self, view, marry: int) -> bool:
        if not self.may_close:
            return False
        if not self.close_worlds:
            return HeuristicPlayer.wants_to_close(self, view, marry)
        if not self._could_close(view, marry):
            return False
        budget = self.max_nodes * 2 // 3 if self.lv.close_apart else self.max_nodes
        if self.nodes >= budget:
            # Spent (a search fell back to the rule of thumb): its count.
            return HeuristicPlayer.wants_to_close(self, view, marry)
        if self.lv.close_apart:
            return self._close_wins_everywhere(view, budget)
        me = view.player
        wins = 0
        total = 0
        done = 0
        solver = self.solver
        for _ in range(self.close_worlds):
            self._world(view, budget, True)
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
        # Close when it wins in nearly every world and is worth a game
        # point on average: the open game is worth less to most hands.
        need = self.lv.close_margin
        return wins * 10 >= done * self.lv.close_tenths and total >= need * done

    def _close_wins_everywhere(self, view, budget: int) -> bool:
        """Close only if the closed game is won in every sampled world
        solved (at least close_min of them, within two thirds of the
        budget; the move that keeps the stock open gets the rest).  Each
        world asks only "won or not?" and the first world lost ends it,
        so a judgement costs a fraction of solving the worlds' values.
        A solved world sees every card, which flatters a close:
        docs/AI.md says how often such closes were won."""
        me = view.player
        solver = self.solver
        done = 0
        lost = 0
        for _ in range(self.close_worlds):
            self._world(view, budget, True)
            won = solver.wins(me)
            self.nodes += solver.nodes
            if solver.aborted:
                break
            done += 1
            if not won:
                lost += 1
                if lost > self.lv.close_losses:
                    break
        self.close_judged = done
        self.close_wins = done - lost
        return lost <= self.lv.close_losses and done - lost >= self.lv.close_min

    @staticmethod
    def _could_close(view, marry: int) -> bool:
        """A quick necessary-looking test before searching a close: the
        player's score, the points in hand and a marriage must come near 66."""
        pts = view.my_score + set_points(view.hand)
        if marry >= 0:
            pts += 40 if marry == view.trump else 20
        return pts >= 56

    def _search(self, view, worlds: int, horizon: int) -> int:
        """Score every legal action over sampled worlds with the solver,
        to the end of the hand or, below NO_HORIZON, `horizon` plies deep
        and then by the learned evaluation (closing is then left out: it
        is judged by solving the closed game, in wants_to_close)."""
        acts = view.actions
        n = len(acts)
        if acts[n - 2] == EXCHANGE or (n > 2 and acts[n - 3] == EXCHANGE):
            return EXCHANGE  # a better trump for a worse one: always taken
        totals = self.totals
        won_in = self.won_in
        for i in range(n):
            totals[i] = 0
            won_in[i] = 0
        listed = 0  # worlds listed by the sampler, each solved once (0: sampled)
        if self.sampler.count_worlds_is_one(view):
            if self.lv.close_apart and horizon == NO_HORIZON:
                return self._exact(view)
            worlds = 1
        elif self.lv.listed_worlds:
            lister = _SHARED[5]
            if lister is None:
                from .listing import list_worlds as lister

                _SHARED[5] = lister
            listed = lister(self.sampler, view, self.lv.listed_worlds)
            worlds = listed or worlds
        solver = self.solver
        exact = worlds == 1
        done = 0
        this = self.this_world
        solver.horizon = horizon
        solver.evaluator = self.evaluator
        deep = horizon == NO_HORIZON
        # Closing is judged apart (wants_to_close) in a depth-limited search
        # and for levels that ask for it.
        no_close = not deep or self.lv.close_apart
        # Levels with a device-time budget; their exact world went to _exact.
        capped = self.lv.close_apart
        for w in range(worlds):
            if done and self.nodes >= self.max_nodes:
                break  # the node budget is spent: decide on the worlds searched
            self._world(view, self.max_nodes, False, w if listed else -1)
            # Classic searches one exact world to the end; a sampled one
            # only within what is left of the budget.
            if exact and not capped:
                solver.limit = 1000000
            if capped and not done:
                # The first world may take half the budget: past that, the
                # position is too big to value and the rest of the budget
                # goes to counting wins instead (_count_wins).
                solver.limit = max((self.max_nodes - self.nodes) // 2, 1)
            # Sampled worlds need only game points (far fewer nodes); the
            # classic level's exact world keeps the margin as tie-break.
            solver.set_coarse(not exact or capped)
            self._values(acts, no_close, this)
            self.nodes += solver.nodes
            if solver.aborted:
                break
            done += 1
            for i in range(n):
                totals[i] += this[i]
                if this[i] >= _GP:
                    won_in[i] += 1
        solver.horizon = NO_HORIZON
        if not done and self.lv.close_apart and deep:
            return self._count_wins(view, worlds, no_close, listed)
        if not done:  # not even one world fitted the budget
            return HeuristicPlayer.choose(self, view)
        best = self._pick(acts, no_close)
        self.worlds = done
        self.wins = won_in[best]
        self.value = totals[best]
        return acts[best]

    def _exact(self, view) -> int:
        """The stock is gone: one world, every card's place known, and the
        search is exact.  First which actions win the hand (_count_wins: a
        null window each, about a third of the cost of their values), then,
        if it fits, the game points of the actions that do as well as the
        best; a step that does not fit leaves the answer of the one before,
        so a position too big to value is still played to win where it can
        be won, not by rule of thumb."""
        code = self._count_wins(view, 1, True)
        if not self.worlds:
            return code
        acts = view.actions
        totals = self.totals
        this = self.this_world
        solver = self.solver
        for i in range(len(acts)):
            totals[i] = self.won_in[i] - self.wins  # 0: as good as the best so far
        for margin in range(2):
            # game points, then (in under a third of the budget) the margin
            if margin and self.nodes * 3 > self.max_nodes:
                break
            done = solver.nodes
            solver.limit = done + self.max_nodes - self.nodes
            solver.set_coarse(not margin)
            top = totals[self._pick(acts, True)]
            for i in range(len(acts)):
                a = acts[i]
                this[i] = solver.value_of(view.player, a) if a != CLAIM and totals[i] == top else -_LOST
            self.nodes += solver.nodes - done
            if solver.aborted:
                break
            for i in range(len(acts)):
                totals[i] = this[i]
            self.counted_wins = False
            self.valued_margin = margin == 1
        i = self._pick(acts, True)
        if self.counted_wins:
            return code
        self.value = totals[i]
        return acts[i]

    def _count_wins(self, view, worlds: int, no_close: bool, listed: int = 0) -> int:
        """For a position too big to value within the budget (the first
        tricks after a close), and as the first step of _exact: in each
        world ask of every action only whether it wins the hand, a
        null-window search that costs a fraction of its value, and play the
        action that wins in the most worlds; a tie goes to the rule of
        thumb's choice, else to the first action listed.  The rule of thumb
        alone if no world fits."""
        acts = view.actions
        n = len(acts)
        won_in = self.won_in
        for i in range(n):
            won_in[i] = 0
        solver = self.solver
        me = view.player
        done = 0
        this = self.this_world
        for w in range(worlds):
            if self.nodes >= self.max_nodes:
                break
            self._world(view, self.max_nodes, False, w if listed else -1)
            for i in range(n):
                a = acts[i]
                this[i] = 1 if not _left_out(a, no_close) and solver.wins_with(me, a) else 0
            self.nodes += solver.nodes
            if solver.aborted:
                break
            done += 1
            for i in range(n):
                won_in[i] += this[i]
        rule = HeuristicPlayer.choose(self, view)
        if not done:
            return rule
        best = -1
        for i in range(n):
            a = acts[i]
            if _left_out(a, no_close):
                continue
            if best < 0 or won_in[i] > won_in[best] or (won_in[i] == won_in[best] and a == rule):
                best = i
        self.worlds = done
        self.counted_wins = True
        self.wins = won_in[best]
        self.value = (2 * won_in[best] - done) * _GP  # won +1, lost -1 a world
        return acts[best]

    def _world(self, view, budget: int, close: bool, i: int = -1) -> None:
        """Deal a world that agrees with the view (closed at once if asked;
        for i >= 0 the sampler's i-th listed world) into the solver, to be
        searched for game points with what is left of `budget`."""
        world = self.world
        self.sampler.deal(view, self.rng, world, i)
        if close:
            world.act(CLOSE)
        solver = self.solver
        solver.load(world)
        solver.coarse = True  # the table is new: nothing in it to forget
        solver.limit = max(budget - self.nodes, 1)

    def _values(self, acts, no_close: bool, out) -> None:
        """The loaded world's value of every action into `out` (0 for
        CLAIM, and for CLOSE when it is judged apart)."""
        solver = self.solver
        me = self.world.turn
        for i in range(len(acts)):
            a = acts[i]
            out[i] = 0 if _left_out(a, no_close) else solver.value_of(me, a)

    def _pick(self, acts, no_close: bool) -> int:
        """Index of the action with the best summed value in `totals`.  On
        a tie a marriage beats the plain lead (the classic level let
        exchanging and closing win ties too, and so closed hands it had lost
        anyway).  CLAIM, and CLOSE when judged apart, are never picked."""
        totals = self.totals
        best = -1
        old_ties = self.lv.old_ties
        for i in range(len(acts)):
            a = acts[i]
            if _left_out(a, no_close):
                continue
            if best < 0 or totals[i] > totals[best]:
                best = i
            elif totals[i] == totals[best] and a >= MARRY and (old_ties or a < EXCHANGE):
                best = i
        return best


def _left_out(a: int, no_close: bool) -> bool:
    """Actions a search does not weigh: CLAIM (a player with 66 has claimed
    already), and CLOSE when closing is judged apart."""
    return a == CLAIM or (no_close and a == CLOSE)


def make_player(name: str, seed: int = 1):
    """A computer player by name: random, heuristic, easy, medium, hard."""
    return named_player(name, seed, PLAYER_NAMES, RandomPlayer, HeuristicPlayer, SearchPlayer)
