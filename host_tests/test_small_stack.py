"""The computer players on a stack as small as a Pico's.

An RP2040 gives MicroPython 8 KB of C stack, about 30 nested Python calls
(measured on the emulated chip); a search that goes deeper there raises
RuntimeError. CPython's recursion limit stands in for it here: every level
of every game must still choose a legal move, the search ending as if over
its budget."""

import inspect
import sys

import pytest
import sixtysix.ai_four
import sixtysix.solverbase
from sixtysix.ai import make_player
from sixtysix.ai_four import make_four_player
from sixtysix.cardtext import game_from_name
from sixtysix.compat import out_of_stack
from sixtysix.four import FourMatch, FourRules
from sixtysix.match import Match
from sixtysix.rules import Rules
from sixtysix.view import View
from sixtysix.view_four import FourView

ROOM = 24  # nested calls left to the player, about what a Pico leaves it


@pytest.fixture
def cuts(monkeypatch):
    """How many searches ran out of stack (and were ended as over budget)."""
    seen = []

    def counted(solver, e):
        seen.append(str(e))
        return out_of_stack(solver, e)

    monkeypatch.setattr(sixtysix.solverbase, "out_of_stack", counted)
    monkeypatch.setattr(sixtysix.ai_four, "out_of_stack", counted)
    return seen


def choose_with_little_stack(player, view, room=ROOM):
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(len(inspect.stack()) + room)
    try:
        return player.choose(view)
    finally:
        sys.setrecursionlimit(limit)


@pytest.mark.parametrize("level", ["medium", "hard"])
def test_two_player_search_chooses_a_legal_move_with_little_stack(level, cuts):
    rules = Rules(game_from_name("sixty-six"))
    for seed in range(1, 4):
        h = Match(rules, seed).start_hand()
        players = (make_player(level, seed), make_player(level, seed + 10))
        while not h.over:
            view = View(h, h.turn)
            code = choose_with_little_stack(players[h.turn], view)
            assert code in view.actions
            h.act(code)
    assert cuts  # the stack really was too small for some searches


@pytest.mark.parametrize("level", ["easy", "hard"])
def test_four_hand_search_chooses_a_legal_move_with_little_stack(level, cuts):
    """Less room than a Pico leaves (the four-hand search nests one call a
    card played, and at a Pico's room none of these hands' searches ran
    out): every search cut short still ends with a legal move."""
    m = FourMatch(FourRules(), 3)
    players = [make_four_player(level, s) for s in range(4)]
    for _ in range(2):
        h = m.start_hand()
        while not h.over:
            view = FourView(h, h.turn)
            code = choose_with_little_stack(players[h.turn], view, 16)
            assert code in view.actions
            h.act(code)
        m.finish_hand()
        if m.winner >= 0:
            break
    assert cuts


def test_bid_two_endgame_searches_fit_in_a_picos_room(cuts):
    """Bid-two solves its last six tricks exactly, twelve cards deep.  With
    a call for each card played and one for the search after it, some of
    those searches ran out of a Pico's stack (on the emulated chip too),
    ended as over budget, and the device played other moves than a
    computer.  At one call a card every one finishes in 28 nested calls
    (a few more than ROOM: under pytest these hands' searches still ran
    out at 26); at two, some did not."""
    from sixtysix.ai_bid import make_bid_player
    from sixtysix.bid import BidRules
    from sixtysix.bid_match import BidMatch
    from sixtysix.view_bid import BidView

    for seed in range(1, 4):
        m = BidMatch(BidRules(2), seed)
        players = [make_bid_player("hard", seed + s) for s in range(2)]
        for _ in range(3):
            h = m.start_hand()
            while not h.over:
                h.act(choose_with_little_stack(players[h.turn], BidView(h, h.turn), 28))
            m.finish_hand()
            if m.winner >= 0:
                break
    assert not cuts


def test_four_hand_searches_stop_three_tricks_deep():
    """Deeper, the search took the Pico's C stack so near its end that a
    button's interrupt callback failed and the buttons were never read again
    (seen on the emulated Pico): MAX_TRICKS_DEEP bounds every search, even
    with the budget to go to the end of the hand."""
    from sixtysix.solver_four import MAX_TRICKS_DEEP

    deepest = 0
    for seed in range(1, 4):
        m = FourMatch(FourRules(), seed)
        players = [make_four_player("hard", seed + s) for s in range(4)]
        h = m.start_hand()
        while not h.over:
            player = players[h.turn]
            h.act(player.choose(FourView(h, h.turn)))
            deepest = max(deepest, player.depth)
    assert deepest == MAX_TRICKS_DEEP
