"""The `sixtysix` command: one subcommand per host tool.

Each subcommand lives in its own module, imported only when used, so
`sixtysix replay` does not pay for the benchmark's imports.
"""

import argparse
import sys


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="sixtysix", description="Sixty-Six on the host.")
    sub = parser.add_subparsers(dest="command", required=True)

    from . import analyse, arena, bench, deploy, move, replay, sim, textplay

    sim.add_arguments(sub.add_parser("sim", help="the device firmware in a window or the terminal"))
    textplay.add_arguments(sub.add_parser("play", help="play a match in the terminal"))
    replay.add_arguments(sub.add_parser("replay", help="check and score a game record"))
    bench.add_arguments(sub.add_parser("bench", help="print benchmark figures"))
    arena.add_arguments(sub.add_parser("arena", help="play two computer players against each other"))
    move.add_arguments(sub.add_parser("move", help="the computer's next action in a game record"))
    analyse.add_arguments(sub.add_parser("analyse", help="each decision of a record against the computer"))
    deploy.add_arguments(sub.add_parser("deploy", help="put the firmware on a board over USB"))

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
