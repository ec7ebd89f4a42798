"""Time the computer players of the games for three and four, on
MicroPython (the emulated Pico) or CPython.

    micropython bench_ai_seats_mpy.py LEVEL DECISIONS SEED GAME
    python -m sixtysix_tools.bench_ai_seats_mpy hard 100 1 sixty-five

GAME is three-hand, four-hand or sixty-five.  Every seat is played by
LEVEL, through the same session and seat adapters as the device's table,
until DECISIONS decisions have been timed (choose only, not building the
view; the match is played on to the end of the hand).  Prints the same
`name value` lines as bench_ai_mpy.py's speed mode and ends with `done`;
on MemoryError it prints `memory-error` and exits with status 3.
"""

import gc
import sys

if __name__ == "__main__":
    _i = __file__.rfind("/")
    sys.path.insert(0, (__file__[:_i] if _i > 0 else ".") + "/../../firmware")

from benchtime import elapsed_us, now_us, report_decisions, run_mode  # type: ignore[import-not-found]
from sixtysix import games
from sixtysix.rng import Rng
from sixtysix_app.seats import adapter
from sixtysix_app.session import Session
from sixtysix_app.settings import GAMES


def speed(level, decisions, seed, game):
    rng = Rng(seed)
    session = Session(None)  # no store: nothing is written
    session.settings.set_game(game)
    players = [games.new_player(game, level, rng.next15()) for _ in range(4)]
    times: list = []
    counts: list = []  # nodes per decision
    searched = 0
    nodes = 0
    most = 0
    checksum = 0
    session.new_match(rng.next15())
    session.start_hand()
    while True:
        table = adapter(session.match)
        seat = table.to_act()
        if seat < 0:
            if len(times) >= decisions:
                break
            session.finish_hand()
            if session.match.winner >= 0:
                session.new_match(rng.next15())
            gc.collect()
            session.start_hand()
            continue
        player = players[seat]
        view = table.view(seat)
        start = now_us()
        code = player.choose(view)
        times.append(elapsed_us(start))
        n = player.nodes
        counts.append(n)
        if n:
            searched += 1
            nodes += n
            if n > most:
                most = n
        checksum = (checksum * 31 + code * 7 + n) & 0xFFFFFF  # * 31 < 2**30
        session.act(code)
    report_decisions(times, counts, searched, nodes, most, checksum)


def main(args):
    usage = "usage: bench_ai_seats_mpy.py LEVEL DECISIONS SEED GAME"
    if len(args) != 4 or args[3] not in GAMES[2:]:
        print(usage + " (a game of the table of seats)")
        return 2
    if not (args[1].isdigit() and args[2].isdigit()) or args[0] not in games.LEVELS:
        print(usage + " (LEVEL one of " + ", ".join(games.LEVELS) + "; DECISIONS and SEED in digits)")
        return 2
    return run_mode(speed, args[0], int(args[1]), int(args[2]), GAMES.index(args[3]))


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
