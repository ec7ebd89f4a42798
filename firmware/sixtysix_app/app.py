"""The application: one screen at a time, driven by logical button events
and a clock, drawn on a Canvas.

    app = App(canvas, session, seed)
    app.handle(event)   a button event (sixtysix_app.events)
    app.tick(now_ms)    timed things: the computer's move, a trick on show
    app.render()        redraw if anything changed, then canvas.show()
    app.busy            the next tick will think (draw the indicator first)

The same object runs on a board (boot.py feeds it) and in the host
simulator and tests (which feed it scripted events and a fake clock).
"""

from .canvas import SEL

try:
    from typing import Any
except ImportError:  # MicroPython
    pass
from .events import BACK, NEXT, OK, PREV
from .ui import Layout, draw_box, draw_list, draw_mark, draw_title, wrap


class Screen:
    """A screen draws itself and answers events; `app` switches screens."""

    def __init__(self, app) -> None:
        self.app = app

    def key(self, ev: int) -> None:
        pass

    def tick(self, now: int) -> bool:
        """Do timed work; True if the screen changed."""
        return False

    @property
    def busy(self) -> bool:
        return False

    def draw(self, c) -> None:
        pass


class Menu(Screen):
    """A titled list of (label, action) pairs; OK runs the action, BACK
    runs `on_back` (if any)."""

    def __init__(self, app, title: str, items, on_back=None, cursor: int = 0) -> None:
        Screen.__init__(self, app)
        self.title = title
        self.items = items
        self.on_back = on_back
        self.cursor = cursor
        self.top = 0

    def key(self, ev: int) -> None:
        n = len(self.items)
        if ev == NEXT:
            self.cursor = (self.cursor + 1) % n
        elif ev == PREV:
            self.cursor = (self.cursor - 1) % n
        elif ev == OK:
            self.items[self.cursor][1]()
        elif ev == BACK and self.on_back:
            self.on_back()

    def draw(self, c) -> None:
        lay = self.app.layout
        c.fill(0)
        y = draw_title(c, lay, self.title)
        labels = [item[0] for item in self.items]
        self.top = draw_list(c, lay, y, labels, self.cursor, self.top, lay.h)


class Pages(Screen):
    """Read-only text, wrapped to the screen, scrolled with PREV/NEXT a
    screenful at a time; OK or BACK leaves through `done`."""

    def __init__(self, app, title: str, text: str, done) -> None:
        Screen.__init__(self, app)
        self.title = title
        self.lines = wrap(text, app.layout.cols - 1)  # the last column shows the scroll marks
        self.done = done
        self.top = 0

    def _per_page(self) -> int:
        lay = self.app.layout
        return max(1, (lay.h - lay.ch - 2) // lay.ch)

    def key(self, ev: int) -> None:
        page = self._per_page()
        if ev == NEXT:
            if self.top + page < len(self.lines):
                self.top += page
            else:
                self.done()
        elif ev == PREV:
            self.top = max(0, self.top - page)
        elif ev == OK or ev == BACK:
            self.done()

    def draw(self, c) -> None:
        lay = self.app.layout
        c.fill(0)
        page = self._per_page()
        pages = (len(self.lines) + page - 1) // page
        title = self.title
        if pages > 1:
            title = "%s %d/%d" % (title, self.top // page + 1, pages)
        y = draw_title(c, lay, title)
        draw_list(c, lay, y, self.lines[self.top : self.top + page], -1, 0, lay.h)


class Confirm(Screen):
    """A question with its consequences: OK does it, BACK does not;
    PREV/NEXT scroll a text longer than the screen."""

    def __init__(self, app, title: str, text: str, yes, no) -> None:
        Screen.__init__(self, app)
        self.title = title
        self.lines = wrap(text, app.layout.cols - 1)  # the last column shows the scroll marks
        self.yes = yes
        self.no = no
        self.top = 0

    def key(self, ev: int) -> None:
        lay = self.app.layout
        room = max(1, lay.rows - 2)
        if ev == OK:
            self.yes()
        elif ev == BACK:
            self.no()
        elif ev == NEXT and self.top + room < len(self.lines):
            self.top += 1
        elif ev == PREV and self.top > 0:
            self.top -= 1

    def draw(self, c) -> None:
        lay = self.app.layout
        c.fill(0)
        y = draw_title(c, lay, self.title)
        bottom = lay.h - lay.ch
        draw_list(c, lay, y, self.lines[self.top :], -1, 0, bottom)
        footer = "OK:yes BACK:no" if lay.cols < 20 else "OK: yes   BACK: no"
        c.text(footer, 0, bottom, SEL)


class App:
    def __init__(self, canvas, session, seed: int = 1) -> None:
        self.canvas = canvas
        self.session = session
        self.seed = seed
        self.layout = Layout(canvas)
        self.popup: Any = None  # wrapped lines shown over the screen until a key
        self.popup_top = 0
        self.dirty = True
        self.now = 0
        from .screens import title_menu

        self.screen = title_menu(self)
        self._news()

    # --- switching and telling ------------------------------------------------

    def show(self, screen) -> None:
        self.screen = screen
        self.dirty = True

    def tell(self, text: str) -> None:
        """A message in a box over the current screen until a key."""
        self.popup = wrap(text, self.layout.cols - 1)
        self.popup_top = 0
        self.dirty = True

    def _news(self) -> None:
        """What the session has to say (a file set aside, a save that
        failed) goes up at once, over the screen and any message there."""
        s = self.session
        if s.message:
            lines = wrap(s.message, self.layout.cols - 1)
            s.message = ""
            if self.popup is None:
                self.popup = lines
                self.popup_top = 0
            else:
                self.popup += lines
            self.dirty = True

    def next_seed(self) -> int:
        """A new seed for each match: the boot clock mixed with a counter,
        so two matches started in the same millisecond still differ."""
        self.seed = (self.seed * 1103 + self.now + 7) & 0x3FFFFFFF
        return self.seed

    # --- the loop's three calls -------------------------------------------------

    def handle(self, ev: int) -> None:
        if not ev:
            return
        self.dirty = True
        if self.popup is not None:
            inner = self.layout.rows - 1
            if ev == NEXT and self.popup_top + inner < len(self.popup):
                self.popup_top += inner
            elif ev == PREV and self.popup_top > 0:
                self.popup_top = max(0, self.popup_top - inner)
            else:
                self.popup = None
            return
        self.screen.key(ev)
        self._news()

    def tick(self, now: int) -> bool:
        self.now = now
        if self.popup is not None:
            return False
        changed = self.screen.tick(now)
        self._news()
        if changed:
            self.dirty = True
        return changed

    @property
    def busy(self) -> bool:
        return self.popup is None and self.screen.busy

    def render(self) -> bool:
        """Draw and push a frame if something changed; True if it did."""
        if not self.dirty:
            return False
        c = self.canvas
        self.screen.draw(c)
        if self.popup is not None:
            draw_box(c, self.layout, self.popup, self.popup_top)
        if self.session.save_error:
            draw_mark(c, self.layout)  # until a save works again
        c.show()
        self.dirty = False
        return True
