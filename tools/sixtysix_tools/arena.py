"""`sixtysix arena`: two computer players, many matches, duplicate deals.

One driver for every game.  Every deal pair (or set) is played from one
match seed, so its matches get the same shuffles in the same order and the
same first dealer seat; only who sits where changes, by the game part's
`seatings` (gamepart.py): in the two-player games a sits in seat A in the
first match and in seat B in the second; in the partnership games a holds
side AC, then BD; in three-hand each deal set is six matches, one per way of
seating {a, b, b} and {b, a, a}.  Whatever luck the cards bring, each player
gets it equally.  A match seed comes from --seed and the pair's number, and
each player's seed from the match seed, so the whole run (moves, records,
figures) depends on --seed alone and not on --jobs: each match is a pure
function of its `Game`, and results are gathered in order.

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

from sixtysix.hand import IllegalAction
from sixtysix.rules import fold

from .gamepart import GAME_NAMES, GamePart, part_named
from .records import RecordError, RecordWriter
from .stats import ratio_interval, wilson
from .textin import not_a_folder, number_arg, option_args, plain, shown

SIDES = "ab"  # the two arena players, as --a and --b name them
RECORD_NAME = re.compile(r"m\d+-(?:[ab]-first|s\d)\.txt\Z")
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
    matches: int  # deal pairs (or sets); each is len(seatings) matches
    seed: int
    out: str
    jobs: int
    max_hands: int


class Game(NamedTuple):
    """Everything one match depends on (sent to a worker process)."""

    pair: int
    seating: int  # index into the part's seatings
    match_seed: int
    players: tuple[str, str]
    seeds: tuple[int, ...]  # of each seat's player
    game: str
    options: tuple[tuple[str, str], ...]
    target: int
    max_hands: int


class Outcome(NamedTuple):
    """One finished match, told from the arena players' side (0 = a, 1 = b)."""

    pair: int
    seating: int
    winner: int  # -1 when `error` is set or the match stopped at --max-hands
    # per hand: (winner or -1, game points of a, of b, hand points of a, of b,
    # who closed or won the auction (-1: nobody), whether that held)
    hands: tuple[tuple[int, int, int, int, int, int, bool], ...]
    moves: tuple[int, int]
    nodes: tuple[int, int]  # search nodes (or engine steps) summed over all decisions
    searches: tuple[bool, bool]  # whether the player searches (reports nodes)
    seconds: tuple[float, float]  # time spent choosing
    record: str  # RECORDS.md text, without the comment header
    error: str  # why the match was stopped early, else ""


def make_player(game: str, name: str, seed: int):
    """A computer player of a game by name (its part imports the players
    only when asked, so the other subcommands never need them)."""
    return part_named(game).make_player(name, seed)


# --- command line ---------------------------------------------------------------


def add_arguments(parser) -> None:
    # Numbers are read as text and checked in `settings`, so every bad value
    # gets one plain line instead of argparse's usage block.
    parser.add_argument(
        "--a",
        metavar="NAME",
        help="player a: random, heuristic, easy, medium or hard (and classic in the games for two and "
        "three, the experimental lookahead and pimc, and the reference ismcts, ismcts-cards and ismcts-late "
        "(each NAME[:iterations=N]) in the "
        "games for two); in the games for two also a level with settings changed, e.g. "
        "hard:close_losses=0,close_worlds=16 (docs/AI.md)",
    )
    parser.add_argument("--b", metavar="NAME", help="player b, same choices")
    parser.add_argument(
        "--game",
        default=GAME_NAMES[0],
        help="%s (default %s)" % (", ".join(GAME_NAMES), GAME_NAMES[0]),
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


MOST_JOBS = 256  # worker processes at most: one per match of a small run is already plenty


def settings(args) -> Settings:
    """Check the command line; UsageError says what is wrong."""
    try:
        part = part_named(args.game or "")  # any case; a message quotes what was typed
    except RecordError as e:
        raise UsageError(e.reason) from None
    game = part.name
    names = []
    for side in SIDES:
        name = getattr(args, side)
        if name is None:
            raise UsageError(
                "name both players: --a NAME --b NAME (random, heuristic, easy, medium, hard;"
                " classic in the games for two and three)"
            )
        try:
            make_player(game, fold(name), 1)
        except ValueError as e:
            raise UsageError("--%s: %s" % (side, e)) from None
        names.append(fold(name))
    options = [(name, fold(value)) for name, value in option_args(args.option, UsageError)]
    if options and not part.options():
        raise UsageError("%s has no rule options (--target N sets the match)" % game)
    target = number_arg(args.target, "--target", 1, 99, UsageError) if args.target is not None else 0
    try:
        build_rules(part, tuple(options), target)
    except ValueError as e:
        known = [o[0] for o in part.options()]
        hint = " (options: %s)" % ", ".join(known) if any(n not in known for n, _ in options) else ""
        raise UsageError("%s%s" % (plain(str(e)), hint)) from None
    jobs = (
        number_arg(args.jobs, "--jobs", 1, MOST_JOBS, UsageError)
        if args.jobs is not None
        else os.cpu_count() or 1
    )
    return Settings(
        players=(names[0], names[1]),
        game=game,
        options=tuple(options),
        target=target,
        matches=number_arg(args.matches, "--matches", 1, 1000000, UsageError),
        seed=number_arg(args.seed, "--seed", 0, 999999999, UsageError),  # as every other command takes it
        out=args.out,
        jobs=jobs,
        max_hands=number_arg(args.max_hands, "--max-hands", 1, 1000000, UsageError),
    )


def unfinished_note(hands: int, limit: int) -> str:
    """The record's last comment for a match stopped at the bound."""
    return "unfinished: no winner after %d hands (--max-hands %d)" % (hands, limit)


def unfinished_count(outcomes, limit: int) -> str:
    """', N unfinished after M hands (--max-hands)' for the summary, or ''."""
    n = sum(1 for o in outcomes if o.winner < 0)
    return ", %d unfinished after %d hands (--max-hands)" % (n, limit) if n else ""


def build_rules(part: GamePart, options, target: int):
    """The rules of the run; ValueError for an unknown option or value."""
    rules = part.new_rules()
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
    """Every match of every deal pair (or set), in the order results are
    reported."""
    part = part_named(s.game)
    out = []
    for pair in range(s.matches):
        match_seed = derive_seed(*part.seed_label, s.seed, "pair", pair)
        for seating, owner in enumerate(part.seatings):
            seeds = []
            for seat, p in enumerate(owner):
                by_seat = (part.seats[seat],) if part.seed_per_seat else ()
                seeds.append(derive_seed(match_seed, SIDES[p], *by_seat))
            out.append(
                Game(
                    pair,
                    seating,
                    match_seed,
                    s.players,
                    tuple(seeds),
                    s.game,
                    s.options,
                    s.target,
                    s.max_hands,
                )
            )
    return out


def play_game(g: Game) -> Outcome:
    """Play one match to its end (runs in a worker process)."""
    part = part_named(g.game)
    rules = build_rules(part, g.options, g.target)
    match = part.new_match(rules, g.match_seed)
    # owner[seat] is the arena player in that seat; in the partnership
    # games side 0 (1) is owned as seat A (B) is.
    owner = part.seatings[g.seating]
    players = [make_player(g.game, g.players[owner[seat]], g.seeds[seat]) for seat in range(len(owner))]
    writer = RecordWriter(match)
    hands = []
    moves = [0, 0]
    nodes = [0, 0]
    seconds = [0.0, 0.0]
    error = ""
    while match.winner < 0 and not error and match.hands_played < g.max_hands:
        hand = match.start_hand()
        writer.begin_hand()
        while not hand.over:
            seat = match.turn_seat()
            p = owner[seat]
            started = time.perf_counter()
            code = players[seat].choose(part.view(match, seat))
            seconds[p] += time.perf_counter() - started
            moves[p] += 1
            nodes[p] += getattr(players[seat], "nodes", 0)
            try:
                match.act(code)
            except (IllegalAction, IndexError, ValueError, TypeError) as e:
                error = "%s (player %s, seat %s) chose %s in hand %d: %s" % (
                    g.players[p],
                    SIDES[p],
                    part.seats[seat],
                    _describe(part, code),
                    match.hands_played + 1,
                    getattr(e, "reason", e),
                )
                break
        writer.sync()
        if error:
            writer.note("stopped: " + error)
            break
        # who won, closed or bid is read before the match books the hand
        won = part.winner_seat(match)
        taker, held = part.contract(match)
        scored = part.hand_points(match)
        match.finish_hand()
        points = [0, 0]
        for i, awarded in enumerate(match.awarded):
            points[owner[i]] += awarded
        hand_points = [0, 0]
        for i, score in enumerate(scored):
            hand_points[owner[i]] += score
        hands.append(
            (
                owner[won] if won >= 0 else -1,
                points[0],
                points[1],
                hand_points[0],
                hand_points[1],
                owner[taker] if taker >= 0 else -1,
                bool(held),
            )
        )
    if match.winner < 0 and not error:
        writer.note(unfinished_note(match.hands_played, g.max_hands))
    searches = [nodes[p] > 0 for p in range(2)]
    for seat, player in enumerate(players):
        searches[owner[seat]] |= hasattr(player, "solver")
    return Outcome(
        pair=g.pair,
        seating=g.seating,
        winner=owner[match.winner] if match.winner >= 0 else -1,
        hands=tuple(hands),
        moves=(moves[0], moves[1]),
        nodes=(nodes[0], nodes[1]),
        searches=(searches[0], searches[1]),
        seconds=(seconds[0], seconds[1]),
        record=writer.text(),
        error=error,
    )


def _describe(part: GamePart, code) -> str:
    try:
        return "'%s'" % part.action_name(code)
    except (IndexError, TypeError, ValueError):
        return "action code %r" % (code,)


# --- records -----------------------------------------------------------------


def record_name(s: Settings, pair: int, seating: int) -> str:
    """m0007-a-first.txt (who sat first) or m0007-s3.txt (which seating)."""
    width = max(4, len(str(s.matches - 1)))
    if part_named(s.game).record_names == "first":
        return "m%0*d-%s-first.txt" % (width, pair, SIDES[seating])
    return "m%0*d-s%d.txt" % (width, pair, seating)


def _unit(part: GamePart) -> str:
    return "deal pair" if len(part.seatings) == 2 else "deal set"


def record_header(s: Settings, g: Game) -> str:
    part = part_named(g.game)
    owner = part.seatings[g.seating]
    lines = [
        "# sixtysix arena, seed %d: %s %d of %d, match seed %d"
        % (s.seed, _unit(part), g.pair, s.matches, g.match_seed)
    ]
    if part.header_by == "side":
        for p in range(2):
            lines.append("# side %s: %s (player %s)" % (part.names[owner.index(p)], g.players[p], SIDES[p]))
    else:
        for seat, p in enumerate(owner):
            seed = "" if part.seed_per_seat else ", seed %d" % g.seeds[seat]
            lines.append("# seat %s: %s (player %s%s)" % (part.seats[seat], g.players[p], SIDES[p], seed))
    if part.swap_note:
        other = record_name(s, g.pair, 1 - g.seating)
        lines.append("# same deals, %s swapped: %s" % (part.swap_note, other))
    return "\n".join(lines) + "\n"


def prepare_out(folder: str) -> None:
    """Create the folder; drop the records and summary of an earlier run
    (only files named as this tool names them), so none is mistaken for
    part of this one."""
    why = not_a_folder(folder)
    if why:
        raise UsageError("--out %s %s" % (shown(folder), why))
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
    try:
        s = settings(args)
        prepare_out(s.out)
    except UsageError as e:
        print("sixtysix arena: %s" % shown(str(e)), file=sys.stderr)
        return 2
    part = part_named(s.game)
    per_set = len(part.seatings)
    todo = games(s)
    jobs = min(s.jobs, len(todo))
    played = play_all(
        todo,
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
        complete = done[: sets * per_set]
        lines = summary(s, complete)
        lines.append(timing(complete, played.elapsed, jobs))
        last = record_name(s, sets - 1, per_set - 1)
        lines.append("records: %s (%s ... %s)" % (shown(s.out), record_name(s, 0, 0), last))
    return report(s.out, lines, played.interrupted, "%d of %d %ss" % (sets, s.matches, _unit(part)))


class Played(NamedTuple):
    done: list  # the outcomes of the matches played, in the order of `todo`
    failed: str | None  # a player's illegal action, with its record
    interrupted: bool  # Ctrl-C: `done` holds what was finished before it
    elapsed: float  # seconds


def play_all(todo: list, jobs: int, path_of, header_of) -> Played:
    """Play the matches of `todo` on `jobs` processes, in order, writing
    each one's record (`header_of(g)` and what the match wrote) to
    `path_of(g)` as soon as it is finished.  Stops at the first match in
    which a player chose an illegal action, or at Ctrl-C."""
    done: list = []
    started = time.perf_counter()
    pool = multiprocessing.Pool(jobs, initializer=_ignore_sigint) if jobs > 1 else None
    interrupted = False
    failed = None
    try:
        results = pool.imap(play_game, todo) if pool else map(play_game, todo)
        for g, outcome in zip(todo, results):
            path = path_of(g)
            write_text(path, header_of(g) + outcome.record)
            if outcome.error:
                failed = "%s (record: %s)" % (outcome.error, shown(path))
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
    """The figures of complete deal pairs or sets (outcomes in `games`
    order); nothing here depends on timing, so it is the same for any
    --jobs.  Every game has matches, hands and game points; the part's
    `figures` add its own rows."""
    part = part_named(s.game)
    rules = build_rules(part, s.options, s.target)
    per_set = len(part.seatings)
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
    taken = [h for h in hands if h[5] >= 0]  # hands someone closed, or an auction was won
    mine = [[h for h in taken if h[5] == p] for p in range(2)]
    held = [sum(1 for h in mine[p] if h[6]) for p in range(2)]
    if "hand points" in part.figures:
        rows.append(
            ("hand points / hand", ["%.2f" % (sum(h[3 + p] for h in hands) / len(hands)) for p in range(2)])
        )
    if "closes" in part.figures:
        rows.append(("closes won", [_of(held[p], len(mine[p])) for p in range(2)]))
    if "auctions" in part.figures:
        rows.append(("auctions won", [_share(len(mine[p]), len(taken)) for p in range(2)]))
        rows.append(("contracts made", [_share(held[p], len(mine[p])) for p in range(2)]))
    if any(o.searches[p] for o in outcomes for p in range(2)):
        rows.append(("%s / move" % part.work, [_work_per_move(outcomes, p) for p in range(2)]))
    width = max(len(label[0]), *(len(r[1][0]) for r in rows)) + 3
    table = ["%-20s%-*s%s" % ("", width, label[0], label[1])]
    table += ["%-20s%-*s%s" % (name, width, cells[0], cells[1]) for name, cells in rows]

    gp_sums = []
    pt_sums = []
    sizes = []
    every_time = [0, 0]
    for i in range(sets):
        group = outcomes[per_set * i : per_set * (i + 1)]
        gp_sums.append(sum(h[1] - h[2] for o in group for h in o.hands))
        pt_sums.append(sum(h[3] - h[4] for o in group for h in o.hands))
        sizes.append(sum(len(o.hands) for o in group))
        winners = {o.winner for o in group}
        if len(winners) == 1 and group[0].winner >= 0:
            every_time[group[0].winner] += 1
    unit = _unit(part) + ("s" if sets != 1 else "")  # "1 deal pair", "2 deal pairs"
    counted = unit if per_set == 2 else "%s (%d seatings each)" % (unit, per_set)
    thrown = " (%d thrown in)" % (len(hands) - len(taken)) if "auctions" in part.figures else ""
    options = "".join("; %s %s" % o for o in s.options)
    lines = [
        "arena: a = %s, b = %s; %s, first to %d%s; seed %d"
        % (s.players[0], s.players[1], part.title or part.name, rules.target, options, s.seed),
        "%d %s: %d matches, %d hands, %d with a winner%s%s"
        % (
            sets,
            counted,
            len(outcomes),
            len(hands),
            len(decided),
            thrown,
            unfinished_count(outcomes, s.max_hands),
        ),
        "",
        *table,
        "",
    ]
    diff, low, high = ratio_interval(gp_sums, sizes)
    lines.append("game points / hand, a - b: %+.3f %s" % (diff, _interval(low, high, "%+.3f", part)))
    if "closes" in part.figures:
        lines.append("  by who closed (hands): " + _by_closer(hands))
    if "hand points" in part.figures:
        diff, low, high = ratio_interval(pt_sums, sizes)
        lines.append("hand points / hand, a - b: %+.2f %s" % (diff, _interval(low, high, "%+.2f", part)))
    if per_set == 2:
        neither = sets - every_time[0] - every_time[1]  # split, or a match left unfinished
        lines.append(
            "deal pairs won twice: a %d, b %d, by neither %d" % (every_time[0], every_time[1], neither)
        )
    lines.append(
        "[ ] = 95%% interval: Wilson score for the shares won; normal approximation over %ss for a - b"
        % _unit(part)
    )
    return lines


def _by_closer(hands: list) -> str:
    """Game points a hand, a - b, in the hands a closed, b closed and
    nobody closed (played out, or a player reached 66 first): where the
    difference between the players comes from."""
    parts = []
    for name, closer in (("a", 0), ("b", 1), ("nobody", -1)):
        group = [h for h in hands if h[5] == closer]
        value = "%+.3f" % (sum(h[1] - h[2] for h in group) / len(group)) if group else "-"
        parts.append("%s %s (%d)" % (name, value, len(group)))
    return ", ".join(parts)


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


def _interval(low: float, high: float, fmt: str, part: GamePart) -> str:
    if math.isnan(low):
        return "[needs two %ss]" % _unit(part)  # one deal pair (or set) says nothing of their spread
    return "[%s, %s]" % (fmt % low, fmt % high)


def _work_per_move(outcomes: list[Outcome], p: int) -> str:
    if not any(o.searches[p] for o in outcomes):
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
