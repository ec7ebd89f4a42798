"""A Solver whose search runs as viper code (search.py).

Everything but the search itself is the plain Solver's: loading a hand, the
root's actions, the outcomes, and the transposition table's five arrays,
which the viper search reads and writes in place.  Each root search copies
the position into the state array and runs search.search on it; the
Solver's own lists are left as they were, so the next root search starts
from them again.  One state array (2 KB) serves every solver: a search
runs to its end inside one call, so the hinter's and the opponent's never
share it at once.  A depth-limited search (only the host's lookahead player
asks for one) stays with the plain search.
"""

from array import array

from sixtysix.solver import _POINTS, NO_HORIZON, Solver

from . import search

_STATE = array("i", bytes(4 * search.STATE_WORDS))
_BYTES = bytearray(search.BYTES)
_BYTES[0:24] = _POINTS
_MOVES = memoryview(_BYTES)[search.MOVES :]


class ViperSolver(Solver):
    def __init__(self, rules, table_size: int = 256) -> None:
        # The plain search (a depth limit) borrows the viper search's move
        # buffer: the two never run at once.
        Solver.__init__(self, rules, table_size, _MOVES)
        self.s = _STATE
        self.b = _BYTES

    def _run(self, p: int, alpha: int, beta: int, ply: int, only: int, lead_node: int) -> int:
        s = self.s
        search.load(s, self)
        search.set_root(s, p, alpha, beta, ply, only, lead_node)
        v: int = search.search(s, self.b, self.tt_a, self.tt_b, self.tt_c, self.tt_d, self.tt_v, self.tt_gen)
        self.nodes, self.aborted = search.counted(s)
        return v

    def _search_lead(self, p: int, alpha: int, beta: int, ply: int) -> int:
        if self.horizon != NO_HORIZON:
            return Solver._search_lead(self, p, alpha, beta, ply)
        return self._run(p, alpha, beta, ply, -1, 1)

    def _search_follow(self, p: int, alpha: int, beta: int, ply: int, only: int = -1) -> int:
        if self.horizon != NO_HORIZON:
            return Solver._search_follow(self, p, alpha, beta, ply, only)
        return self._run(p, alpha, beta, ply, only, 0)
