"""`sixtysix arena --game four-hand|three-hand`: games for more than two.

Four-hand: player a holds one side (both its seats, each with its own
player object and seed), player b the other.  Every deal pair is two
matches from the same match seed (same shuffles, same first dealer), with
a on side AC in the first and on side BD in the second.

Three-hand: three seats and two arena players, so every *deal set* is six
matches from one match seed, one per way of seating {a, b, b} and
{b, a, a}; each player sits in every seat equally often and alone as often
as in company, so the luck of the cards and of the seat evens out.

Figures: matches and hands won with Wilson intervals (`stats.wilson`),
game points per hand and a - b per hand over deal pairs/sets
(`stats.ratio_interval`); for four-hand also who won the auctions and how
often the contracts were made.  As in `arena.py` the whole run depends on
--seed alone, not on --jobs, and every match is written as a record.
"""

import os
import re
import sys
import time
from typing import Any, NamedTuple

from sixtysix.four import FourMatch, FourRules, action_name
from sixtysix.hand import IllegalAction
from sixtysix.rules import Rules, game_from_name
from sixtysix.three import ThreeMatch

from .arena import (
    SIDES,
    UsageError,
    _interval,
    _number,
    _share,
    derive_seed,
    max_hands,
    play_all,
    prepare_out,
    report,
    unfinished_count,
    unfinished_note,
)
from .record_multi import MultiRecordWriter
from .stats import ratio_interval

GAMES = ("four-hand", "three-hand")
SEATS = "ABCD"
# Who (arena player 0 = a, 1 = b) sits in each seat, per match of a deal pair/set.
SEATINGS = {
    "four-hand": ((0, 1, 0, 1), (1, 0, 1, 0)),
    "three-hand": ((0, 1, 1), (1, 0, 1), (1, 1, 0), (1, 0, 0), (0, 1, 0), (0, 0, 1)),
}
RECORD_NAME = re.compile(r"m\d+-s\d\.txt\Z")


class MultiSettings(NamedTuple):
    game: str
    players: tuple[str, str]
    options: tuple[tuple[str, str], ...]
    target: int  # 0: the game's default
    matches: int  # deal pairs (four-hand) or deal sets (three-hand)
    seed: int
    out: str
    jobs: int
    max_hands: int


class MultiGame(NamedTuple):
    """Everything one match depends on (sent to a worker process)."""

    game: str
    pair: int
    seating: int  # index into SEATINGS[game]
    match_seed: int
    players: tuple[str, str]
    options: tuple[tuple[str, str], ...]
    target: int
    max_hands: int


class MultiOutcome(NamedTuple):
    pair: int
    seating: int
    winner: int  # arena player; -1 with `error` or stopped at --max-hands
    # per hand: (winner or -1, game points of a, of b, auction winner or -1, contract made)
    hands: tuple[tuple[int, int, int, int, bool], ...]
    moves: tuple[int, int]
    nodes: tuple[int, int]
    seconds: tuple[float, float]
    record: str
    error: str


def make_player(game: str, name: str, seed: int):
    if game == "four-hand":
        from sixtysix.ai_four import make_four_player

        return make_four_player(name, seed)
    from sixtysix.ai_three import make_three_player

    return make_three_player(name, seed)


def build_rules(game: str, options, target: int):
    """The rules of the run; ValueError for an unknown option or value."""
    rules = FourRules() if game == "four-hand" else Rules(game_from_name("sixty-six"))
    for name, value in options:
        rules.set_option(name, value)
    if target:
        rules.target = target
    return rules


def settings(args) -> MultiSettings:
    game = args.game.lower()
    names = []
    for side in SIDES:
        name = getattr(args, side)
        if name is None:
            raise UsageError("name both players: --a NAME --b NAME (random, heuristic, easy, medium, hard)")
        try:
            make_player(game, name.lower(), 1)
        except ValueError as e:
            raise UsageError("--%s: %s" % (side, e)) from None
        names.append(name.lower())
    options = []
    for item in args.option:
        name, sep, value = item.partition("=")
        if not sep or not name.strip() or not value.strip():
            raise UsageError("--option takes NAME=VALUE, not '%s'" % item)
        options.append((name.strip().lower(), value.strip().lower()))
    target = _number(args.target, "--target", 1, 99) if args.target is not None else 0
    try:
        build_rules(game, options, target)
    except ValueError as e:
        raise UsageError(str(e)) from None
    jobs = _number(args.jobs, "--jobs", 1) if args.jobs is not None else os.cpu_count() or 1
    return MultiSettings(
        game=game,
        players=(names[0], names[1]),
        options=tuple(options),
        target=target,
        matches=_number(args.matches, "--matches", 1),
        seed=_number(args.seed, "--seed"),
        out=args.out,
        jobs=jobs,
        max_hands=max_hands(args),
    )


def games(s: MultiSettings) -> list[MultiGame]:
    out = []
    for pair in range(s.matches):
        match_seed = derive_seed("arena", s.game, s.seed, "pair", pair)
        for seating in range(len(SEATINGS[s.game])):
            out.append(
                MultiGame(s.game, pair, seating, match_seed, s.players, s.options, s.target, s.max_hands)
            )
    return out


def record_name(s: MultiSettings, pair: int, seating: int) -> str:
    width = max(4, len(str(s.matches - 1)))
    return "m%0*d-s%d.txt" % (width, pair, seating)


def record_header(s: MultiSettings, g: MultiGame) -> str:
    owner = SEATINGS[g.game][g.seating]
    head = "# sixtysix arena, seed %d: deal set %d of %d, match seed %d"
    lines = [head % (s.seed, g.pair, s.matches, g.match_seed)]
    for seat in range(len(owner)):
        p = owner[seat]
        lines.append("# seat %s: %s (player %s)" % (SEATS[seat], g.players[p], SIDES[p]))
    return "\n".join(lines) + "\n"


def play_game(g: MultiGame) -> MultiOutcome:
    """Play one match to its end (runs in a worker process)."""
    four = g.game == "four-hand"
    rules = build_rules(g.game, g.options, g.target)
    match: Any = FourMatch(rules, g.match_seed) if four else ThreeMatch(rules, g.match_seed)
    owner = SEATINGS[g.game][g.seating]
    seats = len(owner)
    players = [
        make_player(g.game, g.players[owner[s]], derive_seed(g.match_seed, SIDES[owner[s]], SEATS[s]))
        for s in range(seats)
    ]
    if four:
        from sixtysix.view_four import FourView
    else:
        from sixtysix.view import View
    writer = MultiRecordWriter(match)
    hands = []
    moves = [0, 0]
    nodes = [0, 0]
    seconds = [0.0, 0.0]
    error = ""
    while match.winner < 0 and not error and match.hands_played < g.max_hands:
        hand: Any = match.start_hand()
        writer.begin_hand()
        while not hand.over:
            seat = hand.turn if four else match.seat_of(hand.turn)
            p = owner[seat]
            started = time.perf_counter()
            if four:
                code = players[seat].choose(FourView(hand, seat))
            else:
                code = players[seat].choose(View(hand, hand.turn))
            seconds[p] += time.perf_counter() - started
            moves[p] += 1
            nodes[p] += getattr(players[seat], "nodes", 0)
            try:
                (hand if four else match).act(code)
            except (IllegalAction, IndexError, ValueError, TypeError) as e:
                error = "%s (player %s, seat %s) chose %s in hand %d: %s" % (
                    g.players[p],
                    SIDES[p],
                    SEATS[seat],
                    describe(four, code),
                    match.hands_played + 1,
                    getattr(e, "reason", e),
                )
                break
        writer.sync()
        if error:
            writer.lines.append("# stopped: " + error)
            break
        match.finish_hand()
        # four-hand: awarded by side (0 = AC, 1 = BD, owned like seats A and B)
        points = [0, 0]
        for i in range(2 if four else 3):
            points[owner[i]] += match.awarded[i]
        if four:
            won = owner[hand.winner] if hand.winner >= 0 else -1
            auction = owner[hand.bidder] if hand.bidder >= 0 else -1
            made = hand.made
        else:
            won = owner[match.seat_of(hand.winner)] if hand.winner >= 0 else -1
            auction = -1
            made = False
        hands.append((won, points[0], points[1], auction, made))
    if match.winner < 0 and not error:
        writer.lines.append(unfinished_note(match.hands_played, g.max_hands))
    if match.winner >= 0:
        winner = owner[match.winner]  # four-hand: side 0/1 owned like seat A/B
    else:
        winner = -1
    return MultiOutcome(
        pair=g.pair,
        seating=g.seating,
        winner=winner,
        hands=tuple(hands),
        moves=(moves[0], moves[1]),
        nodes=(nodes[0], nodes[1]),
        seconds=(seconds[0], seconds[1]),
        record=writer.text(),
        error=error,
    )


def describe(four: bool, code) -> str:
    try:
        if four:
            return "'%s'" % action_name(code)
        from sixtysix.hand import action_name as two_name

        return "'%s'" % two_name(code)
    except (IndexError, TypeError, ValueError):
        return "action code %r" % (code,)


def _clear_records(folder: str) -> None:
    try:
        for name in os.listdir(folder):
            if RECORD_NAME.match(name):
                os.remove(os.path.join(folder, name))
    except OSError as e:
        raise UsageError("--out %s: %s" % (folder, e.strerror or e)) from None


def run(args) -> int:
    try:
        s = settings(args)
        prepare_out(s.out)
        _clear_records(s.out)
    except UsageError as e:
        print("sixtysix arena: %s" % e, file=sys.stderr)
        return 2
    todo = games(s)
    per_set = len(SEATINGS[s.game])
    jobs = min(s.jobs, len(todo))
    played = play_all(
        todo,
        play_game,
        jobs,
        lambda g: os.path.join(s.out, record_name(s, g.pair, g.seating)),
        lambda g: record_header(s, g),
    )
    if played.failed:
        print("sixtysix arena: %s" % played.failed, file=sys.stderr)
        return 1
    done = played.done
    sets = len(done) // per_set
    lines = []
    if sets:
        lines = summary(s, done[: sets * per_set])
        lines.append(timing(done[: sets * per_set], played.elapsed, jobs))
        last = record_name(s, sets - 1, per_set - 1)
        lines.append("records: %s (%s ... %s)" % (s.out, record_name(s, 0, 0), last))
    return report(s.out, lines, played.interrupted, "%d of %d deal sets" % (sets, s.matches))


def summary(s: MultiSettings, outcomes: list[MultiOutcome]) -> list[str]:
    """Figures of complete deal pairs/sets; independent of timing and --jobs."""
    rules = build_rules(s.game, s.options, s.target)
    per_set = len(SEATINGS[s.game])
    sets = len(outcomes) // per_set
    hands = [h for o in outcomes for h in o.hands]
    decided = [h for h in hands if h[0] >= 0]
    matches_won = [sum(1 for o in outcomes if o.winner == p) for p in range(2)]
    hands_won = [sum(1 for h in decided if h[0] == p) for p in range(2)]
    label = ["%s %s" % (SIDES[p], s.players[p]) for p in range(2)]
    rows = [
        ("matches won", [_share(matches_won[p], len(outcomes)) for p in range(2)]),
        ("hands won", [_share(hands_won[p], len(decided)) for p in range(2)]),
        ("game points / hand", ["%.3f" % (sum(h[1 + p] for h in hands) / len(hands)) for p in range(2)]),
    ]
    if s.game == "four-hand":
        auctions = [h for h in hands if h[3] >= 0]
        won = [sum(1 for h in auctions if h[3] == p) for p in range(2)]
        rows.append(("auctions won", [_share(won[p], len(auctions)) for p in range(2)]))
        made = []
        for p in range(2):
            mine = [h for h in auctions if h[3] == p]
            made.append(_share(sum(1 for h in mine if h[4]), len(mine)))
        rows.append(("contracts made", made))
    moves = [sum(o.moves[p] for o in outcomes) for p in range(2)]
    node_sums = [sum(o.nodes[p] for o in outcomes) for p in range(2)]
    if any(node_sums):
        per_move = ["%.1f" % (node_sums[p] / moves[p]) if moves[p] else "0" for p in range(2)]
        rows.append(("nodes / move", per_move))
    width = max(len(label[0]), *(len(r[1][0]) for r in rows)) + 3
    table = ["%-20s%-*s%s" % ("", width, label[0], label[1])]
    table += ["%-20s%-*s%s" % (name, width, cells[0], cells[1]) for name, cells in rows]
    diff_sums = []
    sizes = []
    for i in range(sets):
        group = outcomes[per_set * i : per_set * (i + 1)]
        diff_sums.append(sum(h[1] - h[2] for o in group for h in o.hands))
        sizes.append(sum(len(o.hands) for o in group))
    diff, low, high = ratio_interval(diff_sums, sizes)
    unit = "deal pairs" if s.game == "four-hand" else "deal sets (6 seatings each)"
    options = "".join("; %s %s" % o for o in s.options)
    passed_out = sum(1 for h in hands if s.game == "four-hand" and h[3] < 0)
    thrown = " (%d thrown in)" % passed_out if s.game == "four-hand" else ""
    return [
        "arena: a = %s, b = %s; %s, first to %d%s; seed %d"
        % (s.players[0], s.players[1], s.game, rules.target, options, s.seed),
        "%d %s: %d matches, %d hands, %d with a winner%s%s"
        % (
            sets,
            unit,
            len(outcomes),
            len(hands),
            len(decided),
            thrown,
            unfinished_count(outcomes, s.max_hands),
        ),
        "",
        *table,
        "",
        "game points / hand, a - b: %+.3f %s" % (diff, _interval(low, high, "%+.3f")),
        "[ ] = 95% interval: Wilson score for the shares won; normal approximation over "
        + unit.split(" (")[0]
        + " for a - b",
    ]


def timing(outcomes: list[MultiOutcome], elapsed: float, jobs: int) -> str:
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
