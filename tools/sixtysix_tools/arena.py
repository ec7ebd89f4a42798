"""`sixtysix arena`: two computer players, many matches, duplicate deals.

Every deal pair is two matches from the same match seed, so both get the
same shuffles in the same order and the same first dealer seat; player a
sits in seat A in the first and in seat B in the second.  Whatever luck the
cards bring, each player gets it once.  A match seed comes from --seed and
the pair's number, and each player's seed from the match seed, so the whole
run (moves, records, figures) depends on --seed alone and not on --jobs:
each match is a pure function of its `Game`, and results are gathered in
order.

Each match is written as a game record (RECORDS.md) to --out, one file per
match; the interval math is in stats.py.
"""

import hashlib
import math
import multiprocessing
import os
import re
import signal
import sys
import time
from typing import NamedTuple

from sixtysix.hand import IllegalAction, action_name
from sixtysix.match import Match
from sixtysix.rules import OPTIONS, Rules, game_from_name
from sixtysix.view import View

from .record import PLAYERS, RecordWriter
from .stats import ratio_interval, wilson

SIDES = "ab"  # the two arena players, as --a and --b name them
RECORD_NAME = re.compile(r"m\d+-[ab]-first\.txt\Z")
SUMMARY_FILE = "summary.txt"
# Hands after which a match stops unfinished.  No rule ends a four-hand
# match whose sides keep failing their bids (scores may sink below zero), so
# weak players can play one for ever.  Far above any real match: to 7 a
# two-player match needs at most 13 decided hands, to 99 at most 197.
MAX_HANDS = 500


class UsageError(Exception):
    """Bad command-line input: one line on standard error, exit status 2."""


class Settings(NamedTuple):
    players: tuple[str, str]  # names of player a and player b
    game: str
    options: tuple[tuple[str, str], ...]
    target: int  # 0: the game's default
    matches: int  # deal pairs; twice as many matches are played
    seed: int
    out: str
    jobs: int
    max_hands: int


class Game(NamedTuple):
    """Everything one match depends on (sent to a worker process)."""

    pair: int
    a_first: bool  # player a sits in seat A
    match_seed: int
    players: tuple[str, str]
    seeds: tuple[int, int]  # of player a and player b
    game: str
    options: tuple[tuple[str, str], ...]
    target: int
    max_hands: int


class Outcome(NamedTuple):
    """One finished match, told from the arena players' side (0 = a, 1 = b)."""

    pair: int
    a_first: bool
    winner: int  # -1 when `error` is set or the match stopped at --max-hands
    hands: tuple[tuple[int, int, int], ...]  # (winner or -1, game points of a, of b)
    moves: tuple[int, int]
    nodes: tuple[int, int]  # search nodes summed over all decisions
    has_nodes: tuple[bool, bool]  # whether the player searches (reports nodes)
    seconds: tuple[float, float]  # time spent choosing
    record: str  # RECORDS.md text, without the comment header
    error: str  # why the match was stopped early, else ""
    closes: tuple[int, int, int, int] = (0, 0, 0, 0)  # made by a, won by a, made by b, won by b


def make_player(name: str, seed: int):
    """A computer player by name.  sixtysix.ai is imported here, not at the
    top, so the other subcommands (which import this module) never need it."""
    from sixtysix.ai import make_player as make

    if name == "lookahead":  # experimental, host only
        from .lookahead import LookaheadPlayer

        return LookaheadPlayer(seed)
    return make(name, seed)


# --- command line ---------------------------------------------------------------


def add_arguments(parser) -> None:
    # Numbers are read as text and checked in `settings`, so every bad value
    # gets one plain line instead of argparse's usage block.
    parser.add_argument("--a", metavar="NAME", help="player a: random, heuristic, easy, medium or hard")
    parser.add_argument("--b", metavar="NAME", help="player b, same choices")
    parser.add_argument(
        "--game",
        default="sixty-six",
        help="sixty-six (default), schnapsen, sixty-five, four-hand or three-hand",
    )
    parser.add_argument("--matches", default="100", metavar="N", help="deal pairs; 2N matches (100)")
    parser.add_argument("--seed", default="1", metavar="S", help="seed of the whole run (1)")
    parser.add_argument(
        "--option", action="append", default=[], metavar="NAME=VALUE", help="a rule option (see README)"
    )
    parser.add_argument("--target", metavar="N", help="game points that win a match (game default)")
    parser.add_argument(
        "--out", default="arena-out", metavar="DIR", help="folder for the records (arena-out)"
    )
    parser.add_argument("--jobs", metavar="J", help="worker processes (default: one per core)")
    parser.add_argument(
        "--max-hands",
        default=str(MAX_HANDS),
        metavar="N",
        help="stop a match without a winner after N hands; it counts as unfinished (%d)" % MAX_HANDS,
    )
    parser.set_defaults(run=run)


def _number(text, flag: str, low: int | None = None, high: int | None = None) -> int:
    try:
        n = int(text)
    except (TypeError, ValueError):
        raise UsageError("%s takes a whole number, not '%s'" % (flag, text)) from None
    if low is not None and (n < low or (high is not None and n > high)):
        wanted = "at least %d" % low if high is None else "%d to %d" % (low, high)
        raise UsageError("%s takes %s, not %d" % (flag, wanted, n))
    return n


def settings(args) -> Settings:
    """Check the command line; UsageError says what is wrong."""
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
    options = []
    for item in args.option:
        name, sep, value = item.partition("=")
        if not sep or not name.strip() or not value.strip():
            raise UsageError("--option takes NAME=VALUE, not '%s'" % item)
        options.append((name.strip().lower(), value.strip().lower()))
    target = _number(args.target, "--target", 1, 99) if args.target is not None else 0
    try:
        game = args.game.lower()
        build_rules(game, tuple(options), target)
    except ValueError as e:
        hint = ""
        known = [o[0] for o in OPTIONS]
        if any(name not in known for name, _ in options):
            hint = " (options: %s)" % ", ".join(known)
        raise UsageError("%s%s" % (e, hint)) from None
    jobs = _number(args.jobs, "--jobs", 1) if args.jobs is not None else os.cpu_count() or 1
    return Settings(
        players=(names[0], names[1]),
        game=game,
        options=tuple(options),
        target=target,
        matches=_number(args.matches, "--matches", 1),
        seed=_number(args.seed, "--seed"),
        out=args.out,
        jobs=jobs,
        max_hands=max_hands(args),
    )


def max_hands(args) -> int:
    return _number(args.max_hands, "--max-hands", 1)


def unfinished_note(hands: int, limit: int) -> str:
    """The record's last line for a match stopped at the bound."""
    return "# unfinished: no winner after %d hands (--max-hands %d)" % (hands, limit)


def unfinished_count(outcomes, limit: int) -> str:
    """', N unfinished after M hands (--max-hands)' for the summary, or ''."""
    n = sum(1 for o in outcomes if o.winner < 0)
    return ", %d unfinished after %d hands (--max-hands)" % (n, limit) if n else ""


def build_rules(game: str, options, target: int) -> Rules:
    """The rules of the run; ValueError for an unknown game or option."""
    rules = Rules(game_from_name(game))
    for name, value in options:
        rules.set_option(name, value)
    if target:
        rules.target = target
    return rules


# --- seeds and games ---------------------------------------------------------


def derive_seed(*parts) -> int:
    """A seed below 2**30 (the core's PRNG range) from any labels.  A hash,
    so neighbouring pairs get unrelated shuffles."""
    digest = hashlib.sha256(" ".join(str(p) for p in parts).encode()).digest()
    return int.from_bytes(digest[:4], "big") & 0x3FFFFFFF


def games(s: Settings) -> list[Game]:
    """Both matches of every deal pair, in the order results are reported."""
    out = []
    for pair in range(s.matches):
        match_seed = derive_seed("arena", s.seed, "pair", pair)
        seeds = (derive_seed(match_seed, "a"), derive_seed(match_seed, "b"))
        for a_first in (True, False):
            out.append(
                Game(pair, a_first, match_seed, s.players, seeds, s.game, s.options, s.target, s.max_hands)
            )
    return out


def play_game(g: Game) -> Outcome:
    """Play one match to its end (runs in a worker process)."""
    rules = build_rules(g.game, g.options, g.target)
    match = Match(rules, g.match_seed)
    # side[seat] is the arena player in that seat.  The mapping swaps or
    # keeps, so it is its own inverse: side[s] is also the seat of player s.
    side = (0, 1) if g.a_first else (1, 0)
    players = [make_player(g.players[side[seat]], g.seeds[side[seat]]) for seat in range(2)]
    writer = RecordWriter(rules)
    hands = []
    moves = [0, 0]
    nodes = [0, 0]
    seconds = [0.0, 0.0]
    closes = [0, 0, 0, 0]
    error = ""
    while match.winner < 0 and not error and match.hands_played < g.max_hands:
        hand = match.start_hand()
        writer.begin_hand(hand)
        while not hand.over:
            seat = hand.turn
            player = players[seat]
            started = time.perf_counter()
            code = player.choose(View(hand, seat))
            seconds[side[seat]] += time.perf_counter() - started
            moves[side[seat]] += 1
            nodes[side[seat]] += getattr(player, "nodes", 0)
            try:
                hand.act(code)
            except (IllegalAction, IndexError, ValueError) as e:
                error = "%s (player %s, seat %s) chose %s in hand %d: %s" % (
                    g.players[side[seat]],
                    SIDES[side[seat]],
                    PLAYERS[seat],
                    _describe(code),
                    match.hands_played + 1,
                    getattr(e, "reason", e),
                )
                break
        writer.sync(hand)
        if error:
            writer.lines.append("# stopped: " + error)
            break
        match.finish_hand()
        won = side[hand.winner] if hand.winner >= 0 else -1
        hands.append((won, match.awarded[side[0]], match.awarded[side[1]]))
        if hand.closer >= 0:
            closer = side[hand.closer]
            closes[2 * closer] += 1
            closes[2 * closer + 1] += 1 if won == closer else 0
    if match.winner < 0 and not error:
        writer.lines.append(unfinished_note(match.hands_played, g.max_hands))
    return Outcome(
        pair=g.pair,
        a_first=g.a_first,
        winner=side[match.winner] if match.winner >= 0 else -1,
        hands=tuple(hands),
        moves=(moves[0], moves[1]),
        nodes=(nodes[0], nodes[1]),
        has_nodes=(_searches(players[side[0]]), _searches(players[side[1]])),
        seconds=(seconds[0], seconds[1]),
        record=writer.text(),
        error=error,
        closes=(closes[0], closes[1], closes[2], closes[3]),
    )


def _describe(code) -> str:
    try:
        return "'%s'" % action_name(code)
    except (IndexError, TypeError, ValueError):
        return "action code %r" % (code,)


# --- records -----------------------------------------------------------------


def record_name(s, pair: int, a_first: bool) -> str:
    width = max(4, len(str(s.matches - 1)))
    return "m%0*d-%s-first.txt" % (width, pair, "a" if a_first else "b")


def record_header(s: Settings, g: Game) -> str:
    seat_of = (0, 1) if g.a_first else (1, 0)
    lines = [
        "# sixtysix arena, seed %d: deal pair %d of %d, match seed %d"
        % (s.seed, g.pair, s.matches, g.match_seed),
    ]
    for seat in range(2):
        p = seat_of[seat]
        lines.append(
            "# seat %s: %s (player %s, seed %d)" % (PLAYERS[seat], g.players[p], SIDES[p], g.seeds[p])
        )
    lines.append("# same deals, seats swapped: %s" % record_name(s, g.pair, not g.a_first))
    return "\n".join(lines) + "\n"


def prepare_out(folder: str) -> None:
    """Create the folder; drop the records and summary of an earlier run
    (only files named as this tool names them), so none is mistaken for
    part of this one."""
    try:
        os.makedirs(folder, exist_ok=True)
        for name in os.listdir(folder):
            if RECORD_NAME.match(name) or name == SUMMARY_FILE:
                os.remove(os.path.join(folder, name))
    except OSError as e:
        raise UsageError("--out %s: %s" % (folder, e.strerror or e)) from None


def write_text(path: str, text: str) -> None:
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)


# --- running -----------------------------------------------------------------


def _ignore_sigint() -> None:
    # Ctrl-C reaches the whole process group; only the parent handles it.
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def run(args) -> int:
    if (args.game or "").lower() == "sixty-five":  # partnerships: a module of its own
        from .arena65 import run as run65

        return run65(args)
    if (args.game or "").lower() in ("four-hand", "three-hand"):  # three or four seats
        from .arena_multi import run as run_multi

        return run_multi(args)
    try:
        s = settings(args)
        prepare_out(s.out)
    except UsageError as e:
        print("sixtysix arena: %s" % e, file=sys.stderr)
        return 2
    return run_pairs(s, games(s), play_game, record_header, summary, timing)


def run_pairs(s, todo: list, play, header, summarise, timed) -> int:
    """Play deal pairs (the two-player games and Sixty-Five): the matches
    of `todo`, records named by pair and by who sat first, the figures of
    complete pairs by `summarise(s, outcomes)` and `timed(outcomes,
    seconds, jobs)`."""
    jobs = min(s.jobs, len(todo))
    played = play_all(
        todo,
        play,
        jobs,
        lambda g: os.path.join(s.out, record_name(s, g.pair, g.a_first)),
        lambda g: header(s, g),
    )
    if played.failed:
        print("sixtysix arena: %s" % played.failed, file=sys.stderr)
        return 1
    done = played.done
    pairs = len(done) // 2
    lines = []
    if pairs:
        lines = summarise(s, done[: 2 * pairs])
        lines.append(timed(done[: 2 * pairs], played.elapsed, jobs))
        lines.append(
            "records: %s (%s ... %s)" % (s.out, record_name(s, 0, True), record_name(s, pairs - 1, False))
        )
    return report(s.out, lines, played.interrupted, "%d of %d deal pairs" % (pairs, s.matches))


class Played(NamedTuple):
    done: list  # the outcomes of the matches played, in the order of `todo`
    failed: str | None  # a player's illegal action, with its record
    interrupted: bool  # Ctrl-C: `done` holds what was finished before it
    elapsed: float  # seconds


def play_all(todo: list, play, jobs: int, path_of, header_of) -> Played:
    """Play the matches of `todo` with `play` on `jobs` processes, in
    order, writing each one's record (`header_of(g)` and what the match
    wrote) to `path_of(g)` as soon as it is finished.  Stops at the first
    match in which a player chose an illegal action, or at Ctrl-C."""
    done: list = []
    started = time.perf_counter()
    pool = multiprocessing.Pool(jobs, initializer=_ignore_sigint) if jobs > 1 else None
    interrupted = False
    failed = None
    try:
        results = pool.imap(play, todo) if pool else map(play, todo)
        for g, outcome in zip(todo, results):
            path = path_of(g)
            write_text(path, header_of(g) + outcome.record)
            if outcome.error:
                failed = "%s (record: %s)" % (outcome.error, path)
                break
            done.append(outcome)
            _progress(len(done), len(todo))
    except KeyboardInterrupt:
        interrupted = True
    finally:
        if pool:
            pool.terminate()
            pool.join()
    _progress(0, 0)
    return Played(done, failed, interrupted, time.perf_counter() - started)


def report(out: str, lines: list, interrupted: bool, complete: str) -> int:
    """Print the summary and keep it beside the records; the exit status."""
    if lines:
        print("\n".join(lines))
        write_text(os.path.join(out, SUMMARY_FILE), "\n".join(lines) + "\n")
    if interrupted:
        print("sixtysix arena: interrupted after %s" % complete, file=sys.stderr)
        return 130
    return 0


def _progress(done: int, total: int) -> None:
    """A counter on a terminal's standard error; `total` 0 wipes it."""
    if not sys.stderr.isatty():
        return
    if total:
        sys.stderr.write("\r%d/%d matches" % (done, total))
    else:
        sys.stderr.write("\r\033[K")
    sys.stderr.flush()


# --- the summary -------------------------------------------------------------


def summary(s: Settings, outcomes: list[Outcome]) -> list[str]:
    """The figures of complete deal pairs (outcomes in `games` order);
    nothing here depends on timing, so it is the same for any --jobs."""
    rules = build_rules(s.game, s.options, s.target)
    pairs = len(outcomes) // 2
    hands = [h for o in outcomes for h in o.hands]
    decided = [h for h in hands if h[0] >= 0]
    matches_won = [sum(1 for o in outcomes if o.winner == p) for p in range(2)]
    hands_won = [sum(1 for h in decided if h[0] == p) for p in range(2)]
    points = [sum(h[1 + p] for h in hands) for p in range(2)]

    label = ["%s %s" % (SIDES[p], s.players[p]) for p in range(2)]
    rows = [
        ("matches won", [_share(matches_won[p], len(outcomes)) for p in range(2)]),
        ("hands won", [_share(hands_won[p], len(decided)) for p in range(2)]),
        ("game points / hand", ["%.3f" % (points[p] / len(hands)) for p in range(2)]),
    ]
    made = [sum(o.closes[2 * p] for o in outcomes) for p in range(2)]
    kept = [sum(o.closes[2 * p + 1] for o in outcomes) for p in range(2)]
    rows.append(("closes won", [_of(kept[p], made[p]) for p in range(2)]))
    if any(o.has_nodes[p] for o in outcomes for p in range(2)):
        rows.append(("nodes / move", [_nodes_per_move(outcomes, p) for p in range(2)]))
    width = max(len(label[0]), *(len(r[1][0]) for r in rows)) + 3
    table = ["%-20s%-*s%s" % ("", width, label[0], label[1])]
    table += ["%-20s%-*s%s" % (name, width, cells[0], cells[1]) for name, cells in rows]

    diff_sums = []
    sizes = []
    both = [0, 0]
    for i in range(pairs):
        pair = outcomes[2 * i : 2 * i + 2]
        diff_sums.append(sum(h[1] - h[2] for o in pair for h in o.hands))
        sizes.append(sum(len(o.hands) for o in pair))
        if pair[0].winner == pair[1].winner >= 0:
            both[pair[0].winner] += 1
    diff, low, high = ratio_interval(diff_sums, sizes)
    options = "".join("; %s %s" % o for o in s.options)
    return [
        "arena: a = %s, b = %s; %s, first to %d%s; seed %d"
        % (s.players[0], s.players[1], rules.name, rules.target, options, s.seed),
        "%d deal pairs: %d matches, %d hands, %d with a winner%s"
        % (pairs, len(outcomes), len(hands), len(decided), unfinished_count(outcomes, s.max_hands)),
        "",
        *table,
        "",
        "game points / hand, a - b: %+.3f %s" % (diff, _interval(low, high, "%+.3f")),
        "deal pairs won twice: a %d, b %d, split %d" % (both[0], both[1], pairs - both[0] - both[1]),
        "[ ] = 95% interval: Wilson score for the shares won; normal approximation over deal pairs for a - b",
    ]


def _share(k: int, n: int) -> str:
    if n == 0:
        return "0 of 0"
    low, high = wilson(k, n)
    return "%d  %.1f%% [%.1f, %.1f]" % (k, 100 * k / n, 100 * low, 100 * high)


def _of(k: int, n: int) -> str:
    """'k of n' with the share and its Wilson interval when n > 0."""
    if n == 0:
        return "0 of 0"
    low, high = wilson(k, n)
    return "%d of %d  %.1f%% [%.1f, %.1f]" % (k, n, 100 * k / n, 100 * low, 100 * high)


def _interval(low: float, high: float, fmt: str) -> str:
    if math.isnan(low):
        return "[needs two deal pairs]"
    return "[%s, %s]" % (fmt % low, fmt % high)


def _searches(player) -> bool:
    """Search players carry a solver; the baselines report nodes = 0."""
    return hasattr(player, "solver")


def _nodes_per_move(outcomes: list[Outcome], p: int) -> str:
    if not any(o.has_nodes[p] for o in outcomes):
        return "-"
    moves = sum(o.moves[p] for o in outcomes)
    return "%.1f" % (sum(o.nodes[p] for o in outcomes) / moves) if moves else "0"


def timing(outcomes: list[Outcome], elapsed: float, jobs: int) -> str:
    per_move = []
    for p in range(2):
        moves = sum(o.moves[p] for o in outcomes)
        spent = sum(o.seconds[p] for o in outcomes)
        per_move.append(1000 * spent / moves if moves else 0.0)
    return "time: %.1f s on %d job%s; choosing takes a %.3f ms, b %.3f ms per move" % (
        elapsed,
        jobs,
        "" if jobs == 1 else "s",
        per_move[0],
        per_move[1],
    )
