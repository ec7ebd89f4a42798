"""Save files of the new games under damage, files written by the
two-game version, and settings of every game and option."""

import pytest
from multiplay import NEW_GAMES, check_playable, match_state, new_session, random_code
from sixtysix.games import index
from sixtysix.rng import Rng
from sixtysix.rules import OPTIONS, SCHNAPSEN, SIXTY_SIX
from sixtysix_app.session import FILE, Session
from sixtysix_app.settings import FILE as SETTINGS_FILE
from sixtysix_app.settings import GAMES, OFFERED, Settings
from sixtysix_app.stats import FILE as STATS_FILE
from tempstore import TempStore
from test_session import resign

THREE_HAND = index("three-hand")
FOUR_HAND = index("four-hand")
SIXTY_FIVE = index("sixty-five")

DAMAGED = "The saved match was damaged: a new start."


def mid_hand_save(game, seed):
    rng = Rng(seed)
    buf = bytearray(16)
    store = TempStore()
    s = new_session(store, game, rng, 5)
    h = s.match.hand
    while h.tricks[0] + h.tricks[1] < 3 and not h.over:
        s.act(random_code(game, h, rng, buf))
    s.save()
    return store, s, store.get(FILE)


@pytest.mark.parametrize("game", NEW_GAMES)
def test_a_save_cut_at_every_length_is_refused_with_a_message(game):
    store, s, data = mid_hand_save(game, 200 + game)
    for n in range(len(data)):
        store.put(FILE, data[:n])
        loaded = Session(store)
        assert loaded.match is None and not loaded.can_resume()
        assert loaded.message == DAMAGED, n
    store.clean()


@pytest.mark.parametrize("game", NEW_GAMES)
def test_damaged_bytes_never_raise_nor_load_something_else(game):
    store, s, data = mid_hand_save(game, 210 + game)
    rng = Rng(3)
    for _ in range(200):
        bad = bytearray(data)
        for _k in range(1 + rng.below(3)):
            i = rng.below(len(bad))
            bad[i] = (bad[i] + 1 + rng.below(255)) & 0xFF
        store.put(FILE, bad)
        loaded = Session(store)
        if loaded.match is None:
            assert loaded.message == DAMAGED
        else:
            assert match_state(game, loaded.match) == match_state(game, s.match)
    store.clean()


@pytest.mark.parametrize("game", NEW_GAMES)
def test_damage_behind_a_valid_checksum_loads_only_playable_matches(game):
    store, s, data = mid_hand_save(game, 220 + game)
    body = data[: data.rfind(b"check ")]
    rng = Rng(5 + game)
    loads = 0
    for _ in range(300):
        bad = bytearray(body)
        i = 17 + rng.below(len(bad) - 17)  # keep the header
        bad[i] = b"0123456789abcdef \nx-"[rng.below(20)]
        store.put(FILE, resign(bytes(bad)))
        loaded = Session(store)
        if loaded.match is None:
            assert loaded.message == DAMAGED
        else:
            loads += 1
            assert loaded.game == game
            check_playable(game, loaded.match, rng)
    assert loads < 300
    store.clean()


# Written by the two-game version (commit 94c63da): a Schnapsen match two
# tricks into its first hand, and statistics of both games.
OLD_SAVE = (
    b"sixtysix-match 1\nrules schnapsen 7\noption mode assisted\noption void any\n"
    b"match 0 0 0 1 0 36ede218 0 0\nhand 0 1 20010e 12c010 0a0517160907100b0d13\n"
    b"log 0f958a11\ncheck 195f2e39\n"
)
# Settings as the two-game version wrote them (its settings.to_bytes): the
# game line, target, level, hints, then the options changed.
OLD_SETTINGS = b"sixtysix-settings 1\ngame schnapsen\ntarget 5\nlevel easy\nhints 0\noption mode assisted\n"
OLD_STATS = b"sixtysix-stats 1\nsixty-six 1 1 2 2 5 0 1 1\nschnapsen 1 0 1 0 0 3 0 0\ncheck 021112f8\n"


def test_a_version_1_two_player_save_still_loads_and_saves_the_same():
    store = TempStore()
    store.put(FILE, OLD_SAVE)
    s = Session(store)
    assert s.message == "" and s.can_resume() and s.game == SCHNAPSEN and GAMES[s.game] == "schnapsen"
    m = s.match
    h = m.hand
    assert m.rules.assisted == 1 and m.rules.must_trump == 0 and m.dealer == 1
    assert h.nlog == 4 and h.tricks == [0, 2] and h.turn == 1 and h.trump == 3
    assert h.hands == [5259312, 8388878] and m.rng.state == 921559576
    assert s.seat_to_act() == 1
    s.save()
    assert store.get(FILE) == OLD_SAVE  # the two-player format is unchanged
    store.clean()


def test_two_game_settings_still_load():
    store = TempStore()
    store.put(SETTINGS_FILE, resign(OLD_SETTINGS))
    s = Session(store)
    st = s.settings
    assert s.message == ""
    assert (st.game, st.target, st.level, st.hints) == (SCHNAPSEN, 5, "easy", False)
    assert st.rules.changed_options() == [("mode", "assisted")]
    store.clean()


def test_two_game_statistics_still_load_with_the_new_games_zero():
    store = TempStore()
    store.put(STATS_FILE, OLD_STATS)
    s = Session(store)
    assert s.message == ""
    g = s.stats.games
    assert len(g) == len(GAMES)  # a line a game of the registry, offered or not
    assert (g[0].matches, g[0].matches_won, g[0].hands, g[0].points_for, g[0].best_streak) == (1, 1, 2, 5, 1)
    assert (g[1].matches, g[1].hands, g[1].points_against) == (1, 1, 3)
    for i in (THREE_HAND, FOUR_HAND, SIXTY_FIVE):
        assert g[i].hands == 0 and g[i].matches == 0 and g[i].hands_out == 0
    s.stats.record_hand(THREE_HAND, -1, 0, 0, True)
    s.save_stats()
    again = Session(store).stats.games
    assert again[THREE_HAND].hands_out == 1 and again[0].points_for == 5
    store.clean()


def test_statistics_refuse_counts_that_disagree():
    store = TempStore()
    store.put(
        STATS_FILE, resign(b"sixtysix-stats 1\nsixty-six 0 0 1 1 0 0 0 0 1\nschnapsen 0 0 0 0 0 0 0 0\n")
    )
    s = Session(store)
    assert s.message == "Statistics were damaged: reset." and s.stats.games[0].hands == 0
    store.clean()


def every_setting(game):
    """(name, value) of every option value of a game."""
    for name, _attr, values in Settings(game).options():
        for value in values:
            yield name, value


@pytest.mark.parametrize("game", OFFERED)
def test_settings_round_trip_for_every_option_value(game):
    store = TempStore()
    for name, value in list(every_setting(game)) + [("", "")]:
        s = Session(store)
        st = s.settings
        st.set_game(game)
        if name:
            st.set_option(name, value)
            (attr, values) = [(o[1], o[2]) for o in st.options() if o[0] == name][0]
            assert values[getattr(st.rules, attr)] == value
        st.target = 3
        st.level = "easy"
        st.hints = False
        s.save_settings()
        loaded = Session(store).settings
        assert loaded.game == game and loaded.target == 3
        assert loaded.level == "easy" and not loaded.hints
        assert loaded.rules.changed_options() == st.rules.changed_options()
        r = loaded.make_rules()
        assert type(r) is type(st.rules) and r is not loaded.rules and r.target == 3
        assert r.changed_options() == st.rules.changed_options()
        m = Session(store).new_match(1)
        kind = ("Match", "Match", "ThreeMatch", "FourMatch", "SixtyFiveMatch", "BidMatch", "BidMatch")[game]
        assert type(m).__name__ == kind and m.rules.changed_options() == st.rules.changed_options()
    store.clean()


def test_each_game_has_its_rules_object_and_options_table():
    st = Settings()
    kinds = []
    for game in OFFERED:
        st.set_game(game)
        kinds.append(type(st.rules).__name__)
        assert st.game == game
    assert kinds == ["Rules", "Rules", "Rules", "FourRules", "SixtyFiveRules", "BidRules", "BidRules"]
    st.set_game(THREE_HAND)
    assert st.rules.game == SIXTY_SIX and st.options() is OPTIONS
    st.set_game(FOUR_HAND)
    assert [o[0] for o in st.options()] == [
        "solo",
        "all-pass",
        "last-trick-bonus",
        "marriage-lead",
        "below-zero",
    ]
    st.set_game(SIXTY_FIVE)
    assert st.options() == () and st.target == 5


def test_changing_game_keeps_target_where_defaults_agree_and_mode_where_it_exists():
    st = Settings()
    st.set_option("mode", "assisted")
    st.target = 9
    st.set_game(THREE_HAND)
    assert st.target == 9 and st.rules.assisted == 1 and st.rules.changed_options() == [("mode", "assisted")]
    st.set_game(FOUR_HAND)
    assert st.target == 9 and st.rules.changed_options() == []
    st.set_game(SIXTY_FIVE)
    assert st.target == 5  # Sixty-Five's own default, not the 24-card games' 7
    st.target = 3
    st.set_game(SIXTY_SIX)
    assert st.target == 7 and st.rules.assisted == 0


def test_settings_naming_an_unknown_game_are_refused():
    store = TempStore()
    s = Session(store)
    s.settings.set_game(FOUR_HAND)
    s.save_settings()
    data = store.get(SETTINGS_FILE).replace(b"four-hand", b"five-hand")
    store.put(SETTINGS_FILE, resign(data[: data.rfind(b"check ")]))
    loaded = Session(store)
    assert loaded.settings.game == SIXTY_SIX and loaded.message == "Settings were damaged: defaults used."
    store.clean()
