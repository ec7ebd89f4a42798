"""The statistics as stats.py's docstring defines them: what a hand, a
match and a match given up count, and the page that shows them, each
count read back from its own line."""

from sixtysix import games
from sixtysix.rules import SCHNAPSEN, SIXTY_SIX
from sixtysix_app.stats import Stats
from sixtysix_app.stats_page import text as page_text
from test_session_files import THREE_HAND


def page(stats, game):
    """The lines of `game`'s block of the statistics page, under its title."""
    blocks = [block.split("\n") for block in page_text(stats).split("\n\n")]
    return [block[1:] for block in blocks if block[0] == games.title(game)][0]


def test_each_offered_game_has_a_block_under_its_title_in_order():
    blocks = page_text(Stats()).split("\n\n")
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


def big_counts() -> Stats:
    st = Stats()
    g = st.games[SIXTY_SIX]
    g.matches, g.matches_won, g.hands, g.hands_won = 12345, 12001, 98765, 54321
    g.points_for, g.points_against, g.streak, g.best_streak = 40123, 39876, 17, 250
    return st


def test_a_pair_of_counts_too_long_for_the_page_takes_two_lines():
    """Every line fits the width asked for; a pair that fits stays on one
    line, one that does not puts its second count on an indented line."""
    st = big_counts()
    for cols in (17, 19, 40):
        lines = page_text(st, cols).split("\n")
        assert all(len(line) <= cols for line in lines), (cols, lines)
    assert page(st, SIXTY_SIX) == [  # 20 columns, the default
        "Matches 12345",
        "  won 12001",
        "Hands 98765",
        "  won 54321",
        "Game pts 40123",
        "  against 39876",
        "Streak 17, best 250",
    ]
    wide = page_text(st, 40).split("\n")
    for line in ("Matches 12345, won 12001", "Hands 98765, won 54321", "Game pts 40123 : 39876"):
        assert line in wide, wide


def test_the_statistics_pages_never_wrap_a_count_onto_a_line_of_its_own(tmp_path):
    """On the Thumby's 17-column pages "Matches 10, won 10" wrapped its last
    count alone onto the next line.  The module that makes the text is let
    go once the pages have it (it costs the heap nothing while you play)."""
    from sixtysix_app.widgets import Pages
    from test_app import choose, new_sim

    sim = new_sim("thumby", tmp_path)
    sim.app.session.stats = big_counts()
    choose(sim, "Statistics")
    screen = sim.app.screen
    assert isinstance(screen, Pages)
    assert "Matches 12345" in screen.lines and "  won 12001" in screen.lines, screen.lines
    assert not [line for line in screen.lines if line.strip().isdigit()], screen.lines
    import sys

    assert "sixtysix_app.stats_page" not in sys.modules  # let go once the pages have their text
