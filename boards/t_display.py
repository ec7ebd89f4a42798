"""LILYGO TTGO T-Display (ESP32), under MicroPython.

A 1.14" 135x240 IPS panel (ST7789) turned to landscape 240x135, and two
buttons beside it: GPIO 0 (the boot button) and GPIO 35 (input only, no
internal pull-up: the board has its own resistor).  Two buttons, so each
has a short and a long press (half a second): GPIO 0 short = next, long =
back; GPIO 35 short = OK, long = hint.  No "previous": cursors wrap.
"""

from sixtysix.compat import const
from sixtysix_app.events import BACK, HINT, NEXT, OK

# Pins (ESP32 GPIO numbers), fixed by the board.
_SPI_ID = const(1)
_SPI_BAUDRATE = const(30000000)  # SPI clock, Hz
_SCK = const(18)
_MOSI = const(19)
_CS = const(5)
_DC = const(16)
_RESET = const(23)
_BACKLIGHT = const(4)
_BUTTON_0 = const(0)
_BUTTON_35 = const(35)

NAME = "LILYGO TTGO T-Display (ESP32)"
PORT = "micropython"
ARCH = "xtensawin"
FIRMWARE = ("esp32", "ESP32_GENERIC")
WIDTH = 240
HEIGHT = 135
PIXEL_UM = 105  # pixel pitch, um: the 1.14" diagonal over 240x135 square pixels
MONO = False
FONT = "normal"
SCALE = 2
FACE = ("normal", 3)  # card faces: the text font at 3x: 21 px = 2.2 mm, cards 39x27 px
BUTTONS = ("IO0", "IO35")
KEYMAP = ((NEXT, BACK), (OK, HINT))
PINS = (
    ("display", "ST7789 135x240 as 240x135, SPI"),
    ("SCLK", "IO18"),
    ("MOSI", "IO19"),
    ("CS", "IO5"),
    ("DC", "IO16"),
    ("RST", "IO23"),
    ("backlight", "IO4"),
    ("IO0", "IO0"),
    ("IO35", "IO35 (external pull-up)"),
)
SAVE_DIR = "/sixtysix"


def open_canvas():
    from sixtysix_app.st7789 import open_gs4_canvas

    return open_gs4_canvas(
        WIDTH,
        HEIGHT,
        FONT,
        SCALE,
        _SPI_ID,
        _SPI_BAUDRATE,
        _SCK,
        _MOSI,
        _DC,
        _CS,
        _BACKLIGHT,
        _RESET,
        face=FACE,
    )


def open_buttons():
    from machine import Pin
    from sixtysix_app.buttons import PinButtons

    return PinButtons((_BUTTON_0, Pin(_BUTTON_35, Pin.IN)))
