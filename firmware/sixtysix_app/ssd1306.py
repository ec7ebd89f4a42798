"""A small SSD1306 driver that pushes a MONO_VLSB framebuffer it does not own.

Our own rather than micropython-lib's `ssd1306`: the Thumby's stock firmware
ships a different module under that same name (another constructor, no
FrameBuffer), and the framebuffer is allocated before the panel, first
thing after gc.collect() (open_mono_canvas).  Panels narrower than the
controller's 128 columns sit in the middle of its memory: the 72x40
Thumby at columns 28..99.

A board with such a panel passes `open_mono_canvas` a function that makes
its panel (its own bus and pins); the rest of its `open_canvas()` is here.
"""

from sixtysix.compat import const

_CONTRAST = const(0x81)
_DISPLAY_ON = const(0xAF)
_COLUMN_RANGE = const(0x21)
_PAGE_RANGE = const(0x22)


class SSD1306:
    """The panel's commands; a subclass says how bytes reach it."""

    def __init__(self, width: int, height: int, col_offset=None, internal_iref: bool = False) -> None:
        self.width = width
        self.height = height
        self.pages = height // 8
        self.col_offset = (128 - width) // 2 if col_offset is None else col_offset
        self.internal_iref = internal_iref
        self.command_buf = bytearray(1)

    def init(self) -> None:
        wide = self.width > 2 * self.height  # 128x32 wiring of the COM lines
        sequence = (
            0xAE,  # display off
            0x20, 0x00,  # horizontal addressing: the whole buffer in one write
            0x40,  # start line 0
            0xA1,  # column 127 is SEG0: x runs left to right
            0xA8, self.height - 1,  # multiplex ratio
            0xC8,  # scan COM from the bottom: y runs top to bottom
            0xD3, 0x00,  # no vertical shift
            0xDA, 0x02 if wide else 0x12,  # COM pins
            0xD5, 0x80,  # clock
            0xD9, 0xF1,  # pre-charge, internal charge pump
            0xDB, 0x20,  # VCOM deselect level
            _CONTRAST, 0x7F,
            0xA4,  # show RAM
            0xA6,  # not inverted
            0x8D, 0x14,  # charge pump on
        )  # fmt: skip
        for byte in sequence:
            self.command(byte)
        if self.internal_iref:
            self.command(0xAD)  # the Thumby's panel: internal current reference
            self.command(0x30)
        self.command(_DISPLAY_ON)

    def show(self, buf) -> None:
        """Push a MONO_VLSB buffer of width x height."""
        self.command(_COLUMN_RANGE)
        self.command(self.col_offset)
        self.command(self.col_offset + self.width - 1)
        self.command(_PAGE_RANGE)
        self.command(0)
        self.command(self.pages - 1)
        self.data(buf)

    def command(self, byte: int) -> None:
        raise NotImplementedError

    def data(self, buf) -> None:
        raise NotImplementedError


class SSD1306_SPI(SSD1306):
    def __init__(self, width, height, spi, dc, cs, reset=None, col_offset=None, internal_iref=False) -> None:
        SSD1306.__init__(self, width, height, col_offset, internal_iref)
        self.spi = spi
        self.dc = dc
        self.cs = cs
        self.reset = reset
        cs(1)
        if reset is not None:
            from time import sleep_ms  # type: ignore[attr-defined]

            reset(1)
            sleep_ms(1)
            reset(0)
            sleep_ms(10)
            reset(1)
            sleep_ms(10)
        self.init()

    def command(self, byte: int) -> None:
        self.command_buf[0] = byte
        self.cs(1)
        self.dc(0)
        self.cs(0)
        self.spi.write(self.command_buf)
        self.cs(1)

    def data(self, buf) -> None:
        self.cs(1)
        self.dc(1)
        self.cs(0)
        self.spi.write(buf)
        self.cs(1)


class SSD1306_I2C(SSD1306):
    def __init__(self, width, height, i2c, address: int = 0x3C, col_offset=None) -> None:
        SSD1306.__init__(self, width, height, col_offset)
        self.i2c = i2c
        self.address = address
        self.pair = bytearray(2)  # control byte 0x80 (one command), the command
        self.pair[0] = 0x80
        self.data_parts = [b"\x40", None]  # control byte 0x40 (data follows), the buffer
        self.init()

    def command(self, byte: int) -> None:
        self.pair[1] = byte
        self.i2c.writeto(self.address, self.pair)

    def data(self, buf) -> None:
        self.data_parts[1] = buf
        self.i2c.writevto(self.address, self.data_parts)
        self.data_parts[1] = None


def open_mono_canvas(width: int, height: int, font: str, scale: int, open_panel, face=None):
    """A board's open_canvas() for an SSD1306: the MONO_VLSB frame is
    allocated first, right after a collection, before the heap fragments;
    then open_panel() makes the panel (an SSD1306_SPI or SSD1306_I2C),
    which the canvas pushes the frame to.  face: the card faces' (font,
    scale), None for the text's."""
    import gc

    gc.collect()
    buf = bytearray(width * ((height + 7) // 8))
    import framebuf  # type: ignore[import-not-found]

    from sixtysix_app.canvas_fb import FramebufCanvas

    push = open_panel().show
    return FramebufCanvas(
        buf, width, height, framebuf.MONO_VLSB, font=font, scale=scale, push=push, face=face
    )
