"""Four-hand's exact search under the rule options the default-rules
comparisons never set: a solo that needs every trick (a mutation audit
of the solvers found it open: scoring it "made" with one trick lost
passed the suite)."""

from sixtysix.four import MAX_ACTIONS, FourRules
from sixtysix.rng import Rng
from sixtysix.solver_four import FourSolver
from sixtysix.view_four import FourView
from test_ai_four import (
    INF,
    check_small_endgames,
    exact_value,
    minimax,
    random_hand,
    solo_endgame,
    tricks_left,
)


def test_a_solo_that_needs_every_trick_is_searched_exactly():
    r = FourRules()
    r.set_option("solo", "all-tricks")
    checked = 0
    for seed in range(60, 90):  # in 72 the defenders can take one trick, not two
        h = solo_endgame(seed, 3, r)
        if h is None:
            continue  # not a solo, or over before three tricks were left
        assert exact_value(h) == minimax(h), seed
        checked += 1
    assert checked >= 5


def test_the_search_stops_exactly_at_stop_at():
    # At a trick boundary with stop_at reached, the search is one node
    # valued by the estimate; one trick further on, every leaf is one.
    h = random_hand(4, 8)
    rng = Rng(4)
    buf = bytearray(MAX_ACTIONS)
    while h.lead >= 0 or h.pending >= 0:  # on to the next trick's lead
        h.act(buf[rng.below(h.legal_actions(buf))])
    s = FourSolver(h.rules)
    s.load(FourView(h, h.turn), h.hands)
    s.stop_at = s.tricks_done
    assert s.search(0, -INF, INF) == s._estimate()
    assert s.nodes == 1
    s.stop_at = s.tricks_done + 1
    s.nodes = 0
    s.search(0, -INF, INF)
    one_trick = s.nodes
    s.stop_at = s.tricks_done + 2
    s.nodes = 0
    s.search(0, -INF, INF)
    assert s.nodes > one_trick > 4


def test_the_last_trick_bonus_is_searched_exactly():
    # "last-trick-bonus: 10": ten to the side taking the last trick only,
    # taken back with it when the search undoes the trick.
    r = FourRules()
    r.set_option("last-trick-bonus", "10")
    assert check_small_endgames(r) >= 8


def test_mid_trick_positions_are_searched_exactly():
    # Three tricks from the end with a trick under way, its highest card
    # of the suit led already out: a follower of the suit must head that
    # card, not the one led (deal 194 needs it).
    checked = 0
    for seed in range(180, 200):
        for plays in (13, 14, 15):
            h = random_hand(seed, plays)
            if h.over or tricks_left(h) > 3 or h.lead < 0:
                continue
            assert exact_value(h) == minimax(h), (seed, plays)
            checked += 1
    assert checked >= 20
