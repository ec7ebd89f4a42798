"""What the tables of seats say agrees with the match (three-hand,
four-hand, Sixty-Five, the bidding games): the top line's status, the
upcard at three, who sits out, the bid menu and the bids named, read back
from the drawn frame as test_table_shows.py does for the two-player
table."""

import pytest
from sixtysix_app.events import BACK, NEXT, OK, PREV
from sixtysix_app.table import Table
from tablelog import (
    SEATS,
    SUITS,
    frame,
    hand_results,
    logging_sims,
    note_line,
    stock_words,
    tables,
    top_line,
    your_turn_to_close,
)
from test_app import press, quick  # noqa: F401 (quick: the fixture, used by name)


@pytest.fixture
def logged(quick, monkeypatch):  # noqa: F811 (the fixture)
    """new_sim's boards drawing through a TextLog; the log is sim.log."""
    return logging_sims(monkeypatch)


def seats_status(game: str, t) -> str:
    """The left of a table of seats' top line, as MORE_GAMES.md and
    BIDDING.md describe it, from the hand and the match."""
    h, m = t.hand, t.match
    if game == "three-hand":
        return "%s %s %s deals" % (SUITS[h.trump], stock_words(h), SEATS[m.dealer])
    if game == "sixty-five":
        return "%s trick %d" % (SUITS[3], min(12, h.tricks[0] + h.tricks[1] + 1))
    bid = "%d" % (h.high_bid * 33) if h.high_bid < 5 else ("solo" if game == "four-hand" else "moon")
    if t.game.bidding():
        return "Bidding" if h.bidder < 0 else "Bid %s by %s" % (bid, SEATS[h.bidder])
    return "%s %s:%s" % (SUITS[h.trump] if h.trump >= 0 else "?", SEATS[h.bidder], bid)


@pytest.mark.parametrize("game", ("three-hand", "four-hand", "sixty-five", "bid-two", "bid-three"))
@pytest.mark.parametrize("board_name", ("pico_display", "thumby"))
def test_a_table_of_seats_top_line_gives_the_hand_and_the_match_score(logged, tmp_path, board_name, game):
    """The status on the left, cut short where the panel is narrow but
    never drawn over the scores on the right."""
    from sixtysix_app.settings import GAMES
    from test_app import choose

    sim = logged(board_name, tmp_path, seed=5)
    settings = sim.app.session.settings
    settings.set_game(GAMES.index(game))
    choose(sim, "New match")
    lay = sim.app.layout
    checked = turns = 0
    for t in tables(sim, 250, bid=True):
        m = t.match
        line = top_line(sim)
        by_side = game in ("four-hand", "sixty-five")
        scores = ":".join("%d" % s for s in (m.scores[:2] if by_side else m.scores))
        assert line.endswith(scores), line
        shown = line[: -len(scores)].rstrip()
        want = seats_status(game, t)
        whole = len(want) - len(" B deals") if game == "three-hand" else len(want)  # the dealer may give way
        assert want.startswith(shown) and len(shown) >= min(whole, lay.cols // 2), (line, want)
        assert not sim.log.overlaps(0, lay.ch), sim.log.overlaps(0, lay.ch)
        if t.state == 0 and t.game.to_act() == 0 and not t.game.bidding() and not t.note:
            assert note_line(sim) == "Your turn", note_line(sim)
            turns += 1
        checked += 1
    assert checked > 20 and turns > 3


@pytest.mark.parametrize("game", ("three-hand", "bid-three", "bid-two", "four-hand"))
@pytest.mark.parametrize("board_name", ("oled_128x64", "pico_display", "thumby"))
def test_a_long_match_score_pushes_the_status_back(logged, tmp_path, board_name, game):
    """In a match to 99 each seat's score may have two digits ("12:10:11",
    eight columns where "0:0:0" took five): the status gives way to the
    score rather than running into it, as three-hand's "12 B deals" ran into
    "88:88:88" on the three smaller panels while the status's room was a
    fixed six columns short of the edge."""
    from sixtysix_app.settings import GAMES
    from test_app import choose

    sim = logged(board_name, tmp_path, seed=5)
    settings = sim.app.session.settings
    settings.set_game(GAMES.index(game))
    settings.target = 99
    choose(sim, "New match")
    lay = sim.app.layout
    checked = 0
    for i, t in enumerate(tables(sim, 60, bid=True)):
        t.match.scores = [88 + (i + s) % 11 for s in range(len(t.match.scores))]
        t.draw(sim.app.canvas)
        assert not sim.log.overlaps(0, lay.ch), (top_line(sim), sim.log.overlaps(0, lay.ch))
        assert top_line(sim).endswith(t.game.scores())
        checked += 1
    assert checked > 20


@pytest.mark.parametrize("board_name", ("pico_display", "thumby"))
def test_the_table_of_three_cuts_its_status_at_a_word(logged, tmp_path, board_name):
    """Three-hand's status is trump, stock and dealer, or only trump and
    stock where the panel has no room for the dealer beside the scores;
    it read "empty B deal" on the 20-column panels and "empty B d" on the
    Thumby once the stock was empty."""
    from sixtysix_app.settings import GAMES
    from test_app import choose

    sim = logged(board_name, tmp_path, seed=5)
    sim.app.session.settings.set_game(GAMES.index("three-hand"))
    choose(sim, "New match")
    seen = set()
    for t in tables(sim, 400):
        scores = ":".join("%d" % s for s in t.match.scores)
        shown = top_line(sim)[: -len(scores)].rstrip()
        want = seats_status("three-hand", t)
        assert shown in (want, want[: -len(" B deals")]), (shown, want)
        seen.add(shown == want)
    assert seen == {True, False}  # the dealer shown while there is room, and left out once there is none


def test_a_claim_at_the_table_of_three_asks_first(logged, tmp_path):
    """seats_slots.py: at the tables of seats a claim asks first, as at
    two (a false claim costs the hand), and Back leaves the hand as it was."""
    from sixtysix.hand import CLAIM
    from sixtysix_app import table_menu
    from sixtysix_app.settings import GAMES
    from sixtysix_app.widgets import Confirm
    from test_app import choose

    sim = logged("pico_display", tmp_path, seed=2)
    sim.app.session.settings.set_game(GAMES.index("three-hand"))
    choose(sim, "New match")
    t = sim.app.screen
    table_menu.ask(t, CLAIM)()
    question = sim.app.screen
    assert isinstance(question, Confirm)
    assert "66" in " ".join(question.lines)
    press(sim, BACK)
    assert sim.app.screen is t and not t.hand.over


@pytest.mark.parametrize("game", ("four-hand", "bid-two", "bid-three"))
def test_the_bid_menu_names_the_high_bid_and_offers_each_higher_bid_by_its_points(logged, tmp_path, game):
    """MORE_GAMES.md and BIDDING.md: bids 1 to 4 ask for 33 points each,
    bid 5 is four-hand's solo and the bidding games' moon; the menu's title
    says who holds the highest bid so far."""
    from sixtysix_app.settings import GAMES
    from sixtysix_app.widgets import Menu
    from test_app import choose

    sim = logged("pico_display", tmp_path, seed=8)
    sim.app.session.settings.set_game(GAMES.index(game))
    choose(sim, "New match")
    five = "Solo" if game == "four-hand" else "Moon (every trick)"
    menus = outbid = 0
    for _ in range(300):
        screen = sim.app.screen
        if isinstance(screen, Menu) and screen.title.startswith("Bid?"):
            h = sim.app.session.match.hand
            if h.bidder < 0:
                assert screen.title == "Bid? None yet"
            else:
                held = "%d" % (33 * h.high_bid) if h.high_bid < 5 else five.split()[0].lower()
                assert screen.title == "Bid? %s has %s" % (SEATS[h.bidder], held), screen.title
                outbid += 1
            labels = [item[0] for item in screen.items]
            bids = range(h.high_bid + 1 if h.bidder >= 0 else 1, 6)
            assert labels == ["Pass"] + ["Bid %d (%d)" % (n, 33 * n) if n < 5 else five for n in bids], labels
            menus += 1
            press(sim, NEXT)  # bid, so that the others have a bid to beat
        press(sim, OK)
    assert menus >= 3 and outbid >= 1, (menus, outbid)


@pytest.mark.parametrize("game", ("four-hand", "bid-two"))
def test_the_highest_bid_is_named_solo_or_moon_on_the_top_line_and_in_the_result(logged, tmp_path, game):
    from sixtysix_app.settings import GAMES
    from sixtysix_app.widgets import Menu
    from test_app import choose

    sim = logged("pico_display", tmp_path, seed=8)
    sim.app.session.settings.set_game(GAMES.index(game))
    choose(sim, "New match")
    word = "solo" if game == "four-hand" else "moon"
    for _ in range(50):
        screen = sim.app.screen
        if isinstance(screen, Menu) and screen.title.startswith("Bid?"):
            break
        press(sim, OK)
    press(sim, PREV)  # the last item: the highest bid
    press(sim, OK)
    h = sim.app.session.match.hand
    assert h.bidder == 0 and h.high_bid == 5
    assert top_line(sim)[1:].startswith(" A:" + word), top_line(sim)
    text = next(hand_results(sim, 1))[0]
    assert text.startswith(("A bid %s for you and C: " if game == "four-hand" else "You bid %s: ") % word), (
        text
    )


def test_the_table_of_three_shows_the_upcard_until_the_stock_is_closed(logged, tmp_path):
    """MORE_GAMES.md: three-hand is a Sixty-Six hand; RULES.md: closing
    turns the upcard down, so the roomy table's "up" card goes."""
    from sixtysix.hand import CLOSE
    from sixtysix_app.settings import GAMES
    from sixtysix_app.ui import card_text
    from test_app import choose

    sim = logged("pico_display", tmp_path, seed=9)
    sim.app.session.settings.set_game(GAMES.index("three-hand"))
    choose(sim, "New match")
    lay = sim.app.layout
    assert lay.roomy
    t = your_turn_to_close(sim, 200)
    h = t.hand
    row = frame(sim).row(lay.opp_y, lay.opp_y + lay.card_h)
    assert row.startswith("up") and card_text(h.upcard) in row, row
    t._do(CLOSE)()
    assert h.closer >= 0
    row = frame(sim).row(lay.opp_y, lay.opp_y + lay.card_h)
    assert "up" not in row and card_text(h.upcard) not in row, row


@pytest.mark.parametrize("board_name", ("pico_display", "oled_128x64", "thumby"))
def test_the_table_of_three_shows_any_upcard_where_there_is_room_for_it(logged, tmp_path, board_name):
    """Card ids start at 0 (NO_CARD is -1), so the lowest card turned up
    is shown like any other; the panels with no room below B's row for a
    card (ui.Layout.roomy) show none, rather than draw it over the hand."""
    from sixtysix_app.settings import GAMES
    from sixtysix_app.ui import card_text
    from test_app import choose

    sim = logged(board_name, tmp_path, seed=34)
    sim.app.session.settings.set_game(GAMES.index("three-hand"))
    choose(sim, "New match")
    h = sim.app.screen.hand
    assert h.upcard == 0  # the deal this seed makes: the lowest card id is turned up
    lay = sim.app.layout
    row = frame(sim).row(lay.opp_y, lay.opp_y + lay.card_h)
    if lay.roomy:
        assert row.startswith("up") and card_text(h.upcard) in row, row
    else:
        assert "up" not in row, row
    assert lay.roomy == (board_name == "pico_display")


def test_the_dealer_at_three_sits_out_and_the_table_says_so(logged, tmp_path):
    """MORE_GAMES.md: at three the dealer deals to the other two and sits
    out; when that is you, your row says so and holds no card."""
    from sixtysix_app.settings import GAMES
    from test_app import choose

    sim = logged("oled_128x64", tmp_path, seed=1)
    sim.app.session.settings.set_game(GAMES.index("three-hand"))
    choose(sim, "New match")
    lay = sim.app.layout
    dealt = out = 0
    for t in tables(sim, 400):
        row = frame(sim).row(lay.hand_y, lay.note_y)
        if t.match.dealer == 0:
            assert t.game.cards(0) == [] and "You sit out" in row, row
            out += 1
        else:
            assert "You sit out" not in row, row
            dealt += 1
        if out > 3 and dealt > 3:
            break
    assert out and dealt


def test_while_the_others_bid_over_yours_the_top_line_names_you_as_the_high_bidder(logged, tmp_path):
    from sixtysix.four import BID
    from sixtysix_app.settings import GAMES
    from sixtysix_app.widgets import Menu
    from test_app import choose

    sim = logged("pico_display", tmp_path, seed=8)
    sim.app.session.settings.set_game(GAMES.index("four-hand"))
    choose(sim, "New match")
    for _ in range(50):
        if isinstance(sim.app.screen, Menu) and sim.app.screen.title.startswith("Bid?"):
            break
        press(sim, OK)
    sim.app.screen.key(BACK)  # back to the table, the bid still yours to make
    t = sim.app.screen
    assert isinstance(t, Table) and t.game.bidding()
    t.act(BID + 1)  # without the loop's next tick: the others are still to bid
    assert t.game.bidding() and t.hand.bidder == 0
    assert top_line(sim).startswith("Bid 33 by A"), top_line(sim)


@pytest.mark.parametrize("game", ("bid-two", "bid-three"))
def test_a_bid_hint_says_the_points_the_bid_asks_for_and_the_moon_every_trick(logged, tmp_path, game):
    """BIDDING.md: bid n asks for 33 x n points, bid 5 (the moon) for every trick."""
    from sixtysix.four import BID
    from sixtysix_app.settings import GAMES
    from test_app import choose

    sim = logged("pico_display", tmp_path, seed=2)
    sim.app.session.settings.set_game(GAMES.index(game))
    choose(sim, "New match")
    g = sim.app.session.match
    from sixtysix_app.seats import adapter

    a = adapter(g)
    for n in range(1, 5):
        assert "reach %d." % (33 * n) in a.hint_reason(BID + n), a.hint_reason(BID + n)
    assert "every trick" in a.hint_reason(BID + 5)
