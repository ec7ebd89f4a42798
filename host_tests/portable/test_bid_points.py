"""Sixty-Six with bidding for two and for three, part four (test_bid.py,
test_bid_match.py and test_bid_more.py have the others): who takes a
trumped trick, and a side's points, which are its cards and the marriages
it showed, for the bidder's contract and the defenders' game points alike
(points // 33 to the point).  A module of its own: test_bid_more with
these beside it no longer compiled on MicroPython's 64K-word heap."""

from test_bid import THREE, act, dealt, play_out


def test_a_trump_beats_a_higher_card_of_the_led_suit_played_after_it():
    """Trick winner (RULES.md 1, kept by 2c and the bidding games): a trump
    wins over the led suit, though a heart has a higher card id than a club:
    C's queen of trumps takes the trick from A's ace of hearts played after."""
    h = dealt(("JC AH JH QH KH TH TC KC", "AC 9H 9D JD QD KD TD AD", "9C QC 9S JS QS KS TS AS"))
    act(h, "bid 1", "pass", "pass", "JC", "AC", "9C")  # clubs are trumps; B takes it
    act(h, "9H", "QC", "AH")
    assert h.last_winner == 2 and h.tricks[1] == 2


def test_a_bid_of_132_is_made_with_every_card_and_a_shown_marriage():
    """RULES.md 2c (README "Bidding for two and three", 4 and 5): a side's
    points are its cards plus the marriages it showed, so A's 120 in cards
    and the 40 of the heart marriage reach a bid of 4."""
    h = dealt()
    act(h, "bid 4", "pass", "marry H", "KH")
    play_out(h)  # A takes every trick
    assert h.card_points[0] == 120 and h.side_score(0) == 160
    assert h.made and list(h.game_points) == [4, 0]


def test_the_defenders_shown_marriage_counts_in_their_game_points():
    """README "Bidding for two and three", 5: the other side scores its
    points // 33, marriages included: 85 in cards and 20 shown are 105,
    worth 3 (the cards alone would be worth 2)."""
    h = dealt(THREE)
    act(h, "bid 1", "pass", "pass", "9S", "KS", "QS", "9H", "JS", "QH", "marry D")
    play_out(h)
    assert h.card_points[1] == 85 and h.side_score(1) == 105
    assert h.made and list(h.game_points) == [1, 3]


def test_the_defenders_exactly_66_points_are_worth_2():
    """README "Bidding for two and three", 5: the other side scores its
    points // 33, so exactly 66 is worth 2 (B is given 66 and a trick from
    earlier play; A, holding every heart and club, takes every trick)."""
    h = dealt()
    act(h, "bid 1", "pass")
    h.card_points[1] = 66
    h.tricks[1] = 1
    play_out(h)
    assert h.side_score(1) == 66 and h.made and list(h.game_points) == [1, 2]
