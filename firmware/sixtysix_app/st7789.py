"""A small ST7789 driver for 16-colour framebuffers.

The app draws into a 4-bit palette framebuffer (framebuf.GS4_HMSB: 16 KB
for 240x135 instead of 64 KB of RGB565), and `show_gs4` expands it one
line at a time into a single preallocated line buffer of RGB565 in the
panel's big-endian byte order.  The expansion loop is compiled with viper
where the port has it (from source at run time, so this module still
compiles with plain mpy-cross and imports on CPython); the plain-Python
loop gives the same bytes everywhere else.

A board with such a panel states its pins and calls `open_gs4_canvas`,
which does the rest of the board's `open_canvas()`.
"""

from sixtysix.compat import const

_SWRESET = const(0x01)
_SLPOUT = const(0x11)
_NORON = const(0x13)
_INVON = const(0x21)
_DISPON = const(0x29)
_CASET = const(0x2A)
_RASET = const(0x2B)
_RAMWR = const(0x2C)
_MADCTL = const(0x36)
_COLMOD = const(0x3A)

# MADCTL bits: row order (MY), column order (MX), swap x/y (MV).
MY = const(0x80)
MX = const(0x40)
MV = const(0x20)


def expand_gs4_line(dst, src, start, lut):
    """dst[4k..4k+3] = the two RGB565 pixels of src[start + k], high nibble
    first; lut holds 16 big-endian RGB565 pairs (32 bytes)."""
    j = 0
    for i in range(start, start + (len(dst) >> 2)):
        b = src[i]
        k = (b >> 4) << 1
        dst[j] = lut[k]
        dst[j + 1] = lut[k + 1]
        k = (b & 15) << 1
        dst[j + 2] = lut[k]
        dst[j + 3] = lut[k + 1]
        j += 4


_VIPER_SOURCE = """
@micropython.viper
def expand(dst, src, start: int, lut):
    d = ptr8(dst)
    s = ptr8(src)
    t = ptr8(lut)
    n = int(len(dst)) >> 2
    j = 0
    for i in range(start, start + n):
        b = s[i]
        k = (b >> 4) << 1
        d[j] = t[k]
        d[j + 1] = t[k + 1]
        k = (b & 15) << 1
        d[j + 2] = t[k]
        d[j + 3] = t[k + 1]
        j += 4
"""


def viper_expander():
    """The viper build of expand_gs4_line, or None where the port has no
    viper emitter (CPython, CircuitPython, a port built without it)."""
    try:
        import micropython

        scope = {"micropython": micropython}
        exec(_VIPER_SOURCE, scope)
        return scope["expand"]
    except Exception:  # ImportError, or SyntaxError/ValueError from a port without viper
        return None


def fill_lut(lut, palette565) -> None:
    """The 16-entry big-endian RGB565 table show_gs4 expands through;
    entries past the palette's end are black."""
    for i in range(16):
        c = palette565[i] if i < len(palette565) else 0
        lut[2 * i] = (c >> 8) & 0xFF
        lut[2 * i + 1] = c & 0xFF


class ST7789:
    """The panel over SPI.  madctl and the offsets place the visible part of
    the controller's 240x320 memory: for the 1.14" 135x240 panel in
    landscape, MX|MV with offsets (40, 53), or MY|MV with (40, 52) for the
    other way up."""

    def __init__(
        self,
        spi,
        width: int,
        height: int,
        dc,
        cs=None,
        reset=None,
        backlight=None,
        madctl: int = MX | MV,
        x_offset: int = 40,
        y_offset: int = 53,
        invert: bool = True,
        fast: bool = True,
    ) -> None:
        if width & 1:
            raise ValueError("width must be even (two pixels a byte)")
        self.spi = spi
        self.width = width
        self.height = height
        self.dc = dc
        self.cs = cs
        self.reset = reset
        self.backlight = backlight
        self.madctl = madctl
        self.x_offset = x_offset
        self.y_offset = y_offset
        self.invert = invert
        self.line = bytearray(width * 2)  # the one line buffer, reused every line
        self.lut = bytearray(32)
        self.palette = None  # the palette lut was filled from
        self.command_buf = bytearray(1)
        self.window_buf = bytearray(4)
        self.expand = (viper_expander() if fast else None) or expand_gs4_line
        self.init()

    def write(self, command, data=None) -> None:
        """One command byte, then its parameters (a buffer) if any."""
        cs = self.cs
        if cs is not None:
            cs(1)
        self.dc(0)
        if cs is not None:
            cs(0)
        self.command_buf[0] = command
        self.spi.write(self.command_buf)
        if data is not None:
            self.dc(1)
            self.spi.write(data)
        if cs is not None:
            cs(1)

    def init(self) -> None:
        from time import sleep_ms  # type: ignore[attr-defined]

        if self.reset is not None:
            self.reset(1)
            sleep_ms(5)
            self.reset(0)
            sleep_ms(20)
            self.reset(1)
            sleep_ms(120)
        self.write(_SWRESET)
        sleep_ms(150)
        self.write(_SLPOUT)
        sleep_ms(120)
        self.write(_COLMOD, b"\x55")  # 16 bits a pixel
        self.write(_MADCTL, bytes((self.madctl,)))
        if self.invert:
            self.write(_INVON)  # the IPS panels show true colours inverted
        self.write(_NORON)
        sleep_ms(10)
        self.write(_DISPON)
        sleep_ms(10)
        if self.backlight is not None:
            self.backlight(1)

    def set_window(self, x0: int, y0: int, x1: int, y1: int) -> None:
        """Address the rectangle x0..x1, y0..y1 (inclusive, drawing
        coordinates) and start a memory write into it."""
        w = self.window_buf
        x0 += self.x_offset
        x1 += self.x_offset
        y0 += self.y_offset
        y1 += self.y_offset
        w[0] = x0 >> 8
        w[1] = x0 & 0xFF
        w[2] = x1 >> 8
        w[3] = x1 & 0xFF
        self.write(_CASET, w)
        w[0] = y0 >> 8
        w[1] = y0 & 0xFF
        w[2] = y1 >> 8
        w[3] = y1 & 0xFF
        self.write(_RASET, w)
        self.write(_RAMWR)

    def _begin_data(self) -> None:
        self.dc(1)
        if self.cs is not None:
            self.cs(0)

    def _end_data(self) -> None:
        if self.cs is not None:
            self.cs(1)

    def show_gs4(self, buf, palette565) -> None:
        """Push a whole GS4_HMSB framebuffer; palette565: up to 16 RGB565
        colours, index = pixel value."""
        if palette565 is not self.palette:
            fill_lut(self.lut, palette565)
            self.palette = palette565
        self.set_window(0, 0, self.width - 1, self.height - 1)
        self._begin_data()
        line = self.line
        lut = self.lut
        expand = self.expand
        write = self.spi.write
        stride = self.width >> 1
        start = 0
        for _ in range(self.height):
            expand(line, buf, start, lut)
            write(line)
            start += stride
        self._end_data()


def open_gs4_canvas(
    width, height, font, scale, spi_id, baudrate, sck, mosi, dc, cs, backlight, reset=None, face=None
):
    """Everything a board's open_canvas() does for a 1.14" ST7789 panel in
    landscape (the window the ST7789 class places by default) on SPI,
    drawn from a 4-bit palette frame.  The board gives its geometry, its
    fonts (face: the card faces' (font, scale), None for the text's) and
    pins (GPIO numbers; reset None where the panel's reset is not wired).
    The frame is allocated first, right after a collection, before the
    heap fragments."""
    import gc

    gc.collect()
    buf = bytearray(width * height // 2)
    import framebuf  # type: ignore[import-not-found]
    from machine import SPI, Pin  # type: ignore[import-not-found]

    from sixtysix_app.canvas_fb import FramebufCanvas, palette565

    panel = ST7789(
        SPI(spi_id, baudrate=baudrate, sck=Pin(sck), mosi=Pin(mosi)),
        width,
        height,
        dc=Pin(dc, Pin.OUT),
        cs=Pin(cs, Pin.OUT, value=1),
        reset=None if reset is None else Pin(reset, Pin.OUT),
        backlight=Pin(backlight, Pin.OUT),
    )
    palette = palette565()  # role i -> RGB565, 16 entries

    def push(frame) -> None:
        panel.show_gs4(frame, palette)

    return FramebufCanvas(buf, width, height, framebuf.GS4_HMSB, font=font, scale=scale, push=push, face=face)
