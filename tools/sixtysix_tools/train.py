"""`sixtysix train`: learn the search's evaluation from self-play.

The open-stock search (firmware/sixtysix/ai.py) looks a trick or two ahead
and then values the position with a weighted sum of features
(firmware/sixtysix/evaluate.py).  This command finds those weights:

1. It plays `--hands` hands of each two-player game between two players
   (`--player`, default `heuristic`, both seats), dealt from `--seed`.
2. At every trick boundary before anyone has closed, it notes the
   features of the position for the player about to lead, and at the end
   of the hand what that player won: the game points, negative if lost.
3. It fits the weights by least squares with a small ridge (the 'nine'
   features of Schnapsen, which has no nines, get weight 0), solving the
   normal equations in exact fractions: the sums are integers, so the same
   hands give the same bytes on any machine.
4. It writes the weights, times 1000 and rounded (the solver's units), as
   `evalweights.py`, a module of a few hundred bytes that the firmware
   imports.
"""

import os
import sys
import time
from fractions import Fraction

from sixtysix.cardtext import game_from_name
from sixtysix.evaluate import NFEATURES, features
from sixtysix.match import Match
from sixtysix.rules import GAME_NAMES, Rules
from sixtysix.view import View

from .textin import ascii_int

HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT_OUT = os.path.join(os.path.dirname(os.path.dirname(HERE)), "firmware", "sixtysix", "evalweights.py")
RIDGE = 50  # added to the diagonal (bias left out): keeps empty features at 0
SCALE = 1000  # the solver's value units per game point
NAMES = (
    "bias",
    "score",
    "uncounted marriages",
    "no trick yet",
    "stock left",
    "33 reached",
    "trump 9",
    "trump J",
    "trump Q",
    "trump K",
    "trump 10",
    "trump A",
    "side 9",
    "side J",
    "side Q",
    "side K",
    "side 10",
    "side A",
    "trump marriage held",
    "side marriages held",
)


def add_arguments(parser) -> None:
    parser.description = "Fit the open-stock search's evaluation from self-play and write evalweights.py."
    parser.add_argument("--hands", default="50000", help="hands of each game to play (default 50000)")
    parser.add_argument("--seed", default="1", help="seed of the deals and the players (default 1)")
    parser.add_argument("--player", default="heuristic", help="who plays both seats (default heuristic)")
    parser.add_argument("--out", default=DEFAULT_OUT, help="the module to write (default: the firmware's)")
    parser.set_defaults(run=run)


def samples(game: int, hands: int, seed: int, player: str):
    """(feature list, game points won) for every position noted, in order."""
    from sixtysix.ai import make_player

    rules = Rules(game)
    rules.target = 1000000  # one long match: the dealer alternates
    match = Match(rules, seed)
    players = [make_player(player, seed * 2 + 1), make_player(player, seed * 2 + 2)]
    out = []
    for _ in range(hands):
        hand = match.start_hand()
        noted = []
        while not hand.over:
            if hand.lead < 0 and hand.closer < 0 and hand.pending < 0 and hand.turn == hand.leader:
                p = hand.turn
                f = features(
                    hand.hands,
                    hand.card_points,
                    hand.marriage_points,
                    hand.tricks,
                    hand.trump,
                    len(hand.stock) - hand.pos,
                    p,
                )
                noted.append((p, f))
            seat = hand.turn
            hand.act(players[seat].choose(View(hand, seat)))
        for p, f in noted:
            if hand.winner < 0:
                gp = 0
            else:
                gp = hand.game_points if hand.winner == p else -hand.game_points
            out.append((f, gp))
        match.finish_hand()
    return out


def fit(data):
    """Least-squares weights (Fractions) for (features, target) pairs."""
    n = NFEATURES
    xtx = [[0] * n for _ in range(n)]
    xty = [0] * n
    for f, y in data:
        nz = [(i, v) for i, v in enumerate(f) if v]
        for i, vi in nz:
            row = xtx[i]
            xty[i] += vi * y
            for j, vj in nz:
                row[j] += vi * vj
    for i in range(1, n):
        xtx[i][i] += RIDGE
    return solve([[Fraction(v) for v in row] for row in xtx], [Fraction(v) for v in xty])


def solve(a, b):
    """Gaussian elimination in exact fractions (a is square, regular)."""
    n = len(b)
    for col in range(n):
        piv = next(r for r in range(col, n) if a[r][col] != 0)
        a[col], a[piv] = a[piv], a[col]
        b[col], b[piv] = b[piv], b[col]
        for r in range(n):
            if r != col and a[r][col] != 0:
                k = a[r][col] / a[col][col]
                for c in range(col, n):
                    a[r][c] -= k * a[col][c]
                b[r] -= k * b[col]
    return [b[i] / a[i][i] for i in range(n)]


def to_units(weights):
    return tuple(int(round(w * SCALE)) for w in weights)


def module_text(results, hands: int, seed: int, player: str) -> str:
    lines = [
        '"""Weights of the open-stock search\'s evaluation (evaluate.py), one',
        "tuple a game, in thousandths of a game point per unit of each feature.",
        "",
        "Written by `sixtysix train --hands %d --seed %d --player %s`; do not" % (hands, seed, player),
        "edit by hand: run the command again.",
        '"""',
        "",
    ]
    for name, weights, count in results:
        lines.append("# %s: fitted on %d positions" % (name, count))
        lines.append("%s = (" % name.upper().replace("-", "_"))
        for label, w in zip(NAMES, weights):
            lines.append("    %d,  # %s" % (w, label))
        lines.append(")")
        lines.append("")
    return "\n".join(lines)


def run(args) -> int:
    hands = ascii_int(args.hands, 1, 10000000)
    seed = ascii_int(args.seed, 0, 2**30 - 1)
    if hands is None or seed is None:
        print(
            "sixtysix train: --hands takes 1 to 10000000, --seed 0 to 1073741823 (ASCII digits)",
            file=sys.stderr,
        )
        return 2
    from sixtysix.ai import PLAYER_NAMES

    if args.player not in PLAYER_NAMES:
        print("sixtysix train: unknown player '%s'" % args.player, file=sys.stderr)
        return 2
    if cannot_write("sixtysix train", args.out):
        return 2
    results = []
    for name in GAME_NAMES:
        started = time.perf_counter()
        data = samples(game_from_name(name), hands, seed, args.player)
        weights = to_units(fit(data))
        took = time.perf_counter() - started
        print("%s: %d hands, %d positions, %.1f s" % (name, hands, len(data), took))
        for label, w in zip(NAMES, weights):
            print("  %-22s %6d" % (label, w))
        results.append((name, weights, len(data)))
    return write_module("sixtysix train", args.out, module_text(results, hands, seed, args.player))


def load_module(path: str, name: str):
    """The module a weights file defines, executed from `path` (not
    imported: the firmware's own module of that name stays as it is)."""
    import importlib.util

    spec = importlib.util.spec_from_file_location(name, path)
    if spec is None or spec.loader is None:
        raise ValueError("not a Python module")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def cannot_write(command: str, path: str) -> bool:
    """Whether `path` plainly cannot take the module (a missing folder, a
    folder in its place, no write permission), said in write_module's words
    before the training's minute or more, not after it."""
    folder = os.path.dirname(os.path.abspath(path))
    if os.path.isdir(path):
        why = "Is a directory"
    elif not os.path.isdir(folder):
        why = "No such file or directory"
    elif not os.access(path if os.path.exists(path) else folder, os.W_OK):
        why = "Permission denied"
    else:
        return False
    print("%s: cannot write %s: %s" % (command, path, why), file=sys.stderr)
    return True


def write_module(command: str, path: str, text: str) -> int:
    """Write a weights module; the exit status (2, said in one line, when
    the file cannot be written)."""
    try:
        with open(path, "w") as f:
            f.write(text)
    except OSError as e:
        print("%s: cannot write %s: %s" % (command, path, e.strerror or e), file=sys.stderr)
        return 2
    print("wrote", path)
    return 0
