"""TinyCircuits Thumby, under MicroPython (RP2040).

A 0.42" 72x40 monochrome OLED (SSD1306 over SPI, shown at columns 28..99
of the controller's 128), a d-pad and A/B buttons (active low, internal
pull-ups).  Buttons: left/up = previous, right/down = next (repeat when
held), A = OK, B = back; hold B for half a second for a hint.
"""

from sixtysix.compat import const
from sixtysix_app.events import BACK, HINT, NEXT, NONE, OK, PREV

# Pins (RP2040 GPIO numbers), fixed by the Thumby.
_SPI_ID = const(0)
_SPI_BAUDRATE = const(10000000)  # SPI clock, Hz
_SCK = const(18)
_MOSI = const(19)
_CS = const(16)
_DC = const(17)
_RESET = const(20)
_LEFT = const(3)
_UP = const(4)
_RIGHT = const(5)
_DOWN = const(6)
_BUTTON_B = const(24)
_BUTTON_A = const(27)
_COL_OFFSET = const(28)  # the panel shows the controller's columns 28..99 of 128

NAME = "TinyCircuits Thumby"
PORT = "micropython"
ARCH = "armv6m"
FIRMWARE = ("rp2", "RPI_PICO")
WIDTH = 72
HEIGHT = 40
PIXEL_UM = 130  # pixel pitch, um: the 0.42" diagonal over 72x40 square pixels
MONO = True
FONT = "small"
SCALE = 1
FACE = ("small", 1)  # card faces: 5 px = 0.65 mm: the panel has no room for more
BUTTONS = ("LEFT", "RIGHT", "UP", "DOWN", "A", "B")
KEYMAP = ((PREV, NONE), (NEXT, NONE), (PREV, NONE), (NEXT, NONE), (OK, NONE), (BACK, HINT))
PINS = (
    ("display", "SSD1306 72x40 on SPI0, columns 28-99"),
    ("SCK", "GP18"),
    ("MOSI", "GP19"),
    ("CS", "GP16"),
    ("DC", "GP17"),
    ("reset", "GP20"),
    ("LEFT", "GP3"),
    ("UP", "GP4"),
    ("RIGHT", "GP5"),
    ("DOWN", "GP6"),
    ("A", "GP27"),
    ("B", "GP24"),
)
SAVE_DIR = "/sixtysix"


def _open_panel():
    from machine import SPI, Pin  # type: ignore[import-not-found]
    from sixtysix_app.ssd1306 import SSD1306_SPI

    spi = SPI(_SPI_ID, baudrate=_SPI_BAUDRATE, sck=Pin(_SCK), mosi=Pin(_MOSI))
    return SSD1306_SPI(
        WIDTH,
        HEIGHT,
        spi,
        dc=Pin(_DC, Pin.OUT),
        cs=Pin(_CS, Pin.OUT),
        reset=Pin(_RESET, Pin.OUT),
        col_offset=_COL_OFFSET,
        internal_iref=True,
    )


def open_canvas():
    from sixtysix_app.ssd1306 import open_mono_canvas

    return open_mono_canvas(WIDTH, HEIGHT, FONT, SCALE, _open_panel, face=FACE)


def open_buttons():
    from sixtysix_app.buttons import PinButtons

    return PinButtons((_LEFT, _RIGHT, _UP, _DOWN, _BUTTON_A, _BUTTON_B))
