"""Exact solver for two-player hands in which every card's place is known:
the search, in Python (the position, the root's actions and the outcomes
are solverbase.py's).

It searches with alpha-beta over the card bitmasks.  In the strict phase
(stock closed or exhausted) the result is exact under the active rules, with
one convention the device's players keep anyway: a player whose score
reaches 66 claims at once, and nobody claims falsely.  With the stock still
open it searches a *world* whose stock order is known: the draws follow the
rules and the leader may close; exchanging is left to the root (`value_of`).

Search state is a handful of ints changed and restored in place; moves go
into a preallocated bytearray per ply; the transposition table is
SolverBase's five fixed arrays.  A search node allocates nothing.

Where `sixtysix deploy` could ship the viper search (sixtysix_viper, for a
board that loads mpy-cross's machine code), it searches instead, node for
node the same (ai.viper_solver), and this module is never loaded.
Everywhere else it is the search, as bytecode: CPython, CircuitPython, mip
installs, frozen images (frozen machine code gave wrong values on the
emulated Pico: MicroPython's freezing tool may place Thumb code 2 bytes
off the 4-byte alignment its constant loads need; README "Freeze").  Where
it is bytecode on a board, the levels spend a share of their budgets
(ai.node_share).
"""

from .compat import const
from .hand import closer_failed_points, win_points
from .solverbase import NO_HORIZON, SolverBase

_WIN = const(66)
_INF = const(1000000)
_KING = const(3)
_QUEEN = const(2)
_EXACT = const(0)
_LOWER = const(1)
_UPPER = const(2)
_PLY_SLOTS = const(8)  # moves per ply: at most 6 cards, with room to spare
_PLIES = const(28)  # 12 tricks of two cards, a close, and spare
_QUEENS = const(0x104104)  # the queen bit of every suit


class Solver(SolverBase):
    def __init__(self, rules, tables=None) -> None:
        SolverBase.__init__(self, rules, tables)
        self.moves = bytearray(_PLY_SLOTS * _PLIES)  # _PLY_SLOTS a ply

    def _played_out_value(self, p: int, last: int) -> int:
        """The last trick has been played (bonus already added).  Written
        to need no more than 11 words of frame (see _search_follow)."""
        w = self.closer
        if w >= 0:
            if self.score(w) < _WIN:
                return self._value(p, 1 - w, closer_failed_points(self))
        elif self.rules.last_trick_wins:
            w = last
        elif (self.score(0) >= _WIN) != (self.score(1) >= _WIN):
            w = 0 if self.score(0) >= _WIN else 1
        elif self.rules.tie_last_trick:
            w = last
        else:
            return self._value(p, -1, 0)
        return self._value(p, w, win_points(self, w))

    # --- search ----------------------------------------------------------------

    def _marriage_claim(self, p: int) -> int:
        """Best value of declaring a marriage and claiming at once, or -_INF.
        Only a player who already has a trick can claim this way."""
        if not self.tricks[p]:
            return -_INF
        if self.rules.no_late_marriage and (self.closer >= 0 or self.pos >= self.stock_size):
            return -_INF  # no marriage once the stock is closed or exhausted
        hand = self.hands[p]
        best = -_INF
        for suit in range(4):
            q = suit * 6 + _QUEEN
            if (hand >> q) & 3 == 3:
                m = 40 if suit == self.trump else 20
                if self.pts[p] + self.mar[p] + m >= _WIN:
                    self.mar[p] += m
                    v = self._claim_value(p)
                    self.mar[p] -= m
                    if v > best:
                        best = v
        return best

    def _gen_leads(self, p: int, base: int) -> int:
        """Leads of player p into the move buffer, high cards first (a
        suit the hand lacks is skipped whole: on a microcontroller a node
        costs mostly its loop turns)."""
        hand = self.hands[p]
        moves = self.moves
        n = 0
        c = 23
        while c >= 0:
            if c % 6 == 5 and not (hand >> (c - 5)) & 0x3F:
                c -= 6
                continue
            if (hand >> c) & 1:
                moves[base + n] = c
                n += 1
            c -= 1
        return n

    def _put(self, cards: int, base: int, n: int) -> int:
        """Append a set's cards, lowest first, to the move buffer at
        base + n; returns the new count.  Six absent cards in a row are
        skipped at once."""
        moves = self.moves
        c = 0
        while cards:
            if not cards & 0x3F:
                cards >>= 6
                c += 6
                continue
            if cards & 1:
                moves[base + n] = c
                n += 1
            cards >>= 1
            c += 1
        return n

    def _search_lead(self, p: int, alpha: int, beta: int, ply: int) -> int:
        if self.nodes >= self.limit:
            # Over budget: unwind fast, counting no further node.  The
            # caller sees `aborted` and throws this search's values away.
            self.aborted = True
            return 0
        self.nodes += 1
        tricks = self.tricks
        if self.pts[p] + (self.mar[p] if tricks[p] else 0) >= _WIN:
            return self._claim_value(p)
        hands = self.hands
        hand = hands[p]
        best = -_INF
        # A marriage to declare and claim with needs a trick and a king with
        # its queen in hand (queen bits are rank 2 of each suit).
        if tricks[p] and hand & (hand >> 1) & _QUEENS:
            best = self._marriage_claim(p)
            if best >= beta:
                return best
        if ply >= self.horizon:
            v = self.evaluator.value(
                hands, self.pts, self.mar, self.tricks, self.trump, self.stock_size - self.pos, p
            )
            return v if v > best else best
        # transposition table (positions between tricks only)
        a = hands[0] | (p << 24) | ((1 if self.tricks[0] else 0) << 25) | ((1 if self.tricks[1] else 0) << 26)
        b = hands[1] | ((self.mar[0] // 20) << 24)
        k = self.pts[0] | (self.pts[1] << 8) | ((self.mar[1] // 20) << 16) | (self.pos << 19)
        d = self.closer + 1
        if d:
            d |= (self.close_score[0] << 2) | (self.close_score[1] << 10)
            d |= ((1 if self.close_tricks[0] else 0) << 18) | ((1 if self.close_tricks[1] else 0) << 19)
        slot = (a ^ (b * 7) ^ (k * 13) ^ d) % self.size
        if (
            self.tt_gen[slot] == self.gen
            and self.tt_a[slot] == a
            and self.tt_b[slot] == b
            and self.tt_c[slot] == k
            and self.tt_d[slot] == d
        ):
            stored = self.tt_v[slot]
            flag = stored & 3
            v = (stored >> 2) - _INF
            if flag == _EXACT:
                return v
            if flag == _LOWER and v >= beta:
                return v
            if flag == _UPPER and v <= alpha:
                return v
        alpha0 = alpha
        if best > alpha:
            alpha = best
        if self.closer < 0 and self.pos < self.stock_size - 1 and alpha < beta and self.horizon == NO_HORIZON:
            v = self._close_and_search(p, alpha, beta, ply)
            if v > best:
                best = v
                if v > alpha:
                    alpha = v
        base = ply * _PLY_SLOTS
        n = self._gen_leads(p, base)
        # "marry-after-close: no" forbids marriages only once the stock is
        # closed or exhausted, as the engine (and fastsolve.c) has it.
        marry_ok = not (self.rules.no_late_marriage and (self.closer >= 0 or self.pos >= self.stock_size))
        queen_only = self.rules.queen_lead
        hand = hands[p]
        for i in range(n):
            if alpha >= beta:
                break
            c = self.moves[base + i]
            m = 0
            if marry_ok:
                r = c % 6
                if r == _QUEEN or (r == _KING and not queen_only):
                    q = c - r + _QUEEN
                    if (hand >> q) & 3 == 3:
                        m = 40 if c // 6 == self.trump else 20
                        if self.tricks[p] and self.pts[p] + self.mar[p] + m >= _WIN:
                            m = 0  # declaring would mean claiming: see _marriage_claim
            # A declarable king or queen is searched twice: declared, then
            # not (declaring can hasten a claim and so shrink the margin).
            while True:
                hands[p] = hand & ~(1 << c)
                self.mar[p] += m
                self.lead = c
                v = -self._search_follow(1 - p, -beta, -alpha, ply + 1)
                self.lead = -1
                self.mar[p] -= m
                hands[p] = hand
                if v > best:
                    best = v
                    if v > alpha:
                        alpha = v
                if alpha >= beta or m == 0:
                    break
                m = 0
            if alpha >= beta:
                break
        if self.aborted:
            return best  # a cut-short search proves nothing: store nothing
        if best <= alpha0:
            flag = _UPPER
        elif best >= beta:
            flag = _LOWER
        else:
            flag = _EXACT
        self.tt_gen[slot] = self.gen
        self.tt_a[slot] = a
        self.tt_b[slot] = b
        self.tt_c[slot] = k
        self.tt_d[slot] = d
        self.tt_v[slot] = ((best + _INF) << 2) | flag
        return best

    def _search_follow(self, p: int, alpha: int, beta: int, ply: int, only: int = -1) -> int:
        """Value for p of following the card led: each legal follow takes
        the trick, the search goes on from the next lead (or the hand is
        scored), and the trick is undone.  `only`, a card, follows with
        that card alone, the root's question about one move: then no node
        is counted, as the root's own calls count none.

        The trick is played out here rather than in a function of its own:
        one C frame a trick fewer.  MicroPython nests a C frame for every
        call, an RP2040 has 8 KB of C stack, and the deepest search a level
        makes (the last trick with a stock, 7 tricks to the end) is deep:
        on the emulated Pico, at three frames a trick it ran out as soon as
        about 1.2 KB of the stack was in use before it (native code, 5 of
        12 such searches), at two not before 2.9 KB (native) or 4.3 KB
        (bytecode).  The app calls a player with about 1.9 KB in use."""
        base = ply * _PLY_SLOTS
        hands = self.hands
        lead = self.lead
        hand = hands[p]
        pos = self.pos
        draws = self.closer < 0 and pos < self.stock_size
        if only < 0:
            if self.nodes >= self.limit:
                self.aborted = True  # as in _search_lead
                return 0
            self.nodes += 1
            if self.pts[p] + (self.mar[p] if self.tricks[p] else 0) >= _WIN:
                return self._claim_value(p)
            # The legal follows, cheapest winner first, then the losing
            # cards from the lowest up.  Listed here, not by a method: a
            # bytecode call whose frame passes 11 words takes it from the
            # heap (docs/BENCHMARKS.md, "a bytecode call's frame"), and such
            # a method would need 21, one more heap frame a node.
            s = lead // 6
            led_suit = 0x3F << (s * 6)
            above = ~((2 << lead) - 1)  # the cards above the one led
            trumps = 0x3F << (self.trump * 6)
            allowed = hand  # stock open: no duty to follow
            if not draws:
                if hand & led_suit:
                    allowed = hand & led_suit
                    if self.rules.must_head and allowed & above:
                        allowed &= above
                elif self.rules.must_trump and hand & trumps:
                    allowed = hand & trumps
            # Winners: higher cards of the led suit, and trumps on a side lead.
            win = allowed & above & led_suit
            if s != self.trump:
                win |= allowed & trumps
            # cheapest first within each (a loop over a tuple would allocate)
            n = self._put(allowed & ~win, base, self._put(win, base, 0))
        else:
            self.moves[base] = only
            n = 1
        pts_taken = self.pts
        tricks = self.tricks
        leader = 1 - p
        points = self.points
        best = -_INF
        for i in range(n):
            c = self.moves[base + i]
            cs = c // 6
            if cs == lead // 6:
                w = p if c > lead else leader
            elif cs == self.trump:
                w = p
            else:
                w = leader
            pts = points[lead] + points[c]
            hands[p] = hand & ~(1 << c)
            pts_taken[w] += pts
            tricks[w] += 1
            self.lead = -1
            if draws:
                hands[w] |= 1 << self.stock[pos]
                hands[1 - w] |= 1 << self.stock[pos + 1]
                self.pos = pos + 2
            if hands[0] == 0 and hands[1] == 0:
                bonus = 10 if self.closer < 0 and not self.rules.no_bonus else 0
                pts_taken[w] += bonus
                v = self._played_out_value(p, w)
                pts_taken[w] -= bonus
            elif w == p:
                v = self._search_lead(p, alpha, beta, ply + 1)
            else:
                v = -self._search_lead(w, -beta, -alpha, ply + 1)
            if draws:
                self.pos = pos
                hands[w] &= ~(1 << self.stock[pos])
                hands[1 - w] &= ~(1 << self.stock[pos + 1])
            self.lead = lead
            tricks[w] -= 1
            pts_taken[w] -= pts
            hands[p] = hand
            if v > best:
                best = v
                if v > alpha:
                    alpha = v
                    if alpha >= beta:
                        break
        return best
