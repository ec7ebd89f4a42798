"""Adafruit PyBadge (or PyBadge LC, EdgeBadge), under CircuitPython.

The built-in 1.8" 160x128 colour panel (board.DISPLAY, drawn through
displayio with terminalio's font: FONT and SCALE do not apply, nor FACE's
font, but its scale does) and eight
buttons read through the badge's shift register with keypad, in its key
order B, A, START, SELECT, RIGHT, DOWN, UP, LEFT.  Buttons: the d-pad
moves (left/up = previous, right/down = next, repeating when held), A = OK,
B = back, SELECT = hint, START = back.  Saving needs a writable drive:
a boot.py that remounts the filesystem for the code.
"""

from sixtysix_app.events import BACK, HINT, NEXT, NONE, OK, PREV

NAME = "Adafruit PyBadge"
PORT = "circuitpython"
ARCH = ""
FIRMWARE = ()
WIDTH = 160
HEIGHT = 128
PIXEL_UM = 223  # pixel pitch, um: the 1.8" diagonal over 160x128 square pixels
MONO = False
FONT = "normal"
SCALE = 1
FACE = ("normal", 2)  # card faces: terminalio (the name does not apply) at 2x: 16 px = 3.6 mm
BUTTONS = ("B", "A", "START", "SELECT", "RIGHT", "DOWN", "UP", "LEFT")
KEYMAP = (
    (BACK, NONE),
    (OK, NONE),
    (BACK, NONE),
    (HINT, NONE),
    (NEXT, NONE),
    (NEXT, NONE),
    (PREV, NONE),
    (PREV, NONE),
)
PINS = (
    ("display", "ST7735R 160x128, board.DISPLAY"),
    ("buttons", "74HC165 shift register: keypad.ShiftRegisterKeys"),
    ("clock", "board.BUTTON_CLOCK"),
    ("data", "board.BUTTON_OUT"),
    ("latch", "board.BUTTON_LATCH"),
)
SAVE_DIR = "/sixtysix"


def open_canvas():
    try:
        import adafruit_display_text  # type: ignore[import-untyped]  # noqa: F401
    except ImportError:
        # The one library the badge lacks (README, PyBadge step 2): say how
        # to add it rather than leave CircuitPython's traceback on screen.
        raise ImportError(
            "the library adafruit_display_text is missing: on the computer, run "
            "circup install adafruit_display_text"
        ) from None
    import board  # type: ignore[import-not-found]
    from sixtysix_app.canvas_dio import DisplayioCanvas

    return DisplayioCanvas(board.DISPLAY, face_scale=FACE[1])


def open_buttons():
    import board
    import keypad  # type: ignore[import-not-found]
    from sixtysix_app.buttons import KeypadButtons

    keys = keypad.ShiftRegisterKeys(
        clock=board.BUTTON_CLOCK,
        data=board.BUTTON_OUT,
        latch=board.BUTTON_LATCH,
        key_count=len(BUTTONS),
        value_when_pressed=True,
    )
    return KeypadButtons(keys)
