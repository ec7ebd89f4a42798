"""boot.Runner, the loop, with stand-in app, buttons and keys: a pass
returns its event and draws the thinking mark before the think, a fault
puts a message away, a fault that repeats is logged at its 1st, 2nd, 4th,
8th... time with the wait growing to a second, and the same fault after a
good pass counts as new (README, "Saves and faults").  A mutation audit
found each of these open."""

from faultlog import headers
from sixtysix_app.boot import Runner, fault_code
from sixtysix_app.events import NONE, OK
from tempdir import clean, fresh_folder

# --- the loop -----------------------------------------------------------------------------


class Session:
    save_error = ""


class App:
    """What the Runner touches of the app; `fail` is raised by handle()."""

    def __init__(self):
        self.popup = None
        self.screen = None
        self.session = Session()
        self.thinking = 0  # ticks still to think
        self.fail = None
        self.render_fails = False
        self.calls = []

    @property
    def busy(self):
        return self.thinking > 0

    def handle(self, ev):
        self.calls.append(("handle", ev))
        if self.fail is not None:
            raise self.fail

    def tick(self, now):
        self.calls.append(("tick", now))
        if self.thinking:
            self.thinking -= 1

    def render(self):
        self.calls.append("render")
        if self.render_fails:
            raise OSError(5)

    def show(self, screen):
        self.screen = screen


class Buttons:
    def __init__(self):
        self.samples = []

    def read(self):
        return self.samples.pop(0) if self.samples else (0, 0)


class Keys:
    def __init__(self):
        self.events = []
        self.resets = 0

    def feed(self, now, down, pressed):
        return self.events.pop(0) if self.events else NONE

    def reset(self):
        self.resets += 1


def make_runner(folder):
    app = App()
    made = []

    def make_session():
        made.append(1)
        return Session()

    runner = Runner(app, Buttons(), Keys(), make_session, folder)
    return runner, app, made


def faulting_pass(runner, app, fault):
    """One pass of the loop at time 0 whose key (OK) meets `fault` in the
    app's handle(); returns the pass's event."""
    runner.keys.events = [OK]
    app.fail = fault
    return runner.step(0)


def test_a_pass_returns_its_event_and_draws_the_thinking_mark_before_the_think():
    folder = fresh_folder("boot")
    runner, app, _ = make_runner(folder)
    runner.keys.events = [OK]
    app.thinking = 1
    assert runner.step(100) == OK  # the loop sleeps only after a pass with no event
    # The mark goes up before the tick that thinks (README: "`...` in the
    # top row means the computer is thinking"), then the frame after it.
    assert app.calls == [("handle", OK), "render", ("tick", 100), "render"], app.calls
    app.calls = []
    assert runner.step(110) == NONE
    assert app.calls == [("tick", 110), "render"], app.calls  # not thinking: no frame before the tick
    clean(folder)


def test_a_fault_puts_away_a_message_so_its_screen_is_seen():
    folder = fresh_folder("boot")
    runner, app, _ = make_runner(folder)
    app.popup = ["a message over the table"]
    faulting_pass(runner, app, RuntimeError("x"))
    assert app.screen.__class__.__name__ == "Fault" and app.popup is None
    assert runner.keys.resets == 1
    clean(folder)


def test_a_fault_that_repeats_is_logged_at_its_1st_2nd_4th_8th_time_and_waits_up_to_a_second():
    folder = fresh_folder("boot")
    runner, app, made = make_runner(folder)
    app.render_fails = True  # a panel that stopped answering: every pass faults
    pauses = []
    for _ in range(20):
        runner.step(0)
        pauses.append(runner.pause)
    assert runner.faults == 20
    code = fault_code(OSError(5))
    assert headers(folder) == ["--- " + code] + ["--- %s (%d times)" % (code, n) for n in (2, 4, 8, 16)], (
        headers(folder)
    )
    assert len(made) == 1  # the saves are read again at the first only
    # One fault does not slow the loop; a repeat waits, each longer than the
    # last, until a second (README: "the wait between tries growing to a
    # second"), and never more.
    assert pauses[0] == 0, pauses
    growing = pauses[1 : pauses.index(1000)]
    assert growing and growing[0] > 0, pauses
    assert all(growing[i] < growing[i + 1] for i in range(len(growing) - 1)), pauses
    assert max(pauses) == 1000 and pauses[-1] == 1000, pauses
    clean(folder)


def test_the_same_fault_after_a_good_pass_counts_as_new():
    # A good pass between two faults means the first one passed: the second
    # is logged as a first, reloads the saves and does not wait.
    folder = fresh_folder("boot")
    runner, app, made = make_runner(folder)
    for _ in range(3):
        faulting_pass(runner, app, RuntimeError("same"))
        assert runner.pause == 0
        app.fail = None
        runner.step(10)
    code = fault_code(RuntimeError("same"))
    assert headers(folder) == ["--- " + code] * 3, headers(folder)
    assert len(made) == 3
    clean(folder)


def test_another_fault_after_a_repeating_one_counts_as_new():
    # A different fault is news even while another repeats: logged at once
    # under its own code, and the saves read again.
    folder = fresh_folder("boot")
    runner, app, made = make_runner(folder)
    for _ in range(3):
        faulting_pass(runner, app, RuntimeError("first"))
    faulting_pass(runner, app, ValueError("second"))
    first, second = fault_code(RuntimeError("first")), fault_code(ValueError("second"))
    assert headers(folder) == ["--- " + first, "--- %s (2 times)" % first, "--- " + second], headers(folder)
    assert len(made) == 2 and runner.pause == 0 and app.screen.code == second
    clean(folder)


def test_the_broken_screen_is_let_go_before_the_saves_are_read_again():
    # Reading the match back needs the heap the broken screen held (a
    # MemoryError on a board is the common fault): the app holds no screen
    # by then.
    folder = fresh_folder("boot")
    runner, app, _made = make_runner(folder)
    held = []

    def make_session():
        held.append(app.screen)
        return Session()

    runner.make_session = make_session
    app.screen = "the broken screen"
    faulting_pass(runner, app, MemoryError())
    assert held == [None], held
    clean(folder)


def test_a_fault_whose_saves_cannot_be_read_again_still_shows_its_screen():
    # Out of memory is the common fault, and reading the match back may run
    # out again: the fault screen still goes up over the match in memory,
    # and the loop goes on.
    folder = fresh_folder("boot")
    runner, app, _made = make_runner(folder)
    before = app.session

    def no_heap():
        raise MemoryError

    runner.make_session = no_heap
    assert faulting_pass(runner, app, MemoryError()) == NONE
    assert app.screen.__class__.__name__ == "Fault" and app.screen.code == "MEM"
    assert app.session is before
    clean(folder)
