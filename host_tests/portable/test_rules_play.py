"""Dealing, tricks, drawing and the strict phase (RULES.md 1 and 2a)."""

from sixtysix.cards import card_name, count
from sixtysix.cardtext import parse_card
from sixtysix.hand import CLAIM, MAX_ACTIONS
from sixtysix.match import Match
from sixtysix.rules import SCHNAPSEN, SIXTY_SIX, Rules
from support import act, cards, deal, position, rejected, rules

A_CARDS = "AH TH KC QC 9S JD"
B_CARDS = "AC TC KH QH 9H JS"
STOCK = "9C JC KD QD TD AD 9D JH KS TS AS"  # top first; upcard QS follows


def game():
    return deal(rules(), A_CARDS, B_CARDS, "QS", STOCK)


def test_match_deals_six_each_an_upcard_and_eleven_face_down():
    h = Match(Rules(SIXTY_SIX), 11).start_hand()
    assert count(h.hands[0]) == 6 and count(h.hands[1]) == 6
    assert h.facedown() == 11
    assert h.upcard >= 0 and h.trump == h.upcard // 6
    assert h.hands[0] | h.hands[1] | sum(1 << c for c in h.stock) == 0xFFFFFF


def test_schnapsen_deals_five_each_an_upcard_and_nine_face_down():
    h = Match(Rules(SCHNAPSEN), 11).start_hand()
    assert count(h.hands[0]) == 5 and count(h.hands[1]) == 5
    assert h.facedown() == 9
    assert h.hands[0] | h.hands[1] | sum(1 << c for c in h.stock) == Rules(SCHNAPSEN).deck()


def test_deal_gives_packets_of_three_to_the_non_dealer_first():
    r = Rules(SIXTY_SIX)
    from sixtysix.hand import Hand

    h = Hand(r)
    order = bytearray(range(24))
    h.deal_shuffled(0, order)  # A deals, B receives first
    assert h.hands[1] == cards(" ".join(card_name(c) for c in (0, 1, 2, 6, 7, 8)))
    assert h.hands[0] == cards(" ".join(card_name(c) for c in (3, 4, 5, 9, 10, 11)))
    assert h.upcard == 12 and h.stock[0] == 13


def test_schnapsen_deal_gives_packets_of_three_then_two():
    r = Rules(SCHNAPSEN)
    from sixtysix.hand import Hand

    deck = [c for c in range(24) if c % 6]
    h = Hand(r)
    h.deal_shuffled(1, deck)
    assert h.hands[0] == sum(1 << c for c in deck[0:3] + deck[6:8])
    assert h.hands[1] == sum(1 << c for c in deck[3:6] + deck[8:10])
    assert h.upcard == deck[10]


def test_a_deal_that_is_not_the_deck_is_refused_with_its_reason():
    from sixtysix.hand import Hand

    h = Hand(Rules(SIXTY_SIX))
    a = cards(A_CARDS)
    b = cards(B_CARDS)
    stock = [parse_card(n) for n in (STOCK + " QS").split()]
    cases = (
        (b, a, stock + [stock[0]], "stock must hold 12"),
        (b, a | 1 << stock[0], stock, "each hand must hold 6"),
        (b, a, stock[:-1] + [24], "no such card"),
        (b, a, stock[:-1] + [stock[0]], "appears twice"),
        ((b | cards("9C")) & ~cards("AC"), (a | cards("9C")) & ~cards("AH"), stock, "in both hands"),
    )
    for dealer_cards, other_cards, bad, words in cases:
        try:
            h.deal(1, dealer_cards, other_cards, bad)
        except ValueError as e:
            assert words in str(e), "%r lacks %r" % (str(e), words)
        else:
            raise AssertionError("dealt: " + words)
    h.deal(1, b, a, stock)  # the same deck in order is taken
    assert h.hands == [a, b]


def test_upcard_suit_is_trumps():
    h = game()
    assert h.trump == 3 and card_name(h.upcard) == "QS"


def test_non_dealer_leads_first():
    h = game()
    assert h.dealer == 1 and h.turn == 0 and h.leader == 0


def test_follower_need_not_follow_suit_while_the_stock_is_open():
    h = game()
    act(h, "AH")
    assert h.legal_plays() == h.hands[1]  # any card, even with hearts in hand
    act(h, "AC")
    assert h.tricks[0] == 1


def test_higher_card_of_the_suit_led_wins():
    h = game()
    act(h, "TH", "KH")
    assert h.last_winner == 0  # TH beats KH
    h = game()
    act(h, "KC", "AC")
    assert h.last_winner == 1


def test_a_card_of_another_plain_suit_never_wins():
    h = game()
    act(h, "JD", "AC")
    assert h.last_winner == 0 and h.card_points[0] == 13


def test_a_trump_beats_any_plain_card_and_the_higher_trump_wins():
    h = game()
    act(h, "AH", "JS")
    assert h.last_winner == 1
    h2 = position(rules(), "AS 9C", "KS 9D", "S", leader=1, stock=None)
    act(h2, "KS", "AS")
    assert h2.last_winner == 0


def test_winner_draws_first_then_loser_and_winner_leads_next():
    h = game()
    act(h, "AH", "9H")  # A wins
    assert (h.hands[0] >> parse_card("9C")) & 1
    assert (h.hands[1] >> parse_card("JC")) & 1
    assert h.turn == 0 and h.leader == 0
    assert h.facedown() == 9


def test_last_face_down_card_goes_to_the_winner_and_the_upcard_to_the_loser():
    r = rules()
    h = position(r, "AH 9C", "KH 9D", "S", leader=0, stock="TS QS")
    # two cards left: TS face down, QS the upcard
    assert h.facedown() == 1
    act(h, "AH", "KH")
    assert (h.hands[0] >> parse_card("TS")) & 1
    assert (h.hands[1] >> parse_card("QS")) & 1
    assert h.upcard < 0 and h.stock_left() == 0 and h.strict()
    assert (h.known[1] >> parse_card("QS")) & 1  # everyone saw the upcard


def test_strict_phase_must_follow_suit():
    h = position(rules(), "AH 9C", "KH 9D", "S", leader=0)
    act(h, "AH")
    assert h.legal_plays() == cards("KH")
    assert "must follow suit: holds hearts" in rejected(h, "9D")


def test_holding_only_the_ace_of_the_suit_led_is_still_a_duty_to_follow():
    h = position(rules(), "KH 9C", "AH 9D", "S", leader=0)
    act(h, "KH")
    assert h.legal_plays() == cards("AH")
    assert "must follow suit: holds hearts" in rejected(h, "9D")


def test_strict_phase_void_may_play_any_card_by_default():
    h = position(rules(), "AH 9C", "KS 9D", "S", leader=0)
    act(h, "AH")
    assert h.legal_plays() == cards("KS 9D")


def test_option_void_trump_makes_a_void_player_trump():
    h = position(rules(void="trump"), "AH 9C", "KS 9D", "S", leader=0)
    act(h, "AH")
    assert h.legal_plays() == cards("KS")
    assert "must trump" in rejected(h, "9D")


def test_option_head_makes_the_follower_play_higher_of_the_suit():
    h = position(rules(head="yes"), "KH 9C", "AH JH", "S", leader=0)
    act(h, "KH")
    assert h.legal_plays() == cards("AH")
    assert "must head" in rejected(h, "JH")


def test_head_does_not_apply_when_unable_to_beat():
    h = position(rules(head="yes"), "AH 9C", "KH JH", "S", leader=0)
    act(h, "AH")
    assert h.legal_plays() == cards("KH JH")


def test_default_has_no_duty_to_head():
    h = position(rules(), "KH 9C", "AH JH", "S", leader=0)
    act(h, "KH")
    assert h.legal_plays() == cards("AH JH")


def test_schnapsen_strict_phase_must_follow_head_and_trump():
    r = rules("schnapsen")
    h = position(r, "KH JC", "AH JH", "S", leader=0)
    act(h, "KH")
    assert h.legal_plays() == cards("AH")
    h = position(r, "KH JC", "AS JD", "S", leader=0)
    act(h, "KH")
    assert h.legal_plays() == cards("AS")


def test_a_closed_stock_makes_play_strict():
    h = game()
    act(h, "close", "AH")
    assert h.legal_plays() == cards("KH QH 9H")


def test_no_draws_after_closing():
    h = game()
    act(h, "close", "AH", "9H")
    assert count(h.hands[0]) == 5 and count(h.hands[1]) == 5
    assert h.facedown() == 11


def test_a_failure_to_follow_reveals_a_void():
    h = position(rules(void="trump"), "AH 9C TC", "KC 9D JC", "S", leader=0)
    act(h, "AH", "9D")  # B has no hearts and no trumps
    assert h.voids[1] == (1 << 2) | (1 << 3)


def test_not_following_while_the_stock_is_open_reveals_nothing():
    h = game()
    act(h, "AH", "AC")  # B holds hearts and need not follow
    assert h.voids == [0, 0]


def test_legal_actions_never_exceed_the_buffer():
    h = position(rules(), "KC QC KD QD KH QH", "AC 9D JC TS 9H JH", "S", leader=0, stock="AS QS")
    buf = bytearray(MAX_ACTIONS)
    n = h.legal_actions(buf)
    assert n <= MAX_ACTIONS and buf[n - 1] == CLAIM


def test_playing_a_card_not_in_hand_is_rejected():
    h = game()
    assert "not in hand" in rejected(h, "AC")
