"""Sixty-Six with bidding for two and for three, part three (test_bid.py
and test_bid_match.py have parts one and two): the deal's error messages,
the contract's figures, the auction passing a seat that has passed, trumps
that stay, marriage cards known, a copied position, heading the second
player's card and a trump marriage after the first lead.  A module of its
own: each part must compile on MicroPython's 64K-word heap."""

from sixtysix.bid import BidHand, BidRules
from sixtysix.cardtext import parse_card, parse_suit
from sixtysix.four import BIDDING
from test_bid import THREE, act, cards, dealt, refused


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
    assert h.known[0] == cards("KH QH") and h.marriages[0] == 1 << parse_suit("H")
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


def test_the_third_player_must_head_the_seconds_higher_card_of_the_led_suit():
    """Strict play (RULES.md 2c, which the bidding games keep): heading
    means beating the highest card of the led suit so far, so after A's 9H
    and B's KH, C's queen of hearts is not enough: C holds the ace."""
    h = dealt(("9H JH 9C JC QC KC AC TC", "KH 9D JD QD KD AD TD 9S", "QH AH TH JS QS KS AS TS"))
    act(h, "bid 1", "pass", "pass", "9H", "KH")  # hearts are trumps
    refused(h, "QH", "must head the trick")
    act(h, "AH")
    assert h.last_winner == 2


def test_a_marriage_in_trumps_after_the_first_lead_is_still_40():
    """RULES.md 2c: a marriage is 20, or 40 in trumps, not only when it is
    shown on the first lead and so makes the trumps."""
    h = dealt()
    act(h, "bid 1", "pass", "9H", "9D")  # hearts are trumps; A takes the trick
    act(h, "marry H")
    assert h.marriage_points[0] == 40
