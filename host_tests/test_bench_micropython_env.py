"""SIXTYSIX_MICROPYTHON names the `micropython` the bench runs (a 32-bit
build for a board's object sizes) instead of the 64-bit one pip installs."""

import os
import stat
import subprocess
import sys

import pytest
from conftest import ROOT, required_tool
from sixtysix_tools import bench_device
from sixtysix_tools.bench_common import (
    BenchError,
    native_arch,
    require_micropython,
    word_bits,
)
from sixtysix_tools.executables import MICROPYTHON_ENV, find_executable
from sixtysix_tools.firmware_files import compile_as_deployed


def wrapper(tmp_path, real, log):
    """An executable that notes each call in log and runs real."""
    path = tmp_path / "my-micropython"
    path.write_text('#!/bin/sh\necho "$@" >> %s\nexec %s "$@"\n' % (log, real))
    path.chmod(path.stat().st_mode | stat.S_IXUSR)
    return str(path)


def test_unset_or_empty_finds_the_micropython_pip_installs(monkeypatch):
    monkeypatch.delenv(MICROPYTHON_ENV, raising=False)
    installed = find_executable("micropython")
    assert installed is not None
    monkeypatch.setenv(MICROPYTHON_ENV, "")
    assert find_executable("micropython") == installed == require_micropython()


def test_it_names_the_interpreter_and_nothing_else(monkeypatch, tmp_path):
    monkeypatch.delenv(MICROPYTHON_ENV, raising=False)
    named = wrapper(tmp_path, required_tool("micropython"), tmp_path / "log")
    monkeypatch.setenv(MICROPYTHON_ENV, named)
    assert find_executable("micropython") == named
    assert require_micropython() == named
    assert find_executable("mpy-cross") != named  # only the interpreter is replaced


def test_a_missing_or_unrunnable_file_is_an_error_not_a_fallback(monkeypatch, tmp_path):
    # another micropython on PATH is not taken in its place either
    other = wrapper(tmp_path, required_tool("micropython"), tmp_path / "log")
    os.rename(other, tmp_path / "micropython")
    monkeypatch.setenv("PATH", str(tmp_path) + os.pathsep + os.environ.get("PATH", ""))
    for bad in (tmp_path / "none", tmp_path):
        monkeypatch.setenv(MICROPYTHON_ENV, str(bad))
        assert find_executable("micropython") is None
        with pytest.raises(BenchError, match="%s=%s is not an executable file" % (MICROPYTHON_ENV, bad)):
            require_micropython()
    plain = tmp_path / "plain"
    plain.write_text("")
    monkeypatch.setenv(MICROPYTHON_ENV, str(plain))
    assert find_executable("micropython") is None


def test_a_command_not_beside_this_python_is_found_on_path(monkeypatch, tmp_path):
    (tmp_path / "bin").mkdir()
    on_path = wrapper(tmp_path / "bin", required_tool("mpy-cross"), tmp_path / "log")
    monkeypatch.setattr(sys, "executable", str(tmp_path / "python"))  # a Python with no tools beside it
    os.rename(on_path, tmp_path / "bin" / "mpy-cross")
    monkeypatch.setenv("PATH", str(tmp_path / "bin"))
    assert find_executable("mpy-cross") == str(tmp_path / "bin" / "mpy-cross")
    assert find_executable("no-such-tool") is None


def test_the_bench_runs_the_named_interpreter(monkeypatch, tmp_path):
    monkeypatch.delenv(MICROPYTHON_ENV, raising=False)
    log = tmp_path / "log"
    named = wrapper(tmp_path, required_tool("micropython"), log)
    proc = subprocess.run(
        [sys.executable, "-m", "sixtysix_tools.cli", "bench", "core", "--hands", "5"],
        capture_output=True,
        text=True,
        timeout=300,
        env=dict(os.environ, **{MICROPYTHON_ENV: named}),
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "same hands on both runtimes: yes" in proc.stdout
    calls = log.read_text().splitlines()
    assert any("heapsize=" in c for c in calls), calls  # the heap search too, not only the timing


def test_the_bench_says_so_when_the_named_file_is_missing(tmp_path):
    missing = str(tmp_path / "micropython32")
    proc = subprocess.run(
        [sys.executable, "-m", "sixtysix_tools.cli", "bench", "device"],
        capture_output=True,
        text=True,
        timeout=60,
        env=dict(os.environ, **{MICROPYTHON_ENV: missing}),
    )
    assert proc.returncode == 1
    assert "%s=%s is not an executable file" % (MICROPYTHON_ENV, missing) in proc.stderr
    assert "Traceback" not in proc.stderr


def test_word_bits_of_the_pip_port_and_of_a_32_bit_one(monkeypatch, tmp_path):
    monkeypatch.delenv(MICROPYTHON_ENV, raising=False)
    assert word_bits(required_tool("micropython")) == 64
    fake = tmp_path / "micropython32"
    fake.write_text("#!/bin/sh\necho 32\n")
    fake.chmod(fake.stat().st_mode | stat.S_IXUSR)
    assert word_bits(str(fake)) == 32
    broken = tmp_path / "broken"
    broken.write_text("#!/bin/sh\necho oops >&2\nexit 1\n")
    broken.chmod(broken.stat().st_mode | stat.S_IXUSR)
    with pytest.raises(BenchError, match="does not run: oops"):
        word_bits(str(broken))


def test_native_arch_is_the_machine_the_port_loads_native_code_for(tmp_path):
    """The bench compiles the viper search as deploy does, machine code:
    made for the interpreter that runs it, it loads there, and made for
    another machine it does not; an interpreter without native code is
    refused in words."""
    micropython = required_tool("micropython")
    package = tmp_path / "sixtysix_viper"
    package.mkdir()
    (package / "__init__.py").write_text("")
    source = os.path.join(ROOT, "firmware", "sixtysix_viper", "search.py")
    check = "from sixtysix_viper import search; print(search.STATE_WORDS)"
    for arch, loads in ((native_arch(micropython), True), ("armv6m", False)):
        done = compile_as_deployed(
            required_tool("mpy-cross"), source, str(package / "search.mpy"), arch, "search.py"
        )
        assert done.returncode == 0, done.stdout + done.stderr
        done = subprocess.run(
            [micropython, "-c", check], cwd=str(tmp_path), capture_output=True, text=True, timeout=60
        )
        loaded = done.returncode == 0 and done.stdout.strip().isdigit()
        assert loaded == loads, (arch, done.stdout + done.stderr)
    none = tmp_path / "no_native"
    none.write_text("#!/bin/sh\necho 0\n")
    none.chmod(none.stat().st_mode | stat.S_IXUSR)
    with pytest.raises(BenchError, match="loads no native code"):
        native_arch(str(none))


def test_device_header_says_what_nwk_is_for_the_word():
    wide = "\n".join(bench_device.header(64, "/x/micropython", 1))
    assert "64-bit unix port" in wide and "NwK = 2*N KiB" in wide and "for comparing versions only" in wide
    assert "(/x/micropython)" in wide
    narrow = "\n".join(bench_device.header(32, "/x/micropython32", 1))
    assert "32-bit unix port" in narrow and "NwK = N KiB" in narrow
    assert "for comparing versions only" not in narrow


def port(tmp_path, name, maxsize, mpy, status=0):
    """A stand-in `micropython` that runs the expression it is asked, with
    `sys.maxsize` and `sys.implementation._mpy` those of another port."""
    path = tmp_path / name
    path.write_text(
        "#!%s\nimport sys, types\n"
        "fake = types.SimpleNamespace(maxsize=%d, implementation=types.SimpleNamespace(_mpy=%d))\n"
        "exec(sys.argv[2].replace('import sys;', '').strip(), {'sys': fake})\n"
        "sys.exit(%d)\n" % (sys.executable, maxsize, mpy, status)
    )
    path.chmod(path.stat().st_mode | stat.S_IXUSR)
    return str(path)


def test_word_and_machine_are_read_from_the_ports_own_sys(tmp_path):
    """The questions bench_common asks, answered by ports whose word and
    native architecture differ: sys.maxsize is 2**31 - 1 on a 32-bit port;
    `_mpy`'s bits from 10 up number the machine in MPY_ARCHES (0: none),
    the bits below them the .mpy version; and a port that fails, or says
    something other than a number, has no answer."""
    from sixtysix_tools.firmware_files import MPY_ARCHES

    assert word_bits(port(tmp_path, "w32", 2**31 - 1, 6)) == 32
    assert word_bits(port(tmp_path, "w64", 2**63 - 1, 6)) == 64
    for index in range(1, len(MPY_ARCHES)):
        assert (
            native_arch(port(tmp_path, "a%d" % index, 2**31 - 1, index << 10 | 3 << 8 | 6))
            == MPY_ARCHES[index]
        )
    for index in (0, len(MPY_ARCHES)):
        with pytest.raises(BenchError, match="loads no native code"):
            native_arch(port(tmp_path, "n%d" % index, 2**31 - 1, index << 10 | 6))
    with pytest.raises(BenchError, match="does not run"):
        word_bits(port(tmp_path, "failing", 2**31 - 1, 6, status=1))
    chatty = tmp_path / "chatty"
    chatty.write_text("#!/bin/sh\necho MicroPython v9 says hello\n")
    chatty.chmod(chatty.stat().st_mode | stat.S_IXUSR)
    with pytest.raises(BenchError, match="does not run: MicroPython v9 says hello"):
        native_arch(str(chatty))
