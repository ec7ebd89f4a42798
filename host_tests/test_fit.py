"""Every screen fits its panel and can be read on it: a canvas that passes
each call on to the board's real one notes any text or suit glyph reaching
past an edge (the real canvases clip silently) and the height of every
glyph drawn, on every board, for the two-player screens and for the tables
of the games for three and four.

Readable means, at the board's pixel pitch (boards PIXEL_UM): the ranks
and suits on card faces (hand, trick, upcard) at least 1.4 mm tall, all
other text at least 1.0 mm, and no glyph under 5 pixels anywhere.  A
glyph's height is that of a capital or a digit (canvas.glyph_h).  The
Thumby's 72x40 panel cannot hold text that large; it is held to the
5-pixel floor only (docs/DEVICE.md, "Readable sizes", gives its sizes)."""

import pytest
from sixtysix import ai
from sixtysix.hand import CLAIM, CLOSE
from sixtysix_app import seats_slots, seats_two, table, table_menu, ui
from sixtysix_app.app import Confirm, Pages
from sixtysix_app.events import BACK, HINT, NEXT, OK
from sixtysix_app.settings import GAMES
from sixtysix_tools import sim as simulator
from sixtysix_tools.hostcanvas import HostCanvas
from sixtysix_tools.sim import Sim, load_board
from test_app import button_for, choose, labels, new_sim, on_title, press
from test_app_games import NEW_GAMES, my_turn_to_play

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
        self.glyph_h = inner.glyph_h
        self.on_card = 0  # > 0 while a card face is drawn (ui.draw_card)
        self.least = {}  # "card" / "text" -> (pixels, where first seen)

    def __getattr__(self, name):
        return getattr(self.inner, name)

    def _check(self, what: str, cells: int, x: int, y: int) -> None:
        self.texts += 1
        kind = "card" if self.on_card else "text"
        if kind not in self.least or self.glyph_h < self.least[kind][0]:
            self.least[kind] = (self.glyph_h, "%s: %r" % (self.where, what))
        if x < 0 or y < 0 or x + cells * self.char_w > self.width or y + self.char_h > self.height:
            self.overflows.append("%s: %r at (%d, %d)" % (self.where, what, x, y))

    def faces(self, on: bool) -> None:
        self.inner.faces(on)
        self.char_w = self.inner.char_w
        self.char_h = self.inner.char_h
        self.glyph_h = self.inner.glyph_h

    def text(self, s: str, x: int, y: int, role: int) -> None:
        self._check(s, len(s), x, y)
        self.inner.text(s, x, y, role)

    def _check_box(self, x: int, y: int, w: int, h: int) -> None:
        """A card's box (or its bar, or the marks under it) past an edge."""
        if self.on_card and (x < 0 or y < 0 or x + w > self.width or y + h > self.height):
            self.overflows.append("%s: a card's box %dx%d at (%d, %d)" % (self.where, w, h, x, y))

    def fill_rect(self, x: int, y: int, w: int, h: int, role: int) -> None:
        self._check_box(x, y, w, h)
        self.inner.fill_rect(x, y, w, h, role)

    def rect(self, x: int, y: int, w: int, h: int, role: int) -> None:
        self._check_box(x, y, w, h)
        self.inner.rect(x, y, w, h, role)

    def suit(self, n: int, x: int, y: int, role: int) -> None:
        self._check("suit %d" % n, 1, x, y)
        self.inner.suit(n, x, y, role)


class Blank:
    """A canvas with another's size and text cell that draws nothing."""

    def __init__(self, model) -> None:
        self.width = model.width
        self.height = model.height
        self.face_w = model.face_w
        self.face_h = model.face_h
        self.mono = model.mono
        self.frames = 0
        model.faces(True)
        self._face = (model.char_w, model.char_h, model.glyph_h)
        model.faces(False)
        self._text = (model.char_w, model.char_h, model.glyph_h)
        self.faces(False)

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
        return False  # as the PyBadge's displayio canvas: no flight

    def show(self):
        self.frames += 1


# The least heights, in micrometres, of a glyph on a card face and of any
# other text; and the floor in pixels on every board.
CARD_UM = 1400
TEXT_UM = 1000
FLOOR_PX = 5
SHORT_BOARDS = ("thumby",)  # panels too small for the millimetre minimums


def unreadable(canvas: FitCheck, board_name: str) -> list:
    """What was drawn too small for its board, in words; [] if nothing."""
    pitch = load_board(board_name).PIXEL_UM
    out = []
    for kind, least_um in (("card", CARD_UM), ("text", TEXT_UM)):
        if kind not in canvas.least:
            continue
        px, where = canvas.least[kind]
        if px < FLOOR_PX:
            out.append("%s glyph %d px, under %d px: %s" % (kind, px, FLOOR_PX, where))
        if board_name not in SHORT_BOARDS and px * pitch < least_um:
            out.append("%s glyph %d px = %d um, under %d um: %s" % (kind, px, px * pitch, least_um, where))
    return out


def watch_card_faces(monkeypatch, canvas: FitCheck) -> None:
    """Mark the text drawn inside ui.draw_card as card faces, in every
    module that imported it."""
    real = ui.draw_card

    def drawing_a_card(c, *args, **kwargs):
        canvas.on_card += 1
        try:
            real(c, *args, **kwargs)
        finally:
            canvas.on_card -= 1

    for module in (ui, table, seats_slots, seats_two):
        monkeypatch.setattr(module, "draw_card", drawing_a_card)


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
    for name, code in (("close", CLOSE), ("claim", CLAIM)):
        table_menu.ask(t, code)()  # the confirmation, whether or not the action is legal now
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
    app.session.save_error = "Not saved: the drive is full (error 28)."
    sim.runner.fault(OSError(5))
    assert not app.screen.saved
    at("fault screen after failed saves")
    press(sim, OK)
    app.session.save_error = ""
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
    watch_card_faces(monkeypatch, checks[0])
    return sim, checks[0]


@pytest.mark.parametrize("board_name", BOARDS)
def test_every_screen_fits_the_panel(monkeypatch, tmp_path, board_name):
    sim, canvas = checked_sim(monkeypatch, board_name, tmp_path, 2)
    visit_every_screen(sim, canvas)
    assert sim.runner.faults == 3  # the three made on purpose
    assert canvas.texts > 500
    assert not canvas.overflows, "\n".join(canvas.overflows[:20])
    assert set(canvas.least) == {"card", "text"}
    assert not unreadable(canvas, board_name), "\n".join(unreadable(canvas, board_name))


@pytest.mark.parametrize("game", NEW_GAMES)
@pytest.mark.parametrize("board_name", BOARDS)
def test_the_tables_of_seats_fit_the_panel(monkeypatch, tmp_path, board_name, game):
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
    assert set(canvas.least) == {"card", "text"}
    assert not unreadable(canvas, board_name), "\n".join(unreadable(canvas, board_name))


def test_fit_check_catches_text_past_the_edge():
    c = FitCheck(HostCanvas(72, 40, mono=True, font="small"))
    c.text("x" * 18, 0, 0, 1)
    c.text("y", 0, 40 - c.char_h, 1)
    assert not c.overflows
    c.text("x" * 19, 0, 0, 1)
    c.suit(0, 72 - c.char_w + 1, 0, 1)
    c.text("z", 0, 40 - c.char_h + 1, 1)
    assert len(c.overflows) == 3


def test_fit_check_catches_a_card_past_the_edge():
    c = FitCheck(HostCanvas(240, 135, font="normal", scale=2, face=("normal", 3)))
    lay = ui.Layout(c)
    c.fill_rect(-5, 0, 300, 135, 0)  # not a card: the table's background
    c.on_card = 1
    ui.draw_card(c, lay, 5, lay.w - lay.card_w, lay.hand_y)
    assert not c.overflows
    ui.draw_card(c, lay, 5, lay.w - lay.card_w + 1, lay.hand_y)
    ui.draw_card(c, lay, 5, 0, lay.h - lay.card_h + 1)
    assert len(c.overflows) >= 2


def test_the_size_check_catches_small_glyphs_and_knows_card_faces():
    c = FitCheck(HostCanvas(128, 64, mono=True, font="normal"))  # 7 px glyphs
    c.text("Menu", 0, 0, 1)
    assert c.least == {"text": (7, "start: 'Menu'")}
    assert not unreadable(c, "oled_128x64")  # 7 px x 170 um = 1.19 mm of text
    c.on_card = 1
    c.text("K", 0, 10, 1)
    assert unreadable(c, "oled_128x64") == [
        "card glyph 7 px = 1190 um, under 1400 um: start: 'K'"
    ]  # a card face needs 1.4 mm
    small = FitCheck(HostCanvas(72, 40, mono=True, font="small"))  # 5 px glyphs
    small.text("A", 0, 0, 1)
    assert not unreadable(small, "thumby")  # the 5 px floor, no more
    assert unreadable(small, "oled_128x64") == ["text glyph 5 px = 850 um, under 1000 um: start: 'A'"]
