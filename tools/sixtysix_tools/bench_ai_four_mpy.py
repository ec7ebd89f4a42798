"""Time the four-hand computer player, on MicroPython or CPython.

    micropython -X heapsize=64wK tools/sixtysix_tools/bench_ai_four_mpy.py [LEVEL [HANDS [SEED]]]
    python tools/sixtysix_tools/bench_ai_four_mpy.py hard 10 1

LEVEL (default hard) holds side AC against the rule-of-thumb player on BD
for HANDS hands (default 6) dealt from SEED.  Every decision of LEVEL is
timed (choose only, not building the view) and its nodes counted, bidding
and play apart.  Prints `name value` lines and ends with `done`.
"""

import sys

if __name__ == "__main__":
    _i = __file__.rfind("/")
    sys.path.insert(0, (__file__[:_i] if _i > 0 else ".") + "/../../firmware")

from benchtime import elapsed_us, now_us  # type: ignore[import-not-found]
from sixtysix.ai_four import make_four_player
from sixtysix.four import PLAYING, FourMatch, FourRules
from sixtysix.view_four import FourView


def bench(level: str, hands: int, seed: int) -> None:
    m = FourMatch(FourRules(), seed)
    players = [make_four_player(level if s % 2 == 0 else "heuristic", seed + s) for s in range(4)]
    # [count, total us, max us, total nodes, max nodes] for bidding and play
    stats = [[0, 0, 0, 0, 0], [0, 0, 0, 0, 0]]
    for _ in range(hands):
        if m.winner >= 0:
            m = FourMatch(FourRules(), seed + m.hands_played + 1)
        h = m.start_hand()
        while not h.over:
            seat = h.turn
            view = FourView(h, seat)
            start = now_us()
            code = players[seat].choose(view)
            us = elapsed_us(start)
            if seat % 2 == 0:
                row = stats[1 if view.phase == PLAYING else 0]
                nodes = players[seat].nodes
                row[0] += 1
                row[1] += us
                row[2] = max(row[2], us)
                row[3] += nodes
                row[4] = max(row[4], nodes)
            h.act(code)
        m.finish_hand()
    for name, row in (("bid", stats[0]), ("play", stats[1])):
        n = row[0] or 1
        print("%s-decisions %d" % (name, row[0]))
        print("%s-ms-mean %.1f" % (name, row[1] / n / 1000))
        print("%s-ms-max %.1f" % (name, row[2] / 1000))
        print("%s-nodes-mean %d" % (name, row[3] // n))
        print("%s-nodes-max %d" % (name, row[4]))
    print("done")


if __name__ == "__main__":
    args = sys.argv[1:]
    bench(
        args[0] if args else "hard",
        int(args[1]) if len(args) > 1 else 6,
        int(args[2]) if len(args) > 2 else 1,
    )
