"""The board side of `sixtysix bench device --emulated` (MicroPython only).

Copied to the emulated Pico beside the deployed firmware and started over
the REPL as `heapprobe.main(GAME, LEVEL, FRAME, SEED)`. It runs the
firmware's own loop, pass for pass as `boot.run` does, with the board's own
buttons and, when FRAME is true, its own panel (else a panel that draws
nothing, so the heap holds the firmware without a framebuffer). The host
presses the buttons.

The heap is watched by a timer: every 20 ms of the chip's time (and never
sooner than 20 ms after the last collection ended) it collects the garbage
and notes the free heap, so the least figure is the least room
left by live data at any sampled moment of the match, inside searches
included. It prints a line per screen shown, with the least free heap so
far (so a run stopped early still tells what it saw; the heap's total
size is printed first for the same reason), and, once the match is over:

    heap total T least-free F faults N
"""

import gc
import sys
from time import sleep_ms, ticks_diff, ticks_ms  # type: ignore[attr-defined]

from machine import Timer  # type: ignore[import-not-found]

LEAST = [1 << 29]
WATCH_MS = 20
DONE = [0]  # ticks_ms when the last collection ended


def _watch(_timer) -> None:
    # A collection of a large heap can take longer than the period itself:
    # then the next one would start at once and the firmware never run (the
    # games for four stood still for half an hour). So the firmware always
    # gets WATCH_MS of its own between two collections.
    if _timer is not None and ticks_diff(ticks_ms(), DONE[0]) < WATCH_MS:
        return
    gc.collect()
    free = gc.mem_free()  # type: ignore[attr-defined]
    if free < LEAST[0]:
        LEAST[0] = free
    DONE[0] = ticks_ms()


def _name(screen) -> str:
    return type(screen).__name__ + ":" + str(getattr(screen, "title", ""))


def main(game: int, level: str, frame: bool, seed: int) -> None:
    # The current folder last, as firmware/main.py orders it for a frozen
    # image: else the save folder `sixtysix` the first run made hides the
    # frozen package in the second.  Deployed files are found there still.
    if "" in sys.path:
        sys.path.remove("")
        sys.path.append("")
    from sixtysix_app import start
    from sixtysix_app.boot import Runner, let_go

    board = start.find_board()
    del start
    let_go("start")  # as boot.boot does: the match's heap does not keep it
    from sixtysix_app.app import App
    from sixtysix_app.keys import Keys
    from sixtysix_app.save import Store
    from sixtysix_app.session import Session

    gc.collect()
    total = gc.mem_free() + gc.mem_alloc()  # type: ignore[attr-defined]
    if frame:
        canvas = board.open_canvas()
    else:
        from nullcanvas import NullCanvas

        canvas = NullCanvas(board)
    buttons = board.open_buttons()
    store = Store(board.SAVE_DIR)

    def make_session():
        return Session(store)

    app = App(canvas, make_session(), seed)
    settings = app.session.settings
    settings.set_game(game)
    settings.level = level
    runner = Runner(app, buttons, Keys(board.KEYMAP), make_session, board.SAVE_DIR)
    gc.collect()
    LEAST[0] = gc.mem_free()  # type: ignore[attr-defined]
    print("heap total", total)
    timer = Timer(period=WATCH_MS, callback=_watch)
    shown = ""
    elapsed = 0
    last = ticks_ms()
    try:
        while True:
            t = ticks_ms()
            elapsed += ticks_diff(t, last)
            last = t
            if not runner.step(elapsed) and not app.busy:
                sleep_ms(runner.pause or 10)
            name = _name(app.screen)
            if name != shown:
                shown = name
                print("screen", name, "least-free-so-far", LEAST[0])
                if name.startswith("Pages:Match over"):
                    break
    finally:
        timer.deinit()
    _watch(None)
    print("heap total %d least-free %d faults %d" % (total, LEAST[0], runner.faults))
