"""What a seat of four-hand and of the bidding games may see (view_four.py,
view_bid.py): what the table shows, never another seat's cards.  A module
of its own: test_four.py and test_bid_match.py with the views compiled
beside them no longer fit MicroPython's 64K-word heap."""

from seatmoves import act
from sixtysix.bid import BidHand, BidRules
from sixtysix.cardtext import parse_card, parse_suit
from sixtysix.four import PLAYING, FourHand, FourRules
from sixtysix.rng import Rng
from sixtysix.view_bid import BidView
from sixtysix.view_four import FourView


def cards(text):
    s = 0
    for name in text.split():
        s |= 1 << parse_card(name)
    return s


def ids(s):
    return [c for c in range(24) if (s >> c) & 1]


# Four-hand, dealer D so A bids first.  A holds the heart marriage.
FOUR = ("AH TH KH QH 9C JC", "AC TC KC QC JD 9D", "AS TS KS QS JH 9H", "AD TD KD QD JS 9S")
# Three players, dealer C so A bids first.
THREE = ("AH TH KH QH AC TC KC 9S", "JH 9H QC JC 9C AS TS KS", "AD TD KD QD JD 9D QS JS")


def four():
    h = FourHand(FourRules())
    h.deal(3, [cards(x) for x in FOUR])
    return h


def three():
    h = BidHand(BidRules(3))
    h.deal(2, [cards(x) for x in THREE])
    return h


# --- four-hand -------------------------------------------------------------------


def test_a_four_hand_view_lists_actions_only_for_the_seat_to_act():
    """Another seat's legal cards would tell what it holds."""
    h = four()
    act(h, "bid 1", "pass", "pass", "pass", "9C")  # B must follow clubs, and head
    for seat in range(4):
        v = FourView(h, seat)
        assert v.side == seat & 1 and v.partner == (seat + 2) & 3 and v.hand == h.hands[seat]
        if seat == 1:
            heads = cards("QC KC TC AC")
            assert list(v.actions) == ids(heads) and v.legal_plays == heads
        else:
            assert len(v.actions) == 0 and v.legal_plays == 0, seat


def test_a_four_hand_view_knows_a_shown_marriage_until_its_cards_are_played():
    h = four()
    act(h, "bid 1", "pass", "pass", "pass", "marry H")
    kq = cards("KH QH")
    assert FourView(h, 1).known[0] == kq and not FourView(h, 1).unseen() & kq
    act(h, "QH")
    assert FourView(h, 2).known[0] == cards("KH")


def test_a_four_hand_view_scores_a_shown_marriage_once_the_side_has_a_trick():
    h = four()
    act(h, "bid 1", "pass", "pass", "pass", "marry H", "QH")
    assert FourView(h, 1).scores == (0, 0)
    act(h, "9D", "9H", "JS")  # A's queen takes it: 3 + 0 + 0 + 2 and the 40
    assert FourView(h, 1).scores == (45, 0) and FourView(h, 0).scores == (45, 0)
    assert FourView(h, 3).won == (cards("QH 9D 9H JS"), 0)


def test_a_four_hand_view_shows_the_voids_a_seat_has_shown():
    h = four()
    act(h, "pass", "pass", "pass", "bid 1", "9S")  # D leads: spades are trumps
    act(h, "9C")  # A has no spade: void in spades
    assert FourView(h, 1).voids == (1 << parse_suit("S"), 0, 0, 0)


def test_a_four_hand_view_names_the_seats_that_passed_and_the_marriage_under_its_seat():
    """RULES.md 2c: each seat may pass once, and a marriage shown by a
    seat counts for its side: the view keeps both under the right seat."""
    h = four()
    act(h, "bid 1", "pass", "pass", "pass", "marry H")  # B, C and D pass; A shows hearts
    for seat in range(4):
        v = FourView(h, seat)
        assert v.passed == 0b1110, seat  # seat bits: B, C, D
        assert v.marriages == (1 << parse_suit("H"), 0, 0, 0), seat


def test_a_four_hand_view_counts_only_cards_as_played_not_a_club_marriage():
    h = FourHand(FourRules())
    h.deal(3, [cards(x) for x in ("KC QC 9H JH QH KH", "AC TC JC 9C JD 9D", "AS TS KS QS AH TH", FOUR[3])])
    act(h, "bid 1", "pass", "pass", "pass", "marry C", "QC")  # MARRY + clubs is action 64: no card
    v = FourView(h, 1)
    assert v.played_by == (cards("QC"), 0, 0, 0) and v.counts == (5, 6, 6, 6)


# --- the bidding games -----------------------------------------------------------


def test_at_three_a_view_knows_no_other_hand_and_lists_actions_only_for_its_turn():
    h = three()
    act(h, "bid 1", "pass", "pass", "9S")  # B must follow spades and head: KS, TS or AS
    for seat in range(3):
        v = BidView(h, seat)
        assert v.hand == h.hands[seat] and v.known == (0, 0, 0, 0)
        assert v.unseen() == 0xFFFFFF & ~h.hands[seat] & ~cards("9S")
        if seat == 1:
            heads = cards("KS TS AS")
            assert list(v.actions) == ids(heads) and v.legal_plays == heads
        else:
            assert len(v.actions) == 0 and v.legal_plays == 0, seat


def test_at_three_a_shown_marriage_is_known_to_all_until_its_cards_are_played():
    h = three()
    act(h, "bid 1", "pass", "pass", "marry H")
    kq = cards("KH QH")
    assert BidView(h, 1).known[0] == kq and BidView(h, 2).known[0] == kq
    act(h, "QH")
    assert BidView(h, 2).known[0] == cards("KH")


def test_a_bidding_view_scores_the_defenders_marriage_once_they_have_a_trick():
    h = three()
    act(h, "bid 1", "pass", "pass", "9S", "KS", "QS")  # spades trumps; B takes it
    act(h, "9H", "JS", "QH", "marry D")
    assert h.phase == PLAYING and BidView(h, 0).scores == (0, h.card_points[1] + 20)


def test_a_bidding_view_keeps_side_trick_void_and_marriage_under_their_owner():
    """RULES.md 2c: a trick goes to the winner's side (0 the bidder), a
    seat that cannot follow shows a void, a marriage is shown by a seat;
    the same for every seat's view, and `side` is 0 only for the bidder."""
    h = three()
    act(h, "bid 1", "pass", "pass", "AH", "JH", "AD")  # hearts trumps; C has none; A takes it
    taken = cards("AH JH AD")
    for seat in range(3):
        v = BidView(h, seat)
        assert v.side == (0 if seat == 0 else 1), seat
        assert v.won == (taken, 0), seat
        assert v.voids == (0, 0, 1 << parse_suit("H"), 0), seat
        assert v.played() == taken, seat
    act(h, "marry H")  # A leads again and shows the trump pair
    assert BidView(h, 2).marriages == (1 << parse_suit("H"), 0, 0, 0)


def test_a_bidding_view_leaves_unseen_only_what_other_seats_hold_unshown():
    """View-only: every card is dealt at two and at three, so the cards a
    seat cannot place are those still in the others' hands and not shown;
    at two that is none, as a seat knows the other's hand from its own."""
    for seats in (2, 3):
        for seed in range(4):
            h = BidHand(BidRules(seats))
            order = bytearray(range(24))
            rng = Rng(seed * 3 + seats)
            rng.shuffle(order, 24)
            h.deal_shuffled(seed % seats, order)
            buf = bytearray(16)
            while not h.over:
                for seat in range(seats):
                    v = BidView(h, seat)
                    hidden = 0
                    for s in range(seats):
                        if s != seat:
                            hidden |= h.hands[s] & ~h.known[s]
                    if seats == 2:
                        assert v.known[1 - seat] == h.hands[1 - seat], "two: the other's hand is known"
                        hidden = 0
                    assert v.unseen() == hidden, (seats, seat, v.unseen(), hidden)
                h.act(buf[rng.below(h.legal_actions(buf))])


def test_a_world_set_from_a_view_is_the_hand_as_dealt_and_played():
    h = three()
    act(h, "bid 1", "pass", "pass", "9S", "KS", "QS", "9H")
    w = BidHand(h.rules)
    w.set_position(BidView(h, 0), h.hands)
    assert w.dealt == h.dealt and w.hands == h.hands and bytes(w.trick) == bytes(h.trick)
    assert (w.turn, w.lead, w.trump, w.tricks) == (h.turn, h.lead, h.trump, h.tricks)
