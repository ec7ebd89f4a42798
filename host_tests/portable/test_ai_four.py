"""Four-hand computer players: legal, deterministic, exact where they
claim to be, allocation-free in the search, and sensible bidders.

Kept light: it also runs on the MicroPython unix port at a 64K-word heap.
"""

import gc

from sixtysix.ai_four import LEVELS, PLAYER_NAMES, FourSearchPlayer, make_four_player
from sixtysix.four import BID, MAX_ACTIONS, PASS, PLAYING, FourHand, FourMatch, FourRules
from sixtysix.players_four import estimate_side_points
from sixtysix.rng import Rng
from sixtysix.solver_four import FourSolver
from sixtysix.view_four import FourView
from support import cards

METER = hasattr(gc, "mem_alloc")
INF = 1000000


def legal(view, code):
    for a in view.actions:
        if a == code:
            return True
    return False


def random_hand(seed, plays, r=None):
    """A dealt hand after a random auction won by someone and `plays`
    random actions of the play (marriages count as actions)."""
    m = FourMatch(r or FourRules(), seed)
    rng = Rng(seed)
    buf = bytearray(MAX_ACTIONS)
    while True:
        h = m.start_hand()
        while h.phase != PLAYING and not h.over:
            n = h.legal_actions(buf)
            # bid now and then so the auction ends with a contract
            if rng.below(3):
                h.act(buf[rng.below(n)])
            else:
                h.act(PASS if buf[0] == PASS and h.bidder >= 0 else buf[n - 1])
        if h.over:
            m.finish_hand()
            continue
        break
    for _ in range(plays):
        n = h.legal_actions(buf)
        h.act(buf[rng.below(n)])
    return h


def copy_hand(h):
    """The same position, rebuilt from the deal and the log."""
    c = FourHand(h.rules)
    c.deal(h.dealer, h.dealt)
    for i in range(h.nlog):
        c.act(h.log[i])
    return c


def minimax(h):
    """Plain minimax over copies of the real engine: the value for side AC
    of the rest of the hand (game point difference * 1000 + point margin)."""
    if h.over:
        return (h.game_points[0] - h.game_points[1]) * 1000 + h.side_score(0) - h.side_score(1)
    buf = bytearray(MAX_ACTIONS)
    n = h.legal_actions(buf)
    best = None
    for i in range(n):
        c = copy_hand(h)
        c.act(buf[i])
        v = minimax(c)
        if best is None or (v > best if h.turn & 1 == 0 else v < best):
            best = v
    return best


def exact_value(h):
    s = FourSolver(h.rules)
    s.load(FourView(h, h.turn), h.hands)
    s.stop_at = 99
    return s.search(0, -INF, INF)


def play_hand(players, seed):
    """One hand with these players; every action must be legal."""
    m = FourMatch(FourRules(), seed)
    h = m.start_hand()
    while not h.over:
        view = FourView(h, h.turn)
        code = players[h.turn].choose(view)
        assert legal(view, code), "seat %d chose %d, not in %r" % (h.turn, code, list(view.actions))
        h.act(code)
    return h


def test_every_player_acts_legally_through_whole_hands():
    for name in PLAYER_NAMES:
        for seed in (3, 8) if name != "hard" else (5,):
            players = [make_four_player(name, seed * 4 + s) for s in range(4)]
            h = play_hand(players, seed)
            assert h.over


def test_every_level_acts_legally_in_random_positions_of_both_phases():
    for name in LEVELS:
        player = make_four_player(name, 11)
        for seed in range(1, 7):
            h = random_hand(seed, 4 * seed - 4)  # 0, 4, ... 20 plays into the hand
            if h.over:
                continue
            view = FourView(h, h.turn)
            assert legal(view, player.choose(view)), (name, seed)
        m = FourMatch(FourRules(), 40)
        h = m.start_hand()
        rng = Rng(2)
        buf = bytearray(MAX_ACTIONS)
        for _ in range(rng.below(3)):
            n = h.legal_actions(buf)
            h.act(buf[rng.below(n)] if buf[0] != PASS or n == 1 else PASS)
        view = FourView(h, h.turn)
        assert legal(view, player.choose(view)), name


def test_the_same_seed_gives_the_same_moves():
    for name in ("easy", "medium"):
        a = play_hand([make_four_player(name, 7 + s) for s in range(4)], 21)
        b = play_hand([make_four_player(name, 7 + s) for s in range(4)], 21)
        assert bytes(a.log[: a.nlog]) == bytes(b.log[: b.nlog]), name


def test_a_view_shows_nothing_of_the_other_hands():
    r = FourRules()
    one = FourHand(r)
    two = FourHand(r)
    a = cards("AH TH KH QH 9C JC")
    b = cards("AC TC KC QC JD 9D")
    c = cards("AS TS KS QS JH 9H")
    d = cards("AD TD KD QD JS 9S")
    one.deal(3, [a, b, c, d])
    swapped_b = b & ~cards("AC") | cards("AD")
    swapped_d = d & ~cards("AD") | cards("AC")
    two.deal(3, [a, swapped_b, c, swapped_d])
    assert FourView(one, 0).__dict__ == FourView(two, 0).__dict__
    assert FourView(one, 1).__dict__ != FourView(two, 1).__dict__


def test_sampled_worlds_agree_with_the_view():
    player = FourSearchPlayer("easy", 3)
    for seed in range(1, 6):
        h = random_hand(seed, 9)
        view = FourView(h, h.turn)
        for _ in range(5):
            player.deal_world(view)
            hands = player.deal_hands
            union = 0
            for s in range(4):
                assert count_cards(hands[s]) == count_cards(h.hands[s]), (seed, s)
                assert union & hands[s] == 0
                union |= hands[s]
                assert hands[s] & view.known[s] == view.known[s]
                for suit in range(4):
                    if (view.voids[s] >> suit) & 1:
                        assert not hands[s] & (0x3F << (suit * 6)), (seed, s, suit)
            assert hands[view.seat] == h.hands[view.seat]
            assert union == 0xFFFFFF & ~view.played()


def count_cards(x):
    n = 0
    while x:
        x &= x - 1
        n += 1
    return n


def tricks_left(h):
    n = 0
    for s in range(4):
        if s != h.sitting:
            n += count_cards(h.hands[s])
    return n // (3 if h.sitting >= 0 else 4)


def check_small_endgames(r=None):
    """The exact search against plain minimax on the endgames of seeds 1 to
    29 under rules `r` (default rules if None); how many were compared."""
    checked = 0
    for seed in range(1, 30):
        h = random_hand(seed, 16 + seed % 3, r)  # two cards each, sometimes mid-trick
        if h.over or tricks_left(h) > 3:
            continue
        assert exact_value(h) == minimax(h), seed
        checked += 1
    return checked


def test_exact_search_agrees_with_plain_minimax_on_small_endgames():
    assert check_small_endgames() >= 8


def solo_endgame(seed, tricks, r=None):
    """The solo hand of `seed` under rules `r` played at random until
    `tricks` tricks are left; None when the deal is no solo or the hand
    ended first."""
    h = random_hand(seed, 0, r)
    if h.sitting < 0:
        return None
    buf = bytearray(MAX_ACTIONS)
    rng = Rng(seed)
    while not h.over and tricks_left(h) > tricks:
        n = h.legal_actions(buf)
        h.act(buf[rng.below(n)])
    return None if h.over else h


def test_a_solo_endgame_is_searched_exactly_too():
    checked = 0
    for seed in range(1, 200):
        h = solo_endgame(seed, 2)
        if h is None:
            continue
        assert exact_value(h) == minimax(h), seed
        checked += 1
        if checked == 3:
            return
    raise AssertionError("no solo hand found")


def search_once(solver, _):
    solver.nodes = 0
    solver.search(0, -INF, INF)


def test_a_search_node_allocates_nothing():
    h = random_hand(4, 8)
    s = FourSolver(h.rules)
    s.load(FourView(h, h.turn), h.hands)
    s.stop_at = s.tricks_done + 2
    search_once(s, None)  # warm up
    assert s.nodes > 50  # it did search
    if not METER:
        return
    gc.collect()
    gc.disable()
    try:
        before = gc.mem_alloc()
        search_once(s, None)
        used = gc.mem_alloc() - before
    finally:
        gc.enable()
    assert used == 0, "a search of %d nodes allocated %d bytes" % (s.nodes, used)


def test_the_node_budget_is_kept():
    player = make_four_player("hard", 5)
    h = random_hand(6, 1)
    view = FourView(h, h.turn)
    player.choose(view)
    assert 0 < player.nodes <= LEVELS["hard"][1]


def bidding_view(hand_a):
    """A view for A, first to bid (dealer D), holding these cards."""
    a = cards(hand_a)
    rest = [c for c in range(24) if not (a >> c) & 1]
    others = [0, 0, 0]
    for i in range(18):
        others[i // 6] |= 1 << rest[i]
    h = FourHand(FourRules())
    h.deal(3, [a, others[0], others[1], others[2]])
    return FourView(h, 0)


def test_a_strong_hand_bids_and_a_weak_one_passes():
    strong = bidding_view("AH TH KH QH JH AS")
    weak = bidding_view("9C JC 9D JD 9S QS")
    assert estimate_side_points(strong.hand) >= 99
    assert estimate_side_points(weak.hand) < 33
    for name in ("heuristic", "hard"):
        assert make_four_player(name, 2).choose(strong) >= BID + 2, name
        assert make_four_player(name, 2).choose(weak) == PASS, name
