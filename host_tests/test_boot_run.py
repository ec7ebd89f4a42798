"""boot.run's loop and the parts of boot.py only CPython and CircuitPython
use or only the host can set up: the clock the loop passes on (the time
since the start, across the tick counter's wrap), the loop's waits (none
after an event, the fault's back-off), the stand-in clock where `time` has
no ticks_ms (CircuitPython), a FIFO where the log goes, and the console
line when the fault screen fails too.  A mutation audit found each open."""

import os
import threading
import time

import pytest
from sixtysix_app import boot
from sixtysix_app.events import NONE, OK
from sixtysix_tools.hostcanvas import HostCanvas
from test_boot_loop import make_runner


class Stop(Exception):
    """Ends boot.run's endless loop from the stand-in sleep."""


class Board:
    """A board whose one button gives OK at once; `presses` says at which
    passes it goes down."""

    KEYMAP = ((OK, NONE),)

    def __init__(self, save_dir, presses=()):
        self.SAVE_DIR = save_dir
        self.presses = set(presses)
        self.reads = 0
        self.canvas = HostCanvas(128, 64, mono=True)

    def open_canvas(self):
        return self.canvas

    def open_buttons(self):
        board = self

        class Buttons:
            def read(self):
                board.reads += 1
                return (0, 1) if board.reads in board.presses else (0, 0)

        return Buttons()


def run_loop(monkeypatch, board, ticks, ticks_diff=None, passes=None):
    """Run boot.run on `board` with the clock reading `ticks` in turn;
    stop after `passes` passes (all the ticks by default).  Returns the
    clock each pass was given, the event it returned, and the waits."""
    passes = passes or len(ticks) - 1
    Runner = boot.Runner
    clock = iter(ticks)
    seen = []
    sleeps = []

    class Recorded(Runner):
        def step(self, now):
            ev = Runner.step(self, now)
            seen.append((now, ev))
            if len(seen) >= passes:
                raise Stop
            return ev

    def sleep_ms(ms):
        sleeps.append(ms)

    monkeypatch.setattr(boot, "Runner", Recorded)
    monkeypatch.setattr(boot, "ticks_ms", lambda: next(clock))
    monkeypatch.setattr(boot, "sleep_ms", sleep_ms)
    if ticks_diff is not None:
        monkeypatch.setattr(boot, "ticks_diff", ticks_diff)
    with pytest.raises(Stop):
        boot.run(board, seed=1)
    return seen, sleeps


def test_each_pass_is_given_the_time_since_the_start(monkeypatch, tmp_path):
    # Keys times a long press by the clock it is given: that must be the
    # milliseconds since the start, however the passes fall.
    seen, _ = run_loop(monkeypatch, Board(str(tmp_path)), [5000, 5010, 5025, 5040, 6000])
    assert [now for now, _ev in seen] == [10, 25, 40, 1000]


def test_the_time_since_the_start_runs_on_across_the_tick_counters_wrap(monkeypatch, tmp_path):
    # MicroPython's ticks_ms wraps at 2**30 (ticks_diff is the wrap-safe
    # difference): the clock the passes get goes on growing.
    period = 1 << 30

    def ticks_diff(a, b):
        return ((a - b + period // 2) & (period - 1)) - period // 2

    ticks = [period - 30, period - 10, 5, 40]
    seen, _ = run_loop(monkeypatch, Board(str(tmp_path)), ticks, ticks_diff)
    assert [now for now, _ev in seen] == [20, 35, 70]


def test_the_loop_waits_only_after_a_pass_with_no_event(monkeypatch, tmp_path):
    # An event may have more queued behind it (two buttons in one sample):
    # the next pass comes at once.  An idle pass waits 10 ms.
    seen, sleeps = run_loop(
        monkeypatch, Board(str(tmp_path), presses=(2, 3)), list(range(0, 1000, 10)), passes=6
    )
    assert [ev for _now, ev in seen] == [NONE, OK, OK, NONE, NONE, NONE]
    assert sleeps == [10, 10, 10]  # after passes 1, 4 and 5 (the 6th stops the loop)


def test_a_fault_that_repeats_makes_the_loop_wait_longer_up_to_a_second(monkeypatch, tmp_path):
    # README: a fault that keeps coming back waits "between tries growing
    # to a second"; a single fault does not slow the loop (10 ms, as idle).
    board = Board(str(tmp_path))

    def dead():
        raise OSError(5, "EIO")

    board.canvas.show = dead  # a panel that stopped answering
    monkeypatch.setattr(boot.gc, "collect", lambda: None)
    _seen, sleeps = run_loop(monkeypatch, board, list(range(0, 1000, 10)), passes=10)
    assert sleeps[0] == 10
    assert all(sleeps[i] < sleeps[i + 1] for i in range(sleeps.index(1000))), sleeps
    assert sleeps[-3:] == [1000, 1000, 1000] and max(sleeps) == 1000, sleeps


@pytest.mark.skipif(hasattr(time, "ticks_ms"), reason="the stand-in clock is for a time module without ticks")
def test_the_stand_in_clock_counts_milliseconds_as_micropythons_does():
    # CircuitPython's time has no ticks_ms: boot keeps its own, and the
    # loop, long presses and repeats count on it being milliseconds, with
    # ticks_diff(a, b) the time from b to a.
    assert boot.ticks_diff(10, 3) == 7
    t0 = boot.ticks_ms()
    started = time.monotonic()
    boot.sleep_ms(50)
    took = time.monotonic() - started
    waited = boot.ticks_diff(boot.ticks_ms(), t0)
    assert 0.045 <= took < 0.4, took  # sleep_ms(50) sleeps 50 ms
    assert abs(waited - took * 1000) <= 5, (waited, took)


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_a_fifo_where_the_log_goes_is_left_alone(tmp_path):
    # Opening a FIFO to append waits until something reads it: the fault
    # screen would never come.  The log is skipped instead.
    fifo = str(tmp_path / boot.ERROR_LOG)
    os.mkfifo(fifo)
    try:
        raise RuntimeError("x")
    except RuntimeError as e:
        exc = e
    writer = threading.Thread(target=boot.log_fault, args=(str(tmp_path), "RE001", exc), daemon=True)
    writer.start()
    writer.join(5)
    stuck = writer.is_alive()
    if stuck:  # let the thread go
        fd = os.open(fifo, os.O_RDONLY | os.O_NONBLOCK)
        writer.join(5)
        os.close(fd)
    assert not stuck, "log_fault waited on a FIFO"


def test_a_fault_whose_screen_fails_too_is_said_on_the_console_at_the_1st_2nd_4th_time(tmp_path, capsys):
    # With the panel gone the console is the only place the fault shows;
    # a fault that repeats is said as rarely as it is logged.
    runner, app, _made = make_runner(str(tmp_path))
    app.render_fails = True
    for _ in range(5):
        runner.step(0)
    lines = capsys.readouterr().out.splitlines()
    said = "sixtysix: fault %s, and the screen failed too: " % boot.fault_code(OSError(5))
    assert len(lines) == 3 and all(line.startswith(said) for line in lines), lines
