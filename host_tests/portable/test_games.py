"""The game registry (sixtysix/games.py): every game's parts load by name
and play a hand through the game interface alone."""

from sixtysix import games
from sixtysix.games import EXACT, GAMES, NAME, OPTIONS, SAVE, TITLE, VIEW, field, seats
from sixtysix.hand import IllegalAction
from sixtysix.rng import Rng

_BUF = bytearray(16)  # more than any game's MAX_ACTIONS


def test_each_game_is_named_once():
    names = [field(g, NAME) for g in range(len(GAMES))]
    titles = [field(g, TITLE) for g in range(len(GAMES))]
    assert len(set(names)) == len(names) and len(set(titles)) == len(titles)
    assert tuple(names) == games.NAMES
    for g in range(len(GAMES)):
        assert len(GAMES[g].split(" ")) == SAVE + 1  # every field, none empty
        assert seats(g) in (2, 3, 4)
        assert field(g, EXACT) in ("0", "1")
        assert names[g] == names[g].lower()


def test_titles_as_shown_and_every_game_offered_on_the_device():
    assert games.title(0) == "Sixty-Six" and games.title(5) == "Bidding for two"
    # the title menu offers all seven games (README "The games for three and four")
    assert [games.offered(g) for g in range(len(GAMES))] == [True] * 7


def test_index_finds_a_game_by_name_in_any_case():
    for i in range(len(GAMES)):
        assert games.index(field(i, NAME)) == i
        assert games.index(field(i, NAME).upper()) == i
    try:
        games.index("bezique")
        raise AssertionError("no ValueError")
    except ValueError as e:
        assert "bezique" in str(e) and "sixty-five" in str(e)
    # ASCII's letters only, on every runtime: CPython's lower() reads the
    # Kelvin sign as k, MicroPython's does not.
    for name in ("SIXTY-SI\u212a", "sixty-si\u212a", "\u212a"):
        try:
            games.index(name)
            raise AssertionError("no ValueError for %r" % name)
        except ValueError:
            pass


def test_load_walks_the_dotted_path():
    from sixtysix.rules import Rules

    assert games.load("sixtysix.rules:Rules") is Rules
    for bad in ("sixtysix.rules", "sixtysix.rules:NoSuchName"):
        try:
            games.load(bad)
            raise AssertionError("loaded " + bad)
        except (ValueError, AttributeError):
            pass


def test_rules_and_options_of_every_game():
    for g in range(len(GAMES)):
        r = games.new_rules(g)
        assert r.target > 0 and r.changed_options() == []
        table = games.options(g)
        if field(g, OPTIONS) == "-":
            assert table == ()
        for name, attr, values in table:
            assert r.option_value(name) == values[0] or getattr(r, attr) > 0
            r.set_option(name, values[-1].upper())  # a keyword, in either case
            assert r.option_value(name) == values[-1]
        assert len(r.changed_options()) <= len(table)
        assert games.new_rules(g) is not games.new_rules(g)  # a fresh one each time


def _play_hand(g, seed):
    """One hand of random legal play through the interface; the progress
    marks seen."""
    rng = Rng(seed)
    m = games.new_match(g, games.new_rules(g), seed)
    assert m.name == field(g, NAME)
    h = m.start_hand()
    assert h is m.hand
    marks = [m.progress()]
    view_class = games.part(g, VIEW)
    while not h.over:
        seat = m.turn_seat()
        assert 0 <= seat < seats(g)
        assert m.seat_of(m.player_of(seat)) == seat
        assert isinstance(games.view(g, m, seat), view_class)
        n = h.legal_actions(_BUF)
        assert n > 0
        tricks = h.tricks[0] + h.tricks[1]
        m.act(_BUF[rng.below(n)])
        if h.tricks[0] + h.tricks[1] > tricks or h.over:
            assert m.progress() > marks[-1]
        assert m.progress() >= marks[-1]
        marks.append(m.progress())
    return m


def test_a_hand_of_every_game_through_the_interface():
    for g in range(len(GAMES)):
        for seed in (1, 2, 3):
            m = _play_hand(g, seed)
            m.finish_hand()
            winner, points_for, points_against, sat_out = m.outcome()
            assert -1 <= winner < seats(g)
            assert points_for == m.awarded[0]
            assert points_for + points_against == sum(m.awarded)
            assert sat_out in (True, False)
            if sat_out:
                assert field(g, NAME) == "three-hand" and m.dealer == 1  # A dealt, B deals next


def test_the_same_seed_deals_the_same_match():
    for g in range(len(GAMES)):
        a = _play_hand(g, 7)
        b = _play_hand(g, 7)
        assert a.hand.nlog == b.hand.nlog
        assert bytes(a.hand.log[: a.hand.nlog]) == bytes(b.hand.log[: b.hand.nlog])


def test_an_illegal_action_names_the_table_seat_and_changes_nothing():
    for g in range(len(GAMES)):
        m = games.new_match(g, games.new_rules(g), 5)
        h = m.start_hand()
        n = h.legal_actions(_BUF)
        legal = bytes(_BUF[:n])
        code = 0
        while code in legal:
            code += 1
        before = (m.turn_seat(), h.nlog, m.progress())
        try:
            m.act(code)
            raise AssertionError("an illegal action was taken")
        except IllegalAction as e:
            assert e.player == m.turn_seat()
        assert (m.turn_seat(), h.nlog, m.progress()) == before
