"""The game registry's parts that the portable test cannot load on
MicroPython's small heap (every game's players), and the layering rule
that the registry names the app's and the tools' parts without importing
them."""

import ast
import os

import pytest
from sixtysix import games
from sixtysix.games import ADAPTER, EXACT, GAMES, LEVELS, NAME, PLAYER_NAMES, RECORD, SAVE, field

HERE = os.path.dirname(os.path.abspath(__file__))
GAMES_PY = os.path.join(HERE, "..", "firmware", "sixtysix", "games.py")


@pytest.mark.parametrize("g", range(len(GAMES)))
def test_every_game_has_players_at_the_device_levels(g):
    names = games.part(g, PLAYER_NAMES)
    for level in LEVELS + ("random", "heuristic"):
        assert level in names
    m = games.new_match(g, games.new_rules(g), 3)
    m.start_hand()
    seat = m.turn_seat()
    a = games.new_player(g, "easy", 11).choose(games.view(g, m, seat))
    b = games.new_player(g, "easy", 11).choose(games.view(g, m, seat))
    assert a == b  # the same seed, the same choice
    m.act(a)  # and a legal one


def test_the_app_and_tools_parts_are_named_in_their_own_packages():
    # Loaded by the app's and the tools' own tests (test_app_games.py,
    # the record tests); here only where the registry says they live.
    for g in range(len(GAMES)):
        if games.offered(g):
            assert field(g, ADAPTER).startswith("sixtysix_app.") and ":" in field(g, ADAPTER)
            assert field(g, SAVE).startswith("sixtysix_app.") and ":" in field(g, SAVE)
        else:  # the tools play it, the device does not offer it yet
            assert field(g, ADAPTER) == field(g, SAVE) == "-"
        assert field(g, RECORD).startswith("sixtysix_tools.") and ":" in field(g, RECORD)


def test_the_device_offers_the_games_it_has_screens_for():
    from sixtysix_app.settings import GAMES as APP_GAMES
    from sixtysix_app.settings import OFFERED, game_index

    offered = [APP_GAMES[g] for g in OFFERED]
    assert offered == [field(g, NAME) for g in range(len(GAMES)) if games.offered(g)]
    assert offered == [
        "sixty-six",
        "schnapsen",
        "three-hand",
        "four-hand",
        "sixty-five",
        "bid-two",
        "bid-three",
    ]
    assert game_index("bid-three") == 6
    with pytest.raises(ValueError):
        game_index("nine")  # a save or settings file naming no offered game is not read as one


@pytest.mark.parametrize("g", [g for g in range(len(GAMES)) if games.offered(g)])
def test_every_offered_game_has_a_screen_adapter_and_a_save_shape(g):
    from sixtysix_app import matchfile

    m = games.new_match(g, games.new_rules(g), 3)
    m.start_hand()
    table = games.part(g, ADAPTER)(m)
    assert table.seats == games.seats(g) and table.to_act() == m.turn_seat()
    shapes = (
        matchfile.TWO_PLAYER,
        matchfile.THREE_SEATS,
        matchfile.FOUR_SEATS,
        matchfile.SIXTY_FIVE_SEATS,
        matchfile.DEALT_SEATS,
    )
    assert games.part(g, SAVE) in shapes


def test_the_games_whose_solver_is_exact_somewhere():
    exact = [field(g, NAME) for g in range(len(GAMES)) if field(g, EXACT) == "1"]
    assert exact == ["sixty-six", "schnapsen", "three-hand"]


def test_the_registry_imports_only_the_core():
    """games.py is imported at boot: it may name sixtysix_app and the tools
    in strings but import neither (nor boards); only relative imports."""
    tree = ast.parse(open(GAMES_PY).read())
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            raise AssertionError("games.py imports %s" % [a.name for a in node.names])
        if isinstance(node, ast.ImportFrom):
            assert node.level == 1, "games.py imports from %s" % node.module
