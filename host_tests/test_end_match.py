"""A way out of a match that does not end (a four-hand match may go on for
ever): "End match" in the table's action menu, on every game and board."""

import os

import pytest
from sixtysix_app.app import Confirm, Menu
from sixtysix_app.events import BACK, OK
from sixtysix_app.session import FILE as MATCH_FILE
from sixtysix_app.settings import GAMES, OFFERED
from sixtysix_app.stats import Stats, parse_stats
from sixtysix_app.table import Table
from sixtysix_tools.sim import Sim, load_board
from test_app import assert_no_fault, choose, labels, on_title, press

from boards import BOARDS


def at_table(sim) -> bool:
    return isinstance(sim.app.screen, Table) and sim.app.popup is None


def open_actions(sim) -> None:
    """From wherever the match is (table, bidding menu, hand result), BACK
    until the table's action menu shows."""
    for _ in range(6):
        screen = sim.app.screen
        if isinstance(screen, Menu) and screen.title == "Actions":
            return
        if sim.app.popup is not None or not at_table(sim) or screen.state != 0:
            press(sim, BACK if not isinstance(screen, Menu) or screen.on_back else OK)
        else:
            press(sim, BACK)
    raise AssertionError("no action menu: %r" % sim.app.screen)


@pytest.mark.parametrize("game", [GAMES[g] for g in OFFERED])
@pytest.mark.parametrize("board_name", BOARDS)
def test_end_match_asks_then_gives_the_match_up_as_abandoned(board_name, game, tmp_path):
    sim = Sim(load_board(board_name), str(tmp_path), 5)
    settings = sim.app.session.settings
    settings.set_game(GAMES.index(game))
    settings.level = "easy"
    choose(sim, "New match")
    for _ in range(8):
        press(sim, OK)  # some play, so there is a save to drop
    session = sim.app.session
    game_index = GAMES.index(game)
    assert session.can_resume()
    match = session.match

    open_actions(sim)
    choose(sim, "End match")
    assert isinstance(sim.app.screen, Confirm) and sim.app.screen.title == "End match?"
    assert "abandoned" in " ".join(sim.app.screen.lines)
    press(sim, BACK)  # changed my mind: the match goes on
    assert at_table(sim) and session.match is match and session.can_resume()

    open_actions(sim)
    choose(sim, "End match")
    press(sim, OK)
    assert_no_fault(sim, tmp_path)
    assert on_title(sim) and "Resume match" not in labels(sim.app.screen)
    assert not session.can_resume()
    assert not os.path.exists(os.path.join(str(tmp_path), MATCH_FILE))
    g = session.stats.games[game_index]
    assert (g.abandoned, g.matches, g.matches_won, g.streak) == (1, 0, 0, 0)
    from sixtysix_app.stats_page import text as page_text

    assert "Abandoned 1" in page_text(session.stats)

    again = Sim(load_board(board_name), str(tmp_path), 5).app.session
    assert not again.can_resume() and again.stats.games[game_index].abandoned == 1


def test_a_new_match_over_one_in_progress_counts_it_abandoned(tmp_path):
    sim = Sim(load_board("pico_display"), str(tmp_path), 5)
    sim.app.session.settings.level = "easy"
    choose(sim, "New match")
    open_actions(sim)
    choose(sim, "Save and leave")
    match = sim.app.session.match
    choose(sim, "New match")
    assert isinstance(sim.app.screen, Confirm) and sim.app.screen.title == "New match?"
    assert "abandoned" in " ".join(sim.app.screen.lines)
    press(sim, BACK)  # changed my mind: back on the title, the match kept
    assert on_title(sim) and sim.app.session.match is match
    assert sim.app.session.stats.games[0].abandoned == 0
    choose(sim, "New match")
    press(sim, OK)
    g = sim.app.session.stats.games[0]
    assert g.abandoned == 1 and g.matches == 0 and sim.app.session.can_resume()
    assert sim.app.session.match is not match


def test_statistics_files_without_the_abandoned_count_still_load():
    s = Stats()
    s.games[0].abandoned = 2
    assert parse_stats(["sixty-six 1 1 2 1 5 0 1 1", "schnapsen 0 0 0 0 0 0 0 0 0"]).games[0].abandoned == 0
    lines = s.to_bytes().decode().splitlines()[1:-1]
    assert parse_stats(lines).games[0].abandoned == 2
