"""The `sixtysix` command: one subcommand per host tool.

Each subcommand lives in its own module, imported only when that command is
run, so `sixtysix move` (called once per move by other programs) does not
pay for the simulator's, the arena's or the deploy tool's imports.
"""

import argparse
import importlib
import sys

# name, module, one line of help; in the order `sixtysix --help` lists them
COMMANDS = (
    ("sim", "sim_command", "the device firmware in a window or the terminal"),
    ("play", "textplay", "play a match in the terminal"),
    ("replay", "replay", "check and score a game record"),
    ("bench", "bench", "print benchmark figures"),
    ("arena", "arena", "play two computer players against each other"),
    ("move", "move", "the computer's next action in a game record"),
    ("analyse", "analyse", "each decision of a record against the computer"),
    ("train", "train", "learn the search's evaluation from self-play"),
    ("train-policy", "train_policy", "learn the open-stock card choice from rollouts"),
    ("calibrate", "calibrate", "how often the hard level's hints and closes hold in play"),
    ("deploy", "deploy", "put the firmware on a board over USB"),
    ("boards", "board_files", "write each board's mip package and manifest from its module (--check)"),
    ("emulate", "emulated", "an emulated Raspberry Pi Pico with its REPL on a pty"),
)


def _command_named(argv) -> str | None:
    """The subcommand in argv: its first word that is not an option."""
    for word in argv:
        if not word.startswith("-"):
            return word
    return None


def version() -> str:
    """The installed package's version; the source tree's when run from a
    checkout that was never installed."""
    # Imported before the try: a Ctrl-C while it loads must reach main() as
    # the KeyboardInterrupt it is, not as a name the except clause lacks.
    from importlib.metadata import PackageNotFoundError
    from importlib.metadata import version as installed

    try:
        return installed("sixtysix")
    except PackageNotFoundError:
        return "0.1.0 (not installed)"


class _Version(argparse.Action):
    """`--version`: the version is looked up only when asked for.  Looking
    it up scans the installed packages' metadata, close to 1 MB of memory
    and some milliseconds at every start, which every `sixtysix move` (one
    call a move, for a bot) would otherwise pay."""

    def __init__(self, option_strings, dest=argparse.SUPPRESS, default=argparse.SUPPRESS, help=None):
        super().__init__(option_strings=option_strings, dest=dest, default=default, nargs=0, help=help)

    def __call__(self, parser, namespace, values, option_string=None):
        print("sixtysix " + version())
        parser.exit()


class OutputError(Exception):
    """Standard output could not be written (`> /dev/full`, a full disk)."""


class _Output:
    """Standard output that tells its own write failures apart from the
    OSErrors a command reports itself (a record it cannot read, a port)."""

    def __init__(self, stream) -> None:
        self._stream = stream

    def write(self, text):
        if self._stream is None:
            raise OutputError("standard output is closed")
        try:
            return self._stream.write(text)
        except BrokenPipeError:
            raise
        except OSError as e:
            raise OutputError(e.strerror or str(e)) from None

    def flush(self) -> None:
        if self._stream is None:
            return
        try:
            self._stream.flush()
        except BrokenPipeError:
            raise
        except OSError as e:
            raise OutputError(e.strerror or str(e)) from None

    def __getattr__(self, name):
        return getattr(self._stream, name)


def main(argv=None) -> int:
    if argv is None:
        argv = sys.argv[1:]
    stdout = sys.stdout
    sys.stdout = _Output(stdout)
    wanted: str | None = None
    try:
        # The command's module is imported in here too: a Ctrl-C while it
        # loads is a Ctrl-C like any other.
        parser = argparse.ArgumentParser(prog="sixtysix", description="Sixty-Six on the host.")
        parser.add_argument("--version", action=_Version, help="show the version and exit")
        sub = parser.add_subparsers(dest="command", required=True)
        wanted = _command_named(argv)
        chosen = parser
        for name, module, text in COMMANDS:
            # the one-line help, as a sentence, heads the command's own --help
            command = sub.add_parser(name, help=text, description=text[:1].upper() + text[1:] + ".")
            if name == wanted:
                importlib.import_module("." + module, __package__).add_arguments(command)
                chosen = command

        args, extra = parser.parse_known_args(argv)
        if extra:  # said by the command's own parser, with its own usage
            chosen.error("unrecognized arguments: %s" % " ".join(extra))
        status = args.run(args) or 0
        sys.stdout.flush()
        return status
    except KeyboardInterrupt:
        print(file=sys.stderr)
        return 130
    except BrokenPipeError:  # output piped into `head` and the like
        _drop_stdout(stdout)
        return 0
    except OutputError as e:
        _drop_stdout(stdout)
        print("sixtysix: cannot write the output: %s" % e, file=sys.stderr)
        return 1
    except OSError as e:
        # A file a command writes (a record, a picture, a temporary folder)
        # on a full or read-only drive: one line, never a traceback.
        from .textin import shown

        where = "%s: " % shown(str(e.filename)) if e.filename else "a file could not be written or read: "
        print("sixtysix%s: %s%s" % (" " + wanted if wanted else "", where, e.strerror or e), file=sys.stderr)
        return 1
    finally:
        sys.stdout = stdout


def _drop_stdout(stream) -> None:
    """Point standard output at /dev/null, so the interpreter's own flush
    at exit does not fail a second time."""
    import os

    try:
        os.dup2(os.open(os.devnull, os.O_WRONLY), stream.fileno())
    except (OSError, ValueError, AttributeError):
        pass  # not a real file (a test's StringIO): nothing to flush at exit


if __name__ == "__main__":
    sys.exit(main())
