"""`sixtysix bench core|ai`: speed and memory of the game core and of the
computer players.

`core` plays random hands with bench_core_mpy.py, `ai` lets each search level
play itself with bench_ai_mpy.py (and the heap of a hard match with
bench_match_mpy.py); each driver runs once under this Python and
once under the MicroPython unix port (the `micropython` command that pip
installs next to this Python).  Every figure is printed; nothing is judged
here.  Each runtime also times a fixed baseline loop in the same process, so
"one hand (one move) = N baseline loops" can be compared across machines.
"""

import os
import subprocess
import sys
import tempfile

import sixtysix
from sixtysix.rules import GAME_NAMES

from .bench_common import (
    AI_DRIVER,
    BENCH_TIME,
    DRIVER,
    MATCH_DRIVER,
    SEAT_DECISIONS,
    SEATS_DRIVER,
    BenchError,
    native_arch,
    require_micropython,
)
from .emulated import EmulatorError
from .executables import find_executable
from .firmware_files import compile_as_deployed
from .textin import ascii_int, cut_short

CORE = os.path.dirname(os.path.abspath(sixtysix.__file__))
# MicroPython finds the core's source here (MICROPYPATH), installed or not.
CORE_SOURCE_ENV = dict(os.environ, MICROPYPATH=os.path.dirname(CORE))
LARGEST_HEAP_KW = 4096  # give up the heap search beyond this
AI_LEVELS = ("easy", "medium", "hard")


def _seat_games() -> tuple:
    """The games bench_ai_seats_mpy.py drives through the app's session: the
    registry's offered games not dealt as a two-player Match."""
    from sixtysix import games
    from sixtysix_app.screens import TWO_PLAYER_MATCH

    return tuple(
        games.field(g, games.NAME)
        for g in range(len(games.GAMES))
        if games.offered(g) and games.field(g, games.MATCH) != TWO_PLAYER_MATCH
    )


SEAT_GAMES = _seat_games()


def positive(text):
    """--hands, --matches, --positions: ASCII digits, 1 to 999999999 (int()
    would also read '٣', or a number no run could finish)."""
    return _bounded(text, 1)


def seed_number(text):
    """--seed as every other command takes it: 0 to 999999999 (the drivers
    on MicroPython refuse a negative seed, and a longer one is a bignum)."""
    return _bounded(text, 0)


def _bounded(text, low):
    import argparse

    n = ascii_int(text, low, 999999999)
    if n is None:
        raise argparse.ArgumentTypeError(
            "takes a number from %d to 999999999, not '%s'" % (low, cut_short(text))
        )
    return n


def add_arguments(parser):
    parser.add_argument(
        "what",
        choices=["core", "ai", "device"],
        help="core: random play; ai: the computer players' levels; device: heap per board",
    )
    parser.add_argument(
        "--hands", type=positive, default=1000, help="core: random hands per run (default 1000)"
    )
    parser.add_argument(
        "--matches", type=positive, default=4, help="ai: matches each level plays itself (default 4)"
    )
    parser.add_argument(
        "--positions",
        type=positive,
        help="ai, two-player games: time each level on N positions reached by random play"
        " instead of self-play matches",
    )
    parser.add_argument("--seed", type=seed_number, default=1, help="seed of deals and players (default 1)")
    parser.add_argument(
        "--game",
        choices=GAME_NAMES + SEAT_GAMES + ("all",),
        default=None,
        help="ai: the game played (default sixty-six; all: --emulated only); "
        "device --emulated: the one game to measure (default every game the device offers)",
    )
    parser.add_argument(
        "--emulated",
        action="store_true",
        help="ai, device: measure on the emulated Pico (docs/DEVICE.md: The emulated Pico)",
    )
    parser.add_argument("--image", help="--emulated: MicroPython image for the Pico (.uf2 or .bin)")
    parser.add_argument("--bootrom", help="--emulated: RP2040 bootrom, 16 KB")
    parser.add_argument(
        "--board",
        action="append",
        help="device --emulated: a board to measure (repeatable; default every RP2040 board)",
    )
    parser.add_argument(
        "--level",
        default="hard",
        help="--emulated: the computer players' level, in every game (default hard, as a new device)",
    )
    parser.add_argument(
        "--frozen",
        action="store_true",
        help="device, ai --emulated: the image has the firmware frozen in (README, section 2c); "
        "do not deploy",
    )
    parser.set_defaults(run=run)


def drive(command, args, cwd=None, env=None):
    """Run a driver with its arguments; returns its `name value` lines as a
    dict, or None when it ran out of memory."""
    proc = subprocess.run(
        command + [str(a) for a in args],
        capture_output=True,
        text=True,
        cwd=cwd,
        env=env,
        timeout=600,
    )
    figures = {}
    for line in proc.stdout.splitlines():
        name, _, value = line.partition(" ")
        figures[name] = value
    if proc.returncode == 0 and "done" in figures:
        return figures
    # MemoryError while importing, before the driver can catch it.
    if "memory-error" in figures or "MemoryError" in proc.stdout + proc.stderr:
        return None
    output = (proc.stdout + proc.stderr).strip()
    raise BenchError("%s failed (exit status %d): %s" % (" ".join(command), proc.returncode, output))


def speed_line(label, figures, hands):
    hand_us = max(int(figures["hand_us"]), 1)
    loop_us = int(figures["baseline_us"]) / int(figures["baseline_loops"])
    per_hand = hand_us / hands
    return "%-18s %7.0f hands/s   one hand = %7.0f baseline loops (%.1f M loops/s)" % (
        label,
        hands * 1e6 / hand_us,
        per_hand / loop_us if loop_us else float("inf"),
        1 / loop_us if loop_us else float("inf"),
    )


def compile_core(mpy_cross, folder, arch, driver=DRIVER, app=False):
    """The core, the viper search (sixtysix_viper) and, if `app`, the
    device application beside them, and a driver, as .mpy files in folder,
    as deploy compiles them for a board that loads machine code: for `arch`
    (bench_common.native_arch)."""
    sources = []
    parent = os.path.dirname(CORE)
    source_dirs = [CORE, os.path.join(parent, "sixtysix_viper")]
    if app:
        source_dirs.append(os.path.join(parent, "sixtysix_app"))
    for source_dir in source_dirs:
        package = os.path.join(folder, os.path.basename(source_dir))
        os.mkdir(package)
        sources += [
            (os.path.join(source_dir, f), os.path.join(package, f[:-3] + ".mpy"))
            for f in os.listdir(source_dir)
        ]
    for source in (driver, BENCH_TIME):
        name = os.path.basename(source)[:-3]
        sources.append((source, os.path.join(folder, name + ".mpy")))
    for source, target in sources:
        if not source.endswith(".py"):
            continue
        proc = compile_as_deployed(mpy_cross, source, target, arch, os.path.basename(source))
        if proc.returncode != 0:
            raise BenchError("mpy-cross %s: %s" % (source, (proc.stdout + proc.stderr).strip()))


def smallest_heap(micropython, tail, args, cwd=None, env=None, same=()):
    """Smallest N for which `micropython -X heapsize=NwK` runs the driver
    (tail: its path or `-m name`) with these arguments to the end.  A run
    counts only if the figures named in `same` are what they are with a
    heap of LARGEST_HEAP_KW: the driver's `solver` says whether the viper
    search was loaded, and where it does not fit, ai falls back on the
    plain one, which plays the same moves in less heap (and on a board at
    a fraction of the budget)."""
    roomy = {}
    if same:
        roomy = drive([micropython, "-X", "heapsize=%dwK" % LARGEST_HEAP_KW] + tail, args, cwd, env)
        if roomy is None:
            raise BenchError("%s does not fit even in %dwK" % (" ".join(tail), LARGEST_HEAP_KW))

    def fits(n):
        got = drive([micropython, "-X", "heapsize=%dwK" % n] + tail, args, cwd, env)
        return got is not None and all(got.get(k) == roomy.get(k) for k in same)

    hi = 64
    while not fits(hi):
        hi *= 2
        if hi > LARGEST_HEAP_KW:
            raise BenchError("%s does not fit even in %dwK" % (" ".join(tail), LARGEST_HEAP_KW))
    lo = 0  # sizes up to lo are known not to be enough
    while hi - lo > 1:
        mid = (lo + hi) // 2
        if fits(mid):
            hi = mid
        else:
            lo = mid
    return hi


def micropython_version(micropython):
    proc = subprocess.run(
        [micropython, "-c", "import sys; print('%d.%d.%d' % sys.implementation.version[:3])"],
        capture_output=True,
        text=True,
    )
    return proc.stdout.strip() or "?"


def bench_core(hands, seed):
    print("sixtysix bench core: %d random hands of Sixty-Six per run, seed %d" % (hands, seed))
    cpy = drive([sys.executable, DRIVER], ["speed", hands, seed])
    label = "CPython %d.%d" % sys.version_info[:2]
    print(speed_line(label, cpy, hands))
    micropython = require_micropython()
    mpy = drive([micropython, DRIVER], ["speed", hands, seed], env=CORE_SOURCE_ENV)
    print(speed_line("MicroPython " + micropython_version(micropython), mpy, hands))
    same = (
        "yes"
        if mpy["checksum"] == cpy["checksum"]
        else "NO (checksums %s, %s)" % (cpy["checksum"], mpy["checksum"])
    )
    print("same hands on both runtimes: %s" % same)
    print("MicroPython speed / CPython speed: %.2f" % (int(cpy["hand_us"]) / max(int(mpy["hand_us"]), 1)))

    alloc = drive([micropython, DRIVER], ["alloc", hands, seed], env=CORE_SOURCE_ENV)
    if alloc is None:
        raise BenchError("the allocation run ran out of memory")
    print(
        "MicroPython bytes allocated per hand (deal included, collector off): %.1f average, %s at most"
        % (int(alloc["alloc_bytes"]) / hands, alloc["alloc_max_hand"])
    )

    from_source = smallest_heap(micropython, [DRIVER], ["play", hands, seed], env=CORE_SOURCE_ENV)
    print(
        "MicroPython smallest heap for %d hands, core compiled from source: -X heapsize=%dwK"
        % (hands, from_source)
    )
    mpy_cross = find_executable("mpy-cross")
    if mpy_cross is None:
        print("MicroPython smallest heap with the core as .mpy: not measured (no mpy-cross command)")
        return
    with tempfile.TemporaryDirectory() as folder:
        compile_core(mpy_cross, folder, native_arch(micropython))
        env = dict(os.environ, MICROPYPATH=folder)
        frozen = smallest_heap(
            micropython, ["-m", "bench_core_mpy"], ["play", hands, seed], cwd=folder, env=env
        )
    print("MicroPython smallest heap for %d hands, core as .mpy: -X heapsize=%dwK" % (hands, frozen))


def ms(us):
    return "%8.2f ms" % (us / 1000)


def move_lines(label, figures):
    """Median, 95th percentile and slowest time of one move on one runtime
    (the first two also as multiples of that runtime's baseline loop), then
    median and 95th percentile of the moves that searched."""
    loop_us = int(figures["baseline_us"]) / int(figures["baseline_loops"]) or float("inf")
    median = int(figures["median_us"])
    p95 = int(figures["p95_us"])
    print(
        "  %-19s per move: median %s, p95 %s, max %s; median = %.0f, p95 = %.0f baseline loops"
        % (label, ms(median), ms(p95), ms(int(figures["max_us"])), median / loop_us, p95 / loop_us)
    )
    if "search_median_us" in figures:
        print(
            "  %-19s moves that searched: median %s, p95 %s"
            % ("", ms(int(figures["search_median_us"])), ms(int(figures["search_p95_us"])))
        )


def bench_level(micropython, label, level, matches, seed, game, positions=None):
    driver = AI_DRIVER
    if game in SEAT_GAMES:
        driver = SEATS_DRIVER
        args = [level, SEAT_DECISIONS, seed, game]
        where = "%d decisions, every seat at the level" % SEAT_DECISIONS
    elif positions is None:
        args = ["speed", level, matches, seed, game]
        where = "%s against itself" % plural(matches)
    else:
        args = ["positions", level, positions, seed, game]
        where = "random positions"
    cpy = drive([sys.executable, driver], args)
    mpy = drive([micropython, "-X", "heapsize=256wK", driver], args, env=CORE_SOURCE_ENV)
    if cpy is None or mpy is None:
        raise BenchError("%s ran out of memory" % level)
    moves = int(cpy["moves"])
    searched = int(cpy["searched"])
    nodes = int(cpy["nodes"])
    print("%s: %s, %d moves, %d of them searched" % (level, where, moves, searched))
    move_lines("CPython %d.%d" % sys.version_info[:2], cpy)
    move_lines(label, mpy)
    print(
        "  MicroPython time / CPython time, all moves: %.2f"
        % (int(mpy["total_us"]) / max(int(cpy["total_us"]), 1))
    )
    if nodes:
        # All decision time counted, sampling and bookkeeping included.
        print(
            "  search nodes per second of decision time: CPython %.0f, MicroPython %.0f"
            % (nodes * 1e6 / max(int(cpy["total_us"]), 1), nodes * 1e6 / max(int(mpy["total_us"]), 1))
        )
    same = (
        "yes"
        if mpy["checksum"] == cpy["checksum"]
        else "NO (checksums %s, %s)" % (cpy["checksum"], mpy["checksum"])
    )
    print(
        "  nodes per move: mean %.0f (%.0f over the moves that searched), max %s;"
        " same moves on both runtimes: %s"
        % (nodes / max(moves, 1), nodes / max(searched, 1), cpy["max_nodes"], same)
    )
    if "search_median_us" in mpy:
        found = [ms(int(mpy[k])) for k in ("search_median_us", "search_p95_us")]
        print("  %s, moves that searched: median %s, p95 %s" % (label, *found))
    print(device_line(cpy, game))


# Search nodes (Sixty-Five: engine steps) per millisecond of RP2040 time,
# all decision time counted (sampling and bookkeeping included), measured
# on the emulated Pico with `sixtysix bench ai --emulated --game GAME`
# (docs/BENCHMARKS.md).  The levels' budgets are set from them.  The games
# for two and three-hand share the solver, whose search is viper code on
# the chip since 2026-11-28: over 300 random positions (`--positions 300`)
# hard ran 17.5 nodes/ms in Sixty-Six and 13.7 in Schnapsen, medium 17.3
# and 13.5, once hard kept its learned card choice loaded (7b348c5; 14.7
# and 10.2 for hard before, when it loaded that module again for each
# open-stock card); the slower of each game kept (the share of a decision
# outside the search is bigger in Schnapsen); three-hand's self-play 18.3
# and 15.4 at 7b348c5 (16.0 and 15.1 before).  Measured again (the table in
# docs/BENCHMARKS.md): Sixty-Six 18.1 and 17.4 and Schnapsen 13.7 and 13.2
# at d85fbec, three-hand 17.6 and 14.1 at eeab982; the slowest of every
# measurement is kept, so Schnapsen's rate is 13.2 and three-hand's 14.1
# since 2026-12-07.
# The others' engines are bytecode: four-hand and the bidding games
# measured again at 3074159 (self-play, the four-hand search making one call
# a node: four-hand 1.1 to 1.2 nodes/ms, bid-two 1.2 to 1.4, bid-three 0.9;
# the slower kept), Sixty-Five at d094d1f (hard 1.0, as on 2026-11-25;
# medium 0.9, the one kept since 2026-12-07, so that no level's estimate
# is kinder than its measurement).  A game missing here is said to be
# unmeasured rather than given another game's rate.
NODES_PER_DEVICE_MS = {
    "sixty-six": 17.3,
    "schnapsen": 13.2,
    "three-hand": 14.1,
    "four-hand": 1.1,
    "sixty-five": 0.9,
    "bid-two": 1.2,
    "bid-three": 0.9,
}


def device_line(figures, game="sixty-six") -> str:
    """Nodes per decision at the 50th and 95th percentile and the most,
    and what they come to on an RP2040 at the game's NODES_PER_DEVICE_MS."""
    got = [int(figures[k]) for k in ("nodes_p50", "nodes_p95", "max_nodes")]
    if game not in NODES_PER_DEVICE_MS:
        return "  nodes per decision: p50 %d, p95 %d, max %d; RP2040 time not measured for %s" % (
            got[0],
            got[1],
            got[2],
            game,
        )
    rate = NODES_PER_DEVICE_MS[game]
    est = ["%.0f ms" % (n / rate) for n in got]
    p50, p95, most = got
    return "  nodes per decision: p50 %d, p95 %d, max %d; estimated RP2040 time (%.1f nodes/ms): %s" % (
        p50,
        p95,
        most,
        rate,
        ", ".join(est),
    )


def plural(matches):
    return "%d match%s" % (matches, "" if matches == 1 else "es")


def bench_ai(matches, seed, game, positions=None):
    micropython = require_micropython()
    label = "MicroPython " + micropython_version(micropython)
    if game in SEAT_GAMES:
        print(
            "sixtysix bench ai: %s, each level in every seat for %d decisions, seed %d"
            % (game, SEAT_DECISIONS, seed)
        )
    elif positions is None:
        print(
            "sixtysix bench ai: %s, each level plays itself for %s, seed %d" % (game, plural(matches), seed)
        )
    else:
        print(
            "sixtysix bench ai: %s, each level decides in %d positions reached by random play, seed %d"
            % (game, positions, seed)
        )
    print("time per move = one call of player.choose(view), timed inside the driver on each runtime")
    print("times on a Pico: sixtysix bench ai --emulated (the chip's own cycles, not a factor)")
    for level in AI_LEVELS:
        bench_level(micropython, label, level, matches, seed, game, positions)
    if game in SEAT_GAMES:
        # The allocation and match heap runs below drive the two-player
        # solver; the seats' whole firmware heap is `sixtysix bench device`'s.
        seat_heaps(micropython, seed, game)
        return

    alloc = drive([micropython, AI_DRIVER], ["alloc", "hard", 1, seed, game], env=CORE_SOURCE_ENV)
    if alloc is None:
        raise BenchError("the allocation run ran out of memory")
    nodes = int(alloc["alloc_nodes"])
    print(
        "MicroPython bytes allocated per search node (solver, %s fixed strict-phase positions, "
        "%d nodes, collector off): %.2f"
        % (alloc["alloc_positions"], nodes, int(alloc["alloc_bytes"]) / max(nodes, 1))
    )

    # Played by bench_match_mpy.py, which loads what a board plays a match
    # with and little more: bench_ai_mpy.py's timing and reports would add
    # 4 KB of a 32-bit heap that the device never holds.
    match = ["play", "hard", 1, seed, game]
    what = "MicroPython smallest heap for a full hard-vs-hard match (seed %d)" % seed
    from_source = smallest_heap(micropython, [MATCH_DRIVER], match, env=CORE_SOURCE_ENV, same=("solver",))
    print("%s, core from .py source: -X heapsize=%dwK" % (what, from_source))
    mpy_cross = find_executable("mpy-cross")
    if mpy_cross is None:
        print("%s, core as .mpy: not measured (no mpy-cross command)" % what)
        return
    with tempfile.TemporaryDirectory() as folder:
        compile_core(mpy_cross, folder, native_arch(micropython), MATCH_DRIVER)
        env = dict(os.environ, MICROPYPATH=folder)
        frozen = smallest_heap(
            micropython, ["-m", "bench_match_mpy"], match, cwd=folder, env=env, same=("solver",)
        )
        watched = ["live"] + match[1:]
        live = drive(
            [micropython, "-X", "heapsize=%dwK" % (2 * frozen), "-m", "bench_match_mpy"], watched, folder, env
        )
    print("%s, core as .mpy: -X heapsize=%dwK" % (what, frozen))
    if live is not None:
        # The smallest heap moves by a KiB or more with where objects lie;
        # the live heap is the same for the same build and code.
        print(
            "MicroPython live heap of that match at its peak (core as .mpy, collected before every "
            "decision): %s bytes, %s of them before the first deal (core and driver)"
            % (live["live_peak"], live["live_before"])
        )
    else:
        print(
            "MicroPython live heap of that match at its peak: not measured (out of memory at %dwK)"
            % (2 * frozen)
        )


def seat_heaps(micropython, seed: int, game: str) -> None:
    """The smallest heap of each level with every seat at it, core and app
    as .mpy: what a level's players hold at a table (on a 32-bit build, set
    by SIXTYSIX_MICROPYTHON, in a board's bytes: docs/DEVICE.md)."""
    what = "MicroPython smallest heap, every seat at the level for %d decisions, firmware as .mpy" % (
        SEAT_DECISIONS
    )
    mpy_cross = find_executable("mpy-cross")
    if mpy_cross is None:
        print("%s: not measured (no mpy-cross command)" % what)
        return
    with tempfile.TemporaryDirectory() as folder:
        compile_core(mpy_cross, folder, native_arch(micropython), SEATS_DRIVER, app=True)
        env = dict(os.environ, MICROPYPATH=folder)
        tail = ["-m", os.path.basename(SEATS_DRIVER)[:-3]]
        heaps = []
        for level in AI_LEVELS:
            n = smallest_heap(micropython, tail, [level, SEAT_DECISIONS, seed, game], cwd=folder, env=env)
            heaps.append("%s %dwK" % (level, n))
    print("%s: %s" % (what, ", ".join(heaps)))


def device_games(name: str | None) -> tuple[int, ...]:
    """The games `bench device --emulated` plays, by their number in the
    device's list: `name` alone, or every game the device offers."""
    from sixtysix_app.settings import GAMES, OFFERED

    if name is None or name == "all":
        return OFFERED
    if name not in GAMES:
        raise BenchError("bench device --emulated: the device does not offer %s" % name)
    return (GAMES.index(name),)


def run_emulated(args):
    from . import bench_emulated, emulated

    if args.what == "core":  # said before asking for files it would not use
        raise BenchError("bench core has no --emulated")
    emulated.find_inputs(args.image, args.bootrom)  # a clear message before anything starts
    if args.image:
        os.environ[emulated.IMAGE_ENV] = args.image
    if args.bootrom:
        os.environ[emulated.BOOTROM_ENV] = args.bootrom
    if args.what == "ai":
        game = args.game or "sixty-six"
        games = GAME_NAMES + SEAT_GAMES if game == "all" else (game,)
        bench_emulated.bench_ai_emulated(
            games, AI_LEVELS, args.matches, args.seed, args.positions, args.frozen
        )
    elif args.what == "device":
        boards = tuple(args.board or bench_emulated.PICO_BOARDS)
        games = device_games(args.game)
        bench_emulated.bench_device_emulated(args.seed, boards, games, args.level, args.frozen)


def run(args):
    try:
        if args.emulated:
            run_emulated(args)
        elif args.what == "ai":
            if args.game == "all":
                raise BenchError("bench ai --game all runs on the emulated Pico only: add --emulated")
            bench_ai(args.matches, args.seed, args.game or "sixty-six", args.positions)
        elif args.what == "device":
            from .bench_device import bench_device

            bench_device(args.seed)
        else:
            bench_core(args.hands, args.seed)
    except BrokenPipeError:  # the reader stopped reading: cli.main's quiet exit, as for every command
        raise
    except (BenchError, OSError, subprocess.TimeoutExpired, EmulatorError) as e:
        print("sixtysix bench: %s" % e, file=sys.stderr)
        return 1
    return 0
