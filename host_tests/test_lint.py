"""ruff and mypy, with the settings in pyproject.toml.

The core is type-checked twice: against MicroPython's reduced standard
library (micropython-stdlib-stubs), which catches a CPython-only module or
function sneaking into code that must run on the board, and against
CPython's together with the host tools that import it.
"""

import os
import subprocess
import sys
from importlib import metadata

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# boards/ may not exist yet in a fresh clone (git keeps no empty folders).
LINTED = [d for d in ("firmware", "tools", "boards", "host_tests") if os.path.isdir(os.path.join(ROOT, d))]


def run(*args):
    """Run `python -m <tool> ...` from the repository root; fail with its output."""
    proc = subprocess.run(
        [sys.executable, "-m", *args], cwd=ROOT, capture_output=True, text=True, timeout=600
    )
    if proc.returncode != 0:
        pytest.fail("%s:\n%s" % (" ".join(args), proc.stdout + proc.stderr), pytrace=False)


def micropython_typeshed():
    """The folder holding micropython-stdlib-stubs' `stdlib/`."""
    try:
        dist = metadata.distribution("micropython-stdlib-stubs")
    except metadata.PackageNotFoundError:
        pytest.fail("micropython-stdlib-stubs is not installed: pip install -e '.[test]'", pytrace=False)
    for f in dist.files or ():
        if f.as_posix() == "stdlib/VERSIONS":
            return os.path.dirname(os.path.dirname(str(dist.locate_file(f))))
    pytest.fail("micropython-stdlib-stubs has no stdlib/VERSIONS", pytrace=False)


def test_ruff_check():
    run("ruff", "check", "--no-cache", *LINTED)


def test_ruff_format():
    run("ruff", "format", "--check", "--no-cache", *LINTED)


def test_mypy_core_against_micropython_stdlib():
    run(
        "mypy",
        "--custom-typeshed-dir",
        micropython_typeshed(),
        "--cache-dir",
        os.path.join(".mypy_cache", "micropython-stdlib"),
        "-p",
        "sixtysix",
    )


def test_mypy_core_and_tools():
    run("mypy", "-p", "sixtysix", "-p", "sixtysix_tools")
