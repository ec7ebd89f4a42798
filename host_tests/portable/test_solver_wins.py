"""The two-player solver's null-window questions, "won or not?": `wins`
and `wins_with` answer as the exact values do, a hand won by exactly one
game point included, and leave the window of later values as it was (a
mutation audit of the solvers found both open: the levels ask them, the
minimax comparisons never did)."""

from minimax import choices
from sixtysix.solver import Solver
from test_solver import strict_positions

_GP = 1000


def test_wins_and_wins_with_agree_with_the_values():
    solver = None
    checked = one_point = 0
    for h in strict_positions(4, 120, 4):
        if solver is None:
            solver = Solver(h.rules)
        solver.rules = h.rules
        p = h.turn
        acts = choices(h)
        ref = Solver(h.rules)  # values from a solver never asked "won?"
        ref.load(h)
        ref.coarse = True  # as the levels ask: game points only
        want = [ref.value_of(p, a) for a in acts]
        ref.set_coarse(False)
        fine = [ref.value_of(p, a) for a in acts]
        solver.load(h)
        solver.coarse = True
        assert solver.wins(p) == (max(want) >= _GP), "wins"
        solver.load(h)
        solver.coarse = True
        for i in range(len(acts)):
            assert solver.wins_with(p, acts[i]) == (want[i] >= _GP), "wins_with %d" % acts[i]
            checked += 1
            one_point += want[i] == _GP
        # ... and the values asked after them are exact again
        assert [solver.value_of(p, a) for a in acts] == want, "after wins_with"
        solver.set_coarse(False)
        assert [solver.value_of(p, a) for a in acts] == fine, "after wins_with, with the margin"
    assert checked > 200
    assert one_point > 20  # a one-point win must count as won
