"""The viper search (sixtysix_viper) plays node for node as the plain one.

On MicroPython's unix port the package imports (the port compiles viper
for its own processor), so each root search of the plain Solver is run
again by the ViperSolver and both must give the same value, the same node
count and the same cut-off at the budget.  On CPython it cannot import, and
the levels must search with the plain Solver."""

import sys

from randplay import random_positions
from sixtysix.ai import SearchPlayer, viper_solver
from sixtysix.hand import CLAIM, MAX_ACTIONS
from sixtysix.solver import Solver
from sixtysix.view import View

ON_MICROPYTHON = sys.implementation.name == "micropython"


def test_the_viper_solver_is_there_exactly_where_viper_is():
    """The unix port compiles viper; CPython cannot import the package."""
    fast = viper_solver()
    player = SearchPlayer("hard", 1)
    if ON_MICROPYTHON:
        assert fast is not None
        assert player.solver_class is fast
    else:
        assert fast is None
        assert player.solver_class is Solver


def both_ways(h, plain, fast, limit, coarse):
    """Every legal action of the hand's position, valued by both solvers
    under the same budget; returns how many searches were compared."""
    buf = bytearray(MAX_ACTIONS)
    n = h.legal_actions(buf)
    for s in (plain, fast):
        s.rules = h.rules
        s.load(h)
        s.limit = limit
        s.coarse = coarse
    p = h.turn
    compared = 0
    for i in range(n):
        code = buf[i]
        if code == CLAIM:
            continue
        want = plain.value_of(p, code)
        got = fast.value_of(p, code)
        what = "action %d of %s (limit %d, coarse %s)" % (code, h.rules.game, limit, coarse)
        assert (got, fast.nodes, fast.aborted) == (want, plain.nodes, plain.aborted), what
        compared += 1
    assert fast.best(p) == plain.best(p)
    assert (fast.nodes, fast.aborted) == (plain.nodes, plain.aborted)
    return compared + 1


def test_the_viper_search_values_every_action_as_the_plain_one():
    if not ON_MICROPYTHON:
        return  # nothing to compare with (the test above checks the fallback)
    plain = fast = None
    compared = cut_short = 0
    for k, h in enumerate(random_positions(11, 16)):
        if k % 3:
            continue
        if plain is None:
            plain = Solver(h.rules)
            fast = viper_solver()(h.rules)
        limit = (300, 2000, 1000000)[k % 9 // 3]
        compared += both_ways(h, plain, fast, limit, k % 2 == 0)
        cut_short += plain.aborted
    assert compared > 150
    assert cut_short > 5  # the budget's cut-off was compared too


def test_a_hard_player_makes_the_same_moves_and_counts_with_either():
    """Whole decisions: the hard player with the viper solver (as the unix
    port gives it) against one whose solver is made plain."""
    if not ON_MICROPYTHON:
        return
    checked = 0
    for k, h in enumerate(random_positions(5, 6)):
        if k % 4:
            continue
        fast = SearchPlayer("hard", k)
        plain = SearchPlayer("hard", k)
        plain.solver_class = Solver  # before its first decision makes the solver
        assert fast.choose(View(h, h.turn)) == plain.choose(View(h, h.turn))
        assert fast.nodes == plain.nodes
        assert type(fast.solver) is not Solver
        checked += fast.nodes > 0
    assert checked > 5
