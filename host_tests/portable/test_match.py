"""The match: dealer, game points, the pot, the target (RULES.md 1)."""

from sixtysix.match import Match
from sixtysix.rules import SCHNAPSEN, SIXTY_SIX, Rules
from support import act, position, rules


def finish(m, h):
    """Put a finished hand into the match as if it had just been played."""
    m.hand.copy_from(h)
    m.finish_hand()


def won_by(winner, r=None):
    """A finished hand that `winner` (0/1) won by a claim worth 1 game point:
    the loser took AS TS AH TH (42), the winner the rest."""
    h = position(r or rules(), "9C JC", "9D JD", "S", leader=winner, won_b="AS TS AH TH", tricks=(8, 2))
    if winner == 1:  # swap the piles so that B holds the big one
        for pile in (h.won, h.card_points, h.tricks):
            pile[0], pile[1] = pile[1], pile[0]
    act(h, "claim")
    assert h.winner == winner and h.game_points == 1
    return h


def nobody_won(r=None):
    h = position(r or rules(), "9C", "9D", "S", leader=1, won_b="AS TS AH TH KS QS KH JS", tricks=(7, 4))
    act(h, "9D", "9C")
    assert h.winner == -1
    return h


def test_first_dealer_is_the_lower_card_of_a_draw():
    for seed in range(1, 40):
        m = Match(Rules(SIXTY_SIX), seed)
        order = bytes(m._shuffled())
        m2 = Match(Rules(SIXTY_SIX), seed)
        d = m2.draw_for_dealer()
        i = 0
        while order[i] % 6 == order[i + 1] % 6:
            i += 2
        assert d == (0 if order[i] % 6 < order[i + 1] % 6 else 1)


def test_the_deal_alternates_every_hand_even_without_a_winner():
    m = Match(rules(), 3)
    m.start_hand()
    first = m.dealer
    finish(m, nobody_won())
    assert m.dealer == 1 - first
    finish(m, won_by(0))
    assert m.dealer == first


def test_a_dealer_set_is_kept_when_the_hand_is_dealt():
    # no fresh draw for the dealer once there is one, whichever player it is
    for seed in range(1, 9):
        for dealer in (0, 1):
            m = Match(rules(), seed)
            m.dealer = dealer
            h = m.start_hand()
            assert m.dealer == dealer and h.dealer == dealer and h.turn == 1 - dealer


def test_the_same_seed_deals_the_same_hands():
    a = Match(Rules(SCHNAPSEN), 99).start_hand()
    b = Match(Rules(SCHNAPSEN), 99).start_hand()
    assert a.hands == b.hands and a.stock == b.stock
    c = Match(Rules(SCHNAPSEN), 100).start_hand()
    assert (c.hands, c.stock) != (a.hands, a.stock)


def test_a_hand_nobody_wins_puts_a_point_in_the_pot_for_the_next_winner():
    m = Match(rules(), 1)
    m.dealer = 0
    finish(m, nobody_won())
    assert m.pot == 1 and m.scores == [0, 0]
    finish(m, won_by(1))
    assert m.scores == [0, 2] and m.pot == 0 and m.awarded == [0, 2]
    finish(m, won_by(0))
    assert m.awarded == [1, 0] and m.hands_played == 3  # only the last hand's award


def test_the_pot_adds_up_over_several_hands():
    m = Match(rules(), 1)
    m.dealer = 0
    finish(m, nobody_won())
    finish(m, nobody_won())
    finish(m, won_by(0))
    assert m.scores == [3, 0]


def test_first_to_7_game_points_wins_the_match():
    m = Match(rules(), 1)
    m.dealer = 0
    for _ in range(6):
        finish(m, won_by(0))
    assert m.winner == -1
    finish(m, won_by(0))
    assert m.winner == 0 and m.scores == [7, 0]
    try:
        m.start_hand()
    except ValueError as e:
        assert "over" in str(e)
    else:
        raise AssertionError("a hand was dealt after the match ended")


def test_the_target_is_an_option():
    r = rules()
    r.target = 2
    m = Match(r, 1)
    m.dealer = 0
    finish(m, won_by(1))
    finish(m, won_by(1))
    assert m.winner == 1


def test_a_forfeiting_false_claim_ends_the_match():
    r = rules(false_claim="match")
    h = position(r, "9C JC", "9D JD", "S", leader=0, won_b="AS TS AH TH AC TC", tricks=(6, 3))
    act(h, "claim")
    m = Match(r, 1)
    m.dealer = 1
    finish(m, h)
    assert m.winner == 1 and m.scores == [0, 0]


def test_a_forfeit_pays_the_pot_to_nobody():
    # README rule 20: the match ends on the false claim, the pot unpaid.
    r = rules(false_claim="match")
    m = Match(r, 1)
    m.dealer = 0
    finish(m, nobody_won(r))
    assert m.pot == 1
    h = position(r, "9C JC", "9D JD", "S", leader=0, won_b="AS TS AH TH AC TC", tricks=(6, 3))
    act(h, "claim")
    finish(m, h)
    assert m.winner == 1 and m.scores == [0, 0] and m.awarded == [0, 0]


def test_an_unfinished_hand_cannot_be_booked():
    m = Match(rules(), 1)
    m.start_hand()
    try:
        m.finish_hand()
    except ValueError:
        return
    raise AssertionError("an unfinished hand was booked")
