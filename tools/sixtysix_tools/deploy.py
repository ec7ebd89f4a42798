"""`sixtysix deploy --board NAME`: put the firmware on a board over USB.

MicroPython boards get the firmware compiled with mpy-cross for the board's
.mpy format (less RAM at import, faster start); CircuitPython boards
(`--circuitpy PATH`) get the source files on their USB drive, since
CircuitPython's .mpy format is its own (circuitpy.py).

The board is driven with the `mpremote` command line, run as a subprocess
(`python -m mpremote`, the same tool and the same commands a user would
type), so a deploy can be repeated by hand step by step; only the final
soft reset is a Ctrl-D typed on the serial port with pyserial, because
mpremote's own `soft-reset` reboots into the raw REPL, which skips main.py.

Order of the work on the board, chosen so that an interrupted deploy
leaves a board that starts to the REPL rather than into half a firmware:
remove main.py (or, when sixtysix did not write it, rename it main.py.bak:
the user's own start file is kept) and the stale files, copy, verify the
hashes, write main.py, soft-reset, and show what the board said if the
firmware did not start.

User errors print one sentence on standard error and exit with status 2.
"""

import ast
import hashlib
import os
import subprocess
import sys
import tempfile
import time

from sixtysix.ai import BYTECODE_SHARE

from .firmware_files import (
    MAIN_SOURCE,
    MPY_ARCHES,
    OWNED_FOLDERS,
    DeployError,
    backup_name,
    firmware_sources,
    load_board,
)
from .mpyformat import (
    TOOLS_HINT,
    arch_name,
    board_format,
    compile_firmware,
    compile_viper,
    find_mpy_cross,
    incompatibility,
    loads_arch,
    parse_header,
)
from .textin import shown

# Seconds one mpremote command may take; a copy gets more per file.
COMMAND_TIMEOUT = 30
COPY_TIMEOUT_PER_FILE = 10


# ---- tools ---------------------------------------------------------------------------


def need_mpremote() -> None:
    import importlib.util

    if importlib.util.find_spec("mpremote") is None:
        raise DeployError("no `mpremote` beside this Python; " + TOOLS_HINT)


# ---- the board, through mpremote ----------------------------------------------------

_QUERY = """
import sys, os
i = sys.implementation
try:
    s = os.statvfs('/')
    free = s[0] * s[3]
except Exception:
    free = -1
v = (i.name, tuple(i.version[:3]), getattr(i, '_mpy', 0), sys.maxsize, free, sys.platform)
print('SIXTYSIX-BOARD', repr(v))
try:
    import gc
    gc.collect()
    print('SIXTYSIX-HEAP', repr((gc.mem_free() + gc.mem_alloc(),)))
except Exception:
    pass
"""

_LIST = """
import os
for d in %r:
    try:
        for e in os.ilistdir(d):
            if e[1] != 0x4000:
                print('SIXTYSIX-FILE', repr((d + '/' + e[0], e[3] if len(e) > 3 else 0)))
    except OSError:
        pass
for f in ('main.py',):
    try:
        print('SIXTYSIX-FILE', repr((f, os.stat(f)[6])))
        with open(f, 'rb') as g:
            if b'sixtysix_app' not in g.read(4096):
                print('SIXTYSIX-FOREIGN', repr((f,)))
    except OSError:
        pass
for f in os.listdir():
    if f.startswith('main.py.bak'):
        print('SIXTYSIX-TAKEN', repr((f,)))
"""

_PREPARE = """
import os
for a, b in %r:
    os.rename(a, b)
for f in %r:
    os.remove(f)
for d in %r:
    try:
        os.mkdir(d)
    except OSError:
        pass
"""

_HASHES = """
import hashlib, binascii
b = bytearray(512)
for f in %r:
    h = hashlib.sha256()
    with open(f, 'rb') as g:
        while True:
            n = g.readinto(b)
            if not n:
                break
            h.update(memoryview(b)[:n])
    print('SIXTYSIX-HASH', repr((f, binascii.hexlify(h.digest()).decode())))
"""


def marked(output: str, mark: str, types: tuple) -> list:
    """The tuples the board printed after `mark` as Python literals, with
    fields of these types; a line that is not one (cut short, or a device
    that prints anything) is left out, so a bad answer reads as no answer."""
    found = []
    for line in output.splitlines():
        if line.startswith(mark + " "):
            try:
                value = ast.literal_eval(line[len(mark) + 1 :])
            except (ValueError, TypeError, SyntaxError, MemoryError, RecursionError):
                continue
            if (
                isinstance(value, tuple)
                and len(value) == len(types)
                and all(isinstance(v, t) for v, t in zip(value, types))
            ):
                found.append(value)
    return found


def mpremote_command() -> list:
    return [sys.executable, "-m", "mpremote"]


def list_ports() -> list:
    """(port, description) of each USB serial device mpremote sees."""
    try:
        done = subprocess.run(
            [*mpremote_command(), "connect", "list"], capture_output=True, text=True, timeout=COMMAND_TIMEOUT
        )
    except subprocess.TimeoutExpired:
        raise DeployError("`mpremote connect list` did not finish") from None
    if done.returncode != 0:
        raise DeployError("mpremote cannot list the serial ports: %s" % done.stderr.strip())
    return parse_port_list(done.stdout)


def parse_port_list(text: str) -> list:
    """Lines `PORT SERIAL VID:PID MANUFACTURER PRODUCT`; a port with no USB
    ids (0000:0000, a built-in UART) is no board, as for mpremote's own
    auto-connect."""
    ports = []
    for line in text.splitlines():
        fields = line.split()
        if len(fields) < 3 or fields[2] == "0000:0000":
            continue
        ports.append((fields[0], " ".join(f for f in fields[3:] if f != "None") or fields[2]))
    return ports


def choose_port(port) -> str:
    if port:
        return port
    ports = list_ports()
    if not ports:
        raise DeployError(
            "no board found: plug it in with a data USB cable (flash MicroPython first), "
            "or name its serial port with --port"
        )
    if len(ports) > 1:
        raise DeployError(
            "several boards found; choose one with --port:\n"
            + "\n".join("  --port %s   (%s)" % (shown(p), what) for p, what in ports)
        )
    return ports[0][0]


class Board:
    """One serial port driven by mpremote subprocesses."""

    def __init__(self, port: str, verbose: bool = False) -> None:
        self.port = port
        self.verbose = verbose
        self.fresh = True  # the first command soft-resets (a clean heap); later ones resume

    def mpremote(self, *args, timeout: float = COMMAND_TIMEOUT):
        command = [*mpremote_command(), "connect", self.port]
        if not self.fresh:
            command.append("resume")
        self.fresh = False
        command += list(args)
        if self.verbose:
            words = [a if "\n" not in a else "'%s ...'" % a.strip().split("\n")[0] for a in command[3:]]
            print("$ mpremote", " ".join(words))
        try:
            done = subprocess.run(command, capture_output=True, text=True, timeout=timeout)
        except subprocess.TimeoutExpired:
            raise DeployError(
                "the board on %s did not answer within %d s" % (shown(self.port), timeout)
            ) from None
        if done.returncode != 0:
            raise DeployError(self.explain(done.stdout + done.stderr))
        return done.stdout

    def explain(self, said: str) -> str:
        """One sentence for a failed mpremote command."""
        if "No space left" in said or "ENOSPC" in said or "Errno 28" in said or "OSError: 28" in said:
            return (
                "the board is full (no space left on its flash while copying); remove files you do not "
                "need (mpremote connect %s fs ls) and deploy again; until then it starts to the REPL"
                % shown(self.port)
            )
        if "could not enter raw repl" in said:
            return (
                "the device on %s does not answer like MicroPython (no raw REPL); flash MicroPython "
                "first (see the README), or for a CircuitPython board use --circuitpy PATH" % shown(self.port)
            )
        if "failed to access" in said or "could not open" in said or "No such file" in said:
            return "cannot open %s: no board there, or another program (Thonny, a terminal) has it open" % (
                shown(self.port)
            )
        return "mpremote failed on %s:\n%s" % (shown(self.port), said.strip())

    def exec(self, code: str, timeout: float = COMMAND_TIMEOUT) -> str:
        return self.mpremote("exec", code, timeout=timeout)

    def soft_reset(self) -> str:
        """Ctrl-D at the friendly REPL (where mpremote leaves the board): a
        soft reboot that runs main.py.  Returns what the board printed in
        the following two seconds."""
        import serial  # pyserial, which mpremote itself uses

        port_errors: tuple = (OSError, serial.SerialException)
        try:  # pyserial's flush is termios.tcdrain, whose error is no OSError (not on Windows)
            import termios

            port_errors += (termios.error,)
        except ImportError:
            pass
        said = b""
        try:
            with serial.Serial(self.port, 115200, timeout=0.1) as link:
                link.write(b"\r\x03\x03\x04")
                link.flush()
                deadline = time.monotonic() + 2
                while time.monotonic() < deadline:
                    said += link.read(4096)
        except port_errors as error:  # unplugged, or it re-enumerated
            why = getattr(error, "strerror", None) or (error.args[-1] if len(error.args) == 2 else error)
            raise DeployError(
                "the firmware is on the board, but %s went away before the soft reset (%s): press reset "
                "on the board to start it" % (shown(self.port), why)
            ) from None
        return said.decode("utf-8", "replace")


def query(board: Board) -> dict:
    """Implementation, version, .mpy format, free bytes on the drive and
    MicroPython's heap (-1 where the board does not say) of the board."""
    said = board.exec(_QUERY)
    values = marked(said, "SIXTYSIX-BOARD", (str, tuple, int, int, int, str))
    if not values:
        raise DeployError("the device on %s does not answer like MicroPython" % shown(board.port))
    name, version, mpy, maxsize, free, platform = values[0]
    heap = marked(said, "SIXTYSIX-HEAP", (int,))
    return {
        "name": name,
        "version": ".".join(str(v) for v in version),
        "mpy": mpy,
        "maxsize": maxsize,
        "free": free,
        "platform": platform,
        "heap": heap[0][0] if heap else -1,
    }


def check_board(info: dict, board_module, header: bytes) -> list:
    """Refuse a board that cannot run the compiled firmware; returns notes
    worth printing."""
    if info["name"] != "micropython":
        if info["name"] == "circuitpython":
            raise DeployError(
                "the board on this port runs CircuitPython %s, not MicroPython: copy the source with "
                "--circuitpy PATH (the CIRCUITPY drive), or flash MicroPython first" % info["version"]
            )
        raise DeployError(
            "the board runs %s %s, not MicroPython; flash MicroPython first" % (info["name"], info["version"])
        )
    if not info["mpy"]:
        raise DeployError(
            "MicroPython %s does not say which .mpy format it loads; flash a current MicroPython"
            % info["version"]
        )
    board = board_format(info["mpy"], info["maxsize"])
    why = incompatibility(parse_header(header), board)
    if why:
        raise DeployError(
            "wrong .mpy format: mpy-cross writes %s (MicroPython %s on the board); flash the MicroPython "
            "release that matches `mpy-cross --version`, or install the mpy-cross that matches the board"
            % (why, info["version"])
        )
    notes = []
    expected = board_module.ARCH
    if (
        board["arch"]
        and expected in MPY_ARCHES[1:]
        and not loads_arch(board["arch"], MPY_ARCHES.index(expected))
    ):
        notes.append(
            "note: the board is %s but %s is made for %s; is --board right? (the compiled files hold "
            "no native code, so they load anyway)"
            % (arch_name(board["arch"]), board_module.__name__, expected)
        )
    return notes


# The most heap a match took on the emulated Pico (`sixtysix bench device
# --emulated`, docs/DEVICE.md "Memory"), with the Pico Display's frame: loaded from
# .mpy files, the three-hand match at hard (the most of today's firmware,
# 249,856 - 85,856 bytes with the viper search, 21e9f1f; a test keeps this the
# table's largest), and frozen into the image, the Sixty-Five match at hard
# (249,856 - 180,720, 0e8e1d1; a test keeps this the frozen rows' largest).
FILES_MATCH_HEAP = 164_000
FROZEN_MATCH_HEAP = 69_136


def heap_note(heap: int) -> str:
    """A warning for a board whose heap is smaller than the most a match
    took with the firmware loaded from files; "" when it is larger, or the
    board did not say (-1)."""
    if heap < 0 or heap >= FILES_MATCH_HEAP:
        return ""
    return (
        "note: MicroPython's heap on this board is %d KB now, and with the firmware loaded from files a "
        "match took up to %d KB on the emulated Pico. An ESP32 grows its heap when it has RAM to "
        "spare, so the games may still fit; a game that does not stops with a memory fault (code MEM) "
        "and keeps the match. With the firmware frozen into the image (README, section 2c) a match took "
        "up to %d KB." % (heap // 1024, FILES_MATCH_HEAP // 1024, FROZEN_MATCH_HEAP // 1024)
    )


# ---- the plan -----------------------------------------------------------------------


def make_plan(on_board: dict, new_files: dict, keep: dict | None = None) -> dict:
    """What to do, from the files on the board ({path: size}) and the new
    set ({board path: local path}): keep a main.py that is not ours under
    the name `keep` gives it ({old: new}, renamed, never removed), remove
    every .py/.mpy file in our folders that is not in the new set (a .py
    beside a new .mpy included: it would win at import), remove and
    rewrite main.py, copy the new set.  main.py goes first: the board
    removes in this order, and a deploy stopped after some stale modules
    must not start what is left."""
    keep = keep or {}
    remove = ["main.py"] if "main.py" in on_board and "main.py" not in keep else []
    for path in sorted(on_board):
        folder, _, name = path.rpartition("/")
        if (
            folder in OWNED_FOLDERS
            and (name.endswith(".py") or name.endswith(".mpy"))
            and path not in new_files
        ):
            remove.append(path)
    folders = sorted({path.rpartition("/")[0] for path in new_files if "/" in path})
    new_bytes = sum(os.path.getsize(local) for local in new_files.values()) + len(MAIN_SOURCE)
    freed = sum(on_board[path] for path in remove) + sum(on_board.get(path, 0) for path in new_files)
    return {
        "keep": keep,
        "remove": remove,
        "mkdir": [f for f in folders if not any(p.startswith(f + "/") for p in on_board)],
        "copy": sorted(new_files),
        "write": {"main.py": MAIN_SOURCE},
        "new_bytes": new_bytes,
        "freed_bytes": freed,
    }


def print_plan(plan: dict, port: str) -> None:
    print("Plan for %s:" % shown(port))
    for path, kept in plan["keep"].items():
        print("  rename  :%s to :%s  (your own start file, kept)" % (path, kept))
    for path in plan["remove"]:
        print("  remove  :%s" % path)
    for path in plan["mkdir"]:
        print("  mkdir   :%s" % path)
    for path in plan["copy"]:
        print("  copy    :%s" % path)
    for path in plan["write"]:
        print("  write   :%s  (the start file: runs sixtysix_app.boot, or says in one line why not)" % path)
    print("  verify  sha256 of every copied file")
    print("  soft-reset (main.py starts the game)")


def read_board_files(board: Board) -> tuple:
    """The files on the board ({path: size}: our folders and main.py) and
    the names a start file not written by sixtysix is kept under ({old:
    new}): a user's own main.py is never removed."""
    said = board.exec(_LIST % (OWNED_FOLDERS,))
    files = dict(marked(said, "SIXTYSIX-FILE", (str, int)))
    taken = {name for (name,) in marked(said, "SIXTYSIX-TAKEN", (str,))}
    keep = {
        name: backup_name(name, taken)
        for (name,) in marked(said, "SIXTYSIX-FOREIGN", (str,))
        if name in files
    }
    return files, keep


def copy_files(board: Board, plan: dict, new_files: dict) -> None:
    """One mpremote run: `fs cp` per folder, joined with `+`."""
    by_folder: dict = {}
    for path in plan["copy"]:
        by_folder.setdefault(path.rpartition("/")[0], []).append(new_files[path])
    args: list = []
    for folder in sorted(by_folder):
        if args:
            args.append("+")
        args += ["fs", "cp", *by_folder[folder], ":%s/" % folder]
    board.mpremote(*args, timeout=COMMAND_TIMEOUT + COPY_TIMEOUT_PER_FILE * len(plan["copy"]))


def verify(board: Board, expected: dict) -> None:
    """Compare sha256 of each file on the board with the local bytes."""
    try:
        got = dict(
            marked(board.exec(_HASHES % (sorted(expected),), timeout=120), "SIXTYSIX-HASH", (str, str))
        )
    except DeployError as error:
        if "hashlib" not in str(error) and "sha256" not in str(error):
            raise
        got = {}  # no hashlib on this build: mpremote reads each file back and hashes it here
        for path in sorted(expected):
            line = board.mpremote("fs", "sha256sum", ":" + path, timeout=120)
            got[path] = line.split()[-1] if line.split() else ""
    bad = [path for path in sorted(expected) if got.get(path) != expected[path]]
    if bad:
        raise DeployError(
            "verification failed, the board holds other bytes in: %s; deploy again" % ", ".join(bad)
        )


def check_room(free: int, plan: dict, port: str) -> None:
    """Refuse before anything changes when the firmware does not fit in
    the bytes the board has free (-1 when it did not say) and those the
    files it replaces take."""
    if free >= 0 and plan["new_bytes"] > free + plan["freed_bytes"]:
        raise DeployError(
            "the board is full: the firmware needs %d bytes, %d are free (after removing the old "
            "firmware); remove files you do not need (mpremote connect %s fs ls) and deploy again"
            % (plan["new_bytes"], free + plan["freed_bytes"], shown(port))
        )


# Where a deploy stopped, said when it is interrupted (Ctrl-C).
UNCHANGED = "nothing on the board was changed: deploy again"
HALF_DONE = "the board starts to the REPL until a deploy completes (main.py is written last): deploy again"
ALL_COPIED = "the firmware is on the board: press reset on the board to start it"


def deploy_micropython(args) -> int:
    """The deploy; a Ctrl-C, or its output closing, at any step says where
    it left the board."""
    stage = [UNCHANGED]
    try:
        return _deploy_micropython(args, stage)
    except KeyboardInterrupt:
        print("sixtysix deploy: interrupted; %s" % stage[0], file=sys.stderr)
        return 130
    except BrokenPipeError:  # our output closed (`deploy ... | head`), not the board
        if args.dry_run:
            raise  # only a plan was being printed: as every command read by `head`
        raise DeployError("the output was closed before the deploy ended; %s" % stage[0]) from None


def _deploy_micropython(args, stage: list) -> int:
    board_module = load_board(args.board)
    if board_module.PORT != "micropython":
        raise DeployError(
            "%s runs CircuitPython: mount its CIRCUITPY drive and use --circuitpy PATH" % args.board
        )
    mpy_cross = find_mpy_cross()
    need_mpremote()
    port = choose_port(args.port)
    board = Board(port, verbose=args.verbose)
    with tempfile.TemporaryDirectory(prefix="sixtysix-deploy-") as out_dir:
        sources = firmware_sources(args.board)
        new_files = compile_firmware(sources, board_module.ARCH, out_dir, mpy_cross)
        with open(new_files["sixtysix_app/boot.mpy"], "rb") as f:
            header = f.read(4)
        info = query(board)
        print(
            "Board on %s: %s %s (%s), .mpy v%d.%d"
            % (
                shown(port),
                info["name"],
                info["version"],
                info["platform"],
                info["mpy"] & 0xFF,
                (info["mpy"] >> 8) & 3,
            )
        )
        for note in check_board(info, board_module, header) + [heap_note(info["heap"])]:
            if note:
                print(note)
        loads = board_format(info["mpy"], info["maxsize"])
        why = compile_viper(new_files, board_module.ARCH, out_dir, mpy_cross, loads)
        if why:
            print(
                "note: the board cannot load mpy-cross's machine code (%s), so the solver goes as "
                "bytecode: the medium and hard levels search %d%% of their usual nodes to keep their "
                "move times, and play weaker; for full strength flash the MicroPython "
                "release that matches `mpy-cross --version`" % (why, BYTECODE_SHARE)
            )
        on_board, keep = read_board_files(board)
        plan = make_plan(on_board, new_files, keep)
        if args.dry_run:
            print_plan(plan, port)
            print("Dry run: nothing on the board was changed.")
            return 0
        check_room(info["free"], plan, port)
        stage[0] = HALF_DONE
        board.exec(_PREPARE % (sorted(plan["keep"].items()), plan["remove"], plan["mkdir"]))
        for path, kept in plan["keep"].items():
            print("kept your %s as %s (it was not written by sixtysix)" % (path, kept))
        for path in plan["remove"]:
            print("removed :%s" % path)
        copy_files(board, plan, new_files)
        print("copied %d files" % len(plan["copy"]))
        expected = {}
        for path, local in new_files.items():
            with open(local, "rb") as f:
                expected[path] = hashlib.sha256(f.read()).hexdigest()
        verify(board, expected)
        board.exec("f = open('main.py', 'w')\nf.write(%r)\nf.close()" % MAIN_SOURCE)
        verify(board, {"main.py": hashlib.sha256(MAIN_SOURCE.encode()).hexdigest()})
        stage[0] = ALL_COPIED
        print("verified %d files (sha256)" % (len(expected) + 1))
    said = board.soft_reset()
    if "Traceback" in said:
        print("The board reset, but the firmware stopped with an error:\n%s" % said.strip(), file=sys.stderr)
        return 1
    # What the firmware says when it cannot start (a panel that does not
    # answer, a library missing) is printed once, at power-on, before any
    # terminal is attached: this is the one moment it can be shown.
    refused = [line.strip() for line in said.splitlines() if line.strip().startswith("sixtysix:")]
    if refused:
        print(
            "The firmware is on the board, but it did not start; the board said:\n%s" % shown(refused[0]),
            file=sys.stderr,
        )
        return 1
    print("Soft reset: %s is starting on %s." % (board_module.NAME, shown(port)))
    return 0


# ---- the command --------------------------------------------------------------------


def add_arguments(parser) -> None:
    from boards import BOARDS

    names = ", ".join(BOARDS)
    parser.add_argument("--board", required=True, help="the board module (boards/NAME.py): " + names)
    parser.add_argument("--port", help="the board's serial port (default: the only board plugged in)")
    parser.add_argument("--dry-run", action="store_true", help="print the plan, change nothing")
    parser.add_argument(
        "--circuitpy", metavar="PATH", help="CircuitPython: the mounted CIRCUITPY drive to copy the source to"
    )
    parser.add_argument(
        "--boot-py",
        action="store_true",
        help="CircuitPython: also copy a boot.py that lets the game save (the drive turns read-only "
        "for the computer unless START is held at reset)",
    )
    parser.add_argument("--verbose", action="store_true", help="show each mpremote command")
    parser.set_defaults(run=run)


def run(args) -> int:
    try:
        if args.boot_py and not args.circuitpy:
            raise DeployError(
                "--boot-py is for a CircuitPython board's drive (with --circuitpy PATH); "
                "a MicroPython board keeps its own boot.py"
            )
        if args.circuitpy and args.port:
            raise DeployError(
                "--port is for a MicroPython board's serial port; a CircuitPython board is "
                "copied to through its drive (--circuitpy PATH) alone"
            )
        if args.circuitpy:
            from .circuitpy import deploy_circuitpy

            return deploy_circuitpy(args)
        return deploy_micropython(args)
    except DeployError as error:
        # a sentence per line: shown() escapes control characters, the line breaks of a list too
        print(
            "sixtysix deploy: %s" % "\n".join(shown(line) for line in str(error).split("\n")), file=sys.stderr
        )
        return 2
