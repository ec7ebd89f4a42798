"""A simulated MicroPython board on a pseudo-terminal, for testing deploys with the real mpremote.

The "board" is the MicroPython unix port. Its filesystem is a host folder, mounted as `/`
inside the interpreter (``vfs.VfsPosix``), so ``:main.py``, ``:/lib/x.mpy`` and
``import x`` mean what they mean on a Pico. Its REPL sits on one pseudo-terminal; mpremote
opens the slave side of a second one as if it were a USB serial port, and a bridge thread
copies bytes between the two. ``board.port`` is a link to that slave (``.../ttyACM0``):
given the ``/dev/pts/N`` path itself (``board.pty``), mpremote 1.29 reads without any
timeout and hangs on a port that never answers. When the interpreter
exits (Ctrl-D at either REPL, ``machine.soft_reset()``, ``sys.exit()``), the bridge
prints ``MPY: soft reboot`` and starts it again the way a board reboots: ``boot.py``
always, ``main.py`` only when the board was in the friendly REPL, and back into the raw
REPL when it was in the raw one (mpremote's ``soft-reset`` waits for exactly that).
``machine.reset()`` (mpremote's ``reset``) restarts it as at power-on: no soft reboot
line, ``boot.py`` then ``main.py``, friendly REPL.

    with SimulatedBoard(tmp_path) as board:
        board.mpremote("fs", "cp", "main.py", ":main.py", timeout=30)
        board.reset()
        board.wait_for_output("hello", timeout=10)

Options that emulate trouble, for the deploy command's error messages:

* ``capacity_bytes=N``: the board's flash holds N bytes of file content. A write through
  ``open()`` that would pass it raises ``OSError(28)`` (ENOSPC, as littlefs does when
  full), and ``os.statvfs()`` reports N blocks of one byte, the free ones among them.
* ``interpreter=[...]``: run that command instead (in ``root_dir``, with no boot files
  and no mounting), e.g. ``[sys.executable, "-i", "-q"]`` for a port that answers like a
  CPython prompt and not like MicroPython. It is restarted when it exits, silently.
"""

import os
import shutil
import subprocess
import sys
import tempfile
import termios
import threading
import time
import tty

# The interpreter exits with this code for machine.reset(): a hard reset, not a soft one.
HARD_RESET_EXIT = 107

# What mpremote (and a person) sees on the board's REPL.
RAW_REPL_BANNER = b"raw REPL; CTRL-B to exit\r\n"
FRIENDLY_REPL_BANNER = b'Type "help()" for more information.'
SOFT_REBOOT_LINE = b"MPY: soft reboot\r\n"

# Printed by the boot script around boot.py and main.py (and removed by the bridge): input
# reaches the board only while user code runs (Ctrl-C interrupts it) or the REPL reads,
# never while the boot script's own code runs.
_USER_BEGIN = b"\x00simboard-user\x00"
_USER_END = b"\x00simboard-boot\x00"

# Output nobody reads is dropped past this size, as a USB serial port with no host does.
_MAX_UNREAD_OUTPUT = 256 * 1024

# Runs under MicroPython as the first thing after each (re)start: argv is root, mode
# ("friendly" runs main.py, "raw" does not) and capacity in bytes (0: unlimited).
_BOOT_SCRIPT = r"""
import sys

def _simboard_setup():
    import os, vfs, builtins

    root, mode, capacity = sys.argv[1], sys.argv[2], int(sys.argv[3])
    sys.argv[:] = []
    vfs.mount(vfs.VfsPosix(root), "/")
    os.chdir("/")
    sys.path[:] = ["", ".frozen", "/lib"]

    class Extended:
        # A built-in module with a few names added or replaced (built-ins are read-only).
        def __init__(self, real, extra):
            self._real = real
            for name in extra:
                setattr(self, name, extra[name])

        def __getattr__(self, name):
            return getattr(self._real, name)

    import machine

    def reset():
        import sys

        sys.exit(%(hard)d)

    sys.modules["machine"] = Extended(machine, {"reset": reset})

    def ilistdir(path="."):
        # With sizes, as littlefs and FAT give them (VfsPosix leaves them out).
        prefix = "" if path in ("", ".") else path.rstrip("/") + "/"
        for entry in os.ilistdir(path):
            size = 0 if entry[1] == 0x4000 else os.stat(prefix + entry[0])[6]
            yield (entry[0], entry[1], entry[2], size)

    os_extra = {"ilistdir": ilistdir}
    if capacity:
        def used(path):
            total = 0
            for entry in os.ilistdir(path):
                full = path.rstrip("/") + "/" + entry[0]
                if entry[1] == 0x4000:
                    total += used(full)
                else:
                    total += os.stat(full)[6]
            return total

        class BoundedFile:
            # A file opened for writing that may add at most `budget` bytes.
            def __init__(self, file, budget):
                self._file = file
                self._budget = budget

            def write(self, data, *args):
                if len(data) > self._budget:
                    raise OSError(28)
                written = self._file.write(data, *args)
                self._budget -= written
                return written

            def __getattr__(self, name):
                return getattr(self._file, name)

            def __enter__(self):
                return self

            def __exit__(self, *exc):
                self._file.close()

        host_open = builtins.open

        def bounded_open(path, mode="r", *args, **kwargs):
            file = host_open(path, mode, *args, **kwargs)
            for letter in "wax+":
                if letter in mode:
                    return BoundedFile(file, max(0, capacity - used("/")))
            return file

        def statvfs(path):
            free = max(0, capacity - used("/"))
            return (1, 1, capacity, free, free, 0, 0, 0, 0, 255)

        builtins.open = bounded_open
        os_extra["statvfs"] = statvfs
    sys.modules["os"] = Extended(os, os_extra)
    return mode

def _simboard_run(name):
    import os

    # Like the board's pyexec_file: report an error and carry on; SystemExit reboots.
    try:
        os.stat(name)
    except OSError:
        return
    try:
        sys.stdout.write(%(begin)r)
        execfile(name, globals())
    except SystemExit:
        raise
    except BaseException as error:
        sys.print_exception(error)
    finally:
        sys.stdout.write(%(end)r)

_simboard_mode = _simboard_setup()
_simboard_run("boot.py")
if _simboard_mode == "friendly":
    _simboard_run("main.py")
del _simboard_setup, _simboard_run, _simboard_mode, sys
""" % {"hard": HARD_RESET_EXIT, "begin": _USER_BEGIN.decode(), "end": _USER_END.decode()}

# Starts the interpreter as a session leader owning its terminal, so that Ctrl-C typed
# while code runs reaches it as SIGINT (KeyboardInterrupt), as on a board.
_TRAMPOLINE = (
    "import fcntl, os, sys, termios; os.setsid(); fcntl.ioctl(0, termios.TIOCSCTTY, 0); "
    "os.execvp(sys.argv[1], sys.argv[1:])"
)


def find_micropython():
    """The `micropython` command beside this Python (a venv's bin), else on PATH."""
    beside = os.path.join(os.path.dirname(sys.executable), "micropython")
    if os.path.isfile(beside) and os.access(beside, os.X_OK):
        return beside
    return shutil.which("micropython")


def _board_terminal_mode(fd):
    """Raw bytes both ways, except that Ctrl-C (only) raises SIGINT while code runs: the
    unix port switches to raw mode itself while its REPL reads a line."""
    tty.setraw(fd)
    attrs = termios.tcgetattr(fd)
    attrs[3] |= termios.ISIG | termios.NOFLSH
    attrs[6][termios.VINTR] = b"\x03"
    attrs[6][termios.VQUIT] = b"\x00"
    attrs[6][termios.VSUSP] = b"\x00"
    termios.tcsetattr(fd, termios.TCSANOW, attrs)


class SimulatedBoard:
    """A MicroPython "board" whose serial port is `.port` and whose flash is `root_dir`.

    Use as a context manager (or call `start()` and `close()`). `port` is the path to give
    mpremote; `restarts` counts reboots of any kind; `output()` is what the board printed
    outside raw-REPL traffic. The board powers on running boot.py and main.py.
    """

    def __init__(
        self,
        root_dir,
        micropython=None,
        heap="256wK",
        capacity_bytes=None,
        interpreter=None,
    ):
        self.root_dir = os.path.abspath(str(root_dir))
        self.micropython = micropython
        self.heap = heap
        self.capacity_bytes = capacity_bytes
        self.interpreter = list(interpreter) if interpreter else None
        self.port = None
        self.pty = None
        self.restarts = 0
        self._lock = threading.RLock()
        self._changed = threading.Condition(self._lock)
        self._transcript = bytearray()
        self._console = bytearray()
        self._thread = None
        self._process = None
        self._board_fd = None
        self._client_fd = None
        self._client_slave_fd = None
        self._stop_r = self._stop_w = None
        self._script_dir = None
        self._error = None

    # -- life cycle -------------------------------------------------------------------

    def __enter__(self):
        self.start()
        return self

    def __exit__(self, *exc):
        self.close()

    def start(self):
        self._script_dir = tempfile.mkdtemp(prefix="simboard-")
        if self.interpreter is None:
            self.micropython = self.micropython or find_micropython()
            if not self.micropython:
                raise RuntimeError("no `micropython` command beside this Python or on PATH")
            with open(os.path.join(self._script_dir, "boot_board.py"), "w") as file:
                file.write(_BOOT_SCRIPT)
        self._client_fd, self._client_slave_fd = os.openpty()
        # Raw, so nothing is echoed back before mpremote opens (and sets up) the port.
        tty.setraw(self._client_slave_fd)
        os.set_blocking(self._client_fd, False)
        self.pty = os.ttyname(self._client_slave_fd)
        # mpremote treats a /dev/pts/ path specially (blocking reads that never time out);
        # through a link it polls, with timeouts, as it does a USB serial port.
        self.port = os.path.join(self._script_dir, "ttyACM0")
        os.symlink(self.pty, self.port)
        self._stop_r, self._stop_w = os.pipe()
        self._spawn("friendly")
        self._thread = threading.Thread(target=self._bridge, name="simboard-bridge", daemon=True)
        self._thread.start()
        return self

    def close(self):
        """Stop the bridge and kill the interpreter; safe to call twice."""
        if self._stop_w is not None:
            os.write(self._stop_w, b"x")
        if self._thread is not None:
            self._thread.join(10)
            self._thread = None
        self._kill()
        for name in ("_client_fd", "_client_slave_fd", "_stop_r", "_stop_w"):
            fd = getattr(self, name)
            if fd is not None:
                os.close(fd)
                setattr(self, name, None)
        if self._script_dir:
            shutil.rmtree(self._script_dir, ignore_errors=True)
            self._script_dir = None

    def reset(self, timeout=10):
        """Press the reset button: restart as at power-on (boot.py, main.py, friendly REPL).
        Returns once the new interpreter is running."""
        with self._lock:
            before = self.restarts
            process = self._process
        if process is not None:
            self._killpg(process)
        self._wait(lambda: self.restarts > before, timeout, "the board to restart")

    # -- what the board printed ---------------------------------------------------------

    def output(self):
        """Text the board printed outside raw-REPL traffic: boot.py and main.py, the
        friendly REPL, soft reboot lines."""
        with self._lock:
            return self._console.decode("utf-8", "replace")

    def transcript(self):
        """Every byte the board sent to the port (raw REPL included), as bytes."""
        with self._lock:
            return bytes(self._transcript)

    def wait_for_output(self, text, timeout=10, count=1):
        """Wait until `output()` contains `text` (`count` times); raises TimeoutError
        showing what the board printed instead."""
        self._wait(lambda: self.output().count(text) >= count, timeout, repr(text))

    def mpremote(self, *args, timeout=30, check=False):
        """Run `mpremote connect PORT ARGS...` with this Python; a CompletedProcess (text)."""
        return subprocess.run(
            [sys.executable, "-m", "mpremote", "connect", self.port, *args],
            capture_output=True,
            text=True,
            timeout=timeout,
            check=check,
        )

    def _wait(self, ready, timeout, what):
        deadline = time.monotonic() + timeout
        with self._changed:
            while not ready():
                left = deadline - time.monotonic()
                if left <= 0 or self._error is not None:
                    raise TimeoutError(
                        "simulated board: no %s within %s s (%s); it printed: %r"
                        % (what, timeout, self._error or "timeout", self.output()[-2000:])
                    )
                self._changed.wait(min(left, 0.2))

    # -- the interpreter ----------------------------------------------------------------

    def _command(self, mode):
        if self.interpreter is not None:
            return self.interpreter
        capacity = self.capacity_bytes or 0
        script = os.path.join(self._script_dir, "boot_board.py")
        heap = ["-X", "heapsize=" + self.heap] if self.heap else []
        return [self.micropython, *heap, "-i", script, self.root_dir, mode, str(capacity)]

    def _spawn(self, mode):
        board_fd, slave_fd = os.openpty()
        _board_terminal_mode(slave_fd)
        try:
            process = subprocess.Popen(
                [sys.executable, "-c", _TRAMPOLINE, *self._command(mode)],
                stdin=slave_fd,
                stdout=slave_fd,
                stderr=slave_fd,
                cwd=self.root_dir,
                close_fds=True,
            )
        finally:
            os.close(slave_fd)
        os.set_blocking(board_fd, False)
        self._process = process
        self._board_fd = board_fd
        self._mode = mode  # REPL the board is in (or will be in once booted)
        # booting -> (raw mode: swallowing the friendly banner) -> running
        self._phase = "booting" if self.interpreter is None else "running"
        self._accepts_input = self.interpreter is not None
        self._pending = b""  # board output held back while looking for a marker
        self._tail = b""

    @staticmethod
    def _killpg(process):
        try:
            os.killpg(process.pid, 9)
        except (ProcessLookupError, PermissionError):
            try:
                process.kill()
            except ProcessLookupError:
                pass

    def _kill(self):
        process, self._process = self._process, None
        if process is not None:
            self._killpg(process)
            process.wait(10)
        if self._board_fd is not None:
            os.close(self._board_fd)
            self._board_fd = None

    # -- the bridge ---------------------------------------------------------------------

    def _bridge(self):
        import select

        to_board = b""
        to_client = b""
        try:
            while True:
                readers = [self._stop_r, self._client_fd, self._board_fd]
                writers = []
                if to_board and self._accepts_input:
                    writers.append(self._board_fd)
                if to_client:
                    writers.append(self._client_fd)
                readable, writable, _ = select.select(readers, writers, [], 0.5)
                if self._stop_r in readable:
                    return
                if self._client_fd in readable:
                    try:
                        to_board += os.read(self._client_fd, 4096)
                    except (BlockingIOError, OSError):
                        pass
                if self._board_fd in readable:
                    try:
                        data = os.read(self._board_fd, 4096)
                    except BlockingIOError:
                        data = None
                    except OSError:
                        data = b""
                    if data == b"":
                        to_client += self._restart()
                    elif data:
                        to_client += self._from_board(data)
                if self._board_fd in writable and to_board and self._accepts_input:
                    try:
                        to_board = to_board[os.write(self._board_fd, to_board) :]
                    except (BlockingIOError, OSError):
                        pass
                if self._client_fd in writable and to_client:
                    try:
                        to_client = to_client[os.write(self._client_fd, to_client) :]
                    except (BlockingIOError, OSError):
                        pass
                to_client = to_client[-_MAX_UNREAD_OUTPUT:]
        except Exception as error:  # noqa: BLE001 - reported to whoever waits
            with self._changed:
                self._error = "bridge failed: %r" % (error,)
                self._changed.notify_all()

    def _restart(self):
        """The interpreter has gone: reboot it; returns what the board prints meanwhile."""
        process = self._process
        try:
            code = process.wait(5)
        except subprocess.TimeoutExpired:
            self._killpg(process)
            code = process.wait(5)
        was_running = self._phase == "running"
        mode = self._mode
        os.close(self._board_fd)
        self._board_fd = None
        said = b""
        if self.interpreter is None:
            if code == HARD_RESET_EXIT or code < 0:  # machine.reset() or killed by reset()
                mode = "friendly"
            else:
                said = SOFT_REBOOT_LINE
                if not was_running:
                    mode = "friendly"
        self._spawn(mode)
        with self._changed:
            self.restarts += 1
            self._transcript += said
            self._console += said
            self._changed.notify_all()
        return said

    def _from_board(self, data):
        """Board output -> what the port shows: boot markers removed, the friendly banner
        hidden when the board reboots into the raw REPL; notes the REPL mode."""
        forward = b""
        console = b""
        if self._phase == "booting":
            # Until the REPL's banner: boot.py and main.py run; in the raw mode the banner
            # is hidden (the board comes back straight into the raw REPL).
            self._pending += data
            data = b""
            while self._phase == "booting":
                found = [
                    (at, marker)
                    for marker in (_USER_BEGIN, _USER_END, FRIENDLY_REPL_BANNER)
                    for at in [self._pending.find(marker)]
                    if at >= 0
                ]
                if not found:
                    if self._mode == "friendly":
                        cut = len(self._pending) - _partial_marker(self._pending)
                        forward += self._pending[:cut]
                        console += self._pending[:cut]
                        self._pending = self._pending[cut:]
                    break
                at, marker = min(found)
                if marker is FRIENDLY_REPL_BANNER:
                    line = self._pending.rfind(b"MicroPython", 0, at)
                    cut = line if line >= 0 else at
                    forward += self._pending[:cut]
                    console += self._pending[:cut]
                    data, self._pending = self._pending[cut:], b""
                    if self._mode == "raw":
                        os.write(self._board_fd, b"\x01")
                        self._phase = "swallowing"
                    else:
                        self._phase = "running"
                        self._accepts_input = True
                else:
                    forward += self._pending[:at]
                    console += self._pending[:at]
                    self._pending = self._pending[at + len(marker) :]
                    self._accepts_input = marker is _USER_BEGIN and self._mode == "friendly"
        if self._phase == "swallowing":
            self._pending += data
            data = b""
            at = self._pending.find(RAW_REPL_BANNER)
            if at >= 0:
                data, self._pending = self._pending[at:], b""
                self._phase = "running"
                self._accepts_input = True
        if self._phase == "running" and data:
            forward += data
            console += self._note_mode(data)
        with self._changed:
            self._transcript += forward
            self._console += console
            self._changed.notify_all()
        return forward

    def _note_mode(self, data):
        """Follow raw/friendly REPL switches in the output; returns the part printed
        outside the raw REPL."""
        window = self._tail + data
        position = len(self._tail)  # where the new bytes begin
        console = b""
        while True:
            marker = FRIENDLY_REPL_BANNER if self._mode == "raw" else RAW_REPL_BANNER
            # Only a marker that ends in the new bytes counts.
            at = window.find(marker, max(0, position - len(marker) + 1))
            if at < 0:
                if self._mode == "friendly":
                    console += window[position:]
                break
            end = at + len(marker)
            if self._mode == "friendly":
                console += window[position : max(position, at)]
                self._mode = "raw"
            else:
                # The banner's first line ("MicroPython v...") precedes the marker.
                line = window.rfind(b"MicroPython", position, at)
                console += window[max(position, line if line >= 0 else at) : end]
                self._mode = "friendly"
            position = max(position, end)
        self._tail = window[-200:]
        return console


def _partial_marker(data):
    """How many bytes at the end of `data` could begin a boot marker."""
    for size in range(min(len(data), len(_USER_BEGIN) - 1), 0, -1):
        tail = data[-size:]
        if _USER_BEGIN.startswith(tail) or _USER_END.startswith(tail):
            return size
    return 0
