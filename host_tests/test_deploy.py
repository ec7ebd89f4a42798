"""`sixtysix deploy` against a simulated board: the MicroPython unix port behind
a pseudo-terminal, driven by the real mpremote (host_tests/simboard.py).

The unix port has no SPI or pins, so the board's own boot.py (which a deploy
leaves alone) puts stand-in `machine.SPI`/`Pin` classes in sys.modules that
rebuild the panel's picture from the bytes sent to the ST7789: the deployed
.mpy files must import, and the picture must be the golden title screen.
The .mpy format's rules are tested in test_mpyformat.py, what a board does
at power-on in test_power_on.py, what deploy says and plans without a
board in test_deploy_messages.py.
"""

import hashlib
import os
import subprocess
import sys

import pytest
from conftest import ROOT, PipeClosedAfter, Says, run_deploy, snapshot
from sixtysix_tools import deploy
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


def test_output_closed_mid_deploy_says_where_it_left_the_board(
    tmp_path, micropython, mpy_cross, capsys, monkeypatch
):
    """`sixtysix deploy | head -3` closes the output while files are being
    copied: that is no success (the board starts to the REPL), and the
    board is not to blame; a dry run's plan cut short is no failure."""

    def closed(*args, **kwargs):
        raise BrokenPipeError(32, "Broken pipe")

    flash = tmp_path / "flash"
    flash.mkdir()
    with SimulatedBoard(flash, micropython=micropython) as board:
        monkeypatch.setattr(sys, "stdout", PipeClosedAfter(1))
        status, _out, err = run_deploy(capsys, "--board", "thumby", "--port", board.port, "--dry-run")
        assert (status, err) == (0, ""), err
        monkeypatch.undo()
        monkeypatch.setattr(deploy, "copy_files", closed)
        status, _out, err = run_deploy(capsys, "--board", "thumby", "--port", board.port)
    assert (
        status == 2 and "the output was closed before the deploy ended; the board starts to the REPL" in err
    )
    assert "Traceback" not in err and not (flash / "main.py").exists()


def test_a_port_named_with_a_control_character_is_printed_escaped(tmp_path, micropython, mpy_cross, capsys):
    """The plan's first line and every message about the port name it as
    typed: an ESC in a link's name reached the terminal raw."""
    flash = tmp_path / "flash"
    flash.mkdir()
    link = tmp_path / "tty\x1b[31m"
    with SimulatedBoard(flash, micropython=micropython) as board:
        os.symlink(board.port, link)
        status, out, err = run_deploy(capsys, "--board", "thumby", "--port", str(link), "--dry-run")
    assert status == 0, out + err
    assert "\x1b" not in out + err and "Plan for %s:" % str(link).replace("\x1b", "\\x1b") in out, out
    status, _out, err = run_deploy(capsys, "--board", "thumby", "--port", str(tmp_path / "gone\x1b"))
    assert status == 2 and "\x1b" not in err and "gone\\x1b" in err, err


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


# A board's file system: os.ilistdir gives each file's size (the unix port's gives none).
SIZED_ILISTDIR = r"""
import sys, os

class _Os:
    real = os

    def ilistdir(self, d):
        return [(e[0], e[1], e[2], self.real.stat(d + "/" + e[0])[6]) for e in self.real.ilistdir(d)]

    def __getattr__(self, name):
        return getattr(self.real, name)

sys.modules["os"] = _Os()
"""


def test_the_listing_gives_each_files_size_and_keeps_a_start_file_under_a_free_name(tmp_path, micropython):
    """The sizes of the files a deploy replaces count as room (the listing
    read none from a board's four-field entries, so a board that held the
    old firmware was refused as full), and a user's main.py is kept under a
    name no file has, main.py.bak2 taken too."""
    (tmp_path / "sixtysix").mkdir()
    (tmp_path / "sixtysix" / "cards.mpy").write_bytes(bytes(1283))
    for name in ("main.py", "main.py.bak", "main.py.bak2"):
        (tmp_path / name).write_text("# my %s\n" % name)
    done = subprocess.run(
        [micropython, "-c", SIZED_ILISTDIR + deploy._LIST % (deploy.OWNED_FOLDERS,)],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    files, keep = deploy.read_board_files(Says(done.stdout))
    assert files == {"sixtysix/cards.mpy": 1283, "main.py": len("# my main.py\n")}
    assert keep == {"main.py": "main.py.bak3"}
