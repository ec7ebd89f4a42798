"""The device app playing the games of the table of seats (three-hand,
four-hand, Sixty-Five, the bidding games), on every board, through the
simulator (the firmware's own loop, keys and saves)."""

import os

import pytest
from sixtysix import games
from sixtysix.rng import Rng
from sixtysix_app.app import Menu
from sixtysix_app.events import BACK, HINT, NEXT, OK, PREV
from sixtysix_app.screens import TWO_PLAYER_MATCH
from sixtysix_app.settings import GAMES, OFFERED
from sixtysix_app.table import Table
from sixtysix_tools.board_files import boards_for
from sixtysix_tools.sim import LONG_MS, Sim, load_board
from test_app import assert_no_fault, button_for, on_title, press

from boards import BOARDS

# The offered games not dealt as a two-player Match, from the registry.
NEW_GAMES = tuple(GAMES[g] for g in OFFERED if games.field(g, games.MATCH) != TWO_PLAYER_MATCH)


def game_sim(board_name, save_dir, game, seed=1) -> Sim:
    sim = Sim(load_board(board_name), str(save_dir), seed)
    settings = sim.app.session.settings
    settings.set_game(GAMES.index(game))
    settings.level = "easy"
    return sim


@pytest.mark.parametrize("game", NEW_GAMES)
@pytest.mark.parametrize("board_name", BOARDS)
def test_pressing_only_ok_plays_a_whole_match(board_name, game, tmp_path):
    sim = game_sim(board_name, tmp_path, game)
    started = False
    for _ in range(3000):
        press(sim, OK)
        started = started or isinstance(sim.app.screen, Table)
        m = sim.app.session.match
        if started and m is not None and m.winner >= 0 and on_title(sim):
            break
    assert_no_fault(sim, tmp_path)
    m = sim.app.session.match
    assert started and m.winner >= 0 and on_title(sim), "the match did not end"
    assert getattr(m, "name", "") == game
    from sixtysix_app.stats_page import text as page_text

    text = page_text(sim.app.session.stats)
    assert text  # the statistics page can be drawn after a match of this game


# The boards drawn through framebuf: on CPython the PyBadge's displayio
# canvas takes some 35 s for the 600 presses, and it plays each game above.
FRAMEBUF_BOARDS = boards_for("micropython")


@pytest.mark.parametrize("game", NEW_GAMES)
@pytest.mark.parametrize("board_name", FRAMEBUF_BOARDS)
def test_random_presses_never_fault(board_name, game, tmp_path):
    sim = game_sim(board_name, tmp_path, game, seed=7)
    rng = Rng(len(board_name) + len(game))
    events = (PREV, NEXT, OK, OK, OK, BACK, HINT)
    press(sim, OK)  # New match: the random presses start at this game's table
    tables = 0
    for _ in range(600):
        event = events[rng.below(len(events))]
        try:
            i, ms = button_for(sim.board, event)
        except ValueError:  # the board has no button for it
            continue
        if rng.below(10) == 0:
            ms = LONG_MS
        sim.hold(i, ms)
        tables += isinstance(sim.app.screen, Table)
    assert_no_fault(sim, tmp_path)
    assert tables > 20, "the table was hardly reached"


@pytest.mark.parametrize("game", NEW_GAMES)
def test_a_saved_match_resumes_at_the_same_point(game, tmp_path):
    sim = game_sim("pico_display", tmp_path, game)
    sim.app.session.save_settings()
    press(sim, OK)  # New match
    for _ in range(12):
        press(sim, OK)
    assert isinstance(sim.app.screen, Table) or isinstance(sim.app.screen, Menu)
    session = sim.app.session
    session.save()
    hand = session.match.hand
    log = bytes(hand.log[: hand.nlog])
    again = Sim(load_board("pico_display"), str(tmp_path), 1)
    assert again.app.session.can_resume()
    assert GAMES[again.app.session.game] == game
    h2 = again.app.session.match.hand
    # Saves are made after whole tricks: the loaded log is the saved one.
    assert bytes(h2.log[: h2.nlog]) == log[: h2.nlog]
    assert "Resume match" in [item[0] for item in again.app.screen.items]
    assert os.path.exists(os.path.join(str(tmp_path), "match.sav"))


def test_the_four_hand_bidding_menu_lists_pass_and_the_bids(tmp_path):
    sim = game_sim("pico_display", tmp_path, "four-hand", seed=3)
    press(sim, OK)  # New match
    for _ in range(200):
        screen = sim.app.screen
        if isinstance(screen, Menu) and screen.title.startswith("Bid?"):
            labels = [item[0] for item in screen.items]
            assert labels[0] == "Pass"
            assert all(label.startswith("Bid ") or label == "Solo" for label in labels[1:])
            return
        press(sim, OK)
    pytest.fail("no bidding menu in 200 presses")


def my_turn_to_play(sim) -> bool:
    screen = sim.app.screen
    if not isinstance(screen, Table) or sim.app.popup is not None:
        return False
    g = screen.game
    bidding = g.bidding()
    return screen.state == 0 and g.to_act() == 0 and not bidding


@pytest.mark.parametrize("game", NEW_GAMES)
def test_the_hint_says_why_and_points_at_its_card(game, tmp_path):
    """HINT at your turn: a popup that names the action and gives a reason
    (never the bare 'the computer would'), with the cursor on its card."""
    sim = game_sim("pico_display", tmp_path, game, seed=5)
    sim.app.session.settings.hints = True
    press(sim, OK)  # New match
    hinted = 0
    for _ in range(400):
        if my_turn_to_play(sim):
            press(sim, HINT)
            text = " ".join(sim.app.popup or [])
            assert text.split()[0] in ("Play", "Lead", "Declare", "Exchange", "Close", "Claim"), text
            assert ":" in text and len(text.split(":", 1)[1].strip()) > 3, text
            table = sim.app.screen
            word = text.split()[1].rstrip(":")
            if text.startswith(("Play", "Lead")) and game != "three-hand":
                assert table.game.card_text(table.game.cards(0)[table.cursor]) == word
            hinted += 1
            press(sim, OK)  # the popup goes
            if hinted == 3:
                break
        press(sim, OK)
    assert hinted == 3
    assert_no_fault(sim, tmp_path)


def test_four_hand_hint_reasons_follow_the_table():
    """Over random four-hand hands: a bid or pass says so, a lead says
    'Lead', a card under the partner's winning card mentions the partner,
    and a card that beats the trick says it takes it."""
    from sixtysix.four import BIDDING, MAX_ACTIONS, FourMatch, FourRules
    from sixtysix.hand import MARRY
    from sixtysix.players import beats
    from sixtysix_app.seats_sides import Four

    rng = Rng(8)
    buf = bytearray(MAX_ACTIONS)
    checked = {"bid": 0, "lead": 0, "partner": 0, "takes": 0}
    for seed in range(1, 40):
        m = FourMatch(FourRules(), seed)
        g = Four(m)
        h = m.start_hand()
        while not h.over:
            n = h.legal_actions(buf)
            code = buf[rng.below(n)]
            if h.turn == 0:
                text = g.hint_reason(code)
                if h.phase == BIDDING:
                    assert text.split(":")[0] in ("Pass", "Solo") or text.startswith("Bid "), text
                    checked["bid"] += 1
                elif code >= MARRY:
                    assert text.startswith("Declare the marriage"), text
                elif h.in_trick == 0:
                    assert text.startswith("Lead " + g.card_text(code)), text
                    checked["lead"] += 1
                elif h.best_seat == 2:
                    assert "partner" in text, text
                    checked["partner"] += 1
                else:
                    takes = beats(code, h.best, h.trump)
                    assert ("takes the trick from" in text) == takes, text
                    checked["takes"] += takes
            h.act(code)
    assert all(checked.values()), checked


@pytest.mark.parametrize("name", ("bid-two", "bid-three", "sixty-five"))
def test_hint_reasons_of_the_bidding_games_and_sixty_five_follow_the_table(name):
    """Over random hands: a marriage is priced 40 in trumps (or before any
    trump) and 20 otherwise; a trump led says it draws trumps (spades in
    Sixty-Five); a card under the trick of the seat on your side mentions
    that partner (Sixty-Five's C; at bid-three the other defender, once
    a bid has made sides; no one at bid-two); any other card says it takes
    the trick exactly when, played, it holds the trick."""
    import copy

    from sixtysix.cards import SUIT_NAMES
    from sixtysix.four import BIDDING
    from sixtysix.hand import MARRY
    from sixtysix_app.seats_bid import Bid
    from sixtysix_app.seats_sides import SixtyFive

    game = games.index(name)
    adapter = SixtyFive if name == "sixty-five" else Bid
    per_suit = 12 if name == "sixty-five" else 6
    rng = Rng(11)
    buf = bytearray(16)
    checked = {"marriage": 0, "before trumps": 0, "trump lead": 0, "partner": 0, "takes": 0, "lost": 0}
    for seed in range(1, 25):
        m = games.new_match(game, games.new_rules(game), seed)
        g = adapter(m)
        h = m.start_hand()
        while not h.over:
            n = h.legal_actions(buf)
            marriages = [c for c in buf[:n] if MARRY <= c < MARRY + 4]
            code = marriages[0] if marriages else buf[rng.below(n)]  # every marriage shown, to price them
            if h.turn == 0 and not (per_suit == 6 and h.phase == BIDDING):
                text = g.hint_reason(code)
                trump = 3 if per_suit == 12 else h.trump
                if per_suit == 6 and code >= MARRY:
                    suit = code - MARRY
                    pts = 40 if trump in (suit, -1) else 20
                    assert text.startswith("Declare the marriage in %s: %d " % (SUIT_NAMES[suit], pts)), text
                    checked["marriage"] += 1
                    checked["before trumps"] += trump < 0
                elif h.in_trick == 0:
                    assert text.startswith("Lead " + g.card_text(code)), text
                    assert ("draw out the trumps" in text) == (code // per_suit == trump), text
                    checked["trump lead"] += code // per_suit == trump
                else:
                    if name == "sixty-five":
                        partner = 2
                    elif name == "bid-three" and h.bidder > 0:
                        partner = 3 - h.bidder  # seats 1 and 2: the defender who did not bid
                    else:
                        partner = -1
                    if h.best_seat == partner:
                        assert "partner" in text, text
                        checked["partner"] += 1
                    else:
                        after = copy.deepcopy(h)
                        after.act(code)
                        holds = after.best_seat == 0 if after.in_trick else after.last_winner == 0
                        assert ("takes the trick from" in text) == holds, text
                        assert "partner" not in text, text
                        checked["takes" if holds else "lost"] += 1
            h.act(code)
    wanted = [k for k in checked if not (k == "partner" and name == "bid-two")]
    wanted = [k for k in wanted if not (k in ("marriage", "before trumps") and name == "sixty-five")]
    assert all(checked[k] for k in wanted), checked


def test_four_hand_adapter_sits_out_the_soloists_partner_and_prices_marriages():
    """Over random four-hand hands: after a solo the soloist's partner alone
    is not active (the table dims that seat, and says "You sit out" when
    it is you), and every seat is otherwise; a marriage offered before the
    first lead has made trumps is worth 40, after it 40 in trumps and 20
    in another suit."""
    from sixtysix.four import BID, MAX_ACTIONS, PLAYING, SOLO, FourMatch, FourRules
    from sixtysix.hand import MARRY
    from sixtysix_app.seats_sides import Four

    rng = Rng(5)
    buf = bytearray(MAX_ACTIONS)
    seen = set()
    for seed in range(1, 400):
        m = FourMatch(FourRules(), seed)
        g = Four(m)
        h = m.start_hand()
        while not h.over:
            n = h.legal_actions(buf)
            if h.phase == PLAYING:
                solo = h.high_bid == SOLO
                out = [s for s in range(4) if not g.active(s)]
                assert out == ([(h.bidder + 2) & 3] if solo else []), (out, h.bidder)
                seen.add("solo" if solo else "four")
                for code in buf[:n]:
                    if MARRY <= code < MARRY + 4:
                        suit = code - MARRY
                        worth = 40 if h.trump < 0 or suit == h.trump else 20
                        assert g.action_label(code).endswith("(%d)" % worth), g.action_label(code)
                        seen.add("before trumps" if h.trump < 0 else worth)
            codes = list(buf[:n])
            if BID + SOLO in codes and rng.below(3) == 0:
                code = BID + SOLO  # solos are rare when bids are drawn evenly
            else:
                code = codes[rng.below(n)]
            h.act(code)
        if seen == {"solo", "four", "before trumps", 40, 20}:
            return
    raise AssertionError("not every case was met: %s" % seen)


def test_three_hands_adapter_finds_the_same_methods_on_both_runtimes():
    """seats_three.Three takes OnHand's and Slots' methods by multiple
    inheritance: MicroPython looks bases up depth first (OnHand, Seats,
    Slots), CPython by C3 (OnHand, Slots, Seats).  They agree only while
    the two bases share no name and neither redefines one of Seats'."""
    from sixtysix_app.seats import Seats
    from sixtysix_app.seats_hand import OnHand
    from sixtysix_app.seats_slots import Slots

    def own(cls):
        return {name for name in vars(cls) if not name.startswith("__")}

    assert not own(OnHand) & own(Slots)
    assert not own(OnHand) & own(Seats)
    assert not own(Slots) & own(Seats)


def test_a_table_set_from_the_menus_lets_the_last_search_go(tmp_path):
    """The search players share one solver (sixtysix.ai._SHARED); a table
    set from the menus (another game, or the match resumed) lets it go
    first, so that a four-hand table does not carry a two-player search's
    tables, and the next search makes it again."""
    from sixtysix import ai
    from sixtysix_app.screens import table_for

    sim = game_sim("pico_display", tmp_path, "sixty-six")
    sim.app.session.settings.level = "hard"
    for _ in range(1500):
        press(sim, OK)
        if ai._SHARED[2] is not None:
            break
    assert ai._SHARED[2] is not None, "hard never searched"
    sim.app.show(table_for(sim.app))
    assert ai._SHARED == [None] * len(ai._SHARED)  # every slot let go, the listing function too
    for _ in range(1500):
        press(sim, OK)
        if ai._SHARED[2] is not None:
            break
    assert ai._SHARED[2] is not None, "hard never searched again"
    assert_no_fault(sim, tmp_path)
