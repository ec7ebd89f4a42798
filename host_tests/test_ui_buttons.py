"""Every button on the screens around the table and at the table itself:
what each one does at the ends of a list, on the last page, on a question,
while the computer moves and once a hand is over."""

import sys

import pytest
from sixtysix.cards import KING, NO_CARD
from sixtysix.hand import CLOSE, MARRY
from sixtysix.players import beats
from sixtysix.view import View
from sixtysix_app import table as table_module
from sixtysix_app.events import BACK, HINT, NEXT, OK, PREV
from sixtysix_app.save import Store
from sixtysix_app.screens import Settings as SettingsScreen
from sixtysix_app.session import Session
from sixtysix_app.settings import OFFERED
from sixtysix_app.table import Table
from sixtysix_app.ui import card_text
from sixtysix_app.widgets import Confirm, Menu, Pages, Screen
from test_app import (
    assert_no_fault,
    choose,
    hand_state,
    labels,
    new_sim,
    play_until,
    press,
    quick,  # noqa: F401 (the fixture, used by name)
    start_match,
)
from test_app_games import game_sim

from boards import BOARDS

pytestmark = pytest.mark.usefixtures("quick")


def test_next_on_the_last_page_of_a_rule_leaves_it_for_the_rules_menu(tmp_path):
    """PREV stays on the first page of a rule; NEXT turns the pages and, on
    the last one, goes back to the rules menu with the cursor on that rule."""
    sim = new_sim("thumby", tmp_path)
    choose(sim, "Rules")
    choose(sim, "Tricks")
    page = sim.app.screen
    assert isinstance(page, Pages)
    per_page = page._per_page()
    pages = (len(page.lines) + per_page - 1) // per_page
    assert pages > 1
    press(sim, PREV)
    assert sim.app.screen is page and page.top == 0
    press(sim, NEXT)
    press(sim, PREV)
    assert page.top == 0
    for _ in range(pages - 1):
        press(sim, NEXT)
        assert sim.app.screen is page
    press(sim, NEXT)
    menu = sim.app.screen
    assert isinstance(menu, Menu) and menu.title == "Rules"
    assert menu.items[menu.cursor][0] == "Tricks"
    press(sim, BACK)
    assert isinstance(sim.app.screen, Menu) and sim.app.screen.title == "Sixty-Six"
    assert "sixtysix_app.rules_text" not in sys.modules  # the rules' text let go on the way out


def test_back_and_ok_both_leave_the_statistics(tmp_path):
    """Statistics are read-only: BACK and OK each go back to the title."""
    sim = new_sim("pico_display", tmp_path)
    for button in (BACK, OK):
        choose(sim, "Statistics")
        assert isinstance(sim.app.screen, Pages) and sim.app.screen.title.startswith("Statistics")
        press(sim, button)
        assert isinstance(sim.app.screen, Menu) and sim.app.screen.title == "Sixty-Six"


def test_a_long_question_scrolls_to_its_last_line_and_back_then_back_keeps_the_match(tmp_path):
    """On the Thumby "End match?" is longer than the screen: NEXT scrolls
    until its last line shows and no further, PREV back to the top and no
    further, and BACK leaves the match as it was."""
    sim = start_match("thumby", tmp_path)
    match = sim.app.session.match
    table = sim.app.screen
    press(sim, BACK)
    choose(sim, "End match")
    question = sim.app.screen
    assert isinstance(question, Confirm)
    room = sim.app.layout.rows - 2
    assert len(question.lines) > room
    press(sim, NEXT, len(question.lines) + 3)
    assert question.top == len(question.lines) - room
    press(sim, PREV, len(question.lines) + 3)
    assert question.top == 0
    press(sim, BACK)
    assert sim.app.screen is table and sim.app.session.match is match and sim.app.session.can_resume()


def texts_drawn(sim):
    """A list that every text the simulator's canvas draws from now on is
    added to (empty it to start again)."""
    canvas = sim.app.canvas
    drawn = []
    draw_text = canvas.text

    def text(s, x, y, role):
        drawn.append(s)
        draw_text(s, x, y, role)

    canvas.text = text
    return drawn


def test_next_scrolls_a_question_until_its_last_line_is_drawn(tmp_path):
    """On the 128x64 OLED "Close?" with B still trickless wraps to six lines
    and five fit under the title: NEXT must scroll so that the sixth, the
    end of the cost, is drawn (it stopped one line short)."""
    sim = start_match("oled_128x64", tmp_path)
    play_until(sim, lambda t: CLOSE in bytes(View(t.hand, 0).actions) and t.hand.tricks[1] == 0)
    press(sim, BACK)
    choose(sim, "Close the stock")
    question = sim.app.screen
    assert isinstance(question, Confirm) and question.lines[-1] == "yet)."
    drawn = texts_drawn(sim)
    press(sim, NEXT, len(question.lines))
    assert "yet)." in drawn
    del drawn[:]
    press(sim, PREV, len(question.lines))
    assert question.lines[0] in drawn and "yet)." not in drawn


def test_next_on_a_rule_that_fills_one_page_exactly_leaves_it(tmp_path):
    """The rule "The cards" fills the Pico Display's page to the last row: NEXT goes
    back to the menu, not on to an empty second page."""
    sim = new_sim("pico_display", tmp_path)
    choose(sim, "Rules")
    choose(sim, "The cards")
    page = sim.app.screen
    assert isinstance(page, Pages) and len(page.lines) == page._per_page()
    press(sim, NEXT)
    assert isinstance(sim.app.screen, Menu) and sim.app.screen.title == "Rules"


def test_next_on_the_last_item_of_a_menu_wraps_to_the_first(tmp_path):
    """NEXT from the title menu's last item comes round to its first, and
    OK there runs the first item."""
    sim = new_sim("pico_display", tmp_path)
    menu = sim.app.screen
    press(sim, NEXT, len(menu.items) - 1)
    assert menu.cursor == len(menu.items) - 1
    press(sim, NEXT)
    assert menu.cursor == 0 and menu.items[0][0] == "New match"
    press(sim, OK)
    assert isinstance(sim.app.screen, Table)
    assert_no_fault(sim, tmp_path)


def test_back_on_the_title_menu_does_nothing(tmp_path):
    """The title menu has nowhere to go back to: BACK keeps it and its cursor."""
    sim = new_sim("pico_display", tmp_path)
    menu = sim.app.screen
    press(sim, NEXT)
    press(sim, BACK)
    assert sim.app.screen is menu and menu.cursor == 1 and sim.app.popup is None
    assert_no_fault(sim, tmp_path)


def settings_row(sim, label: str) -> int:
    """Move the Settings cursor onto the row `label` with NEXT; its index."""
    screen = sim.app.screen
    assert isinstance(screen, SettingsScreen)
    target = [row[0] for row in screen.rows()].index(label)
    press(sim, NEXT, target - screen.cursor)
    assert screen.cursor == target
    return target


def test_ok_on_the_hints_row_turns_them_off_and_on_and_saves_each_time(tmp_path):
    """OK on "Hints" flips it, and each flip is saved at once."""
    sim = new_sim("pico_display", tmp_path)
    choose(sim, "Settings")
    row = settings_row(sim, "Hints")
    screen = sim.app.screen
    assert sim.app.session.settings.hints
    press(sim, OK)
    assert not sim.app.session.settings.hints and screen.rows()[row][1:] == (("off", "on"), 0)
    assert not Session(Store(str(tmp_path))).settings.hints
    press(sim, OK)
    assert sim.app.session.settings.hints
    assert Session(Store(str(tmp_path))).settings.hints


def test_ok_on_the_level_row_shows_and_saves_each_level_in_turn(tmp_path):
    """The Level row shows the level in force; OK steps it easy, medium,
    hard and round again, each saved at once."""
    sim = new_sim("pico_display", tmp_path)  # at easy
    choose(sim, "Settings")
    row = settings_row(sim, "Level")
    screen = sim.app.screen
    label, values, index = screen.rows()[row]
    assert values[index] == "easy"
    for level in ("medium", "hard", "easy"):
        press(sim, OK)
        label, values, index = screen.rows()[row]
        assert sim.app.session.settings.level == level and values[index] == level
        assert Session(Store(str(tmp_path))).settings.level == level


@pytest.mark.parametrize("board_name", BOARDS)
def test_each_settings_row_is_a_line_of_the_panel_with_its_value_whole_at_the_right(
    tmp_path, board_name, monkeypatch
):
    """For every game's rows: the label, cut where it must be, then at
    least a space, then the value whole, ending a column short of the
    panel's edge (the last column is the scroll marks', ui.draw_list)."""
    from sixtysix_app import screens

    drawn = []
    draw_list = screens.draw_list

    def kept(c, lay, y, lines, *rest):
        drawn[:] = lines
        return draw_list(c, lay, y, lines, *rest)

    monkeypatch.setattr(screens, "draw_list", kept)
    sim = new_sim(board_name, tmp_path)
    choose(sim, "Settings")
    screen = sim.app.screen
    cols = sim.app.layout.cols
    for game in OFFERED:
        sim.app.session.settings.set_game(game)
        screen.draw(sim.app.canvas)
        rows = screen.rows()
        assert len(drawn) == len(rows)
        for line, (label, values, index) in zip(drawn, rows):
            value = values[index]
            assert len(line) == cols - 1 and line.endswith(" " + value), line
            assert label.startswith(line[: cols - 1 - len(value)].rstrip()), line


@pytest.mark.parametrize("board_name", BOARDS)
def test_no_line_of_a_scrolled_list_runs_under_its_scroll_marks(tmp_path, board_name, monkeypatch):
    """Settings and the rules' menu scrolled from top to bottom: where a
    scroll mark shows, nothing else is drawn in its column on its row (the
    settings' values ran to the edge and the marks sat on their last
    letter: "v" over the y of "any", "^" over the 0 of "+ 10")."""
    from tablelog import frame, logging_sims

    sim = logging_sims(monkeypatch)(board_name, tmp_path)
    lay = sim.app.layout
    mark_x = lay.w - lay.cw
    marks = 0
    for menu in ("Settings", "Rules"):
        choose(sim, menu)
        screen = sim.app.screen
        n = len(screen.rows()) if menu == "Settings" else len(screen.items)
        for _ in range(n):
            drawn = frame(sim).drawn
            for y, x, s, w in drawn:
                if s in ("^", "v") and x == mark_x:
                    marks += 1
                    under = [t for t in drawn if t[0] == y and t[1] < x + lay.cw and t[1] + t[3] > x]
                    assert under == [(y, x, s, w)], (menu, under)
            press(sim, NEXT)
        press(sim, BACK)
    assert marks


def test_the_settings_cursor_wraps_at_both_ends(tmp_path):
    """PREV on the first row goes to the last, NEXT on the last to the
    first, and the list scrolls to show the row under the cursor."""
    sim = new_sim("pico_display", tmp_path)
    choose(sim, "Settings")
    screen = sim.app.screen
    rows = len(screen.rows())
    press(sim, PREV)
    assert screen.cursor == rows - 1 and screen.top > 0
    press(sim, NEXT)
    assert screen.cursor == 0 and screen.top == 0
    press(sim, BACK)
    assert isinstance(sim.app.screen, Menu) and sim.app.screen.title == "Sixty-Six"
    assert sim.app.popup is None  # nothing changed, no match: nothing to tell


def test_leaving_settings_changed_during_a_match_says_they_wait_for_the_next(tmp_path):
    """With a match saved, BACK from Settings says nothing when nothing
    changed, and says the change waits for the next match when one did."""
    sim = start_match("pico_display", tmp_path)
    press(sim, BACK)
    choose(sim, "Save and leave")
    for change in (False, True):
        choose(sim, "Settings")
        if change:
            settings_row(sim, "Hints")
            press(sim, OK)
        press(sim, BACK)
        assert isinstance(sim.app.screen, Menu) and sim.app.screen.title == "Sixty-Six"
        if change:
            assert "next match" in " ".join(sim.app.popup)
        else:
            assert sim.app.popup is None
    assert sim.app.session.can_resume()


# --- the table --------------------------------------------------------------------------------------


def test_last_trick_before_any_says_so_then_shows_the_last_one_until_a_key(tmp_path):
    """The "Last trick" item: before the first trick is a message; after one it
    shows the trick and who took it; the next key only puts it away, and
    the key after that moves the cursor again."""
    sim = start_match("pico_display", tmp_path)
    t = play_until(sim, lambda t: True)
    press(sim, BACK)
    choose(sim, "Last trick")
    assert sim.app.screen is t and t.state == table_module._PLAY
    assert "No trick yet" in " ".join(sim.app.popup)
    press(sim, OK)  # away with the message
    assert sim.app.popup is None and t.hand.tricks[0] + t.hand.tricks[1] == 0

    t = play_until(sim, lambda t: t.hand.tricks[0] + t.hand.tricks[1] >= 1)
    before = hand_state(t.hand)
    cursor = t.cursor
    press(sim, BACK)
    choose(sim, "Last trick")
    assert t.state == table_module._LAST and t.shown == t.game.last_trick() and len(t.shown) == 2
    assert t.note == "Last trick to " + ("you" if t.hand.last_winner == 0 else "B")
    press(sim, NEXT)
    assert t.state == table_module._PLAY and t.shown is None and t.note == "" and t.cursor == cursor
    press(sim, NEXT)
    assert t.cursor == (cursor + 1) % len(t.game.cards(0))
    assert hand_state(t.hand) == before


def test_a_key_while_a_trick_is_on_show_puts_it_away_and_does_nothing_else(tmp_path):
    """A finished trick stays up for a while; a key takes it down at once
    and is not also taken as a move."""
    sim = start_match("pico_display", tmp_path)
    t = play_until(sim, lambda t: t.hand.lead != NO_CARD)  # B led: your card ends the trick
    tricks = t.hand.tricks[0] + t.hand.tricks[1]
    press(sim, OK)
    assert t.hand.tricks[0] + t.hand.tricks[1] == tricks + 1
    assert t.state == table_module._TRICK and t.shown
    cursor = t.cursor
    press(sim, NEXT)
    assert t.state != table_module._TRICK and t.shown is None
    assert t.cursor == cursor


def test_a_king_that_may_marry_asks_back_keeps_it_and_marry_declares_then_leads_it(tmp_path):
    """OK on a king you may marry with opens its menu; BACK there returns
    to the table with nothing played; "Marry" declares and leads the king."""
    sim = start_match("pico_display", tmp_path, seed=2)

    def marriage(t) -> bool:
        return any(MARRY <= c < MARRY + 4 for c in t.legal_codes())

    t = play_until(sim, marriage, limit=1500)
    suit = next(c - MARRY for c in t.legal_codes() if MARRY <= c < MARRY + 4)
    king = suit * 6 + KING
    t.cursor = t.game.cards(0).index(king)
    before = hand_state(t.hand)
    press(sim, OK)
    menu = sim.app.screen
    assert isinstance(menu, Menu) and menu.title.startswith("Your ")
    assert [label.split(" ")[0] for label in labels(menu)][-3:] == ["Marry", "Play", "Back"]
    press(sim, BACK)
    assert sim.app.screen is t and hand_state(t.hand) == before

    press(sim, OK)
    choose(sim, labels(sim.app.screen)[0])
    played = len(before[0])
    assert bytes(t.hand.log[played : played + 2]) == bytes([MARRY + suit, king])


def test_a_marriage_that_ends_the_hand_does_not_also_lead_the_king(tmp_path):
    """In assisted mode a marriage that reaches 66 ends the hand at once:
    "Marry" from the king's menu goes to the hand's result, with no message
    of a card refused."""
    sim = new_sim("pico_display", tmp_path, seed=2)
    sim.app.session.settings.rules.set_option("mode", "assisted")
    choose(sim, "New match")

    def marriage_after_a_trick(t) -> bool:
        return t.hand.tricks[0] > 0 and any(MARRY <= c < MARRY + 4 for c in t.legal_codes())

    t = play_until(sim, marriage_after_a_trick, limit=3000)
    h = t.hand
    assert h.rules.assisted
    suit = next(c - MARRY for c in t.legal_codes() if MARRY <= c < MARRY + 4)
    t.cursor = t.game.cards(0).index(suit * 6 + KING)
    h.card_points[0] = 60  # the marriage makes 66
    played = h.nlog
    press(sim, OK)
    choose(sim, labels(sim.app.screen)[0])
    assert h.over and h.nlog == played + 1
    assert sim.app.popup is None
    assert isinstance(sim.app.screen, Pages)  # the hand's result
    assert_no_fault(sim, tmp_path)


def test_the_cursor_in_your_hand_wraps_at_both_ends(tmp_path):
    """PREV on your first card goes to your last, NEXT there back to the
    first; neither plays anything."""
    sim = start_match("pico_display", tmp_path)
    t = play_until(sim, lambda t: True)
    before = hand_state(t.hand)
    n = len(t.game.cards(0))
    t.cursor = 0
    press(sim, PREV)
    assert t.cursor == n - 1
    press(sim, NEXT)
    assert t.cursor == 0
    assert hand_state(t.hand) == before


def test_on_your_move_the_cursor_leaves_a_card_you_may_not_play_for_the_first_you_may(tmp_path):
    """Made to follow suit with the cursor on a card that does not, the
    cursor goes to the leftmost card you may play."""
    sim = start_match("pico_display", tmp_path, seed=3)

    def must_follow(t) -> bool:
        h = t.hand
        return h.lead != NO_CARD and h.strict() and 2 <= len(t.legal_codes()) < len(t.game.cards(0))

    t = play_until(sim, must_follow, limit=2000)
    cards = t.game.cards(0)
    legal = t.legal_codes()
    t.cursor = next(i for i, c in enumerate(cards) if c not in legal)
    t.sync()
    assert t.cursor == next(i for i, c in enumerate(cards) if c in legal)


def at_the_first_bid_menu(tmp_path, game):
    """A new match of `game` on the Pico Display, OK pressed until the
    player's first bid menu: (the simulator, that menu)."""
    sim = game_sim("pico_display", tmp_path, game, seed=3)
    choose(sim, "New match")
    for _ in range(200):
        screen = sim.app.screen
        if isinstance(screen, Menu) and screen.title.startswith("Bid?"):
            break
        press(sim, OK)
    else:
        raise AssertionError("no bid menu in 200 presses")
    return sim, screen


def test_back_from_the_bid_menu_then_ok_at_the_table_opens_it_again(tmp_path):
    """During the auction BACK leaves the bid menu for the table, where
    OK opens the bid menu again rather than playing the cursor's card."""
    sim, screen = at_the_first_bid_menu(tmp_path, "four-hand")
    t = screen.on_back.__self__
    assert isinstance(t, Table)
    before = hand_state(t.hand)
    press(sim, BACK)
    assert sim.app.screen is t and t.game.bidding()
    press(sim, OK)
    assert isinstance(sim.app.screen, Menu) and sim.app.screen.title.startswith("Bid?")
    assert hand_state(t.hand) == before


def test_a_match_you_win_ends_on_match_over_and_ok_goes_to_the_title(tmp_path):
    """A match to 1 that you win with the first hand: its page says
    "Match over", and OK goes to the title with nothing to resume."""
    sim = new_sim("pico_display", tmp_path, seed=5)
    sim.app.session.settings.rules.target = 1
    choose(sim, "New match")
    for _ in range(300):
        if isinstance(sim.app.screen, Pages):
            break
        press(sim, OK)
    assert sim.app.session.match.winner == 0
    assert sim.app.screen.title == "Match over"
    press(sim, OK)
    menu = sim.app.screen
    assert isinstance(menu, Menu) and menu.title == "Sixty-Six" and "Resume match" not in labels(menu)
    assert_no_fault(sim, tmp_path)


def test_hint_from_the_action_menu_goes_back_to_the_table_and_says_why(tmp_path):
    """The "Hint" item of the action menu closes the menu and puts the hint up over
    the table."""
    sim = start_match("pico_display", tmp_path)
    t = play_until(sim, lambda t: True)
    press(sim, BACK)
    choose(sim, "Hint")
    assert sim.app.screen is t and sim.app.popup
    press(sim, OK)
    assert sim.app.popup is None and sim.app.screen is t


# --- messages ---------------------------------------------------------------------------------------


def test_a_long_message_pages_with_next_and_the_key_after_its_last_page_puts_it_away(tmp_path):
    """A message of three boxfuls on the Thumby: NEXT shows the next
    lines until the last ones are drawn, the next NEXT puts it away (not on
    to an empty box); PREV on its first lines puts it away too; the menu
    under it is not moved."""
    sim = new_sim("thumby", tmp_path)
    menu = sim.app.screen
    inner = sim.app.layout.rows - 1
    pages = 3
    text = "\n".join("line %d" % i for i in range(pages * inner))
    sim.app.tell(text)
    lines = sim.app.popup
    assert len(lines) == pages * inner
    drawn = texts_drawn(sim)
    for page in range(1, pages):
        del drawn[:]
        press(sim, NEXT)
        assert sim.app.popup_top == page * inner
        assert lines[page * inner] in drawn and lines[0] not in drawn
    assert lines[-1] in drawn
    press(sim, NEXT)
    assert sim.app.popup is None and menu.cursor == 0

    sim.app.tell(text)
    press(sim, PREV)
    assert sim.app.popup is None and sim.app.screen is menu and menu.cursor == 0


def test_ok_or_back_on_the_first_lines_of_a_long_message_puts_it_away(tmp_path):
    """Only NEXT and PREV move through a message; OK or BACK is the key
    that says it was read, on any page (a mutation audit found OK paging
    on unchecked)."""
    sim = new_sim("thumby", tmp_path)
    inner = sim.app.layout.rows - 1
    text = "\n".join("line %d" % i for i in range(3 * inner))
    for key in (OK, BACK):
        sim.app.tell(text)
        press(sim, key)
        assert sim.app.popup is None, key


def test_a_message_after_one_read_to_its_end_starts_at_its_first_line(tmp_path):
    """News from the session (a save that failed) after a long message was
    paged through and put away is shown from its first line, not from the
    page the last one ended on."""
    sim = new_sim("thumby", tmp_path)
    inner = sim.app.layout.rows - 1
    sim.app.tell("\n".join("line %d" % i for i in range(2 * inner)))
    press(sim, NEXT)
    assert sim.app.popup_top == inner
    press(sim, OK)
    assert sim.app.popup is None
    sim.app.session.message = "\n".join("news %d" % i for i in range(2 * inner))
    drawn = texts_drawn(sim)
    press(sim, NEXT)  # the title menu moves; the news goes up after the key
    assert sim.app.popup is not None and sim.app.popup_top == 0
    assert "news 0" in drawn


@pytest.mark.parametrize("board_name", ["thumby", "pico_display"])
def test_a_message_of_long_lines_stays_inside_its_frame(tmp_path, board_name):
    """The box draws a frame and a 2-pixel margin round the text: a line
    as wide as the panel would run over the frame, so a message is
    wrapped a column short of the panel's width."""
    sim = new_sim(board_name, tmp_path)
    lay = sim.app.layout
    drawn = []
    draw_text = sim.app.canvas.text

    def text(s, x, y, role):
        drawn.append((s, x))
        draw_text(s, x, y, role)

    sim.app.canvas.text = text
    sim.app.tell("x" * (3 * lay.cols))  # one word: cut into lines as long as allowed
    sim.app.render()
    told = [(s, x) for s, x in drawn if s.startswith("x")]
    assert len(told) >= 3
    for s, x in told:
        assert x >= 2 and x + len(s) * lay.cw <= lay.w - 2, (s, x, lay.w)


def test_under_a_message_the_app_is_not_busy(tmp_path):
    """Under a message the computer waits (tick does nothing), so the app
    is not busy: the loop may sleep, and draws no thinking mark first."""
    sim = new_sim("thumby", tmp_path)

    class Thinking(Screen):
        busy = True

    sim.app.show(Thinking(sim.app))
    assert sim.app.busy
    sim.app.tell("a message")
    assert not sim.app.busy
    press(sim, OK)
    assert sim.app.busy


def test_the_key_that_puts_a_message_away_does_nothing_else(tmp_path):
    """At the table, NEXT on a message only puts it away: the cursor stays."""
    sim = start_match("pico_display", tmp_path)
    t = play_until(sim, lambda t: True)
    press(sim, HINT)  # a message, and the cursor on the hint's card
    assert sim.app.popup
    cursor = t.cursor
    press(sim, NEXT)
    assert sim.app.popup is None and t.cursor == cursor


def test_a_trick_on_show_waits_under_a_message_and_goes_at_its_time(tmp_path):
    """While a message is up the finished trick stays whatever the time;
    with it away the trick goes at its deadline, not a tick before."""
    sim = start_match("pico_display", tmp_path)
    t = play_until(sim, lambda t: t.hand.lead != NO_CARD)
    app = sim.app
    app.handle(OK)  # your card ends the trick
    assert t.state == table_module._TRICK
    app.tell("A message.")
    app.tick(t.deadline + 10000)
    assert t.state == table_module._TRICK and app.popup
    app.handle(NEXT)
    assert app.popup is None and t.state == table_module._TRICK
    assert not app.tick(t.deadline - 1) and t.state == table_module._TRICK
    assert app.tick(t.deadline) and t.state != table_module._TRICK


def test_news_from_the_session_joins_a_message_a_key_just_put_up(tmp_path):
    """A key that puts up a message while the session has news (a save
    that failed) shows both, the message first."""
    sim = new_sim("pico_display", tmp_path)
    app = sim.app

    class Telling(Screen):
        def key(self, ev):
            app.tell("Your message.")
            app.session.message = "Session news."

    app.show(Telling(app))
    press(sim, OK)
    assert " ".join(app.popup) == "Your message. Session news."


def test_the_action_menu_offers_a_marriage_in_the_first_suit(tmp_path):
    """A marriage in clubs (action code MARRY + 0) is on the action menu
    like the others, and choosing it declares it."""
    sim = start_match("pico_display", tmp_path, seed=4)
    t = play_until(sim, lambda t: MARRY in t.legal_codes(), limit=150)
    label = t.game.action_label(MARRY)
    press(sim, BACK)
    assert label in labels(sim.app.screen)
    played = t.hand.nlog
    choose(sim, label)
    assert sim.app.screen is t and t.hand.log[played] == MARRY


def test_playing_your_rightmost_card_once_the_stock_is_gone_draws_the_shorter_hand(tmp_path):
    """With no card to draw your hand shrinks: playing its rightmost card
    leaves the cursor past the end, and the table must still draw."""
    sim = start_match("pico_display", tmp_path, seed=3)

    def rightmost_follows(t) -> bool:
        h = t.hand
        cards = t.game.cards(0)
        return h.lead != NO_CARD and h.strict() and cards[-1] in t.legal_codes()

    t = play_until(sim, rightmost_follows, limit=2000)
    n = len(t.game.cards(0))
    t.cursor = n - 1
    press(sim, OK)
    assert len(t.game.cards(0)) == n - 1
    assert_no_fault(sim, tmp_path)


def test_a_three_hand_table_you_deal_says_you_sit_out(tmp_path):
    """In three-hand the dealer sits out: on the hand you deal the table
    says so, whole, where your cards would be, and on the others it does
    not (it said "You sit out this hand", cut to "...this han" on the
    20-column Pico Display)."""
    sim = game_sim("pico_display", tmp_path, "three-hand", seed=3)
    choose(sim, "New match")
    drawn = texts_drawn(sim)
    seen = set()
    for _ in range(600):
        t = sim.app.screen
        if isinstance(t, Table) and sim.app.popup is None:
            del drawn[:]
            sim.app.dirty = True
            sim.app.render()
            sitting = t.match.dealer == 0
            assert ("You sit out" in drawn) == sitting
            seen.add(sitting)
            if seen == {True, False}:
                return
        press(sim, OK)
    raise AssertionError("no hand dealt by you and one by another in 600 presses: %s" % seen)


def test_the_computers_last_card_stays_marked_over_a_question_and_back(tmp_path):
    """A question over the table ("End match?", answered BACK) is a menu
    for the computer's last card: it is still marked back at the table."""
    sim = start_match("pico_display", tmp_path, seed=5)
    flight = sim.app.layout.flight
    table = sim.app.screen
    flight.start(17, table)
    press(sim, BACK)
    choose(sim, "End match")
    assert isinstance(sim.app.screen, Confirm) and flight.card == 17
    press(sim, BACK)
    assert sim.app.screen is table and flight.card == 17


def test_the_note_says_what_b_led_and_the_last_trick_shows_who_played_which_card(tmp_path):
    """When B leads the note names B's card; once you take it with a
    higher card the note says you take both, and "Last trick" shows B's
    lead in B's seat and yours in yours."""
    sim = start_match("pico_display", tmp_path, seed=3)

    def b_led_and_you_can_take_it(t) -> bool:
        h = t.hand
        return h.lead != NO_CARD and any(c < MARRY and beats(c, h.lead, h.trump) for c in t.legal_codes())

    t = play_until(sim, b_led_and_you_can_take_it, limit=2000)
    h = t.hand
    lead = h.lead
    assert t.note == "B leads " + card_text(lead)
    mine = next(c for c in t.legal_codes() if c < MARRY and beats(c, lead, h.trump))
    t.cursor = t.game.cards(0).index(mine)
    press(sim, OK)
    assert h.last_lead == lead and h.last_follow == mine
    assert t.note == "You take %s %s" % (card_text(lead), card_text(mine))
    play_until(sim, lambda t: True)  # the trick taken away: your lead
    press(sim, BACK)
    choose(sim, "Last trick")
    assert t.shown == [(1, lead), (0, mine)]


def test_the_bid_menu_of_sixty_six_with_bidding_names_the_moon(tmp_path):
    """In bid-two the top bid is the moon (every trick), not four-hand's solo."""
    _sim, screen = at_the_first_bid_menu(tmp_path, "bid-two")
    assert labels(screen)[-1] == "Moon (every trick)" and "Solo" not in labels(screen)


def test_a_three_hand_hint_lets_its_searcher_go(tmp_path):
    """Three-hand keeps no searcher between hints (heap): the hint still
    comes, and the adapter holds no hinter after it."""
    sim = game_sim("pico_display", tmp_path, "three-hand", seed=3)
    choose(sim, "New match")
    t = play_until(sim, lambda t: t.game.to_act() == 0, limit=600)
    press(sim, HINT)
    assert sim.app.popup and t.game.hinter is None


def test_ok_on_a_rule_option_row_steps_that_option_alone(tmp_path):
    """OK on the first rule option (the row after Target) steps that
    option to its next value and leaves every other row as it was."""
    sim = new_sim("pico_display", tmp_path)
    choose(sim, "Settings")
    screen = sim.app.screen
    row = settings_row(sim, "Target") + 1
    press(sim, NEXT)
    before = screen.rows()
    press(sim, OK)
    after = screen.rows()
    label, values, index = before[row]
    assert after[row] == (label, values, (index + 1) % len(values))
    assert [r for i, r in enumerate(after) if i != row] == [r for i, r in enumerate(before) if i != row]
    assert_no_fault(sim, tmp_path)


def test_a_key_while_the_computer_is_to_move_waits_for_its_move(tmp_path):
    """Between your card and the computer's answer the table takes no key:
    BACK opens no menu before the computer has moved."""
    sim = start_match("pico_display", tmp_path)
    t = play_until(sim, lambda t: t.hand.lead == NO_CARD and t.hand.pending < 0)
    app = sim.app
    cards = t.game.cards(0)
    legal = t.legal_codes()
    t.cursor = next(i for i, c in enumerate(cards) if not t.game.card_choices(c, legal))  # plays at once
    app.handle(OK)  # you lead; B answers on the next tick
    assert t.state == table_module._AI
    cursor = t.cursor
    for ev in (BACK, NEXT, HINT, OK):
        app.handle(ev)
        assert app.screen is t and app.popup is None and t.state == table_module._AI and t.cursor == cursor
    app.tick(app.now + 1)
    assert t.state != table_module._AI
