"""Session checks for one of three-hand, four-hand, Sixty-Five and the
bidding games: a save at every point where one is made loads as the same
match, booked hands resume between hands, seats to act, statistics.  Each
game's test module (test_session_three/four/65/bid) calls them for its
game, so a MicroPython run loads one engine at a time."""

from multiplay import AUCTIONS, check_playable, match_state, new_session, random_code
from sixtysix.games import index
from sixtysix.hand import IllegalAction
from sixtysix.rng import Rng
from sixtysix_app.session import FILE, Session
from tempstore import TempStore

THREE_HAND = index("three-hand")
FOUR_HAND = index("four-hand")
SIXTY_FIVE = index("sixty-five")


def progress(game, h):
    """Grows exactly where the session must save: a trick complete, a
    four-hand or bidding game's auction over (its phase leaves bidding),
    the hand over."""
    n = h.tricks[0] + h.tricks[1]
    if game in AUCTIONS and h.phase:
        n += 100
    if h.over:
        n += 1000
    return n


def play_and_reload(game, seed, matches, most_hands=12):
    """Play matches through a session (to their end or `most_hands`),
    reloading at every save."""
    rng = Rng(seed)
    buf = bytearray(16)
    reloads = 0
    for _ in range(matches):
        store = TempStore()
        s = new_session(store, game, rng, 1 + rng.below(4))
        m = s.match
        while True:
            h = m.hand
            if h.over:
                s.finish_hand()
                if m.winner >= 0:
                    assert not s.can_resume() and FILE not in store.files()
                    break
                if m.hands_played >= most_hands:
                    break
                s.start_hand()
            before = store.get(FILE)
            mark = progress(game, h)
            s.act(random_code(game, h, rng, buf))
            saved = store.get(FILE) != before
            assert saved == (progress(game, h) != mark), "saved exactly when a trick, auction or hand ends"
            if not saved and rng.below(4) == 0:
                s.save()  # as when leaving for the title mid-trick
                saved = True
            if saved and not h.over:
                loaded = Session(store)
                assert loaded.message == "" and loaded.can_resume(), loaded.message
                assert loaded.game == game
                assert match_state(game, loaded.match) == match_state(game, m)
                assert loaded.deal == s.deal and not loaded.booked
                assert loaded.seat_to_act() == s.seat_to_act()
                reloads += 1
        store.clean()
    assert reloads > 10 * matches


def check_a_save_after_booking_resumes_between_hands_and_deals_the_same(game):
    buf = bytearray(16)
    rng = Rng(60 + game)
    store = TempStore()
    s = new_session(store, game, rng, 99)
    h = s.match.hand
    while not h.over:
        s.act(random_code(game, h, rng, buf))
    s.finish_hand()
    loaded = Session(store)
    assert loaded.can_resume() and loaded.booked and loaded.match.hand.over, loaded.message
    assert match_state(game, loaded.match) == match_state(game, s.match)
    assert loaded.seat_to_act() == -1
    loaded.start_hand()
    s.start_hand()
    assert match_state(game, loaded.match) == match_state(game, s.match), game
    store.clean()


def check_a_finished_hand_not_yet_booked_is_booked_once_on_load(game):
    buf = bytearray(16)
    rng = Rng(70 + game)
    store = TempStore()
    s = new_session(store, game, rng, 99)
    h = s.match.hand
    while not h.over:
        s.act(random_code(game, h, rng, buf))
    loaded = Session(store)  # the power went on the result screen
    s.finish_hand()
    assert loaded.booked and match_state(game, loaded.match) == match_state(game, s.match)
    assert loaded.stats.games[game].hands == 1 and Session(store).stats.games[game].hands == 1
    store.clean()


def check_loaded_matches_play_on_to_their_end(game):
    buf = bytearray(16)
    rng = Rng(80 + game)
    store = TempStore()
    s = new_session(store, game, rng, 3)
    h = s.match.hand
    for _ in range(9):
        if h.over:
            break
        s.act(random_code(game, h, rng, buf))
    s.save()
    check_playable(game, Session(store).match, rng)
    store.clean()


def check_the_seat_to_act_follows_the_engine(game):
    buf = bytearray(16)
    rng = Rng(90 + game)
    s = new_session(None, game, rng, 99)
    m = s.match
    seen = set()
    for _ in range(3):
        h = m.hand
        while not h.over:
            seat = s.seat_to_act()
            expect = m.seat_of(h.turn) if game == THREE_HAND else h.turn
            assert seat == expect
            if game == THREE_HAND:
                assert seat != m.dealer  # the dealer sits out
            seen.add(seat)
            s.act(random_code(game, h, rng, buf))
        assert s.seat_to_act() == -1
        s.finish_hand()
        s.start_hand()
    assert len(seen) == (3 if game == THREE_HAND else 4), (game, seen)


def check_an_illegal_action_names_the_seat_and_changes_nothing(game):
    rng = Rng(100 + game)
    store = TempStore()
    s = new_session(store, game, rng)
    data = store.get(FILE)
    before = match_state(game, s.match)
    try:
        s.act(99)
        raise AssertionError("accepted an unknown action")
    except IllegalAction as e:
        assert str(e)[0] == "ABCD"[s.seat_to_act()], str(e)
    assert match_state(game, s.match) == before and store.get(FILE) == data
    store.clean()


def play_on(s, game, rng, buf, most_hands=1 << 30, after=None):
    """Random legal actions through session `s` until its match is won or
    `most_hands` hands were played; after(hand), if given, after each one."""
    m = s.match
    while m.winner < 0 and m.hands_played < most_hands:
        h = m.hand
        if h.over:
            s.finish_hand()
            if m.winner < 0:
                s.start_hand()
            continue
        s.act(random_code(game, h, rng, buf))
        if after is not None:
            after(h)


def play_match(game, seed, target):
    rng = Rng(seed)
    s = new_session(None, game, rng, target)
    if game == FOUR_HAND:
        s.match.rules.no_negative = 1  # random bidding loses bids: no endless match below zero
    play_on(s, game, rng, bytearray(16))
    return s


def check_three_hand_statistics():
    s = play_match(THREE_HAND, 111, 5)
    g = s.stats.games[THREE_HAND]
    m = s.match
    assert g.hands == m.hands_played and g.hands_out >= m.hands_played // 3 - 1
    assert 0 < g.hands_out and g.hands_won + g.hands_out <= g.hands
    assert g.matches == 1 and g.matches_won == (1 if m.winner == 0 else 0)
    from sixtysix_app.stats_page import text as page_text

    assert "Sat out %d" % g.hands_out in page_text(s.stats)
    for other in (0, 1, FOUR_HAND, SIXTY_FIVE):
        assert s.stats.games[other].hands == 0


def check_partnership_statistics(game):
    for seed in range(3):
        s = play_match(game, 120 + seed, 3)
        g = s.stats.games[game]
        m = s.match
        assert g.matches == 1 and g.matches_won == (1 if m.winner == 0 else 0)
        assert g.hands == m.hands_played and g.hands_out == 0
        assert g.points_for >= m.scores[0] and g.points_for >= 0 and g.points_against >= 0
        if game == SIXTY_FIVE:
            assert g.points_for == m.scores[0] and g.points_against == m.scores[1]
