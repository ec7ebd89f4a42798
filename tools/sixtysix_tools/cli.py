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
    ("sim", "sim", "the device firmware in a window or the terminal"),
    ("play", "textplay", "play a match in the terminal"),
    ("replay", "replay", "check and score a game record"),
    ("bench", "bench", "print benchmark figures"),
    ("arena", "arena", "play two computer players against each other"),
    ("move", "move", "the computer's next action in a game record"),
    ("analyse", "analyse", "each decision of a record against the computer"),
    ("deploy", "deploy", "put the firmware on a board over USB"),
)


def _command_named(argv) -> str | None:
    """The subcommand in argv: its first word that is not an option."""
    for word in argv:
        if not word.startswith("-"):
            return word
    return None


def main(argv=None) -> int:
    if argv is None:
        argv = sys.argv[1:]
    parser = argparse.ArgumentParser(prog="sixtysix", description="Sixty-Six on the host.")
    sub = parser.add_subparsers(dest="command", required=True)
    wanted = _command_named(argv)
    for name, module, text in COMMANDS:
        command = sub.add_parser(name, help=text)
        if name == wanted:
            importlib.import_module("." + module, __package__).add_arguments(command)

    args = parser.parse_args(argv)
    try:
        return args.run(args) or 0
    except KeyboardInterrupt:
        print(file=sys.stderr)
        return 130
    except BrokenPipeError:  # output piped into `head` and the like
        import os

        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0


if __name__ == "__main__":
    sys.exit(main())
