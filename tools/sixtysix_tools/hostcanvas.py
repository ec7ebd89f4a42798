"""Canvases for the host: the simulator, screenshots and tests.

`HostCanvas` draws exactly the pixels a `FramebufCanvas` (canvas_fb.py)
draws for the same calls, kept as one role per pixel, so the framebuf boards
can be simulated and photographed on CPython; the tests compare the two
pixel for pixel under the MicroPython unix port.

`headless_displayio_canvas` runs the real CircuitPython canvas
(canvas_dio.py) over Blinka's displayio with no panel attached, for the
PyBadge.
"""

import contextlib
import io

from sixtysix_app import font as _font
from sixtysix_app.canvas import MONO, PALETTE, ROLES

from .png import write_png

# Mono panels as the simulator shows them.
LIT = 0xE0F0FF
DARK = 0x000000


def _glyph_runs(name: str, scale: int) -> list[list[tuple[int, int, int]]]:
    """Per glyph, its ink as (row, first column, end column) runs at `scale`."""
    table, cell_w, cell_h = _font.font(name)
    glyphs = []
    for index in range(_font.glyph_count(name)):
        runs = []
        for y, bits in enumerate(_font.glyph_rows(name, index)):
            x = 0
            while x < cell_w:
                if bits >> x & 1:
                    start = x
                    while x < cell_w and bits >> x & 1:
                        x += 1
                    for sy in range(scale):
                        runs.append((y * scale + sy, start * scale, x * scale))
                else:
                    x += 1
        glyphs.append(runs)
    return glyphs


_RUNS: dict[tuple[str, int], list[list[tuple[int, int, int]]]] = {}


def _style(font: str, scale: int) -> tuple:
    """(char_w, char_h, glyph_h, glyph runs, glyph index function, glyph
    index of clubs) of `font` drawn at `scale`."""
    if scale not in (1, 2, 3):
        raise ValueError("scale must be 1, 2 or 3")
    _table, cell_w, cell_h = _font.font(font)
    key = (font, scale)
    if key not in _RUNS:
        _RUNS[key] = _glyph_runs(font, scale)
    return (
        cell_w * scale,
        cell_h * scale,
        (cell_h - 1) * scale,
        _RUNS[key],
        _font.index_function(font),
        _font.suit_glyph(font),
    )


class HostCanvas:
    """The Canvas interface over a bytearray of roles, row-major."""

    def __init__(
        self,
        width: int,
        height: int,
        mono: bool = False,
        font: str = "normal",
        scale: int = 1,
        face: tuple[str, int] | None = None,
    ):
        self.width = width
        self.height = height
        self.mono = mono
        self.frames = 0
        self.pixels = bytearray(width * height)
        self._text_style = _style(font, scale)
        self._face_style = _style(*face) if face else self._text_style
        self.face_w, self.face_h = self._face_style[:2]
        self.faces(False)
        # One row of each role, sliced for every run drawn.
        self._spans = [memoryview(bytes((role,)) * width) for role in range(ROLES)]

    def faces(self, on: bool) -> None:
        """Card faces (True) or plain text (False) from here on."""
        style = self._face_style if on else self._text_style
        self.char_w, self.char_h, self.glyph_h, self._runs, self._index, self._suit_glyph = style

    def fill(self, role: int) -> None:
        self.pixels[:] = bytes((role,)) * (self.width * self.height)

    def fill_rect(self, x: int, y: int, w: int, h: int, role: int) -> None:
        x0, x1 = max(x, 0), min(x + w, self.width)
        y0, y1 = max(y, 0), min(y + h, self.height)
        if x0 >= x1 or y0 >= y1:
            return
        span = self._spans[role][: x1 - x0]
        pixels = self.pixels
        for row in range(y0 * self.width, y1 * self.width, self.width):
            pixels[row + x0 : row + x1] = span

    def rect(self, x: int, y: int, w: int, h: int, role: int) -> None:
        self.fill_rect(x, y, w, 1, role)
        self.fill_rect(x, y + h - 1, w, 1, role)
        self.fill_rect(x, y, 1, h, role)
        self.fill_rect(x + w - 1, y, 1, h, role)

    def hline(self, x: int, y: int, w: int, role: int) -> None:
        self.fill_rect(x, y, w, 1, role)

    def vline(self, x: int, y: int, h: int, role: int) -> None:
        self.fill_rect(x, y, 1, h, role)

    def _glyph(self, runs: list[tuple[int, int, int]], x: int, y: int, span: memoryview) -> None:
        width, height, pixels = self.width, self.height, self.pixels
        for dy, a, b in runs:
            py = y + dy
            if py < 0 or py >= height:
                continue
            xa = x + a if x + a > 0 else 0
            xb = x + b if x + b < width else width
            if xa < xb:
                row = py * width
                pixels[row + xa : row + xb] = span[: xb - xa]

    def text(self, s: str, x: int, y: int, role: int) -> None:
        if y >= self.height or y + self.char_h <= 0:
            return
        span = self._spans[role]
        runs = self._runs
        for ch in s:
            if x >= self.width:
                return
            if x + self.char_w > 0:
                self._glyph(runs[self._index(ord(ch))], x, y, span)
            x += self.char_w

    def suit(self, n: int, x: int, y: int, role: int) -> None:
        self._glyph(self._runs[self._suit_glyph + n], x, y, self._spans[role])

    def spare(self, w: int, h: int) -> bool:
        self._spare_size = (w, h)
        self._kept: tuple = (0, 0, [])
        return True

    def keep(self, x: int, y: int) -> None:
        """What FramebufCanvas.keep keeps: the on-panel part of the rectangle."""
        w, h = self._spare_size
        rows = []
        for py in range(max(y, 0), min(y + h, self.height)):
            x0, x1 = max(x, 0), min(x + w, self.width)
            if x0 < x1:
                rows.append(
                    (py * self.width + x0, bytes(self.pixels[py * self.width + x0 : py * self.width + x1]))
                )
        self._kept = (x, y, rows)

    def restore(self) -> None:
        for start, row in self._kept[2]:
            self.pixels[start : start + len(row)] = row

    def show(self) -> None:
        self.frames += 1

    # Beyond the Canvas interface: reading the picture back.

    def roles(self) -> bytes:
        """The role of every pixel, row-major."""
        return bytes(self.pixels)

    def colours(self) -> list[int]:
        """0xRRGGBB of each role as this panel shows it."""
        if self.mono:
            return [LIT if MONO[role] else DARK for role in range(ROLES)]
        return list(PALETTE)

    def rgb_rows(self) -> list[list[int]]:
        colours = self.colours()
        w = self.width
        pixels = self.pixels
        return [[colours[v] for v in pixels[row : row + w]] for row in range(0, w * self.height, w)]

    def save_png(self, path: str, scale: int = 1) -> None:
        write_png(path, self.width, self.height, self.rgb_rows(), scale)


def _rgb888(c: int) -> int:
    """RGB565 to 0xRRGGBB, low bits filled from the high ones."""
    r = (c >> 11) & 31
    g = (c >> 5) & 63
    b = c & 31
    return (r << 3 | r >> 2) << 16 | (g << 2 | g >> 4) << 8 | (b << 3 | b >> 2)


def open_headless_display(width: int = 160, height: int = 128):
    """A Blinka displayio display with no panel behind it: refresh() does all
    its drawing work and sends the pixels nowhere; display_rgb_rows() reads
    the picture back.  Blinka allows one display at a time, so any earlier
    one is released first."""
    # Blinka's board detection prints a warning about the PC's chip on
    # stdout when first imported; keep it out of the simulator's output.
    with contextlib.redirect_stdout(io.StringIO()):
        import busdisplay  # type: ignore[import-untyped]
        import displayio  # type: ignore[import-untyped]

    displayio.release_displays()
    display = busdisplay.BusDisplay(None, b"", width=width, height=height, auto_refresh=False)
    # Blinka-displayio 2.7 can only refresh through a bus; give the display's
    # core a bus that takes everything and sends it nowhere.
    core = display._core
    core._begin_transaction = lambda: True
    core._end_transaction = lambda: None
    core._send = lambda data_type, chip_select, data: None
    core._bus_free = lambda: True
    return display


def display_rgb_rows(display) -> list[list[int]]:
    """The picture a displayio display shows, as rows of 0xRRGGBB."""
    rows = []
    for y in range(display.height):
        data = bytes(display.fill_row(y, None))  # RGB565, big-endian
        rows.append([_rgb888(data[i] << 8 | data[i + 1]) for i in range(0, 2 * display.width, 2)])
    return rows


def headless_displayio_canvas(width: int = 160, height: int = 128, face_scale: int = 1):
    """The PyBadge's DisplayioCanvas over a headless display (card faces at
    face_scale), with the host extras: frames, rgb_rows(), save_png()."""
    from sixtysix_app.canvas_dio import DisplayioCanvas

    class HeadlessDisplayioCanvas(DisplayioCanvas):
        frames = 0

        def show(self) -> None:
            super().show()
            self.frames += 1

        def rgb_rows(self) -> list[list[int]]:
            return display_rgb_rows(self.display)

        def save_png(self, path: str, scale: int = 1) -> None:
            write_png(path, self.width, self.height, self.rgb_rows(), scale)

    return HeadlessDisplayioCanvas(open_headless_display(width, height), face_scale=face_scale)
