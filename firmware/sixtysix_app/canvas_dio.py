"""The Canvas (canvas.py) on CircuitPython `displayio` (the PyBadge).

Shapes and suit glyphs are drawn into one `displayio.Bitmap` of role
indices shown through a `Palette` of PALETTE; text goes through
`adafruit_display_text` labels in the built-in terminalio font, from a pool
reused frame to frame.  Card faces are the same font at `face_scale` (a
label's own scale; the suits drawn as large), so the cards can use the
room the panel has.  text() only notes the run of text in the next slot;
show() brings the labels in line with the slots, hides the rest and
refreshes the display.  A label is only re-rendered when its text or
colour changed.

Labels sit above the bitmap, yet screens expect framebuf's call order: a
box filled over text drawn earlier in the frame (a pop-up over the table)
covers it.  So fill_rect() clips the runs of this frame's text: every
character whose cell the filled rectangle touches, even by one pixel row,
is dropped, and the run is cut to what is left of it on each side (the
right-hand part takes one more slot).  Text drawn after the fill is not
touched.  A character half covered from above or below goes whole: a
label cannot show part of a glyph.

On CPython the same code runs over Blinka's displayio (see
sixtysix_tools.hostcanvas.headless_displayio_canvas).
"""

from sixtysix_app import font as _font
from sixtysix_app.canvas import PALETTE, ROLES


def _ink_rows(text_font, ch: str) -> int:
    """How many pixel rows a glyph of the font inks, top to bottom (8 for
    a capital in terminalio's 6x12 cell)."""
    g = text_font.get_glyph(ord(ch))
    bitmap = g.bitmap
    x0 = g.tile_index * g.width
    rows = [y for y in range(g.height) if any(bitmap[x0 + x, y] for x in range(g.width))]
    return rows[-1] - rows[0] + 1 if rows else g.height


class DisplayioCanvas:
    mono = False

    def __init__(self, display, text_font=None, face_scale=1):
        import bitmaptools  # type: ignore[import-untyped]
        import displayio  # type: ignore[import-untyped]
        from adafruit_display_text import bitmap_label  # type: ignore[import-untyped]

        if text_font is None:
            import terminalio  # type: ignore[import-untyped]

            text_font = terminalio.FONT
        self.display = display
        self.width = display.width
        self.height = display.height
        box = text_font.get_bounding_box()
        self._cell_w = box[0]
        self._cell_h = box[1]
        self._glyph_h = _ink_rows(text_font, "A")
        self._face_scale = face_scale
        self.face_w = box[0] * face_scale  # card faces: the same font, scaled
        self.face_h = box[1] * face_scale
        self._text_font = text_font
        self._label_class = bitmap_label.Label
        self._fill_region = bitmaptools.fill_region
        self.bitmap = displayio.Bitmap(self.width, self.height, ROLES)
        palette = displayio.Palette(ROLES)
        for role in range(ROLES):
            palette[role] = PALETTE[role]
        self.group = displayio.Group()
        self.group.append(displayio.TileGrid(self.bitmap, pixel_shader=palette))
        self._labels = []
        # Per slot: [string, first, end, role, x, y, scale], the characters
        # string[first:end] with string[0]'s cell at x, y, drawn at scale.
        # _wanted holds this frame's runs, _shown what each label was last
        # set to.
        self._wanted = []
        self._shown = []
        self._used = 0
        # Suit glyphs: the normal font's, scaled and centred in the text cell
        # (_text_suits) or the card faces' (_face_suits): (scale, dx, dy).
        self._suit_table, cell_w, cell_h = _font.font("normal")
        self._suit_cell_w = cell_w
        self._suit_cell_h = cell_h
        self._text_suits = self._suit_fit(box[0], box[1])
        self._face_suits = self._suit_fit(self.face_w, self.face_h)
        self.faces(False)
        display.auto_refresh = False
        display.root_group = self.group

    def _suit_fit(self, char_w, char_h):
        cell_w = self._suit_cell_w
        cell_h = self._suit_cell_h
        scale = min(char_w // cell_w, char_h // cell_h)
        scale = scale if scale > 1 else 1
        return (scale, (char_w - cell_w * scale) // 2, (char_h - (cell_h - 1) * scale) // 2)

    def faces(self, on):
        """Card faces (True: the font at face_scale) or plain text (False)
        from here on; char_w, char_h and glyph_h follow."""
        scale = self._face_scale if on else 1
        self._scale = scale
        self.char_w = self._cell_w * scale
        self.char_h = self._cell_h * scale
        self.glyph_h = self._glyph_h * scale
        self._suit_scale, self._suit_dx, self._suit_dy = self._face_suits if on else self._text_suits

    def fill(self, role):
        self.bitmap.fill(role)
        self._used = 0  # covers all the text drawn so far

    def fill_rect(self, x, y, w, h, role):
        x0 = x if x > 0 else 0
        y0 = y if y > 0 else 0
        x1 = x + w if x + w < self.width else self.width
        y1 = y + h if y + h < self.height else self.height
        if x0 >= x1 or y0 >= y1:
            return
        self._fill_region(self.bitmap, x0, y0, x1, y1, role)
        self._cover(x0, y0, x1, y1)

    def _cover(self, x0, y0, x1, y1):
        """Cut this frame's text runs out of the box x0 <= x < x1, y0 <= y < y1."""
        for i in range(self._used):  # runs split off below come after: not re-checked
            run = self._wanted[i]
            scale = run[6]
            char_w = self._cell_w * scale
            char_h = self._cell_h * scale
            # A card face's rank (scale > 1) leaves its cell's last column
            # blank: a card overlapping only that much (Sixty-Five's hand)
            # leaves the rank to its label.
            ink_w = char_w - scale if scale > 1 else char_w
            first = run[1]
            end = run[2]
            x = run[4]
            y = run[5]
            if first >= end or y >= y1 or y + char_h <= y0:
                continue
            if x + first * char_w >= x1 or x + (end - 1) * char_w + ink_w <= x0:
                continue
            hit_first = (x0 - x - ink_w) // char_w + 1  # the first and last characters touched
            hit_last = (x1 - 1 - x) // char_w
            if hit_first > hit_last:
                continue  # only blank columns
            if hit_first > first and hit_last + 1 < end:
                right = self._take()
                right[0] = run[0]
                right[1] = hit_last + 1
                right[2] = end
                right[3] = run[3]
                right[4] = x
                right[5] = y
                right[6] = run[6]
            if hit_first > first:
                run[2] = hit_first
            elif hit_last + 1 < end:
                run[1] = hit_last + 1
            else:
                run[1] = end  # all gone

    def rect(self, x, y, w, h, role):
        # The same four strokes as framebuf's rect, degenerate sizes included.
        self.fill_rect(x, y, w, 1, role)
        self.fill_rect(x, y + h - 1, w, 1, role)
        self.fill_rect(x, y, 1, h, role)
        self.fill_rect(x + w - 1, y, 1, h, role)

    def hline(self, x, y, w, role):
        self.fill_rect(x, y, w, 1, role)

    def vline(self, x, y, h, role):
        self.fill_rect(x, y, 1, h, role)

    def text(self, s, x, y, role):
        if not s:
            return
        run = self._take()
        run[0] = s
        run[1] = 0
        run[2] = len(s)
        run[3] = role
        run[4] = x
        run[5] = y
        run[6] = self._scale

    def _take(self):
        """The next free slot; the pool grows only when a frame needs more."""
        i = self._used
        self._used = i + 1
        if i == len(self._wanted):
            self._wanted.append(["", 0, 0, 0, 0, 0, 1])
            self._shown.append([None, 0, 0, -1, None, None, 1])
        return self._wanted[i]

    def suit(self, n, x, y, role):
        table = self._suit_table
        cell_w = self._suit_cell_w
        scale = self._suit_scale
        bitmap = self.bitmap
        width = self.width
        height = self.height
        offset = (_font.SUIT_GLYPH + n) * cell_w
        left = x + self._suit_dx
        top = y + self._suit_dy
        for gx in range(cell_w):
            column = table[offset + gx]
            gy = 0
            while column:
                if column & 1:
                    for sy in range(scale):
                        py = top + gy * scale + sy
                        for sx in range(scale):
                            px = left + gx * scale + sx
                            if 0 <= px < width and 0 <= py < height:
                                bitmap[px, py] = role
                column >>= 1
                gy += 1

    def spare(self, w, h):
        """No flight here: labels cannot be kept aside with the bitmap, and
        a whole refresh a frame is too slow to move a card smoothly."""
        return False

    def show(self):
        labels = self._labels
        for i in range(self._used):
            run = self._wanted[i]
            s, first, end, role, x, y, scale = run
            if i == len(labels):
                label = self._label_class(self._text_font, text=" ", anchor_point=(0, 0))
                self.group.append(label)
                labels.append(label)
            label = labels[i]
            if first >= end:
                label.hidden = True
                continue
            shown = self._shown[i]
            if shown[0] != s or shown[1] != first or shown[2] != end:
                label.text = s if first == 0 and end == len(s) else s[first:end]
                shown[0] = s
                shown[1] = first
                shown[2] = end
            if shown[3] != role:
                label.color = PALETTE[role]
                shown[3] = role
            if shown[6] != scale:
                label.scale = scale
                shown[6] = scale
            x += first * self._cell_w * scale
            if shown[4] != x or shown[5] != y:
                label.anchored_position = (x, y)
                shown[4] = x
                shown[5] = y
            label.hidden = False
        for i in range(self._used, len(labels)):
            labels[i].hidden = True
        self._used = 0
        self.display.refresh()
