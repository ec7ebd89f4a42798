"""A fault that repeats (a panel that stopped answering) must not fill the
flash nor re-read the saves on every pass: the error log has a fixed size,
the oldest entries dropped, repeats are logged ever more rarely and the loop
backs off; and no log is written when the saves would lack the room."""

import os

import pytest
from sixtysix_app import boot
from sixtysix_app.boot import ERROR_LOG, LOG_MAX, OLD_LOG, log_fault
from sixtysix_app.events import OK
from sixtysix_app.screens import Fault
from test_app import (
    on_title,
    press,
    quick,  # noqa: F401 (the fixture, used by name)
    start_match,
)

pytestmark = pytest.mark.usefixtures("quick")


def log_size(folder) -> int:
    total = 0
    for name in (ERROR_LOG, OLD_LOG):
        path = os.path.join(str(folder), name)
        if os.path.exists(path):
            total += os.path.getsize(path)
    return total


def read_log(folder, name) -> str:
    path = os.path.join(str(folder), name)
    if not os.path.exists(path):
        return ""
    with open(path) as f:
        return f.read()


def test_a_panel_that_keeps_failing_neither_fills_the_flash_nor_rereads_the_saves(tmp_path, monkeypatch):
    sim = start_match("pico_display", tmp_path, seed=5)
    # Each fault collects the heap: right on a board, 13 ms of CPython's
    # whole test process here, two thirds of this test's time.
    monkeypatch.setattr(boot.gc, "collect", lambda: None)
    loads = []
    make_session = sim.runner.make_session

    def counted():
        loads.append(1)
        return make_session()

    sim.runner.make_session = counted

    def dead():
        raise OSError(5, "EIO")

    sim.app.canvas.show = dead
    sim.app.dirty = True  # something to show
    for _ in range(1000):
        sim.step()
    assert sim.runner.faults == 1000
    assert len(loads) == 1, "the saves are read again once, not at every pass"
    assert log_size(tmp_path) <= 2 * LOG_MAX
    log = read_log(tmp_path, ERROR_LOG)
    assert "--- IO5 (512 times)" in log and "--- IO5 (1024 times)" not in log
    assert sim.runner.pause == boot.MAX_PAUSE  # the loop waits longer between tries

    del sim.app.canvas.show  # the panel answers again
    sim.step()
    assert isinstance(sim.app.screen, Fault) and sim.runner.pause == 0
    press(sim, OK)
    assert on_title(sim) and sim.runner.faults == 1000


def test_the_error_log_keeps_a_fixed_size_dropping_the_oldest(tmp_path):
    for n in range(300):
        try:
            raise RuntimeError("fault number %d" % n)
        except RuntimeError as e:
            log_fault(str(tmp_path), "RE%03d" % n, e)
    assert log_size(tmp_path) <= 2 * (LOG_MAX + 1024)  # each file at most one entry past LOG_MAX
    both = read_log(tmp_path, OLD_LOG) + read_log(tmp_path, ERROR_LOG)
    assert "fault number 299" in both and "fault number 0\n" not in both
    assert "--- RE298" in both and "--- RE299" in both


def test_no_log_is_written_when_the_saves_would_lack_the_room(tmp_path, monkeypatch):
    real = os.statvfs(str(tmp_path))
    free = boot.LOG_ROOM // real[1] - 1  # blocks: just short of the room kept for saves

    def tight(path):
        return real[:3] + (free, free) + real[5:]

    monkeypatch.setattr(os, "statvfs", tight)
    try:
        raise RuntimeError("no room")
    except RuntimeError as e:
        log_fault(str(tmp_path), "RE001", e)
    assert log_size(tmp_path) == 0
    monkeypatch.undo()
    try:
        raise RuntimeError("room")
    except RuntimeError as e:
        log_fault(str(tmp_path), "RE002", e)
    assert "--- RE002" in read_log(tmp_path, ERROR_LOG)


def test_a_fault_after_failed_saves_says_the_match_went_back_and_keeps_the_mark(tmp_path):
    """The fault screen reloads the match as last saved.  When the drive
    refused the saves since, that is further back than the table was, and
    the screen says so rather than that the match is saved; the mark of a
    failing drive stays up until a save goes through."""
    from sixtysix_app.save import Store
    from sixtysix_app.session import Session
    from sixtysix_tools.textview import CellCanvas
    from test_app import play_until

    def said(sim) -> str:
        c = CellCanvas(sim.app.canvas)
        sim.app.screen.draw(c)
        return " ".join(" ".join(c.lines()).split())

    sim = start_match("pico_display", tmp_path, seed=5)
    play_until(sim, lambda t: t.hand.tricks[0] + t.hand.tricks[1] >= 1)
    store = sim.app.session.store
    on_drive = bytes(Session(Store(str(tmp_path))).match.hand.log)

    def full(path, data):
        raise OSError(28, "ENOSPC")

    store.write_file = full
    play_until(sim, lambda t: t.hand.tricks[0] + t.hand.tricks[1] >= 3)
    assert sim.app.session.save_error == "Not saved: the drive is full (error 28)."
    sim.runner.fault(MemoryError())
    assert isinstance(sim.app.screen, Fault) and not sim.app.screen.saved
    assert "Later saves failed: back to the last." in said(sim)
    assert "is saved" not in said(sim)
    assert sim.app.session.save_error == "Not saved: the drive is full (error 28)."  # the mark stays
    assert bytes(sim.app.session.match.hand.log) == on_drive
    del store.write_file  # room again: the next save clears the mark
    press(sim, OK)
    sim.app.session.save()
    assert sim.app.session.save_error == ""

    sim.runner.fault(MemoryError())  # every save went through: the match is saved
    assert sim.app.screen.saved and "Your match is saved." in said(sim)


@pytest.mark.parametrize("board", ["thumby", "pico_display"])
def test_a_module_that_does_not_load_is_named_on_the_fault_screen(tmp_path, board):
    """A module the firmware loads only when it is needed (the players,
    the match) missing or cut short on the board came back at every match
    as "Something went wrong", with no hint that the firmware itself was
    incomplete."""
    from sixtysix_tools.textview import CellCanvas

    def said(sim) -> str:
        c = CellCanvas(sim.app.canvas)
        sim.app.screen.draw(c)
        return " ".join(" ".join(c.lines()).split())

    sim = start_match(board, tmp_path, seed=5)
    for exc in (
        ImportError("no module named 'sixtysix.ai'"),
        SyntaxError("invalid syntax"),
        ValueError("incompatible .mpy file"),
    ):
        sim.runner.fault(exc)
        assert isinstance(sim.app.screen, Fault) and sim.app.screen.missing
        assert "Firmware incomplete: copy it again. Your match is saved. Press a button." in said(sim)
        press(sim, OK)
    sim.runner.fault(ValueError("x"))
    assert not sim.app.screen.missing
    assert "Something went wrong. Your match is saved." in said(sim)


def test_a_fault_in_the_computers_think_is_drawn_at_once(tmp_path):
    """The computer thinks in a pass with no key, after the thinking mark
    was drawn: its fault must still put the fault screen on the panel,
    not leave the table up with the mark until a button is pressed (a
    mutation audit found an App.show that left the frame clean unseen:
    the tests looked at the screen object, not at what was drawn)."""
    from sixtysix.cards import NO_CARD
    from test_app import play_until

    sim = start_match("pico_display", tmp_path, seed=21)
    t = play_until(sim, lambda t: t.hand.lead == NO_CARD and t.hand.pending < 0)

    def broken(view):
        raise MemoryError

    t.players[1].choose = broken
    drawn = []
    draw_text = sim.app.canvas.text

    def text(s, x, y, role):
        drawn.append(s)
        draw_text(s, x, y, role)

    sim.app.canvas.text = text
    for _ in range(10):  # play cards until the computer has to think
        if sim.runner.faults:
            break
        press(sim, OK)
    assert sim.runner.faults == 1 and isinstance(sim.app.screen, Fault)
    assert "Error MEM" in drawn


@pytest.mark.parametrize("board_name", ("oled_128x64", "pico_display", "pybadge", "t_display", "thumby"))
def test_the_fault_screen_says_it_all_on_every_board_nothing_drawn_over(board_name, tmp_path, monkeypatch):
    """The fault screen on every panel, for each cause (something went
    wrong, or a part of the firmware missing) and each state of the saves:
    the title names the code; what happened and where the match stands
    are drawn whole, a line a row, none over another nor past the panel's
    foot; and "Press a button." follows wherever the panel has room for
    it.  On the Thumby the last lines ran into a code line drawn over
    them at the foot, "Press a button." lost under it."""
    from tablelog import logging_sims

    sim = logging_sims(monkeypatch)(board_name, tmp_path)
    lay = sim.app.layout
    pressed = 0
    for missing in (False, True):
        for saved in (True, False):
            sim.app.show(Fault(sim.app, "ZDE123", saved, missing))
            sim.app.dirty = True
            sim.app.render()
            rows: dict = {}
            for y, x, s, _w in sim.log.drawn:
                rows.setdefault(y, []).append((x, s))
            ys = sorted(rows)
            assert all(b - a >= lay.ch for a, b in zip(ys, ys[1:])) and ys[-1] + lay.ch <= lay.h, ys
            lines = [" ".join(s for _x, s in sorted(rows[y])) for y in ys]
            assert lines[0] == "Error ZDE123"
            said = " ".join(lines[1:])
            want = "Firmware incomplete: copy it again." if missing else "Something went wrong."
            want += " Your match is saved." if saved else " Later saves failed: back to the last."
            assert said in (want, want + " Press a button."), said
            pressed += said.endswith("Press a button.")
    assert pressed == (3 if board_name == "thumby" else 4)
