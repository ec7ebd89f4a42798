"""Four-hand's exact search under the rule options the default-rules
comparisons never set: a solo that needs every trick (a mutation audit
of the solvers found it open: scoring it "made" with one trick lost
passed the suite)."""

from sixtysix.four import MAX_ACTIONS, FourRules
from sixtysix.rng import Rng
from test_ai_four import exact_value, minimax, random_hand, tricks_left


def test_a_solo_that_needs_every_trick_is_searched_exactly():
    r = FourRules()
    r.set_option("solo", "all-tricks")
    checked = 0
    buf = bytearray(MAX_ACTIONS)
    for seed in range(60, 90):  # in 72 the defenders can take one trick, not two
        h = random_hand(seed, 0, r)
        if h.sitting < 0:
            continue  # not a solo
        rng = Rng(seed)
        while not h.over and tricks_left(h) > 3:
            n = h.legal_actions(buf)
            h.act(buf[rng.below(n)])
        if h.over:
            continue
        assert exact_value(h) == minimax(h), seed
        checked += 1
    assert checked >= 5
