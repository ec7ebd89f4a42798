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
