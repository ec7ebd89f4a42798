"""`sixtysix move FILE [--level L] [--seed S]`: the computer's next action.

Reads a game record that stops in the middle of a hand, of any game, and
prints the one action line (in the record's own syntax, e.g. `B play TS`,
`C bid 2`) that the seat to act would take at that level.  The player is
given only that seat's view of the hand (the game part's `view`), so it
cannot use any card it could not know, although the record holds every
card.  The seed is fixed by --seed alone (never taken from the record), so
two records that differ only in cards the player cannot see get the same
answer.

Errors follow the replay contract (docs/RECORDS.md): `FILE:LINE: reason` on
standard error, nothing on standard output, exit status 2.  A record with no
hand in progress (every hand finished, or none dealt) is such an error, at
the line of its last statement.
"""

import argparse
import sys

from sixtysix.rules import fold

from .gamepart import GAME_NAMES, part_named
from .records import RecordError, first_statement, last_statement_line, read
from .recordsyntax import one_of
from .replay import error_line, read_record
from .textin import ascii_int

# classic (the hard level before device-time budgets, the baseline the
# others are measured against) plays the games for two and three only.
LEVELS = ("random", "heuristic", "easy", "medium", "hard", "classic")


def add_arguments(parser) -> None:
    parser.add_argument(
        "file", help="a game record that stops mid-hand (see docs/RECORDS.md); - reads standard input"
    )
    parser.add_argument(
        "--level", default="hard", type=str.lower, choices=LEVELS, help="computer level (hard)"
    )
    parser.add_argument(
        "--seed", default=1, type=seed_number, metavar="S", help="seed of the player's sampling (1)"
    )
    parser.set_defaults(run=run)


def seed_number(text: str) -> int:
    """--seed's value: ASCII digits only (int() would read '١' as 1) and bounded."""
    seed = ascii_int(text, 0, 999999999)
    if seed is None:
        raise argparse.ArgumentTypeError("a seed is a number from 0 to 999999999")
    return seed


def refuse_games(text: str, allowed, reason: str) -> None:
    """RecordError at the `game` line of a record of a game not `allowed`.
    Checked before the record is replayed, so what studies a hand during
    the replay never sees another game's."""
    line, words = first_statement(text)
    if len(words) == 2 and fold(words[0]) == "game":
        name = fold(words[1])
        if name in GAME_NAMES and name not in allowed:
            raise RecordError(line, reason)


def nothing_to_play(replay, text: str) -> RecordError:
    """The error for a record with no hand in progress, at its last statement."""
    line = last_statement_line(text)
    m = replay.match
    names = replay.part.names
    if m.winner >= 0:
        scores = m.scores
        if len(scores) == 2:
            won = "%s won %d to %d" % (names[m.winner], scores[m.winner], scores[1 - m.winner])
        else:
            rest = " ".join("%s %d" % (names[s], scores[s]) for s in range(len(scores)) if s != m.winner)
            won = "%s won with %d (%s)" % (names[m.winner], scores[m.winner], rest)
        return RecordError(line, "the match is over: %s, nothing left to play" % won)
    if not replay.hands:
        return RecordError(line, "no hand has been dealt: nobody is to act")
    return RecordError(line, "the hand is over and the next one is not dealt: nobody is to act")


def live_replay(text: str):
    """The replay of a record that stops mid-hand; RecordError when the
    record is invalid or no hand is in progress."""
    replay = read(text)
    if not replay.in_progress():
        raise nothing_to_play(replay, text)
    return replay


def next_action(text: str, level: str = "hard", seed: int = 1) -> str:
    """The action line the seat to act at the end of a record of any game
    would write, chosen from that seat's view only; RecordError when the
    record is invalid or no hand is in progress."""
    replay = live_replay(text)
    part = replay.part
    match = replay.match
    seat = match.turn_seat()
    try:
        player = part.make_player(level, seed)
    except ValueError:
        line, _ = first_statement(text)
        raise RecordError(line, "no %s level in %s (%s)" % (level, part.name, one_of(LEVELS[:5]))) from None
    code = player.choose(part.view(match, seat))
    return "%s %s" % (part.seats[seat], part.action_name(code))


# --- the two-player games in steps (docs/ANALYSE.md) ----------------------------


def live_hand(text: str):
    """The hand in progress at the end of a two-player record; RecordError
    when the record is of another game, invalid, or no hand is in progress."""
    two = two_player_games()
    refuse_games(text, two, "only two-player games have a hand to ask about (%s)" % one_of(two))
    return live_replay(text).match.hand


def two_player_games() -> tuple:
    """The games `choose` plays, by the registry: two seats that play the
    two-player hand, whose view is `sixtysix.view.View` (a bidding game
    for two has two seats but a hand of its own)."""
    from sixtysix import games
    from sixtysix.view import View

    return tuple(
        name
        for name in GAME_NAMES
        if len(part_named(name).seats) == 2 and games.part(games.index(name), games.VIEW) is View
    )


def choose(hand, level: str = "hard", seed: int = 1) -> int:
    """The action code the player to act would take, from its view only."""
    from sixtysix.ai import make_player
    from sixtysix.view import View

    return make_player(level, seed).choose(View(hand, hand.turn))


def action_line(player: int, code: int) -> str:
    """An action as a record statement: 'B play TS', 'A marry H'."""
    part = part_named(two_player_games()[0])
    return "%s %s" % (part.seats[player], part.action_name(code))


def run(args) -> int:
    try:
        line = next_action(read_record(args.file), args.level, args.seed)
    except RecordError as e:
        print(error_line(args.file, e), file=sys.stderr)
        return 2
    print(line)
    return 0
