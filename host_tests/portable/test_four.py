"""Four-player partnership Sixty-Six with bidding (RULES.md 2c)."""

from seatmoves import act, code
from sixtysix.cards import count, set_points
from sixtysix.cardtext import parse_card, parse_suit
from sixtysix.four import (
    BID,
    BIDDING,
    MAX_ACTIONS,
    OVER,
    PASS,
    PLAYING,
    R_PASSED_OUT,
    R_PLAYED_OUT,
    FourHand,
    FourMatch,
    FourRules,
    action_name,
)
from sixtysix.hand import MARRY, IllegalAction
from sixtysix.rng import Rng
from support import cards

# Dealer D, so A bids first.  A holds the heart marriage.
HANDS = ("AH TH KH QH 9C JC", "AC TC KC QC JD 9D", "AS TS KS QS JH 9H", "AD TD KD QD JS 9S")


def four_rules(**options):
    r = FourRules()
    for name, value in options.items():
        r.set_option(name.replace("_", "-"), str(value))
    return r


def dealt(r=None, hands=HANDS, dealer=3):
    h = FourHand(r or FourRules())
    h.deal(dealer, [cards(x) for x in hands])
    return h


def snapshot(h):
    return (
        tuple(h.hands),
        tuple(h.won),
        tuple(h.card_points),
        tuple(h.marriage_points),
        tuple(h.tricks),
        bytes(h.trick),
        h.phase,
        h.turn,
        h.high_bid,
        h.bidder,
        h.passed,
        h.trump,
        h.lead,
        h.pending,
        h.nlog,
        h.over,
    )


def rejected(h, move, words=""):
    before = snapshot(h)
    try:
        h.act(code(move))
    except IllegalAction as e:
        assert words in e.reason, "reason %r lacks %r" % (e.reason, words)
        assert snapshot(h) == before, "a rejected action changed the hand"
        return str(e)
    raise AssertionError("%s was accepted" % move)


def position(a, b, c, d, trump="H", leader=0, bid=1, bidder=0, won_bd="", r=None):
    """A hand in play set up directly: the four hands, trumps, who leads,
    the contract; cards in no hand are taken by AC unless listed in won_bd."""
    h = FourHand(r or FourRules())
    h.reset_state()
    held = 0
    for s, text in enumerate((a, b, c, d)):
        h.hands[s] = cards(text)
        held |= h.hands[s]
    h.won[1] = cards(won_bd)
    h.won[0] = 0xFFFFFF & ~held & ~h.won[1]
    for side in range(2):
        h.card_points[side] = set_points(h.won[side])
        h.tricks[side] = count(h.won[side]) // 4
    h.phase = PLAYING
    h.trump = parse_suit(trump)
    h.leader = leader
    h.turn = leader
    h.high_bid = bid
    h.bidder = bidder
    if bid == 5:
        h.sitting = (bidder + 2) & 3
    return h


def play_out(h):
    buf = bytearray(MAX_ACTIONS)
    while not h.over:
        h.legal_actions(buf)
        h.act(buf[0])


# --- dealing and bidding -----------------------------------------------------


def test_deal_gives_six_cards_each_in_packets_of_three_from_the_dealers_left():
    h = FourHand(FourRules())
    h.deal_shuffled(1, bytearray(range(24)))
    assert h.hands[2] == cards("9C JC QC 9H JH QH")  # C is B's left: cards 0-2 and 12-14
    assert h.hands[1] == cards("KD TD AD KS TS AS")  # the dealer gets the last packets
    assert h.phase == BIDDING and h.turn == 2


def test_a_deal_that_is_not_the_deck_is_refused():
    h = FourHand(FourRules())
    try:
        h.deal(0, [cards(HANDS[0]), cards(HANDS[0]), cards(HANDS[2]), cards(HANDS[3])])
    except ValueError:
        return
    raise AssertionError("accepted")


def test_bidding_starts_left_of_the_dealer_and_goes_clockwise():
    h = dealt(dealer=1)
    assert h.turn == 2
    act(h, "bid 1")
    assert h.turn == 3


def test_a_bid_must_be_higher_than_the_last():
    h = dealt()
    act(h, "bid 2")
    rejected(h, "bid 2", "must bid higher than 2")
    rejected(h, "bid 1", "higher")
    act(h, "bid 3")
    assert h.high_bid == 3 and h.bidder == 1


def test_legal_bids_are_pass_and_every_higher_bid():
    h = dealt()
    act(h, "bid 3")
    buf = bytearray(MAX_ACTIONS)
    n = h.legal_actions(buf)
    assert list(buf[:n]) == [PASS, BID + 4, BID + 5]


def test_a_pass_is_final_the_player_is_skipped_afterwards():
    h = dealt()
    act(h, "bid 1", "pass", "bid 2", "bid 3")  # A 1, B passes, C 2, D 3
    assert h.turn == 0
    act(h, "bid 4")
    assert h.turn == 2  # B is skipped


def test_the_auction_ends_when_the_others_have_passed_and_the_bidder_leads():
    h = dealt()
    act(h, "pass", "bid 2", "pass", "pass")
    assert h.phase == PLAYING and h.bidder == 1 and h.turn == 1 and h.leader == 1


def test_no_card_may_be_played_during_the_bidding():
    h = dealt()
    rejected(h, "AH", "must bid or pass first")


def test_no_bid_once_the_play_has_started():
    h = dealt()
    act(h, "bid 1", "pass", "pass", "pass")
    rejected(h, "bid 2", "the bidding is over")
    rejected(h, "pass", "the bidding is over")


def test_a_solo_ends_the_auction_at_once_and_the_partner_sits_out():
    h = dealt()
    act(h, "pass", "bid 5")
    assert h.phase == PLAYING and h.sitting == 3 and h.turn == 1
    act(h, "AC", "AS")  # B leads, C follows, D sits out
    assert h.turn == 0
    act(h, "9C")
    assert h.in_trick == 0 and h.tricks[1] == 1  # three cards make the trick


def test_all_four_passing_throws_the_hand_in():
    h = dealt()
    act(h, "pass", "pass", "pass", "pass")
    assert h.over and h.reason == R_PASSED_OUT and h.winner == -1
    assert h.game_points == [0, 0]
    m = FourMatch(FourRules())
    m.deal(3, [cards(x) for x in HANDS])
    act(m.hand, "pass", "pass", "pass", "pass")
    m.finish_hand()
    assert m.scores == [0, 0] and m.dealer == 0 and m.winner == -1


def test_option_all_pass_dealer_makes_the_dealer_bid():
    h = dealt(four_rules(all_pass="dealer"))
    act(h, "pass", "pass", "pass")
    assert h.turn == 3
    rejected(h, "pass", "dealer must bid")
    act(h, "bid 1")
    assert h.phase == PLAYING and h.bidder == 3


def test_under_all_pass_dealer_the_dealer_may_pass_after_a_bid():
    h = dealt(four_rules(all_pass="dealer"))
    act(h, "bid 1", "pass", "pass", "pass")
    assert h.phase == PLAYING and h.bidder == 0


# --- play --------------------------------------------------------------------


def test_the_first_card_led_sets_trumps():
    h = dealt()
    act(h, "pass", "bid 1", "pass", "pass")
    assert h.trump == -1
    act(h, "JD")
    assert h.trump == parse_suit("D")


def test_follower_must_follow_suit():
    h = position("AH", "KH 9C", "9H", "JH", trump="C")
    act(h, "AH")
    rejected(h, "9C", "must follow suit: holds hearts")


def test_follower_must_head_the_trick_when_able():
    h = position("JH", "KH 9H", "9C", "QC", trump="C")
    act(h, "JH")
    rejected(h, "9H", "must head the trick")
    act(h, "KH")


def test_heading_is_measured_against_the_best_card_of_the_led_suit():
    h = position("JH", "KH 9C", "AH QH", "QC", trump="C")
    act(h, "JH", "KH")
    rejected(h, "QH", "must head")  # QH beats the led JH but not B's KH
    act(h, "AH")


def test_a_follower_who_cannot_head_plays_any_card_of_the_suit():
    h = position("AH", "KH 9H", "9C", "QC", trump="C")
    act(h, "AH", "9H")


def test_void_follower_must_trump_but_need_not_overtrump():
    h = position("AH", "KC 9S", "AC", "JC 9D", trump="C")
    before = h.tricks[0]
    act(h, "AH")
    rejected(h, "9S", "must trump: holds no hearts but has clubs")
    act(h, "KC")
    act(h, "AC")  # C: void, trumps
    act(h, "JC")  # D may under-trump
    assert h.last_winner == 2 and h.tricks[0] == before + 1


def test_void_of_both_may_play_anything():
    h = position("AH", "9S", "9D", "QS", trump="C")
    act(h, "AH", "9S")


def test_highest_trump_wins_else_highest_of_the_led_suit():
    h = position("9H", "AS", "TH", "9C", trump="C")
    act(h, "9H", "AS", "TH", "9C")
    assert h.last_winner == 3
    h = position("9H", "AS", "TH", "KD", trump="C")
    act(h, "9H", "AS", "TH", "KD")
    assert h.last_winner == 2


def test_trick_points_go_to_the_winning_side():
    h = position("9H AD", "AS KS", "TH QS", "9D KD", trump="C")
    before = h.card_points[0]
    act(h, "9H", "AS", "TH", "9D")
    assert h.card_points[0] == before + 0 + 11 + 10 + 0 and h.turn == 2


def test_a_card_not_in_hand_is_refused():
    h = position("AH", "KH", "9H", "JH", trump="C")
    rejected(h, "AS", "not in hand")


# --- marriages -----------------------------------------------------------------


def test_a_marriage_shown_on_the_first_lead_is_in_trumps_40():
    h = dealt()
    act(h, "bid 1", "pass", "pass", "pass", "marry H")
    assert h.marriage_points[0] == 40
    rejected(h, "AH", "must lead the king or queen of the marriage in hearts")
    act(h, "QH")
    assert h.trump == parse_suit("H")


def test_a_plain_marriage_is_20_and_a_trump_marriage_40():
    h = position("KS QS KC QC", "9D", "9H", "JD", trump="C")
    act(h, "marry S")
    assert h.marriage_points[0] == 20
    h = position("KS QS KC QC", "9D", "9H", "JD", trump="C")
    act(h, "marry C")
    assert h.marriage_points[0] == 40


def test_a_marriage_needs_both_cards_and_the_lead():
    h = position("KS 9S", "KD QD", "9H", "JD", trump="C")
    rejected(h, "marry S", "does not hold king and queen")
    act(h, "9S")
    rejected(h, "marry D", "only the player on lead")


def test_only_one_marriage_per_lead():
    h = position("KS QS KD QD", "9C", "9H", "JC", trump="C")
    act(h, "marry S")
    rejected(h, "marry D", "one was just shown")


def test_marriage_counts_only_once_the_side_has_a_trick():
    h = position("KS QS", "9D", "9H", "JD", trump="C")
    h.tricks[0] = 0
    h.card_points[0] = 0
    act(h, "marry S")
    assert h.side_score(0) == 0
    h.tricks[0] = 1
    assert h.side_score(0) == 20


def test_option_marriage_lead_queen():
    h = position("KS QS", "9D", "9H", "JD", trump="C", r=four_rules(marriage_lead="queen"))
    act(h, "marry S")
    rejected(h, "KS", "must lead the queen")
    act(h, "QS")


# --- scoring -----------------------------------------------------------------


def last_trick(bid, bd_points, r=None, bidder=0):
    """One trick left, won by A (9H AH and nothing of value else); BD holds
    exactly `bd_points` in cards taken, AC the rest."""
    h = position("AH", "9S", "9H", "9D", trump="C", bid=bid, bidder=bidder, r=r)
    h.card_points[1] = bd_points
    h.card_points[0] = 120 - 11 - bd_points
    h.tricks[1] = 1 if bd_points else 0
    return h


def test_bidding_side_that_reaches_its_bid_scores_it_and_the_others_score_points_over_33():
    h = last_trick(2, 40)
    act(h, "AH", "9S", "9H", "9D")
    assert h.side_score(0) == 120 - 40 and h.made
    assert h.game_points == [2, 1] and h.winner == 0 and h.reason == R_PLAYED_OUT


def test_reaching_exactly_the_bid_makes_it():
    h = last_trick(3, 21)
    h.card_points[0] = 99 - 11  # after the last trick: 99
    act(h, "AH", "9S", "9H", "9D")
    assert h.side_score(0) == 99 and h.made and h.game_points[0] == 3


def test_one_point_short_loses_the_bid():
    h = last_trick(3, 21)
    h.card_points[0] = 98 - 11
    act(h, "AH", "9S", "9H", "9D")
    assert h.side_score(0) == 98 and not h.made
    assert h.game_points == [-3, 0] and h.winner == 1


def test_bid_four_asks_for_132():
    h = last_trick(4, 0)
    h.marriage_points[0] = 20
    act(h, "AH", "9S", "9H", "9D")
    assert h.side_score(0) == 120 + 20 and h.made and h.game_points == [4, 0]


def test_no_last_trick_bonus_by_default_and_option_10():
    """RULES.md 2c counts card points and shown marriages only (seed 004:
    past the deck's 120, points come from marriages alone)."""
    assert FourRules().option_value("last-trick-bonus") == "0"
    h = last_trick(1, 40)
    act(h, "AH", "9S", "9H", "9D")
    assert h.side_score(0) + h.side_score(1) == 120
    h = last_trick(1, 40, four_rules(last_trick_bonus=10))
    act(h, "AH", "9S", "9H", "9D")
    assert h.side_score(0) + h.side_score(1) == 130


def test_a_bid_of_66_reached_only_with_the_last_trick_is_lost_by_default():
    h = last_trick(2, 55)  # AC takes the last trick and ends on 65 in cards
    act(h, "AH", "9S", "9H", "9D")
    assert h.side_score(0) == 65 and not h.made and h.game_points[0] == -2
    h = last_trick(2, 55, four_rules(last_trick_bonus=10))
    act(h, "AH", "9S", "9H", "9D")
    assert h.side_score(0) == 75 and h.made and h.game_points[0] == 2


def test_solo_succeeds_at_66_alone():
    h = position("AH", "9S", "9H", "9D", trump="C", bid=5, bidder=0)
    assert h.sitting == 2
    h.card_points[0] = 55
    h.card_points[1] = 20
    act(h, "AH", "9S", "9D")  # C sits out
    assert h.side_score(0) == 55 + 11 and h.made and h.game_points == [5, 0]


def test_solo_short_of_66_loses_5():
    h = position("AH", "9S", "9H", "9D", trump="C", bid=5, bidder=0)
    h.card_points[0] = 54
    h.card_points[1] = 40
    act(h, "AH", "9S", "9D")
    assert h.side_score(0) == 65 and not h.made and h.game_points == [-5, 1]


def test_option_solo_all_tricks():
    r = four_rules(solo="all-tricks")
    h = position("AH", "9S", "9H", "9D", trump="C", bid=5, bidder=0, r=r)
    h.tricks[1] = 0
    act(h, "AH", "9S", "9D")
    assert h.made and h.game_points[0] == 5
    h = position("AH", "9S", "9H", "9D", trump="C", bid=5, bidder=0, r=r, won_bd="9C JC QC 9S")
    h.hands[1] = cards("JS")
    act(h, "AH", "JS", "9D")
    assert h.tricks[1] == 1 and not h.made and h.game_points[0] == -5


def test_no_action_after_the_hand_is_over():
    h = last_trick(1, 40)
    act(h, "AH", "9S", "9H", "9D")
    assert h.phase == OVER
    rejected(h, "pass", "the hand is over")
    buf = bytearray(MAX_ACTIONS)
    assert h.legal_actions(buf) == 0


# --- the match ---------------------------------------------------------------


def booked(scores, bid, bd_points, r=None, bidder=0):
    m = FourMatch(r or FourRules())
    m.scores[0] = scores[0]
    m.scores[1] = scores[1]
    m.dealer = 0
    m.hand = last_trick(bid, bd_points, r, bidder)
    act(m.hand, "AH", "9S", "9H", "9D")
    m.finish_hand()
    return m


def test_match_scores_add_up_and_may_go_below_zero():
    m = booked((0, 0), 4, 40)  # AC makes 90 of 132
    assert m.scores == [-4, 1] and m.awarded == [-4, 1] and m.dealer == 1


def test_option_below_zero_no_stops_at_zero():
    m = booked((2, 0), 4, 40, four_rules(below_zero="no"))
    assert m.scores == [0, 1] and m.awarded == [-2, 1]


def test_first_side_to_the_target_wins_the_match():
    m = booked((6, 0), 1, 40)
    assert m.winner == 0


def test_both_reaching_the_target_the_bidding_side_wins():
    m = booked((5, 6), 2, 40)  # AC +2, BD +1
    assert m.scores == [7, 7] and m.winner == 0


def test_option_target():
    r = four_rules()
    r.target = 10
    m = booked((6, 0), 2, 40, r)
    assert m.scores[0] == 8 and m.winner == -1


def test_deal_passes_left_and_a_wrong_dealer_is_refused():
    m = FourMatch(FourRules(), 3)
    m.start_hand()
    first = m.dealer
    act(m.hand, "pass", "pass", "pass", "pass")
    m.finish_hand()
    assert m.dealer == (first + 1) % 4
    try:
        m.deal(first, [cards(x) for x in HANDS])
    except ValueError as e:
        assert "dealer must be" in str(e)
        return
    raise AssertionError("accepted")


def test_an_explicit_deal_sets_the_dealer_and_none_follows_a_won_match():
    m = FourMatch(FourRules(), 3)
    m.deal(2, [cards(x) for x in HANDS])
    assert m.dealer == 2 and m.hand.turn == 3  # the dealer's left bids first
    m.winner = 0  # side 0 (A and C) has won the match
    try:
        m.deal(2, [cards(x) for x in HANDS])
    except ValueError as e:
        assert "over" in str(e)
        return
    raise AssertionError("a hand was dealt after the match ended")


def test_action_names_are_record_words():
    assert action_name(PASS) == "pass" and action_name(BID + 5) == "bid 5"
    assert action_name(MARRY + 2) == "marry H" and action_name(parse_card("TS")) == "play TS"


# --- random play -------------------------------------------------------------


def test_random_games_keep_cards_points_and_scores_consistent():
    rng = Rng(11)
    buf = bytearray(MAX_ACTIONS)
    for seed in range(1, 25):
        r = four_rules(solo=("66", "all-tricks")[seed % 2], last_trick_bonus=("0", "10")[seed % 3 == 0])
        m = FourMatch(r, seed)
        total = [0, 0]
        while m.winner < 0 and m.hands_played < 30:
            h = m.start_hand()
            while not h.over:
                n = h.legal_actions(buf)
                assert n > 0
                junk = rng.below(80)
                if not _legal(junk, buf, n):
                    before = snapshot(h)
                    try:
                        h.act(junk)
                        raise AssertionError("%d was accepted" % junk)
                    except IllegalAction:
                        assert snapshot(h) == before
                pick = buf[rng.below(n)]
                if h.phase == BIDDING and buf[0] == PASS and rng.below(3):
                    pick = PASS  # keep most auctions low, as players would
                h.act(pick)
                check_cards(h)
            if h.reason == R_PLAYED_OUT:
                out = h.dealt[h.sitting] if h.sitting >= 0 else 0
                bonus = 10 if r.last_trick_bonus else 0
                assert h.card_points[0] + h.card_points[1] == 120 - set_points(out) + bonus
                assert h.won[0] | h.won[1] | out == 0xFFFFFF
            m.finish_hand()
            total[0] += m.awarded[0]
            total[1] += m.awarded[1]
            assert total == m.scores
            assert -(2**30) < m.scores[0] < 2**30 and -(2**30) < m.scores[1] < 2**30


def check_cards(h):
    """Every card is in exactly one place: a hand, the trick, or a side's pile."""
    held = h.hands[0] | h.hands[1] | h.hands[2] | h.hands[3]
    in_trick = 0
    for s in range(4):
        if h.trick[s] != 255:
            in_trick |= 1 << h.trick[s]
    won = h.won[0] | h.won[1]
    assert held | won | in_trick == 0xFFFFFF
    assert not (held & won) and not (h.won[0] & h.won[1]) and not (in_trick & (held | won))
    assert 0 <= h.card_points[0] + h.card_points[1] <= 130


def _legal(code, buf, n):
    for i in range(n):
        if buf[i] == code:
            return True
    return False


# --- no allocation per move ----------------------------------------------------


def _bid_and_play_one_trick(h, buf, hands):
    """Deal, bid (A 1, others pass) and play one whole trick with the first
    legal card each time: the hot path of a search or a game loop."""
    h.deal(3, hands)
    h.act(BID + 1)
    for _ in range(3):
        h.act(PASS)
    for _ in range(4):
        h.legal_actions(buf)
        h.act(buf[0])


def test_listing_actions_and_playing_allocate_nothing():
    import gc

    h = FourHand(FourRules())
    buf = bytearray(MAX_ACTIONS)
    hands = [cards(x) for x in HANDS]
    _bid_and_play_one_trick(h, buf, hands)  # warm up
    assert h.tricks[0] + h.tricks[1] == 1
    if not hasattr(gc, "mem_alloc"):
        return  # CPython has no heap meter; MicroPython is the check that counts
    gc.collect()
    gc.disable()
    try:
        before = gc.mem_alloc()
        _bid_and_play_one_trick(h, buf, hands)
        used = gc.mem_alloc() - before
    finally:
        gc.enable()
    assert used == 0, "allocated %d bytes" % used


def _deal_shuffled_twice(h, order):
    h.deal_shuffled(0, order)
    h.deal_shuffled(1, order)


def test_dealing_a_shuffled_deck_allocates_nothing():
    import gc

    h = FourHand(FourRules())
    order = bytearray(range(24))
    Rng(5).shuffle(order)
    _deal_shuffled_twice(h, order)  # warm up
    assert sum(count(h.hands[s]) for s in range(4)) == 24
    if not hasattr(gc, "mem_alloc"):
        return  # CPython has no heap meter; MicroPython is the check that counts
    gc.collect()
    gc.disable()
    try:
        before = gc.mem_alloc()
        _deal_shuffled_twice(h, order)
        used = gc.mem_alloc() - before
    finally:
        gc.enable()
    assert used == 0, "two deals allocated %d bytes" % used
