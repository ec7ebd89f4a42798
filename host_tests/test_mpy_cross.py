"""Every module that goes onto a board compiles with mpy-cross.

mpy-cross is MicroPython's own compiler: it rejects syntax the board's
compiler does not have, which CPython happily accepts.  Each module is
compiled for every machine a board of ours has (the solver's
`@micropython.native` methods become that machine's code), and as the
CircuitPython badge gets it, without native code.  The .mpy files go to a
temporary folder.  A missing mpy-cross command fails, never skips.
"""

import os
import subprocess

import pytest
from conftest import required_tool
from sixtysix_tools.firmware_files import without_native
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


@pytest.fixture(scope="session")
def mpy_cross():
    return required_tool("mpy-cross")


def test_there_is_something_to_compile():
    assert any(s.startswith("firmware") for s in SOURCES)


def compile_file(mpy_cross, source, target, *flags):
    return subprocess.run(
        [mpy_cross, *flags, "-o", str(target), source], cwd=ROOT, capture_output=True, text=True, timeout=60
    )


def test_the_boards_name_machines():
    assert "armv6m" in ARCHS  # the RP2040 boards


@pytest.mark.parametrize("arch", ARCHS)
@pytest.mark.parametrize("source", SOURCES)
def test_compiles_with_mpy_cross(mpy_cross, source, arch, tmp_path):
    target = tmp_path / (os.path.basename(source)[:-3] + ".mpy")
    proc = compile_file(mpy_cross, source, target, "-march=" + arch)
    assert proc.returncode == 0, "mpy-cross -march=%s %s:\n%s" % (arch, source, proc.stdout + proc.stderr)
    assert target.stat().st_size > 0


@pytest.mark.parametrize("source", SOURCES)
def test_the_badge_copy_compiles_without_native_code(mpy_cross, source, tmp_path):
    copy = tmp_path / os.path.basename(source)
    copy.write_bytes(without_native(os.path.join(ROOT, source)))
    proc = compile_file(mpy_cross, str(copy), tmp_path / "out.mpy")
    said = proc.stdout + proc.stderr
    assert proc.returncode == 0, "mpy-cross, no -march, badge copy of %s:\n%s" % (source, said)


def test_the_solver_is_native_code_where_a_board_can_run_it(mpy_cross, tmp_path):
    """Without -march mpy-cross, like CircuitPython's compiler, rejects the
    decorator: what the badge copy is there for."""
    source = os.path.join("firmware", "sixtysix", "solver.py")
    proc = compile_file(mpy_cross, source, tmp_path / "solver.mpy")
    assert proc.returncode != 0
    assert len(without_native(os.path.join(ROOT, source))) < os.path.getsize(os.path.join(ROOT, source))
