"""`sixtysix bench ai` runs and prints its figures (times are never judged)."""

import re
import subprocess
import sys

import pytest
from sixtysix.rules import GAME_NAMES
from sixtysix_tools import cli
from sixtysix_tools.bench import AI_DRIVER, AI_LEVELS
from sixtysix_tools.bench_common import MATCH_DRIVER


def bench(*args):
    return subprocess.run(
        [sys.executable, "-m", "sixtysix_tools.cli", "bench", *args],
        capture_output=True,
        text=True,
        timeout=600,
    )


def test_bench_ai_prints_every_figure():
    proc = bench("ai", "--matches", "1", "--seed", "2", "--game", "schnapsen")
    out = proc.stdout
    assert proc.returncode == 0, out + proc.stderr
    assert out.startswith("sixtysix bench ai: schnapsen, each level plays itself for 1 match, seed 2"), out
    assert "x the unix port" not in out and "slowdown" not in out, out  # no scaled guesses of device time
    number = r" +[\d.]+ ms"
    for level in AI_LEVELS:
        # The level's own block, up to the next level's or the footer.
        block = re.search(
            r"^%s: 1 match against itself, (\d+) moves, (\d+) of them searched\n((?:  .*\n)+)" % level,
            out,
            re.M,
        )
        assert block, level + " block missing:\n" + out
        moves, searched, body = int(block[1]), int(block[2]), block[3]
        assert moves > 0 and 0 <= searched <= moves
        for runtime in ("CPython", "MicroPython"):
            line = r"^  %s [\d.]+ +per move: median%s, p95%s, max%s; median = \d+, p95 = \d+ baseline loops$"
            assert re.search(line % (runtime, number, number, number), body, re.M), runtime + ":\n" + body
        assert "same moves on both runtimes: yes" in body, body
        nodes = re.search(
            r"nodes per move: mean (\d+) \(\d+ over the moves that searched\), max (\d+);", body
        )
        assert nodes, body
        if level == "easy":
            assert searched == 0 and int(nodes[2]) == 0  # easy never searches
        else:
            assert searched > 0 and int(nodes[2]) > 0
            assert re.search(r"nodes per second of decision time: CPython \d+, MicroPython \d+$", body, re.M)
            assert body.count("moves that searched: median") == 3  # both runtimes and the Pico
    per_node = re.search(
        r"bytes allocated per search node \(.*, (\d+) nodes, collector off\): ([\d.]+)$", out, re.M
    )
    assert per_node and int(per_node[1]) > 0, out
    # The solver keeps its state in preallocated ints, buffers and tables.
    assert float(per_node[2]) == 0
    heaps = re.findall(
        r"smallest heap for a full hard-vs-hard match \(seed 2\), .*: -X heapsize=(\d+)wK$", out, re.M
    )
    assert len(heaps) == 2, out
    assert int(heaps[1]) <= int(heaps[0])  # .mpy needs no compiler on the heap
    live = re.search(
        r"live heap of that match at its peak .*: (\d+) bytes, (\d+) of them before the first deal", out
    )
    assert live, out
    # The match's players, tables and search modules come on top of the core.
    assert int(live[1]) > int(live[2]) > 0
    assert int(live[1]) < int(heaps[1]) * 2048  # within the smallest heap (NwK: N * 2 KiB here)


def test_bench_ai_rejects_bad_arguments_without_a_traceback(capsys):
    for args in (["bench", "ai", "--matches", "0"], ["bench", "ai", "--game", "bridge"]):
        try:
            cli.main(args)
        except SystemExit as e:
            assert e.code == 2
        else:
            raise AssertionError("%s was accepted" % args)
        err = capsys.readouterr().err
        assert "Traceback" not in err and "error:" in err


def test_match_driver_makes_the_same_moves_for_a_seed_on_both_runtimes():
    # The heap figures' driver: the same seed plays the same match again,
    # and the unix port plays it move for move as CPython does.
    from sixtysix_tools.bench import CORE_SOURCE_ENV, require_micropython

    def run(command, game, seed, env=None):
        proc = subprocess.run(
            command + [MATCH_DRIVER, "play", "medium", "1", str(seed), game],
            capture_output=True,
            text=True,
            env=env,
            timeout=300,
        )
        assert proc.returncode == 0 and proc.stdout.endswith("done\n"), proc.stdout + proc.stderr
        return re.search(r"^checksum (\d+)$", proc.stdout, re.M)[1]

    micropython = [require_micropython(), "-X", "heapsize=256wK"]
    for game in GAME_NAMES:
        first = run([sys.executable], game, 5)
        assert run([sys.executable], game, 5) == first
        assert run(micropython, game, 5, CORE_SOURCE_ENV) == first
        assert run([sys.executable], game, 6) != first


BAD_DRIVER_ARGS = [
    ("match", ["live", "hard"]),
    ("match", ["play", "hard", "1x", "1", "sixty-six"]),
    ("match", ["play", "hard", "1", "-1", "sixty-six"]),
    ("match", ["play", "hardest", "1", "1", "sixty-six"]),
    ("ai", ["speed", "hard"]),
    ("ai", ["speed", "hard", "", "1", "schnapsen"]),
    ("ai", ["positions", "Hard", "1", "1", "schnapsen"]),
    ("seats", ["hard", "10", "1", "bridge"]),
    ("seats", ["hard", "ten", "1", "three-hand"]),
    ("seats", ["classic", "10", "1", "three-hand"]),
    ("core", ["play", "3"]),
    ("core", ["play", "3", "1.5"]),
]


@pytest.mark.parametrize("driver,args", BAD_DRIVER_ARGS)
def test_bench_drivers_answer_bad_arguments_with_their_usage(driver, args):
    # bench.py always passes good ones; a person running a driver by hand
    # gets the usage line, not a traceback.
    from sixtysix_tools.bench_common import DRIVER, SEATS_DRIVER

    path = {"match": MATCH_DRIVER, "ai": AI_DRIVER, "seats": SEATS_DRIVER, "core": DRIVER}[driver]
    proc = subprocess.run([sys.executable, path] + args, capture_output=True, text=True, timeout=60)
    assert proc.returncode == 2 and proc.stdout.startswith("usage:"), proc.stdout + proc.stderr
    assert "Traceback" not in proc.stderr


def test_match_driver_usage_and_a_heap_too_small():
    from sixtysix_tools import bench_match_mpy
    from sixtysix_tools.bench import CORE_SOURCE_ENV, require_micropython

    assert bench_match_mpy.GAMES == GAME_NAMES  # its own copy, so that the core loads in its try
    for level, count in (("hardest", "1"), ("hard", "x")):  # checked on MicroPython too
        proc = subprocess.run(
            [require_micropython(), MATCH_DRIVER, "play", level, count, "1", "sixty-six"],
            capture_output=True,
            text=True,
            env=CORE_SOURCE_ENV,
            timeout=60,
        )
        assert proc.returncode == 2 and proc.stdout.startswith("usage:"), proc.stdout + proc.stderr

    proc = subprocess.run(
        [require_micropython(), "-X", "heapsize=8wK", MATCH_DRIVER, "play", "hard", "1", "1", "sixty-six"],
        capture_output=True,
        text=True,
        env=CORE_SOURCE_ENV,
        timeout=60,
    )
    assert proc.returncode == 3 and proc.stdout.rstrip().endswith("memory-error"), proc.stdout + proc.stderr


def test_ai_driver_times_random_positions_the_same_on_both_runtimes():
    # `bench ai --positions N`: N positions reached by random play, each
    # decided once by the level; the hard level searches in some of them
    # and never past its budget.
    from sixtysix.ai import LEVELS
    from sixtysix_tools.bench import CORE_SOURCE_ENV, require_micropython

    micropython = require_micropython()
    figures = []
    for command, env in (([sys.executable], None), ([micropython, "-X", "heapsize=128wK"], CORE_SOURCE_ENV)):
        proc = subprocess.run(
            command + [AI_DRIVER, "positions", "hard", "40", "3", "schnapsen"],
            capture_output=True,
            text=True,
            env=env,
            timeout=300,
        )
        assert proc.returncode == 0 and proc.stdout.endswith("done\n"), proc.stdout + proc.stderr
        figures.append(dict(line.split(" ", 1) for line in proc.stdout.splitlines() if " " in line))
    assert figures[0]["checksum"] == figures[1]["checksum"]
    got = figures[0]
    assert int(got["moves"]) == 40 and 0 < int(got["searched"]) < 40, got
    assert 0 < int(got["max_nodes"]) <= LEVELS["hard"].max_nodes


def test_seats_driver_makes_the_same_moves_on_both_runtimes():
    # bench ai --emulated runs this driver on the chip; here it runs on
    # CPython and the MicroPython unix port, which must agree move for move.
    from sixtysix_tools.bench import CORE_SOURCE_ENV, SEAT_GAMES, SEATS_DRIVER, require_micropython

    micropython = require_micropython()
    assert SEAT_GAMES == (
        "three-hand",
        "four-hand",
        "sixty-five",
        "bid-two",
        "bid-three",
    )  # from the registry
    for game in SEAT_GAMES:
        figures = []
        for command, env in (
            ([sys.executable], None),
            ([micropython, "-X", "heapsize=256wK"], CORE_SOURCE_ENV),
        ):
            proc = subprocess.run(
                command + [SEATS_DRIVER, "medium", "30", "4", game],
                capture_output=True,
                text=True,
                env=env,
                timeout=300,
            )
            assert proc.returncode == 0 and proc.stdout.endswith("done\n"), proc.stdout + proc.stderr
            figures.append(dict(line.split(" ", 1) for line in proc.stdout.splitlines() if " " in line))
        assert figures[0]["checksum"] == figures[1]["checksum"], game
        assert int(figures[0]["moves"]) >= 30 and int(figures[0]["searched"]) > 0, figures[0]
        assert int(figures[0]["max_nodes"]) > 0


def test_bench_ai_times_the_games_for_four_on_the_host_with_chip_estimates():
    from sixtysix_tools.bench import NODES_PER_DEVICE_MS, SEAT_DECISIONS

    proc = bench("ai", "--game", "four-hand", "--seed", "3")
    out = proc.stdout
    assert proc.returncode == 0, out + proc.stderr
    assert out.startswith(
        "sixtysix bench ai: four-hand, each level in every seat for %d decisions" % SEAT_DECISIONS
    )
    rate = NODES_PER_DEVICE_MS["four-hand"]
    for level in AI_LEVELS:
        block = re.search(r"^%s: \d+ decisions, every seat at the level, (\d+) moves" % level, out, re.M)
        assert block and int(block[1]) >= SEAT_DECISIONS, level + ":\n" + out
    estimates = re.findall(
        r"nodes per decision: p50 (\d+), p95 (\d+), max (\d+); estimated RP2040 time \(([\d.]+) nodes/ms\): "
        r"(\d+) ms, (\d+) ms, (\d+) ms$",
        out,
        re.M,
    )
    assert len(estimates) == len(AI_LEVELS), out
    for p50, p95, most, shown_rate, *ms in estimates:
        assert float(shown_rate) == rate
        assert int(p50) <= int(p95) <= int(most) > 0
        assert [int(m) for m in ms] == [round(int(n) / rate) for n in (p50, p95, most)]
    assert "same moves on both runtimes: yes" in out
    heaps = re.search(
        r"^MicroPython smallest heap, every seat at the level for %d decisions, firmware as \.mpy: "
        r"easy (\d+)wK, medium (\d+)wK, hard (\d+)wK$" % SEAT_DECISIONS,
        out,
        re.M,
    )
    assert heaps and all(32 <= int(n) <= 1024 for n in heaps.groups()), out


def test_bench_ai_all_games_needs_the_emulated_pico():
    proc = bench("ai", "--game", "all")
    assert proc.returncode != 0
    assert "Traceback" not in proc.stderr and "--emulated" in proc.stdout + proc.stderr


def test_bench_ai_says_the_chip_time_of_a_game_is_not_measured_rather_than_guess():
    from sixtysix_tools.bench import NODES_PER_DEVICE_MS, device_line

    figures = {"nodes_p50": "57", "nodes_p95": "495", "max_nodes": "498"}
    assert "a-new-game" not in NODES_PER_DEVICE_MS
    assert device_line(figures, "a-new-game").endswith("RP2040 time not measured for a-new-game")
    assert "estimated RP2040 time (1.1 nodes/ms): 52 ms, 450 ms, 453 ms" in device_line(figures, "four-hand")


def test_the_smallest_heap_of_a_match_is_found_with_the_solver_it_has_with_room(monkeypatch):
    """Where the viper search does not fit, ai falls back on the plain
    solver, which plays the same moves in less heap: a size where that
    happened does not count as the match's heap."""
    from sixtysix_tools import bench as bench_module

    def drive(command, args, cwd=None, env=None):
        kw = int(command[2].split("=")[1][:-2])
        if kw < 50:
            return None  # out of memory
        return {"done": "", "solver": "ViperSolver" if kw >= 70 else "Solver"}

    monkeypatch.setattr(bench_module, "drive", drive)
    tail = ["-m", "bench_ai_mpy"]
    assert bench_module.smallest_heap("micropython", tail, []) == 50
    assert bench_module.smallest_heap("micropython", tail, [], same=("solver",)) == 70


def test_the_smallest_heap_is_the_smallest_size_that_fits_to_the_kilo_word(monkeypatch):
    """The heap figures are the smallest N of -X heapsize=NwK that runs to
    the end: for every threshold, exactly it, whether 64 fits or not."""
    from sixtysix_tools import bench as bench_module

    def needing(need):
        def drive(command, args, cwd=None, env=None):
            return {"done": ""} if int(command[2].split("=")[1][:-2]) >= need else None

        return drive

    for need in list(range(1, 140)) + [511, 512, 513, 4096]:
        monkeypatch.setattr(bench_module, "drive", needing(need))
        assert bench_module.smallest_heap("micropython", ["-m", "bench_ai_mpy"], []) == need
