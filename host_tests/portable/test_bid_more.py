"""Sixty-Six with bidding for two and for three, part three (test_bid.py
and test_bid_match.py have parts one and two): the deal's error messages,
the contract's figures, the auction passing a seat that has passed, trumps
that stay, marriage cards known, and a copied position.  A module of its
own: each part must compile on MicroPython's 64K-word heap."""

from sixtysix.bid import BidHand, BidRules
from sixtysix.cardtext import parse_card, parse_suit
from sixtysix.four import BIDDING
from test_bid import THREE, act, cards, dealt


def test_a_wrong_deal_says_which_seat_is_short_or_which_card_is_twice():
    hands = [cards(x) for x in THREE]
    short = [hands[0] & ~cards("9S"), hands[1], hands[2] | cards("9S")]
    twice = [hands[0], hands[1] & ~cards("AS") | cards("9S"), hands[2]]
    for wrong, words in ((short, "A must be dealt 8 cards"), (twice, "a card is dealt twice")):
        try:
            BidHand(BidRules(3)).deal(2, wrong)
            raise AssertionError("accepted")
        except ValueError as e:
            assert words in str(e), str(e)


def test_the_turn_skips_a_player_who_passed_on_its_way_round():
    h = dealt(THREE)
    act(h, "bid 1", "pass", "bid 2", "bid 3")  # B passed: after A comes C
    assert h.turn == 2 and h.phase == BIDDING


def test_clubs_made_trumps_by_the_first_lead_stay_trumps():
    h = dealt(THREE)
    act(h, "bid 1", "pass", "pass", "AC", "QC", "9D")  # clubs are trumps; A takes it
    act(h, "AH")
    assert h.trump == parse_suit("C") and h.lead == parse_card("AH")


def test_a_shown_marriage_is_known_until_its_cards_are_played():
    h = dealt(THREE)
    act(h, "bid 1", "pass", "pass", "marry H")
    assert h.known[0] == cards("KH QH")
    act(h, "QH")
    assert h.known[0] == cards("KH")


def test_a_copy_is_the_same_position_last_trick_included():
    h = dealt(THREE)
    act(h, "bid 1", "pass", "pass", "9S", "KS", "QS", "9H")  # B took the trick and leads
    c = BidHand(h.rules)
    c.copy_from(h)
    assert bytes(c.last_trick) == bytes(h.last_trick) and bytes(c.trick) == bytes(h.trick)
    assert c.hands == h.hands and c.dealt == h.dealt and c.known == h.known
    assert (c.turn, c.lead, c.trump, c.tricks, c.card_points) == (
        h.turn,
        h.lead,
        h.trump,
        h.tricks,
        h.card_points,
    )
