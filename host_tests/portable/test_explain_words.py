"""The line that says who won a hand, how many game points and why.

Hands are set up and finished by the rules (RULES.md 1 and 2a); the line
must name the right seat, the right figures and the right moment (at the
end, or when the stock was closed).  Portable: plain asserts.
"""

from sixtysix.explain import result_text
from sixtysix.hand import R_NO_WINNER
from support import act, deal, endgame, play_out, position, rules

# The hands of test_rules_scoring (not imported: its module is too big for
# MicroPython's heap beside this one).
WEAK = "9C 9D 9H JC JD JH"
STRONG = "AC AD AH TC TD TH"


def closed_by_a(r, b_marriage=0):
    """A closes with 72 in six tricks against B's 21 (plus a marriage) in
    three, takes AD 9D and gives B JD AS: B ends with 34."""
    h = position(r, "AD JD", "AS 9D", "S", leader=0, won_b="KH QH KC QC KD QD", tricks=(6, 3), stock="9H QS")
    h.marriage_points[1] = b_marriage
    act(h, "close", "AD", "9D", "JD", "AS")
    return h


def test_a_claim_names_the_claimer_and_the_losers_figure():
    h = endgame(won_b="AS TS AH TH")
    act(h, "claim")
    assert result_text(h) == "A wins 1 game point: A claimed with 74; the loser had 42"
    h = endgame(won_b="AS TS")
    act(h, "claim")
    assert result_text(h) == "A wins 2 game points: A claimed with 95; the loser had 21, under 33 (schneider)"
    h = endgame(won_b="AS TS AH QH", tricks=(5, 2))
    h.card_points[1] = 33  # exactly 33 is not schneider
    act(h, "claim")
    assert result_text(h) == "A wins 1 game point: A claimed with %d; the loser had 33" % h.score(0)
    h = endgame(tricks=(10, 0))
    act(h, "claim")
    assert (
        result_text(h) == "A wins 3 game points: A claimed with 116; the loser had taken no trick (schwarz)"
    )
    assert result_text(h, ("Ann", "Bob")).startswith("Ann wins 3 game points: Ann claimed")


def test_a_false_claim_names_the_claimer_and_its_score():
    h = endgame(won_b="AS TS AH TH")
    h.card_points[0] = 65
    act(h, "claim")
    assert result_text(h) == "B wins 2 game points: A claimed with only 65"
    h = endgame(rules(false_claim="2or3"), won_b="AS TS AH TH", tricks=(0, 5), leader=1)
    h.card_points[1] = 40
    act(h, "claim")
    assert result_text(h) == "A wins 3 game points: B claimed with only 40 before A took a trick"
    h = endgame(rules(false_claim="match"), won_b="AS TS AH TH")
    h.card_points[0] = 65
    act(h, "claim")
    assert result_text(h) == "A claimed with only 65 and loses the match"


def test_a_failed_close_says_who_closed_and_whether_the_other_had_a_trick():
    h = deal(rules(), WEAK, STRONG, "9S")
    act(h, "close")
    play_out(h)
    assert (
        result_text(h)
        == "B wins 3 game points: A closed and did not make 66; B had no trick when the stock was closed"
    )
    h = position(
        rules(), "9C JC", "9S JS", "S", leader=0, won_b="AS TS AH TH KH QH", tricks=(4, 3), stock="9H QS"
    )
    act(h, "close")
    play_out(h)
    assert result_text(h) == "B wins 2 game points: A closed and did not make 66"


def test_a_won_close_judges_the_loser_at_the_moment_the_rules_say():
    assert (
        result_text(closed_by_a(rules()))
        == "A wins 1 game point: A has 83 after the last trick; the loser had 34"
    )
    said = "A wins %s: A has 83 after the last trick; the loser had %s when the stock was closed"
    h = closed_by_a(rules(closer_won="close"))
    assert result_text(h) == said % ("2 game points", "21, under 33") + " (schneider)"
    assert result_text(closed_by_a(rules(closer_won="close"), 20)) == said % ("1 game point", "41")
    h = position(rules(closer_won="close"), "AD TD", "9C JC", "S", leader=0, tricks=(6, 0), stock="9H QS")
    act(h, "close")
    play_out(h)
    assert h.tricks[1] == 0
    assert result_text(h) == (
        "A wins 3 game points: A has 117 after the last trick;"
        " the loser had taken no trick when the stock was closed (schwarz)"
    )
    # B takes a trick after A closes: still "no trick" at closing
    h = deal(rules(closer_won="close"), "AS TS KS QS AC JH", "9C 9D 9H JC JD QH", "JS")
    act(h, "close", "marry S", "KS", "9C", "AC", "JC", "TS", "9D", "JH", "QH")
    play_out(h)
    assert h.tricks[1] == 1 and h.close_tricks[1] == 0
    assert result_text(h).endswith("the loser had taken no trick when the stock was closed (schwarz)")


def test_the_last_trick_and_a_hand_nobody_won():
    h = position(
        rules(played_out="last-trick"), "AH", "9H", "S", leader=0, won_b="AS TS AC TC AD TD KS", tricks=(7, 4)
    )
    act(h, "AH", "9H")
    assert result_text(h) == "A wins 1 game point: A took the last trick; the loser had 67"
    h = position(rules(last_trick_bonus="0"), "AH", "9H", "S", won_b="AS TS AC TC AD TD 9S", tricks=(7, 4))
    act(h, "AH", "9H")
    assert h.reason == R_NO_WINNER
    said = "Nobody wins: 57 and 63 points after the last trick; a game point goes to the pot"
    assert result_text(h) == said


def test_the_player_named_you_is_spoken_to():
    """The device names its player "You": "You win", never "You wins"."""
    you = ("You", "B")
    h = endgame(won_b="AS TS AH TH")
    act(h, "claim")
    assert result_text(h, you) == "You win 1 game point: You claimed with 74; the loser had 42"
    assert result_text(closed_by_a(rules()), you).startswith("You win 1 game point: You have 83 after")
    h = endgame(rules(false_claim="match"), won_b="AS TS AH TH")
    h.card_points[0] = 65
    act(h, "claim")
    assert result_text(h, you) == "You claimed with only 65 and lose the match"
    h = endgame(rules(false_claim="2or3"), won_b="AS TS AH TH", tricks=(0, 5), leader=1)
    h.card_points[1] = 40
    act(h, "claim")
    assert result_text(h, you) == "You win 3 game points: B claimed with only 40 before you took a trick"
    h = deal(rules(), WEAK, STRONG, "9S")
    act(h, "close")
    play_out(h)
    assert result_text(h, ("Ann", "You")) == (
        "You win 3 game points: Ann closed and did not make 66; you had no trick when the stock was closed"
    )
    assert result_text(h, ("You", "B")).startswith("B wins 3 game points: You closed")


def test_schneider_starts_just_under_33():
    """RULES.md 1: 2 game points if the loser has fewer than 33; 32 is the
    highest such score (33 itself is tried above)."""
    h = endgame(won_b="AS TS AH QH", tricks=(5, 2))
    h.card_points[1] = 32
    act(h, "claim")
    assert h.game_points == 2
    # A won all but B's 35 and the four cards in hand (4): 81
    said = "A wins 2 game points: A claimed with 81; the loser had 32, under 33 (schneider)"
    assert result_text(h) == said


def test_closer_won_close_judges_a_hand_nobody_closed_at_its_end():
    """RULES.md 1: under `closer-won close` only a closer's win is judged
    at the moment of closing; a hand never closed is judged at its end, so
    the line gives the loser's figure and tricks then, and no closing."""
    h = endgame(rules(closer_won="close"), won_b="AS TS")
    act(h, "claim")
    assert h.game_points == 2
    assert result_text(h) == "A wins 2 game points: A claimed with 95; the loser had 21, under 33 (schneider)"


def test_a_hand_in_play_has_no_winner_to_name():
    """Before the end no seat has won: the line names no winner and says
    so, rather than naming seat A or B."""
    h = endgame(won_b="AS TS")
    text = result_text(h, ("You", "B"))
    assert "not finished" in text and "win" not in text and "You" not in text
