"""Alpha-beta search over the four hands of a four-hand deal (all known).

The search player (ai_four.py) deals worlds consistent with its view and
asks this solver for the value of each legal action in each world.  The
state is a handful of ints changed in place and restored; moves go into a
preallocated bytearray per ply, so a search node allocates nothing.
"""

from .compat import const, take
from .four import SOLO
from .players_four import beats

_INF = const(1000000)
_GP = const(1000)  # one game point in value units
_QUEEN = const(2)
SHOW = const(32)  # search move: show the marriage of this card's suit, then lead it
# Moves per ply: a two-seat bidding game's twelve cards and the eight
# leads of four marriages shown (with 16, a 17th move was written over
# the next ply's first, and a leader went on to play the follower's
# cards). The players search at most six cards a hand (ai_bid).
_SLOTS = const(20)
_PLIES = const(26)  # 24 cards and spare
# The deepest a search may look, in tricks. On MicroPython's rp2 port a
# trick of this search took 1,296 bytes of the 8 KB C stack while each card
# was played in a call of its own (measured on the emulated Pico: 3,308
# bytes at the leaves one trick deep, 7,196 four deep, below the app's own
# frames). Deeper searches ran out of stack, and a button's interrupt
# callback that came in at such a moment failed too and left MicroPython's
# scheduler locked: no button was read again. Three tricks left about 1.5
# KB for the callbacks; with one call a card (`search`), the deepest leaf
# of a three-trick search sits 3,544 bytes above the decision's start
# instead of 5,488 (30 of hard's four-hand decisions on the emulated Pico).
MAX_TRICKS_DEEP = const(3)

# Card points by id, and a rough trick-taking weight by rank (9 J Q K T A).
_POINTS = bytes([(0, 2, 3, 4, 10, 11)[c % 6] for c in range(24)])
_WEIGHT = b"\x00\x01\x02\x03\x05\x06"


class FourSolver:
    """Alpha-beta over four known hands from a position in the play.

    Values are seen from side 0 (AC): `game points * 1000 + point margin`,
    where game points are the difference the hand's scoring gives the two
    sides.  A search stops `depth` tricks from where it starts and
    evaluates there by sharing the points still out by the strength of the
    cards each side holds; with enough depth it is exact.
    """

    def __init__(self, rules) -> None:
        self.rules = rules
        self.hands = [0, 0, 0, 0]
        self.pts = [0, 0]  # card points taken (and the last-trick bonus, if chosen)
        self.mar = [0, 0]  # marriage points shown
        self.tricks = [0, 0]
        self.trump = -1
        self.lead = self.best = self.best_seat = self.led_high = -1  # no trick under way
        self.in_trick = self.trick_pts = 0
        self.turn = 0
        self.pending = -1
        self.sitting = -1
        self.active = 4
        self.bid_side = 0
        self.high_bid = 1
        self.tricks_done = 0
        self.stop_at = 24  # tricks_done at which to evaluate instead of searching
        self.total_tricks = 6
        self.moves = bytearray(_SLOTS * _PLIES)
        self.nodes = 0
        self.limit = _INF
        self.aborted = False
        self.broken = False

    def load(self, view, hands) -> None:
        """A world: the view's public state and four hands (by seat)."""
        for s in range(4):
            self.hands[s] = hands[s]
        # The single values, then the lists by side under the solver's names
        # and the view's.
        take(
            self,
            view,
            ("trump", "lead", "best", "best_seat", "led_high", "in_trick", "turn", "pending", "sitting"),
            ("pts", "mar", "tricks"),
            ("card_points", "marriage_points", "tricks"),
        )
        tp = 0
        for s in range(4):
            c = view.trick[s]
            if c != 255:
                tp += _POINTS[c]
        self.trick_pts = tp
        self.active = 3 if view.sitting >= 0 else 4
        self.bid_side = view.bidder & 1
        self.high_bid = view.high_bid
        self.tricks_done = view.tricks[0] + view.tricks[1]
        self.total_tricks = 6
        self.nodes = 0
        self.aborted = False
        self.broken = False  # compat.out_of_stack: the state is half made

    # --- outcomes ---------------------------------------------------------------

    def _side_score(self, side: int) -> int:
        if self.tricks[side]:
            return self.pts[side] + self.mar[side]
        return self.pts[side]

    def _outcome(self, s0: int, s1: int, other_tricks: int) -> int:
        """Value for side 0 of a hand ending with these side scores.  Few
        locals, so that MicroPython keeps its frame on the C stack (see
        `search`): it is called at every leaf."""
        b = self.bid_side
        bid = self.high_bid
        if bid >= SOLO and self.rules.solo_all_tricks:
            made = other_tricks == 0
        else:
            made = (s1 if b else s0) >= (66 if bid >= SOLO else bid * 33)
        gp = (bid if made else -bid) - (s0 if b else s1) // 33
        if b:
            gp = -gp
        return gp * _GP + s0 - s1

    def _final(self) -> int:
        return self._outcome(self._side_score(0), self._side_score(1), self.tricks[1 - self.bid_side])

    def _holdings(self) -> int:
        """The cards still held, packed: their points (bits 0-7, at most
        120), side 0's trick-taking weight (bits 8-15) and side 1's (bits
        16-23; at most 12 cards of weight 12 a side)."""
        trump = self.trump
        packed = 0
        s = 0
        while s < 4:
            h = 0 if s == self.sitting else self.hands[s]
            c = 0
            w = 0
            while h:
                if h & 1:
                    packed += _POINTS[c]
                    w += _WEIGHT[c % 6] + (6 if c // 6 == trump else 0)
                h >>= 1
                c += 1
            packed += w << (16 if s & 1 else 8)
            s += 1
        return packed

    def _estimate(self) -> int:
        """Cheap value at a trick boundary: the points still out are shared
        by the trick-taking weight of each side's cards.  Its frame fits 11
        words (see `search`), the holdings counted by a call of their own:
        it is called at every leaf short of the hand's end."""
        b = self._holdings()
        left = (b & 0xFF) + (10 if self.rules.last_trick_bonus else 0)
        a = (b >> 8) & 0xFF  # side 0's strength
        b >>= 16  # side 1's
        total = a + b
        x = left * a // total if total else left // 2  # side 0's share
        left = self.pts[1] + left - x  # side 1's score
        x += self.pts[0]  # side 0's
        if self.tricks[0] or a:
            x += self.mar[0]
        if self.tricks[1] or b:
            left += self.mar[1]
        if self.bid_side:
            b = a  # the defenders' strength
        a = self.tricks[1 - self.bid_side]  # the defenders' tricks
        if not a and b * 4 > total:
            a = 1  # the defenders will likely take a trick
        return self._outcome(x, left, a)

    # --- moves ---------------------------------------------------------------------

    def _next_seat(self, p: int) -> int:
        s = (p + 1) & 3
        if s == self.sitting:
            s = (s + 1) & 3
        return s

    # --- search --------------------------------------------------------------------

    def search(self, ply: int, alpha: int, beta: int, only: int = -1) -> int:
        """Value for side 0 of the position, within (alpha, beta).  With
        `only` (a card, or a card + SHOW) that one move is searched and the
        position is not counted as a node: a root action (ai_four).

        The moves are listed, and each played, searched on and undone, here
        rather than in methods of their own: on MicroPython a call whose
        frame needs more than 11 words takes the frame from the heap, and
        the allocator looks for room from the lowest block freed (from the
        heap's start after a collection), so each such call walks the
        heap's table, the further the fuller and more broken up the heap
        is.  One such call a node, not two and one a move besides, and less
        C stack a trick (MAX_TRICKS_DEEP).
        """
        base = ply * _SLOTS
        moves = self.moves
        if only < 0:
            self.nodes += 1
            if self.nodes >= self.limit:
                self.aborted = True
                return 0
            if self.lead < 0 and self.pending < 0:
                if self.tricks_done >= self.total_tricks:
                    return self._final()
                if self.tricks_done >= self.stop_at:
                    return self._estimate()
        # The position as it stands; every move below is undone to it.
        p = self.turn
        side = p & 1
        hands = self.hands
        s_lead = self.lead
        s_best = self.best
        s_best_seat = self.best_seat
        s_led_high = self.led_high
        s_trump = self.trump
        s_pending = self.pending
        s_trick_pts = self.trick_pts
        s_in_trick = self.in_trick
        # The legal moves of the seat to play, likely best first, into this
        # ply's slots of the move buffer.
        n = 0
        if only >= 0:
            moves[base] = only
            n = 1
        elif s_lead < 0 and s_pending >= 0:
            c = s_pending * 6 + _QUEEN
            moves[base] = c
            n = 1
            if not self.rules.queen_lead:
                moves[base + 1] = c + 1
                n = 2
        elif s_lead < 0:
            # marriages first (the trump one leading), then high cards
            hand = hands[p]
            for suit in range(4):
                c = suit * 6 + _QUEEN
                if (hand >> c) & 3 == 3:
                    moves[base + n] = c + 1 + SHOW
                    moves[base + n + 1] = c + SHOW
                    n += 2
            c = 23
            while c >= 0:
                if (hand >> c) & 1:
                    moves[base + n] = c
                    n += 1
                c -= 1
        else:
            hand = hands[p]
            allowed = hand & (0x3F << (s_lead // 6 * 6))
            if allowed:
                higher = allowed & ~((2 << s_led_high) - 1)
                if higher:
                    allowed = higher
            else:
                allowed = hand & (0x3F << (s_trump * 6))
                if not allowed:
                    allowed = hand
            # winners cheapest first, then losers cheapest first
            for c in range(24):
                if (allowed >> c) & 1 and beats(c, s_best, s_trump):
                    moves[base + n] = c
                    n += 1
            for c in range(24):
                if (allowed >> c) & 1 and not beats(c, s_best, s_trump):
                    moves[base + n] = c
                    n += 1
        maximizing = side == 0
        best_v = -_INF if maximizing else _INF
        for i in range(n):
            # Play the move.
            c = moves[base + i]
            shown = 0
            if c >= SHOW:
                c -= SHOW
                shown = 40 if (s_trump < 0 or c // 6 == s_trump) else 20
                self.mar[side] += shown
            bit = 1 << c
            hands[p] &= ~bit
            won = -1
            bonus = 0
            if s_lead < 0:
                self.lead = c
                self.pending = -1
                if s_trump < 0:
                    self.trump = c // 6
                self.best = c
                self.best_seat = p
                self.led_high = c
            else:
                if c // 6 == s_lead // 6 and c > s_led_high:
                    self.led_high = c
                if beats(c, s_best, s_trump):
                    self.best = c
                    self.best_seat = p
            self.trick_pts = s_trick_pts + _POINTS[c]
            self.in_trick = s_in_trick + 1
            if self.in_trick == self.active:
                won = self.best_seat
                ws = won & 1
                self.pts[ws] += self.trick_pts
                self.tricks[ws] += 1
                self.tricks_done += 1
                if self.tricks_done == self.total_tricks and self.rules.last_trick_bonus:
                    bonus = 10
                    self.pts[ws] += 10
                self.lead = -1
                self.best = -1
                self.best_seat = -1
                self.led_high = -1
                self.in_trick = 0
                self.trick_pts = 0
                self.turn = won
            else:
                self.turn = self._next_seat(p)
            v = self.search(ply + 1, alpha, beta)
            # Undo it (ws is the winning side, set when the trick ended).
            if won >= 0:
                self.pts[ws] -= s_trick_pts + _POINTS[c] + bonus
                self.tricks[ws] -= 1
                self.tricks_done -= 1
            self.turn = p
            self.lead = s_lead
            self.best = s_best
            self.best_seat = s_best_seat
            self.led_high = s_led_high
            self.trump = s_trump
            self.pending = s_pending
            self.trick_pts = s_trick_pts
            self.in_trick = s_in_trick
            hands[p] |= bit
            if shown:
                self.mar[side] -= shown
            if self.aborted:
                return 0
            if maximizing:
                if v > best_v:
                    best_v = v
                    if v > alpha:
                        alpha = v
            else:
                if v < best_v:
                    best_v = v
                    if v < beta:
                        beta = v
            if alpha >= beta:
                break
        return best_v
