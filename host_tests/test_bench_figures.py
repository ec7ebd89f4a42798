"""The order statistics and sums behind `sixtysix bench ai`'s published
time figures (p50, p95, max per decision, in microseconds and in search
nodes), checked on small lists against an independent definition of the
percentile, and the lines bench.py prints from a driver's figures.

No clock is judged: the lists are made up, and the one measured figure
(baseline_us) is never compared."""

import importlib
import itertools
import os
import re
import sys

import pytest
from sixtysix_tools import bench, benchtime


def percentile(values, percent):
    """Nearest rank, by its definition: the smallest value of the list with
    at least `percent`% of the values at or below it."""
    n = len(values)
    for v in sorted(set(values)):
        if 100 * sum(1 for x in values if x <= v) >= percent * n:
            return v
    raise AssertionError("unreachable for 0 < percent <= 100")


def lists():
    """Every list of length 1 to 5 over three values (ties galore), and
    some longer ones where the 95th percentile is not the largest."""
    for n in range(1, 6):
        yield from (list(t) for t in itertools.product((0, 3, 7), repeat=n))
    yield list(range(20))  # p95: rank 19 of 20
    yield list(range(21))  # p95: rank 20 of 21
    yield [5] * 19 + [9, 9]
    yield [1] * 18 + [2, 3]
    yield [4, 4, 4, 9] * 10


def test_nearest_rank_is_the_textbook_percentile_on_small_lists():
    for values in lists():
        ordered = sorted(values)
        for percent in range(1, 101):
            assert benchtime.nearest_rank(ordered, percent) == percentile(values, percent), (values, percent)


@pytest.mark.parametrize(
    "values, p50, p95",
    [
        ([8], 8, 8),  # one decision: every percentile is it
        ([8, 2], 2, 8),  # two: the median is the lower, p95 the higher
        ([3, 1, 2], 2, 3),
        (list(range(1, 21)), 10, 19),  # 20: p95 is the 19th, not the slowest
        (list(range(1, 22)), 11, 20),
    ],
)
def test_nearest_rank_on_tiny_samples(values, p50, p95):
    ordered = sorted(values)
    assert (benchtime.nearest_rank(ordered, 50), benchtime.nearest_rank(ordered, 95)) == (p50, p95)


def reported(capsys, call):
    call()
    out = capsys.readouterr().out
    return dict(line.split(" ", 1) for line in out.splitlines() if " " in line)


TIMES = [40, 7, 7, 300, 12, 9, 7, 55, 6, 10, 11, 13, 8, 9, 21, 7, 14, 90, 16, 12, 10]  # 21, unsorted, ties
COUNTS = [0, 0, 5, 900, 0, 33, 33, 0, 120, 0, 7, 0, 0, 64, 250, 0, 1, 2, 0, 33, 0]


@pytest.mark.parametrize("n", [21, 20, 2, 1])
def test_report_decisions_prints_the_order_statistics_of_the_unsorted_lists(capsys, n):
    times, counts = TIMES[:n], COUNTS[:n]
    searched = sum(1 for c in counts if c)
    got = reported(
        capsys,
        lambda: benchtime.report_decisions(list(times), list(counts), searched, sum(counts), max(counts), 77),
    )
    assert got["moves"] == str(n) and got["searched"] == str(searched)
    assert int(got["total_us"]) == sum(times)
    assert int(got["median_us"]) == percentile(times, 50)
    assert int(got["p95_us"]) == percentile(times, 95)
    assert int(got["max_us"]) == max(times)
    assert int(got["nodes"]) == sum(counts) and int(got["max_nodes"]) == max(counts)
    assert int(got["nodes_p50"]) == percentile(counts, 50)
    assert int(got["nodes_p95"]) == percentile(counts, 95)
    assert got["baseline_loops"] == str(benchtime.BASELINE_LOOPS) and got["checksum"] == "77"


def test_the_made_up_lists_tell_the_percentiles_apart():
    """So that the test above can tell p50 from p95 from max, and the
    lower median of an even count from the upper one."""
    assert (percentile(TIMES, 50), percentile(TIMES, 95), max(TIMES)) == (11, 90, 300)
    assert (percentile(COUNTS, 50), percentile(COUNTS, 95), max(COUNTS)) == (1, 250, 900)
    assert sorted(TIMES[:20])[9] != sorted(TIMES[:20])[10]


@pytest.fixture
def ai_driver(monkeypatch):
    """bench_ai_mpy imported as the drivers import each other: plainly,
    from beside benchtime.py."""
    monkeypatch.syspath_prepend(os.path.dirname(benchtime.__file__))
    try:
        yield importlib.import_module("bench_ai_mpy")
    finally:
        sys.modules.pop("bench_ai_mpy", None)
        sys.modules.pop("benchtime", None)


def test_the_ai_driver_reports_the_moves_that_searched_apart(capsys, ai_driver):
    table = ai_driver.Table("hard", 1, None)
    table.timed = True
    for spent, nodes in zip(TIMES, COUNTS):
        table.note(spent, 3, nodes)
    got = reported(capsys, lambda: ai_driver.report(table))
    searches = [t for t, c in zip(TIMES, COUNTS) if c]
    assert int(got["search_median_us"]) == percentile(searches, 50) == 11
    assert int(got["search_p95_us"]) == percentile(searches, 95) == 300
    assert int(got["median_us"]) == percentile(TIMES, 50)
    assert got["searched"] == str(len(searches)) and got["moves"] == str(len(TIMES))
    assert int(got["nodes"]) == sum(COUNTS) and int(got["max_nodes"]) == max(COUNTS)
    assert int(got["nodes_p95"]) == percentile(COUNTS, 95)


def test_the_ai_driver_reports_no_search_times_when_nothing_searched(capsys, ai_driver):
    table = ai_driver.Table("easy", 1, None)
    table.timed = True
    for spent in (5, 1, 3):
        table.note(spent, 2, 0)
    got = reported(capsys, lambda: ai_driver.report(table))
    assert "search_median_us" not in got and got["searched"] == "0" and got["max_nodes"] == "0"
    assert (got["median_us"], got["p95_us"], got["max_us"]) == ("3", "5", "5")


FIGURES = {
    "moves": "40",
    "searched": "30",
    "total_us": "200000",
    "median_us": "1500",
    "p95_us": "25000",
    "max_us": "40000",
    "search_median_us": "2000",
    "search_p95_us": "30000",
    "nodes": "9000",
    "max_nodes": "1800",
    "nodes_p50": "170",
    "nodes_p95": "1500",
    "baseline_loops": "200000",
    "baseline_us": "1000",
    "checksum": "5",
}


def test_move_lines_prints_median_p95_and_max_in_ms_and_in_baseline_loops(capsys):
    bench.move_lines("CPython 3.12", FIGURES)
    assert capsys.readouterr().out == (
        "  CPython 3.12        per move: median     1.50 ms, p95    25.00 ms, max    40.00 ms;"
        " median = 300000, p95 = 5000000 baseline loops\n"
        "                      moves that searched: median     2.00 ms, p95    30.00 ms\n"
    )


def test_device_line_keeps_p50_p95_and_max_apart():
    figures = {"nodes_p50": "173", "nodes_p95": "1511", "max_nodes": "1800"}
    assert bench.device_line(figures, "sixty-six") == (
        "  nodes per decision: p50 173, p95 1511, max 1800;"
        " estimated RP2040 time (17.3 nodes/ms): 10 ms, 87 ms, 104 ms"
    )


def test_bench_level_prints_each_runtime_its_own_figures(capsys, monkeypatch):
    mpy = dict(FIGURES, total_us="1000000", median_us="9000", p95_us="150000", max_us="240000")
    mpy.update(search_median_us="12000", search_p95_us="180000", baseline_us="8000")

    def drive(command, args, cwd=None, env=None):
        assert args == ["speed", "medium", 2, 4, "sixty-six"]
        return dict(FIGURES) if command[0] == sys.executable else dict(mpy)

    monkeypatch.setattr(bench, "drive", drive)
    bench.bench_level("micropython", "MicroPython 1.2", "medium", 2, 4, "sixty-six")
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "medium: 2 matches against itself, 40 moves, 30 of them searched"
    assert lines[1].startswith("  CPython %d.%d" % sys.version_info[:2])
    assert "median     1.50 ms, p95    25.00 ms, max    40.00 ms; median = 300000, p95 = 5000000" in lines[1]
    assert lines[3] == (
        "  MicroPython 1.2     per move: median     9.00 ms, p95   150.00 ms, max   240.00 ms;"
        " median = 225000, p95 = 3750000 baseline loops"
    )
    assert lines[5:] == [
        "  MicroPython time / CPython time, all moves: 5.00",
        "  search nodes per second of decision time: CPython 45000, MicroPython 9000",
        "  nodes per move: mean 225 (300 over the moves that searched), max 1800;"
        " same moves on both runtimes: yes",
        "  MicroPython 1.2, moves that searched: median    12.00 ms, p95   180.00 ms",
        "  nodes per decision: p50 170, p95 1500, max 1800; estimated RP2040 time (17.3 nodes/ms):"
        " 10 ms, 87 ms, 104 ms",
    ]


def test_report_decisions_tells_neighbouring_percentiles_apart_in_a_hundred_decisions(capsys):
    """With 100 distinct values every percentile is its own value, so the
    median cannot be the 49th or 51st and p95 not the 94th or 96th."""
    times = [(37 * i) % 101 for i in range(1, 101)]  # 1 to 100, shuffled
    counts = [(53 * i) % 101 * 10 for i in range(1, 101)]
    got = reported(
        capsys,
        lambda: benchtime.report_decisions(list(times), list(counts), 100, sum(counts), max(counts), 1),
    )
    assert (int(got["median_us"]), int(got["p95_us"]), int(got["max_us"])) == (50, 95, 100)
    assert (int(got["nodes_p50"]), int(got["nodes_p95"])) == (500, 950)
    assert int(got["total_us"]) == sum(times) == 5050


def test_the_clock_counts_microseconds_forward(monkeypatch):
    """On CPython now_us is perf_counter_ns in whole microseconds, and an
    elapsed time is now minus then, never negative."""
    if benchtime._ticks_us is not None:
        pytest.skip("MicroPython's own ticks")
    clock = {"ns": 5_000_999}

    class Time:
        @staticmethod
        def perf_counter_ns():
            return clock["ns"]

    monkeypatch.setattr(benchtime, "time", Time)
    start = benchtime.now_us()
    assert start == 5000
    clock["ns"] += 2_500_000
    assert benchtime.elapsed_us(start) == 2500


def test_a_mode_ends_with_done_or_with_memory_error_and_status_3(capsys):
    assert benchtime.run_mode(lambda a, b: print("sum", a + b), 2, 3) == 0
    assert capsys.readouterr().out == "sum 5\ndone\n"

    def greedy():
        raise MemoryError

    assert benchtime.run_mode(greedy) == 3
    assert capsys.readouterr().out == "memory-error\n"


def test_speed_line_is_hands_a_second_and_a_hand_in_baseline_loops():
    """1,000 hands in 2 s are 500 a second; 200,000 loops in 20 ms are 0.1
    us a loop (10 M loops/s), so a hand of 2,000 us is 20,000 loops."""
    figures = {"hand_us": "2000000", "baseline_us": "20000", "baseline_loops": "200000"}
    assert bench.speed_line("CPython 3.11", figures, 1000) == (
        "CPython 3.11           500 hands/s   one hand =   20000 baseline loops (10.0 M loops/s)"
    )


def _bench_core_output(capsys, monkeypatch, cpy, mpy):
    """bench core's lines from made-up driver figures (no driver is run)."""
    base = {"baseline_us": "20000", "baseline_loops": "200000", "done": ""}

    def drive(command, args, cwd=None, env=None):
        if args[0] == "alloc":
            return {"alloc_bytes": "500", "alloc_max_hand": "7", "done": ""}
        return dict(base, **(cpy if command[0] == sys.executable else mpy))

    monkeypatch.setattr(bench, "drive", drive)
    monkeypatch.setattr(bench, "require_micropython", lambda: "micropython")
    monkeypatch.setattr(bench, "micropython_version", lambda _: "1.2.3")
    monkeypatch.setattr(bench, "smallest_heap", lambda *a, **k: 40)
    monkeypatch.setattr(bench, "find_executable", lambda _: None)
    bench.bench_core(100, 1)
    return capsys.readouterr().out


def test_bench_core_gives_micropythons_speed_as_a_share_of_cpythons(capsys, monkeypatch):
    """BENCHMARKS.md: MicroPython's 3,197 hands/s are '0.61 of CPython''s
    5,245: its speed over CPython's, the inverse of their times; the bytes
    allocated are per hand; the checksums say whether the hands were the
    same."""
    out = _bench_core_output(
        capsys, monkeypatch, {"hand_us": "100000", "checksum": "9"}, {"hand_us": "400000", "checksum": "9"}
    )
    assert "MicroPython speed / CPython speed: 0.25\n" in out
    assert "same hands on both runtimes: yes\n" in out
    assert "(deal included, collector off): 5.0 average, 7 at most\n" in out
    assert re.search(r"^MicroPython 1\.2\.3 +250 hands/s ", out, re.M), out
    out = _bench_core_output(
        capsys, monkeypatch, {"hand_us": "100000", "checksum": "9"}, {"hand_us": "50000", "checksum": "8"}
    )
    assert "MicroPython speed / CPython speed: 2.00\n" in out
    assert "same hands on both runtimes: NO (checksums 9, 8)\n" in out


def test_bench_level_says_when_the_runtimes_made_different_moves(capsys, monkeypatch):
    monkeypatch.setattr(
        bench,
        "drive",
        lambda command, args, **_: dict(FIGURES, checksum="5" if command[0] == sys.executable else "6"),
    )
    bench.bench_level("micropython", "MicroPython 1.2", "hard", 1, 4, "schnapsen")
    out = capsys.readouterr().out
    assert "same moves on both runtimes: NO (checksums 5, 6)\n" in out
    assert "estimated RP2040 time (%.1f nodes/ms)" % bench.NODES_PER_DEVICE_MS["schnapsen"] in out


def test_the_baseline_is_its_printed_loops_timed_by_the_bench_clock(capsys, monkeypatch):
    """A move in baseline loops divides by baseline_us / baseline_loops, so
    the time printed must be of exactly the loops printed, on the clock the
    decisions were timed with (here a fake one, 7 us a reading)."""
    rounds = []
    readings = iter(range(0, 7000, 7))
    monkeypatch.setattr(benchtime, "baseline", rounds.append)
    monkeypatch.setattr(benchtime, "now_us", lambda: next(readings))
    monkeypatch.setattr(benchtime, "elapsed_us", lambda start: benchtime.now_us() - start)
    got = reported(capsys, lambda: benchtime.report_decisions([3], [0], 0, 0, 0, 1))
    assert rounds == [benchtime.BASELINE_LOOPS] and got["baseline_loops"] == str(benchtime.BASELINE_LOOPS)
    assert got["baseline_us"] == "7"


def test_the_ai_driver_reports_p95_of_the_searches_not_the_slowest(capsys, ai_driver):
    table = ai_driver.Table("hard", 1, None)
    table.timed = True
    for i in range(1, 101):
        table.note((37 * i) % 101, 3, 5)  # 100 searches of 1 to 100 us
    got = reported(capsys, lambda: ai_driver.report(table))
    assert (got["search_median_us"], got["search_p95_us"], got["max_us"]) == ("50", "95", "100")


def test_no_chip_estimate_uses_a_rate_faster_than_the_chip_was_measured_at():
    """bench.py keeps the slowest rate measured for each game, so that an
    estimate never flatters the chip: each rate is at most every nodes/ms
    of that game's searching levels in BENCHMARKS.md's table of the
    emulated Pico (firmware deployed, not frozen), over random positions
    in the games for two and in self-play in the others, as bench.py says
    it measures them.  Every game measured there has its rate, and the
    estimate is made at it."""
    from sixtysix.rules import GAME_NAMES

    path = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "docs", "BENCHMARKS.md")
    with open(path, encoding="utf-8") as f:
        text = f.read()
    measured: dict = {}
    for line in text.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        how = "random positions" if cells[0] in GAME_NAMES else "self-play"
        if len(cells) == 9 and cells[0] in GAME_NAMES + bench.SEAT_GAMES and cells[1] == how:
            if cells[8] != "-":
                measured.setdefault(cells[0], []).append(float(cells[8]))
    assert set(measured) == set(bench.NODES_PER_DEVICE_MS)
    figures = {"nodes_p50": "10", "nodes_p95": "20", "max_nodes": "30"}
    for game, rates in measured.items():
        assert bench.NODES_PER_DEVICE_MS[game] <= min(rates), (game, rates)
        rate = "estimated RP2040 time (%.1f nodes/ms)" % bench.NODES_PER_DEVICE_MS[game]
        assert rate in bench.device_line(figures, game)


def test_every_seat_plays_at_the_level_for_100_decisions_in_the_games_for_three_and_four(capsys, monkeypatch):
    """BENCHMARKS.md: in the games for three and four every seat plays at
    the level for 100 decisions."""
    asked = []

    def drive(command, args, cwd=None, env=None):
        asked.append(args)
        return dict(FIGURES)

    monkeypatch.setattr(bench, "drive", drive)
    bench.bench_level("micropython", "MicroPython 1.2", "hard", 4, 1, "four-hand")
    assert asked == [["hard", 100, 1, "four-hand"]] * 2
    assert capsys.readouterr().out.startswith("hard: 100 decisions, every seat at the level, 40 moves")
