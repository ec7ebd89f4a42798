"""The bidding games' exact search (solver_bid.py, four-hand's solver with
the seats renumbered from the bidder) against plain minimax over copies of
the engine: the bid won at every seat, every contract up to the moon, a
trick under way and a marriage just shown, at two seats and at three.

A mutation audit of solver_bid.py found the renumbering checked only
with seat B the bidder and at a trick's start, the moon never searched,
and a root action searched alone and the holdings the estimate shares
out never compared."""

from sixtysix.bid import BID, MAX_ACTIONS, PASS, PLAYING, BidHand, BidRules
from sixtysix.cards import count
from sixtysix.hand import MARRY
from sixtysix.rng import Rng
from sixtysix.solver_bid import BidSolver
from sixtysix.solver_four import SHOW
from sixtysix.view_bid import BidView

INF = 1000000
POINTS = (0, 2, 3, 4, 10, 11)  # 9 J Q K T A
WEIGHT = (0, 1, 2, 3, 5, 6)  # solver_four's trick-taking weight by rank


def minimax(h):
    """The bidder's side's value of the rest of the hand: game points *
    1000 + point margin, each seat choosing for its side."""
    if h.over:
        return (h.game_points[0] - h.game_points[1]) * 1000 + h.side_score(0) - h.side_score(1)
    buf = bytearray(MAX_ACTIONS)
    values = [after(h, buf[i]) for i in range(h.legal_actions(buf))]
    return max(values) if h.turn == h.bidder else min(values)


def after(h, *codes):
    """minimax once these actions are taken from position h."""
    c = BidHand(h.rules)
    c.copy_from(h)
    for code in codes:
        c.act(code)
    return minimax(c)


def held(h):
    return sum(count(h.hands[s]) for s in range(h.seats))


def ending(seats, seed, rules=None):
    """A hand of `seed` whose auction one seat won with a bid of 1 to the
    moon, played at random to two or three tricks left (now and then a
    card or two further, into a trick), a marriage shown now and then on
    the way, under `rules` (the default ones if None).  None when the hand
    ended first."""
    rng = Rng(seed)
    order = bytearray(range(24))
    rng.shuffle(order)
    h = BidHand(rules or BidRules(seats))
    h.deal_shuffled(seed % seats, order)
    for _ in range(rng.below(seats)):
        h.act(PASS)
    h.act(BID + 1 + rng.below(5))
    while h.phase != PLAYING:
        h.act(PASS)
    buf = bytearray(MAX_ACTIONS)
    cards_left = (2 + rng.below(2)) * seats - rng.below(seats)
    while not h.over and held(h) > cards_left:
        n = h.legal_actions(buf)
        if buf[n - 1] >= MARRY and not rng.below(4):
            h.act(buf[n - 1])  # show it, then lead one of the pair
            n = h.legal_actions(buf)
        while buf[n - 1] >= MARRY:
            n -= 1  # the other marriages kept for later
        h.act(buf[rng.below(n)])
    return None if h.over else h


def loaded(h):
    s = BidSolver(h.rules)
    s.load(BidView(h, h.turn), h.hands)
    s.stop_at = 99
    return s


def test_the_value_is_plain_minimaxs_with_the_bid_won_at_every_seat():
    seen = set()
    for seats in (2, 3):
        for seed in range(1, 90):
            h = ending(seats, seed)
            if h is None:
                continue
            assert loaded(h).search(0, -INF, INF) == minimax(h), (seats, seed)
            seen.add((seats, h.bidder))
            seen.add(("moon" if h.high_bid == 5 else "bid", seats))
            if h.in_trick:
                seen.add(("holding the trick", seats, h.best_seat))
    for seats in (2, 3):
        for seat in range(seats):
            assert (seats, seat) in seen
            assert ("holding the trick", seats, seat) in seen
        assert ("moon", seats) in seen and ("bid", seats) in seen


def test_a_card_searched_alone_is_worth_what_minimax_gives_it():
    """search(..., only=card): one root action, as ai_bid values each."""
    checked = 0
    buf = bytearray(MAX_ACTIONS)
    for seats in (2, 3):
        for seed in range(1, 40):
            h = ending(seats, seed)
            if h is None:
                continue
            s = loaded(h)
            for i in range(h.legal_actions(buf)):
                code = buf[i]
                if code < MARRY:
                    assert s.search(0, -INF, INF, code) == after(h, code), (seats, seed, code)
            checked += 1
    assert checked >= 40


def test_a_marriage_is_searched_as_the_engine_plays_it():
    """At a lead where a marriage may be shown: showing it and leading
    its queen or king (card + SHOW, searched alone) is worth what minimax
    gives the marriage and that lead; once it is shown, the search from
    there (the queen or king still to lead) is minimax's.  Also where the
    rules have the queen led."""
    buf = bytearray(MAX_ACTIONS)
    for seats, queen_lead in ((2, False), (3, False), (2, True), (3, True)):
        r = BidRules(seats)
        if queen_lead:
            r.set_option("marriage-lead", "queen")
        found = 0
        for seed in range(1, 1000):
            h = ending(seats, seed, r)
            if h is None or h.lead >= 0:
                continue
            n = h.legal_actions(buf)
            if buf[n - 1] < MARRY:
                continue
            marry = buf[n - 1]
            queen = (marry - MARRY) * 6 + 2
            s = loaded(h)
            for lead in (queen,) if queen_lead else (queen, queen + 1):
                assert s.search(0, -INF, INF, lead + SHOW) == after(h, marry, lead), (seats, seed, lead)
            h.act(marry)
            assert loaded(h).search(0, -INF, INF) == minimax(h), (seats, seed, queen_lead)
            found += 1
            if found == 4:
                break
        assert found == 4, (seats, queen_lead)


def test_the_holdings_are_the_seats_cards_by_side():
    """_holdings, which the estimate shares the points out by: the points
    of every card still held, then the weight of the bidder's side's cards
    and of the others'; no card at a place where nobody sits."""
    checked = 0
    for seats in (2, 3):
        for seed in range(1, 30):
            h = ending(seats, seed)
            if h is None:
                continue
            points = 0
            weight = [0, 0]
            for seat in range(seats):
                for c in range(24):
                    if (h.hands[seat] >> c) & 1:
                        points += POINTS[c % 6]
                        weight[h.side_of(seat)] += WEIGHT[c % 6] + (6 if c // 6 == h.trump else 0)
            s = loaded(h)
            assert s._holdings() == points + (weight[0] << 8) + (weight[1] << 16), (seats, seed)
            checked += 1
    assert checked >= 40


def four_tricks_left(seats, seed):
    """A bid of 1 played at random, no marriage shown, to four tricks
    left at a lead; None when the hand ended first or a trick is under
    way."""
    rng = Rng(seed)
    order = bytearray(range(24))
    rng.shuffle(order)
    h = BidHand(BidRules(seats))
    h.deal_shuffled(seed % seats, order)
    h.act(BID + 1)
    while h.phase != PLAYING:
        h.act(PASS)
    buf = bytearray(MAX_ACTIONS)
    while not h.over and held(h) > 4 * seats:
        n = h.legal_actions(buf)
        while buf[n - 1] >= MARRY:
            n -= 1
        h.act(buf[rng.below(n)])
    return None if h.over or h.lead >= 0 else h


def test_a_shown_marriage_whose_king_leads_better_than_its_queen_is_led_by_the_king():
    """Holding both, queen and king take the same tricks, yet the king's
    point more can go to the leader now and the queen's less to the
    others later.  Where minimax leads the king of a shown marriage for
    more than its queen, the search finds that value (and, at the lead,
    the value of the whole position); where the rules have the queen led,
    it finds the queen's."""
    buf = bytearray(MAX_ACTIONS)
    for seats, wanted in ((2, 2), (3, 1)):
        found = 0
        for seed in range(1, 200):
            h = four_tricks_left(seats, seed)
            if h is None:
                continue
            mine = 1 if h.turn == h.bidder else -1
            for marry in [buf[i] for i in range(h.legal_actions(buf)) if buf[i] >= MARRY]:
                queen = (marry - MARRY) * 6 + 2
                if mine * after(h, marry, queen + 1) <= mine * after(h, marry, queen):
                    continue
                for queen_lead in (False, True):
                    r = BidRules(seats)
                    if queen_lead:
                        r.set_option("marriage-lead", "queen")
                    c = BidHand(r)
                    c.copy_from(h)
                    c.act(marry)
                    assert loaded(c).search(0, -INF, INF) == minimax(c), (seats, seed, queen_lead)
                assert loaded(h).search(0, -INF, INF) == minimax(h), (seats, seed)  # before it is shown
                found += 1
            if found >= wanted:
                break
        assert found >= wanted, (seats, found)
