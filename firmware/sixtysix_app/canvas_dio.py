"""The Canvas (canvas.py) on CircuitPython `displayio` (the PyBadge).

Shapes and suit glyphs are drawn into one `displayio.Bitmap` of role
indices shown through a `Palette` of PALETTE; text goes through
`adafruit_display_text` labels in the built-in terminalio font, from a pool
reused frame to frame: text() takes the next free label, show() hides the
ones this frame did not use and refreshes the display.  A label is only
re-rendered when its text or colour changed.

Labels sit above the bitmap, so text is never covered by a shape drawn
after it in the same frame (framebuf canvases paint in call order); screens
draw their boxes first and their text last, which suits both.

On CPython the same code runs over Blinka's displayio (see
sixtysix_tools.hostcanvas.headless_displayio_canvas).
"""

from sixtysix_app import font as _font
from sixtysix_app.canvas import PALETTE, ROLES


class DisplayioCanvas:
    mono = False

    def __init__(self, display, text_font=None):
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
        self.char_w = box[0]
        self.char_h = box[1]
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
        self._shown = []  # per label: [text, role, x, y] as last set
        self._used = 0
        # Suit glyphs: the normal font's, scaled and centred in the text cell.
        self._suit_table, cell_w, cell_h = _font.font("normal")
        self._suit_cell_w = cell_w
        scale = min(self.char_w // cell_w, self.char_h // cell_h)
        self._suit_scale = scale if scale > 1 else 1
        self._suit_dx = (self.char_w - cell_w * self._suit_scale) // 2
        self._suit_dy = (self.char_h - (cell_h - 1) * self._suit_scale) // 2
        display.auto_refresh = False
        display.root_group = self.group

    def fill(self, role):
        self.bitmap.fill(role)

    def fill_rect(self, x, y, w, h, role):
        x0 = x if x > 0 else 0
        y0 = y if y > 0 else 0
        x1 = x + w if x + w < self.width else self.width
        y1 = y + h if y + h < self.height else self.height
        if x0 >= x1 or y0 >= y1:
            return
        self._fill_region(self.bitmap, x0, y0, x1, y1, role)

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
        i = self._used
        self._used = i + 1
        if i == len(self._labels):
            label = self._label_class(
                self._text_font, text=s, color=PALETTE[role], anchor_point=(0, 0), anchored_position=(x, y)
            )
            self.group.append(label)
            self._labels.append(label)
            self._shown.append([s, role, x, y])
            return
        label = self._labels[i]
        shown = self._shown[i]
        if shown[0] != s:
            label.text = s
            shown[0] = s
        if shown[1] != role:
            label.color = PALETTE[role]
            shown[1] = role
        if shown[2] != x or shown[3] != y:
            label.anchored_position = (x, y)
            shown[2] = x
            shown[3] = y
        label.hidden = False

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

    def show(self):
        labels = self._labels
        for i in range(self._used, len(labels)):
            labels[i].hidden = True
        self._used = 0
        self.display.refresh()
