"""The simulated board: the device firmware on the desktop.

The real firmware (sixtysix_app: screens, button handling, saves, the fault
screen) runs unchanged in `Sim`; only the board's panel and buttons are
stand-ins: a host canvas with the board's size, font and colours, and
buttons pressed by the caller.  The `sixtysix sim` command around it is
sim_command.py; the tour (tour.py), the window and the terminal
(simview.py) and the bench drive a `Sim` and import this module, which
imports none of them.
"""

import os

LONG_MS = 800  # how long a scripted or shifted long press is held
TAP_MS = 60
STEP_MS = 20

# Keyboard keys for the board buttons, by button name (pygame key names;
# the terminal uses the same letters and the arrow keys).
KEY_FOR = {
    "A": "a",
    "B": "b",
    "X": "x",
    "Y": "y",
    "LEFT": "left",
    "RIGHT": "right",
    "UP": "up",
    "DOWN": "down",
    "SELECT": "s",
    "START": "return",
    "OK": "return",
    "BACK": "backspace",
    "HINT": "h",
}


class UsageError(Exception):
    """A bad command line: one message, exit status 2."""


def load_board(name: str):
    from .board_files import BoardError, import_board

    try:
        return import_board(name)
    except BoardError as e:
        raise UsageError(str(e)) from None


def make_canvas(board):
    """The host stand-in for the board's panel: CircuitPython boards get the
    real displayio canvas over a headless display, framebuf boards a host
    canvas drawing exactly the pixels framebuf would."""
    if board.PORT == "circuitpython":
        from .hostcanvas import headless_displayio_canvas

        try:
            return headless_displayio_canvas(board.WIDTH, board.HEIGHT, board.FACE[1])
        except ImportError as e:
            raise UsageError(
                "the %s is drawn by CircuitPython's displayio, and %s is not installed here:"
                " .venv/bin/pip install -e '.[sim]' brings it" % (board.NAME, e.name or "part of it")
            ) from None
    from .hostcanvas import HostCanvas

    return HostCanvas(
        board.WIDTH, board.HEIGHT, mono=board.MONO, font=board.FONT, scale=board.SCALE, face=board.FACE
    )


def key_names(board) -> list:
    """The keyboard key of each board button, in button order."""
    names = []
    for i, button in enumerate(board.BUTTONS):
        names.append(KEY_FOR.get(button.upper(), str(i + 1)))
    return names


class SimButtons:
    """Buttons pressed by the simulator, read like the board's."""

    def __init__(self) -> None:
        self.down = 0
        self.pressed = 0

    def press(self, i: int) -> None:
        self.down |= 1 << i
        self.pressed |= 1 << i

    def release(self, i: int) -> None:
        self.down &= ~(1 << i)

    def read(self):
        pressed = self.pressed
        self.pressed = 0
        return self.down, pressed


class Sim:
    """The firmware's own loop (boot.Runner) on a simulated clock."""

    def __init__(self, board, save_dir: str, seed: int = 1, text_cells: bool = False) -> None:
        from sixtysix_app.app import App
        from sixtysix_app.boot import Runner
        from sixtysix_app.keys import Keys
        from sixtysix_app.save import Store
        from sixtysix_app.session import Session

        os.makedirs(save_dir, exist_ok=True)
        self.board = board
        self.save_dir = save_dir
        self.seed = seed
        self.canvas = make_canvas(board)
        if text_cells:  # what the terminal shows when the pixels do not fit
            from .textview import CellCanvas

            self.canvas = CellCanvas(self.canvas, mono=getattr(board, "MONO", False))
        self.buttons = SimButtons()
        store = Store(save_dir)

        def make_session():
            return Session(store)

        self.app = App(self.canvas, make_session(), seed)
        self.runner = Runner(self.app, self.buttons, Keys(board.KEYMAP), make_session, save_dir)
        self.now = 0
        self.step(0)

    def step(self, ms: int = STEP_MS) -> int:
        self.now += ms
        return self.runner.step(self.now)

    def settle(self, limit: int = 200) -> None:
        """Run until the computer has moved and nothing more happens on its own."""
        for _ in range(limit):
            self.step()
            if not self.app.busy and not self.app.dirty:
                return

    def hold(self, i: int, ms: int) -> None:
        self.buttons.press(i)
        self.step()
        t = STEP_MS
        while t < ms:
            self.step()
            t += STEP_MS
        self.buttons.release(i)
        self.step()
        self.settle()

    def button_index(self, name: str) -> int:
        for i, b in enumerate(self.board.BUTTONS):
            if b.upper() == name.upper():
                return i
        from .textin import cut_short

        raise UsageError(
            "board %s has no button '%s'; its buttons are: %s"
            % (self.board.__name__.split(".")[-1], cut_short(name), " ".join(self.board.BUTTONS))
        )
