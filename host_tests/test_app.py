"""The device application driven as a player drives it: buttons into the
firmware's own loop (boot.Runner inside the simulator), on every board.

Most tests swap the PyBadge's displayio canvas for a host canvas of its size
(Blinka is slow) and make every level think like `easy`, so a few thousand
presses stay quick; the screen-fit test keeps each board's real canvas.
"""

import copy
import importlib
import os
import random
import re

import pytest
from sixtysix import ai
from sixtysix.cards import KING, NO_CARD, QUEEN, count
from sixtysix.hand import CLOSE, MARRY, IllegalAction
from sixtysix.rules import SCHNAPSEN
from sixtysix.view import View
from sixtysix_app import seats_hand
from sixtysix_app import table as table_module
from sixtysix_app.app import App, Confirm, Menu
from sixtysix_app.boot import ERROR_LOG
from sixtysix_app.events import BACK, HINT, NEXT, NONE, OK, PREV
from sixtysix_app.save import Store
from sixtysix_app.screens import Fault
from sixtysix_app.screens import Settings as SettingsScreen
from sixtysix_app.seats import sorted24
from sixtysix_app.session import FILE as MATCH_FILE
from sixtysix_app.session import Session
from sixtysix_app.table import Table
from sixtysix_tools import sim as simulator
from sixtysix_tools.hostcanvas import HostCanvas
from sixtysix_tools.sim import LONG_MS, TAP_MS, Sim
from sixtysix_tools.tour import press_for as button_for  # (button, how long to hold it) giving an event

from boards import BOARDS

TITLE = "Sixty-Six"


def board_module(name: str):
    return importlib.import_module("boards." + name)


def host_canvas(board):
    return HostCanvas(
        board.WIDTH, board.HEIGHT, mono=board.MONO, font=board.FONT, scale=board.SCALE, face=board.FACE
    )


@pytest.fixture
def quick(monkeypatch):
    """Host canvases on every board and a computer that thinks like `easy`
    whatever the settings say: strength does not matter to these tests."""
    monkeypatch.setattr(simulator, "make_canvas", host_canvas)
    for level in ("medium", "hard"):
        monkeypatch.setitem(ai.LEVELS, level, ai.LEVELS["easy"])


# --- driving the simulator ------------------------------------------------------------------


def press(sim: Sim, event: int, times: int = 1) -> None:
    i, ms = button_for(sim.board, event)
    for _ in range(times):
        sim.hold(i, ms)


def fault_log(sim: Sim, save_dir) -> str:
    path = os.path.join(str(save_dir), ERROR_LOG)
    if not os.path.exists(path):
        return ""
    with open(path) as f:
        return f.read()


def assert_no_fault(sim: Sim, save_dir) -> None:
    assert sim.runner.faults == 0, fault_log(sim, save_dir)
    assert not isinstance(sim.app.screen, Fault)


def on_title(sim: Sim) -> bool:
    s = sim.app.screen
    return isinstance(s, Menu) and s.title == TITLE


def labels(menu) -> list:
    return [item[0] for item in menu.items]


def choose(sim: Sim, label: str) -> None:
    """Move the current menu's cursor onto `label` (with NEXT only, which
    every board has) and press OK."""
    menu = sim.app.screen
    assert isinstance(menu, Menu), type(menu)
    target = labels(menu).index(label)
    for _ in range(len(menu.items)):
        if menu.cursor == target:
            break
        press(sim, NEXT)
    assert menu.cursor == target
    press(sim, OK)


def new_sim(board_name: str, save_dir, seed: int = 1) -> Sim:
    sim = Sim(board_module(board_name), str(save_dir), seed)
    sim.app.session.settings.level = "easy"
    return sim


def start_match(board_name: str, save_dir, seed: int = 1) -> Sim:
    sim = new_sim(board_name, save_dir, seed)
    choose(sim, "New match")
    assert isinstance(sim.app.screen, Table)
    return sim


def play_until(sim: Sim, found, limit: int = 400) -> Table:
    """Press OK (playing the cursor's card, taking every menu's first
    choice) until `found(table)` holds on your move at the table."""
    for _ in range(limit):
        screen = sim.app.screen
        if isinstance(screen, Table) and sim.app.popup is None and screen.state == table_module._PLAY:
            if screen.hand.turn == 0 and not screen.hand.over and found(screen):
                return screen
        press(sim, OK)
    raise AssertionError("no such position within %d presses" % limit)


def hand_state(h) -> tuple:
    return (bytes(h.log[: h.nlog]), h.hands[0], h.hands[1], h.lead, h.turn, h.tricks[0], h.tricks[1])


# --- 1. the monkey ---------------------------------------------------------------------------


@pytest.mark.parametrize("board_name", BOARDS)
def test_random_presses_never_fault_and_hands_get_played(quick, tmp_path, board_name):
    # Seeded by the board's name, not its place in BOARDS: a board added moves no other's seed.
    sim = new_sim(board_name, tmp_path, seed=101 + sum(board_name.encode()) % 1000)
    rng = random.Random("monkey " + board_name)
    buttons = len(sim.board.BUTTONS)
    at_table = 0
    for n in range(2500):
        sim.hold(rng.randrange(buttons), LONG_MS if rng.random() < 0.2 else TAP_MS)
        if sim.runner.faults or isinstance(sim.app.screen, Fault):
            pytest.fail("press %d faulted:\n%s" % (n, fault_log(sim, tmp_path)))
        if isinstance(sim.app.screen, Table):
            at_table += 1
    hands = sum(g.hands for g in sim.app.session.stats.games)
    assert at_table > 100
    assert hands >= 2, "the monkey played %d hands" % hands


# --- 2. OK alone plays a match ----------------------------------------------------------------


@pytest.mark.parametrize("board_name", BOARDS)
def test_ok_alone_plays_a_whole_match(quick, tmp_path, board_name):
    sim = new_sim(board_name, tmp_path, seed=7)
    ok, ms = button_for(sim.board, OK)
    assert ms == TAP_MS  # OK is a short press on every board
    game = sim.app.session.settings.game
    presses = 0
    while presses < 3000:
        sim.hold(ok, ms)
        presses += 1
        if sim.app.session.stats.games[game].matches and on_title(sim):
            break
    assert_no_fault(sim, tmp_path)
    played = sim.app.session.stats.games[game]
    assert played.matches == 1, "no match finished in %d presses" % presses
    assert played.hands >= 2
    assert played.points_for >= 7 or played.points_against >= 7
    assert played.matches_won == (1 if played.points_for >= 7 else 0)
    again = Session(Store(str(tmp_path)))
    assert again.stats.games[game].matches == 1
    assert again.stats.games[game].hands == played.hands
    assert not again.can_resume()
    assert "Resume match" not in labels(sim.app.screen)


# --- 3. an illegal card ----------------------------------------------------------------------


def test_illegal_card_is_refused_with_the_rule(quick, tmp_path):
    sim = start_match("pico_display", tmp_path, seed=3)

    def following_with_a_choice(t) -> bool:
        h = t.hand
        return h.lead != NO_CARD and h.strict() and h.legal_plays() != h.hands[0]

    t = play_until(sim, following_with_a_choice, limit=2000)
    h = t.hand
    cards = sorted24(h.hands[0], h.trump)
    for _ in range(len(cards)):
        if not (h.legal_plays() >> cards[t.cursor]) & 1:
            break
        press(sim, NEXT)
    card = cards[t.cursor]
    assert not (h.legal_plays() >> card) & 1
    try:
        copy.deepcopy(h).act(card)
        raise AssertionError("the core took an illegal card")
    except IllegalAction as e:
        reason = e.reason
    before = hand_state(h)
    press(sim, OK)
    assert sim.app.popup is not None
    shown = " ".join(sim.app.popup)
    assert shown == reason[0].upper() + reason[1:] + "."
    assert "must" in shown.lower()
    assert hand_state(h) == before
    assert sim.app.screen is t
    press(sim, NEXT)  # any key puts the pop-up away
    assert sim.app.popup is None
    assert_no_fault(sim, tmp_path)


# --- 4. closing the stock --------------------------------------------------------------------


def test_close_asks_naming_the_cost_and_back_keeps_it_open(quick, tmp_path):
    sim = start_match("pico_display", tmp_path, seed=11)
    t = play_until(sim, lambda t: CLOSE in bytes(View(t.hand, 0).actions))
    h = t.hand
    expected = 3 if h.tricks[1] == 0 and not h.rules.closer_flat else 2

    def ask() -> Confirm:
        press(sim, BACK)
        assert isinstance(sim.app.screen, Menu) and sim.app.screen.title == "Actions"
        choose(sim, "Close the stock")
        assert isinstance(sim.app.screen, Confirm)
        return sim.app.screen

    question = ask()
    text = " ".join(question.lines)
    assert expected in (2, 3)
    assert re.search(r"\b%d\b" % expected, text), text  # the cost, in whatever words
    assert not re.search(r"\b%d\b" % (5 - expected), text), text
    press(sim, BACK)
    assert sim.app.screen is t
    assert h.closer < 0
    assert h.pos < len(h.stock)

    ask()
    press(sim, OK)
    assert h.closer == 0
    assert h.strict()
    assert_no_fault(sim, tmp_path)


# --- 5. saves ------------------------------------------------------------------------------------


def test_a_saved_match_resumes_where_it_was_left(quick, tmp_path):
    sim = start_match("pico_display", tmp_path, seed=5)
    t = play_until(sim, lambda t: t.hand.tricks[0] + t.hand.tricks[1] >= 3)
    saved = hand_state(t.hand)
    scores = list(t.match.scores)
    press(sim, BACK)
    choose(sim, "Save and leave")
    assert on_title(sim)
    del sim

    again = new_sim("pico_display", tmp_path, seed=99)
    assert again.app.popup is None
    assert labels(again.app.screen)[0] == "Resume match"
    choose(again, "Resume match")
    t2 = again.app.screen
    assert isinstance(t2, Table)
    assert hand_state(t2.hand) == saved
    assert list(t2.match.scores) == scores
    assert_no_fault(again, tmp_path)


def test_a_match_saved_between_hands_resumes_on_the_next_deal(quick, tmp_path):
    sim = start_match("pico_display", tmp_path, seed=5)
    session = sim.app.session
    for _ in range(600):
        if session.match.hand.over and session.booked:
            break
        press(sim, OK)
    assert session.booked and session.match.hands_played == 1
    scores = list(session.match.scores)
    del sim  # the power goes on the hand's result

    again = new_sim("pico_display", tmp_path, seed=99)
    choose(again, "Resume match")
    t2 = again.app.screen
    assert isinstance(t2, Table) and t2.match.hands_played == 1
    assert not t2.hand.over  # the next hand dealt, not the finished one shown again
    assert list(t2.match.scores) == scores
    assert_no_fault(again, tmp_path)


@pytest.mark.parametrize("damage", ["garbage", "cut"])
def test_a_damaged_save_gives_a_message_and_a_fresh_title(quick, tmp_path, damage):
    sim = start_match("pico_display", tmp_path, seed=5)
    play_until(sim, lambda t: t.hand.tricks[0] + t.hand.tricks[1] >= 1)
    path = os.path.join(str(tmp_path), MATCH_FILE)
    with open(path, "rb") as f:
        data = f.read()
    with open(path, "wb") as f:
        f.write(b"not a save \x00\xff" if damage == "garbage" else data[: len(data) // 2])

    again = new_sim("pico_display", tmp_path, seed=5)
    assert again.app.popup is not None
    assert "damaged" in " ".join(again.app.popup)
    assert on_title(again)
    assert "Resume match" not in labels(again.app.screen)
    press(again, OK)  # the first key only puts the message away
    assert again.app.popup is None and on_title(again)
    choose(again, "New match")
    assert isinstance(again.app.screen, Table)
    assert_no_fault(again, tmp_path)


# --- 6. the fault screen -----------------------------------------------------------------------


@pytest.mark.parametrize("error,code", [(MemoryError, "MEM"), (RuntimeError, None)])
def test_a_fault_shows_its_code_keeps_the_save_and_returns_to_the_title(quick, tmp_path, error, code):
    sim = start_match("pico_display", tmp_path, seed=21)
    t = play_until(sim, lambda t: t.hand.tricks[0] + t.hand.tricks[1] >= 2)
    tricks = t.hand.tricks[0] + t.hand.tricks[1]
    old_session = sim.app.session
    thinks = []

    def broken(view):
        thinks.append(1)
        raise error("out of luck")

    t.players[1].choose = broken
    for _ in range(20):
        if sim.runner.faults:
            break
        press(sim, OK)
    assert thinks == [1]
    assert sim.runner.faults == 1
    screen = sim.app.screen
    assert isinstance(screen, Fault)
    if code is not None:
        assert screen.code == code
    else:
        assert screen.code.startswith("RE") and len(screen.code) == 5
    assert "--- " + screen.code in fault_log(sim, tmp_path)
    assert sim.app.session is not old_session  # reloaded from the save
    saved = hand_state(Session(Store(str(tmp_path))).match.hand)
    reloaded = sim.app.session.match.hand
    assert hand_state(reloaded) == saved
    assert reloaded.tricks[0] + reloaded.tricks[1] >= tricks
    lost = bytes(old_session.match.hand.log[: old_session.match.hand.nlog])
    assert lost.startswith(saved[0]) and len(lost) - len(saved[0]) <= 1  # at most a card not yet saved

    press(sim, NEXT)
    assert on_title(sim)
    assert labels(sim.app.screen)[0] == "Resume match"
    choose(sim, "Resume match")
    assert isinstance(sim.app.screen, Table)
    assert sim.app.screen.hand is reloaded
    assert bytes(reloaded.log[: reloaded.nlog]).startswith(saved[0])  # the computer may have moved on
    assert sim.runner.faults == 1


# --- 7. a press during the computer's think ----------------------------------------------------


@pytest.mark.parametrize("board_name", BOARDS)
def test_a_press_while_the_computer_thinks_is_not_lost(quick, tmp_path, board_name):
    sim = start_match(board_name, tmp_path, seed=13)

    def plain(card: int, h) -> bool:
        rank = card % 6
        if rank == KING or rank == QUEEN:
            return False
        return not (card // 6 == h.trump and rank == h.rules.exchange_rank)

    def leading(t) -> bool:
        h = t.hand
        mine = [c for c in range(24) if h.hands[0] >> c & 1]
        return h.lead == NO_CARD and h.pending < 0 and any(plain(c, h) for c in mine)

    t = play_until(sim, leading)
    h = t.hand
    cards = sorted24(h.hands[0], h.trump)
    t.cursor = next(i for i, c in enumerate(cards) if plain(c, h))

    nxt, _ms = button_for(sim.board, NEXT)
    ok, _ms = button_for(sim.board, OK)
    during = []
    think = t.players[1].choose

    def slow_think(view):
        during.append(sim.app.busy)
        sim.buttons.press(nxt)  # pressed and released before the loop looks again
        sim.buttons.release(nxt)
        return think(view)

    t.players[1].choose = slow_think
    tricks = h.tricks[0] + h.tricks[1]
    sim.buttons.press(ok)
    sim.step()
    sim.buttons.release(ok)
    for _ in range(5):
        if during:
            break
        sim.step()
    assert during == [True]
    assert h.tricks[0] + h.tricks[1] == tricks + 1  # you led, the computer followed
    assert sim.step() == NEXT
    assert_no_fault(sim, tmp_path)


# --- 8. hints --------------------------------------------------------------------------------------


def test_hint_explains_and_points_at_the_card(monkeypatch, tmp_path):
    monkeypatch.setattr(simulator, "make_canvas", host_canvas)
    suggested = []

    class Recording(ai.SearchPlayer):
        def choose(self, view):
            code = ai.SearchPlayer.choose(self, view)
            suggested.append(code)
            return code

    monkeypatch.setattr(seats_hand, "SearchPlayer", Recording)
    sim = start_match("pico_display", tmp_path, seed=8)
    t = play_until(sim, lambda t: True)
    for _ in range(10):
        del suggested[:]
        t.cursor = 0
        press(sim, HINT)
        assert len(suggested) == 1
        assert sim.app.popup is not None
        assert len(" ".join(sim.app.popup)) > 10
        if suggested[0] < MARRY:
            break
        press(sim, NEXT)  # away with the pop-up; play on and ask again
        t = play_until(sim, lambda t: True)
    code = suggested[0]
    assert code < MARRY, "no card suggested in ten tries"
    cards = sorted24(t.hand.hands[0], t.hand.trump)
    assert cards[t.cursor] == code
    assert (t.hand.legal_plays() >> code) & 1


def test_hint_with_hints_off_says_so(quick, tmp_path):
    sim = start_match("pico_display", tmp_path, seed=8)
    sim.app.session.settings.hints = False
    t = play_until(sim, lambda t: True)
    cursor = t.cursor
    press(sim, HINT)
    assert sim.app.popup is not None
    assert "off" in " ".join(sim.app.popup)
    assert t.game.hinter is None
    assert t.cursor == cursor


# --- 9. settings -----------------------------------------------------------------------------------


def test_schnapsen_from_settings_deals_five_and_persists(quick, tmp_path):
    sim = new_sim("thumby", tmp_path, seed=4)
    choose(sim, "Settings")
    screen = sim.app.screen
    assert isinstance(screen, SettingsScreen)
    assert screen.rows()[0][0] == "Game"
    press(sim, OK)  # row 0: the game
    assert sim.app.session.settings.game == SCHNAPSEN
    press(sim, BACK)
    assert on_title(sim)
    assert Session(Store(str(tmp_path))).settings.game == SCHNAPSEN
    choose(sim, "New match")
    t = sim.app.screen
    assert isinstance(t, Table)
    assert t.match.rules.game == SCHNAPSEN
    assert count(t.hand.hands[0]) == 5 and count(t.hand.hands[1]) == 5

    fresh = new_sim("thumby", tmp_path, seed=4)
    assert fresh.app.session.settings.game == SCHNAPSEN


def test_a_setting_is_kept_when_the_power_goes_before_back(quick, tmp_path):
    sim = new_sim("thumby", tmp_path, seed=4)
    choose(sim, "Settings")
    press(sim, OK)  # row 0: the game
    assert sim.app.session.settings.game == SCHNAPSEN
    fresh = new_sim("thumby", tmp_path, seed=4)  # the power went on the Settings screen
    assert fresh.app.session.settings.game == SCHNAPSEN


def test_a_target_the_menu_does_not_offer_is_shown_as_it_is(quick, tmp_path):
    # A settings file edited by hand (its check sum made good) may hold any
    # target from 1 to 99; the Settings screen showed 7 for one it does not
    # offer while the matches played to the file's.
    sim = new_sim("thumby", tmp_path, seed=4)
    sim.app.session.settings.target = 4
    sim.app.session.save_settings()
    fresh = new_sim("thumby", tmp_path, seed=4)
    assert fresh.app.session.settings.target == 4
    choose(fresh, "Settings")
    screen = fresh.app.screen
    label, values, index = screen.rows()[3]
    assert label == "Target" and values[index] == "4"
    screen.step(3)  # the next press steps on to the offered targets
    label, values, index = screen.rows()[3]
    assert values[index] == "3" and "4" not in values


def test_every_rule_option_of_every_game_has_its_own_label():
    from sixtysix_app.screens import OPTION_LABELS
    from sixtysix_app.settings import GAMES, options_of

    named = set()
    for game in range(len(GAMES)):
        for name, _attr, _values in options_of(game):
            named.add(name)
            assert OPTION_LABELS.get(name), "%s: option %s has no label" % (GAMES[game], name)
    assert named == set(OPTION_LABELS), "labels of no option: %s" % (set(OPTION_LABELS) - named)
    labels = list(OPTION_LABELS.values())
    assert len(set(labels)) == len(labels)  # no two options read alike


# --- the App without the loop ----------------------------------------------------------------------


def test_app_built_directly_starts_on_the_title(tmp_path):
    canvas = HostCanvas(128, 64, mono=True)
    app = App(canvas, Session(Store(str(tmp_path))), 3)
    assert app.render()
    assert not app.render()  # nothing changed, nothing drawn
    assert canvas.frames == 1
    assert isinstance(app.screen, Menu) and labels(app.screen)[0] == "New match"
    app.handle(NONE)
    assert not app.dirty
    app.handle(PREV)
    assert app.screen.cursor == len(app.screen.items) - 1


def test_presses_queued_before_a_fault_do_not_skip_the_fault_screen(quick, tmp_path):
    """Two buttons down in one sample queue two events; if the first one
    faults, the second must not put the fault screen away unseen."""
    sim = start_match("pico_display", tmp_path, seed=21)
    t = play_until(sim, lambda t: t.hand.lead == NO_CARD and t.hand.pending < 0)

    def broken(view):
        raise MemoryError

    t.players[1].choose = broken
    ok, _ms = button_for(sim.board, OK)
    nxt, _ms = button_for(sim.board, NEXT)
    for _ in range(10):  # play cards until the computer has to think
        if sim.runner.faults:
            break
        sim.buttons.press(ok)
        sim.buttons.press(nxt)
        sim.step()
        sim.buttons.release(ok)
        sim.buttons.release(nxt)
    assert sim.runner.faults == 1
    assert isinstance(sim.app.screen, Fault)
    for _ in range(5):
        sim.step()
    assert isinstance(sim.app.screen, Fault)


class _Watched(int):
    """An int that notes every value its arithmetic makes, so a test can see
    the steps of an expression and not only its result."""

    seen: list = []

    def _note(self, value):
        _Watched.seen.append(value)
        return _Watched(value)

    def __mul__(self, other):
        return self._note(int(self) * int(other))

    __rmul__ = __mul__

    def __add__(self, other):
        return self._note(int(self) + int(other))

    __radd__ = __add__

    def __and__(self, other):
        return self._note(int(self) & int(other))

    __rand__ = __and__

    def __or__(self, other):
        return self._note(int(self) | int(other))

    __ror__ = __or__

    def __rshift__(self, other):
        return self._note(int(self) >> int(other))

    def __lshift__(self, other):
        return self._note(int(self) << int(other))


def test_a_new_match_seed_never_makes_an_int_a_32_bit_board_keeps_on_the_heap():
    # The seed and the clock may be anything below 2**30; each step of the mix
    # must stay a small int, and the seed be (seed * 1103 + now + 7) mod 2**30
    # as it always was, so a simulator's seed deals what it dealt before.
    class Holder:
        pass

    rng = random.Random(5)
    cases = [(s, n) for s in (0, 1, 0x7FFF, 0x8000, (1 << 30) - 1) for n in (0, 0x7FFF, (1 << 30) - 1)]
    cases += [(rng.randrange(1 << 30), rng.randrange(1 << 30)) for _ in range(200)]
    for seed, now in cases:
        h = Holder()
        h.seed, h.now = _Watched(seed), _Watched(now)
        _Watched.seen = []
        got = App.next_seed(h)  # type: ignore[arg-type]
        assert got == (seed * 1103 + now + 7) % (1 << 30) and _Watched.seen
        assert all(-(1 << 30) <= v < 1 << 30 for v in _Watched.seen), (seed, now, _Watched.seen)
