"""Marriages, exchanging the trump nine/jack, closing (RULES.md 1 and 2a)."""

from sixtysix.cardtext import parse_card
from sixtysix.hand import CLOSE, EXCHANGE, MARRY, MAX_ACTIONS
from support import act, cards, deal, position, rejected, rules

A_CARDS = "KH QH KS 9S JD TC"
B_CARDS = "AC QC KC 9H JS AD"
STOCK = "9C JC TD KD QD 9D JH TH AH AS TS"  # upcard QS: spades are trumps


def game(r=None, a=A_CARDS, b=B_CARDS, up="QS", stock=STOCK):
    return deal(r or rules(), a, b, up, stock)


def actions(h):
    buf = bytearray(MAX_ACTIONS)
    return set(buf[: h.legal_actions(buf)])


# --- marriages ---------------------------------------------------------------


def test_plain_marriage_is_worth_20_once_a_trick_is_won():
    h = game()
    act(h, "marry H")
    assert h.marriage_points[0] == 20 and h.score(0) == 0  # no trick yet
    act(h, "KH", "9H")
    assert h.score(0) == 20 + 4


def test_royal_marriage_in_trumps_is_worth_40():
    h = game(up="AH", stock="9C JC TD KD QD 9D JH TH QS AS TS")
    assert h.trump == 2
    act(h, "marry H")
    assert h.marriage_points[0] == 40


def test_marriage_points_never_count_without_a_trick():
    h = game()
    act(h, "marry H", "QH", "JS")  # B trumps and takes the trick
    assert h.tricks[0] == 0 and h.score(0) == 0
    assert h.marriage_points[0] == 20


def test_the_non_dealer_may_marry_on_the_very_first_lead():
    h = game()
    assert h.tricks[0] == 0 and MARRY + 2 in actions(h)


def test_after_a_marriage_the_leader_must_lead_king_or_queen():
    h = game()
    act(h, "marry H")
    assert h.legal_plays() == cards("KH QH")
    assert "must lead the king or queen" in rejected(h, "TC")


def test_option_marriage_lead_queen_requires_the_queen():
    h = game(rules(marriage_lead="queen"))
    act(h, "marry H")
    assert h.legal_plays() == cards("QH")
    assert "must lead the queen" in rejected(h, "KH")


def test_marriage_needs_both_king_and_queen():
    h = game()
    assert "does not hold king and queen" in rejected(h, "marry S")


def test_only_the_leader_may_declare_a_marriage():
    h = game(a="KH QH KS 9S JD TC", b="AC QC KC 9H JS AD")
    act(h, "TC")
    assert "only the player on lead" in rejected(h, "marry C")


def test_the_follower_may_not_declare_or_exchange_after_the_lowest_card_is_led():
    # 9C is card 0: a lead of it still makes B the follower
    h = position(rules(), "9C AH TD", "9S KH QH", "S", leader=0, won_b="TC 9H", stock="JC QS")
    act(h, "9C")
    assert h.lead == 0 and MARRY + 2 not in actions(h) and EXCHANGE not in actions(h)
    assert "only the player on lead" in rejected(h, "marry H")
    assert "only before leading" in rejected(h, "exchange")


def test_one_marriage_per_lead():
    h = game(a="KH QH KD QD JD TC", b="AC QC KC 9H JS AD", stock="9C JC TD KS 9S 9D JH TH AH AS TS")
    act(h, "marry H")
    assert "one was just declared" in rejected(h, "marry D")
    act(h, "KH", "AC")  # B trumps nothing, A wins and leads again
    act(h, "marry D")
    assert h.marriages[0] == (1 << 2) | (1 << 1)  # both stay on record


def test_marriages_may_be_declared_after_closing_by_default():
    h = game()
    act(h, "close", "marry H")
    assert h.pending == 2


def test_option_no_marriages_after_the_stock_is_closed_or_exhausted():
    r = rules(marry_after_close="no")
    h = game(r)
    act(h, "close")
    assert "not after the stock is closed" in rejected(h, "marry H")
    h = position(r, "KH QH", "9C 9D", "S", leader=0)
    assert MARRY + 2 not in actions(h)
    assert "not after the stock" in rejected(h, "marry H")  # refused when played, not only unlisted


def test_marriage_shows_both_cards_to_the_opponent():
    h = game()
    act(h, "marry H")
    assert h.known[0] == cards("KH QH")
    act(h, "QH")
    assert h.known[0] == cards("KH")


# --- exchanging --------------------------------------------------------------


def _after_a_won_trick(r=None):
    # A holds the nine of spades; A wins the first trick with TC over 9H.
    h = game(r)
    act(h, "TC", "9H")
    assert h.turn == 0 and h.tricks[0] == 1
    return h


def test_exchange_swaps_the_trump_nine_for_the_upcard_and_keeps_the_lead():
    h = _after_a_won_trick()
    act(h, "exchange")
    assert (h.hands[0] >> parse_card("QS")) & 1 and not (h.hands[0] >> parse_card("9S")) & 1
    assert h.upcard == parse_card("9S")
    assert h.turn == 0 and h.lead < 0
    assert (h.known[0] >> parse_card("QS")) & 1


def test_exchange_needs_a_trick_won_in_sixty_six():
    h = game()
    assert "has not won a trick" in rejected(h, "exchange")


def test_option_exchange_needs_no_trick():
    h = game(rules(exchange_needs_trick="no"))
    act(h, "exchange")
    assert h.exchanged_by == 0


def test_schnapsen_exchanges_the_trump_jack_without_a_trick():
    r = rules("schnapsen")
    h = deal(r, "JS KH QH TC AD", "AC QC KC JH TD", "QS", "JC KD QD JD TH AH AS TS KS")
    act(h, "exchange")
    assert h.upcard == parse_card("JS")
    h = deal(r, "KS KH QH TC AD", "AC QC KC JH TD", "QS", "JC KD QD JD TH AH AS TS JS")
    assert "jack of trumps" in rejected(h, "exchange")


def test_exchange_needs_the_nine():
    h = game(a="KH QH KS AS JD TC", b="AC QC KC 9H JS AD", stock="9C JC TD KD QD 9D JH TH AH 9S TS")
    act(h, "TC", "9H")
    assert "nine of trumps" in rejected(h, "exchange")


def test_exchange_when_following_only_with_option_any_turn():
    # A wins a trick, then B wins one and leads: A follows holding the nine.
    for option, allowed in (("lead", False), ("any-turn", True)):
        h = game(rules(exchange_when=option))
        act(h, "TC", "9H")  # A wins (draws 9C), B draws JC
        act(h, "JD", "AD")  # B wins with AD, leads next
        act(h, "AC")
        assert h.turn == 0 and h.tricks[0] == 1
        if allowed:
            act(h, "exchange")
            assert h.turn == 0 and h.lead == parse_card("AC")
        else:
            assert "only before leading" in rejected(h, "exchange")


def test_no_exchange_when_only_the_upcard_is_left():
    h = position(rules(), "9S AH", "KH 9D", "S", leader=0, won_a="TC 9H", stock="QS")
    assert h.facedown() == 0
    assert "no face-down card" in rejected(h, "exchange")


def test_exchange_with_one_face_down_card_left():
    h = position(rules(), "9S AH", "KH 9D", "S", leader=0, won_a="TC 9H", stock="JC QS")
    assert h.facedown() == 1
    act(h, "exchange")
    assert h.exchanged_by == 0 and h.upcard == parse_card("9S")


def test_a_trick_won_by_the_opponent_does_not_let_a_player_exchange():
    h = position(rules(), "9S AH", "KH 9D", "S", leader=0, won_b="TC 9H", tricks=(0, 1), stock="JC QS")
    assert "has not won a trick" in rejected(h, "exchange")


def test_no_exchange_after_closing():
    h = _after_a_won_trick()
    act(h, "close")
    assert "stock is closed" in rejected(h, "exchange")


def test_exchange_cannot_happen_twice():
    h = _after_a_won_trick()
    act(h, "exchange")
    assert "already exchanged" in rejected(h, "exchange")


# --- closing -----------------------------------------------------------------


def test_the_leader_may_close_before_leading():
    h = game()
    assert CLOSE in actions(h)
    act(h, "close")
    assert h.closer == 0 and h.strict() and h.turn == 0


def test_the_follower_may_not_close_by_default():
    h = game()
    act(h, "TC")
    assert "only the player on lead" in rejected(h, "close")


def test_option_close_by_either_lets_the_follower_close():
    h = game(rules(close_by="either"))
    act(h, "TC", "close")
    assert h.closer == 1
    assert h.legal_plays() == cards("AC QC KC")  # strict at once: follow clubs


def test_cannot_close_twice():
    h = game()
    act(h, "close")
    assert "already closed" in rejected(h, "close")


def test_cannot_close_an_exhausted_stock():
    h = position(rules(), "AH 9C", "KH 9D", "S", leader=0)
    assert "exhausted" in rejected(h, "close")


def test_closing_is_allowed_with_one_face_down_card_left():
    h = position(rules(), "AH 9C", "KH 9D", "S", leader=0, stock="TS QS")
    act(h, "close")
    assert h.closer == 0


def test_closing_ends_the_right_to_exchange():
    h = _after_a_won_trick()
    assert EXCHANGE in actions(h)
    act(h, "close")
    assert EXCHANGE not in actions(h)
