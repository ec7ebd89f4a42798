"""A solver whose search runs as viper code (search.py).

Everything but the search itself is SolverBase's (solverbase.py, the same
as the plain Solver's): loading a hand, the root's actions, the outcomes,
and the transposition table's five arrays, which the viper search reads
and writes in place.  Each root search copies the position into the state
array and runs search.search on it; the solver's own lists are left as
they were, so the next root search starts from them again.  One state
array (2 KB) serves every solver: a search runs to its end inside one
call, so the hinter's and the opponent's never share it at once.  It has
no depth limit (only the host's lookahead player asks for one, of the
plain Solver), so a board with it never loads solver.py.
"""

from array import array

from sixtysix.solverbase import NO_HORIZON, POINTS, SolverBase

from . import search

_STATE = array("i", bytes(4 * search.STATE_WORDS))
_BYTES = bytearray(search.BYTES)
_BYTES[0:24] = POINTS


class ViperSolver(SolverBase):
    def _run(self, p: int, alpha: int, beta: int, ply: int, only: int, lead_node: int) -> int:
        if self.horizon != NO_HORIZON:
            raise ValueError("the viper search has no depth limit: use sixtysix.solver.Solver")
        s = _STATE
        search.load(s, self)
        search.set_root(s, p, alpha, beta, ply, only, lead_node)
        v: int = search.search(s, _BYTES, self.tt_a, self.tt_b, self.tt_c, self.tt_d, self.tt_v, self.tt_gen)
        self.nodes, self.aborted = search.counted(s)
        return v

    def _search_lead(self, p: int, alpha: int, beta: int, ply: int) -> int:
        return self._run(p, alpha, beta, ply, -1, 1)

    def _search_follow(self, p: int, alpha: int, beta: int, ply: int, only: int = -1) -> int:
        return self._run(p, alpha, beta, ply, only, 0)
