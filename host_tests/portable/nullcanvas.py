"""A panel that draws nothing, for measuring the heap of the firmware
without a framebuffer (drive_board.py on the unix port, and the emulated
Pico's heap probe). Runs on MicroPython and CPython."""


class NullCanvas:
    """A panel that shows nothing: the board's size and text cell, no pixels."""

    def __init__(self, board):
        self.width = board.WIDTH
        self.height = board.HEIGHT
        self.mono = board.MONO
        cells = {"small": (4, 6), "normal": (6, 8)}
        w, h = cells[board.FONT]
        self.char_w = w * board.SCALE
        self.char_h = h * board.SCALE

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

    def show(self):
        pass
