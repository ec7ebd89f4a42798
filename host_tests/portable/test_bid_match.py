"""Sixty-Six with bidding for two and for three, part two (test_bid.py has
part one): the scoring of a hand and of a match, and nothing allocated in
play."""

from heapmeter import left_allocated
from sixtysix.bid import BID, MAX_ACTIONS, PASS, R_PLAYED_OUT, BidHand, BidRules
from sixtysix.bid_match import BidMatch
from sixtysix.cards import set_points
from sixtysix.rng import Rng
from test_bid import THREE, TWO, act, bid_rules, cards, dealt, play_out

# --- scoring -----------------------------------------------------------------------


def test_a_bid_made_scores_its_value_and_a_moon_needs_every_trick():
    for auction, worth in ((("bid 2", "pass"), 2), (("bid 5",), 5)):
        h = dealt()
        act(h, *auction)
        play_out(h)  # A leads hearts, then clubs: B never takes a trick
        assert h.reason == R_PLAYED_OUT and h.made and h.winner == 0
        assert h.side_score(0) == 120 and h.tricks[1] == 0
        assert list(h.game_points) == [worth, 0]


def test_reaching_exactly_the_bid_makes_it():
    h = dealt()
    act(h, "bid 2", "pass")  # 66
    buf = bytearray(MAX_ACTIONS)
    while h.tricks[0] + h.tricks[1] < 11:
        h.legal_actions(buf)
        h.act(buf[0])
    h.card_points[0] = 66 - set_points(h.hands[0] | h.hands[1])  # A takes the last trick
    play_out(h)
    assert h.side_score(0) == 66 and h.made and list(h.game_points) == [2, 0]


def test_a_bid_not_reached_loses_its_value():
    h = dealt()
    act(h, "bid 4", "pass")  # 132 needs marriages: play_out shows none
    play_out(h)
    assert h.side_score(0) == 120 and not h.made and h.winner == 1
    assert list(h.game_points) == [-4, 0]


def test_a_moon_fails_on_the_first_trick_lost():
    h = dealt(THREE)
    act(h, "bid 5")
    play_out(h)
    assert h.tricks[1] > 0 and not h.made
    assert h.game_points[0] == -5 and h.game_points[1] == h.side_score(1) // 33


def test_the_last_trick_bonus_is_an_option():
    h = dealt(r=bid_rules(2, last_trick_bonus=10))
    act(h, "bid 1", "pass")
    play_out(h)
    assert h.side_score(0) == 130


def test_each_defender_scores_the_sides_points_and_the_bidder_its_bid():
    m = BidMatch(BidRules(3), 1)
    h = m.deal(2, [cards(x) for x in THREE])
    act(h, "bid 1", "pass", "pass")
    play_out(h)
    m.finish_hand()
    theirs = h.side_score(1) // 33
    assert m.awarded == [1 if h.made else -1, theirs, theirs] and m.scores == m.awarded
    assert m.dealer == 0 and m.hands_played == 1
    assert m.outcome() == (0 if h.made else 1, m.awarded[0], 2 * theirs, False)  # from A's chair


def test_each_defender_is_booked_the_whole_sides_points_over_33():
    """README "Bidding for two and three", decision 5: the other side scores
    its points // 33 and each of the two defenders is booked that number,
    not a share of it: 70 points or more are worth 2 to B and 2 to C."""
    m = BidMatch(BidRules(3), 1)
    h = m.deal(2, [cards(x) for x in THREE])
    act(h, "bid 1", "pass", "pass")
    buf = bytearray(MAX_ACTIONS)
    while h.tricks[0] + h.tricks[1] < 7:
        h.legal_actions(buf)
        h.act(buf[0])
    h.card_points[1] = 70  # the defenders' points before the last trick
    h.tricks[1] = max(h.tricks[1], 1)
    play_out(h)
    m.finish_hand()
    worth = h.side_score(1) // 33
    assert worth >= 2 and h.game_points[1] == worth
    assert m.awarded[1] == m.awarded[2] == worth
    assert m.outcome()[2] == 2 * worth  # against A's chair: both defenders' points


def test_the_outcome_from_a_s_chair_is_a_loss_when_b_bids_and_makes_it():
    """games.py's outcome is the hand from seat A's chair: with B the bidder
    and B making the bid, A is on the losing side."""
    m = BidMatch(BidRules(2), 1)
    h = m.deal(0, [cards(x) for x in TWO])  # dealer A: B bids first
    act(h, "bid 1", "pass")
    play_out(h)  # B leads diamonds, trumps: A can neither follow nor trump
    m.finish_hand()
    assert h.bidder == 1 and h.made
    assert m.outcome() == (1, 0, 1, False)


# --- the match -----------------------------------------------------------------------


def _booked(scores, bid, r=None):
    """A three-handed match with these scores; A bids `bid`, the hand is played out and booked."""
    m = BidMatch(r or BidRules(3), 1)
    m.scores = list(scores)
    h = m.deal(2, [cards(x) for x in THREE])
    act(h, "bid %d" % bid, "pass", "pass")
    play_out(h)
    m.finish_hand()
    return m, h


def test_a_bidder_reaching_the_target_wins_the_match():
    m, h = _booked([6, 6, 6], 1)
    assert h.made and m.scores[0] == 7 and m.winner == 0


def test_a_bidder_reaching_the_target_wins_even_with_defenders_level_with_it():
    m, h = _booked([6, 7, 7], 1)
    assert h.made and m.scores == [7, 7, 7] and m.winner == 0


def test_two_defenders_level_over_the_target_play_on_and_one_alone_wins():
    m, h = _booked([0, 7, 7], 4)  # A fails; B and C were level at the target already
    assert not h.made and m.scores[1] == m.scores[2] >= 7 and m.winner == -1
    m, h = _booked([0, 7, 6], 4)
    assert m.winner == 1


def test_scores_may_go_below_zero_unless_the_option_says_no():
    m, h = _booked([0, 0, 0], 4)
    assert m.scores[0] == -4
    m, h = _booked([1, 0, 0], 4, bid_rules(3, below_zero="no"))
    assert m.scores[0] == 0 and m.awarded[0] == -1


def test_the_dealer_is_drawn_then_passes_to_the_left():
    for n in (2, 3):
        m = BidMatch(BidRules(n), 9)
        m.start_hand()
        first = m.dealer
        assert 0 <= first < n
        act(m.hand, *(["pass"] * n))
        m.finish_hand()
        assert m.dealer == (first + 1) % n and m.scores == [0] * n
        try:
            m.deal(first, [cards(x) for x in (TWO if n == 2 else THREE)])
            raise AssertionError("the wrong dealer dealt")
        except ValueError as e:
            assert "the dealer must be" in str(e)


# --- no allocation in play -------------------------------------------------------------


def _deal_bid_and_trick(h, buf, hands):
    h.deal(2, hands)
    h.legal_actions(buf)
    h.act(BID + 1)
    h.act(PASS)
    h.act(PASS)
    for _ in range(3):
        h.legal_actions(buf)
        h.act(buf[0])


def _deal_shuffled(h, order, _):
    h.deal_shuffled(0, order)
    h.deal_shuffled(1, order)


def _copy(h, other, _):
    h.copy_from(other)


def test_listing_acting_dealing_and_copying_allocate_nothing():
    h = BidHand(BidRules(3))
    hands = [cards(x) for x in THREE]
    assert left_allocated(_deal_bid_and_trick, h, bytearray(MAX_ACTIONS), hands) == 0
    assert h.tricks[0] + h.tricks[1] == 1
    order = bytearray(range(24))
    Rng(4).shuffle(order)
    assert left_allocated(_deal_shuffled, h, order, None) == 0
    assert left_allocated(_copy, BidHand(h.rules), h, None) == 0


def test_every_value_of_a_random_match_stays_small():
    for n in (2, 3):
        m = BidMatch(BidRules(n), 21)
        rng = Rng(n)
        buf = bytearray(MAX_ACTIONS)
        while m.winner < 0 and m.hands_played < 30:
            h = m.start_hand()
            while not h.over:
                h.act(buf[rng.below(h.legal_actions(buf))])
            for v in h.hands + h.won + h.card_points + h.game_points + m.scores:
                assert -(2**30) < v < 2**30
            m.finish_hand()


def test_a_seed_deals_the_same_cards_on_every_runtime():
    """Fixed numbers, so CPython and MicroPython (this module runs on both)
    must agree on the draw for the dealer and the deal."""
    for seats, dealer, hands in ((2, 0, (0x862B4F, 0x79D4B0)), (3, 2, (0x1418B8, 0xA9C005, 0x422742))):
        m = BidMatch(BidRules(seats), 12345)
        h = m.start_hand()
        assert m.dealer == dealer and tuple(h.hands[:seats]) == hands
