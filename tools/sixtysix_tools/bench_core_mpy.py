"""Random-play driver of `sixtysix bench core`, for MicroPython and CPython.

    micropython bench_core_mpy.py MODE HANDS SEED
    python -m sixtysix_tools.bench_core_mpy MODE HANDS SEED

MODE is one of
  speed  time HANDS hands and a fixed baseline loop in the same process
  alloc  bytes left allocated by each hand, deal included, collector off
  play   just play HANDS hands (to find the smallest heap that copes)

It prints `name value` lines for bench.py to read and always ends with
`done`; on MemoryError it prints `memory-error` and exits with status 3.

The players are a deterministic function of SEED (the core's Rng, never the
runtime's random module), so both runtimes play exactly the same hands; the
`checksum` line lets bench.py confirm it.  A player claims as soon as its
score reaches 66 (as computer players do) and otherwise picks any other
legal action at random.
"""

import gc
import sys

if __name__ == "__main__":
    # Run as a script: find firmware/ by string ops (MicroPython has no
    # os.path).  When run from a folder of .mpy files this path does not
    # exist and the core is found on MICROPYPATH instead.
    _i = __file__.rfind("/")
    sys.path.insert(0, (__file__[:_i] if _i > 0 else ".") + "/../../firmware")

from benchtime import BASELINE_LOOPS, baseline_us, elapsed_us, now_us  # type: ignore[import-not-found]
from sixtysix.hand import CLAIM, MAX_ACTIONS
from sixtysix.match import Match
from sixtysix.rng import Rng
from sixtysix.rules import Rules


class Player:
    """Plays every seat of random matches, hand after hand."""

    def __init__(self, seed):
        self.rules = Rules()
        self.rng = Rng(seed)
        self.buf = bytearray(MAX_ACTIONS)
        self.match = Match(self.rules, seed)
        self.checksum = 0

    def next_match(self):
        """A fresh match once one is won (allocates: call between hands)."""
        if self.match.winner >= 0:
            self.match = Match(self.rules, self.rng.next15())

    def play_hand(self):
        m = self.match
        h = m.start_hand()
        buf = self.buf
        rng = self.rng
        while not h.over:
            if h.score(h.turn) >= 66:
                h.act(CLAIM)
                continue
            n = h.legal_actions(buf)
            action = buf[rng.below(n)]
            while action == CLAIM:
                action = buf[rng.below(n)]
            h.act(action)
        m.finish_hand()
        # 24 bits, so checksum * 31 stays below 2**30 (a small int on a 32-bit build)
        self.checksum = (self.checksum * 31 + h.winner * 7 + h.game_points + h.nlog) & 0xFFFFFF


def speed(hands, seed):
    player = Player(seed)
    start = now_us()
    for _ in range(hands):
        player.next_match()
        player.play_hand()
    hand_us = elapsed_us(start)
    base_us = baseline_us()
    print("hand_us", hand_us)
    print("baseline_loops", BASELINE_LOOPS)
    print("baseline_us", base_us)
    print("checksum", player.checksum)


def alloc(hands, seed):
    if not hasattr(gc, "mem_alloc"):
        print("alloc_bytes unavailable")
        return
    player = Player(seed)
    total = 0
    most = 0
    for _ in range(hands):
        player.next_match()
        gc.collect()
        gc.disable()
        before = gc.mem_alloc()
        player.play_hand()
        used = gc.mem_alloc() - before
        gc.enable()
        total += used
        if used > most:
            most = used
    print("alloc_bytes", total)
    print("alloc_max_hand", most)
    print("checksum", player.checksum)


def play(hands, seed):
    player = Player(seed)
    for _ in range(hands):
        player.next_match()
        player.play_hand()
    print("checksum", player.checksum)


def main(args):
    modes = {"speed": speed, "alloc": alloc, "play": play}
    if len(args) != 3 or args[0] not in modes or not (args[1].isdigit() and args[2].isdigit()):
        print("usage: bench_core_mpy.py speed|alloc|play HANDS SEED (HANDS and SEED in digits)")
        return 2
    hands = int(args[1])
    try:
        modes[args[0]](hands, int(args[2]))
    except MemoryError:
        print("memory-error")
        return 3
    print("hands", hands)
    print("done")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
