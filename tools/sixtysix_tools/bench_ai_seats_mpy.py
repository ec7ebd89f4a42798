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
import time

if __name__ == "__main__":
    _i = __file__.rfind("/")
    sys.path.insert(0, (__file__[:_i] if _i > 0 else ".") + "/../../firmware")

from sixtysix.rng import Rng
from sixtysix_app.seats import adapter
from sixtysix_app.session import Session
from sixtysix_app.settings import GAMES
from sixtysix_app.table_multi import make_seat_player

BASELINE_LOOPS = 200000

_ticks_us = getattr(time, "ticks_us", None)
_ticks_diff = getattr(time, "ticks_diff", None)


def now_us():
    if _ticks_us is not None:
        return _ticks_us()
    return int(time.perf_counter() * 1000000)


def elapsed_us(start):
    if _ticks_diff is not None:
        return _ticks_diff(now_us(), start)
    return now_us() - start


def baseline(n):
    """The same fixed loop as the other benches: small-int arithmetic."""
    x = 1
    for i in range(n):
        x = (x * 75 + i) & 0xFFFF
    return x


def nearest_rank(ordered, percent):
    n = len(ordered)
    i = (percent * n + 99) // 100 - 1
    return ordered[i if i > 0 else 0]


def speed(level, decisions, seed, game):
    rng = Rng(seed)
    session = Session(None)  # no store: nothing is written
    session.settings.set_game(game)
    name = GAMES[game]
    players = [make_seat_player(name, level, rng.next15()) for _ in range(4)]
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
        checksum = (checksum * 31 + code * 7 + n) & 0x3FFFFFFF
        session.act(code)
    start = now_us()
    baseline(BASELINE_LOOPS)
    base_us = elapsed_us(start)
    total = 0
    for t in times:
        total += t
    times.sort()
    print("moves", len(times))
    print("searched", searched)
    print("total_us", total)
    print("median_us", nearest_rank(times, 50))
    print("p95_us", nearest_rank(times, 95))
    print("max_us", times[-1])
    print("nodes", nodes)
    print("max_nodes", most)
    counts.sort()
    print("nodes_p50", nearest_rank(counts, 50))
    print("nodes_p95", nearest_rank(counts, 95))
    print("baseline_loops", BASELINE_LOOPS)
    print("baseline_us", base_us)
    print("checksum", checksum)


def main(args):
    if len(args) != 4 or args[3] not in GAMES[2:]:
        print("usage: bench_ai_seats_mpy.py LEVEL DECISIONS SEED three-hand|four-hand|sixty-five")
        return 2
    try:
        speed(args[0], int(args[1]), int(args[2]), GAMES.index(args[3]))
    except MemoryError:
        print("memory-error")
        return 3
    print("done")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
