"""Every screen fits its panel: a canvas that passes each call on to the
board's real one notes any text or suit glyph reaching past an edge (the
real canvases clip silently), on every board, for the two-player screens
and for the tables of the games for three and four."""

import pytest
from sixtysix import ai
from sixtysix_app.app import Confirm, Pages
from sixtysix_app.events import BACK, HINT, NEXT, OK
from sixtysix_app.settings import GAMES
from sixtysix_tools import sim as simulator
from sixtysix_tools.hostcanvas import HostCanvas
from sixtysix_tools.sim import Sim
from test_app import button_for, choose, labels, new_sim, on_title, press
from test_app_games import my_turn_to_play

from boards import BOARDS


class FitCheck:
    """A canvas passing every call on to a real one and noting any text or
    suit glyph that would reach past an edge (the real one clips silently)."""

    def __init__(self, inner) -> None:
        self.inner = inner
        self.width = inner.width
        self.height = inner.height
        self.char_w = inner.char_w
        self.char_h = inner.char_h
        self.mono = inner.mono
        self.where = "start"
        self.overflows: list = []
        self.texts = 0

    def __getattr__(self, name):
        return getattr(self.inner, name)

    def _check(self, what: str, cells: int, x: int, y: int) -> None:
        self.texts += 1
        if x < 0 or y < 0 or x + cells * self.char_w > self.width or y + self.char_h > self.height:
            self.overflows.append("%s: %r at (%d, %d)" % (self.where, what, x, y))

    def text(self, s: str, x: int, y: int, role: int) -> None:
        self._check(s, len(s), x, y)
        self.inner.text(s, x, y, role)

    def suit(self, n: int, x: int, y: int, role: int) -> None:
        self._check("suit %d" % n, 1, x, y)
        self.inner.suit(n, x, y, role)


class Blank:
    """A canvas with another's size and text cell that draws nothing."""

    def __init__(self, model) -> None:
        self.width = model.width
        self.height = model.height
        self.char_w = model.char_w
        self.char_h = model.char_h
        self.mono = model.mono
        self.frames = 0

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
        self.frames += 1


def visit_every_screen(sim: Sim, canvas: FitCheck) -> None:
    app = sim.app

    def at(name: str) -> None:
        canvas.where = name
        app.dirty = True
        app.render()

    at("title")
    choose(sim, "Settings")
    screen = app.screen
    for row, (_label, values, _index) in enumerate(screen.rows()):
        at("settings row %d" % row)
        if row >= 4:  # the rule options: every value shown, back to the first
            for v in range(len(values)):
                press(sim, OK)
                at("settings row %d value %d" % (row, v))
        press(sim, NEXT)
    at("settings, wrapped to the top")
    press(sim, BACK)

    choose(sim, "Statistics")
    for page in range(20):
        if not isinstance(app.screen, Pages):
            break
        at("statistics page %d" % page)
        press(sim, NEXT)
    assert on_title(sim)

    choose(sim, "Rules")
    rules = app.screen
    for i, name in enumerate(labels(rules)):
        choose(sim, name)
        for page in range(30):
            if not isinstance(app.screen, Pages):
                break
            at("rules %r page %d" % (name, page))
            press(sim, NEXT)
        assert app.screen.title == "Rules" and app.screen.cursor == i
    press(sim, BACK)
    assert on_title(sim)

    app.session.settings.rules.target = 3
    choose(sim, "New match")
    t = app.screen
    at("table")
    press(sim, HINT)
    at("hint pop-up")
    press(sim, NEXT)
    press(sim, BACK)
    at("action menu")
    for name, show in (("close", t._confirm_close), ("claim", t._confirm_claim)):
        show()
        at("confirm " + name)
        press(sim, BACK)
    t._score()
    at("score pop-up")
    press(sim, NEXT)
    t._last_trick()
    at("last trick pop-up")
    press(sim, NEXT)

    ok, ms = button_for(sim.board, OK)
    for n in range(1500):
        if on_title(sim) and app.session.stats.games[0].matches:
            break
        canvas.where = "playing, press %d on %s" % (n, type(app.screen).__name__)
        sim.hold(ok, ms)
    assert on_title(sim)

    choose(sim, "New match")
    press(sim, BACK)
    choose(sim, "Save and leave")
    at("title with resume")
    choose(sim, "New match")
    assert isinstance(app.screen, Confirm)
    at("new match confirmation")
    press(sim, BACK)

    sim.runner.fault(RuntimeError("a long message that does not fit anywhere at all"))
    at("fault screen")
    sim.runner.fault(MemoryError())
    at("fault screen MEM")
    press(sim, OK)
    app.tell("The saved match was damaged: a new start.")
    at("message pop-up")


def checked_sim(monkeypatch, board_name: str, save_dir, seed: int):
    """A simulator whose canvas is a FitCheck around the board's real one
    (the PyBadge's size and text cell only: Blinka is too slow for whole
    matches), every level thinking like `easy`."""
    for level in ("medium", "hard"):
        monkeypatch.setitem(ai.LEVELS, level, ai.LEVELS["easy"])
    checks = []
    real_make_canvas = simulator.make_canvas

    def checked(board):
        inner = real_make_canvas(board)
        if board.PORT == "circuitpython":
            inner = Blank(inner)
        c = FitCheck(inner)
        checks.append(c)
        return c

    monkeypatch.setattr(simulator, "make_canvas", checked)
    sim = new_sim(board_name, save_dir, seed=seed)
    return sim, checks[0]


@pytest.mark.parametrize("board_name", BOARDS)
def test_every_screen_fits_the_panel(monkeypatch, tmp_path, board_name):
    sim, canvas = checked_sim(monkeypatch, board_name, tmp_path, 2)
    visit_every_screen(sim, canvas)
    assert sim.runner.faults == 2  # the two made on purpose
    assert canvas.texts > 500
    assert not canvas.overflows, "\n".join(canvas.overflows[:20])


@pytest.mark.parametrize("game", ("three-hand", "four-hand", "sixty-five"))
@pytest.mark.parametrize("board_name", BOARDS)
def test_the_tables_for_three_and_four_fit_the_panel(monkeypatch, tmp_path, board_name, game):
    """A whole match of the game with OK, and at your first turns the hint,
    the action menu and the last trick: nothing drawn past an edge (the
    suit marks over Sixty-Five's twelve cards, the bidding menu, the side
    scores, the hints' reasons included)."""
    sim, canvas = checked_sim(monkeypatch, board_name, tmp_path, 4)
    app = sim.app
    settings = app.session.settings
    settings.set_game(GAMES.index(game))
    settings.hints = True
    settings.target = 1 if game == "sixty-five" else 2
    choose(sim, "New match")
    hints = 0
    ok, ms = button_for(sim.board, OK)
    for n in range(3000):
        screen = app.screen
        if on_title(sim):
            break
        canvas.where = "press %d on %s" % (n, type(screen).__name__)
        if my_turn_to_play(sim) and hints < 3:
            canvas.where = "hint pop-up, %s" % game
            press(sim, HINT)
            press(sim, OK)
            canvas.where = "action menu, %s" % game
            press(sim, BACK)
            press(sim, BACK)
            hints += 1
            continue
        sim.hold(ok, ms)
    assert on_title(sim) and hints == 3
    assert not sim.runner.faults
    assert canvas.texts > 200
    assert not canvas.overflows, "\n".join(canvas.overflows[:20])


def test_fit_check_catches_text_past_the_edge():
    c = FitCheck(HostCanvas(72, 40, mono=True, font="small"))
    c.text("x" * 18, 0, 0, 1)
    c.text("y", 0, 40 - c.char_h, 1)
    assert not c.overflows
    c.text("x" * 19, 0, 0, 1)
    c.suit(0, 72 - c.char_w + 1, 0, 1)
    c.text("z", 0, 40 - c.char_h + 1, 1)
    assert len(c.overflows) == 3
