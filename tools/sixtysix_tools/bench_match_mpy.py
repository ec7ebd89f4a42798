"""Driver of `sixtysix bench ai`'s heap figures, for MicroPython and CPython.

    micropython bench_match_mpy.py MODE LEVEL MATCHES SEED GAME

LEVEL plays itself for MATCHES whole matches of GAME (sixty-six or
schnapsen), deals and players seeded from SEED.  MODE is
  play  just play them: bench.py finds the smallest heap that copes
  live  play them, collecting the garbage before every decision, and print
        the most heap in use then (gc.mem_alloc: the objects alive, free of
        where they lie; MicroPython only) and what was in use before

Apart from bench_ai_mpy.py, whose timing and reporting code (4 KB of a
32-bit heap) is not the firmware's: this driver imports only the modules a
board plays a match with, so the heap it needs is theirs and a few hundred
bytes.  It prints `name value` lines (`solver`: the class that searched,
`checksum`: over every action) and ends with `done`; on MemoryError it
prints `memory-error` and exits with status 3.
"""

import gc
import sys

if __name__ == "__main__":
    # Run as a script: find firmware/ (MicroPython has no os.path).  From a
    # folder of .mpy files the core is found on MICROPYPATH instead.
    _i = __file__.rfind("/")
    sys.path.insert(0, (__file__[:_i] if _i > 0 else ".") + "/../../firmware")

GAMES = ("sixty-six", "schnapsen")  # sixtysix.rules.GAME_NAMES, imported in main's try


def play(level, matches, seed, game, watch):
    """Play the matches; with `watch`, print the live heap's peak."""
    from sixtysix.ai import make_player
    from sixtysix.match import Match
    from sixtysix.rng import Rng
    from sixtysix.rules import Rules
    from sixtysix.view import View

    rules = Rules(game)
    rng = Rng(seed)
    checksum = 0
    peak = 0
    solver = "none"
    if watch:
        gc.collect()
        print("live_before", gc.mem_alloc())  # type: ignore[attr-defined]
    for _ in range(matches):
        match = Match(rules, rng.next15())
        players = (make_player(level, rng.next15()), make_player(level, rng.next15()))
        # Chosen as the player is made: where the viper search does not fit
        # the heap, ai.viper_solver falls back on the plain one.
        solver_class = getattr(players[0], "solver_class", None)
        if solver_class is not None:
            solver = solver_class.__name__
        while match.winner < 0:
            h = match.start_hand()
            while not h.over:
                if watch:
                    gc.collect()
                    used = gc.mem_alloc()  # type: ignore[attr-defined]
                    if used > peak:
                        peak = used
                p = h.turn
                code = players[p].choose(View(h, p))
                h.act(code)
                checksum = (checksum * 31 + code) & 0xFFFFFF  # * 31 < 2**30
            match.finish_hand()
    if watch:
        print("live_peak", peak)
    print("solver", solver)  # the plain one plays node for node the same
    print("checksum", checksum)


def main(args):
    usage = "usage: bench_match_mpy.py play|live LEVEL MATCHES SEED GAME"
    if len(args) != 5 or args[0] not in ("play", "live") or args[4] not in GAMES:
        print(usage)
        return 2
    if not (args[2].isdigit() and args[3].isdigit()):
        print(usage + " (MATCHES and SEED in digits)")
        return 2
    try:
        # The core is imported here too: a heap too small for it is a
        # `memory-error` like any other.
        from sixtysix.ai import PLAYER_NAMES

        if args[1] not in PLAYER_NAMES:
            print(usage + " (LEVEL one of " + ", ".join(PLAYER_NAMES) + ")")
            return 2
        play(args[1], int(args[2]), int(args[3]), GAMES.index(args[4]), args[0] == "live")
    except MemoryError:
        print("memory-error")
        return 3
    print("done")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
