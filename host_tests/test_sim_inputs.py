"""`sixtysix sim` against bad paths, odd digits and special files: one
sentence and status 2, never a traceback and never a hang (issue 12)."""

import os
import subprocess
import sys

import pytest
from sixtysix_tools.cli import main
from sixtysix_tools.png import read_png


def run(capsys, *argv):
    status = main(["sim", *argv])
    out = capsys.readouterr()
    assert "Traceback" not in out.out + out.err
    return status, out.err


@pytest.mark.parametrize(
    "keys, words",
    [
        ("A*²", "bad repeat in 'A*²': give a number from 1 to 1000"),
        ("A*٣", "bad repeat in 'A*٣'"),
        ("A*" + "9" * 5000, "bad repeat in 'A*999999999999'"),
        ("A*0", "bad repeat"),
        ("A:\x1b[2J", "bad press 'A:\\x1b[2J'"),
        ("A " + "Z" * 3000, "no button '%s...'" % ("Z" * 24)),
        ("A:" + "x" * 3000, "bad press 'A:%s...'" % ("x" * 24)),
        ("Z" * 3000 + "*x", "bad repeat in '%s...*x'" % ("Z" * 24)),
        (":long", "a press needs a button before ':long' or '*N'"),
        ("A *3", "a press needs a button before ':long' or '*N'"),
    ],
    ids=[
        "sup2",
        "arabic3",
        "huge",
        "zero",
        "escape",
        "long-name",
        "long-suffix",
        "long-repeated",
        "long-alone",
        "repeat-alone",
    ],
)
def test_repeats_are_ascii_digits(capsys, tmp_path, keys, words):
    status, err = run(capsys, "--save-dir", str(tmp_path), "--keys", keys)
    assert status == 2
    assert words in err and len(err) < 200 and "\x1b" not in err


@pytest.mark.parametrize(
    "option, word", [("--seed", "²"), ("--zoom", "٣"), ("--zoom", "0"), ("--seed", "9" * 5000)]
)
def test_seed_and_zoom_are_ascii_digits(capsys, tmp_path, option, word):
    status, err = run(capsys, "--save-dir", str(tmp_path), "--keys", "A", option, word)
    assert status == 2
    assert err.startswith("sixtysix sim: %s takes a number from" % option) and len(err) < 200


def test_a_tour_refuses_keys_without_a_save_dir_too(capsys, tmp_path):
    status, err = run(capsys, "--board", "thumby", "--tour", str(tmp_path / "t"), "--keys", "A")
    assert status == 2 and "--tour walks a fresh board with its own presses: no --save-dir or --keys" in err
    assert not (tmp_path / "t").exists()


def test_a_tour_of_schnapsen_is_refused_rather_than_photographing_sixty_six(capsys, tmp_path):
    status, err = run(capsys, "--board", "thumby", "--tour", str(tmp_path / "t"), "--game", "schnapsen")
    assert status == 2
    assert (
        "the tour of Sixty-Six stands for Schnapsen too: with --tour, --game takes one of: sixty-six," in err
    )
    assert not (tmp_path / "t").exists()


def test_a_save_dir_that_is_a_file(capsys, tmp_path):
    f = tmp_path / "file"
    f.write_text("x")
    status, err = run(capsys, "--save-dir", str(f), "--keys", "A")
    assert (status, err) == (2, "sixtysix sim: the save folder %s is a file, not a folder\n" % f)
    status, err = run(capsys, "--save-dir", os.devnull, "--keys", "A")
    assert (status, err) == (
        2,
        "sixtysix sim: the save folder %s is a device or a FIFO, not a folder\n" % os.devnull,
    )
    status, err = run(capsys, "--save-dir", str(f / "under"), "--keys", "A")
    assert status == 2 and err.startswith("sixtysix sim: cannot make the save folder %s: " % (f / "under"))


@pytest.mark.parametrize("option", ["--screenshot", "--tour"])
def test_a_picture_folder_that_is_a_file(capsys, tmp_path, option):
    f = tmp_path / "file"
    f.write_text("x")
    argv = [option, str(f)] + (
        ["--keys", "A", "--save-dir", str(tmp_path / "s")] if option == "--screenshot" else []
    )
    status, err = run(capsys, *argv)
    assert (status, err) == (2, "sixtysix sim: the %s folder %s is a file, not a folder\n" % (option, f))


def test_a_save_dir_that_cannot_be_written(capsys, tmp_path):
    folder = tmp_path / "ro"
    folder.mkdir()
    os.chmod(folder, 0o500)
    try:
        if os.access(folder, os.W_OK):
            pytest.skip("running as root: permissions do not stop writing")
        status, err = run(capsys, "--save-dir", str(folder), "--keys", "A")
        assert (status, err) == (2, "sixtysix sim: the save folder %s cannot be written\n" % folder)
    finally:
        os.chmod(folder, 0o700)


def test_a_fifo_in_place_of_the_match_save_is_set_aside_without_waiting(tmp_path):
    """open() on a FIFO waits for a writer that never comes; the board reads
    only regular files, and sets the FIFO aside like a damaged save."""
    save = tmp_path / "save"
    save.mkdir()
    os.mkfifo(save / "match.sav")
    proc = subprocess.run(
        [sys.executable, "-m", "sixtysix_tools.cli", "sim", "--save-dir", str(save), "--keys", "A"],
        capture_output=True,
        text=True,
        timeout=60,
        env={**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)},
    )
    assert (proc.returncode, proc.stderr) == (0, "")
    import stat

    assert stat.S_ISFIFO(os.stat(save / "match.bad").st_mode)  # set aside, not read


def test_keys_without_a_save_dir_start_from_a_fresh_board(capsys, tmp_path, monkeypatch):
    """A script plays the same on every run: it must not resume the match the
    player left in the default save folder, nor leave files there."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    shots = []
    for n in range(2):
        folder = tmp_path / ("shots%d" % n)
        status, err = run(capsys, "--seed", "3", "--keys", "A A A", "--screenshot", str(folder))
        assert (status, err) == (0, "")
        shots.append([read_png(str(folder / name)) for name in sorted(os.listdir(folder))])
    assert shots[0] == shots[1]
    assert not os.path.exists(tmp_path / "data")


@pytest.mark.parametrize("zoom", [3, 16])  # 16: the largest --zoom takes
def test_screenshots_follow_zoom(capsys, tmp_path, zoom):
    folder = tmp_path / "shots"
    status, _ = run(
        capsys,
        "--board",
        "thumby",
        "--seed",
        "3",
        "--keys",
        "A",
        "--screenshot",
        str(folder),
        "--zoom",
        str(zoom),
    )
    assert status == 0
    width, height, _ = read_png(str(folder / "000.png"))
    assert (width, height) == (72 * zoom, 40 * zoom)


def test_a_key_script_that_meets_a_fault_says_so_and_fails(tmp_path, capsys):
    """The firmware's fault screen keeps a device going; a script run of the
    simulator (a test, a bug report) must still end in failure, naming the
    error log, not pass with status 0."""
    from sixtysix_tools.sim import Sim, load_board
    from sixtysix_tools.sim_command import run_script

    sim = Sim(load_board("pico_display"), str(tmp_path), 1)
    assert run_script(sim, "A", None) == 0
    handle = sim.app.handle

    def broken(ev):
        sim.app.handle = handle  # once
        raise RuntimeError("out of luck")

    sim.app.handle = broken
    assert run_script(sim, "A A", None) == 1
    err = capsys.readouterr().err
    assert "the firmware faulted 1 time (the fault screen was shown)" in err
    assert os.path.join(str(tmp_path), "sixtysix.err") in err
    assert "out of luck" in open(os.path.join(str(tmp_path), "sixtysix.err")).read()


def test_a_save_folder_that_is_a_link_to_nowhere_is_named_as_such(capsys, tmp_path):
    loop = tmp_path / "loop"
    os.symlink(loop, loop)
    status, err = run(capsys, "--save-dir", str(loop), "--keys", "A")
    assert status == 2 and "is a link that leads nowhere (broken, or a loop)" in err
    broken = tmp_path / "broken"
    os.symlink(tmp_path / "gone", broken)
    status, err = run(capsys, "--save-dir", str(broken), "--keys", "A")
    assert status == 2 and "is a link that leads nowhere" in err


def test_the_pybadge_without_displayio_says_what_to_install(capsys, tmp_path, monkeypatch):
    """The PyBadge is drawn by CircuitPython's displayio on CPython; where
    those packages are missing the simulator names the install, not a
    ModuleNotFoundError."""
    monkeypatch.setitem(sys.modules, "busdisplay", None)  # import busdisplay now fails
    status, err = run(
        capsys,
        "--board",
        "pybadge",
        "--save-dir",
        str(tmp_path),
        "--keys",
        "A",
        "--screenshot",
        str(tmp_path / "s"),
    )
    assert status == 2
    assert "Adafruit PyBadge is drawn by CircuitPython's displayio" in err
    assert "busdisplay is not installed" in err and "pip install -e '.[sim]'" in err
    assert err.count("\n") == 1


def test_a_fresh_board_that_cannot_save_still_passes_its_script(capsys, monkeypatch):
    """Without --save-dir nothing is kept, so a save the board could not
    make is no failure of the script (with --save-dir it is: test_cli)."""
    from sixtysix_app.save import Store

    def full(self, path, data):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(Store, "write_file", full)
    assert main(["sim", "--board", "thumby", "--keys", "A A A A"]) == 0
    out = capsys.readouterr()
    assert out.out.startswith("the keys were pressed on a fresh board, no fault; nothing is kept:")
    assert out.err == ""


def test_keys_with_pictures_say_nothing_more(capsys, tmp_path):
    assert main(["sim", "--board", "thumby", "--keys", "A", "--screenshot", str(tmp_path / "s")]) == 0
    assert capsys.readouterr() == ("", "")


def test_keys_without_pictures_say_what_was_kept(capsys, tmp_path):
    """A script with no --screenshot writes no picture; the simulator says
    so rather than ending in silence, and says where a kept board is."""
    assert main(["sim", "--keys", "A A"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("the keys were pressed on a fresh board, no fault; nothing is kept:")
    assert main(["sim", "--keys", "A", "--save-dir", str(tmp_path)]) == 0
    assert capsys.readouterr().out == "the keys were pressed; the board's files are in %s\n" % tmp_path
    assert os.listdir(tmp_path)  # the board saved its settings or match there


def test_a_tour_folder_whose_name_is_not_text_is_named_escaped(capsys, tmp_path):
    """The tour's last line quoted its folder as typed: after every picture
    was taken, a byte that is not UTF-8 in the name ended it with a
    UnicodeEncodeError traceback, and an ESC reached the terminal."""
    folder = tmp_path / "t\udcff\x1b[31m"
    status = main(["sim", "--board", "thumby", "--seed", "3", "--tour", str(folder)])
    out, err = capsys.readouterr()
    assert (status, err) == (0, "")
    assert "\x1b" not in out and "screens in %s" % str(tmp_path / "t\\xff\\x1b[31m") in out
    out.encode("utf-8")  # nothing a strict UTF-8 output would refuse
    assert any(name.endswith(".png") for name in os.listdir(folder))
