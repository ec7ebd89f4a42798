"""A panel that draws nothing, for measuring the heap of the firmware
without a framebuffer (drive_board.py on the unix port, and the emulated
Pico's heap probe). Runs on MicroPython and CPython."""


class NullCanvas:
    """A panel that shows nothing: the board's size and text cell, no pixels."""

    def __init__(self, board):
        self.width = board.WIDTH
        self.height = board.HEIGHT
        self.mono = board.MONO
        self._text = self._style(board.FONT, board.SCALE)
        self._face = self._style(board.FACE[0], board.FACE[1])
        self.face_w, self.face_h = self._face[:2]
        self.faces(False)

    @staticmethod
    def _style(font, scale):
        cells = {"small": (4, 6), "normal": (6, 8), "card": (8, 10)}
        w, h = cells[font]
        return (w * scale, h * scale, (h - 1) * scale)

    def faces(self, on):
        self.char_w, self.char_h, self.glyph_h = self._face if on else self._text

    def fill(self, role):
        pass

    def fill_rect(self, x, y, w, h, role):
        pass

    def rect(self, x, y, w, h, role):
        pass

    def hline(self, x, y, w, role):
        pass

    def vline(self, x, y, h, role):
        pass

    def text(self, s, x, y, role):
        pass

    def suit(self, n, x, y, role):
        pass

    def spare(self, w, h):
        return True  # the flight runs its frames, as on a board, drawing nothing

    def keep(self, x, y):
        pass

    def restore(self):
        pass

    def show(self):
        pass
