"""Sixty-Six with bidding for two and for three (seed 004; README, "Bidding
for two and three"), part one: the rules object, the deal, the auction,
strict play and marriages.  test_bid_match.py has the scoring, the match
and the allocation checks (two modules, each small enough to compile on
MicroPython's 64K-word heap)."""

from seatmoves import act, code
from sixtysix.bid import (
    MAX_ACTIONS,
    MOON,
    OPTIONS,
    OVER,
    PLAYING,
    R_PASSED_OUT,
    BidHand,
    BidRules,
)
from sixtysix.cards import count
from sixtysix.cardtext import parse_card, parse_suit
from sixtysix.four import BIDDING
from sixtysix.hand import IllegalAction


def cards(text):
    """'AS TS 9H' -> a set of cards (support.py has one too, but importing it
    compiles the two-player rules: too much for a 64K-word heap here)."""
    s = 0
    for name in text.split():
        s |= 1 << parse_card(name)
    return s


# Two players, dealer B so A bids and (winning) leads first.
TWO = ("AH TH KH QH JH 9H AC TC KC QC JC 9C", "AD TD KD QD JD 9D AS TS KS QS JS 9S")
# Three players, dealer C so A bids first.
THREE = ("AH TH KH QH AC TC KC 9S", "JH 9H QC JC 9C AS TS KS", "AD TD KD QD JD 9D QS JS")


def bid_rules(seats, **options):
    r = BidRules(seats)
    for name, value in options.items():
        r.set_option(name.replace("_", "-"), str(value))
    return r


def dealt(hands=TWO, dealer=None, r=None):
    n = len(hands)
    h = BidHand(r or BidRules(n))
    h.deal(n - 1 if dealer is None else dealer, [cards(x) for x in hands])
    return h


def state(h):
    return (tuple(h.hands), tuple(h.card_points), tuple(h.tricks), bytes(h.trick), h.phase, h.turn)


def refused(h, move, words):
    before = state(h) + (h.high_bid, h.bidder, h.passed, h.nlog, h.trump, h.pending)
    try:
        h.act(code(move))
    except IllegalAction as e:
        assert words in e.reason, "reason %r lacks %r" % (e.reason, words)
        assert str(e).startswith("ABC"[h.turn] + " "), str(e)  # the message names the seat
        assert state(h) + (h.high_bid, h.bidder, h.passed, h.nlog, h.trump, h.pending) == before
        return
    raise AssertionError("%s was accepted" % move)


def play_out(h):
    buf = bytearray(MAX_ACTIONS)
    while not h.over:
        h.legal_actions(buf)
        h.act(buf[0])


# --- rules and the deal ------------------------------------------------------------


def test_the_rules_are_four_hands_without_the_solo_option():
    r = BidRules(3)
    assert r.name == "bid-three" and r.hand_size == 8 and r.target == 7
    assert BidRules(2).name == "bid-two" and BidRules(2).hand_size == 12
    assert [o[0] for o in OPTIONS] == ["all-pass", "last-trick-bonus", "marriage-lead", "below-zero"]
    for bad in (("solo", "all-tricks"), ("all-pass", "maybe")):
        try:
            r.set_option(bad[0], bad[1])
            raise AssertionError("accepted %s" % (bad,))
        except ValueError:
            pass
    r.set_option("all-pass", "dealer")
    assert r.changed_options() == [("all-pass", "dealer")]
    assert r.solo_all_tricks == 1  # what the search reads: a moon needs every trick


def test_every_card_is_dealt_in_packets_of_four_from_the_dealers_left():
    for n in (2, 3):
        h = BidHand(BidRules(n))
        h.deal_shuffled(0, bytearray(range(24)))
        assert [count(h.hands[s]) for s in range(n)] == [24 // n] * n
        assert h.hands[1] & 0xF == 0xF  # the first packet goes to the dealer's left
        assert h.phase == BIDDING and h.turn == 1


def test_a_deal_that_is_not_the_deck_is_refused():
    h = BidHand(BidRules(2))
    for hands in ((TWO[0], TWO[0]), (TWO[0], "AD TD KD QD JD 9D AS TS KS QS JS")):
        try:
            h.deal(0, [cards(x) for x in hands])
            raise AssertionError("accepted")
        except ValueError:
            pass


def test_a_deal_with_a_card_outside_the_24_card_deck_is_refused():
    """README "Bidding for two and three" (every card is dealt) and
    RULES.md, "Things the engine must reject": twelve cards each, none
    twice, is no deal when one of them (id 24) is not in the deck."""
    for n, hands in ((2, TWO), (3, THREE)):
        sets = [cards(x) for x in hands]
        sets[0] = (sets[0] & ~cards("AH")) | (1 << 24)
        try:
            BidHand(BidRules(n)).deal(n - 1, sets)
        except ValueError as e:
            assert "24-card deck" in str(e), str(e)
            continue
        raise AssertionError("a deal with a card outside the deck was accepted")


# --- bidding -----------------------------------------------------------------------


def test_bidding_goes_clockwise_from_the_dealers_left_and_each_bid_is_higher():
    h = dealt(THREE, dealer=1)
    assert h.turn == 2
    act(h, "bid 1")
    assert h.turn == 0
    refused(h, "bid 1", "must bid higher than 1")
    act(h, "bid 2", "pass")  # B passes
    assert h.turn == 2
    act(h, "bid 3")
    assert h.turn == 0  # B is skipped: a pass is final
    act(h, "pass")
    assert h.phase == PLAYING and h.bidder == 2 and h.high_bid == 3 and h.turn == 2


def test_a_moon_ends_the_auction_at_once():
    h = dealt()
    act(h, "bid 5")
    assert h.phase == PLAYING and h.bidder == 0 and h.high_bid == MOON
    refused(h, "bid 1", "the bidding is over")


def test_an_auction_all_pass_throws_the_hand_in():
    h = dealt(THREE)
    act(h, "pass", "pass", "pass")
    assert h.over and h.phase == OVER and h.reason == R_PASSED_OUT and h.winner == -1
    refused(h, "pass", "the hand is over")


def test_under_all_pass_dealer_the_dealer_must_bid():
    h = dealt(TWO, r=bid_rules(2, all_pass="dealer"))
    act(h, "pass")
    refused(h, "pass", "dealer must bid")
    act(h, "bid 1")
    assert h.phase == PLAYING and h.bidder == 1


def test_a_card_before_the_auction_is_over_is_refused():
    refused(dealt(), "AH", "must bid or pass first")


# --- play ----------------------------------------------------------------------------


def test_the_bidder_leads_and_the_first_card_led_makes_trumps():
    h = dealt()
    act(h, "pass", "bid 1")  # A passes, B bids
    assert h.turn == 1 and h.trump == -1
    act(h, "AS")
    assert h.trump == parse_suit("S")


# A: hearts' ace and nine, clubs, diamonds' top four; B the rest.
HEAD = ("AH 9H AC TC KC QC JC 9C AD TD KD QD", "TH KH QH JH 9D JD AS TS KS QS JS 9S")


def test_strict_play_follow_and_head_then_trump_when_void():
    h = dealt(HEAD)
    act(h, "pass", "bid 1", "KH")  # B leads: hearts are trumps
    refused(h, "9H", "must head the trick")
    refused(h, "AC", "must follow suit: holds hearts")
    act(h, "AH", "AC")  # A takes it and leads a club: B has none
    refused(h, "9S", "must trump: holds no clubs but has hearts")
    act(h, "JH")
    assert h.turn == 1 and h.tricks == [1, 1] or h.tricks == [1, 1]
    assert h.voids[1] == 1 << parse_suit("C")


def test_a_three_handed_trick_takes_three_cards_and_the_defenders_win_together():
    h = dealt(THREE)
    act(h, "bid 1", "pass", "pass", "9S")  # A leads: spades are trumps
    refused(h, "JH", "must follow suit")
    act(h, "TS")
    refused(h, "AD", "must follow suit")  # C cannot head the ten but must follow
    act(h, "JS")
    assert h.tricks[1] == 1 and h.turn == 1 and h.last_winner == 1
    assert h.card_points[1] == 12 and h.side_of(1) == h.side_of(2) == 1


# --- marriages ---------------------------------------------------------------------


def test_a_marriage_on_the_first_lead_is_in_trumps_and_counts_after_a_trick():
    h = dealt()
    act(h, "bid 1", "pass", "marry H")
    assert h.marriage_points[0] == 40 and h.side_score(0) == 0
    refused(h, "AH", "must lead the king or queen of the marriage in hearts")
    act(h, "KH", "9D")
    assert h.trump == parse_suit("H") and h.side_score(0) == 44
    act(h, "marry C", "QC", "JD")
    assert h.marriage_points[0] == 60 and h.side_score(0) == 69


def test_only_the_player_on_lead_shows_a_marriage_and_the_queen_option():
    h = dealt(r=bid_rules(2, marriage_lead="queen"))
    act(h, "bid 1", "pass", "marry C")
    refused(h, "KC", "must lead the queen")
    act(h, "QC")
    refused(h, "marry D", "only the player on lead")


def test_the_defenders_marriage_counts_for_their_side():
    h = dealt(THREE)
    act(h, "bid 1", "pass", "pass", "9S", "KS", "QS")  # spades trumps; B takes it
    act(h, "9H", "JS", "QH")  # C has no heart: it trumps, and A must follow
    assert h.turn == 2 and h.tricks[1] == 2
    act(h, "marry D")
    assert h.marriage_points == [0, 20] and h.side_score(1) == h.card_points[1] + 20
