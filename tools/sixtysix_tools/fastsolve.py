"""The two-player solver's search compiled from C (fastsolve.c), for the
host tools that solve whole hands from the first trick: the `pimc`
player and the training of the open-stock weights.

The first use compiles fastsolve.c with the machine's C compiler
(cbuild.py: `cc` or $CC, cached under a name that carries the source's
hash, the machine and the compiler).  `available()` says
whether that worked; a tool that needs it says so in one line instead
of a traceback.
"""

import ctypes
import os

from . import cbuild

_SOURCE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "fastsolve.c")
GP = 1000
INF = 1000000


class FastSolveError(RuntimeError):
    """The C solver could not be built or loaded; the message says why."""


# The rules and the two-player fields as the C structs name them, in their
# order (fastsolve.c's Position, ismcts.c's Rules and State).
RULE_FIELDS = (
    "queen_lead",
    "no_late_marriage",
    "must_head",
    "must_trump",
    "no_bonus",
    "last_trick_wins",
    "tie_last_trick",
    "schwarz_two",
    "closer_at_close",
    "closer_flat",
    "exchange_rank",
    "exchange_free",
)
PAIRS = ("hands", "pts", "mar", "tricks", "close_score", "close_tricks")
_SINGLES = ("trump", "closer", "lead", "pos", "stock_size", "exchanged", "coarse")


_FIELDS: list = (
    [(name, ctypes.c_int32) for name in RULE_FIELDS + ("exchange_in_tree", "close_in_tree")]
    + [(name, ctypes.c_int32 * 2) for name in PAIRS]
    + [(name, ctypes.c_int32) for name in _SINGLES]
    + [("limit", ctypes.c_int64), ("stock", ctypes.c_uint8 * 12)]
)


class Position(ctypes.Structure):
    """fastsolve.c's Position, field for field: the rules, then the position."""

    _fields_ = _FIELDS


def _declare(lib):
    lib.ss_load.argtypes = [ctypes.POINTER(Position)]
    lib.ss_load.restype = None
    lib.ss_nodes.restype = ctypes.c_int64
    lib.ss_set_limit.argtypes = [ctypes.c_int64]
    for name in ("ss_best", "ss_value_of"):
        getattr(lib, name).restype = ctypes.c_int


LIBRARY = cbuild.Library(_SOURCE, (), _declare)


def library():
    """The loaded C library, built on first use; FastSolveError if not."""
    try:
        return LIBRARY.get()
    except cbuild.CBuildError as e:
        raise FastSolveError(str(e)) from None


def available() -> bool:
    try:
        library()
    except FastSolveError:
        return False
    return True


class FastSolver:
    """A world's search: `load` a Hand (every card's place known), then
    ask `value_of`, `wins_with` or `best` as of solverbase.SolverBase.
    One C state serves the whole process: loading a hand forgets the
    last one."""

    def __init__(self, rules, exchange_in_tree: bool = True, close_in_tree: bool = True) -> None:
        self.lib = library()
        self.rules = rules
        self.exchange_in_tree = exchange_in_tree
        self.pos = Position()
        for name in RULE_FIELDS:
            setattr(self.pos, name, int(getattr(rules, name)))
        self.pos.exchange_in_tree = 1 if exchange_in_tree else 0
        self.pos.close_in_tree = 1 if close_in_tree else 0
        self.coarse = True
        self.limit = 1 << 62

    def load(self, hand) -> None:
        p = self.pos
        for i in range(2):
            p.hands[i] = hand.hands[i]
            p.pts[i] = hand.card_points[i]
            p.mar[i] = hand.marriage_points[i]
            p.tricks[i] = hand.tricks[i]
            p.close_score[i] = hand.close_score[i]
            p.close_tricks[i] = hand.close_tricks[i]
        p.trump = hand.trump
        p.closer = hand.closer
        p.lead = hand.lead
        p.pos = hand.pos
        p.stock_size = len(hand.stock)
        p.exchanged = 1 if hand.exchanged_by >= 0 else 0
        p.coarse = 1 if self.coarse else 0
        p.limit = min(self.limit, 1 << 62)
        for i in range(len(hand.stock)):
            p.stock[i] = hand.stock[i]
        self.lib.ss_load(ctypes.byref(p))

    def _sync(self) -> None:
        self.lib.ss_set_coarse(1 if self.coarse else 0)

    @property
    def aborted(self) -> bool:
        return bool(self.lib.ss_aborted())

    def searched(self) -> int:
        """Nodes since the last load."""
        return self.lib.ss_nodes()

    def value_of(self, p: int, code: int) -> int:
        self._sync()
        return self.lib.ss_value_of(p, code, -INF, INF)

    def wins_with(self, p: int, code: int) -> bool:
        self._sync()
        return self.lib.ss_value_of(p, code, GP - 1, GP) >= GP

    def best(self, p: int) -> int:
        self._sync()
        return self.lib.ss_best(p, -INF, INF)

    def wins(self, p: int) -> bool:
        self._sync()
        return self.lib.ss_best(p, GP - 1, GP) >= GP


class SearchSolver(FastSolver):
    """FastSolver with the attributes sixtysix.ai's search players read and
    set on their solver (`nodes`, `limit`, `horizon`, ...), so a
    SearchPlayer can search with it: `solver_class = SearchSolver`.  The
    horizon is not supported (always the end of the hand)."""

    def __init__(
        self, rules, tables=None, exchange_in_tree: bool = False, close_in_tree: bool = True
    ) -> None:
        FastSolver.__init__(self, rules, exchange_in_tree, close_in_tree)  # sets limit
        self.horizon = 255
        self.evaluator = None
        self.broken = False

    def tables(self):
        return None

    def set_coarse(self, coarse: bool) -> None:
        # fastsolve.c keys its table on `coarse`: nothing to forget
        self.coarse = coarse

    @property
    def nodes(self) -> int:
        return self.lib.ss_nodes()

    @property
    def limit(self) -> int:
        return self._limit

    @limit.setter
    def limit(self, n: int) -> None:
        self._limit = n
        self.lib.ss_set_limit(n)
