"""What every two-player solver shares: the position, the actions at the
root and the hand's outcomes; the search itself is a subclass's.

`Solver` (solver.py) searches in Python; `ViperSolver` (sixtysix_viper)
searches as viper code, node for node the same, and a board that has it
never loads solver.py (about 3 KB of heap imported as `.mpy`:
docs/DEVICE-HISTORY.md).

A position's value, seen from the player to move, is
`game points * 1000 + hand-point margin` (game points negative when that
player loses), so game points decide and the margin breaks ties.  The
transposition table is five fixed arrays and a generation byte an
entry (`make_tables`), allocated once for a solver.
"""

from array import array

from .compat import const, out_of_stack, take
from .hand import CLOSE, EXCHANGE, MARRY, closer_failed_points, win_points

try:
    from typing import Any  # noqa: F401  (annotations only)
except ImportError:
    pass

_WIN = const(66)
_INF = const(1000000)
_GP = const(1000)  # one game point in value units
_QUEEN = const(2)
NO_HORIZON = const(255)  # a ply no search reaches: search to the end

# Card points by id (24 ids), so the hot loop needs no `% 6`.
POINTS = bytes([(0, 2, 3, 4, 10, 11)[c % 6] for c in range(24)])
# Transposition table entries.  Not a power of two: the slot is the key
# mixed `% size`, and with 256 only its low byte counted, mostly the first
# suit's cards in the leader's hand.  Uncapped, hard's searches over 300
# random positions of each game (two sets of positions) took 10-15% fewer
# nodes with 160 entries than with 256, and 2 to 5% more with 128; each
# entry costs 21 bytes (docs/AI.md).
TABLE_SIZE = const(160)


def make_tables(size: int = TABLE_SIZE) -> tuple:
    """A transposition table's arrays: four key words and a value per
    entry (32-bit each), then a generation byte per entry.  The words are
    filled from a range: an entry is read only under its generation, so
    they may start as anything, and a range needs no temporary the size of
    the array (a heap in pieces may not hold a second 1 KB block)."""
    return (
        array("i", range(size)),
        array("i", range(size)),
        array("i", range(size)),
        array("i", range(size)),
        array("i", range(size)),
        bytearray(size),
    )


class SolverBase:
    def __init__(self, rules, tables=None) -> None:
        self.rules = rules
        self.hands = [0, 0]
        self.pts = [0, 0]  # card points taken (and last-trick bonus)
        self.mar = [0, 0]  # marriage points declared
        self.tricks = [0, 0]
        self.close_score = [0, 0]
        self.close_tricks = [0, 0]
        self.trump = 0
        self.closer = -1
        self.lead = -1
        self.stock = bytearray(rules.stock_size)
        # The search methods read no module global (len, POINTS): their
        # attribute reads are as cheap.
        self.stock_size = rules.stock_size
        self.points = POINTS
        self.pos = rules.stock_size  # next card to draw; stock_size: exhausted
        self.nodes = 0
        # A search that passes `limit` nodes since `load` stops and sets
        # `aborted`; its values are then meaningless.
        self.limit = _INF
        self.aborted = False
        self.broken = False
        # Coarse: game points only, no margin tie-break (far fewer nodes).
        # Once the loaded position has been searched, change it only with
        # set_coarse: the table must not serve values of the other kind.
        self.coarse = False
        # Depth-limited search (the open-stock phase): a lead node at ply
        # `horizon` or deeper is not searched but valued by `evaluator`
        # (evaluate.Evaluator), and no player closes inside the tree.
        self.horizon = NO_HORIZON
        self.evaluator: Any = None
        # The window the root actions of value_of are searched with
        # (wins_with narrows it to "won or not").
        self.lo = -_INF
        self.hi = _INF
        # The transposition table: make_tables' arrays, made here or taken
        # over from a solver let go (sixtysix.ai hands the shared solver's
        # on when the rules change).  An entry is read only under the
        # generation that wrote it, and `gen` starts at its top: the first
        # search clears the generations, whatever the arrays held before.
        if tables is None:
            tables = make_tables()
        self.tt_a, self.tt_b, self.tt_c, self.tt_d, self.tt_v, self.tt_gen = tables
        self.size = len(self.tt_gen)
        self.gen = 255

    def tables(self) -> tuple:
        """The table's arrays, for a solver that takes them over."""
        return (self.tt_a, self.tt_b, self.tt_c, self.tt_d, self.tt_v, self.tt_gen)

    # --- setting up from a hand -------------------------------------------

    def load(self, hand) -> None:
        """Take the position of a Hand (both hands known, strict phase)."""
        # The single values, then the lists by player under the solver's
        # names and the hand's.
        take(
            self,
            hand,
            ("trump", "closer", "lead", "pos"),
            ("hands", "pts", "mar", "tricks", "close_score", "close_tricks"),
            ("hands", "card_points", "marriage_points", "tricks", "close_score", "close_tricks"),
        )
        self.stock[:] = hand.stock
        self.stock_size = len(self.stock)  # the rules may have changed
        self.nodes = 0  # counted from here, against `limit`
        self.aborted = False
        self.broken = False  # compat.out_of_stack: the state is half made
        self._new_table()

    def set_coarse(self, coarse: bool) -> None:
        """Value in game points only (True) or with the card-point margin
        as tie-break (False).  The table keys no such flag, so a change
        forgets it: a game-points entry read back as a margin value would
        pass 1000 for 1034."""
        if coarse != self.coarse:
            self.coarse = coarse
            self._new_table()

    def _new_table(self) -> None:
        """Forget the table's contents (a new position or new rules)."""
        self.gen += 1
        if self.gen > 255:
            self.gen = 1
            for i in range(self.size):
                self.tt_gen[i] = 0

    # --- outcomes ------------------------------------------------------------

    def score(self, p: int) -> int:
        if self.tricks[p]:
            return self.pts[p] + self.mar[p]
        return self.pts[p]

    def _value(self, p: int, winner: int, gp: int) -> int:
        """Value for p of a hand that `winner` (-1: nobody) won with gp."""
        v = 0 if self.coarse else self.score(p) - self.score(1 - p)
        if winner == p:
            return v + gp * _GP
        if winner >= 0:
            return v - gp * _GP
        return v

    def _claim_value(self, p: int) -> int:
        """p claims with 66 or more."""
        if self.closer == 1 - p:
            return self._value(p, p, closer_failed_points(self))
        return self._value(p, p, win_points(self, p))

    # --- the search: a subclass's (solver.py, sixtysix_viper) ----------------------

    def _search_lead(self, p: int, alpha: int, beta: int, ply: int) -> int:
        """Value for p, to lead at `ply`, within (alpha, beta)."""
        raise NotImplementedError

    def _search_follow(self, p: int, alpha: int, beta: int, ply: int, only: int = -1) -> int:
        """Value for p, to follow the card led (only that card when
        `only` >= 0), within (alpha, beta)."""
        raise NotImplementedError

    # --- the root ------------------------------------------------------------------

    def _search(self, p: int, alpha: int, beta: int, ply: int) -> int:
        """Value for p, the player to move, within (alpha, beta).

        Inside the search a lead node calls the follow node directly and a
        follow node plays the trick out and calls the next lead: two Python
        frames a trick (see _search_follow for why that matters)."""
        if self.lead < 0:
            return self._search_lead(p, alpha, beta, ply)
        return self._search_follow(p, alpha, beta, ply)

    def _close_and_search(self, p: int, alpha: int, beta: int, ply: int) -> int:
        """p closes the stock, then leads."""
        for q in range(2):
            self.close_score[q] = self.score(q)
            self.close_tricks[q] = self.tricks[q]
        self.closer = p
        v = self._search_lead(p, alpha, beta, ply + 1)
        self.closer = -1
        return v

    def value_of(self, p: int, code: int) -> int:
        """Exact value for p (the player to act in the loaded position) of
        taking action `code`: a card, or MARRY + suit meaning "declare, then
        claim if that reaches 66, else lead the better of king and queen".
        The action must be legal.  Like `best`, it ends `aborted` when the
        C stack runs out (compat.out_of_stack).  Once a search of this
        position is `aborted`, it answers 0 at once and counts no node."""
        if self.broken or self.aborted:
            return 0
        # One function, not a wrapper around the search's entry: a C frame
        # fewer under the deepest searches (see _search_follow).
        try:
            if code == CLOSE:
                return self._close_and_search(p, self.lo, self.hi, 0)
            if code == EXCHANGE:
                return self._exchange_and_search(p)
            if self.lead >= 0:
                return self._search_follow(p, self.lo, self.hi, 1, code)
            if code < MARRY:
                return self._lead(p, code, 0)
            suit = code - MARRY
            m = 40 if suit == self.trump else 20
            if self.tricks[p] and self.score(p) + m >= _WIN:
                self.mar[p] += m
                v = self._claim_value(p)
                self.mar[p] -= m
                return v
            q = suit * 6 + _QUEEN
            v = self._lead(p, q, m)
            if not self.rules.queen_lead:
                king = self._lead(p, q + 1, m)
                if king > v:
                    v = king
            return v
        except RuntimeError as e:
            return out_of_stack(self, e)

    def wins_with(self, p: int, code: int) -> bool:
        """Whether action `code` wins the hand for p (coarse values): like
        `value_of`, searched with a null window around one game point,
        which costs a fraction of the value.  False once `aborted`."""
        self.lo = _GP - 1
        self.hi = _GP
        v = self.value_of(p, code)
        self.lo = -_INF
        self.hi = _INF
        return v >= _GP and not self.aborted

    def _exchange_and_search(self, p: int) -> int:
        n = len(self.stock)
        mine = self.trump * 6 + self.rules.exchange_rank
        up = self.stock[n - 1]
        hand = self.hands[p]
        self.hands[p] = (hand & ~(1 << mine)) | (1 << up)
        self.stock[n - 1] = mine
        v = self._search(p, self.lo, self.hi, 0)
        self.stock[n - 1] = up
        self.hands[p] = hand
        return v

    def _lead(self, p: int, c: int, marriage: int) -> int:
        hand = self.hands[p]
        self.hands[p] = hand & ~(1 << c)
        self.mar[p] += marriage
        self.lead = c
        v = -self._search_follow(1 - p, -self.hi, -self.lo, 1)
        self.lead = -1
        self.mar[p] -= marriage
        self.hands[p] = hand
        return v

    def wins(self, p: int) -> bool:
        """Whether p (to act in the loaded position, coarse values) wins
        the hand: a null-window search around one game point, far cheaper
        than finding the value.  False when cut short (`aborted`)."""
        if self.broken:
            return False
        try:
            return self._search(p, _GP - 1, _GP, 0) >= _GP and not self.aborted
        except RuntimeError as e:
            out_of_stack(self, e)
            return False

    def best(self, p: int) -> int:
        """Exact value for p of the loaded position (p to act)."""
        if self.broken:
            return 0
        try:
            return self._search(p, -_INF, _INF, 0)
        except RuntimeError as e:
            return out_of_stack(self, e)
