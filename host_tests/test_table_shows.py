"""What the table says agrees with the match: the words and numbers drawn
(read back from the canvas, not from the screen's fields) are those of the
match state at that moment, on the two-player table, and for every game
the hand's result and the match's end.  Found unchecked by a mutation
audit of table.py and the seats adapters (seats*.py): the golden screens
hold one moment of each game, these hold every frame of a match.  The
tables of seats alone: test_seats_show.py."""

import pytest
from sixtysix.cards import NO_CARD, count
from sixtysix_app.events import BACK, OK
from tablelog import (
    ALL_GAMES,
    SEATS,
    SUITS,
    frame,
    hand_results,
    logging_sims,
    note_line,
    popup,
    seat_name,
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


@pytest.mark.parametrize("board_name", ("oled_128x64", "pico_display", "thumby"))
def test_the_two_player_top_line_gives_trump_stock_and_match_score(logged, tmp_path, board_name):
    sim = logged(board_name, tmp_path, seed=7)
    from test_app import choose

    choose(sim, "New match")
    lay = sim.app.layout
    seen = set()
    for t in tables(sim):
        h, m = t.hand, t.match
        line = top_line(sim)
        assert line.startswith(SUITS[h.trump]), line
        words = stock_words(h)
        assert line[1:].lstrip().startswith(words), (line, words)
        assert line.endswith("%d:%d" % (m.scores[0], m.scores[1])), line
        if not lay.roomy:  # B's cards, which are not drawn
            assert " B:%d" % count(h.hands[1]) in line, line
        seen.add(words if not words.isdigit() else "count")
    assert seen >= {"count", "empty"}


def test_a_trick_put_away_leaves_the_note_line_to_whose_turn_it_is(logged, tmp_path):
    """The note of a trick taken ("You take ...") goes with the trick:
    once a key puts the trick away and you lead, the note says so."""
    from sixtysix_app import table as table_module
    from test_app import choose

    sim = logged("pico_display", tmp_path, seed=3)
    choose(sim, "New match")
    mine = 0
    for t in tables(sim, 300):
        if t.state != table_module._TRICK or t.hand.last_winner != 0:
            continue
        assert note_line(sim).startswith("You take")
        press(sim, OK)  # put the trick away
        if sim.app.screen is t and t.game.to_act() == 0:
            assert note_line(sim) == t.game.turn_note(), note_line(sim)
            mine += 1
    assert mine >= 3


@pytest.mark.parametrize("game", ALL_GAMES)
def test_a_hands_result_gives_its_points_and_the_match_as_booked(logged, tmp_path, game):
    from sixtysix.cards import set_points
    from sixtysix_app.settings import GAMES
    from test_app import choose

    sim = logged("pico_display", tmp_path, seed=11)
    sim.app.session.settings.set_game(GAMES.index(game))
    choose(sim, "New match")
    session = sim.app.session
    book = session.finish_hand
    before = {}

    def booked() -> None:  # who dealt and who played, before the deal passes on
        m = session.match
        before["dealer"] = getattr(m, "dealer", -1)
        before["played"] = [m.seat_of(0), m.seat_of(1)]
        book()

    session.finish_hand = booked
    results = contracts = yours = 0
    for text, h, m in hand_results(sim, 4):
        results += 1
        assert sim.app.screen.title in ("Hand %d" % results, "Match over"), sim.app.screen.title
        if game == "sixty-six":
            cards = "Cards %d %d" % (set_points(h.won[0]), set_points(h.won[1]))
            assert cards in text and "Total %d %d" % (h.score(0), h.score(1)) in text, text
            assert "Match: you %d, B %d" % (m.scores[0], m.scores[1]) in text, text
            marry = "Marry %d %d" % (h.marriage_points[0], h.marriage_points[1])
            assert (marry in text) == (h.marriage_points[0] + h.marriage_points[1] > 0), text
            last = [h.card_points[p] - set_points(h.won[p]) for p in (0, 1)]  # the last trick's 10
            assert ("Last %d %d" % (last[0], last[1]) in text) == (last[0] + last[1] > 0), text
            if m.winner < 0:
                assert "(to %d)." % m.rules.target in text, text
        elif game == "three-hand":
            played = before["played"]
            assert text.startswith("%s deals and sits out." % SEATS[before["dealer"]]), text
            assert (
                "%s %d, %s %d." % (seat_name(played[0]), h.score(0), seat_name(played[1]), h.score(1)) in text
            )
        elif game == "sixty-five":
            assert (
                "Tricks %d and %d, points you and C %d, B and D %d."
                % (
                    h.tricks[0],
                    h.tricks[1],
                    h.score(0),
                    h.score(1),
                )
                in text
            ), text
        elif h.bidder >= 0:  # the bidding games, a hand not passed out
            contracts += 1
            yours += h.bidder == 0
            made = "made" if h.made else "failed"
            assert " %s." % made in text.split("Points")[0], text
            assert "Game points: %+d and %+d." % (h.game_points[0], h.game_points[1]) in text, text
            if game == "four-hand":
                side = "you and C" if h.bidder in (0, 2) else "B and D"
                bid = "solo" if h.high_bid >= 5 else "%d" % (33 * h.high_bid)
                assert text.startswith("%s bid %s for %s: " % (SEATS[h.bidder], bid, side)), text
                assert "Points: you and C %d, B and D %d." % (h.side_score(0), h.side_score(1)) in text, text
            else:
                others = "the others" if game == "bid-three" else ("B" if h.bidder == 0 else "you")
                bidder = "you" if h.bidder == 0 else SEATS[h.bidder]
                assert text.startswith("%s bid" % seat_name(h.bidder)), text
                assert "Points: %s %d, %s %d." % (bidder, h.side_score(0), others, h.side_score(1)) in text, (
                    text
                )
        if game in ("four-hand", "sixty-five"):
            assert "You and C %d, B and D %d." % (m.scores[0], m.scores[1]) in text, text
        elif game != "sixty-six":
            named = ", ".join(
                "%s %d" % ("You" if s == 0 else SEATS[s], m.scores[s]) for s in range(len(m.scores))
            )
            assert "Match to %d. %s." % (m.rules.target, named) in text, text
    assert results == 4 or sim.app.session.match.winner >= 0
    assert contracts or game not in ("four-hand", "bid-two", "bid-three")
    assert yours or game not in ("bid-two", "bid-three")


@pytest.mark.parametrize("value", ("2", "2or3", "match"))
def test_the_claim_question_names_what_a_false_claim_costs_under_the_option(logged, tmp_path, value):
    """RULES.md: a false claim gives the opponent 2, or 3 while the opponent
    has no trick under `false-claim 2or3`, or the whole match under `match`."""
    from sixtysix.hand import CLAIM
    from sixtysix_app import table_menu
    from sixtysix_app.widgets import Confirm
    from test_app import choose

    sim = logged("pico_display", tmp_path, seed=2)
    sim.app.session.settings.rules.set_option("false-claim", value)
    choose(sim, "New match")
    t = sim.app.screen
    r = t.hand.rules
    table_menu.ask(t, CLAIM)()
    assert isinstance(sim.app.screen, Confirm)
    text = " ".join(" ".join(sim.app.screen.lines).split())
    assert ("lose the match" in text) == r.false_claim_loses_match(), text
    if not r.false_claim_loses_match():
        assert "B gets %d" % r.false_claim_points(1) in text, text
        assert ("3 if B has no trick" in text) == (r.false_claim_points(0) == 3), text


@pytest.mark.parametrize("mode", ("counting", "assisted"))
def test_the_two_player_notes_say_the_move_the_trick_and_in_assisted_mode_the_points(logged, tmp_path, mode):
    """B's lead is named; a trick taken names its taker and its two cards,
    and in assisted mode (README: running scores shown) what it was worth,
    and your turn the hand's scores so far; counting mode shows none."""
    from sixtysix.cards import set_points
    from sixtysix_app import table as table_module
    from sixtysix_app.ui import card_text
    from test_app import choose

    sim = logged("pico_display", tmp_path, seed=4)
    sim.app.session.settings.rules.set_option("mode", mode)
    choose(sim, "New match")
    assisted = mode == "assisted"
    seen = {"lead": 0, "trick": 0, "turn": 0}
    for t in tables(sim, 250):
        h = t.hand
        note = note_line(sim)
        if t.state == table_module._TRICK:
            taker = "You take" if h.last_winner == 0 else "B takes"
            said = "%s %s %s" % (taker, card_text(h.last_lead), card_text(h.last_follow))
            worth = " +%d" % set_points((1 << h.last_lead) | (1 << h.last_follow))
            assert note == said + (worth if assisted else ""), (note, said)
            seen["trick"] += 1
        elif t.state == table_module._PLAY and t.game.to_act() == 0 and h.pending < 0:
            if h.lead != NO_CARD and h.turn == 0 and t.note:
                assert note == "B leads " + card_text(h.lead), note
                seen["lead"] += 1
            elif not t.note:
                want = "Play to " + card_text(h.lead) if h.lead != NO_CARD else "Your lead"
                scores = "  %d-%d" % (h.score(0), h.score(1))
                assert note == want + (scores if assisted else ""), (note, want)
                seen["turn"] += 1
    assert min(seen.values()) >= 3, seen


@pytest.mark.parametrize("mode", ("counting", "assisted"))
def test_the_match_score_names_the_target_both_scores_the_pot_and_in_assisted_mode_the_hand(
    logged, tmp_path, mode
):
    from test_app import choose

    sim = logged("pico_display", tmp_path, seed=6)
    sim.app.session.settings.rules.set_option("mode", mode)
    choose(sim, "New match")
    for t in tables(sim, 40):
        if t.state == 0 and t.hand.tricks[0] and t.hand.tricks[1]:
            break
    m, h = t.match, t.hand
    m.scores[0], m.scores[1] = 3, 5  # set apart, so that a swap shows
    t._score()
    text = popup(sim)
    assert text.startswith("Match to %d. You 3, B 5." % m.rules.target), text
    assert "Pot" not in text
    assert ("This hand: you %d, B %d." % (h.score(0), h.score(1)) in text) == (mode == "assisted"), text
    assert h.score(0) != h.score(1)
    m.pot = 2  # game points carried over from a hand nobody won
    t._score()
    assert "Pot: 2." in popup(sim), popup(sim)


@pytest.mark.parametrize("board_name", ("oled_128x64", "pico_display", "thumby"))
def test_while_a_computer_seat_thinks_the_note_names_it(logged, tmp_path, board_name):
    """While B thinks the note says so; the roomy panels' top line carries
    the thinking mark too, and on no panel is it drawn over the trump,
    stock and scores (on the narrow panels it was, over "B:4").  On your
    turn there is no mark."""
    from test_app import choose

    sim = logged(board_name, tmp_path, seed=3)
    choose(sim, "New match")
    ch = sim.app.layout.ch
    named = 0
    for t in tables(sim, 60):
        h = t.hand
        if t.state == 0 and t.game.to_act() == 0 and h.lead == NO_CARD and h.pending < 0:
            assert "..." not in top_line(sim), top_line(sim)
            card = [c for c in t.legal_codes() if c < 64][0]
            t.act(card)  # your lead, without the loop's next tick: B is to move
            assert t.busy and note_line(sim) == "B is thinking", note_line(sim)
            assert ("..." in top_line(sim)) == sim.app.layout.roomy, top_line(sim)
            assert frame(sim).overlaps(0, ch) == [], top_line(sim)
            named += 1
    assert named >= 2


def test_the_computers_marriage_is_noted_with_its_points_and_no_card_flies(logged, tmp_path, monkeypatch):
    """A marriage is an action, not a card: the note says what it is worth
    (40 in trumps, RULES.md) and nothing flies to the table until B leads
    its king or queen."""
    from sixtysix.hand import MARRY
    from sixtysix_app import ui

    sim = logged("pico_display", tmp_path, seed=2)
    # B leads; clubs are trumps.
    t = dealt_table(sim, 0, "9C JC TC 9D JD AS", "KC QC KH QH 9H JH", "TD KD QD AD TH AH 9S JS QS KS TS AC")
    h = t.hand
    assert t.busy
    flown = []
    monkeypatch.setattr(ui.Flight, "start", lambda flight, card, *rest: flown.append(card))
    monkeypatch.setattr(t.players[1], "choose", lambda view: MARRY + 0)
    t.tick(sim.app.now)
    assert h.marriage_points[1] == 40 and not flown
    assert note_line(sim).startswith("B marries \x01: 40"), note_line(sim)


def test_your_king_offers_its_marriage_at_its_worth_and_the_trump_nine_the_exchange(logged, tmp_path):
    """RULES.md: a marriage is worth 20, 40 in trumps; the trump nine may
    be exchanged for the upcard.  OK on such a card asks which."""
    from sixtysix.cardtext import parse_card
    from sixtysix.hand import EXCHANGE, MARRY
    from sixtysix_app.ui import card_text
    from sixtysix_app.widgets import Menu

    sim = logged("pico_display", tmp_path, seed=2)
    sim.app.session.settings.rules.set_option("exchange-needs-trick", "no")  # the exchange open at once
    # You lead; clubs are trumps.
    t = dealt_table(sim, 1, "9D JD JC JH 9H AS", "KC QC KH QH 9C TC", "TD KD QD AD TH AH 9S JS QS KS TS AC")
    for name, label in (
        ("KC", "Marry 40, lead K\x01"),
        ("QH", "Marry 20, lead Q\x03"),
        ("9C", "Swap for A\x01"),
    ):
        t.choose_card(parse_card(name))
        menu = sim.app.screen
        assert isinstance(menu, Menu), name
        shown = card_text(parse_card(name))
        assert menu.title == "Your " + shown
        assert [item[0] for item in menu.items] == [label, "Play " + shown, "Back"], (name, menu.items)
        sim.app.show(t)
    assert MARRY + 0 in t.legal_codes() and EXCHANGE in t.legal_codes()
    labels = [item[0] for item in t.menu("actions").items]
    assert "Marry \x01 (40)" in labels and "Marry \x03 (20)" in labels, labels
    assert "Exchange for A\x01" in labels, labels


def test_the_last_tricks_ten_is_shown_for_b_as_for_you(logged, tmp_path):
    """RULES.md: with no claim, the last trick wins 10 extra points, to
    whoever takes it; the result page's "Last" row gives them to B when
    B took it."""
    from sixtysix.cards import set_points
    from test_app import choose

    sim = logged("pico_display", tmp_path, seed=90)  # this seed's first hand: B takes the last trick
    choose(sim, "New match")
    text, h, _m = next(hand_results(sim, 1))
    assert h.card_points[1] - set_points(h.won[1]) == 10 and h.card_points[0] == set_points(h.won[0])
    assert "Last 0 10" in text, text
    assert "Total %d %d" % (h.score(0), h.score(1)) in text, text


def test_a_hand_nobody_wins_names_the_pot_and_the_next_winner_takes_it(logged, tmp_path):
    """RULES.md (no-winner: pot): a hand played out with neither or both
    on 66 gives a game point to the pot, which the next hand's winner
    takes.  The result page says so and the booked line names the pot."""
    from test_app import choose

    sim = logged("pico_display", tmp_path, seed=49)  # this seed's fifth hand ends 65 to 65
    choose(sim, "New match")
    pots = 0
    carried = 0
    before = [0, 0]
    for text, h, m in hand_results(sim, 7):
        if h.winner < 0:
            pots += 1
            assert "Nobody wins" in text and text.endswith(" Pot %d." % m.pot), text
            assert m.pot == carried + 1 and m.scores == before
        else:
            assert "Pot" not in text and m.pot == 0, text
            gained = m.scores[h.winner] - before[h.winner]
            assert gained == h.game_points + carried, (gained, h.game_points, carried)
        carried = m.pot
        before = list(m.scores)
    assert pots == 1


@pytest.mark.parametrize("game", ALL_GAMES)
def test_a_match_won_ends_on_match_over_naming_the_winner(logged, tmp_path, game):
    from sixtysix_app.settings import GAMES
    from test_app import choose

    sim = logged("pico_display", tmp_path, seed=3)
    settings = sim.app.session.settings
    settings.set_game(GAMES.index(game))
    settings.target = 1
    choose(sim, "New match")
    for text, _h, m in hand_results(sim, 20):
        if m.winner < 0:
            assert "win" not in text, text
            continue
        if game in ("four-hand", "sixty-five"):
            said = "You and C win the match!" if m.winner == 0 else "B and D win the match."
        else:
            said = "You win the match!" if m.winner == 0 else "%s wins the match." % SEATS[m.winner]
        assert sim.app.screen.title == "Match over" and text.endswith(said), text
        return
    pytest.fail("no match over in 20 hands")


def test_you_winning_a_match_of_sixty_six_are_told_so(logged, tmp_path):
    from test_app import choose

    for seed in range(1, 30):
        sim = logged("pico_display", tmp_path / str(seed), seed=seed)
        sim.app.session.settings.target = 1
        choose(sim, "New match")
        text, _h, m = next(hand_results(sim, 1))
        if m.winner == 0:
            assert sim.app.screen.title == "Match over" and text.endswith("You win the match!"), text
            assert "(to " not in text
            return
    pytest.fail("you won no match of one hand in 30 seeds")


def test_the_hint_asks_the_hard_level_whatever_the_opponents_level(logged, tmp_path, monkeypatch):
    """README: a hint asks the `hard` level, whatever the opponent plays."""
    from sixtysix.ai import SearchPlayer
    from test_app import choose

    sim = logged("pico_display", tmp_path, seed=2)
    sim.app.session.settings.hints = True
    choose(sim, "New match")
    t = sim.app.screen
    assert t.players[1].level == "easy"
    asked = []
    real = SearchPlayer.choose

    def choose_noted(player, view):
        asked.append(player.level)
        return real(player, view)

    made = []
    real_init = SearchPlayer.__init__

    def init_noted(player, *args, **kwargs):
        made.append(args)
        real_init(player, *args, **kwargs)

    monkeypatch.setattr(SearchPlayer, "choose", choose_noted)
    monkeypatch.setattr(SearchPlayer, "__init__", init_noted)
    import re

    for _ in range(2):
        t.hint()
        said = popup(sim)
        assert said and not re.search(r"\b[9JQKTA][CDHS]\b", said), said  # cards with suit glyphs, as drawn
    assert asked == ["hard", "hard"], asked
    assert len(made) == 1  # one searcher made for the hints and kept for the hand (seats_hand.OnHand.hint)


def test_in_schnapsen_the_trump_jack_offers_the_exchange(logged, tmp_path):
    """RULES.md 2a: in Schnapsen the trump jack, not a nine, takes the upcard."""
    from sixtysix.cardtext import parse_card
    from sixtysix.rules import SCHNAPSEN
    from sixtysix_app.settings import GAMES

    sim = logged("pico_display", tmp_path, seed=2)
    sim.app.session.settings.set_game(GAMES.index("schnapsen"))
    # You lead; clubs are trumps.
    t = dealt_table(sim, 1, "QC KC JD QD KD", "JC KH QH TD AD", "TC JH TH AH JS QS KS TS AS AC")
    assert t.hand.rules.game == SCHNAPSEN
    t.choose_card(parse_card("JC"))
    labels = [item[0] for item in sim.app.screen.items]
    assert labels == ["Swap for A\x01", "Play J\x01", "Back"], labels


@pytest.mark.parametrize("board_name", ("pico_display", "thumby"))
def test_the_last_trick_names_who_took_it_you_as_you(logged, tmp_path, board_name):
    """Whole on the narrowest panels too (the Thumby's 18 columns cut
    "Last trick: you won" to "... you wo")."""
    from test_app import choose

    sim = logged(board_name, tmp_path, seed=3)
    choose(sim, "New match")
    takers = set()
    for t in tables(sim, 80):
        h = t.hand
        if t.state == 0 and t.game.to_act() == 0 and h.last_winner >= 0:
            t._last_trick()
            want = "Last trick to %s" % ("you" if h.last_winner == 0 else "B")
            assert note_line(sim) == want, note_line(sim)
            takers.add(h.last_winner)
            press(sim, BACK)  # back from the last trick
    assert takers == {0, 1}


def dealt_table(sim, dealer: int, dealer_cards: str, other_cards: str, stock: str):
    """A new match's two-player table with its hand dealt from the named
    cards (the stock top first, the upcard last); returns the table."""
    from sixtysix.cardtext import parse_card
    from support import cards
    from test_app import choose

    choose(sim, "New match")
    t = sim.app.screen
    t.hand.deal(dealer, cards(dealer_cards), cards(other_cards), [parse_card(n) for n in stock.split()])
    t.sync()
    return t


@pytest.mark.parametrize("lead", ("any", "queen"))
@pytest.mark.parametrize("board_name", ("pico_display", "thumby"))
def test_a_marriage_shown_asks_for_its_lead_whole_with_assisted_scores(logged, tmp_path, board_name, lead):
    """Once you show a marriage the note asks you to lead its K or Q (the
    Q alone under marriage-lead queen, RULES.md), and in assisted mode
    gives the hand's scores after it, all of it on the narrowest panels
    ("Lead the K or Q" and the scores ran to 24 columns)."""
    from sixtysix.cards import KING, QUEEN
    from sixtysix.hand import MARRY

    sim = logged(board_name, tmp_path, seed=2)
    sim.app.session.settings.rules.set_option("mode", "assisted")
    sim.app.session.settings.rules.set_option("marriage-lead", lead)
    # You lead; clubs are trumps.
    t = dealt_table(sim, 1, "JC KC 9D JD AS QC", "KH QH 9C 9H JH TH", "TD KD QD AD TC AH 9S JS QS KS TS AC")
    h = t.hand
    assert t.act(MARRY + 2)  # hearts
    assert h.pending == 2
    t.note = ""
    scores = "  %d-%d" % (h.score(0), h.score(1))
    asked = "K/Q" if lead == "any" else "Q"
    assert note_line(sim) == "Lead %s \x03" % asked + scores, note_line(sim)
    ranks = {"K": KING, "Q": QUEEN}
    legal = [c % 6 for c in t.legal_codes() if c < 64]
    assert sorted(legal) == sorted(ranks[r] for r in asked.split("/"))  # the cards the note names
    # Room for your score in three digits beside B's in two (the computer
    # claims as soon as it has 66, so it never sits on more at your turn).
    assert len("Lead K/Q \x03" + "  100-65") <= sim.app.layout.cols


@pytest.mark.parametrize("board_name", ("pico_display", "thumby"))
def test_the_computers_exchange_and_close_are_noted(logged, tmp_path, monkeypatch, board_name):
    """The note of B's exchange names the card B takes, whole on the
    narrowest panels (the Thumby's 18 columns, the Pico Display's 20)."""
    from sixtysix.hand import CLOSE, EXCHANGE

    sim = logged(board_name, tmp_path, seed=2)
    sim.app.session.settings.rules.set_option("exchange-needs-trick", "no")
    # B leads; clubs are trumps.
    t = dealt_table(sim, 0, "JC TC 9D JD AS QH", "KC QC KH 9C 9H JH", "TD KD QD AD TH AH 9S JS QS KS TS AC")
    h = t.hand
    moves = [EXCHANGE, CLOSE]
    monkeypatch.setattr(t.players[1], "choose", lambda view: moves.pop(0))
    t.tick(sim.app.now)
    note = note_line(sim)
    assert note.startswith("B takes") and "upcard" in note and note.endswith(" A\x01"), note
    t.tick(sim.app.now)
    assert h.closer == 1 and note_line(sim) == "B closes the stock", note_line(sim)


def test_the_close_question_names_the_cost_by_bs_tricks_not_yours(logged, tmp_path):
    """RULES.md: a closer who fails gives 3 if the other had no trick at the
    close, else 2: the question counts B's tricks."""
    from sixtysix.hand import CLOSE
    from sixtysix_app.widgets import Confirm
    from test_app import choose

    for seed in range(1, 30):
        sim = logged("pico_display", tmp_path / str(seed), seed=seed)
        choose(sim, "New match")
        for t in tables(sim, 30):
            h = t.hand
            if t.state == 0 and CLOSE in t.legal_codes() and (h.tricks[0] == 0) != (h.tricks[1] == 0):
                cost = 3 if h.tricks[1] == 0 else 2
                t.menu("actions")  # built as BACK builds it
                from sixtysix_app import table_menu

                table_menu.ask(t, CLOSE)()
                assert isinstance(sim.app.screen, Confirm)
                text = " ".join(sim.app.screen.lines)
                assert "B scores %d" % cost in text, text
                return
    pytest.fail("no close offered with one player trickless")


def test_the_two_player_table_shows_the_stock_and_upcard_until_a_close(logged, tmp_path):
    """RULES.md: closing turns the upcard down and ends drawing: the stock's
    count and the upcard leave the table; an exhausted stock shows neither."""
    from sixtysix.hand import CLOSE
    from sixtysix_app.ui import card_text
    from test_app import choose

    sim = logged("pico_display", tmp_path, seed=9)
    choose(sim, "New match")
    lay = sim.app.layout
    t = your_turn_to_close(sim, 100)
    h = t.hand
    middle = (lay.trick_y, lay.trick_y + lay.card_h)
    row = frame(sim).row(*middle)
    assert row.startswith("%d" % (len(h.stock) - h.pos)) and card_text(h.upcard) in row, row
    t._do(CLOSE)()
    assert h.closer == 0
    row = frame(sim).row(*middle)
    assert card_text(h.upcard) not in row, row
    for t in tables(sim, 60):  # to the next hand's exhausted stock
        if t.hand.closer < 0 and t.hand.upcard == NO_CARD and t.state == 0:
            row = frame(sim).row(*middle)
            assert not row[:1].isdigit(), row
            return
    pytest.fail("no exhausted stock in the next hand")
