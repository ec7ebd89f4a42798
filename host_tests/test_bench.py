"""`sixtysix bench core` runs and prints its figures (times are never judged)."""

import re
import subprocess
import sys

import pytest
from sixtysix_tools import cli


def bench(*args):
    return subprocess.run(
        [sys.executable, "-m", "sixtysix_tools.cli", "bench", *args],
        capture_output=True,
        text=True,
        timeout=300,
    )


def test_bench_core_prints_every_figure():
    proc = bench("core", "--hands", "20", "--seed", "3")
    out = proc.stdout
    assert proc.returncode == 0, out + proc.stderr
    assert re.search(r"^CPython .* hands/s .* one hand = +\d+ baseline loops", out, re.M), out
    assert re.search(r"^MicroPython .* hands/s .* one hand = +\d+ baseline loops", out, re.M), out
    assert "same hands on both runtimes: yes" in out
    heaps = re.findall(r"smallest heap for 20 hands, .*: -X heapsize=(\d+)wK", out)
    assert len(heaps) == 2, out
    assert int(heaps[1]) <= int(heaps[0])  # .mpy needs no compiler on the heap
    per_hand = re.search(r"bytes allocated per hand .*: ([\d.]+) average, (\d+) at most", out)
    assert per_hand, out
    # Dealing refills preallocated buffers and play allocates nothing, so a
    # whole hand, deal included, costs 0 bytes.
    assert float(per_hand[1]) == 0 and int(per_hand[2]) == 0


def test_bench_rejects_bad_numbers_without_a_traceback(capsys):
    for args in (["bench", "core", "--hands", "0"], ["bench", "core", "--hands", "many"], ["bench", "speed"]):
        try:
            cli.main(args)
        except SystemExit as e:
            assert e.code == 2
        else:
            raise AssertionError("%s was accepted" % args)
        err = capsys.readouterr().err
        assert "Traceback" not in err and "error:" in err


@pytest.mark.parametrize(
    "args, says",
    [
        (["--seed", "-5"], "--seed: takes a number from 0 to 999999999, not '-5'"),
        (["--seed", "9" * 30], "--seed: takes a number from 0 to 999999999, not '%s...'" % ("9" * 24)),
        (["--seed", "\u0663"], "--seed: takes a number from 0 to 999999999, not '\u0663'"),
        (["--hands", "\u0663"], "--hands: takes a number from 1 to 999999999, not '\u0663'"),
        (["--matches", "1000000000"], "--matches: takes a number from 1 to 999999999, not '1000000000'"),
    ],
)
def test_bench_numbers_are_ascii_digits_in_range(monkeypatch, capsys, args, says):
    # A negative seed once reached the MicroPython driver, which answered
    # with its own usage line; a 20-digit one ran as a bignum; int() reads
    # Arabic-Indic digits as numbers.
    from sixtysix_tools import bench

    def refuse(*_):
        raise AssertionError("bench ai ran with %s" % args)

    monkeypatch.setattr(bench, "bench_ai", refuse)
    with pytest.raises(SystemExit) as e:
        cli.main(["bench", "ai"] + args)
    assert e.value.code == 2
    err = capsys.readouterr().err
    assert "Traceback" not in err and err.rstrip().endswith(says), err


def test_bench_reads_a_seed_at_either_end_of_its_range():
    from sixtysix_tools import bench

    assert bench.seed_number("0") == 0 and bench.seed_number("999999999") == 999999999
    assert bench.positive("1") == 1


def test_driver_plays_the_same_hands_on_cpython_for_a_seed():
    from sixtysix_tools.bench import DRIVER

    runs = [
        subprocess.run([sys.executable, DRIVER, "play", "30", "7"], capture_output=True, text=True)
        for _ in range(2)
    ]
    assert runs[0].returncode == 0 and "done" in runs[0].stdout
    assert runs[0].stdout == runs[1].stdout


def test_bench_device_replays_the_tour_of_its_own_seed(tmp_path):
    """The presses of a simulator tour only make sense with the seed the
    simulator dealt with: the MicroPython run must be given the same one.
    (It once always used 3, so `sixtysix bench device` with its default
    seed 1 never finished a match and failed at every heap size.)"""
    import os

    from sixtysix_tools import bench_device
    from sixtysix_tools.bench import find_executable, require_micropython
    from sixtysix_tools.bench_common import native_arch
    from sixtysix_tools.sim import Sim, load_board
    from sixtysix_tools.tour import tour

    micropython = require_micropython()
    root = str(tmp_path / "root")
    bench_device.compile_firmware(find_executable("mpy-cross"), root, native_arch(micropython))
    presses = str(tmp_path / "presses.txt")
    with open(presses, "w") as f:
        walked = tour(Sim(load_board("thumby"), str(tmp_path / "sim"), 1))
        f.write(",".join("%d:%d" % p for p in walked.presses))
    work = str(tmp_path / "work")
    os.makedirs(work)
    ok, last = bench_device.attempt(micropython, 512, "thumby", presses, "-", root, work, 1)
    assert ok, last
    assert " winner -1 " not in last and last.endswith("faults 0"), last
    # Another seed deals another match: the same presses end elsewhere
    # (with some seeds they still finish one, so compare the ends).
    _, other = bench_device.attempt(micropython, 512, "thumby", presses, "-", root, work, 3)
    assert other != last, other


def test_bench_device_emulated_plays_every_offered_game_or_the_one_named():
    from sixtysix_app.settings import GAMES, OFFERED
    from sixtysix_tools.bench import device_games
    from sixtysix_tools.bench_common import BenchError

    assert device_games(None) == OFFERED
    assert GAMES.index("bid-three") in device_games(None)
    assert device_games("bid-two") == (GAMES.index("bid-two"),)
    try:
        device_games("skat")
    except BenchError as e:
        assert "skat" in str(e)
    else:
        raise AssertionError("an unknown game was accepted")


def test_bench_core_on_the_emulated_pico_is_refused_before_asking_for_its_files(monkeypatch, capsys):
    # Asking for an image and a bootrom first sent someone to fetch them
    # only to be told that bench core has no --emulated.
    monkeypatch.delenv("SIXTYSIX_PICO_IMAGE", raising=False)
    monkeypatch.delenv("SIXTYSIX_PICO_BOOTROM", raising=False)
    assert cli.main(["bench", "core", "--emulated"]) == 1
    assert capsys.readouterr().err == "sixtysix bench: bench core has no --emulated\n"
