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
WIDTH = 240
HEIGHT = 135
MONO = False
FONT = "normal"
SCALE = 2
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
    import gc

    gc.collect()
    buf = bytearray(WIDTH * HEIGHT // 2)  # 4-bit palette frame, first, before the heap fragments
    import framebuf  # type: ignore[import-not-found]
    from machine import SPI, Pin  # type: ignore[import-not-found]
    from sixtysix_app.canvas_fb import FramebufCanvas, palette565
    from sixtysix_app.st7789 import MV, MX, ST7789

    spi = SPI(_SPI_ID, baudrate=30000000, sck=Pin(_SCK), mosi=Pin(_MOSI))
    panel = ST7789(
        spi,
        WIDTH,
        HEIGHT,
        dc=Pin(_DC, Pin.OUT),
        cs=Pin(_CS, Pin.OUT, value=1),
        reset=Pin(_RESET, Pin.OUT),
        backlight=Pin(_BACKLIGHT, Pin.OUT),
        madctl=MX | MV,
        x_offset=40,
        y_offset=53,
    )
    palette = palette565()  # role i -> RGB565, 16 entries

    def push(frame) -> None:
        panel.show_gs4(frame, palette)

    return FramebufCanvas(buf, WIDTH, HEIGHT, framebuf.GS4_HMSB, font=FONT, scale=SCALE, push=push)


def open_buttons():
    from machine import Pin
    from sixtysix_app.buttons import PinButtons

    return PinButtons((_BUTTON_0, Pin(_BUTTON_35, Pin.IN)))
