"""`sixtysix arena --game sixty-five`: two computer players as partnerships.

Player a sits on one side (both of its seats, each with its own player
object and seed), player b on the other.  Every deal pair is two matches
from the same match seed, so both see the same shuffles in the same order
and the same first dealer; a holds side AC (seats A and C) in the first and
side BD in the second, so each player gets every hand of cards once.  As in
`arena.py`, the whole run depends on --seed alone, not on --jobs.

Figures: matches and hands won with Wilson intervals, game points and hand
points per hand, and a - b per hand over deal pairs (`stats.ratio_interval`).
"""

import os
import sys
import time
from typing import NamedTuple

from sixtysix.hand import IllegalAction
from sixtysix.sixtyfive import SEATS, SIDE_NAMES, SixtyFiveMatch, SixtyFiveRules, action_name
from sixtysix.view65 import View65

from .arena import (
    SIDES,
    UsageError,
    _interval,
    _number,
    _share,
    derive_seed,
    max_hands,
    prepare_out,
    record_name,
    run_pairs,
    unfinished_count,
    unfinished_note,
)
from .record65 import RecordWriter65
from .stats import ratio_interval

GAME = "sixty-five"


class Settings65(NamedTuple):
    players: tuple[str, str]
    target: int  # 0: the game's default (5)
    matches: int  # deal pairs
    seed: int
    out: str
    jobs: int
    max_hands: int


class Game65(NamedTuple):
    pair: int
    a_first: bool  # player a holds side AC
    match_seed: int
    players: tuple[str, str]
    target: int
    max_hands: int


class Outcome65(NamedTuple):
    pair: int
    a_first: bool
    winner: int  # arena player (0 = a, 1 = b); -1 with `error` or stopped at --max-hands
    hands: tuple[tuple[int, int, int, int, int], ...]  # (winner, game points a, b, hand points a, b)
    moves: tuple[int, int]
    nodes: tuple[int, int]
    searches: tuple[bool, bool]
    seconds: tuple[float, float]
    record: str
    error: str


def make_player(name: str, seed: int):
    from sixtysix.ai65 import make_65_player

    return make_65_player(name, seed)


def settings(args) -> Settings65:
    names = []
    for side in SIDES:
        name = getattr(args, side)
        if name is None:
            raise UsageError("name both players: --a NAME --b NAME (random, heuristic, easy, medium, hard)")
        try:
            make_player(name.lower(), 1)
        except ValueError as e:
            raise UsageError("--%s: %s" % (side, e)) from None
        names.append(name.lower())
    if args.option:
        raise UsageError("Sixty-Five has no rule options (--target N sets the match)")
    target = _number(args.target, "--target", 1, 99) if args.target is not None else 0
    jobs = _number(args.jobs, "--jobs", 1) if args.jobs is not None else os.cpu_count() or 1
    return Settings65(
        players=(names[0], names[1]),
        target=target,
        matches=_number(args.matches, "--matches", 1),
        seed=_number(args.seed, "--seed"),
        out=args.out,
        jobs=jobs,
        max_hands=max_hands(args),
    )


def build_rules(target: int) -> SixtyFiveRules:
    rules = SixtyFiveRules()
    if target:
        rules.target = target
    return rules


def games(s: Settings65) -> list[Game65]:
    out = []
    for pair in range(s.matches):
        match_seed = derive_seed("arena65", s.seed, "pair", pair)
        for a_first in (True, False):
            out.append(Game65(pair, a_first, match_seed, s.players, s.target, s.max_hands))
    return out


def play_game(g: Game65) -> Outcome65:
    """Play one match to its end (runs in a worker process)."""
    rules = build_rules(g.target)
    match = SixtyFiveMatch(rules, g.match_seed)
    # owner[side] is the arena player holding that side; its own inverse.
    owner = (0, 1) if g.a_first else (1, 0)
    players = []
    for seat in range(4):
        p = owner[seat & 1]
        players.append(make_player(g.players[p], derive_seed(g.match_seed, SIDES[p], SEATS[seat])))
    writer = RecordWriter65(rules)
    hands = []
    moves = [0, 0]
    nodes = [0, 0]
    seconds = [0.0, 0.0]
    error = ""
    while match.winner < 0 and not error and match.hands_played < g.max_hands:
        hand = match.start_hand()
        writer.begin_hand(hand)
        while not hand.over:
            seat = hand.turn
            p = owner[seat & 1]
            started = time.perf_counter()
            code = players[seat].choose(View65(hand, seat))
            seconds[p] += time.perf_counter() - started
            moves[p] += 1
            nodes[p] += getattr(players[seat], "nodes", 0)
            try:
                hand.act(code)
            except (IllegalAction, IndexError, ValueError, TypeError) as e:
                error = "%s (player %s, seat %s) chose %s in hand %d: %s" % (
                    g.players[p],
                    SIDES[p],
                    SEATS[seat],
                    describe(code),
                    match.hands_played + 1,
                    getattr(e, "reason", e),
                )
                break
        writer.sync(hand)
        if error:
            writer.lines.append("# stopped: " + error)
            break
        match.finish_hand()
        a_side = 0 if g.a_first else 1  # the side player a holds
        hands.append(
            (
                owner[hand.winner],
                match.awarded[a_side],
                match.awarded[1 - a_side],
                hand.score(a_side),
                hand.score(1 - a_side),
            )
        )
    if match.winner < 0 and not error:
        writer.lines.append(unfinished_note(match.hands_played, g.max_hands))
    return Outcome65(
        pair=g.pair,
        a_first=g.a_first,
        winner=owner[match.winner] if match.winner >= 0 else -1,
        hands=tuple(hands),
        moves=(moves[0], moves[1]),
        nodes=(nodes[0], nodes[1]),
        searches=(g.players[0] in ("easy", "medium", "hard"), g.players[1] in ("easy", "medium", "hard")),
        seconds=(seconds[0], seconds[1]),
        record=writer.text(),
        error=error,
    )


def record_header(s: Settings65, g: Game65) -> str:
    side_of = (0, 1) if g.a_first else (1, 0)  # side held by player a, b
    head = "# sixtysix arena, seed %d: deal pair %d of %d, match seed %d"
    lines = [head % (s.seed, g.pair, s.matches, g.match_seed)]
    for p in range(2):
        lines.append("# side %s: %s (player %s)" % (SIDE_NAMES[side_of[p]], g.players[p], SIDES[p]))
    lines.append("# same deals, sides swapped: %s" % record_name(s, g.pair, not g.a_first))
    return "\n".join(lines) + "\n"


def run(args) -> int:
    try:
        s = settings(args)
        prepare_out(s.out)
    except UsageError as e:
        print("sixtysix arena: %s" % e, file=sys.stderr)
        return 2
    return run_pairs(s, games(s), play_game, record_header, summary, timing)


def summary(s: Settings65, outcomes: list[Outcome65]) -> list[str]:
    """Figures of complete deal pairs; independent of timing and --jobs."""
    rules = build_rules(s.target)
    pairs = len(outcomes) // 2
    hands = [h for o in outcomes for h in o.hands]
    matches_won = [sum(1 for o in outcomes if o.winner == p) for p in range(2)]
    hands_won = [sum(1 for h in hands if h[0] == p) for p in range(2)]
    label = ["%s %s" % (SIDES[p], s.players[p]) for p in range(2)]
    rows = [
        ("matches won", [_share(matches_won[p], len(outcomes)) for p in range(2)]),
        ("hands won", [_share(hands_won[p], len(hands)) for p in range(2)]),
        ("game points / hand", ["%.3f" % (sum(h[1 + p] for h in hands) / len(hands)) for p in range(2)]),
        ("hand points / hand", ["%.2f" % (sum(h[3 + p] for h in hands) / len(hands)) for p in range(2)]),
    ]
    if any(o.searches[p] for o in outcomes for p in range(2)):
        rows.append(("steps / move", [_steps_per_move(outcomes, p) for p in range(2)]))
    width = max(len(label[0]), *(len(r[1][0]) for r in rows)) + 3
    table = ["%-20s%-*s%s" % ("", width, label[0], label[1])]
    table += ["%-20s%-*s%s" % (name, width, cells[0], cells[1]) for name, cells in rows]
    gp_sums = []
    pt_sums = []
    sizes = []
    both = [0, 0]
    for i in range(pairs):
        pair = outcomes[2 * i : 2 * i + 2]
        gp_sums.append(sum(h[1] - h[2] for o in pair for h in o.hands))
        pt_sums.append(sum(h[3] - h[4] for o in pair for h in o.hands))
        sizes.append(sum(len(o.hands) for o in pair))
        if pair[0].winner == pair[1].winner >= 0:
            both[pair[0].winner] += 1
    gp, gp_low, gp_high = ratio_interval(gp_sums, sizes)
    pt, pt_low, pt_high = ratio_interval(pt_sums, sizes)
    return [
        "arena: a = %s, b = %s; %s (partnerships), first to %d; seed %d"
        % (s.players[0], s.players[1], GAME, rules.target, s.seed),
        "%d deal pairs: %d matches, %d hands%s"
        % (pairs, len(outcomes), len(hands), unfinished_count(outcomes, s.max_hands)),
        "",
        *table,
        "",
        "game points / hand, a - b: %+.3f %s" % (gp, _interval(gp_low, gp_high, "%+.3f")),
        "hand points / hand, a - b: %+.2f %s" % (pt, _interval(pt_low, pt_high, "%+.2f")),
        "deal pairs won twice: a %d, b %d, split %d" % (both[0], both[1], pairs - both[0] - both[1]),
        "[ ] = 95% interval: Wilson score for the shares won; normal approximation over deal pairs for a - b",
    ]


def _steps_per_move(outcomes: list[Outcome65], p: int) -> str:
    if not any(o.searches[p] for o in outcomes):
        return "-"
    moves = sum(o.moves[p] for o in outcomes)
    return "%.1f" % (sum(o.nodes[p] for o in outcomes) / moves) if moves else "0"


def timing(outcomes: list[Outcome65], elapsed: float, jobs: int) -> str:
    per_move = []
    for p in range(2):
        moves = sum(o.moves[p] for o in outcomes)
        per_move.append(1000 * sum(o.seconds[p] for o in outcomes) / moves if moves else 0.0)
    return "time: %.1f s on %d job%s; choosing takes a %.3f ms, b %.3f ms per move" % (
        elapsed,
        jobs,
        "" if jobs == 1 else "s",
        per_move[0],
        per_move[1],
    )


def describe(code) -> str:
    try:
        return "'%s'" % action_name(code)
    except (IndexError, TypeError, ValueError):
        return "action code %r" % (code,)
