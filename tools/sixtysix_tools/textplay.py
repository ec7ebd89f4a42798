"""`sixtysix play`: a match against the computer in the terminal.

You are player A, the computer is B.  The table is printed before each of
your decisions; you answer with a card (name or number) or a command.  Bad
input is explained in one line and costs nothing.  With --record the game
record (RECORDS.md) is rewritten after every action, so a match can be
resumed with --resume at any point.
"""

import os
import signal
import sys
import tempfile
import threading
import time
from typing import Any

from sixtysix import games
from sixtysix.ai import PLAYER_NAMES, make_player
from sixtysix.cardtext import game_from_name
from sixtysix.match import Match
from sixtysix.rules import GAME_NAMES, OPTIONS, Rules

from .records import RecordError, RecordWriter, read
from .replay import read_record
from .textin import number_arg, option_args, plain, shown
from .texttable import Table, UsageError

# The computer players by name (levels and baselines).
OPPONENTS = PLAYER_NAMES


# The registry's other games, which the simulator plays.
MORE_GAMES = tuple(name for name in games.NAMES if name not in GAME_NAMES)


def _in_the_simulator(game: str) -> str:
    return "%s is played on the simulated device: sixtysix sim --game %s" % (game, game)


def _options_help() -> str:
    """Every rule option and its values, the default first."""
    return "; ".join("%s=%s" % (name, "|".join(values)) for name, _, values in OPTIONS)


def add_arguments(parser) -> None:
    parser.add_argument(
        "--game",
        choices=GAME_NAMES + MORE_GAMES,
        metavar="{%s}" % ",".join(GAME_NAMES),
        help="sixty-six (default) or schnapsen; %s are played on the simulated device: "
        "sixtysix sim --game GAME" % ", ".join(MORE_GAMES),
    )
    parser.add_argument(
        "--mode", choices=("counting", "assisted"), help="counting (default): no scores shown"
    )
    parser.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="a rule option, repeatable; the first value is Sixty-Six's default: " + _options_help(),
    )
    parser.add_argument("--target", metavar="N", help="game points that win the match, 1 to 99 (default 7)")
    parser.add_argument(
        "--seed",
        metavar="S",
        help="seed for shuffling, 0 to 999999999 (default: from the clock)",
    )
    parser.add_argument(
        "--record", metavar="FILE", help="keep the game record in FILE (an existing FILE is not overwritten)"
    )
    parser.add_argument(
        "--overwrite", action="store_true", help="let --record replace a FILE that already exists"
    )
    parser.add_argument(
        "--resume", metavar="FILE", help="continue the match in a record (and keep recording there)"
    )
    parser.add_argument(
        "--opponent", choices=OPPONENTS, default="hard", help="the computer player (default: hard)"
    )
    parser.set_defaults(run=run)


def run(args) -> int:
    try:
        if args.game in MORE_GAMES:
            raise UsageError(_in_the_simulator(args.game))
        if args.resume:
            match, prefix, fresh = _resume(args)
        else:
            match, prefix, fresh = Match(_rules(args)), "", True
        path = args.record or args.resume
        if path:
            _check_record_path(path, args)  # before anything is shown
        seed = _seed(args.seed)
        match.rng.seed(seed)
        recorder = Recorder(path, match, prefix)
        opponent = make_player(args.opponent, seed)
        table = Table(match, opponent, recorder, _lenient(sys.stdin), sys.stdout)
        # A record keeps no seed: on --resume the seed is the new hands' and
        # the computer's, which the header says rather than pass it off as
        # the match's.
        how = "seed %d" % seed
        if args.resume:
            how = "resumed from %s, new hands shuffled with seed %d" % (shown(args.resume), seed)
        rules = match.rules
        table.say("%s, first to %d, %s. You are A; the computer is B." % (rules.name, rules.target, how))
        with CtrlC(table):
            return table.play(fresh)
    except UsageError as e:
        print("sixtysix play: %s" % shown(str(e)), file=sys.stderr)
        return 2


def _lenient(stream):
    """Standard input that reads bytes which are not text in its encoding (a
    pasted binary, a Latin-1 terminal) as escapes, which the table refuses
    and shows like any other word, as Python itself does in the C locale:
    under a UTF-8 locale it decodes strictly, and one such byte ended the
    match with a UnicodeDecodeError traceback."""
    if hasattr(stream, "reconfigure"):
        stream.reconfigure(errors="surrogateescape")
    return stream


def _check_record_path(path: str, args) -> None:
    """A --record FILE that exists is another game's record (or anything
    else): refuse it unless --resume names it or --overwrite says so; a FILE
    that cannot be written is said before the match starts."""
    if os.path.isdir(path):
        raise UsageError("cannot write the record %s: it is a folder" % path)
    if os.path.exists(path) and not os.path.isfile(path):
        # A device, a pipe or a socket: --overwrite would rename a file over it.
        raise UsageError("cannot write the record %s: it is not a regular file" % path)
    continued = args.resume and os.path.realpath(args.resume) == os.path.realpath(path)
    if os.path.lexists(path) and not continued and not args.overwrite:
        raise UsageError(
            "%s already exists; continue it with --resume %s, or replace it with --overwrite" % (path, path)
        )
    folder = os.path.dirname(path) or "."
    if not os.path.isdir(folder):
        raise UsageError("cannot write the record %s: there is no folder %s" % (path, folder))
    if not os.access(folder, os.W_OK):
        raise UsageError("cannot write the record %s: the folder %s is not writable" % (path, folder))


class CtrlC:
    """Ctrl-C while a move is taken, shown and recorded waits for the next
    prompt, so the record always holds every move the screen showed; at a
    prompt it leaves as `quit` does.  (Only where signals can be handled:
    the main thread.)"""

    def __init__(self, table) -> None:
        self.table = table
        self.previous: Any = None  # the handler to put back

    def __enter__(self):
        if threading.current_thread() is threading.main_thread():
            self.previous = signal.signal(signal.SIGINT, self._interrupt)
        return self

    def __exit__(self, *exc) -> None:
        if self.previous is not None:
            signal.signal(signal.SIGINT, self.previous)

    def _interrupt(self, signum, frame) -> None:
        t = self.table
        if t.waiting:
            raise KeyboardInterrupt
        t.interrupted = True  # taken at the next prompt


def _seed(word) -> int:
    """--seed as ASCII digits (int() would also take '٣' or a 4,000-digit
    word); without one the clock's milliseconds, cut to --seed's range so
    the seed the header shows can be given back."""
    if word is None:
        return int(time.time() * 1000) % 1000000000
    return number_arg(word, "--seed", 0, 999999999, UsageError)


def _rules(args) -> Rules:
    rules = Rules(game_from_name(args.game or "sixty-six"))
    options = option_args(args.option, UsageError)
    if args.mode:
        if any(name == "mode" for name, _ in options):
            raise UsageError("give the mode once: --mode %s or --option mode=..., not both" % args.mode)
        options.insert(0, ("mode", args.mode))
    for name, value in options:
        try:
            rules.set_option(name, value)
        except ValueError as e:
            names = [o[0] for o in OPTIONS]
            hint = "" if name in names else " (options: %s)" % ", ".join(names)
            raise UsageError("%s%s" % (plain(str(e)), hint)) from None
    if args.target is not None:
        rules.target = number_arg(args.target, "--target", 1, 99, UsageError)
    return rules


def _resume(args):
    """(match, record text, whether a new hand must be dealt) from a record."""
    if args.game or args.mode or args.option or args.target is not None:
        raise UsageError(
            "--resume plays on with the record's game and options; drop --game/--mode/--option/--target"
        )
    try:
        text = read_record(args.resume)
        replay = read(text)
    except RecordError as e:
        where = args.resume if e.line == 0 else "%s:%d" % (args.resume, e.line)
        raise UsageError("cannot resume %s: %s" % (where, e.reason)) from None
    if replay.game not in GAME_NAMES:  # the two-player games: the only ones played here
        raise UsageError("cannot resume %s: %s" % (args.resume, _in_the_simulator(replay.game)))
    match = replay.match
    if match.winner >= 0:
        raise UsageError("cannot resume %s: that match is already over" % args.resume)
    fresh = not replay.hands or replay.hands[-1].finished
    return match, text if text.endswith("\n") else text + "\n", fresh


class Recorder:
    """Keeps the record file current: rewritten whole after every action via
    a temporary file renamed over it, so it is never left half written.  A
    resumed record is kept as it was and continued."""

    def __init__(self, path, match, prefix: str) -> None:
        # Through a symbolic link to the record it names, which is then
        # replaced in its own folder (the link stays a link).
        self.path = os.path.realpath(path) if path else path
        mask = os.umask(0)  # the only way to read it
        os.umask(mask)
        self.mode = 0o666 & ~mask  # a new file's, not mkstemp's owner-only 0600
        if prefix:
            self.writer = RecordWriter.resume(prefix, match)
        else:
            self.writer = RecordWriter(match)

    def begin_hand(self, hand) -> None:
        self.writer.begin_hand()

    def save(self, hand) -> None:
        """Write the record; OSError if it cannot be written."""
        self.writer.sync()
        if not self.path:
            return
        text = self.writer.text()
        # A new file of its own beside the record (never an existing one,
        # nor through a link someone left under a likely name).  Its name
        # starts with at most 40 characters of the record's, so that any
        # legal record name leaves room for the 13 that mkstemp adds.
        folder, name = os.path.split(self.path)
        fd, tmp = tempfile.mkstemp(prefix=name[:40] + ".", suffix=".tmp", dir=folder or ".")
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as f:
                f.write(text)
            os.chmod(tmp, self.mode)
            os.replace(tmp, self.path)
        except BaseException:
            if os.path.lexists(tmp):  # a failed write leaves nothing behind
                os.remove(tmp)
            raise
