"""A walk through every screen of the device, as button presses.

`tour(sim)` plays a scripted user on a simulated board: it visits the
settings, statistics and rules, starts a match, asks for a hint, opens the
action menu, the close confirmation and the last trick, then presses OK to
the end of the match.  It returns the presses it made and the press after
which each screen was first seen, so the same presses can be replayed on
MicroPython (the golden-picture tests) and the screens photographed for the
README and docs/DEVICE.md (`sixtysix sim --tour DIR`).

The user only presses what the board has: events come from the board's
KEYMAP (a long press where the event has no button of its own), and lists
are walked with NEXT alone, which every board has and which wraps.
"""

from sixtysix.cards import NO_CARD
from sixtysix_app import events
from sixtysix_app.app import Confirm, Menu, Pages
from sixtysix_app.screens import Settings
from sixtysix_app.table import Table

from .sim import LONG_MS, TAP_MS, Sim

# The screens a tour photographs, in the order they are met.
SHOTS = (
    "title",
    "settings",
    "statistics",
    "rules-menu",
    "rules-page",
    "table",
    "hint",
    "actions",
    "close-confirm",
    "claim-confirm",
    "trick",
    "last-trick",
    "hand-result",
    "match-over",
    "statistics-after",
)

MAX_PRESSES = 1500


def press_for(board, event: int):
    """(button index, held ms) that gives `event` on this board."""
    for i, (short, _long) in enumerate(board.KEYMAP):
        if short == event:
            return i, TAP_MS
    for i, (_short, long) in enumerate(board.KEYMAP):
        if long == event:
            return i, LONG_MS
    raise ValueError("board %s cannot send %s" % (board.NAME, events.NAMES[event]))


class Tour:
    def __init__(self, sim: Sim) -> None:
        self.sim = sim
        self.presses: list = []
        self.shots: dict = {}

    def press(self, event: int) -> None:
        if len(self.presses) >= MAX_PRESSES:
            raise RuntimeError("the tour did not finish in %d presses" % MAX_PRESSES)
        i, ms = press_for(self.sim.board, event)
        self.sim.hold(i, ms)
        self.presses.append((i, ms))

    def shot(self, name: str) -> None:
        if name not in self.shots:
            self.shots[name] = len(self.presses)

    @property
    def screen(self):
        return self.sim.app.screen

    def pick(self, label_start: str) -> None:
        """Walk a menu to the item starting with `label_start`, press OK."""
        menu = self.screen
        assert isinstance(menu, Menu), menu
        labels = [item[0] for item in menu.items]
        target = next(i for i, label in enumerate(labels) if label.startswith(label_start))
        while menu.cursor != target:
            self.press(events.NEXT)
        self.press(events.OK)

    def run(self) -> "Tour":
        app = self.sim.app
        if app.popup is not None:
            self.press(events.OK)  # a message from the saves, if any
        self.shot("title")
        self.pick("Settings")
        self.shot("settings")
        self.press(events.BACK)
        self.pick("Statistics")
        self.shot("statistics")
        self.press(events.BACK)
        self.pick("Rules")
        self.shot("rules-menu")
        self.press(events.OK)
        self.shot("rules-page")
        self.press(events.BACK)
        self.press(events.BACK)
        self.pick("New match")
        self._play()
        self.shot("match-over")
        self.press(events.OK)
        self.pick("Statistics")
        self.shot("statistics-after")
        self.press(events.BACK)
        return self

    def _play(self) -> None:
        app = self.sim.app
        while True:
            screen = self.screen
            if app.popup is not None:
                self.press(events.OK)
            elif isinstance(screen, Table):
                self._at_table(screen)
            elif isinstance(screen, Pages) and screen.title.startswith("Match over"):
                return
            elif isinstance(screen, Pages):
                self.shot("hand-result")
                self.press(events.OK)
            elif isinstance(screen, Confirm | Menu | Settings):
                self.press(events.OK)
            else:
                raise RuntimeError("the tour is lost on %r" % screen)

    def _at_table(self, table) -> None:
        h = table.hand
        mine = table.state == 0 and h.turn == 0 and not h.over
        self.shot("table")
        if table.shown is not None and table.state == 2:
            self.shot("trick")
        if mine and "hint" not in self.shots:
            self.press(events.HINT)
            self.shot("hint")
            self.press(events.OK)
            return
        if mine and h.lead == NO_CARD and "close-confirm" not in self.shots and self._close_listed(table):
            self.press(events.BACK)
            self.shot("actions")
            self.pick("Close the stock")
            self.shot("close-confirm")
            self.press(events.BACK)  # no: keep playing with the stock open
            self.press(events.BACK)
            self.pick("Claim 66")
            self.shot("claim-confirm")
            self.press(events.BACK)  # no: a false claim would cost
            return
        if mine and h.last_lead != NO_CARD and "last-trick" not in self.shots:
            self.press(events.BACK)
            self.pick("Last trick")
            self.shot("last-trick")
            self.press(events.OK)
            return
        self.press(events.OK)

    @staticmethod
    def _close_listed(table) -> bool:
        menu = table.menu("actions")
        return any(item[0].startswith("Close") for item in menu.items)


def tour(sim: Sim) -> Tour:
    return Tour(sim).run()


class GameTour(Tour):
    """Choose a game for three or four in the settings (and the easy level,
    for speed), then press OK to the end of a match; the four-hand tour
    also photographs the bidding."""

    def __init__(self, sim: Sim, game: int) -> None:
        Tour.__init__(self, sim)
        self.game = game

    def run(self) -> "GameTour":
        app = self.sim.app
        if app.popup is not None:
            self.press(events.OK)
        self.pick("Settings")
        settings = app.session.settings
        while settings.game != self.game:
            self.press(events.OK)  # the first row steps through the games
        self.shot("settings")
        self.press(events.NEXT)
        while settings.level != "easy":
            self.press(events.OK)  # a quick opponent: these tours show screens, not strength
        self.press(events.BACK)
        self.pick("New match")
        while True:
            screen = self.screen
            if app.popup is not None:
                self.press(events.OK)
            elif isinstance(screen, Table):
                if screen.state == 2:
                    self.shot("trick")
                elif screen.state == 0 and screen.game.to_act() == 0:
                    self.shot("table")
                self.press(events.OK)
            elif isinstance(screen, Menu) and screen.title.startswith("Bid?"):
                self.shot("bidding")
                self.press(events.OK)
            elif isinstance(screen, Pages) and screen.title.startswith("Match over"):
                self.shot("match-over")
                self.press(events.OK)
                return self
            elif isinstance(screen, Pages):
                self.shot("hand-result")
                self.press(events.OK)
            else:
                raise RuntimeError("the tour is lost on %r" % screen)


def game_tour(sim: Sim, game: int) -> GameTour:
    return GameTour(sim, game).run()
