"""A generic 0.96" 128x64 SSD1306 OLED on I2C with five push buttons, under
MicroPython; the pins below suit a Raspberry Pi Pico, change them for your
wiring.  Buttons connect their pin to ground (internal pull-ups):
previous, next, OK, back, hint.
"""

from sixtysix.compat import const
from sixtysix_app.events import BACK, HINT, NEXT, NONE, OK, PREV

# ---- Your wiring: GPIO numbers (these defaults are for a Raspberry Pi Pico) ----
_I2C_ID = const(0)
_I2C_FREQUENCY = const(400000)  # Hz
_SDA = const(4)  # Pico pin 6
_SCL = const(5)  # Pico pin 7
_ADDRESS = const(0x3C)  # some modules answer at 0x3D
_BUTTON_PREV = const(10)
_BUTTON_NEXT = const(11)
_BUTTON_OK = const(12)
_BUTTON_BACK = const(13)
_BUTTON_HINT = const(14)
# ---------------------------------------------------------------------------------

NAME = "SSD1306 128x64 I2C OLED + 5 buttons (Raspberry Pi Pico)"
PORT = "micropython"
ARCH = "armv6m"
FIRMWARE = ("rp2", "RPI_PICO")
WIDTH = 128
HEIGHT = 64
PIXEL_UM = 170  # pixel pitch, um: the 0.96" diagonal over 128x64 square pixels
MONO = True
FONT = "normal"
SCALE = 1
FACE = ("card", 1)  # card faces: 9 px = 1.5 mm, where the text font's 7 px would be 1.2 mm
BUTTONS = ("LEFT", "RIGHT", "OK", "BACK", "HINT")
KEYMAP = ((PREV, NONE), (NEXT, NONE), (OK, NONE), (BACK, NONE), (HINT, NONE))
PINS = (
    ("display", "SSD1306 128x64 on I2C0 at 0x3C"),
    ("SDA", "GP4"),
    ("SCL", "GP5"),
    ("LEFT (previous)", "GP10"),
    ("RIGHT (next)", "GP11"),
    ("OK", "GP12"),
    ("BACK", "GP13"),
    ("HINT", "GP14"),
)
SAVE_DIR = "/sixtysix"


def _open_panel():
    from machine import I2C, Pin  # type: ignore[import-not-found]
    from sixtysix_app.ssd1306 import SSD1306_I2C

    i2c = I2C(_I2C_ID, sda=Pin(_SDA), scl=Pin(_SCL), freq=_I2C_FREQUENCY)
    return SSD1306_I2C(WIDTH, HEIGHT, i2c, address=_ADDRESS)


def open_canvas():
    from sixtysix_app.ssd1306 import open_mono_canvas

    return open_mono_canvas(WIDTH, HEIGHT, FONT, SCALE, _open_panel, face=FACE)


def open_buttons():
    from sixtysix_app.buttons import PinButtons

    return PinButtons((_BUTTON_PREV, _BUTTON_NEXT, _BUTTON_OK, _BUTTON_BACK, _BUTTON_HINT))
