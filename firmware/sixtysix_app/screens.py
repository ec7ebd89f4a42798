"""The screens around the table: title menu, settings, statistics and the
rules.  The end of a hand is the table's own (table.py)."""

import sys

from sixtysix.compat import unload

from .events import BACK, NEXT, OK, PREV
from .settings import GAMES, LEVELS, OFFERED
from .ui import body_rows, draw_list, draw_title, fit, wrap
from .widgets import Confirm, Menu, Pages, Screen

# Screen labels of the rule options of every game, by record name
# (rules.OPTIONS and the other games' option lists).
OPTION_LABELS = {
    "mode": "Mode",
    "marry-after-close": "Marry if closed",
    "marriage-lead": "Marriage lead",
    "exchange-when": "Exchange when",
    "exchange-needs-trick": "Swap needs trick",
    "close-by": "Who may close",
    "void": "Void, no trump",
    "head": "Must head",
    "last-trick-bonus": "Last trick +",
    "played-out": "Played out",
    "no-winner": "No winner",
    "schwarz": "Schwarz",
    "false-claim": "False claim",
    "closer-failed": "Failed close",
    "closer-won": "Closer scored",
    "solo": "Solo wins at",
    "all-pass": "All pass",
    "below-zero": "Below zero",
}
TARGETS = ("3", "5", "7", "9", "11")


# The match of the games dealt as a two-player hand with a stock and an
# upcard (Sixty-Six, Schnapsen); the tests and the bench tell the games of
# the table of seats by it.
TWO_PLAYER_MATCH = "sixtysix.match:Match"


def table_for(app):
    """The table screen for the match in progress: one for every game.  The
    heap is collected first, so that the table's modules and players fill
    the holes the menus left rather than split the free space a search's
    tables need."""
    import gc

    # The two-player search players share one solver through a match's
    # hands (sixtysix.ai._SHARED); a table set from here (a new game, or
    # the match resumed) lets it go first: a four-hand table has no use
    # for it, and a two-player one makes it again at its first search.
    ai = sys.modules.get("sixtysix.ai")
    if ai is not None:
        ai.release_search()
    gc.collect()
    from .table import Table

    table = Table(app)
    if sys.implementation.name != "cpython":
        # A match needs none of the screens here: let them go until the
        # title menu comes back (app.home imports them again).  That pays
        # for the table's drawing for the eye (ui.Flight and its marks).
        # Not on CPython, where the tools and tests hold these classes.
        unload("sixtysix_app.screens")
    return table


def title_menu(app):
    s = app.session
    items = []
    if s.can_resume():
        items.append(("Resume match", lambda: resume(app)))
    items.append(("New match", lambda: new_match(app)))
    items.append(("Settings", lambda: app.show(Settings(app))))
    items.append(("Statistics", lambda: app.show(stats_pages(app))))
    items.append(("Rules", lambda: app.show(rules_menu(app))))
    return Menu(app, "Sixty-Six", items)


def new_match(app) -> None:
    s = app.session
    if s.can_resume():
        app.show(
            Confirm(
                app,
                "New match?",
                "The match in progress will be given up: it counts as abandoned.",
                lambda: _start(app),
                app.home,
            )
        )
    else:
        _start(app)


def _start(app) -> None:
    s = app.session
    s.abandon()
    s.new_match(app.next_seed())
    s.start_hand()
    app.show(table_for(app))


def resume(app) -> None:
    s = app.session
    if s.match.hand.over:
        s.start_hand()  # the last hand was booked before the save
    app.show(table_for(app))


# --- settings -------------------------------------------------------------------------


class Settings(Screen):
    """Every setting on one scrolling list; OK steps through a row's values
    and saves them at once (a power cut on this screen keeps them), BACK
    returns.  Rule changes apply to the next match."""

    def __init__(self, app) -> None:
        Screen.__init__(self, app)
        self.cursor = 0
        self.top = 0
        self.changed = False

    def rows(self):
        st = self.app.session.settings
        r = st.rules
        # A target the menu does not offer (a settings file edited by hand)
        # is shown as it is, and the next press steps on to the offered ones.
        target = str(r.target)
        targets = TARGETS if target in TARGETS else TARGETS + (target,)
        rows = [
            ("Game", tuple(GAMES[g] for g in OFFERED), OFFERED.index(st.game)),
            ("Level", LEVELS, LEVELS.index(st.level)),
            ("Hints", ("off", "on"), 1 if st.hints else 0),
            ("Target", targets, targets.index(target)),
        ]
        options = st.options()
        for name, attr, values in options:
            rows.append((OPTION_LABELS.get(name, name), values, getattr(r, attr)))
        return rows

    def step(self, row: int) -> None:
        st = self.app.session.settings
        label, values, index = self.rows()[row]
        index = (index + 1) % len(values)
        if row == 0:
            st.set_game(OFFERED[index])
        elif row == 1:
            st.level = values[index]
        elif row == 2:
            st.hints = index == 1
        elif row == 3:
            st.rules.target = int(values[index])
        else:
            name = st.options()[row - 4][0]
            st.rules.set_option(name, values[index])
        self.changed = True

    def key(self, ev: int) -> None:
        n = len(self.rows())
        if ev == NEXT:
            self.cursor = (self.cursor + 1) % n
        elif ev == PREV:
            self.cursor = (self.cursor - 1) % n
        elif ev == OK:
            self.step(self.cursor)
            self.app.session.save_settings()
        elif ev == BACK:
            s = self.app.session
            self.app.home()
            if self.changed and s.can_resume():
                self.app.tell("New settings apply from the next match.")

    def draw(self, c) -> None:
        lay = self.app.layout
        c.fill(0)
        y = draw_title(c, lay, "Settings")
        lines = []
        cols = lay.cols - 1  # the last column: draw_list's scroll marks
        for label, values, index in self.rows():
            value = values[index]
            room = cols - len(value) - 1
            label = fit(label, room)
            lines.append(label + " " * (cols - len(label) - len(value)) + value)
        self.top = draw_list(c, lay, y, lines, self.cursor, self.top, lay.h)


# --- statistics and rules ----------------------------------------------------------------


def stats_pages(app):
    from .stats_page import text

    pages = Pages(app, "Statistics", text(app.session.stats, app.layout.cols - 1), app.home)  # Pages' width
    unload("sixtysix_app.stats_page")
    return pages


def rules_menu(app, cursor: int = 0):
    """The rules, a page a game or topic.  Their text is the largest thing
    the app holds (about 5 KB of heap), so it is imported only here and let
    go again on the way out: a match never carries it."""
    from .rules_text import PAGES

    items = []
    for i in range(len(PAGES)):
        items.append((PAGES[i][0], _rules_page(app, i)))
    return Menu(app, "Rules", items, lambda: _close_rules(app), cursor)


def _rules_page(app, i: int):
    def run() -> None:
        from .rules_text import PAGES

        title, text = PAGES[i]
        app.show(Pages(app, title, text, lambda: app.show(rules_menu(app, i))))

    return run


def _close_rules(app) -> None:
    unload("sixtysix_app.rules_text")
    app.home()


class Fault(Screen):
    """Something broke: a short code to quote (in the title), where the
    match stands (as saved, or back at its last save when the saves since
    had failed), and any button to go back to the title menu.  A module
    of the firmware that would not load (`missing`) is named as the cause:
    it comes back at every match until the firmware is copied again."""

    def __init__(self, app, code: str, saved: bool = True, missing: bool = False) -> None:
        Screen.__init__(self, app)
        self.code = code
        self.saved = saved
        self.missing = missing

    def key(self, ev: int) -> None:
        self.app.popup = None
        self.app.home()

    def draw(self, c) -> None:
        lay = self.app.layout
        c.fill(0)
        y = draw_title(c, lay, "Error " + self.code)
        text = "Firmware incomplete: copy it again." if self.missing else "Something went wrong."
        text += " Your match is saved." if self.saved else " Later saves failed: back to the last."
        # The way out goes where there is room for it: a narrow panel
        # (the Thumby's five rows) keeps what happened whole instead.
        lines = wrap(text + " Press a button.", lay.cols - 1)
        if len(lines) > body_rows(lay, lay.h):
            lines = wrap(text, lay.cols - 1)
        draw_list(c, lay, y, lines, -1, 0, lay.h)
