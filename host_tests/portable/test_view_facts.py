"""What a view tells a player, held against the hand it is of.

test_sampling checks that a world agrees with its view; these check that
the view agrees with the real hand: every public fact as the hand has it,
for the right seat, and no card placed that the player cannot place.  A
view that lost a void, or swapped a seat's figures, would otherwise pass
on to every world dealt from it.  Portable: plain asserts.
"""

import sys

from randplay import random_positions
from sixtysix.cards import KING, count
from sixtysix.hand import Hand
from sixtysix.rng import Rng
from sixtysix.sampling import WorldSampler, opp_allowed, pair_suits
from sixtysix.view import View
from support import act, cards, deal, rules

SMALL = sys.implementation.name == "micropython"
HANDS = 60 if SMALL else 200


def facedown_cards(h):
    """The stock's face-down cards (the upcard, last, not among them)."""
    out = 0
    for i in range(h.pos, len(h.stock) - 1):
        out |= 1 << h.stock[i]
    return out


def test_a_view_holds_the_hands_public_facts_for_its_own_seat():
    seen = assisted = counting = 0
    for h in random_positions(43, HANDS):
        for me in range(2):
            opp = 1 - me
            v = View(h, me)
            assert v.opp_voids == h.voids[opp], "the opponent's voids"
            assert v.my_voids == h.voids[me], "my voids"
            assert v.opp_known == h.known[opp], "the opponent's shown cards"
            assert v.my_known == h.known[me], "my shown cards"
            assert v.opp_no_pairs == h.no_pairs[opp]
            assert v.close_score == (h.close_score[0], h.close_score[1])
            assert v.close_tricks == (h.close_tricks[0], h.close_tricks[1])
            assert v.my_score == h.score(me)
            for name in ("exchanged_by", "closer", "dealer", "leader", "turn", "lead", "pending", "over"):
                assert getattr(v, name) == getattr(h, name), name
            assert v.trump == h.trump and v.upcard == h.upcard and v.facedown == h.facedown()
            assert v.opp_count == count(h.hands[opp]) and v.hand == h.hands[me]
            # Counting mode: the opponent's running score is not shown.
            if h.rules.assisted:
                assert v.opp_score == h.score(opp), "assisted: the opponent's score"
                assisted += 1
            else:
                assert v.opp_score == -1, "counting mode showed the opponent's score"
                counting += 1
            # Unseen: exactly the opponent's unshown cards and the face-down
            # stock; none of my own, taken, led, shown or the upcard.
            hidden = (h.hands[opp] & ~h.known[opp]) | facedown_cards(h)
            assert v.unseen() == hidden, "unseen %x, hidden %x" % (v.unseen(), hidden)
            assert count(v.unseen()) + count(v.opp_known) == v.opp_count + v.facedown
            seen += 1
    assert seen > 20 * HANDS and assisted and counting


# A closes and leads a heart, which B does not have: B is void in hearts.
A_CARDS = "KH QH KS 9S JD TC"
B_CARDS = "AC QC KC 9C JS AD"
STOCK = "JC 9D QD KD TD 9H JH TH AH TS AS"  # upcard QS: spades are trumps
HEARTS = 0x3F << 12


def test_a_void_shown_by_play_is_in_the_view_and_no_world_breaks_it():
    h = deal(rules(), A_CARDS, B_CARDS, "QS", STOCK)
    act(h, "close", "KH", "JS")  # B trumps: no heart
    v = View(h, 0)
    assert v.opp_voids & (1 << 2), "B's hearts void is not in A's view"
    assert v.unseen() & HEARTS, "hearts are left to deal, to the stock"
    sampler = WorldSampler(h.rules)
    world = Hand(h.rules)
    rng = Rng(17)
    in_stock = 0
    for _ in range(40 if SMALL else 200):
        sampler.deal(v, rng, world)
        assert not world.hands[1] & HEARTS, "B dealt a heart after showing none"
        assert count(world.hands[1]) == count(h.hands[1])
        in_stock |= facedown_cards(world) & HEARTS
    assert in_stock == v.unseen() & HEARTS, "every unseen heart is in the stock"


def test_a_marriage_shown_is_known_to_both_seats_from_their_own_side():
    h = deal(rules(), A_CARDS, B_CARDS, "QS", STOCK)
    act(h, "marry H", "KH")
    pair = cards("QH")  # the king is led: only the queen is still held
    assert View(h, 0).my_known == pair and View(h, 0).opp_known == 0
    assert View(h, 1).opp_known == pair and View(h, 1).my_known == 0
    assert not View(h, 1).unseen() & pair, "a shown queen left among the unseen"


def test_pair_suits_is_the_king_and_queen_of_each_suit_only():
    for suit in range(4):
        k = suit * 6 + KING
        q = k - 1
        assert pair_suits((1 << k) | (1 << q)) == 1 << suit, "suit %d" % suit
        assert pair_suits(1 << k) == 0 and pair_suits(1 << q) == 0
        assert pair_suits((1 << q) | (1 << (q - 1))) == 0, "jack and queen"
        assert pair_suits((1 << k) | (1 << (k + 1))) == 0, "king and ten"
    assert pair_suits(0xFFFFFF) == 0xF
    assert pair_suits(cards("KC QC KS QS")) == 0x9


def test_voids_that_would_leave_too_few_cards_give_way():
    """opp_allowed keeps a deal possible: voids that leave fewer cards than
    the opponent's hidden ones (no true view does) allow every unseen card."""
    h = deal(rules(), A_CARDS, B_CARDS, "QS", STOCK)
    act(h, "close", "KH", "JS")
    v = View(h, 0)
    unseen = v.unseen()
    assert opp_allowed(v, unseen) == unseen & ~HEARTS
    v.opp_voids = 0xF
    assert opp_allowed(v, unseen) == unseen


def test_a_world_keeps_what_each_seat_has_shown():
    """Worlds are Hands a search plays on: the cards each seat has shown and
    the voids each has shown are the real hand's, for both seats."""
    rng = Rng(8)
    rules_ = sampler = world = None
    checked = shown = 0
    for h in random_positions(47, HANDS // 2):
        if h.rules is not rules_:
            rules_ = h.rules
            sampler = WorldSampler(rules_)
            world = Hand(rules_)
        for me in range(2):
            sampler.deal(View(h, me), rng, world)
            for p in range(2):
                assert world.known[p] == h.known[p], "seat %d's shown cards" % p
                assert world.voids[p] == h.voids[p], "seat %d's voids" % p
            assert world.no_pairs[1 - me] == h.no_pairs[1 - me]
            checked += 1
            shown += h.known[me] != 0 and h.voids[me] != 0
    assert checked > 10 * HANDS and shown


def test_the_face_down_stock_is_dealt_in_random_order():
    """The stock's order is shuffled: its last face-down card is the highest
    of them about once in as many deals as there are cards, not always."""
    h = deal(rules(), A_CARDS, B_CARDS, "QS", STOCK)
    act(h, "KH", "JS")  # B takes the trick; both draw; nine face down left
    v = View(h, 0)
    assert v.facedown == 9 and not v.strict
    sampler = WorldSampler(h.rules)
    world = Hand(h.rules)
    rng = Rng(23)
    deals = 60 if SMALL else 300
    last_highest = 0
    firsts = 0
    for _ in range(deals):
        sampler.deal(v, rng, world)
        n = len(world.stock)
        down = facedown_cards(world)
        assert count(down) == 9
        last = world.stock[n - 2]
        if not down >> (last + 1):
            last_highest += 1
        firsts |= 1 << world.stock[world.pos]
    assert last_highest < deals // 3, "the last face-down card is the highest %d times" % last_highest
    assert count(firsts) > 9, "few cards ever on top of the stock"
