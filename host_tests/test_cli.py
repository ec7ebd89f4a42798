"""The `sixtysix` command itself: its version, and failures that belong to
no subcommand (a full output device, Ctrl-C while a command loads)."""

import io
import os
import subprocess
import sys

import pytest
from conftest import PipeClosedAfter
from sixtysix_tools import cli


def test_version_is_printed():
    proc = subprocess.run(
        [sys.executable, "-m", "sixtysix_tools.cli", "--version"],
        capture_output=True,
        text=True,
        timeout=60,
        env={**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)},
    )
    assert proc.returncode == 0
    assert proc.stdout.startswith("sixtysix 0.")


def test_a_checkout_never_installed_says_so_in_its_version(monkeypatch):
    """The version written in cli.py for that case is pyproject.toml's."""
    import importlib.metadata
    import tomllib

    def not_installed(name):
        raise importlib.metadata.PackageNotFoundError(name)

    monkeypatch.setattr(importlib.metadata, "version", not_installed)
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    with open(os.path.join(root, "pyproject.toml"), "rb") as f:
        project = tomllib.load(f)["project"]["version"]
    assert cli.version() == project + " (not installed)"


def test_a_command_does_not_look_up_the_version(tmp_path, monkeypatch, capsys):
    """The lookup scans the installed packages (close to 1 MB in a fresh
    clone's environment); only --version pays for it."""

    def no_lookup():
        raise AssertionError("version looked up")

    monkeypatch.setattr(cli, "version", no_lookup)
    record = tmp_path / "r.txt"
    record.write_text("game sixty-six\n")
    assert cli.main(["replay", str(record)]) in (0, 2)
    with pytest.raises(AssertionError, match="version looked up"):
        cli.main(["--version"])


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full")
@pytest.mark.parametrize(
    "argv",
    [
        ["replay", "RECORD"],
        ["replay", "RECORD", "--json"],
        ["play", "--seed", "3"],
        ["--help"],
    ],
)
def test_a_full_output_device_is_one_line_not_a_traceback(tmp_path, argv):
    record = tmp_path / "r.txt"
    record.write_text("game sixty-six\n")
    argv = [str(record) if a == "RECORD" else a for a in argv]
    with open("/dev/full", "w") as full:
        proc = subprocess.run(
            [sys.executable, "-m", "sixtysix_tools.cli", *argv],
            stdin=subprocess.DEVNULL,
            stdout=full,
            stderr=subprocess.PIPE,
            text=True,
            timeout=60,
            env={**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)},
        )
    assert "Traceback" not in proc.stderr and "Exception ignored" not in proc.stderr, proc.stderr
    if argv != ["--help"]:  # argparse prints help and exits on its own
        assert proc.returncode == 1
        assert proc.stderr.strip().endswith("sixtysix: cannot write the output: No space left on device")


@pytest.mark.parametrize("argv", [["move", "RECORD"], ["replay", "RECORD"], ["play", "--seed", "3"]])
def test_a_closed_standard_output_is_one_line_not_a_traceback(tmp_path, argv):
    """`sixtysix move rec.txt >&-`: Python then has no sys.stdout at all."""
    record = tmp_path / "r.txt"
    record.write_text(
        "game sixty-six\nhand\ndealer B\nA KH QH 9C TC AS JD\nB 9S JH QC KC AH TD\nupcard JS\n"
        "stock 9D AD KD QD TH QS KS 9H JC AC TS\n"
    )
    argv = [str(record) if a == "RECORD" else a for a in argv]
    proc = subprocess.run(
        [sys.executable, "-m", "sixtysix_tools.cli", *argv],
        stdin=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
        timeout=60,
        env={**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)},
        preexec_fn=lambda: os.close(1),
    )
    assert "Traceback" not in proc.stderr and "Exception ignored" not in proc.stderr, proc.stderr
    assert proc.returncode == 1
    assert proc.stderr.strip().endswith("sixtysix: cannot write the output: standard output is closed")


def test_output_that_fails_only_when_flushed_is_one_line_and_status_1(tmp_path, monkeypatch, capsys):
    """A command's last lines wait in the buffer; the drive may refuse them
    only when main flushes, which is still said, not left to the exit."""

    class FullWhenFlushed(io.StringIO):
        def flush(self):
            raise OSError(28, "No space left on device")

    record = tmp_path / "r.txt"
    record.write_text("game sixty-six\n")
    monkeypatch.setattr(sys, "stdout", FullWhenFlushed())
    assert cli.main(["replay", str(record)]) == 1
    assert capsys.readouterr().err == "sixtysix: cannot write the output: No space left on device\n"


def test_output_read_by_a_program_that_stopped_reading_is_no_error(monkeypatch, capsys):
    """`sixtysix play | head -1`: the pipe closes early, which is the
    reader's choice, not a failure: status 0 and nothing said."""

    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    monkeypatch.setattr(sys, "stdout", PipeClosedAfter(0))
    assert cli.main(["play", "--seed", "1"]) == 0
    assert capsys.readouterr().err == ""


@pytest.mark.parametrize("argv", [["bench", "core", "--hands", "5"], ["bench", "ai", "--matches", "1"]])
def test_bench_read_by_a_program_that_stopped_reading_is_no_error(monkeypatch, capsys, argv):
    """bench reports its own OSErrors (a MicroPython it cannot run), but a
    reader that stopped reading is no failure there either."""

    monkeypatch.setattr(sys, "stdout", PipeClosedAfter(0))
    assert cli.main(argv) == 0
    assert capsys.readouterr().err == ""


def test_ctrl_c_while_a_command_loads(monkeypatch, capsys):
    def interrupted(name, package=None):
        raise KeyboardInterrupt

    monkeypatch.setattr(cli.importlib, "import_module", interrupted)
    assert cli.main(["replay", "x.txt"]) == 130
    assert capsys.readouterr().err == "\n"


def test_standard_output_is_given_back(monkeypatch):
    out = io.StringIO()
    monkeypatch.setattr(sys, "stdout", out)
    cli.main(["move", "/nonexistent"])
    assert sys.stdout is out


@pytest.mark.parametrize("argv", [["boards", "--chek"], ["replay", "a.txt", "b.txt"]])
def test_a_stray_argument_is_named_by_its_command(capsys, argv):
    """An argument a command does not take is reported with that command's
    usage, not the top level's list of commands."""
    with pytest.raises(SystemExit) as stop:
        cli.main(argv)
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert err.startswith("usage: sixtysix %s " % argv[0])
    assert "sixtysix %s: error: unrecognized arguments: %s\n" % (argv[0], argv[-1]) in err


def no_room_to_write():
    """A child whose every file write fails as on a full drive (EFBIG)."""
    import resource

    resource.setrlimit(resource.RLIMIT_FSIZE, (0, 0))


def run_without_room(*args):
    return subprocess.run(
        [sys.executable, "-m", "sixtysix_tools.cli", *args],
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)},
        preexec_fn=no_room_to_write,
    )


@pytest.mark.parametrize(
    "args",
    [
        (
            "arena",
            "--a",
            "random",
            "--b",
            "random",
            "--matches",
            "1",
            "--target",
            "1",
            "--jobs",
            "1",
            "--out",
        ),
        ("sim", "--board", "thumby", "--keys", "A", "--screenshot"),
    ],
)
def test_a_file_that_cannot_be_written_is_one_line_and_status_1(tmp_path, args):
    proc = run_without_room(*args, str(tmp_path / "out"))
    assert proc.returncode == 1 and "Traceback" not in proc.stderr, proc.stderr
    assert proc.stderr.count("\n") == 1 and proc.stderr.startswith("sixtysix %s: " % args[0]), proc.stderr
    # the write itself, or (sim without --save-dir) the fresh board's temporary folder
    assert "File too large" in proc.stderr or "temporary directory" in proc.stderr


def test_a_file_name_in_a_write_error_is_never_echoed_raw(tmp_path, capsys):
    shots = tmp_path / "x\x1b[2J"
    (shots / "000.png").mkdir(parents=True)  # the first picture cannot be written
    argv = ["sim", "--save-dir", str(tmp_path / "save"), "--keys", "A", "--screenshot", str(shots)]
    assert cli.main(argv) == 1
    err = capsys.readouterr().err
    assert err == "sixtysix sim: %s: Is a directory\n" % os.path.join(str(tmp_path), "x\\x1b[2J", "000.png")


def test_a_scripted_board_that_could_not_save_does_not_say_its_files_were_kept(tmp_path):
    proc = run_without_room("sim", "--board", "thumby", "--save-dir", str(tmp_path), "--keys", "A A A A")
    assert proc.returncode == 1 and "files are in" not in proc.stdout, proc.stdout + proc.stderr
    assert proc.stderr.startswith("sixtysix sim: the board could not save match.sav in "), proc.stderr


ESC = "x\x1b[2J\x07"


@pytest.mark.parametrize(
    "args",
    [
        ("sim", "--board", ESC, "--keys", "A"),
        ("sim", "--board", "thumby", "--keys", ESC),
        ("sim", "--board", "thumby", "--game", ESC, "--keys", "A"),
        ("deploy", "--board", ESC, "--dry-run"),
        ("arena", "--a", ESC, "--b", "random"),
        ("arena", "--a", "random", "--b", "random", "--option", ESC + "=1"),
        ("arena", "--a", "hard:max_nodes=" + ESC, "--b", "random"),
    ],
)
def test_a_control_character_in_an_argument_is_never_echoed_raw(capsys, args):
    status = cli.main(list(args))
    err = capsys.readouterr().err
    assert status == 2 and err.count("\n") == 1, err
    assert "\x1b" not in err and "\x07" not in err and "\\x1b" in err, err


@pytest.mark.parametrize("command", ["sim", "deploy"])
def test_a_listed_board_module_that_does_not_import_is_one_line(monkeypatch, capsys, command):
    """A board module with a mistake in it (a developer's new board): the
    tools name the file and the error, status 2, no traceback."""
    import importlib

    from sixtysix_tools import board_files

    import boards

    real = importlib.import_module

    def broken(name, *args):
        if name == "boards.newboard":
            raise NameError("name 'PIN' is not defined")
        return real(name, *args)

    monkeypatch.setattr(board_files.importlib, "import_module", broken)
    monkeypatch.setattr(boards, "BOARDS", boards.BOARDS + ("newboard",))
    args = (
        ["sim", "--board", "newboard", "--keys", "A"]
        if command == "sim"
        else ["deploy", "--board", "newboard"]
    )
    assert cli.main(args) == 2
    err = capsys.readouterr().err
    assert (
        err
        == "sixtysix %s: boards/newboard.py does not import: NameError: name 'PIN' is not defined\n" % command
    )


@pytest.mark.parametrize("name", [name for name, _module, _help in cli.COMMANDS])
def test_every_command_says_what_it_is_for_in_its_help(capsys, name):
    with pytest.raises(SystemExit) as done:
        cli.main([name, "--help"])
    assert done.value.code == 0
    out = capsys.readouterr().out
    usage, _, rest = out.partition("\n\n")
    assert usage.startswith("usage: sixtysix " + name)
    assert rest.split("\n", 1)[0][:1].isupper(), out  # a sentence before the options
    if name in ("sim", "deploy"):  # the boards are named where --board is
        from boards import BOARDS

        assert all(board in " ".join(out.split()) for board in BOARDS), out
