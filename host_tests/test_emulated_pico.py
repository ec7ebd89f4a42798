"""The emulated Pico of the test rig (tools/emulator/, tools/sixtysix_tools/emulated.py).

The runner's own parts (UF2 loading, flash that keeps what is written, the
ST7789 decoder) are tested with `node --test` and need no image. The board
itself needs a MicroPython image for the Pico and an RP2040 bootrom, which
the project does not ship (docs/DEVICE.md, "The emulated Pico"): with
SIXTYSIX_PICO_IMAGE and SIXTYSIX_PICO_BOOTROM set, the firmware is
deployed with `sixtysix deploy` over mpremote, and the title screen read
from the decoded panel must equal the golden picture.
"""

import contextlib
import io
import os
import shutil
import subprocess
import sys

import pytest
from sixtysix_tools import emulated
from sixtysix_tools.bench_emulated import mpremote
from sixtysix_tools.png import read_png

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
GOLDEN = os.path.join(HERE, "golden", "pico_display")
MAIN = os.path.join(ROOT, "firmware", "main.py")

needs_node = pytest.mark.skipif(shutil.which("node") is None, reason="no Node.js on this machine")
HAVE_INPUTS = bool(os.environ.get(emulated.IMAGE_ENV) and os.environ.get(emulated.BOOTROM_ENV))
needs_board = pytest.mark.skipif(
    not HAVE_INPUTS,
    reason="set %s and %s to run the emulated board" % (emulated.IMAGE_ENV, emulated.BOOTROM_ENV),
)
# An image with manifests/pico_display/manifest.py frozen in (README, section 2c).
FROZEN_ENV = "SIXTYSIX_PICO_FROZEN_IMAGE"
needs_frozen = pytest.mark.skipif(
    not (os.environ.get(FROZEN_ENV) and os.environ.get(emulated.BOOTROM_ENV)),
    reason="set %s and %s to run the emulated board from a frozen image" % (FROZEN_ENV, emulated.BOOTROM_ENV),
)


@needs_node
def test_runner_parts():
    emulated.ensure_installed()
    done = subprocess.run(
        ["node", "--test", "pico.test.mjs"], cwd=emulated.EMULATOR_DIR, capture_output=True, text=True
    )
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-2000:]
    assert "# fail 0" in done.stdout


def test_only_the_probes_last_line_is_taken_for_the_result():
    from sixtysix_tools.bench_emulated import probe_result

    assert probe_result("heap total 249856 least-free 190384 faults 0\n") == (249856, 190384, 0)
    assert probe_result("heap total 249856") is None  # printed first, before the match
    assert probe_result("screen Table: least-free-so-far 117856") is None
    assert probe_result("heap total 249856 least-free x faults 0") is None


def test_missing_image_and_bootrom_are_both_named(monkeypatch):
    monkeypatch.delenv(emulated.IMAGE_ENV, raising=False)
    monkeypatch.delenv(emulated.BOOTROM_ENV, raising=False)
    with pytest.raises(emulated.EmulatorError) as e:
        emulated.find_inputs()
    assert emulated.IMAGE_ENV in str(e.value) and emulated.BOOTROM_ENV in str(e.value)


def test_the_runners_error_is_the_line_said():
    """A bootrom of zeros stopped the runner with an error of its own, and
    the message said "Node.js v20.20.2", node's last line."""
    said = (
        "file:///x/tools/emulator/pico.mjs:78\n"
        "    if (c === 0) throw new Error(`not an RP2040 bootrom: its function table has no ${letters}`);\n"
        "                       ^\n\n"
        "Error: not an RP2040 bootrom: its function table has no RE\n"
        "    at findRom (file:///x/tools/emulator/pico.mjs:78:24)\n\n"
        "Node.js v20.20.2\n"
    )
    assert emulated.node_error(said) == "Error: not an RP2040 bootrom: its function table has no RE"
    assert emulated.node_error("TypeError: x is not a function\n") == "TypeError: x is not a function"
    assert emulated.node_error("just a line\n\n") == "just a line"
    assert emulated.node_error("") == "no message"


def test_a_file_that_is_no_bootrom_is_refused(tmp_path):
    image = tmp_path / "mp.uf2"
    image.write_bytes(b"\0" * 512)
    rom = tmp_path / "rom.bin"
    rom.write_bytes(b"\0" * 100)
    with pytest.raises(emulated.EmulatorError, match="16384 bytes"):
        emulated.find_inputs(str(image), str(rom))
    rom.write_bytes(b"\0" * 16384)
    with pytest.raises(emulated.EmulatorError, match="not an RP2040 bootrom"):
        emulated.find_inputs(str(image), str(rom))
    rom.write_bytes(b"\0" * 16 + b"Mu\x01\x03" + b"\0" * (16384 - 20))
    assert emulated.find_inputs(str(image), str(rom)) == (image, rom)
    with pytest.raises(emulated.EmulatorError, match="no such file"):
        emulated.find_inputs(str(tmp_path / "none.uf2"), str(rom))
    with pytest.raises(emulated.EmulatorError, match="a folder, not a file"):
        emulated.find_inputs(str(tmp_path), str(rom))


def golden_565(name):
    """A golden picture as the panel gets it: RGB565, row after row."""
    from sixtysix_app.canvas import rgb565

    w, h, rows = read_png(os.path.join(GOLDEN, name + ".png"))
    return w, h, [rgb565(v) for row in rows for v in row]


@pytest.fixture(scope="module")
def deployed_flash(tmp_path_factory):
    """The chip's flash with the firmware deployed as a user deploys it
    (once a test worker); the emulator writes it out when it stops."""
    image, bootrom = emulated.find_inputs()
    flash = tmp_path_factory.mktemp("pico") / "deployed.bin"
    display = emulated.BOARD_DISPLAYS["pico_display"]
    with emulated.EmulatedPico(
        image, bootrom, flash=flash, display=display, usb=emulated.repl_is_usb()
    ) as pico:
        done = subprocess.run(
            [
                sys.executable,
                "-m",
                "sixtysix_tools.cli",
                "deploy",
                "--board",
                "pico_display",
                "--port",
                pico.port,
            ],
            capture_output=True,
            text=True,
            timeout=900,
        )
        assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    return flash


def power_on(flash, image=None):
    """The Pico Display board on that flash (and image, else the
    environment's), started and its first screen drawn."""
    image, bootrom = emulated.find_inputs(image)
    pico = emulated.EmulatedPico(
        image,
        bootrom,
        flash=flash,
        display=emulated.BOARD_DISPLAYS["pico_display"],
        usb=emulated.repl_is_usb(),
    )
    pico.wait_for_frames(1)
    return pico


@pytest.fixture(scope="module")
def deployed(deployed_flash, tmp_path_factory):
    flash = tmp_path_factory.mktemp("pico") / "flash.bin"
    shutil.copyfile(deployed_flash, flash)
    with power_on(flash) as pico:
        yield pico


@needs_board
def test_deploy_puts_the_golden_title_on_the_panel(deployed):
    assert deployed.screen() == golden_565("title")


def host_screen_after(save_dir, keys):
    """The simulator's Pico Display after `keys` on a board holding the
    files of save_dir: the same firmware, drawn on the host."""
    shots = os.path.join(save_dir, "shots")
    done = run_cli(
        "sim", "--board", "pico_display", "--save-dir", save_dir, "--keys", keys, "--screenshot", shots
    )
    assert done.returncode == 0, done.stdout + done.stderr
    last = sorted(os.listdir(shots))[-1]
    w, h, rows = read_png(os.path.join(shots, last))
    from sixtysix_app.canvas import rgb565

    return w, h, [rgb565(v) for row in rows for v in row]


@needs_board
def test_a_match_in_progress_survives_a_power_cycle(deployed_flash, tmp_path):
    """A card played, the power cut, the board started again: the title
    offers the match, and OK brings back the very position the saved file
    holds (the host simulator, reading the chip's own files, draws the
    same table). The saves are written on the chip's littlefs by
    save.Store (write to .new, rename over), not by the host."""
    flash = tmp_path / "flash.bin"
    shutil.copyfile(deployed_flash, flash)
    pins = emulated.button_pins("pico_display")
    with power_on(flash) as pico:
        assert pico.screen() == golden_565("title")
        pico.press(pins["A"])  # New match
        pico.settle()
        dealt = pico.screen()
        pico.press(pins["Y"])  # the next card
        pico.press(pins["A"])  # play it
        pico.settle()
        played = pico.screen()
    assert played != dealt
    with power_on(flash) as pico:
        assert pico.screen() != golden_565("title")  # "Resume match" in place of "New match"
        pico.press(pins["A"])
        pico.settle()
        resumed = pico.screen()
        saves = tmp_path / "saves"
        saves.mkdir()
        done = subprocess.run(
            [sys.executable, "-m", "mpremote", "connect", pico.port, "fs", "ls", ":sixtysix"],
            capture_output=True,
            text=True,
            timeout=300,
        )
        names = [line.split()[-1] for line in done.stdout.splitlines() if line.strip().endswith(".sav")]
        assert "match.sav" in names, done.stdout + done.stderr
        for name in names:
            got = subprocess.run(
                [
                    sys.executable,
                    "-m",
                    "mpremote",
                    "connect",
                    pico.port,
                    "fs",
                    "cp",
                    ":sixtysix/" + name,
                    str(saves / name),
                ],
                capture_output=True,
                text=True,
                timeout=300,
            )
            assert got.returncode == 0, got.stdout + got.stderr
    from sixtysix_app import save, session

    body = save.unpack(session.KIND, session.SAVE_VERSION, (saves / session.FILE).read_bytes())
    game, match, deal, booked = session.parse_match(body)
    assert match.hand.nlog >= 2  # the card played before the power was cut is in it
    assert resumed != dealt
    assert resumed == host_screen_after(str(saves), "A")


@needs_board
def test_presses_on_the_buttons_reach_the_settings(deployed):
    pins = emulated.button_pins("pico_display")
    deployed.press(pins["Y"])  # next: Settings
    deployed.press(pins["A"])  # OK
    deployed.settle()
    assert deployed.screen() == golden_565("settings")


def test_every_button_of_the_rp2040_boards_has_its_gpio():
    from sixtysix_tools.bench_emulated import PICO_BOARDS
    from sixtysix_tools.sim import load_board

    from boards import BOARDS

    rp2040 = [name for name in BOARDS if getattr(load_board(name), "ARCH", "") == "armv6m"]
    assert sorted(rp2040) == sorted(PICO_BOARDS)
    for name in rp2040:
        board = load_board(name)
        pins = emulated.button_pins(name)
        assert sorted(pins) == sorted(board.BUTTONS), name
        assert all(0 <= gpio < 30 for gpio in pins.values()), name
    assert emulated.button_pins("pico_display") == {"A": 12, "B": 13, "X": 14, "Y": 15}


def run_cli(*args, timeout=60):
    env = dict(os.environ)
    env.pop(emulated.IMAGE_ENV, None)
    env.pop(emulated.BOOTROM_ENV, None)
    return subprocess.run(
        [sys.executable, "-m", "sixtysix_tools.cli", *args],
        capture_output=True,
        text=True,
        env=env,
        timeout=timeout,
    )


@pytest.mark.parametrize(
    "args", [("emulate",), ("bench", "device", "--emulated"), ("bench", "ai", "--emulated")]
)
def test_the_emulated_commands_say_what_they_miss(args):
    done = run_cli(*args)
    assert done.returncode == 1, done.stdout + done.stderr
    assert "Traceback" not in done.stderr
    assert emulated.IMAGE_ENV in done.stderr and emulated.BOOTROM_ENV in done.stderr


VIPER_SAMPLE = """
from sixtysix_app import st7789
from time import ticks_us, ticks_diff
fast = st7789.viper_expander()
lut = bytearray(32)
st7789.fill_lut(lut, [0x1234 * i & 0xFFFF for i in range(16)])
src = bytes(range(256)) * 64
a = bytearray(480)
b = bytearray(480)
t = ticks_us()
for row in range(135):
    st7789.expand_gs4_line(a, src, row * 120, lut)
slow_us = ticks_diff(ticks_us(), t)
t = ticks_us()
for row in range(135):
    fast(b, src, row * 120, lut)
fast_us = ticks_diff(ticks_us(), t)
print("viper", fast is not None, a == b, slow_us, fast_us)
"""


@needs_board
def test_the_viper_pixel_loop_is_compiled_on_the_chip_and_draws_a_frame_faster(deployed):
    """The timing sample: one 240x135 frame's worth of lines through both
    builds of the loop, in the chip's own microseconds (cycles, not wall time)."""
    done = subprocess.run(
        [sys.executable, "-m", "mpremote", "connect", deployed.port, "exec", VIPER_SAMPLE],
        capture_output=True,
        text=True,
        timeout=300,
    )
    words = done.stdout.split()
    assert words[:3] == ["viper", "True", "True"], done.stdout + done.stderr
    slow_us, fast_us = int(words[3]), int(words[4])
    print("frame of lines on the chip: bytecode %d us, viper %d us" % (slow_us, fast_us))
    assert fast_us * 4 < slow_us


DEEP_SEARCH = """
from sixtysix.match import Match
from sixtysix.cardtext import game_from_name
from sixtysix.rules import Rules
from sixtysix.solver import Solver
r = Rules(game_from_name('sixty-six'))
h = Match(r, 7).start_hand()
s = Solver(r)
s.load(h)
s.limit = 2000
s.best(h.turn)
print('searched', s.nodes, s.aborted)
"""


@needs_board
def test_a_search_from_the_first_lead_fits_the_chips_c_stack(deployed):
    """All twelve tricks deep, draws included: at five Python frames a trick
    this died on the chip with 'maximum recursion depth exceeded'."""
    done = subprocess.run(
        [sys.executable, "-m", "mpremote", "connect", deployed.port, "exec", DEEP_SEARCH],
        capture_output=True,
        text=True,
        timeout=300,
    )
    here = io.StringIO()
    with contextlib.redirect_stdout(here):
        exec(DEEP_SEARCH, {})  # the same search on CPython: the same nodes
    assert here.getvalue().endswith(" True\n"), here.getvalue()
    assert done.stdout.replace("\r\n", "\n") == here.getvalue(), done.stdout + done.stderr


@needs_board
@pytest.mark.parametrize("what", ["device", "ai"])
def test_frozen_measurement_refuses_an_image_without_the_firmware_frozen_in(what):
    image, bootrom = emulated.find_inputs()
    done = run_cli(
        "bench",
        what,
        "--emulated",
        "--frozen",
        "--board",
        "thumby",
        "--image",
        str(image),
        "--bootrom",
        str(bootrom),
    )
    assert done.returncode == 1, done.stdout + done.stderr
    assert "Traceback" not in done.stderr
    assert "does not carry the firmware frozen in" in done.stderr


@needs_frozen
def test_a_frozen_image_starts_again_after_its_first_save(tmp_path):
    """Frozen (README, section 2c) with only firmware/main.py copied, the
    board saves into the folder `sixtysix`; at the next power-on that
    folder was imported in place of the frozen package, and the board
    printed "put exactly one board module in /boards (found 0)" and drew
    nothing."""
    image = os.environ[FROZEN_ENV]
    flash = tmp_path / "flash.bin"
    with emulated.EmulatedPico(*emulated.find_inputs(image), flash=flash, usb=emulated.repl_is_usb()) as pico:
        mpremote(pico.port, "fs", "cp", MAIN, ":main.py")  # BenchError with mpremote's words if it fails
    pins = emulated.button_pins("pico_display")
    with power_on(flash, image) as pico:
        assert pico.screen() == golden_565("title")
        pico.press(pins["A"])  # New match
        pico.settle()
        dealt = pico.screen()
        pico.press(pins["Y"])
        pico.press(pins["A"])  # a card played: the match is saved
        pico.settle()
    with power_on(flash, image) as pico:
        assert pico.screen() != golden_565("title")  # "Resume match" in place of "New match"
        pico.press(pins["A"])
        pico.settle()
        assert pico.screen() != dealt
