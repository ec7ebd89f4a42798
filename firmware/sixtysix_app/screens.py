"""The screens around the table: title menu, hand result, match end,
settings, statistics and the rules."""

from sixtysix.cards import set_points
from sixtysix.explain import result_text

from .app import Confirm, Menu, Pages, Screen
from .canvas import FG, SEL
from .events import BACK, NEXT, OK, PREV
from .rules_text import PAGES
from .settings import GAMES
from .ui import draw_list, draw_title, fit, put

NAMES = ("You", "B")

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
MULTI = ("three-hand", "four-hand", "sixty-five")


def table_for(app):
    """The table screen for the match in progress: two at the table, or more."""
    if getattr(app.session.match, "name", "") in MULTI:
        from .table_multi import SeatTable

        return SeatTable(app)
    from .table import Table

    return Table(app)


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


def back_to_title(app):
    return lambda: app.show(title_menu(app))


def new_match(app) -> None:
    s = app.session
    if s.can_resume():
        app.show(
            Confirm(
                app,
                "New match?",
                "The match in progress will be given up: it counts as abandoned.",
                lambda: _start(app),
                back_to_title(app),
            )
        )
    else:
        _start(app)


def end_match(app, back) -> None:
    """Ask, then give the match up: for a match that will not end (a
    four-hand match may go on for ever) or that the player is done with."""

    def yes() -> None:
        app.session.abandon()
        app.show(title_menu(app))

    text = "Give up this match? It counts as abandoned: neither won nor lost."
    app.show(Confirm(app, "End match?", text, yes, back))


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


# --- the end of a hand ------------------------------------------------------------


def hand_result(app):
    """Book the finished hand and say how it went, then go on."""
    s = app.session
    m = s.match
    h = m.hand
    lines = []
    cards = [set_points(h.won[0]), set_points(h.won[1])]
    last = [h.card_points[0] - cards[0], h.card_points[1] - cards[1]]
    marr = [h.marriage_points[0], h.marriage_points[1]]
    lines.append("         You    B")
    lines.append("Cards   %4d %4d" % (cards[0], cards[1]))
    if marr[0] or marr[1]:
        lines.append("Marry   %4d %4d" % (marr[0], marr[1]))
    if last[0] or last[1]:
        lines.append("Last    %4d %4d" % (last[0], last[1]))
    lines.append("Total   %4d %4d" % (h.score(0), h.score(1)))
    text = "\n".join(lines) + "\n" + result_text(h, NAMES) + "."
    s.finish_hand()
    if m.winner >= 0:
        text += "\nMatch: you %d, B %d." % (m.scores[0], m.scores[1])
        text += "\nYou win the match!" if m.winner == 0 else "\nB wins the match."
        return Pages(app, "Match over", text, back_to_title(app))
    text += "\nMatch: you %d, B %d (to %d)." % (m.scores[0], m.scores[1], m.rules.target)
    if m.pot:
        text += " Pot %d." % m.pot
    return Pages(app, "Hand %d" % m.hands_played, text, lambda: _next_hand(app))


def _next_hand(app) -> None:
    app.session.start_hand()
    app.show(table_for(app))


def seat_score_text(game, match) -> str:
    s = match.scores
    if game.partners:
        text = "Match to %d. You and C %d, B and D %d." % (match.rules.target, s[0], s[1])
    else:
        text = "Match to %d. You %d, B %d, C %d." % (match.rules.target, s[0], s[1], s[2])
    return text


def seat_result(app):
    """Book a finished hand of three or four and say how it went."""
    from .seats import SEATS, adapter

    s = app.session
    m = s.match
    g = adapter(m)
    h = m.hand
    if g.name == "three-hand":
        seats = (SEATS[m.seat_of(0)], SEATS[m.seat_of(1)])
        names = tuple("You" if n == "A" else n for n in seats)
        text = "%s deals and sits out.\n%s %d, %s %d.\n%s." % (
            SEATS[m.dealer],
            names[0],
            h.score(0),
            names[1],
            h.score(1),
            result_text(h, names),
        )
    elif g.name == "four-hand":
        from sixtysix.four import R_PASSED_OUT

        if h.reason == R_PASSED_OUT:
            text = "Everybody passed: no score."
        else:
            side = "you and C" if h.bidder & 1 == 0 else "B and D"
            text = "%s bid %s for %s: %s.\nPoints: you and C %d, B and D %d.\nGame points: %+d and %+d." % (
                SEATS[h.bidder],
                g.bid_name(h.high_bid),
                side,
                "made" if h.made else "failed",
                h.side_score(0),
                h.side_score(1),
                h.game_points[0],
                h.game_points[1],
            )
    else:
        text = "Tricks %d and %d, points you and C %d, B and D %d.\nGame points: %d and %d." % (
            h.tricks[0],
            h.tricks[1],
            h.score(0),
            h.score(1),
            h.game_points[0],
            h.game_points[1],
        )
    s.finish_hand()
    text += "\n" + seat_score_text(g, m)
    if m.winner >= 0:
        if g.partners:
            won = m.winner == 0
            text += "\nYou and C win the match!" if won else "\nB and D win the match."
        else:
            text += "\nYou win the match!" if m.winner == 0 else "\n%s wins the match." % SEATS[m.winner]
        return Pages(app, "Match over", text, back_to_title(app))
    return Pages(app, "Hand %d" % m.hands_played, text, lambda: _next_hand(app))


# --- settings -------------------------------------------------------------------------


class Settings(Screen):
    """Every setting on one scrolling list; OK steps through a row's values,
    BACK keeps them and returns.  Rule changes apply to the next match."""

    def __init__(self, app) -> None:
        Screen.__init__(self, app)
        self.cursor = 0
        self.top = 0
        self.changed = False

    def rows(self):
        st = self.app.session.settings
        r = st.rules
        rows = [
            ("Game", GAMES, st.game),
            ("Level", ("easy", "medium", "hard"), ("easy", "medium", "hard").index(st.level)),
            ("Hints", ("off", "on"), 1 if st.hints else 0),
            ("Target", TARGETS, TARGETS.index(str(r.target)) if str(r.target) in TARGETS else 2),
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
            st.set_game(index)
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
        elif ev == BACK:
            s = self.app.session
            if self.changed:
                s.save_settings()
            self.app.show(title_menu(self.app))
            if self.changed and s.can_resume():
                self.app.tell("New settings apply from the next match.")

    def draw(self, c) -> None:
        lay = self.app.layout
        c.fill(0)
        y = draw_title(c, lay, "Settings")
        lines = []
        for label, values, index in self.rows():
            value = values[index]
            room = lay.cols - len(value) - 1
            label = fit(label, room)
            lines.append(label + " " * (lay.cols - len(label) - len(value)) + value)
        self.top = draw_list(c, lay, y, lines, self.cursor, self.top, lay.h)


# --- statistics and rules ----------------------------------------------------------------


def stats_pages(app):
    return Pages(app, "Statistics", app.session.stats.text(), back_to_title(app))


def rules_menu(app, cursor: int = 0):
    items = []
    for i in range(len(PAGES)):
        items.append((PAGES[i][0], _rules_page(app, i)))
    return Menu(app, "Rules", items, back_to_title(app), cursor)


def _rules_page(app, i: int):
    def run() -> None:
        title, text = PAGES[i]
        app.show(Pages(app, title, text, lambda: app.show(rules_menu(app, i))))

    return run


class Fault(Screen):
    """Something broke: a short code to quote, the reassurance that the
    match is saved, and any button to go back to the title menu."""

    def __init__(self, app, code: str) -> None:
        Screen.__init__(self, app)
        self.code = code

    def key(self, ev: int) -> None:
        self.app.popup = None
        self.app.show(title_menu(self.app))

    def draw(self, c) -> None:
        lay = self.app.layout
        c.fill(0)
        y = draw_title(c, lay, "Error")
        text = "Something went wrong. Your match is saved. Press a button."
        from .ui import wrap

        draw_list(c, lay, y, wrap(text, lay.cols), -1, 0, lay.h)
        put(c, fit("Code: " + self.code, lay.cols), 0, lay.h - lay.ch, SEL if not c.mono else FG)
