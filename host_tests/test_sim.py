"""`sixtysix sim` from the command line: scripted presses, screenshots,
usage errors, determinism, and the terminal picture."""

import importlib
import os
import subprocess
import sys

import pytest
from sixtysix_app.events import NEXT, OK
from sixtysix_tools.cli import main
from sixtysix_tools.hostcanvas import HostCanvas
from sixtysix_tools.png import read_png
from sixtysix_tools.simview import render_terminal

from boards import BOARDS


def board_module(name: str):
    return importlib.import_module("boards." + name)


def button_name(board, event: int) -> str:
    """The name of a button whose short press gives `event`."""
    for name, (short, _long) in zip(board.BUTTONS, board.KEYMAP, strict=True):
        if short == event:
            return name
    raise AssertionError("no short press for event %d on %s" % (event, board.NAME))


def sim(tmp_path, *args) -> int:
    return main(["sim", "--save-dir", str(tmp_path / "save"), *args])


def shots(folder) -> list:
    return sorted(os.listdir(folder))


@pytest.mark.parametrize("board_name", BOARDS)
def test_a_screenshot_after_every_press_at_the_board_size(tmp_path, board_name):
    board = board_module(board_name)
    ok = button_name(board, OK)
    nxt = button_name(board, NEXT)
    script = "%s %s*2 %s:long" % (ok, nxt.lower(), ok)  # New match, two cursor moves, a long OK
    out = tmp_path / "shots"
    args = ["--board", board_name, "--seed", "3", "--keys", script, "--screenshot", str(out)]
    assert sim(tmp_path, *args) == 0
    names = shots(out)
    assert names == ["%03d.png" % n for n in range(5)]
    pictures = []
    for name in names:
        width, height, rows = read_png(str(out / name))
        assert (width, height) == (board.WIDTH, board.HEIGHT)
        assert len(rows) == height
        pictures.append(rows)
    assert len({rgb for row in pictures[0] for rgb in row}) > 1  # the title is up before any press
    assert pictures[0] != pictures[1]  # the title, then the table


@pytest.mark.parametrize(
    "name, keys",
    [
        ("pico_display", ["a", "b", "x", "y"]),
        ("oled_128x64", ["left", "right", "return", "backspace", "h"]),
        ("t_display", ["1", "2"]),  # buttons named after pins: their number
        ("pybadge", ["b", "a", "return", "s", "right", "down", "up", "left"]),
    ],
)
def test_each_button_has_the_keyboard_key_the_help_line_names(name, keys):
    from sixtysix_tools.sim import key_names

    assert key_names(board_module(name)) == keys


def test_a_key_script_reads_commas_repeats_and_long_presses(tmp_path):
    from sixtysix_tools.sim import LONG_MS, TAP_MS, Sim, load_board
    from sixtysix_tools.sim_command import parse_keys

    sim = Sim(load_board("pico_display"), str(tmp_path), 3)
    presses = parse_keys(sim, "a,B:long  y*3")
    assert presses == [(0, TAP_MS), (1, LONG_MS), (3, TAP_MS), (3, TAP_MS), (3, TAP_MS)]


def test_a_long_press_holds_the_button_down_long_enough_to_be_one(tmp_path):
    """The Pico Display's B at the table: held for a long press it asks
    for a hint, tapped it opens the menu of actions (the README's keys)."""
    from sixtysix_tools.sim import LONG_MS, TAP_MS, Sim, load_board

    shown = {}
    for ms in (LONG_MS, TAP_MS):
        sim = Sim(load_board("pico_display"), str(tmp_path / str(ms)), 3)
        sim.app.session.settings.hints = True
        sim.settle()
        sim.hold(0, TAP_MS)  # A: New match, the table
        assert sim.app.popup is None
        sim.hold(1, ms)
        shown[ms] = (type(sim.app.screen).__name__, sim.app.popup)
    screen, hint = shown[LONG_MS]
    assert screen == "Table" and hint[0].split()[0] in (
        "Play",
        "Lead",
        "Declare",
        "Exchange",
        "Close",
        "Claim",
    )
    assert shown[TAP_MS] == ("Menu", None)


def test_the_boards_own_files_go_where_xdg_says(monkeypatch, tmp_path):
    from sixtysix_tools.sim_command import default_save_dir

    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    assert default_save_dir("thumby") == str(tmp_path / "data" / "sixtysix" / "sim" / "thumby")
    monkeypatch.delenv("XDG_DATA_HOME")
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    assert default_save_dir("thumby") == str(
        tmp_path / "home" / ".local" / "share" / "sixtysix" / "sim" / "thumby"
    )


def test_the_same_script_gives_the_same_pictures(tmp_path):
    script = "A A Y A Y Y A B A"
    runs = []
    for run in ("one", "two", "other seed"):
        folder = tmp_path / run
        seed = "17" if run != "other seed" else "18"
        args = ["--board", "pico_display", "--seed", seed, "--keys", script, "--screenshot", str(folder)]
        assert main(["sim", "--save-dir", str(tmp_path / ("save " + run)), *args]) == 0
        runs.append([(folder / name).read_bytes() for name in shots(folder)])
    assert len(runs[0]) == len(script.split()) + 1
    assert runs[0] == runs[1]
    assert runs[0][0] == runs[2][0]  # the same title menu
    assert runs[0][1:] != runs[2][1:]  # another deal


@pytest.mark.parametrize(
    "args,words",
    [
        (["--board", "gameboy", "--keys", "A"], "unknown board 'gameboy'"),
        (["--board", "pico_display", "--keys", "A Z"], "no button 'Z'"),
        (["--board", "thumby", "--keys", "A*0"], "bad repeat"),
        (["--board", "thumby", "--keys", "A*many"], "bad repeat"),
        (["--board", "thumby", "--keys", "A:short"], "':long'"),
        (["--board", "pico_display", "--screenshot", "shots"], "--screenshot needs --keys"),
        (["--board", "pico_display", "--keys", " , "], "--keys has no presses"),
        (["--board", "pico_display", "--keys", "", "--screenshot", "shots"], "--keys has no presses"),
        (["--board", "thumby", "--tour", "shots", "--keys", "A"], "no --save-dir or --keys"),
    ],
)
def test_usage_errors_exit_2_with_one_line(tmp_path, capsys, args, words):
    assert sim(tmp_path, *args) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err.startswith("sixtysix sim: ")
    assert err.endswith("\n") and err.count("\n") == 1
    assert words in err
    assert not (tmp_path / "shots").exists()


def test_usage_error_from_the_command_has_no_traceback(tmp_path):
    done = subprocess.run(
        [sys.executable, "-m", "sixtysix_tools.cli", "sim", "--board", "thumby", "--keys", "LEFT UP*x"]
        + ["--save-dir", str(tmp_path)],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 2
    assert done.stdout == ""
    assert "Traceback" not in done.stderr
    assert done.stderr.strip().splitlines() == [done.stderr.strip()]
    assert "bad repeat" in done.stderr


@pytest.mark.parametrize(
    "width,height,cols,rows,factor",
    [
        (240, 135, 80, 24, 3),  # 80 cells wide, 45 pixel rows in 23 lines
        (240, 135, 300, 100, 1),
        (72, 40, 80, 24, 1),
        (72, 40, 30, 10, 3),
        (128, 64, 64, 15, 3),  # 64 wide would do at 2, but its 32 pixel rows need 16 lines
        (72, 41, 80, 20, 2),  # an odd pixel row still takes a line: 41 rows are 21 lines
    ],
)
def test_terminal_picture_fits_the_terminal(width, height, cols, rows, factor):
    c = HostCanvas(width, height, mono=width < 100)
    c.fill(1)
    lines = render_terminal(c, cols, rows).split("\n")
    pixel_rows = height // factor
    assert len(lines) == (pixel_rows + 1) // 2
    assert len(lines) <= rows
    for line in lines:
        assert line.count("\u2580") == width // factor
        assert width // factor <= cols
        assert line.endswith("\x1b[0m")


def test_a_terminal_cell_shows_two_pixel_rows_top_over_bottom():
    from sixtysix_app.canvas import BG, PALETTE, WARN

    c = HostCanvas(8, 4)
    c.fill(BG)
    c.fill_rect(0, 1, 8, 1, WARN)  # the second pixel row
    top, bottom = PALETTE[BG], PALETTE[WARN]
    first = render_terminal(c, 80, 24).split("\n")[0]
    assert first.startswith(
        "\x1b[38;2;%d;%d;%dm\x1b[48;2;%d;%d;%dm\u2580"
        % (top >> 16, (top >> 8) & 255, top & 255, bottom >> 16, (bottom >> 8) & 255, bottom & 255)
    )


def test_a_tour_is_the_same_every_time_and_leaves_saves_alone(tmp_path, monkeypatch):
    """`--tour` photographs a fresh board: run twice with the same seed it
    gives the golden pictures both times (an earlier version replayed on a
    save folder left over from the last tour and drifted), and it neither
    reads nor writes the player's own saves.  A game's tour names its
    files after the game, so it can share a folder with the others."""
    data = tmp_path / "data"
    monkeypatch.setenv("XDG_DATA_HOME", str(data))
    golden = os.path.join(os.path.dirname(__file__), "golden", "thumby")
    for run in ("first", "second"):
        folder = tmp_path / run
        argv = ["sim", "--board", "thumby", "--seed", "3", "--game", "four-hand", "--tour", str(folder)]
        assert main(argv) == 0
        for name in ("table", "bidding", "trick", "hand-result", "match-over"):
            assert read_png(str(folder / ("four-hand-%s.png" % name))) == read_png(
                os.path.join(golden, "four-hand-%s.png" % name)
            ), (run, name)
    assert not data.exists()


def test_game_option_sets_the_next_match_and_is_kept(tmp_path):
    """`--game` outside a tour chooses the game as the settings screen
    would: the next new match deals it and the board keeps the choice."""
    from sixtysix_app.settings import GAMES
    from sixtysix_tools.sim import Sim, load_board

    board = board_module("pico_display")
    ok = button_name(board, OK)
    assert (
        sim(tmp_path, "--game", "four-hand", "--seed", "3", "--keys", ok, "--screenshot", str(tmp_path / "s"))
        == 0
    )
    again = Sim(load_board("pico_display"), str(tmp_path / "save"), 3)
    assert again.app.session.settings.game == GAMES.index("four-hand")
    again.hold(list(board.BUTTONS).index(ok), 80)  # New match
    assert getattr(again.app.session.match, "name", "") == "four-hand"


def test_an_unknown_game_is_a_usage_error(tmp_path, capsys):
    assert sim(tmp_path, "--game", "bridge", "--keys", "A", "--screenshot", str(tmp_path / "s")) == 2
    err = capsys.readouterr().err
    assert "unknown game 'bridge'" in err and "four-hand" in err
