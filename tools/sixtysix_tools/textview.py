"""The simulated board as text, for a terminal too small for its pixels.

An 80x24 terminal shows at most 80x44 pixels in half-blocks: the Pico
Display's 240x135 shrinks by four and its 5x7 letters turn to blobs.  But
everything the firmware draws is text in a grid of font cells, filled
rectangles and a few lines, so `CellCanvas` passes every call on to the
real canvas and also notes, per font cell, the background and the character
drawn there.  `render_cells` prints that grid: the same screen, one
terminal character per font cell (40x16 on the Pico Display), every word
readable, the colours kept.  The grid is twice as fine across as the font
(two terminal columns a font cell, a letter still one column), so cards a
few pixels apart stay apart, and the picture keeps the panel's shape.
"""

from sixtysix_app.canvas import MONO, PALETTE, SEL

# The firmware carries suit glyphs inside strings as the characters 1..4.
SUIT_CHARS = "\u2663\u2666\u2665\u2660"  # clubs diamonds hearts spades, the order of the deck
UNDERLINE = "\u2580"  # the cursor's line under a card, as an upper half block
LIT = 0xE0F0FF  # a lit pixel of a mono panel, as the window shows it
DARK = 0x000000


class CellCanvas:
    """A canvas that draws on `inner` and keeps a text picture of the frame."""

    def __init__(self, inner, mono: bool = False) -> None:
        self.inner = inner
        self.mono = mono
        self.width = inner.width
        self.height = inner.height
        self.char_w = inner.char_w  # the font being drawn (faces() may change it)
        self.char_h = inner.char_h
        self.cell_w = inner.char_w  # the grid's: the plain text font's
        self.cell_h = inner.char_h
        self.cols = 2 * self.width // self.cell_w  # half a font cell a column
        # A text row at pixel y is the grid row its centre falls in; the
        # lowest text (the note line, at height - cell_h) must have one even
        # when the panel is not a whole number of rows (the PyBadge's 128 / 12).
        self.rows = (self.height + self.cell_h // 2) // self.cell_h
        self.bg = bytearray(self.cols * self.rows)
        self.fg = bytearray(self.cols * self.rows)
        self.chars = [" "] * (self.cols * self.rows)
        # Where the last text ended, (row, pixel x, grid column): a suit or
        # text drawn right there goes on at that column, as on the panel.
        self.after = (-1, 0, 0)
        # A frame in the cursor's colour, (first row, last row, first column,
        # end column) of the cells it holds, until the next fill or rectangle.
        self.frame: tuple | None = None
        self.opened = False  # its "[" is down: the frame's text has begun
        self.facing = False  # drawing in the cards' font (faces(True))

    def __getattr__(self, name):  # frames, rgb_rows, save_png, ...
        return getattr(self.inner, name)

    # --- the Canvas interface ----------------------------------------------------------

    def faces(self, on: bool) -> None:
        self.inner.faces(on)
        self.facing = on
        self.char_w = self.inner.char_w
        self.char_h = self.inner.char_h
        self.glyph_h = self.inner.glyph_h

    def fill(self, role: int) -> None:
        self.after = (-1, 0, 0)
        self.frame = None
        self.inner.fill(role)
        self._cells(0, 0, self.width, self.height, role)

    def fill_rect(self, x: int, y: int, w: int, h: int, role: int) -> None:
        self.inner.fill_rect(x, y, w, h, role)
        self._cells(x, y, w, h, role)
        self.frame = None

    def rect(self, x: int, y: int, w: int, h: int, role: int) -> None:
        """An outline covers no cell's centre.  But one in the cursor's
        colour frames a card the app marks without raising or underlining
        it (the card under the cursor that you may not play, the computer's
        last card), so the card's text drawn inside it next, in the faces'
        font, is put in brackets; a box of words (a hint) is framed so too
        and keeps its words as they are."""
        self.inner.rect(x, y, w, h, role)
        self.frame = None
        if role == SEL:
            self.frame = (y // self.cell_h, (y + h - 1) // self.cell_h) + self._columns(x, w)
            self.opened = False

    def hline(self, x: int, y: int, w: int, role: int) -> None:
        """A line is thinner than a cell, so it covers no cell's centre; but
        the app draws one line only, the cursor's under the card it is on,
        and without it the cursor would not show at all (the card's rise of
        2 pixels stays inside its cell row). So the blank cells of the row
        the line falls in get an upper half block in its colour."""
        self.inner.hline(x, y, w, role)
        row = y // self.cell_h
        if 0 <= row < self.rows:
            for col in range(*self._columns(x, w)):
                if self.chars[row * self.cols + col] == " ":
                    self._put(col, row, UNDERLINE, role)

    def vline(self, x: int, y: int, h: int, role: int) -> None:
        self.inner.vline(x, y, h, role)

    def text(self, s: str, x: int, y: int, role: int) -> None:
        self.inner.text(s, x, y, role)
        row = (y + self.cell_h // 2) // self.cell_h
        col = self._column(x, row)
        if col + len(s) > self.cols and x + len(s) * self.char_w <= self.width:
            col = self.cols - len(s)  # text that ends at the panel's edge ends at the grid's
        start = col
        for ch in s:
            self._put(col, row, ch, role)
            col += 1
        self.after = (row, x + len(s) * self.char_w, col)
        self._bracket(row, start, col)

    def suit(self, n: int, x: int, y: int, role: int) -> None:
        self.inner.suit(n, x, y, role)
        row = (y + self.cell_h // 2) // self.cell_h
        col = self._column(x, row)
        self._put(col, row, chr(1 + n), role)
        self.after = (row, x + self.char_w, col + 1)
        self._bracket(row, col, col + 1)

    def spare(self, w: int, h: int) -> bool:
        return False  # the grid cannot put cells back: the computer's card lands at once

    def show(self) -> None:
        self.inner.show()

    # --- the grid -------------------------------------------------------------------------

    def _column(self, x: int, row: int) -> int:
        """The grid column nearest pixel column x, or the one right after the
        last text when x is where that text ended."""
        last_row, last_x, last_col = self.after
        if row == last_row and x == last_x:
            return last_col
        return (4 * x + self.cell_w) // (2 * self.cell_w)

    def _columns(self, x: int, w: int) -> tuple:
        """(first, end) of the grid columns whose centre pixels x to x + w
        cover: column k's centre is at (2k + 1) * cell_w / 4 pixels."""
        cw = self.cell_w
        return max(0, -((cw - 4 * x) // (2 * cw))), min(self.cols, -((cw - 4 * (x + w)) // (2 * cw)))

    def _bracket(self, row: int, start: int, end: int) -> None:
        """Text inside the frame gets a bracket in the blank cell before its
        first character and after its last, within the frame's columns or
        the one either side (the outline's own, where a card is narrow)."""
        f = self.frame
        if f is None or not self.facing or not f[0] <= row <= f[1] or not f[2] <= start < f[3]:
            return
        if not self.opened:
            self.opened = True
            self._blank_put(start - 1, row, "[", f)
        self._blank_put(end, row, "]", f)

    def _blank_put(self, col: int, row: int, ch: str, f: tuple) -> None:
        inside = f[2] - 1 <= col <= f[3] and 0 <= col < self.cols and 0 <= row < self.rows
        if inside and self.chars[row * self.cols + col] == " ":
            self._put(col, row, ch, SEL)

    def _cells(self, x: int, y: int, w: int, h: int, role: int) -> None:
        """Cells whose centre the rectangle covers take its colour and lose
        their character; thin lines cover no centre."""
        ch = self.cell_h
        c0, c1 = self._columns(x, w)
        # row r's centre is at (2r + 1) * ch / 2 pixels
        r0 = max(0, -((ch - 2 * y) // (2 * ch)))
        r1 = min(self.rows, -((ch - 2 * (y + h)) // (2 * ch)))
        for r in range(r0, r1):
            for c in range(c0, c1):
                i = r * self.cols + c
                self.bg[i] = role
                self.chars[i] = " "

    def _put(self, col: int, row: int, ch: str, role: int) -> None:
        if 0 <= col < self.cols and 0 <= row < self.rows:
            i = row * self.cols + col
            self.chars[i] = ch
            self.fg[i] = role

    def colour(self, role: int) -> int:
        if self.mono:
            return LIT if MONO[role] else DARK
        return PALETTE[role]

    def lines(self) -> list:
        """The grid as plain text (suits as their symbols), one string a row."""
        out = []
        for r in range(self.rows):
            row = self.chars[r * self.cols : (r + 1) * self.cols]
            out.append("".join(_plain(ch) for ch in row).rstrip())
        return out


def _plain(ch: str) -> str:
    n = ord(ch)
    if 1 <= n <= 4:
        return SUIT_CHARS[n - 1]
    return ch if ch.isprintable() else "?"


def render_cells(c: CellCanvas) -> str:
    """The grid in 24-bit colour, one terminal character per font cell."""
    out = []
    for r in range(c.rows):
        line = []
        last = None
        for col in range(c.cols):
            i = r * c.cols + col
            pair = (c.fg[i], c.bg[i])
            if pair != last:
                last = pair
                fg, bg = c.colour(pair[0]), c.colour(pair[1])
                line.append(
                    "\x1b[38;2;%d;%d;%dm\x1b[48;2;%d;%d;%dm"
                    % (fg >> 16, (fg >> 8) & 255, fg & 255, bg >> 16, (bg >> 8) & 255, bg & 255)
                )
            line.append(_plain(c.chars[i]))
        out.append("".join(line) + "\x1b[0m")
    return "\n".join(out)
