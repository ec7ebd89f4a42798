"""`sixtysix bench device --emulated` and `sixtysix bench ai --emulated`.

Both run on the emulated Pico (emulated.py): MicroPython's own rp2 port on
an emulated RP2040, so heap figures are a 32-bit board's and times are the
chip's own cycles at 125 MHz (`time.ticks_us` on the chip).

- device: deploys the firmware with `sixtysix deploy`, as a user would,
  then plays a whole match of each game by pressing the board's OK button,
  with and without the framebuffer, through tools/emulator/heapprobe.py;
  prints the heap's size and the least free heap seen.
- ai: deploys the firmware, copies bench_ai_mpy.py (the two-player games)
  and bench_ai_seats_mpy.py (three and four at the table) beside it and has
  each level play itself on the chip; prints p50, p95 and max per decision
  in the chip's microseconds, and search nodes per chip millisecond.
"""

from __future__ import annotations

import contextlib
import os
import subprocess
import sys
import tempfile
import threading
from collections.abc import Iterator
from pathlib import Path

from . import emulated
from .bench_common import AI_DRIVER, BENCH_TIME, SEAT_DECISIONS, SEATS_DRIVER, BenchError

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
PROBE = os.path.join(ROOT, "tools", "emulator", "heapprobe.py")
NULL_CANVAS = os.path.join(ROOT, "host_tests", "portable", "nullcanvas.py")
FROZEN_CHECK = """
import os
try:
    import sixtysix_app.boot as b
    os.stat(b.__file__)
    print("the firmware is on the filesystem: " + b.__file__)
except ImportError:
    print("no sixtysix_app in it")
except OSError:
    print("frozen")
"""
PICO_BOARDS = ("pico_display", "thumby", "oled_128x64")
MATCH_LIMIT_S = 4 * 3600  # host seconds a match may take (Sixty-Five: over 45 min on a busy host)


def mpremote(port: str, *args: str, timeout: float = 900) -> str:
    done = subprocess.run(
        [sys.executable, "-m", "mpremote", "connect", port, *args],
        capture_output=True,
        text=True,
        timeout=timeout,
    )
    if done.returncode != 0:
        said = (done.stderr.strip() or done.stdout.strip()).splitlines() or ["?"]
        raise BenchError("mpremote %s failed: %s" % (args[0], said[-1]))
    return done.stdout


@contextlib.contextmanager
def deployed_pico(
    board: str, work: str, image: str | None = None, bootrom: str | None = None, frozen: bool = False
) -> Iterator:
    """A fresh emulated Pico with the firmware deployed by `sixtysix deploy`,
    or, `frozen`, an image that carries the firmware frozen in (checked)."""
    image_path, bootrom_path = emulated.find_inputs(image, bootrom)
    flash = os.path.join(work, board + ".flash")
    with emulated.EmulatedPico(
        image_path,
        bootrom_path,
        flash=Path(flash),
        display=emulated.BOARD_DISPLAYS.get(board),
        usb=emulated.repl_is_usb(),
    ) as pico:
        if frozen:
            # A frozen module's file is not on the filesystem.
            said = mpremote(pico.port, "exec", FROZEN_CHECK).strip()
            if said != "frozen":
                raise BenchError("--frozen: the image does not carry the firmware frozen in (%s)" % said)
            yield pico
            return
        done = subprocess.run(
            [sys.executable, "-m", "sixtysix_tools.cli", "deploy", "--board", board, "--port", pico.port],
            capture_output=True,
            text=True,
            timeout=1800,
        )
        if done.returncode != 0:
            raise BenchError(
                "deploy to the emulated Pico failed: " + (done.stderr or done.stdout).strip()[-500:]
            )
        yield pico


def ok_pin(board_name: str) -> int:
    from sixtysix_app.events import OK

    from .sim import load_board

    board = load_board(board_name)
    for i, (short, _long) in enumerate(board.KEYMAP):
        if short == OK:
            return emulated.button_pins(board_name)[board.BUTTONS[i]]
    raise BenchError("%s has no OK button" % board_name)


def probe_result(line: str):
    """(heap size, least free heap, faults) from the probe's last line, None
    for any other line (the heap's size alone comes first, screens after)."""
    words = line.split()
    if len(words) != 7 or words[:2] != ["heap", "total"] or words[3] != "least-free" or words[5] != "faults":
        return None
    if not all(w.isdigit() for w in (words[2], words[4], words[6])):
        return None
    return (int(words[2]), int(words[4]), int(words[6]))


def play_match(pico, board: str, game: int, level: str, frame: bool, seed: int) -> tuple[int, int, int]:
    """One match through the heap probe, OK pressed until it ends:
    (heap size, least free heap, faults)."""
    code = "import heapprobe\nheapprobe.main(%d, %r, %s, %d)" % (game, level, frame, seed)
    proc = subprocess.Popen(
        [sys.executable, "-m", "mpremote", "connect", pico.port, "exec", code],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    ended = threading.Event()
    pin = ok_pin(board)

    def presser() -> None:
        pico.run(3000)  # the probe's imports and first frame
        while not ended.is_set():
            pico.press(pin, 80, 300)

    thread = threading.Thread(target=presser, daemon=True)
    thread.start()
    result = None
    said: list = []  # the probe's last lines, for the message when it fails
    timer = threading.Timer(MATCH_LIMIT_S, proc.kill)
    timer.start()
    try:
        assert proc.stdout is not None
        for line in proc.stdout:
            said = (said + [line.rstrip()])[-6:]
            result = probe_result(line) or result
    finally:
        ended.set()
        timer.cancel()
        proc.wait()
        thread.join()
    if result is None:
        err = (proc.stderr.read() if proc.stderr else "").strip()
        raise BenchError("the heap probe did not finish: " + " | ".join(said + [err])[-600:])
    return result


def bench_device_emulated(
    seed: int, boards: tuple[str, ...], games: tuple[int, ...], level: str, frozen: bool = False
) -> None:
    from sixtysix_app.settings import GAMES

    print("sixtysix bench device --emulated: heap on MicroPython's rp2 port, emulated RP2040 (rp2040js)")
    print("least free heap in a whole match, sampled after a collection every 20 ms; seed %d" % seed)
    if frozen:
        print("firmware frozen into the image (runs from flash), not deployed to the filesystem")
    print("every computer player at level %s" % level)
    print(
        "%-13s %-11s %9s %16s %16s %7s"
        % ("board", "game", "heap", "least, no frame", "least, frame", "faults")
    )
    with tempfile.TemporaryDirectory() as work:
        for board in boards:
            with deployed_pico(board, work, frozen=frozen) as pico:
                mpremote(pico.port, "cp", PROBE, ":heapprobe.py", "+", "cp", NULL_CANVAS, ":nullcanvas.py")
                for game in games:
                    bare = play_match(pico, board, game, level, False, seed)
                    full = play_match(pico, board, game, level, True, seed)
                    print(
                        "%-13s %-11s %9d %9d (%2d%%) %9d (%2d%%) %7d"
                        % (
                            board,
                            GAMES[game],
                            full[0],
                            bare[1],
                            100 * bare[1] // bare[0],
                            full[1],
                            100 * full[1] // full[0],
                            bare[2] + full[2],
                        ),
                        flush=True,
                    )


def bench_ai_emulated(
    games: tuple[str, ...],
    levels: tuple[str, ...],
    matches: int,
    seed: int,
    positions: int | None = None,
    frozen: bool = False,
) -> None:
    """Each level on the chip: self-play matches, or (two-player games,
    `positions`) that many positions reached by random play.  `frozen`: the
    image carries the firmware (its solver as bytecode: README, "Freeze"),
    nothing is deployed."""
    what = "plays itself"
    if positions is not None:
        what = "decides in %d positions reached by random play" % positions
    print("sixtysix bench ai --emulated: each level %s on MicroPython's rp2 port, emulated RP2040" % what)
    print(
        "times in the chip's microseconds (125 MHz, flash reads at one cycle: a real chip is somewhat slower)"
    )
    if frozen:
        print("firmware frozen into the image, the solver as bytecode (README, section 2c), not deployed")
    print(
        "%-11s %-7s %6s %10s %10s %10s %10s %12s"
        % ("game", "level", "moves", "p50 ms", "p95 ms", "max ms", "max nodes", "nodes/ms")
    )
    with tempfile.TemporaryDirectory() as work, deployed_pico("pico_display", work, frozen=frozen) as pico:
        mpremote(
            pico.port,
            "cp",
            AI_DRIVER,
            ":bench_ai_mpy.py",
            "+",
            "cp",
            SEATS_DRIVER,
            ":bench_ai_seats_mpy.py",
            "+",
            "cp",
            BENCH_TIME,
            ":benchtime.py",
        )
        for game in games:
            for level in levels:
                if game in ("sixty-six", "schnapsen"):
                    mode = "speed" if positions is None else "positions"
                    code = "import bench_ai_mpy\nbench_ai_mpy.main([%r, %r, '%d', '%d', %r])" % (
                        mode,
                        level,
                        matches if positions is None else positions,
                        seed,
                        game,
                    )
                else:
                    code = "import bench_ai_seats_mpy\nbench_ai_seats_mpy.main([%r, '%d', '%d', %r])" % (
                        level,
                        SEAT_DECISIONS,
                        seed,
                        game,
                    )
                out = mpremote(pico.port, "exec", code, timeout=MATCH_LIMIT_S * matches)
                figures = dict(line.split(" ", 1) for line in out.strip().splitlines() if " " in line)
                if "p95_us" not in figures:
                    raise BenchError("bench_ai_mpy on the chip said: " + out.strip()[-300:])
                nodes = int(figures["nodes"])
                total_ms = int(figures["total_us"]) / 1000
                print(
                    "%-11s %-7s %6s %10.1f %10.1f %10.1f %10s %12.1f"
                    % (
                        game,
                        level,
                        figures["moves"],
                        int(figures["median_us"]) / 1000,
                        int(figures["p95_us"]) / 1000,
                        int(figures["max_us"]) / 1000,
                        figures["max_nodes"],
                        nodes / total_ms if total_ms else 0.0,
                    ),
                    flush=True,
                )
