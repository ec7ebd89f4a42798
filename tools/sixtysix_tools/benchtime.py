"""The clock, the baseline loop, the decision report and the run of a
mode that the bench drivers share (bench_core_mpy.py, bench_ai_mpy.py, bench_ai_seats_mpy.py),
on MicroPython (the unix port, the emulated Pico) and CPython alike.

Imported by the drivers as a plain module, beside them: from tools/ when a
driver runs as a script, from the folder of .mpy files `bench` compiles, and
from the chip's flash, where `bench --emulated` copies it with them.
"""

import time

BASELINE_LOOPS = 200000

# MicroPython's clock: microsecond ticks that wrap, compared with ticks_diff.
_ticks_us = getattr(time, "ticks_us", None)
_ticks_diff = getattr(time, "ticks_diff", None)


def now_us():
    if _ticks_us is not None:
        return _ticks_us()
    return time.perf_counter_ns() // 1000


def elapsed_us(start):
    if _ticks_diff is not None:
        return _ticks_diff(now_us(), start)
    return now_us() - start


def baseline(n):
    """A fixed amount of plain interpreter work (small-int arithmetic in a
    loop) to compare the games against on the same machine and runtime."""
    x = 1
    for i in range(n):
        x = (x * 75 + i) & 0xFFFF
    return x


def baseline_us():
    """How long BASELINE_LOOPS rounds of the baseline take here."""
    start = now_us()
    baseline(BASELINE_LOOPS)
    return elapsed_us(start)


def nearest_rank(ordered, percent):
    """The percent-th percentile of a sorted list (nearest-rank method)."""
    n = len(ordered)
    i = (percent * n + 99) // 100 - 1
    return ordered[i if i > 0 else 0]


def report_decisions(times, counts, searched, nodes, most, checksum):
    """The `name value` lines bench.py reads of timed decisions: `times`
    (microseconds each) and `counts` (search nodes each), sorted here, the
    decisions that searched, all their nodes and the most in one; then the
    baseline, timed now, and the checksum."""
    base_us = baseline_us()
    total = 0
    for t in times:
        total += t
    times.sort()
    print("moves", len(times))
    print("searched", searched)
    print("total_us", total)
    print("median_us", nearest_rank(times, 50))
    print("p95_us", nearest_rank(times, 95))
    print("max_us", times[-1])
    print("nodes", nodes)
    print("max_nodes", most)
    counts.sort()
    print("nodes_p50", nearest_rank(counts, 50))
    print("nodes_p95", nearest_rank(counts, 95))
    print("baseline_loops", BASELINE_LOOPS)
    print("baseline_us", base_us)
    print("checksum", checksum)


def run_mode(mode, *args):
    """Run a driver's mode; its exit status: 0 after a `done` line, or 3
    after `memory-error` when the heap ran out."""
    try:
        mode(*args)
    except MemoryError:
        print("memory-error")
        return 3
    print("done")
    return 0
