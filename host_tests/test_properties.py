"""Properties of thousands of random legal games, both games, random options."""

from hypothesis import given, settings
from hypothesis import strategies as st
from recordgen import random_action, random_rules
from sixtysix.cards import count, set_points
from sixtysix.hand import MAX_ACTIONS, R_NO_WINNER, Hand
from sixtysix.match import Match
from sixtysix.rng import Rng
from sixtysix.view import View

SMALL = 2**30


def small_ints(obj, seen=None):
    """Every int reachable from an engine object (attributes, lists, bytes)."""
    if isinstance(obj, bool):
        return
    if isinstance(obj, int):
        yield obj
    elif isinstance(obj, (list, tuple, bytes, bytearray)):
        for x in obj:
            yield from small_ints(x)
    elif hasattr(obj, "__dict__"):
        for value in vars(obj).values():
            yield from small_ints(value)


def check_invariants(h: Hand):
    r = h.rules
    n = len(h.stock)
    in_stock = 0
    for i in range(h.pos, n):
        in_stock |= 1 << h.stock[i]
    lead = (1 << h.lead) if h.lead >= 0 else 0
    parts = [h.hands[0], h.hands[1], h.won[0], h.won[1], lead, in_stock]
    assert sum(count(p) for p in parts) == r.deck_size, "a card was lost or doubled"
    total = 0
    for p in parts:
        total |= p
    assert total == r.deck()
    for p in range(2):
        played_out = h.over and h.hands[0] == 0 and h.hands[1] == 0 and h.closer < 0
        bonus = 10 if played_out and not r.no_bonus and h.last_winner == p else 0
        assert h.card_points[p] == set_points(h.won[p]) + bonus
        assert 2 * h.tricks[p] == count(h.won[p])
        assert h.known[p] & ~h.hands[p] == 0, "a known card is not in the hand"
        assert h.marriage_points[p] % 20 == 0
    buf = bytearray(MAX_ACTIONS)
    assert (h.legal_actions(buf) == 0) == h.over
    if not h.over and h.lead < 0 and h.closer < 0 and h.pos < n:
        assert count(h.hands[0]) == count(h.hands[1]) == r.hand_size
    for value in small_ints(h):
        assert -SMALL <= value < SMALL


def strict_follow_ok(h: Hand, plays: int):
    """Re-derive the strict-phase follow rule independently."""
    r = h.rules
    hand = h.hands[h.turn]
    suit = h.lead // 6
    same = [c for c in range(24) if (hand >> c) & 1 and c // 6 == suit]
    trumps = [c for c in range(24) if (hand >> c) & 1 and c // 6 == h.trump]
    if same:
        higher = [c for c in same if c > h.lead]
        allowed = higher if (r.must_head and higher) else same
    elif r.must_trump and trumps:
        allowed = trumps
    else:
        allowed = [c for c in range(24) if (hand >> c) & 1]
    return plays == sum(1 << c for c in allowed)


def check_view(h: Hand, p: int):
    v = View(h, p)
    opp = 1 - p
    assert v.hand == h.hands[p]
    assert v.opp_known & ~h.hands[opp] == 0
    hidden_stock = 0
    for i in range(h.pos, len(h.stock) - 1):
        hidden_stock |= 1 << h.stock[i]
    assert v.unseen() == (h.hands[opp] & ~h.known[opp]) | hidden_stock
    assert v.opp_count == count(h.hands[opp])
    assert (v.opp_score == h.score(opp)) if h.rules.assisted else v.opp_score == -1
    assert all(not isinstance(x, Hand) for x in vars(v).values())


def play_games(seed: int, games: int):
    rng = Rng(seed)
    for _ in range(games):
        r = random_rules(rng)
        m = Match(r, rng.next15())
        while m.winner < 0:
            h = m.start_hand()
            while not h.over:
                check_invariants(h)
                check_view(h, h.turn)
                check_view(h, 1 - h.turn)
                if h.strict() and h.lead >= 0:
                    assert strict_follow_ok(h, h.legal_plays())
                h.act(random_action(h, rng))
            check_invariants(h)
            assert h.game_points in (0, 1, 2, 3)
            assert (h.winner < 0) == (h.reason == R_NO_WINNER)
            m.finish_hand()
            for value in small_ints(m):
                assert -SMALL <= value < SMALL
        assert max(m.scores) >= r.target or m.hand.forfeit


def test_hundreds_of_random_matches_keep_every_invariant():
    # 1,000 matches: about 2,800 hands and 39,000 actions, each one checked.
    play_games(1, 1000)


@settings(max_examples=60, deadline=None)
@given(st.integers(1, 2**29))
def test_random_matches_from_any_seed_keep_every_invariant(seed):
    play_games(seed, 3)
