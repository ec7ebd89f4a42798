"""Start the device: find the board module (`start`), open its panel and
buttons, load the saved match, and run the loop that feeds the app.

`main.py` on the board imports `boot` and calls it (a firmware that does not
load says so in one line).  This module stays loaded for the whole match:
what only the start needs is in `start`, which is let go of once the board
is found.
Any exception inside the loop becomes the fault screen with a short code;
the match on flash is the one saved after the last trick, and a button
press reloads it and goes back to the title menu.
"""

import gc
import os
import sys

try:
    from time import sleep_ms, ticks_diff, ticks_ms  # type: ignore[attr-defined]
except ImportError:  # CircuitPython and CPython
    import time

    def ticks_ms() -> int:
        return time.monotonic_ns() // 1000000

    def ticks_diff(a: int, b: int) -> int:
        return a - b

    def sleep_ms(ms: int) -> None:
        time.sleep(ms / 1000)


ERROR_LOG = "sixtysix.err"
OLD_LOG = "sixtysix.old"  # the log before the last turn: two files, the oldest entries dropped
LOG_MAX = 4096  # bytes a log file may reach before it turns
LOG_ROOM = 32768  # bytes the saves keep: no log is written on a drive with less free
MAX_PAUSE = 1000  # ms between the loop's passes while the same fault repeats


def fault_code(exc) -> str:
    """A short code to quote: MEM for memory, IO and the errno for files,
    else the exception's initials and a number from its message."""
    if isinstance(exc, MemoryError):
        return "MEM"
    if isinstance(exc, OSError):
        return "IO%d" % (exc.args[0] if exc.args and isinstance(exc.args[0], int) else 0)
    name = type(exc).__name__
    n = 0
    for ch in name + str(exc):
        n = (n * 31 + ord(ch)) % 997
    initials = ""
    for ch in name:
        if "A" <= ch <= "Z":
            initials += ch
    return "%s%03d" % (initials[:3] or "E", n)


def _free(folder: str) -> int:
    """Free bytes on the folder's drive; -1 where the port cannot tell."""
    try:
        st = os.statvfs(folder)
        return st[1] * st[4]  # fragment size times the blocks free to us
    except Exception:
        return -1


def log_fault(folder: str, code: str, exc, times: int = 1) -> None:
    """Append the traceback to the error log, `times` the faults it stands
    for.  The log never grows past two files of about LOG_MAX (the older
    one is dropped when the newer is full) and is not written at all when
    the drive has less than LOG_ROOM free: the saves need it more.  A full
    drive is no reason to stop, so every failure here is ignored."""
    folder = folder.rstrip("/")
    path = folder + "/" + ERROR_LOG
    try:
        free = _free(folder or "/")
        if 0 <= free < LOG_ROOM:
            return
        try:
            st = os.stat(path)
        except OSError:
            st = None
        # save.S_IFMT and save.S_IFREG, written out: a fault may come before
        # the app (and its save module) is loaded.
        if st is not None and st[0] & 0xF000 != 0x8000:
            return  # not a regular file: a FIFO's open() would wait for ever
        size = st[6] if st is not None else 0
        if size >= LOG_MAX:
            old = folder + "/" + OLD_LOG
            try:
                os.remove(old)  # FAT cannot rename onto it
            except OSError:
                pass
            os.rename(path, old)
        with open(path, "a") as f:
            if times > 1:
                f.write("--- %s (%d times)\n" % (code, times))
            else:
                f.write("--- %s\n" % code)
            if hasattr(sys, "print_exception"):
                sys.print_exception(exc, f)
            else:
                import traceback

                traceback.print_exception(type(exc), exc, exc.__traceback__, file=f)
    except Exception:
        pass


class Runner:
    """The loop: sample the buttons, turn presses into events, let the app
    act and draw.  Built from parts so the simulator and the tests can run
    the same loop with their own clock and buttons."""

    def __init__(self, app, buttons, keys, make_session, save_dir: str = ".") -> None:
        self.app = app
        self.buttons = buttons
        self.keys = keys
        self.make_session = make_session
        self.save_dir = save_dir
        self.faults = 0
        self.repeats = 0  # faults with the same code and no good pass between
        self.last_code = ""
        self.pause = 0  # ms the loop waits before the next pass (a fault that repeats)

    def step(self, now: int) -> int:
        """One pass; returns the event handled (or 0)."""
        app = self.app
        try:
            down, pressed = self.buttons.read()
            ev = self.keys.feed(now, down, pressed)
            if ev:
                app.handle(ev)
            if app.busy:
                app.render()  # the thinking mark goes up before the think
            app.tick(now)
            app.render()
            self.repeats = 0
            self.pause = 0
            return ev
        except Exception as exc:  # MemoryError included: the screen must say so
            self.fault(exc)
            return 0

    def fault(self, exc) -> None:
        """Show the fault screen over the match as last saved.  The same
        fault again with no good pass between (a panel that stopped
        answering) is only counted: logged at the 2nd, 4th, 8th... time,
        the saves not read again, and the loop waits ever longer between
        passes, up to MAX_PAUSE."""
        from .screens import Fault

        self.faults += 1
        app = self.app
        code = fault_code(exc)
        if code == self.last_code and self.repeats:
            self.repeats += 1
        else:
            self.repeats = 1
            self.last_code = code
        n = self.repeats
        self.pause = min(MAX_PAUSE, 10 << min(n, 10)) if n > 1 else 0
        app.popup = None
        app.screen = None  # let a broken screen's memory go
        self.keys.reset()  # presses queued before the fault must not put its screen away unseen
        gc.collect()
        if n & (n - 1) == 0:
            log_fault(self.save_dir, code, exc, n)
        # A session whose last saves failed is ahead of the files: what it
        # played since is lost with it, and the screen says so; the mark of
        # a failing drive stays until a save goes through again.
        unsaved = getattr(app.session, "save_error", "")
        if n == 1:
            try:
                app.session = self.make_session()  # the match as last saved
                app.session.save_error = unsaved
            except Exception:
                pass
        app.show(Fault(app, code, not unsaved, missing_module(exc)))
        try:
            app.render()
        except Exception as again:
            if n & (n - 1) == 0:
                print("sixtysix: fault %s, and the screen failed too: %r" % (code, again))


def run(board, seed=None) -> None:
    """Run the game on a board until power-off."""
    try:
        from .app import App
        from .keys import Keys
        from .save import Store
        from .session import Session
    except Exception as e:  # a module cut short or missing: what main.py says when boot is
        print(missing_firmware(e))
        return

    gc.collect()
    canvas = None
    try:
        canvas = board.open_canvas()  # the framebuffer first, before the heap fragments
        buttons = board.open_buttons()
    except Exception as e:
        # Before the loop there is no screen to show a fault on: a missing
        # library or a panel that does not answer gets one line (on the
        # serial console, and on CircuitPython's screen), not a traceback;
        # and on the panel too when it did open (the buttons failed).
        try:
            from .start import say_on_panel, start_failure
        except Exception as again:  # start.py itself cut short or missing
            print(missing_firmware(again))
            return
        line = start_failure(board, e, missing_module(e))
        print(line)
        if canvas is not None:
            say_on_panel(canvas, line)
        return
    store = Store(board.SAVE_DIR)

    def make_session():
        return Session(store)

    start = ticks_ms()
    app = App(canvas, make_session(), seed if seed is not None else start & 0xFFFF)
    runner = Runner(app, buttons, Keys(board.KEYMAP), make_session, board.SAVE_DIR)
    gc.collect()
    elapsed = 0
    last = start
    while True:
        t = ticks_ms()
        elapsed += ticks_diff(t, last)  # wrap-safe, unlike ticks_ms itself
        last = t
        if not runner.step(elapsed) and not app.busy:
            sleep_ms(runner.pause or 10)


def missing_module(exc) -> bool:
    """Whether `exc` is a module of the firmware that did not load: not
    there, cut short, or compiled for another version."""
    if isinstance(exc, (ImportError, SyntaxError)):
        return True
    return isinstance(exc, ValueError) and "incompatible .mpy" in str(exc).lower()


def missing_firmware(exc) -> str:
    """The line said when the firmware's own modules do not load."""
    if isinstance(exc, MemoryError):
        return "sixtysix: not enough memory to load the firmware: press reset to try again"
    return "sixtysix: the firmware is incomplete, or for another version (%s: %s): copy it again" % (
        type(exc).__name__,
        exc,
    )


def let_go(name: str) -> None:
    """Forget the module `name` of this package, so that the heap its code
    takes comes back at the next collection (when nothing else holds it)."""
    package = __name__.rpartition(".")[0]
    sys.modules.pop(package + "." + name, None)
    try:
        delattr(sys.modules[package], name)
    except Exception:  # noqa: BLE001 - not there, or a port that cannot: only the heap is lost
        pass


def boot(name=None) -> None:
    """Find the board and run the game on it until power-off."""
    try:
        from . import start
    except Exception as e:
        print(missing_firmware(e))
        return
    try:
        board = start.find_board(name)
    except ImportError as e:
        print("sixtysix:", e)
        return
    del start
    let_go("start")
    run(board)
