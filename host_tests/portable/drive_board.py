"""Run one board's firmware on a simulated clock, pressing scripted buttons.

    micropython drive_board.py BOARD SAVE_DIR PRESSES_FILE [OUT_DIR|-|+] [ROOT|-] [SEED] [START_MS]

PRESSES_FILE holds "button:ms,button:ms,..." (button = index into the
board's BUTTONS, ms = how long it is held); a file, because this
MicroPython build dies on a command-line argument longer than 255 bytes.  With OUT_DIR the board's framebuffer
(the real `framebuf`, in the board's own pixel format) is written to
OUT_DIR/NNN.raw after each press, and 000.raw before the first.  Without
it (or with "-") the screen is a canvas that draws nothing, so the heap
holds the whole firmware but no framebuffer (the memory test); with "+"
the framebuffer is drawn but not written out (the board's whole heap).  ROOT is a
folder holding sixtysix/, sixtysix_app/ and boards/ compiled to .mpy, as
a deploy puts them on a board; without it (or with "-") the sources are
imported.  SEED (default 3) seeds the app as `sixtysix sim --seed` does: the
presses must come from a simulator run with the same seed.  START_MS
(default 0) is where the loop's clock starts: a board long awake.

Everything else is the firmware as on the board: boot.Runner, Keys, the
app, the session with its saves, the AI.  The last line printed is
"hands H score A:B winner W screen NAME faults F".
"""

import gc
import sys


def _folder_of(path):
    i = path.rfind("/")
    return "." if i < 0 else (path[:i] or "/")


HERE = _folder_of(__file__)
if len(sys.argv) > 5 and sys.argv[5] != "-":
    sys.path.insert(0, sys.argv[5])
else:
    for _p in (HERE + "/../../firmware", HERE + "/../.."):
        if _p not in sys.path:
            sys.path.insert(0, _p)

from nullcanvas import NullCanvas  # noqa: E402

STEP_MS = 20  # as tools/sixtysix_tools/sim.py: the same presses at the same times


class Buttons:
    def __init__(self):
        self.down = 0
        self.pressed = 0

    def read(self):
        p = self.pressed
        self.pressed = 0
        return self.down, p


def main(argv):
    name, save_dir = argv[1], argv[2]
    with open(argv[3]) as f:
        script = f.read().strip()
    out = argv[4] if len(argv) > 4 and argv[4] != "-" else None
    write = out is not None and out != "+"
    board = __import__("boards." + name, None, None, ("NAME",))
    gc.collect()
    if out is None:
        canvas = NullCanvas(board)
        buf = None
    else:
        import framebuf
        from sixtysix_app.canvas_fb import FramebufCanvas

        if board.MONO:
            buf = bytearray(board.WIDTH * ((board.HEIGHT + 7) // 8))
            fmt = framebuf.MONO_VLSB
        else:
            buf = bytearray(board.WIDTH * board.HEIGHT // 2)
            fmt = framebuf.GS4_HMSB
        canvas = FramebufCanvas(
            buf, board.WIDTH, board.HEIGHT, fmt, font=board.FONT, scale=board.SCALE, face=board.FACE
        )
    from sixtysix_app.app import App
    from sixtysix_app.boot import Runner
    from sixtysix_app.keys import Keys
    from sixtysix_app.save import Store
    from sixtysix_app.session import Session

    store = Store(save_dir)

    def make_session():
        return Session(store)

    buttons = Buttons()
    app = App(canvas, make_session(), int(argv[6]) if len(argv) > 6 else 3)
    runner = Runner(app, buttons, Keys(board.KEYMAP), make_session, save_dir)
    clock = [int(argv[7]) if len(argv) > 7 else 0]

    def step(ms=STEP_MS):
        clock[0] += ms
        runner.step(clock[0])

    def settle():
        for _ in range(200):
            step()
            if not app.busy and not app.dirty:
                return

    def dump(n):
        if write:
            with open("%s/%03d.raw" % (out, n), "wb") as f:
                f.write(buf)

    presses = []
    for token in script.split(","):
        if token:
            b, ms = token.split(":")
            presses.append((int(b), int(ms)))
    del script
    step(0)  # the simulator's clock too starts with a step of 0 ms
    dump(0)
    n = 0
    for b, ms in presses:
        n += 1
        buttons.down |= 1 << b
        buttons.pressed |= 1 << b
        step()
        t = STEP_MS
        while t < ms:
            step()
            t += STEP_MS
        buttons.down &= ~(1 << b)
        step()
        settle()
        dump(n)
    m = app.session.match
    hands = m.hands_played if m else 0
    scores = (m.scores[0], m.scores[1]) if m else (0, 0)
    winner = m.winner if m else -1
    screen = type(app.screen).__name__
    print(
        "hands %d score %d:%d winner %d screen %s faults %d"
        % (hands, scores[0], scores[1], winner, screen, runner.faults)
    )


main(sys.argv)
