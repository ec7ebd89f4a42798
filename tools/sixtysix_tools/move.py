"""`sixtysix move FILE [--level L] [--seed S]`: the computer's next action.

Reads a game record that stops in the middle of a hand, of any of the five
games, and prints the one action line (in the record's own syntax, e.g.
`B play TS`, `C bid 2`) that the player to act would take at that level.
The player is given only its view of the hand (`View`, `FourView`,
`View65`), so it cannot use any card it could not know, although the record
holds every card.  The seed is fixed by --seed alone (never taken from the
record), so two records that differ only in cards the player cannot see get
the same answer.

Errors follow the replay contract (docs/RECORDS.md): `FILE:LINE: reason` on
standard error, nothing on standard output, exit status 2.  A record with no
hand in progress (every hand finished, or none dealt) is such an error, at
the line of its last statement.
"""

import argparse
import sys

from .record import LATER_GAMES, PLAYERS, RecordError, Replay, first_statement, load, statements
from .replay import error_line, read_record
from .textin import ascii_int

LEVELS = ("random", "heuristic", "easy", "medium", "hard")


def add_arguments(parser) -> None:
    parser.add_argument("file", help="a game record that stops mid-hand (see docs/RECORDS.md)")
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


def last_statement_line(text: str) -> int:
    """Line number of the record's last statement (comments and blank lines
    skipped), 0 when there is none."""
    last = 0
    for number, _ in statements(text):
        last = number
    return last


def two_player_only(text: str) -> None:
    """RecordError at the `game` line of a record of a game for three or
    four.  Checked before the record is replayed: what studies a two-player
    hand during the replay (analyse) must never be shown another game's."""
    line, words = first_statement(text)
    if len(words) == 2 and words[0].lower() == "game" and words[1].lower() in LATER_GAMES:
        raise RecordError(line, "only two-player games can be asked about (sixty-six or schnapsen)")


def _nothing_to_play(replay, text: str) -> RecordError:
    """The error for a record with no hand in progress, at its last statement."""
    line = last_statement_line(text)
    m = replay.match
    if m.winner >= 0:
        scores = m.scores
        if len(scores) == 3:  # three-hand: by seat
            names = "ABC"
            rest = " ".join("%s %d" % (names[s], scores[s]) for s in range(3) if s != m.winner)
            won = "%s won with %d (%s)" % (names[m.winner], scores[m.winner], rest)
        else:
            name = PLAYERS[m.winner] if isinstance(replay, Replay) else ("AC", "BD")[m.winner]
            won = "%s won %d to %d" % (name, scores[m.winner], scores[1 - m.winner])
        return RecordError(line, "the match is over: %s, nothing left to play" % won)
    if not replay.hands:
        return RecordError(line, "no hand has been dealt: nobody is to act")
    return RecordError(line, "the hand is over and the next one is not dealt: nobody is to act")


def live_hand(text: str):
    """The hand in progress at the end of a two-player record; RecordError
    when the record is invalid or no hand is in progress."""
    two_player_only(text)
    return _live_two(load(text), text)


def _live_two(replay: Replay, text: str):
    if replay.hands and not replay.hands[-1].finished:
        return replay.match.hand
    raise _nothing_to_play(replay, text)


def next_action(text: str, level: str = "hard", seed: int = 1) -> str:
    """The action line the player to act at the end of a record of any game
    would write, chosen from that player's view only; RecordError when the
    record is invalid or no hand is in progress."""
    replay = load(text)
    if isinstance(replay, Replay):
        hand = _live_two(replay, text)
        return action_line(hand.turn, choose(hand, level, seed))
    hand = replay.match.hand
    if not replay.hands or hand.over:
        raise _nothing_to_play(replay, text)
    game = replay.game
    if game == "three-hand":
        from sixtysix.ai_three import make_three_player
        from sixtysix.hand import action_name
        from sixtysix.view import View

        seat = replay.match.seat_of(hand.turn)
        code = make_three_player(level, seed).choose(View(hand, hand.turn))
    elif game == "four-hand":
        from sixtysix.ai_four import make_four_player
        from sixtysix.four import action_name
        from sixtysix.view_four import FourView

        seat = hand.turn
        code = make_four_player(level, seed).choose(FourView(hand, seat))
    else:
        from sixtysix.ai65 import make_65_player
        from sixtysix.sixtyfive import action_name
        from sixtysix.view65 import View65

        seat = hand.turn
        code = make_65_player(level, seed).choose(View65(hand, seat))
    return "%s %s" % ("ABCD"[seat], action_name(code))


def choose(hand, level: str = "hard", seed: int = 1) -> int:
    """The action code the player to act would take, from its view only."""
    from sixtysix.ai import make_player
    from sixtysix.view import View

    return make_player(level, seed).choose(View(hand, hand.turn))


def action_line(player: int, code: int) -> str:
    """An action as a record statement: 'B play TS', 'A marry H'."""
    from sixtysix.hand import action_name

    return "%s %s" % (PLAYERS[player], action_name(code))


def run(args) -> int:
    try:
        line = next_action(read_record(args.file), args.level, args.seed)
    except RecordError as e:
        print(error_line(args.file, e), file=sys.stderr)
        return 2
    print(line)
    return 0
