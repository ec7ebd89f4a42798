"""The statistics as stats.py's docstring defines them: what a hand, a
match and a match given up count, and the page that shows them, each
count read back from its own line."""

from sixtysix import games
from sixtysix.rules import SCHNAPSEN, SIXTY_SIX
from sixtysix_app.stats import Stats
from test_session_files import THREE_HAND


def page(stats, game):
    """The lines of `game`'s block of the statistics page, under its title."""
    blocks = [block.split("\n") for block in stats.text().split("\n\n")]
    return [block[1:] for block in blocks if block[0] == games.title(game)][0]


def test_each_offered_game_has_a_block_under_its_title_in_order():
    blocks = Stats().text().split("\n\n")
    offered = [g for g in range(len(games.NAMES)) if games.offered(g)]
    assert [block.split("\n") for block in blocks] == [[games.title(g), "No hands yet"] for g in offered]


def test_the_page_reads_back_the_hands_points_matches_and_streaks():
    st = Stats()
    st.record_hand(SIXTY_SIX, 0, 3, 0)  # you win 3 game points
    st.record_hand(SIXTY_SIX, 1, 0, 2)  # B wins 2
    st.record_hand(SIXTY_SIX, 0, 1, 0)
    st.record_hand(SIXTY_SIX, -1, 0, 0)  # nobody: the pot
    st.record_match(SIXTY_SIX, True)
    st.record_match(SIXTY_SIX, True)
    st.record_match(SIXTY_SIX, False)
    st.record_match(SIXTY_SIX, True)
    assert page(st, SIXTY_SIX) == [
        "Matches 4, won 3",
        "Hands 4, won 2",
        "Game pts 4 : 2",
        "Streak 1, best 2",
    ]
    assert page(st, SCHNAPSEN) == ["No hands yet"]


def test_a_hand_sat_out_counts_as_played_neither_won_nor_lost():
    st = Stats()
    st.record_hand(THREE_HAND, 0, 0, 0, True)
    st.record_hand(THREE_HAND, 0, 2, 1)
    g = st.games[THREE_HAND]
    assert (g.hands, g.hands_won, g.hands_out) == (2, 1, 1)
    assert "Sat out 1" in page(st, THREE_HAND)
    assert not any(line.startswith("Sat out") for line in page(st, SIXTY_SIX))


def test_negative_points_add_nothing():
    """Four-hand game points can be negative: only those gained count."""
    st = Stats()
    st.record_hand(SIXTY_SIX, 1, -2, 1)
    st.record_hand(SIXTY_SIX, 0, 1, -3)
    g = st.games[SIXTY_SIX]
    assert (g.points_for, g.points_against) == (1, 1)


def test_a_match_given_up_is_counted_apart_and_ends_a_winning_streak():
    st = Stats()
    st.record_hand(SIXTY_SIX, 0, 3, 0)
    st.record_match(SIXTY_SIX, True)
    st.record_match(SIXTY_SIX, True)
    st.record_abandoned(SIXTY_SIX)
    assert page(st, SIXTY_SIX) == [
        "Matches 2, won 2",
        "Abandoned 1",
        "Hands 1, won 1",
        "Game pts 3 : 0",
        "Streak 0, best 2",
    ]
    st.record_abandoned(SCHNAPSEN)
    assert page(st, SCHNAPSEN) == ["No hands yet", "Abandoned 1"]
