"""`sixtysix train-policy`: learn the open-stock card choice from rollouts.

The hard level chooses its open-stock leads and follows by a weighted sum
of each card's features (firmware/sixtysix/openplay.py).  This command
finds the weights:

1. It plays `--matches` matches of each two-player game between `medium`
   and `heuristic` (seats alternating), dealt from `--seed`.  `medium`
   does not use these weights, so the positions do not depend on the file
   being written.
2. At every open-stock decision between plain cards (no marriage or trump
   exchange on offer, two or more legal cards), either seat's, it deals
   `--rollouts` worlds consistent with that player's view, and in each
   plays every legal card and then the hand with the rule of thumb in
   both seats until the stock is closed or exhausted, and from there by
   the solver (the host's C search where it builds, `rollout_solver`):
   a dealt world is a game of open cards (with `--playout`,
   by rule of thumb to the hand's end, as the weights shipped before
   2026-11-28's evening were made).  A card's target is its game points
   summed over the worlds (the same worlds for every card).
3. It fits the weights by least squares on the decisions' differences: a
   card's features and target less the mean over that decision's cards, so
   only how cards compare counts.  The sums are kept as integers (scaled
   by the number of cards) and solved in exact fractions with a small
   ridge, so the same command gives the same bytes on any machine.
4. It writes the weights, in thousandths of a game point per feature unit,
   to `playweights.py`, which the firmware imports.

The matches run on `--jobs` processes; their results are gathered in
match order, so the job count does not change the output.
"""

import os
import sys
import time
from fractions import Fraction

from sixtysix.ai import decision_cards
from sixtysix.cards import NO_CARD
from sixtysix.cardtext import game_from_name
from sixtysix.compat import has
from sixtysix.hand import CLOSE, Hand
from sixtysix.match import Match
from sixtysix.openplay import NFEATURES, best_card, features, weights_at
from sixtysix.players import HeuristicPlayer
from sixtysix.rng import Rng
from sixtysix.rules import GAME_NAMES, Rules
from sixtysix.sampling import WorldSampler
from sixtysix.solver import Solver
from sixtysix.solverbase import make_tables
from sixtysix.view import View

from .textin import ascii_int
from .train import cannot_write, load_module, solve, write_module

HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT_OUT = os.path.join(os.path.dirname(os.path.dirname(HERE)), "firmware", "sixtysix", "playweights.py")
RIDGE = 20  # added to the diagonal: keeps a feature never seen at 0
SCALE = 1000  # weights in thousandths of a game point
_GP = 1000  # one game point in the solver's values
_TABLE = 4099  # the host solver's table: no device limit here


def _rollout(world, me: int, rule, solver=None) -> int:
    """me's game points in the world played out by `rule`; with a solver,
    by `rule` only until the stock is closed or exhausted, and from there
    exactly (both hands and the stock are known in a dealt world)."""
    while not world.over:
        if solver is not None and world.strict():
            solver.load(world)
            solver.coarse = True
            gp = solver.best(world.turn) // _GP  # coarse: whole game points
            return gp if world.turn == me else -gp
        world.act(rule.choose(View(world, world.turn)))
    if world.winner < 0:
        return 0
    return world.game_points if world.winner == me else -world.game_points


class PolicyRule(HeuristicPlayer):
    """The rule of thumb, but plain open-stock cards by given weights (the
    rollouts' player for a second round of training: `--rollout-weights`)."""

    def __init__(self, weights) -> None:
        self.weights = weights  # laid out as playweights.WEIGHTS
        self.f = bytearray(NFEATURES)

    def choose(self, view) -> int:
        cards = decision_cards(view)
        if not cards:
            return HeuristicPlayer.choose(self, view)
        if has(view.actions, CLOSE) and self.wants_to_close(view, -1):
            return CLOSE
        return best_card(view, cards, self.weights, weights_at(view), self.f)


def rollout_solver(rules):
    """What solves the rollouts once their stock is closed or exhausted:
    the search compiled from C where the machine can build it (fastsolve,
    value for value the same, many times as fast), else the firmware's
    own solver with a host-sized table.  Either gives the same bytes."""
    if os.environ.get("SIXTYSIX_TRAIN_PYTHON") != "1":
        from . import fastsolve

        if fastsolve.available():
            return fastsolve.FastSolver(rules, exchange_in_tree=False)
    return Solver(rules, make_tables(_TABLE))


def read_weights(path: str) -> bytes:
    """The packed WEIGHTS of a module this command wrote."""
    weights = load_module(path, "rollout_weights").WEIGHTS
    size = 2 * 2 * len(GAME_NAMES) * NFEATURES  # two bytes a weight
    if not isinstance(weights, bytes) or len(weights) != size:
        raise ValueError("WEIGHTS is not %d bytes" % size)
    return weights


def match_samples(task):
    """[(lead?, [(features, target), ...]), ...] for one match's decisions."""
    game, seed, rollouts, weights, exact = task
    from sixtysix.ai import SearchPlayer

    rules = Rules(game)
    rule = HeuristicPlayer() if weights is None else PolicyRule(weights)
    searcher = SearchPlayer("medium", seed * 2 + 1)
    plain = HeuristicPlayer()
    players = [searcher, plain] if seed % 2 else [plain, searcher]
    sampler = WorldSampler(rules)
    rng = Rng(seed * 2 + 2)
    solver = rollout_solver(rules) if exact else None
    world = Hand(rules)
    trial = Hand(rules)
    f = bytearray(NFEATURES)
    out = []
    match = Match(rules, seed)
    while match.winner < 0 and match.hands_played < 60:
        hand = match.start_hand()
        while not hand.over:
            seat = hand.turn
            view = View(hand, seat)
            cards = decision_cards(view)
            if cards:
                leading = view.lead == NO_CARD
                possible = view.unseen() | view.opp_known
                ids = [c for c in range(24) if (cards >> c) & 1]
                totals = [0] * len(ids)
                for _ in range(rollouts):
                    sampler.deal(view, rng, world)
                    for j, c in enumerate(ids):
                        trial.copy_from(world)
                        trial.act(c)
                        totals[j] += _rollout(trial, seat, rule, solver)
                rows = []
                for j, c in enumerate(ids):
                    features(view, c, possible, f)
                    rows.append((tuple(f), totals[j]))
                out.append((leading, rows))
            hand.act(players[seat].choose(view))
        match.finish_hand()
    return out


class Normal:
    """The normal equations of the centred fit, as integer sums by the
    number of cards k (a decision's rows are scaled by k to stay whole)."""

    def __init__(self) -> None:
        self.xtx: dict[int, list[list[int]]] = {}
        self.xty: dict[int, list[int]] = {}
        self.decisions = 0

    def add(self, rows) -> None:
        k = len(rows)
        n = NFEATURES
        if k not in self.xtx:
            self.xtx[k] = [[0] * n for _ in range(n)]
            self.xty[k] = [0] * n
        xtx = self.xtx[k]
        xty = self.xty[k]
        sums = [sum(r[0][i] for r in rows) for i in range(n)]
        total = sum(r[1] for r in rows)
        for feats, y in rows:
            x = [k * feats[i] - sums[i] for i in range(n)]
            yc = k * y - total
            nz = [(i, v) for i, v in enumerate(x) if v]
            for i, vi in nz:
                xty[i] += vi * yc
                row = xtx[i]
                for j, vj in nz:
                    row[j] += vi * vj
        self.decisions += 1

    def solve(self, rollouts: int):
        """Weights in game points per feature unit (Fractions)."""
        n = NFEATURES
        a = [[Fraction(0)] * n for _ in range(n)]
        b = [Fraction(0)] * n
        for k in self.xtx:
            # Rows were k times the centred ones, targets k * rollouts times
            # the mean game points: divide both out.
            for i in range(n):
                b[i] += Fraction(self.xty[k][i], k * k * rollouts)
                for j in range(n):
                    a[i][j] += Fraction(self.xtx[k][i][j], k * k)
        for i in range(n):
            a[i][i] += RIDGE
        return solve(a, b)


def to_units(weights):
    """Thousandths, rounded, within a 16-bit int (far wider than any fit)."""
    return tuple(max(-32767, min(32767, int(round(w * SCALE)))) for w in weights)


def module_text(results, command: str) -> str:
    """The weights module: the decimal weights in comments, and the same
    weights as one bytes constant (each + 32768, two bytes little-endian),
    which costs the device a fraction of the heap of a tuple or array."""
    lines = [
        '"""Weights of the open-stock card choice (openplay.py), in thousandths',
        "of a game point per unit of each feature: for Sixty-Six and then",
        "Schnapsen, the lead weights and then the follow weights, NFEATURES",
        "each.  WEIGHTS holds each weight plus 32768 in two bytes, low byte",
        "first (openplay.weight reads one).",
        "",
        "Written by `%s`;" % command,
        "do not edit by hand: run the command again.",
        '"""',
        "",
    ]
    packed = bytearray()
    for name, kind, weights, count in results:
        lines.append("# %s, %s: fitted on %d decisions" % (name, kind, count))
        for i in range(0, len(weights), 8):
            lines.append("#   " + " ".join("%5d" % w for w in weights[i : i + 8]))
        for w in weights:
            packed += (w + 32768).to_bytes(2, "little")
    lines.append("WEIGHTS = (")
    for i in range(0, len(packed), 32):
        lines.append('    b"%s"' % "".join("\\x%02x" % v for v in packed[i : i + 32]))
    lines += [")", ""]
    return "\n".join(lines)


def add_arguments(parser) -> None:
    parser.description = "Fit the open-stock card choice from rollouts and write playweights.py."
    # The defaults are the shipped module's command, so that the plain
    # command writes the same bytes (train.py's defaults do the same).
    parser.add_argument(
        "--matches", default="300", help="matches of each game to take positions from (default 300)"
    )
    parser.add_argument("--rollouts", default="32", help="worlds dealt for each decision (default 32)")
    parser.add_argument("--seed", default="1", help="seed of the deals, worlds and players (default 1)")
    parser.add_argument(
        "--jobs", default="2", help="processes to play on (default 2; the output does not depend on it)"
    )
    parser.add_argument(
        "--rollout-weights",
        default=None,
        help="a module this command wrote: the rollouts play open-stock cards by it, not by rule of thumb",
    )
    parser.add_argument(
        "--playout",
        action="store_true",
        help="play each rollout to the hand's end by rule of thumb instead of solving it"
        " once the stock is closed or exhausted",
    )
    parser.add_argument("--out", default=DEFAULT_OUT, help="the module to write (default: the firmware's)")
    parser.set_defaults(run=run)


def samples(game: int, matches: int, rollouts: int, seed: int, jobs: int, weights=None, exact=True):
    tasks = [(game, seed * 100003 + i, rollouts, weights, exact) for i in range(matches)]
    if jobs == 1:
        return [match_samples(t) for t in tasks]
    import multiprocessing

    with multiprocessing.get_context("spawn").Pool(jobs) as pool:
        return pool.map(match_samples, tasks, chunksize=1)


def run(args) -> int:
    matches = ascii_int(args.matches, 1, 100000)
    rollouts = ascii_int(args.rollouts, 1, 10000)
    seed = ascii_int(args.seed, 0, 10000)
    jobs = ascii_int(args.jobs, 1, 64)
    if matches is None or rollouts is None or seed is None or jobs is None:
        print(
            "sixtysix train-policy: --matches takes 1 to 100000, --rollouts 1 to 10000,"
            " --seed 0 to 10000, --jobs 1 to 64 (ASCII digits)",
            file=sys.stderr,
        )
        return 2
    if cannot_write("sixtysix train-policy", args.out):
        return 2
    rollout_weights = None
    if args.rollout_weights is not None:
        try:
            rollout_weights = read_weights(args.rollout_weights)
        except Exception as e:  # reading runs the module: its own code may fail in any way
            why = e.strerror if isinstance(e, OSError) and e.strerror else e
            print("sixtysix train-policy: cannot read %s: %s" % (args.rollout_weights, why), file=sys.stderr)
            return 2
    exact = not args.playout
    results = []
    for name in GAME_NAMES:
        started = time.perf_counter()
        per_match = samples(game_from_name(name), matches, rollouts, seed, jobs, rollout_weights, exact)
        fits = {True: Normal(), False: Normal()}
        for decisions in per_match:
            for leading, rows in decisions:
                fits[leading].add(rows)
        took = time.perf_counter() - started
        for leading, kind in ((True, "lead"), (False, "follow")):
            normal = fits[leading]
            weights = to_units(normal.solve(rollouts)) if normal.decisions else (0,) * NFEATURES
            results.append((name, kind, weights, normal.decisions))
        print(
            "%s: %d matches, %d leads and %d follows, %.1f s"
            % (name, matches, fits[True].decisions, fits[False].decisions, took)
        )
    command = "sixtysix train-policy --matches %d --rollouts %d --seed %d" % (matches, rollouts, seed)
    if args.playout:
        command += " --playout"
    if args.rollout_weights is not None:
        command += " --rollout-weights %s" % os.path.basename(args.rollout_weights)
    return write_module("sixtysix train-policy", args.out, module_text(results, command))
