"""The widgets every screen is built of: Screen (the interface), Menu,
Pages and Confirm.  They know the app only as the object they were given
(its layout, `show`, `tell`), so the screens and the tables import them
without importing the app, and the app can open the screens without a
cycle."""

from sixtysix.compat import const

from .canvas import SEL
from .events import BACK, NEXT, OK, PREV
from .ui import body_rows, draw_list, draw_title, wrap

# How long a finished trick stays on the table, in every game's table.
TRICK_MS = const(1500)


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
        # One column short of the width, as Confirm's text (whose last
        # column shows its scroll mark), so a text wraps alike on both;
        # the pages themselves are counted in the title, with no mark.
        self.lines = wrap(text, app.layout.cols - 1)
        self.done = done
        self.top = 0

    def _per_page(self) -> int:
        return body_rows(self.app.layout, self.app.layout.h)

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
        room = body_rows(lay, lay.h - lay.ch)  # as draw() shows them, over the footer
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
        draw_list(c, lay, y, self.lines, -1, self.top, bottom)
        footer = "OK:yes BACK:no" if lay.cols < 20 else "OK: yes   BACK: no"
        c.text(footer, 0, bottom, SEL)
