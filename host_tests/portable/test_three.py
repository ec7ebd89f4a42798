"""Sixty-Six for three players, the dealer sitting out (RULES.md 2b)."""

from sixtysix.cardtext import parse_card
from sixtysix.hand import CLAIM, MAX_ACTIONS, IllegalAction
from sixtysix.rng import Rng
from sixtysix.three import ThreeMatch
from support import cards, code, rules

LEFT = "KH QH 9C TC AS JD"
RIGHT = "9S JH QC KC AH TD"
STOCK = "9D AD KD QD TH QS KS 9H JC AC TS JS"  # the upcard JS last


def dealt(dealer=2, r=None):
    m = ThreeMatch(r or rules())
    m.deal(dealer, cards(LEFT), cards(RIGHT), [parse_card(x) for x in STOCK.split()])
    return m


def won_by(m, seat, points):
    """Finish the hand at once: `seat` wins `points` game points."""
    h = m.hand
    h.over = True
    h.winner = m.player_of(seat)
    h.game_points = points


def test_the_dealer_sits_out_and_the_dealers_left_leads():
    m = dealt(dealer=2)  # C deals: A is on C's left, B on C's right
    assert m.player_of(2) == -1
    assert m.seat_of(0) == 0 and m.seat_of(1) == 1
    assert m.hand.hands[0] == cards(LEFT) and m.hand.hands[1] == cards(RIGHT)
    assert m.turn_seat() == 0


def test_after_c_comes_a_the_left_of_b_is_c():
    m = dealt(dealer=1)  # B deals: C leads, A plays the other hand
    assert m.seat_of(0) == 2 and m.seat_of(1) == 0 and m.turn_seat() == 2


def test_the_two_players_play_ordinary_sixty_six():
    m = dealt()
    m.act(parse_card("AS"))
    m.act(parse_card("9S"))
    h = m.hand
    assert h.tricks[0] == 1 and h.card_points[0] == 11 and h.turn == 0


def test_an_illegal_action_names_the_table_seat_and_changes_nothing():
    m = dealt(dealer=0)  # A deals: B leads with LEFT, C holds RIGHT
    log = m.hand.nlog
    try:
        m.act(code("exchange"))
    except IllegalAction as e:
        assert str(e).startswith("B cannot exchange") and e.player == 1
        assert m.hand.nlog == log
        return
    raise AssertionError("accepted")


def test_the_dealer_scores_the_winners_game_points():
    m = dealt(dealer=2)
    won_by(m, 0, 2)
    m.finish_hand()
    assert m.scores == [2, 0, 2] and m.awarded == [2, 0, 2]


def test_the_outcome_from_a_s_chair_counts_the_dealers_share_against_a():
    m = dealt(dealer=2)  # C deals, A (the hand's first player) wins 2
    won_by(m, 0, 2)
    m.finish_hand()
    assert m.outcome() == (0, 2, 2, False)  # C's share is against A
    m = dealt(dealer=0)  # A deals and sits out; C wins 1
    won_by(m, 2, 1)
    m.finish_hand()
    assert m.outcome() == (2, 1, 1, True)  # A's share is for A
    m = dealt(dealer=1)  # B deals; nobody wins: a pot
    won_by(m, 0, 0)
    m.hand.winner = -1
    m.finish_hand()
    assert m.outcome() == (-1, 0, 0, False)


def test_the_dealer_does_not_share_the_pot():
    m = dealt(dealer=2)
    m.pot = 2
    won_by(m, 1, 1)
    m.finish_hand()
    assert m.scores == [0, 3, 1] and m.pot == 0


def test_a_hand_nobody_wins_feeds_the_pot_and_gives_the_dealer_nothing():
    m = dealt(dealer=2)
    won_by(m, 0, 0)
    m.hand.winner = -1
    m.finish_hand()
    assert m.scores == [0, 0, 0] and m.pot == 1


def test_the_dealers_score_stops_one_below_the_target():
    m = dealt(dealer=2)
    m.scores[2] = 5
    won_by(m, 0, 3)
    m.finish_hand()
    assert m.scores[2] == 6 and m.awarded[2] == 1 and m.winner == -1


def test_a_dealer_already_one_below_the_target_gets_nothing():
    m = dealt(dealer=2)
    m.scores[2] = 6
    won_by(m, 1, 2)
    m.finish_hand()
    assert m.scores == [0, 2, 6] and m.awarded[2] == 0


def test_the_deal_passes_to_the_left():
    m = dealt(dealer=2)
    won_by(m, 0, 1)
    m.finish_hand()
    assert m.dealer == 0
    try:
        m.deal(2, cards(LEFT), cards(RIGHT), [parse_card(x) for x in STOCK.split()])
    except ValueError as e:
        assert "dealer must be A" in str(e)
    else:
        raise AssertionError("the same dealer twice was accepted")


def test_first_to_seven_wins_and_the_target_is_an_option():
    m = dealt()
    m.scores[0] = 6
    won_by(m, 0, 1)
    m.finish_hand()
    assert m.winner == 0
    r = rules()
    r.target = 9
    m = dealt(r=r)
    m.scores[0] = 6
    won_by(m, 0, 2)
    m.finish_hand()
    assert m.winner == -1 and m.scores[2] == 2


def test_false_claim_losing_the_match_makes_the_opponent_seat_win():
    m = dealt(dealer=0, r=rules(false_claim="match"))
    m.act(CLAIM)  # B claims with nothing
    m.finish_hand()
    assert m.winner == 2 and m.scores == [0, 0, 0]


def test_sixty_six_options_apply_to_the_hand():
    m = dealt(r=rules(mode="assisted"))
    assert m.hand.rules.assisted == 1


def test_random_matches_keep_scores_consistent():
    rng = Rng(7)
    buf = bytearray(MAX_ACTIONS)
    for seed in range(1, 15):
        m = ThreeMatch(rules(), seed)
        while m.winner < 0:
            h = m.start_hand()
            while not h.over:
                n = h.legal_actions(buf)
                m.act(buf[rng.below(n)])
            dealer = m.dealer
            m.finish_hand()
            assert m.awarded[dealer] <= h.game_points
            for s in range(3):
                assert 0 <= m.scores[s] < 2**30
            assert m.scores[dealer] < m.rules.target or m.awarded[dealer] == 0
        assert max(m.scores) >= m.rules.target or h.forfeit
        assert sorted(m.scores)[1] < m.rules.target  # only one seat reaches the target


def test_every_decided_hand_brings_its_winner_nearer_the_target():
    """Three-hand cannot go on for ever as four-hand can (issue 12): scores
    never go down and each hand with a winner gives it 1 or more, so at most
    3 x (target - 1) + 1 hands are decided; only pot hands (nobody wins)
    come between them."""
    rng = Rng(5)
    buf = bytearray(MAX_ACTIONS)
    for seed in range(1, 8):
        r = rules()
        r.target = 3
        m = ThreeMatch(r, seed)
        decided = 0
        while m.winner < 0:
            h = m.start_hand()
            while not h.over:
                m.act(buf[rng.below(h.legal_actions(buf))])
            before = list(m.scores)
            w = m.seat_of(h.winner) if h.winner >= 0 else -1  # before the deal passes on
            m.finish_hand()
            if w >= 0:
                decided += 1
                assert m.scores[w] > before[w]
            assert all(m.scores[s] >= before[s] for s in range(3))
            assert decided <= 3 * (r.target - 1) + 1
