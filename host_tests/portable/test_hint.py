"""Hints: a legal action with a short reason a player can read."""

from sixtysix.hand import CLAIM, EXCHANGE, MAX_ACTIONS
from sixtysix.hint import Hinter
from sixtysix.match import Match
from sixtysix.rng import Rng
from sixtysix.rules import SCHNAPSEN, SIXTY_SIX, Rules
from sixtysix.view import View
from support import act, position, rules


def test_hints_are_legal_and_readable_through_whole_hands():
    rng = Rng(4)
    hinter = Hinter(9)
    buf = bytearray(MAX_ACTIONS)
    for game in (SIXTY_SIX, SCHNAPSEN):
        for seed in range(3):
            h = Match(Rules(game), seed + 1).start_hand()
            while not h.over:
                code, why = hinter.hint(View(h, h.turn))
                h.check(code)  # raises if illegal
                assert 10 < len(why) <= 72 and "\n" not in why, why
                # follow the hint half the time, else a random legal action
                if rng.below(2):
                    n = h.legal_actions(buf)
                    code = buf[rng.below(n - 1)]
                h.act(code)


def test_hint_says_claim_with_the_score():
    h = position(rules(), "9C JC", "9D JD", "S", leader=0, won_b="AS TS AH TH")
    code, why = Hinter().hint(View(h, 0))
    assert code == CLAIM and "74" in why


def test_hint_exchanges_the_trump_nine():
    a, b = "9S AH KH QH JH TH", "9D JD TD KD QD AD"
    h = position(rules(), a, b, "S", leader=0, won_a="AC TC", stock="JS QS")
    code, why = Hinter().hint(View(h, 0))
    assert code == EXCHANGE and why.startswith("Exchange")


def test_hint_in_an_exhausted_endgame_speaks_of_best_play():
    h = position(rules(), "AS TS", "9C 9D", "S", leader=0, won_b="AH TH AC TC", tricks=(6, 2))
    act(h)
    code, why = Hinter().hint(View(h, 0))
    assert "wins the hand" in why


def test_hint_odds_follow_what_play_bore_out():
    """The share a hint states is the measured one for its count, and it
    never rises as the deals won fall."""
    from sixtysix.hint import CLOSE_HELD, PLAY_HELD, play_held

    assert play_held(10, 10) == PLAY_HELD[0]
    assert play_held(8, 10) == PLAY_HELD[1]
    assert play_held(5, 10) == PLAY_HELD[2]
    assert play_held(1, 10) == PLAY_HELD[3]
    assert play_held(0, 10) == PLAY_HELD[4]
    last = 101
    for wins in range(10, -1, -1):
        held = play_held(wins, 10)
        assert held <= last
        last = held
    assert CLOSE_HELD[0] > CLOSE_HELD[1]


def test_the_hinter_plays_at_the_hard_level():
    """README, 'Hints always come from the hard level', whatever level the
    opponent plays: the hinter's player takes hard's settings."""
    from sixtysix.ai import LEVELS

    for seed in (1, 3):
        player = Hinter(seed).player
        assert player.level == "hard" and player.lv is LEVELS["hard"]
