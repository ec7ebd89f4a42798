"""Start the device: find the board module, open its panel and buttons,
load the saved match, and run the loop that feeds the app.

`main.py` on the board imports `boot` and calls it (a firmware that does not
load says so in one line).
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


def _board_stems(folder):
    """Module names in a boards folder (no __init__); [] when there is none."""
    try:
        files = os.listdir(folder)
    except OSError:
        return []
    found = []
    for f in files:
        stem = f.rsplit(".", 1)[0]
        if f[0] == ".":  # hidden: a Mac's "._thumby.py" beside the real one, an editor's backup
            continue
        if stem != "__init__" and (f.endswith(".py") or f.endswith(".mpy")) and stem not in found:
            found.append(stem)
    return found


def _import_board(name):
    """boards.<name>, or None when that module is not there at all.
    Raises ImportError with a sentence for one that is there but does not
    load (cut short on the drive, a library or the core missing)."""
    try:
        return __import__("boards." + name, None, None, ("NAME",))
    except ImportError as e:
        why = str(e)
        if "'boards." + name + "'" in why or "'boards'" in why:  # the board module itself is not there
            return None
        raise ImportError("boards/%s cannot load: %s" % (name, why)) from None
    except Exception as e:  # noqa: BLE001 - a broken file must be a sentence, never a traceback
        raise ImportError("boards/%s cannot load: %s %s" % (name, type(e).__name__, e)) from None


def find_board(name=None):
    """The board module: by name, or the only one in a boards folder.
    Looks in the current folder (what `sixtysix deploy` writes), then on
    sys.path (/lib after a mip install), then among frozen modules (a
    custom firmware image: the board listed in boards.BOARDS that is
    there).  Raises ImportError with a sentence, also for a board module
    that is there but does not load (cut short on the drive, a library
    missing, a frozen one whose core a folder on the drive hides)."""
    if name is None:
        found = _board_stems("boards")
        for entry in sys.path:
            if found:
                break
            if entry and entry[0] == "/":
                found = _board_stems(entry.rstrip("/") + "/boards")
        if not found:
            known: tuple = ()
            try:
                from boards import BOARDS as known
            except ImportError:
                pass
            for stem in known:
                if _import_board(stem) is not None:
                    found.append(stem)
        if len(found) != 1:
            raise ImportError(
                "put exactly one board module in /boards (found %s)" % (", ".join(found) if found else "none")
            )
        name = found[0]
    board = _import_board(name)
    if board is None:
        raise ImportError("no board module named '%s'" % name)
    return board


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
        line = start_failure(board, e)
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


def say_on_panel(c, line: str) -> None:
    """`line` (a start failure) on an open panel, as many words as fit;
    a panel that fails too is left as it is."""
    from .canvas import BG, FG
    from .ui import wrap

    try:
        c.fill(BG)
        y = 0
        for row in wrap(line, c.width // c.char_w):
            if y + c.char_h > c.height:
                break
            c.text(row, 0, y, FG)
            y += c.char_h
        c.show()
    except Exception:  # noqa: BLE001 - the console line is already out
        pass


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


def start_failure(board, exc) -> str:
    """The line said when a board's display or buttons do not start: a
    missing library names itself, one made for another version says so,
    a heap too small for the panel's buffer too; anything else points at
    the wiring."""
    name = getattr(board, "__name__", "board").split(".")[-1]
    if isinstance(exc, ImportError):
        return "sixtysix: %s cannot start: %s" % (name, exc)
    if isinstance(exc, MemoryError):
        return "sixtysix: not enough memory to open the display of %s: press reset to try again" % name
    if missing_module(exc):
        return (
            "sixtysix: %s cannot start: a module on the board is cut short or made for another version "
            "(%s: %s): copy it again (a library on CircuitPython: circup update)"
            % (name, type(exc).__name__, exc)
        )
    why = "%s %s" % (type(exc).__name__, exc)
    return (
        "sixtysix: the display or buttons of %s did not start (%s): check the wiring against boards/%s.py"
        % (name, why, name)
    )


def boot(name=None) -> None:
    try:
        board = find_board(name)
    except ImportError as e:
        print("sixtysix:", e)
        return
    run(board)
