"""`sixtysix calibrate`: how often what the hard level's search says comes true.

A hint on the device says what the hard level would do and how it fared in
the deals it tried ("wins in 9 of 10 deals I tried (83% in play)"). Each
deal is solved with every card visible, which flatters the odds, so the
hint also says how often such a decision was won in play. The figures in
play come from here: hard plays whole hands against an opponent, and every
decision it searched with sampled deals is sorted as the hint sorts it
(`hint.play_bucket`; for a close, won in every deal or in all but one);
when the hand ends, each decision counts as held if hard won the hand.

Every hand is dealt from its own seed, hard sitting first in one hand and
second in the next, so the run depends on --seed alone and not on --jobs.
The table prints what hint.py says beside what was measured, so a stale
table in hint.py shows at a glance.
"""

import multiprocessing
import os
import sys

from sixtysix.rules import fold

from .arena import UsageError, derive_seed
from .stats import wilson
from .textin import number_arg

GAMES = ("sixty-six", "schnapsen")
OPPONENTS = ("heuristic", "hard", "classic", "medium")
PLAY_LABELS = (
    "play: won in every deal",
    "play: won in 70-99% of deals",
    "play: won in 30-69%",
    "play: won in 1-29%",
    "play: won in no deal",
)
CLOSE_LABELS = ("close: won in every deal", "close: won in all but one")


def add_arguments(parser) -> None:
    parser.add_argument("--game", default=GAMES[0], help="%s (default %s)" % (" or ".join(GAMES), GAMES[0]))
    parser.add_argument("--hands", default="600", metavar="N", help="hands to play (600)")
    parser.add_argument(
        "--opponent", default="heuristic", help="who hard plays: %s (heuristic)" % ", ".join(OPPONENTS)
    )
    parser.add_argument("--seed", default="1", metavar="S", help="seed of the whole run (1)")
    parser.add_argument("--jobs", metavar="J", help="worker processes (default: one per core)")
    parser.set_defaults(run=run)


def play_hand(task) -> tuple:
    """One hand; returns (hard won it, [(kind, bucket)] of its searched
    decisions), kind 0 a play, 1 a close."""
    from sixtysix.ai import SearchPlayer, make_player
    from sixtysix.cardtext import game_from_name
    from sixtysix.hand import CLOSE, MARRY
    from sixtysix.hint import close_bucket, play_bucket
    from sixtysix.match import Match
    from sixtysix.rules import Rules
    from sixtysix.view import View

    game, opponent, seed, hard_seat = task
    match = Match(Rules(game_from_name(game)), seed)
    match.dealer = 1  # seat A, the non-dealer, leads: hard first in one hand, second in the next
    hand = match.start_hand()
    players: list = [None, None]
    hard = SearchPlayer("hard", derive_seed(seed, "hard"))
    players[hard_seat] = hard
    players[1 - hard_seat] = make_player(opponent, derive_seed(seed, "opponent"))
    said = []
    while not hand.over:
        seat = hand.turn
        code = players[seat].choose(View(hand, seat))
        if seat == hard_seat:
            if code == CLOSE and hard.close_judged:
                said.append((1, close_bucket(hard.close_wins, hard.close_judged)))
            elif hard.worlds > 1 and code < MARRY:  # a card: a marriage's hint quotes no odds
                said.append((0, play_bucket(hard.wins, hard.worlds)))
        hand.act(code)
    return hand.winner == hard_seat, said


def tally(results) -> tuple:
    """(plays, closes): per bucket, [decisions, of them in hands won]."""
    plays = [[0, 0] for _ in PLAY_LABELS]
    closes = [[0, 0] for _ in CLOSE_LABELS]
    for won, said in results:
        for kind, bucket in said:
            row = (closes if kind else plays)[bucket]
            row[0] += 1
            row[1] += 1 if won else 0
    return plays, closes


def table_lines(rows, labels, claimed) -> list:
    out = []
    for label, (n, held), says in zip(labels, rows, claimed):
        if n:
            lo, hi = wilson(held, n)
            figure = "%5.1f%% [%4.1f, %5.1f]" % (100 * held / n, 100 * lo, 100 * hi)
        else:
            figure = "       -          "
        out.append("%-30s %9d %10d   %s   %d%%" % (label, n, held, figure, says))
    return out


def settings(args) -> tuple:
    """(game, opponent, hands, seed, jobs) from the command line, or
    UsageError saying what is wrong."""
    game = fold(args.game or "")
    if game not in GAMES:
        raise UsageError("--game is %s, not '%s'" % (" or ".join(GAMES), args.game))
    opponent = fold(args.opponent or "")
    if opponent not in OPPONENTS:
        raise UsageError("--opponent is one of %s, not '%s'" % (", ".join(OPPONENTS), args.opponent))
    hands = number_arg(args.hands, "--hands", 1, 1000000, UsageError)
    seed = number_arg(args.seed, "--seed", 0, 999999999, UsageError)
    jobs = (
        number_arg(args.jobs, "--jobs", 1, 256, UsageError) if args.jobs is not None else os.cpu_count() or 1
    )
    return game, opponent, hands, seed, jobs


def run(args) -> int:
    from sixtysix.hint import CLOSE_HELD, PLAY_HELD

    try:
        game, opponent, hands, seed, jobs = settings(args)
    except UsageError as e:
        print("sixtysix calibrate: %s" % e, file=sys.stderr)
        return 2
    tasks = [(game, opponent, derive_seed("calibrate", game, seed, i), i % 2) for i in range(hands)]
    if jobs > 1:
        with multiprocessing.get_context("fork").Pool(jobs) as pool:
            results = pool.map(play_hand, tasks, chunksize=4)
    else:
        results = [play_hand(t) for t in tasks]
    plays, closes = tally(results)
    won = sum(1 for r in results if r[0])
    head = (opponent, game, hands, seed, won)
    print("calibrate: hard against %s, %s, %d hands, seed %d; hard won %d" % head)
    print(
        "%-30s %9s %10s   %-20s   %s"
        % ("what the search said", "decisions", "hand won", "held [95% interval]", "hint.py says")
    )
    for line in table_lines(plays, PLAY_LABELS, PLAY_HELD):
        print(line)
    for line in table_lines(closes, CLOSE_LABELS, CLOSE_HELD):
        print(line)
    print("[ ] = Wilson score interval; decisions of one hand are not independent, so read it as a guide")
    return 0
