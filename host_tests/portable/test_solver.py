"""The exact solver agrees with plain minimax over the engine."""

from minimax import choices, value
from randplay import random_rules
from sixtysix.hand import MARRY, MAX_ACTIONS, Hand
from sixtysix.match import Match
from sixtysix.rng import Rng
from sixtysix.solver import Solver


def strict_positions(seed, count, max_cards, facedown=-1):
    """Positions with at most max_cards in the hand to act, reached by
    random legal play (closing now and then): in the strict phase, or with
    the stock still open and at most `facedown` face-down cards."""
    rng = Rng(seed)
    buf = bytearray(MAX_ACTIONS)
    found = 0
    while found < count:
        r = random_rules(rng)
        h = Match(r, rng.next15()).start_hand()
        while not h.over:
            n = h.legal_actions(buf)
            phase_ok = h.strict() or (h.closer < 0 and 0 <= h.facedown() <= facedown)
            if phase_ok and h.pending < 0 and h.score(h.turn) < 66:
                cards = h.hands[h.turn]
                k = 0
                while cards:
                    cards &= cards - 1
                    k += 1
                if k <= max_cards:
                    found += 1
                    yield h
                    break
            a = buf[rng.below(n)]
            if a == 70 and n > 1:  # no claims on the way
                a = buf[0]
            h.act(a)


def check(h, solver):
    solver.load(h)
    p = h.turn
    for code in choices(h):
        want = value(h, p, code)
        if code >= MARRY:
            # The engine's MARRY is followed by a lead: take the better one.
            child = Hand(h.rules)
            child.copy_from(h)
            child.act(code)
            if not child.over and child.score(p) < 66:
                want = max(value(child, p, c) for c in choices(child))
        got = solver.value_of(p, code)
        assert got == want, "action %d: solver %d, minimax %d" % (code, got, want)


def check_many(seed, count, max_cards, facedown=-1):
    solver = None
    for h in strict_positions(seed, count, max_cards, facedown):
        if solver is None:
            solver = Solver(h.rules)
        solver.rules = h.rules  # the solver reads its rules live
        check(h, solver)


def test_solver_matches_minimax_on_random_small_positions():
    check_many(1, 200, 3)
