"""Pimoroni Pico Display Pack on a Raspberry Pi Pico, under MicroPython.

A 1.14" 240x135 IPS panel (ST7789) used in landscape, with the four buttons
A and B to its left, X and Y to its right (active low, internal pull-ups).
Buttons: X = previous, Y = next (both repeat when held), A = OK, B = back;
hold B for half a second for a hint.
"""

from sixtysix.compat import const
from sixtysix_app.events import BACK, HINT, NEXT, NONE, OK, PREV

# Pins (Raspberry Pi Pico GPIO numbers), fixed by the pack.
_SPI_ID = const(0)
_SPI_BAUDRATE = const(62500000)  # SPI clock, Hz
_SCK = const(18)
_MOSI = const(19)
_CS = const(17)
_DC = const(16)
_BACKLIGHT = const(20)
_BUTTON_A = const(12)
_BUTTON_B = const(13)
_BUTTON_X = const(14)
_BUTTON_Y = const(15)

NAME = "Pimoroni Pico Display Pack (Raspberry Pi Pico)"
PORT = "micropython"
ARCH = "armv6m"
FIRMWARE = ("rp2", "RPI_PICO")
WIDTH = 240
HEIGHT = 135
PIXEL_UM = 105  # pixel pitch, um: the 1.14" diagonal over 240x135 square pixels
MONO = False
FONT = "normal"
SCALE = 2
FACE = ("normal", 3)  # card faces: the text font at 3x: 21 px = 2.2 mm, cards 39x27 px
BUTTONS = ("A", "B", "X", "Y")
KEYMAP = ((OK, NONE), (BACK, HINT), (PREV, NONE), (NEXT, NONE))
PINS = (
    ("display", "ST7789 240x135 on SPI0"),
    ("SCK", "GP18"),
    ("MOSI", "GP19"),
    ("CS", "GP17"),
    ("DC", "GP16"),
    ("backlight", "GP20"),
    ("A", "GP12"),
    ("B", "GP13"),
    ("X", "GP14"),
    ("Y", "GP15"),
)
SAVE_DIR = "/sixtysix"


def open_canvas():
    from sixtysix_app.st7789 import open_gs4_canvas

    return open_gs4_canvas(
        WIDTH, HEIGHT, FONT, SCALE, _SPI_ID, _SPI_BAUDRATE, _SCK, _MOSI, _DC, _CS, _BACKLIGHT, face=FACE
    )


def open_buttons():
    from sixtysix_app.buttons import PinButtons

    return PinButtons((_BUTTON_A, _BUTTON_B, _BUTTON_X, _BUTTON_Y))
