"""The application: one screen at a time, driven by logical button events
and a clock, drawn on a Canvas.

    app = App(canvas, session, seed)
    app.handle(event)   a button event (sixtysix_app.events)
    app.tick(now_ms)    timed things: the computer's move, a trick on show
    app.render()        redraw if anything changed, then canvas.show()
    app.busy            the next tick will think (draw the indicator first)
                        or draw a frame of the computer's card in flight

The same object runs on a board (boot.py feeds it) and in the host
simulator and tests (which feed it scripted events and a fake clock).

The app opens the screens; the screens and the tables never import the
app, they leave through it: `app.home()` for the title menu and
`app.end_match(back)` to give a match up.
"""

try:
    from typing import Any
except ImportError:  # MicroPython
    pass
from .events import NEXT, PREV
from .ui import Layout, draw_box, draw_mark, wrap
from .widgets import Confirm, Menu, Pages, Screen  # noqa: F401  (imported from here by the tests and tools)


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
        self.screen: Any = None
        self.home()
        self._news()

    # --- switching and telling ------------------------------------------------

    def show(self, screen) -> None:
        self.screen = screen
        self.dirty = True
        # A card in flight lands; the computer's last card stays marked
        # over a menu and back on its table, and is forgotten elsewhere.
        self.layout.flight.shown(screen, isinstance(screen, (Menu, Confirm)))

    def home(self) -> None:
        """The title menu."""
        from .screens import title_menu

        self.show(title_menu(self))

    def end_match(self, back) -> None:
        """Ask, then give the match up: for a match that will not end (a
        four-hand match may go on for ever) or that the player is done
        with.  BACK runs `back`."""

        def yes() -> None:
            self.session.abandon()
            self.home()

        text = "Give up this match? It counts as abandoned: neither won nor lost."
        self.show(Confirm(self, "End match?", text, yes, back))

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
        so two matches started in the same millisecond still differ:
        (seed * 1103 + now + 7) mod 2**30, worked in 15-bit halves as the
        Rng does, so no step makes an int of 2**30 or more (a heap object on
        a 32-bit board)."""
        s, now = self.seed, self.now
        lo = (s & 0x7FFF) * 1103 + (now & 0x7FFF) + 7
        hi = ((s >> 15) & 0x7FFF) * 1103 + ((now >> 15) & 0x7FFF) + (lo >> 15)
        self.seed = ((hi & 0x7FFF) << 15) | (lo & 0x7FFF)
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
        f = self.layout.flight
        changed = f.step(now) if f.flying else self.screen.tick(now)
        self._news()
        if changed:
            self.dirty = True
        return changed

    @property
    def busy(self) -> bool:
        return self.popup is None and (self.screen.busy or self.layout.flight.flying)

    def render(self) -> bool:
        """Draw and push a frame if something changed; True if it did."""
        if not self.dirty:
            return False
        c = self.canvas
        self.layout.flight.drawn()
        self.screen.draw(c)
        if self.popup is not None:
            draw_box(c, self.layout, self.popup, self.popup_top)
        if self.session.save_error:
            draw_mark(c, self.layout)  # until a save works again
        c.show()
        self.dirty = False
        return True
