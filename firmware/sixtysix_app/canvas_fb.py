"""The Canvas (canvas.py) over a MicroPython `framebuf.FrameBuffer`.

Pixel formats:
    MONO_VLSB, MONO_HLSB, MONO_HMSB   two-colour panels: pixel = MONO[role]
    GS4_HMSB                          a 4-bit buffer of palette indices:
                                      pixel = role; the panel driver expands
                                      it to RGB565 a line at a time with
                                      palette565() (16 KB instead of 64 KB
                                      for 240x135)
    RGB565                            pixel = rgb565(PALETTE[role]), byte-
                                      swapped when swap_bytes (panels that
                                      take the buffer as big-endian words)

Text is blitted one glyph at a time: the glyph's column bytes are copied
(each bit and column repeated for scale 2 or 3) into one small MONO_VLSB
buffer made here, and
`FrameBuffer.blit` draws its ink through a two-pixel palette buffer in the
panel's own format, so clipping is framebuf's and nothing is allocated per
character.  Ink only: text has no background box.
"""

from sixtysix_app import font as _font
from sixtysix_app.canvas import MONO, PALETTE, ROLES, rgb565

# A nibble with every bit doubled (0b0101 -> 0b00110011), for scale 2.
_DOUBLE = b"\x00\x03\x0c\x0f\x30\x33\x3c\x3f\xc0\xc3\xcc\xcf\xf0\xf3\xfc\xff"


def palette565(swap_bytes=False):
    """The 16-entry RGB565 table for a GS4_HMSB canvas: entry i is role i's
    colour (black past the last role)."""
    table = [0] * 16
    for role in range(ROLES):
        c = rgb565(PALETTE[role])
        table[role] = ((c & 0xFF) << 8 | c >> 8) if swap_bytes else c
    return table


def _style(framebuf, font, scale):
    """What drawing in `font` at `scale` needs: (table, cell_w, cell_h,
    scale, char_w, char_h, glyph_h, glyph buffer, its FrameBuffer, the
    font's glyph index function, its glyph index of clubs)."""
    if scale not in (1, 2, 3):
        raise ValueError("scale must be 1, 2 or 3")
    table, cell_w, cell_h = _font.font(font)
    if cell_h > 8 and scale != 1:
        raise ValueError("a font taller than 8 rows is drawn at scale 1")
    char_w = cell_w * scale
    char_h = cell_h * scale
    glyph = bytearray(char_w * ((char_h + 7) // 8))
    glyph_fb = framebuf.FrameBuffer(glyph, char_w, char_h, framebuf.MONO_VLSB)
    # A glyph's height: the cell's last row is spacing.
    return (
        table,
        cell_w,
        cell_h,
        scale,
        char_w,
        char_h,
        (cell_h - 1) * scale,
        glyph,
        glyph_fb,
        _font.index_function(font),
        _font.suit_glyph(font),
    )


class FramebufCanvas:
    def __init__(
        self, buf, width, height, fmt, font="normal", scale=1, push=None, swap_bytes=False, face=None
    ):
        import framebuf

        self.buf = buf
        self.fb = framebuf.FrameBuffer(buf, width, height, fmt)
        self.width = width
        self.height = height
        self.mono = fmt in (framebuf.MONO_VLSB, framebuf.MONO_HLSB, framebuf.MONO_HMSB)
        if self.mono:
            colours = tuple(MONO)
        elif fmt == framebuf.GS4_HMSB:
            colours = tuple(range(ROLES))
        elif fmt == framebuf.RGB565:
            colours = tuple(palette565(swap_bytes)[:ROLES])
        else:
            raise ValueError("unsupported framebuf format")
        self._colours = colours
        self._text_style = _style(framebuf, font, scale)
        self._face_style = _style(framebuf, face[0], face[1]) if face else self._text_style
        self.face_w = self._face_style[4]
        self.face_h = self._face_style[5]
        self.faces(False)
        # Pixel 0: a colour unlike the ink, used as the transparent key;
        # pixel 1: the ink.  blit compares the key after the palette.
        self._ink_buf = bytearray(4)
        self._ink = framebuf.FrameBuffer(self._ink_buf, 2, 1, fmt)
        self._push = push
        self._fmt = fmt
        self._spare = None  # spare(): the frame under the card in flight
        self._kept_x = 0
        self._kept_y = 0

    def faces(self, on):
        """Card faces (True) or plain text (False) from here on; unpacked
        whole, not sliced, so switching allocates nothing (the flight)."""
        (
            self._table,
            self._cell_w,
            self._cell_h,
            self._scale,
            self.char_w,
            self.char_h,
            self.glyph_h,
            self._glyph,
            self._glyph_fb,
            self._index,
            self._suit_glyph,
        ) = self._face_style if on else self._text_style

    def fill(self, role):
        self.fb.fill(self._colours[role])

    def fill_rect(self, x, y, w, h, role):
        self.fb.fill_rect(x, y, w, h, self._colours[role])

    def rect(self, x, y, w, h, role):
        self.fb.rect(x, y, w, h, self._colours[role])

    def hline(self, x, y, w, role):
        self.fb.hline(x, y, w, self._colours[role])

    def vline(self, x, y, h, role):
        self.fb.vline(x, y, h, self._colours[role])

    def _set_ink(self, role):
        colour = self._colours[role]
        key = colour ^ 1
        self._ink.pixel(0, 0, key)
        self._ink.pixel(1, 0, colour)
        return key

    def _load(self, index):
        """Copy glyph `index` into the glyph buffer at the canvas's scale."""
        table = self._table
        cell_w = self._cell_w
        glyph = self._glyph
        if self._cell_h > 8:  # two pages a glyph, stored as the buffer holds them
            n = cell_w + cell_w
            offset = index * n
            for i in range(n):
                glyph[i] = table[offset + i]
            return
        offset = index * cell_w
        if self._scale == 1:
            for x in range(cell_w):
                glyph[x] = table[offset + x]
            return
        page = self.char_w  # MONO_VLSB: each 8-row page follows the one above
        if self._scale == 2:
            for x in range(cell_w):
                column = table[offset + x]
                low = _DOUBLE[column & 15]
                high = _DOUBLE[column >> 4]
                i = x + x
                glyph[i] = low
                glyph[i + 1] = low
                glyph[page + i] = high
                glyph[page + i + 1] = high
            return
        # Scale 3 (card faces on the 240x135 panels): a column's 8 bits become
        # 24, three pages; an int under 2**24, so nothing is allocated.
        for x in range(cell_w):
            column = table[offset + x]
            tall = 0
            bit = 0
            while column:
                if column & 1:
                    tall |= 7 << bit
                column >>= 1
                bit += 3
            i = x * 3
            for p in range(3):
                byte = (tall >> (8 * p)) & 255
                j = p * page + i
                glyph[j] = byte
                glyph[j + 1] = byte
                glyph[j + 2] = byte

    def text(self, s, x, y, role):
        if y >= self.height or y + self.char_h <= 0:
            return
        key = self._set_ink(role)
        fb = self.fb
        glyph_fb = self._glyph_fb
        ink = self._ink
        step = self.char_w
        for ch in s:
            if x >= self.width:
                return
            if x + step > 0:
                self._load(self._index(ord(ch)))
                fb.blit(glyph_fb, x, y, key, ink)
            x += step

    def suit(self, n, x, y, role):
        key = self._set_ink(role)
        self._load(self._suit_glyph + n)
        self.fb.blit(self._glyph_fb, x, y, key, self._ink)

    def spare(self, w, h):
        """Room, made once, to keep a w x h rectangle of the frame aside."""
        import framebuf

        fmt = self._fmt
        if fmt == framebuf.MONO_VLSB:
            size = w * ((h + 7) // 8)
        elif fmt == framebuf.GS4_HMSB:
            size = (w + 1) // 2 * h
        elif fmt == framebuf.RGB565:
            size = 2 * w * h
        else:
            size = (w + 7) // 8 * h
        self._spare = framebuf.FrameBuffer(bytearray(size), w, h, fmt)
        return True

    def keep(self, x, y):
        """Copy the spare's rectangle of the frame at x, y aside."""
        self._spare.blit(self.fb, -x, -y)
        self._kept_x = x
        self._kept_y = y

    def restore(self):
        """Put the rectangle kept last back where it was."""
        self.fb.blit(self._spare, self._kept_x, self._kept_y)

    def show(self):
        if self._push is not None:
            self._push(self.buf)
