"""Claims, closing, the last trick and game points (RULES.md 1 and 2a)."""

from sixtysix.hand import (
    MAX_ACTIONS,
    R_CLAIM,
    R_CLOSER_FAILED,
    R_FALSE_CLAIM,
    R_LAST_TRICK,
    R_NO_WINNER,
    R_PLAYED_OUT,
    close_cost,
)
from support import act, cards, deal, endgame, play_out, position, rejected, rules

# --- claims ------------------------------------------------------------------


def test_correct_claim_scores_1_when_the_loser_has_33_or_more():
    h = endgame(won_b="AS TS AH TH")  # B 42, A 120 - 4 - 42 = 74
    assert h.score(0) == 74 and h.score(1) == 42
    act(h, "claim")
    assert h.over and h.winner == 0 and h.game_points == 1 and h.reason == R_CLAIM


def test_a_claim_with_exactly_66_is_correct():
    h = endgame(won_b="AS TS AH TH")
    h.card_points[0] = 66
    act(h, "claim")
    assert h.winner == 0 and h.reason == R_CLAIM


def test_a_claim_with_65_is_false():
    h = endgame(won_b="AS TS AH TH")
    h.card_points[0] = 65  # one short of 66
    act(h, "claim")
    assert h.winner == 1 and h.reason == R_FALSE_CLAIM and h.game_points == 2


def test_loser_with_exactly_33_is_not_schneider():
    h = endgame(won_b="AS TS AH QH JH 9H", tricks=(6, 3))
    h.card_points[1] = 33  # set B's points to the boundary itself
    act(h, "claim")
    assert h.game_points == 1


def test_claim_scores_2_when_the_loser_has_under_33_schneider():
    h = endgame(won_b="AS TS KS QS JH 9H", tricks=(6, 3))
    h.card_points[1] = 32  # one under the boundary
    act(h, "claim")
    assert h.game_points == 2


def test_claim_scores_3_when_the_loser_took_no_trick_schwarz():
    h = endgame(won_b="", tricks=(10, 0))
    act(h, "claim")
    assert h.game_points == 3


def test_option_schwarz_scores_2():
    h = endgame(rules(schwarz="2"), won_b="", tricks=(10, 0))
    act(h, "claim")
    assert h.game_points == 2


def test_a_loser_without_tricks_keeps_no_marriage_points():
    h = endgame(won_b="", tricks=(10, 0))
    h.marriage_points[1] = 40
    assert h.score(1) == 0
    act(h, "claim")
    assert h.game_points == 3


def test_a_claim_may_follow_a_marriage_instead_of_leading():
    r = rules()
    h = position(r, "KH QH", "9D JD", "S", leader=0, won_b="AS TS AC TC AD TD", tricks=(5, 3))
    assert h.score(0) < 66 <= h.score(0) + 20
    act(h, "marry H", "claim")
    assert h.winner == 0 and h.reason == R_CLAIM


def test_the_follower_may_claim_on_their_turn():
    h = endgame(won_b="AS TS AH TH AC TC KS QS", tricks=(3, 4), leader=0)
    act(h, "9C")  # A leads; B claims instead of following
    act(h, "claim")
    assert h.winner == 1 and h.reason == R_CLAIM


def test_in_counting_mode_a_player_may_hold_66_without_claiming():
    h = endgame(a="AH 9C", b="9H JD", won_b="AS TS")
    act(h, "AH", "9H")
    assert not h.over and h.score(0) >= 66


def test_false_claim_gives_the_opponent_2():
    h = endgame(won_b="AS TS AH TH AC TC", tricks=(6, 3))  # A 120-4-63 = 53
    act(h, "claim")
    assert h.winner == 1 and h.game_points == 2 and h.reason == R_FALSE_CLAIM


def test_option_false_claim_2or3_gives_3_when_the_opponent_had_no_trick():
    r = rules(false_claim="2or3")
    h = position(r, "9C JC", "9D JD", "S", leader=0, won_a="AS", tricks=(1, 0), stock="9H QS")
    h.card_points[0] = 11
    act(h, "claim")
    assert h.winner == 1 and h.game_points == 3
    # one trick is enough for the 2 (not 3)
    h = position(r, "9C JC", "9D JD", "S", leader=0, won_a="AS", won_b="TS KS", tricks=(1, 1), stock="9H QS")
    h.card_points[0] = 11
    act(h, "claim")
    assert h.winner == 1 and h.game_points == 2
    h = endgame(r, won_b="AS TS AH TH AC TC", tricks=(6, 3))
    act(h, "claim")
    assert h.game_points == 2


def test_option_false_claim_match_loses_the_whole_match():
    h = endgame(rules(false_claim="match"), won_b="AS TS AH TH AC TC", tricks=(6, 3))
    act(h, "claim")
    assert h.winner == 1 and h.forfeit
    assert h.game_points == 0  # README rule 9: the match is lost, no game points


def test_assisted_mode_claims_automatically_after_a_trick():
    h = endgame(rules(mode="assisted"), a="AH 9C", b="9H JD", won_b="AS TS AD TD", tricks=(4, 2))
    assert h.score(0) == 120 - 13 - 42 and h.score(0) < 66
    act(h, "AH", "9H")
    assert h.over and h.winner == 0 and h.reason == R_CLAIM


def test_assisted_mode_claims_at_exactly_66():
    h = endgame(rules(mode="assisted"), a="AH 9C", b="9H JD", won_b="AS TS AD TD", tricks=(4, 2))
    h.card_points[0] = 55  # AH and 9H bring exactly 11
    act(h, "AH", "9H")
    assert h.over and h.winner == 0 and h.reason == R_CLAIM and h.score(0) == 66


def test_assisted_mode_claims_on_a_marriage_once_a_trick_is_won():
    r = rules(mode="assisted")
    h = position(r, "KH QH", "9D JD", "S", leader=0, won_b="AS TS AC TC AD TD", tricks=(5, 3))
    act(h, "marry H")
    assert h.over and h.winner == 0


def test_assisted_mode_claims_on_a_marriage_that_makes_exactly_66():
    r = rules(mode="assisted")
    h = position(r, "KH QH", "9D JD", "S", leader=0, won_b="AS TS AC TC AD TD", tricks=(5, 3))
    h.card_points[0] = 46  # the marriage brings exactly 20
    act(h, "marry H")
    assert h.over and h.winner == 0 and h.reason == R_CLAIM and h.score(0) == 66


def test_assisted_mode_does_not_claim_on_the_last_trick():
    r = rules(mode="assisted")
    h = position(r, "AH", "9H", "S", leader=0, won_b="AS TS AC TC AD TD KS", tricks=(7, 4))
    act(h, "AH", "9H")
    assert h.reason == R_PLAYED_OUT  # judged on points, not claimed


def test_acting_after_the_hand_is_over_is_rejected():
    h = endgame(won_b="AS TS AH TH")
    act(h, "claim")
    assert "hand is over" in rejected(h, "claim")
    assert h.legal_plays() == 0 and h.hands[0]  # cards left in hand, none playable


def test_a_claim_after_a_marriage_leaves_no_card_owed():
    h = position(rules(), "KH QH", "9D JD", "S", leader=0, won_b="AS TS AC TC AD TD", tricks=(5, 3))
    act(h, "marry H", "claim")
    assert h.over and h.pending == -1


# --- closing -----------------------------------------------------------------

WEAK = "9C 9D 9H JC JD JH"
STRONG = "AC AD AH TC TD TH"


def test_closer_who_fails_gives_3_when_the_opponent_had_no_trick_at_closing():
    h = deal(rules(), WEAK, STRONG, "9S")
    act(h, "close")
    play_out(h)
    assert h.winner == 1 and h.reason == R_CLOSER_FAILED and h.game_points == 3


def test_option_closer_failed_2_gives_2_even_without_a_trick():
    h = deal(rules(closer_failed="2"), WEAK, STRONG, "9S")
    act(h, "close")
    play_out(h)
    assert h.reason == R_CLOSER_FAILED and h.game_points == 2


def test_closer_who_fails_after_the_opponent_won_a_trick_gives_2():
    h = position(
        rules(), "9C JC", "9S JS", "S", leader=0, won_b="AS TS AH TH KH QH", tricks=(4, 3), stock="9H QS"
    )
    assert h.score(0) == 64
    act(h, "close")
    play_out(h)
    assert h.reason == R_CLOSER_FAILED and h.game_points == 2


def test_opponent_claiming_first_makes_the_closer_fail():
    h = position(
        rules(), "9C JC", "AD TD", "S", leader=0, won_b="AS TS AH TH AC TC KS", tricks=(3, 4), stock="9H QS"
    )
    act(h, "close", "9C")
    assert h.score(1) >= 66
    act(h, "claim")
    assert h.winner == 1 and h.reason == R_CLOSER_FAILED and h.game_points == 2


def test_a_closer_who_claims_66_wins():
    h = position(rules(), "AD TD", "9C JC", "S", leader=0, won_b="AS TS", tricks=(6, 1), stock="9H QS")
    act(h, "close", "AD", "9C")
    assert h.score(0) >= 66
    act(h, "claim")
    assert h.winner == 0 and h.reason == R_CLAIM and h.game_points == 2  # B has 21


def test_closer_fails_with_3_when_only_the_closer_had_a_trick_at_closing():
    h = deal(rules(), WEAK, STRONG, "9S")
    act(h, "JC", "AD")  # A takes a trick, B none
    assert close_cost(h, 0) == 3 and close_cost(h, 1) == 2
    act(h, "close")
    play_out(h)
    assert h.winner == 1 and h.reason == R_CLOSER_FAILED and h.game_points == 3


def test_closer_with_66_after_the_last_trick_wins_as_if_claiming():
    h = position(rules(), "AD TD", "9C JC", "S", leader=0, won_b="AS TS", tricks=(6, 1), stock="9H QS")
    act(h, "close")
    play_out(h)
    assert h.winner == 0 and h.reason == R_PLAYED_OUT


def test_closer_with_exactly_66_after_the_last_trick_wins():
    h = position(rules(), "AD TD", "9C JC", "S", leader=0, won_b="AS TS", tricks=(6, 1), stock="9H QS")
    h.card_points[0] = 43  # AD, 9C, TD and JC bring 23
    act(h, "close")
    play_out(h)
    assert h.score(0) == 66 and h.winner == 0 and h.reason == R_PLAYED_OUT


def test_a_closed_hand_has_no_last_trick_bonus():
    h = position(rules(), "AD TD", "9C JC", "S", leader=0, won_b="AS TS", tricks=(6, 1), stock="9H QS")
    before = h.card_points[0]
    act(h, "close")
    play_out(h)
    assert h.card_points[0] == before + 11 + 10 + 2


def test_closer_wins_judged_on_the_loser_at_the_end_by_default():
    # A closes while B has no trick; B then takes one trick.
    h = deal(rules(), "AS TS KS QS AC JH", "9C 9D 9H JC JD QH", "JS")
    act(h, "close", "marry S", "KS", "9C", "AC", "JC", "TS", "9D", "JH", "QH")
    assert h.tricks[1] == 1
    play_out(h)
    assert h.winner == 0 and h.game_points == 2  # B has 5: schneider, not schwarz


def test_option_closer_won_close_judges_the_loser_at_closing():
    h = deal(rules(closer_won="close"), "AS TS KS QS AC JH", "9C 9D 9H JC JD QH", "JS")
    act(h, "close", "marry S", "KS", "9C", "AC", "JC", "TS", "9D", "JH", "QH")
    play_out(h)
    assert h.winner == 0 and h.game_points == 3  # B had no trick when A closed


def closed_by_a(r, b_marriage=0):
    """A closes with 72 in six tricks against B's 21 (plus a marriage) in
    three, takes AD 9D (B must follow) and gives B JD AS: B ends with 34."""
    h = position(r, "AD JD", "AS 9D", "S", leader=0, won_b="KH QH KC QC KD QD", tricks=(6, 3), stock="9H QS")
    h.marriage_points[1] = b_marriage
    act(h, "close", "AD", "9D", "JD", "AS")
    assert h.over and h.winner == 0 and h.reason == R_PLAYED_OUT
    return h


def test_closer_won_end_and_close_judge_the_loser_at_their_moment():
    assert closed_by_a(rules()).game_points == 1  # B ends with 34
    assert closed_by_a(rules(closer_won="close")).game_points == 2  # B had 21 at closing
    assert closed_by_a(rules(closer_won="close"), 20).game_points == 1  # 41 with its marriage


def test_closer_won_close_gives_3_when_the_loser_had_no_trick_at_closing():
    h = position(rules(closer_won="close"), "AD TD", "9C JC", "S", leader=0, tricks=(6, 0), stock="9H QS")
    act(h, "close")
    play_out(h)
    assert h.winner == 0 and h.tricks[1] == 0 and h.game_points == 3


def test_schnapsen_judges_a_won_close_at_closing():
    # the option's play is the test above; Schnapsen takes it by default (RULES.md 2a)
    assert rules("schnapsen").closer_at_close == rules(closer_won="close").closer_at_close == 1
    assert rules().closer_at_close == 0


def test_a_false_claim_after_closing_is_scored_as_a_false_claim():
    h = position(
        rules(), "9C JC", "AD TD", "S", leader=0, won_b="AS TS AH TH KS", tricks=(4, 3), stock="9H QS"
    )
    act(h, "close", "claim")
    assert h.reason == R_FALSE_CLAIM and h.winner == 1 and h.game_points == 2


# --- played out with the stock exhausted --------------------------------------

# B has won 55 in four tricks, A 65 in seven; the last trick 9D/9C is B's.
B55 = "AS TS AH TH KS QS KH JS"


def last_trick(r=None):
    return position(r or rules(), "9C", "9D", "S", leader=1, won_b=B55, tricks=(7, 4))


def test_the_last_trick_scores_10_when_the_stock_is_exhausted():
    h = last_trick()
    act(h, "9D", "9C")
    assert h.card_points[1] == 65


def test_option_last_trick_bonus_0():
    h = last_trick(rules(last_trick_bonus="0"))
    act(h, "9D", "9C")
    assert h.card_points[1] == 55


def test_played_out_with_one_player_at_66_that_player_wins():
    h = position(rules(), "9C", "9D", "S", leader=1, won_b="AS TS AH TH KS QS KH JS JH", tricks=(6, 5))
    act(h, "9D", "9C")
    assert h.score(1) == 67 and h.winner == 1 and h.reason == R_PLAYED_OUT and h.game_points == 1


def test_a_played_out_hand_scores_2_against_schneider_and_3_against_schwarz():
    h = position(rules(), "AH", "9H", "S", leader=0, won_b="JC", tricks=(10, 1))
    act(h, "AH", "9H")
    assert h.reason == R_PLAYED_OUT and h.winner == 0 and h.score(1) == 2 and h.game_points == 2
    h = position(rules(), "AH", "9H", "S", leader=0, tricks=(11, 0))
    act(h, "AH", "9H")
    assert h.reason == R_PLAYED_OUT and h.winner == 0 and h.game_points == 3


def test_played_out_with_nobody_at_66_nobody_wins():
    h = last_trick()
    act(h, "9D", "9C")
    assert h.score(0) == 65 and h.score(1) == 65
    assert h.over and h.winner == -1 and h.reason == R_NO_WINNER and h.game_points == 0


def test_played_out_with_exactly_66_that_player_wins():
    h = last_trick()
    h.card_points[0] += 1  # A ends with 66, B with 65
    act(h, "9D", "9C")
    assert h.score(0) == 66 and h.winner == 0 and h.reason == R_PLAYED_OUT


def test_played_out_with_both_at_66_nobody_wins():
    h = last_trick()
    h.marriage_points[0] = 20
    h.marriage_points[1] = 20
    act(h, "9D", "9C")
    assert h.score(0) >= 66 and h.score(1) >= 66 and h.reason == R_NO_WINNER


def test_option_no_winner_last_trick_gives_the_hand_to_the_last_trick():
    h = last_trick(rules(no_winner="last-trick"))
    act(h, "9D", "9C")
    assert h.winner == 1 and h.reason == R_LAST_TRICK and h.game_points == 1


def test_schnapsen_played_out_goes_to_the_last_trick_winner():
    r = rules("schnapsen")
    h = position(r, "JC", "JD", "S", leader=1, won_b="AS TS", tricks=(7, 2))
    assert h.score(0) >= 66
    act(h, "JD", "JC")
    assert h.winner == 1 and h.reason == R_LAST_TRICK and h.card_points[1] == 21 + 4
    assert h.game_points == 1


def test_option_played_out_last_trick_in_sixty_six():
    h = position(rules(played_out="last-trick"), "9C", "9D", "S", leader=1, won_b="AS TS", tricks=(9, 2))
    act(h, "9D", "9C")
    assert h.winner == 1 and h.reason == R_LAST_TRICK


def test_legal_actions_are_empty_once_the_hand_is_over():
    h = last_trick()
    act(h, "9D", "9C")
    assert h.legal_actions(bytearray(MAX_ACTIONS)) == 0 and h.legal_plays() == 0
    assert cards("") == 0
