"""Computer players for Sixty-Five (RULES.md 3).

Why the play is odd: a trick's winner keeps only the partner's card, and
the winner's own card goes to the opponents.  So every card's points end
up with its owner's side *unless it is the card that wins*, and the side
that wins a trick gains 2.  Summed over a hand,

    our score - theirs = (card points we were dealt - theirs)
                         + sum over our tricks   (2 - 2 * winning card's points)
                         - sum over their tricks (2 - 2 * winning card's points)
                         +- 1 for the last trick

The deal fixes the first term; play only decides *which card wins each
trick*.  Winning with a low card is worth +2, winning with an ace -6: the
aim is to take tricks cheaply, throw counters (A K Q J) on tricks someone
else wins, and make the opponents win with their counters.

- `Heuristic65Player` judges each legal card by that rule for the trick on
  the table, guessing whether a later opponent can still beat it.
- `Search65Player(level, seed)` deals the unseen cards at random,
  consistently with the view (card counts and shown voids), and judges
  the rule of thumb's best few cards in every sampled world: each is
  played and the hand goes on with the heuristic for all four seats
  (flat Monte Carlo) to a horizon a few tricks on, where the margin so
  far plus the card points each side still holds values it (by the sum
  above, a card stays with its owner's side unless it wins a trick); the
  best mean result is chosen.  Near the end it solves each sampled world
  exactly with alpha-beta instead.  A budget of engine steps (cards
  played in playouts or search nodes) bounds a move: a world of playouts
  is started only if it fits whole, an exact search is cut off at the
  budget, and where too few worlds fit the move is the rule of thumb's.

Nothing is allocated per playout step or search node: worlds, stacks and
buffers are made once, at a player's first move, and shared by every
player of the process (`_SCRATCH`).
"""

from .cards import RANK48_POINTS, SPADES, list_cards
from .compat import const, named_player, take
from .rng import Rng
from .sixtyfive import MAX_ACTIONS, SixtyFiveHand

try:
    from typing import Any
except ImportError:  # MicroPython
    pass

_HALF_FULL = const(0xFFFFFF)
_NONE = const(255)
_GAME_POINT = const(32)  # a game point, in hand points, for the search's value
_BIG = const(1 << 20)
_SUIT_BITS = (0xFFF, 0xFFF000, 0xFFF, 0xFFF000)  # sixtyfive.suit_bits of each suit
_TO_THE_END = const(99)  # a playout's stop, in tricks, that no hand reaches
# Card points of the J Q K A of one suit (rank48 8 to 11, the suit's top
# 4 bits in a set), by those bits: 16 entries.
_TOP_POINTS = bytes([sum(RANK48_POINTS[8 + b] for b in range(4) if (x >> b) & 1) for x in range(16)])

# level: (most worlds per move, exact search from this many cards left on
#         the table (0: never), share of moves in percent played at random,
#         engine steps a move may take, fewest worlds of playouts worth
#         more than the rule of thumb, cards judged (the rule of thumb's
#         best few; 0: every legal card), tricks a playout goes on after
#         the current one (0: to the end of the hand))
# The budgets are set in chip time, measured on the emulated RP2040
# (docs/BENCHMARKS.md): hard near 1 s a move at most, medium a third of
# that.  An exact search runs about 0.9 steps a millisecond; a playout
# step costs more (every seat judges its cards, and a world is dealt for
# every few dozen steps), so playouts are held to their level's worlds:
# 12 of at most 36 steps at hard (753 ms a move at the 95th percentile
# of a self-play match on 2026-11-27), 6 of 24 at medium.  Flat Monte Carlo over one or two
# worlds plays worse than the rule of thumb it samples with, so a move
# searches only when enough worlds fit.  Short playouts of the rule of
# thumb's best three cards let both search from the first trick; whole
# playouts of every card fit only the last few tricks, and judged the
# same moves worse (arena figures: docs/MORE_GAMES.md, Sixty-Five).
# The search's worlds, stack and buffers, shared by every Search65Player of
# the process: the seats decide in turn, never at once, and hard's are about
# 10 KB (32-bit build), three times over at a table with three computer
# seats.  [rules, depth, root, stack, buffers].
_SCRATCH: list = [None, 0, None, None, None]

LEVELS = {
    "easy": (2, 0, 15, 200, 1, 0, 0),
    "medium": (6, 8, 0, 270, 6, 3, 1),
    "hard": (12, 12, 0, 900, 10, 3, 2),
}
PLAYER_NAMES = ("random", "heuristic", "easy", "medium", "hard")


def heuristic_card(st, seat: int, own0: int, own1: int, buf, n: int) -> int:
    """The rule-of-thumb choice among buf[0:n] for `seat` holding own0/own1.

    `st` is a `View65` or a `SixtyFiveHand`; only public facts are read
    from it (the trick, voids, piles, tricks), so in a sampled world every
    seat plays as it would at the real table.  Allocates nothing.

    Each card is judged by the trick it leaves: if card b of b_seat will be
    winning it once `seat` has played, the trick is worth -1 to `seat`
    when an opponent of b_seat still to play might beat b, else
    +-(2 - 2 * b's points, +1 for the last trick).  A card that does not
    take the trick earns that of the card that does, plus its own points.

    One function, not one that calls a judge per card: every playout step
    runs it, and a bytecode call whose frame passes 11 words (a judge of
    nine arguments would need 22) takes its frame from the heap, which on
    a board walks the heap's table at every call (docs/BENCHMARKS.md, "a
    bytecode call's frame")."""
    in_trick = st.in_trick
    # Cards still out of sight of this seat: not its own, not played.
    out0 = _HALF_FULL & ~own0 & ~st.piles[0] & ~st.piles[2]
    out1 = _HALF_FULL & ~own1 & ~st.piles[1] & ~st.piles[3]
    for s in range(4):
        t = st.trick[s]
        if t != _NONE:
            if t < 24:
                out0 &= ~(1 << t)
            else:
                out1 &= ~(1 << (t - 24))
    out_spades = out1 & _SUIT_BITS[SPADES]
    last = 1 if st.tricks[0] + st.tricks[1] == 11 else 0
    choice = buf[0]
    choice_value = -_BIG
    best = st.best
    lead_suit = st.lead // 12
    # What a card that does not take the trick earns, before its own
    # points: the same for all of them, so judged once (on first need).
    under = _BIG
    for i in range(n):
        c = buf[i]
        suit = c // 12
        if in_trick == 0 or (suit == best // 12 and c > best) or (suit != best // 12 and suit == SPADES):
            b = c  # c leads or beats the best so far: it is b
            b_seat = seat
            b_lead = suit if in_trick == 0 else lead_suit
        elif under == _BIG:
            b = best  # c goes under: the trick is the best card's
            b_seat = st.best_seat
            b_lead = lead_suit
        else:
            b = -1  # ... and that was judged already
        if b >= 0:
            b_suit = b // 12
            higher = (out1 if b_suit >= 2 else out0) & _SUIT_BITS[b_suit] & ~((2 << (b % 24)) - 1)
            threat = False
            for k in range(in_trick + 1, 4):
                s2 = (seat + k - in_trick) & 3
                if (s2 & 1) == (b_seat & 1):
                    continue
                voids = st.voids[s2]
                if b_suit == b_lead:
                    if higher and not (voids >> b_suit) & 1:
                        threat = True
                    elif b_suit != SPADES and (voids >> b_lead) & 1 and out_spades:
                        threat = not (voids >> SPADES) & 1
                elif higher and (voids >> b_lead) & 1 and not (voids >> SPADES) & 1:
                    threat = True
            if threat:
                value = -1
            else:
                value = 2 + last - 2 * RANK48_POINTS[b % 12]
                if (b_seat & 1) != (seat & 1):
                    value = -value
            if b != c:
                under = value
        if b != c:
            value = under + RANK48_POINTS[c % 12]  # a counter thrown away is safe for good
        if suit == SPADES and RANK48_POINTS[c % 12] == 0:
            value -= 1  # a low trump is a cheap winner later
        value = value * 16 - c % 12  # the lower card on a tie
        if value > choice_value:
            choice_value = value
            choice = c
    return choice


class Random65Player:
    nodes = 0

    def __init__(self, seed: int = 1) -> None:
        self.rng = Rng(seed)

    def choose(self, view) -> int:
        return view.actions[self.rng.below(len(view.actions))]


class Heuristic65Player:
    """Plays `heuristic_card` on the view: no search, no randomness."""

    nodes = 0

    def choose(self, view) -> int:
        acts = view.actions
        return heuristic_card(view, view.seat, view.own0, view.own1, acts, len(acts))


class Sampler65:
    """Deals the cards a view does not show to the other three seats: each
    gets as many as it holds, and none gets a suit it has shown a void in.

    Cards are dealt one at a time in random order, each to a seat chosen
    with weight = its free places; a choice is kept only if the rest can
    still be dealt (Hall's condition over the sets of seats, checked with
    per-suit counts), so no deal ever dead-ends.  Only the sets of seats
    that some suit is confined to can fail the condition, so a deal checks
    those alone: one or two sets where a void or two has been shown, not
    all fifteen."""

    def __init__(self) -> None:
        self._pool = bytearray(48)
        self._cap = [0, 0, 0, 0]
        self._suit_left = [0, 0, 0, 0]
        self._allowed = [0, 0, 0, 0]  # seats (bits) that may hold each suit
        self._hands = [0] * 8
        self._tight = bytearray(16)  # the sets of seats _feasible checks
        self._ntight = 0

    def deal(self, view, rng, world) -> None:
        """Fill `world` (a SixtyFiveHand) with a deal agreeing with `view`."""
        me = view.seat
        pool = self._pool
        k = 0
        for half in range(2):
            k = list_cards(view.unseen(half), half * 24, pool, k)
        rng.shuffle(pool, k)
        cap = self._cap
        hands = self._hands
        for s in range(4):
            cap[s] = 0 if s == me else view.counts[s]
            hands[2 * s] = 0
            hands[2 * s + 1] = 0
        hands[2 * me] = view.own0
        hands[2 * me + 1] = view.own1
        allowed = self._allowed
        constrained = False
        for suit in range(4):
            bits = 0
            for s in range(4):
                if s != me and not (view.voids[s] >> suit) & 1:
                    bits |= 1 << s
                elif s != me:
                    constrained = True
            allowed[suit] = bits
            self._suit_left[suit] = 0
        if constrained:
            for i in range(k):
                self._suit_left[pool[i] // 12] += 1
            self._find_tight(me)
        for i in range(k):
            c = pool[i]
            if constrained:
                s = self._place(c // 12, rng)
            else:
                s = 0
                while cap[s] == 0:
                    s += 1
                cap[s] -= 1
            hands[s * 2 + c // 24] |= 1 << (c % 24)
        self._build(view, hands, world)

    def _place(self, suit: int, rng) -> int:
        """Pick a seat for a card of `suit` so the rest stays dealable."""
        cap = self._cap
        self._suit_left[suit] -= 1
        tried = 0
        while True:
            total = 0
            bits = self._allowed[suit] & ~tried
            for s in range(4):
                if (bits >> s) & 1:
                    total += cap[s]
            if total == 0:
                raise ValueError("no deal agrees with the view")
            r = rng.below(total)
            s = 0
            while not ((bits >> s) & 1) or r >= cap[s]:
                if (bits >> s) & 1:
                    r -= cap[s]
                s += 1
            cap[s] -= 1
            if self._feasible():
                return s
            cap[s] += 1
            tried |= 1 << s

    def _find_tight(self, me: int) -> None:
        """List the sets of other seats, short of all three, that hold the
        whole of some suit.  Any other set T meets Hall's condition at every
        step: no card is confined to it, or (all three seats) every card
        left fits exactly; and adding `me`, who takes no card, changes
        neither side."""
        others = 15 & ~(1 << me)
        allowed = self._allowed
        n = 0
        for t in range(1, 15 + 1):
            if t & ~others or t == others:
                continue
            for suit in range(4):
                if allowed[suit] & ~t == 0:
                    self._tight[n] = t
                    n += 1
                    break
        self._ntight = n

    def _feasible(self) -> bool:
        """Hall's condition: for every set T of seats, the cards that only
        seats in T may hold fit into T's free places (over the sets that
        _find_tight listed; the others always hold)."""
        cap = self._cap
        left = self._suit_left
        allowed = self._allowed
        tight = self._tight
        for i in range(self._ntight):
            t = tight[i]
            room = 0
            for s in range(4):
                if (t >> s) & 1:
                    room += cap[s]
            need = 0
            for suit in range(4):
                if allowed[suit] & ~t == 0:
                    need += left[suit]
            if need > room:
                return False
        return True

    @staticmethod
    def _build(view, hands, world) -> None:
        world.reset_state()
        for i in range(8):
            world.hands[i] = hands[i]
            world.dealt[i] = hands[i]
        # What the view shows, under the same names in both: the single
        # values, then the public lists.
        take(
            world,
            view,
            ("dealer", "leader", "turn", "lead", "best", "best_seat", "in_trick", "last_winner"),
            ("piles", "voids", "trick", "last_trick", "tricks", "card_points", "bonus"),
        )


def hand_value(hand, side: int) -> int:
    """A finished hand from `side`'s point of view: game points first,
    then the margin of hand points."""
    other = 1 - side
    gp = hand.game_points[side] - hand.game_points[other]
    return gp * _GAME_POINT + hand.score(side) - hand.score(other)


def hand_estimate(hand, side: int) -> int:
    """A hand cut short between tricks, from `side`'s point of view: the
    margin so far plus the card points `side` still holds less the other
    side's (a card ends with its owner's side unless it wins a trick).
    A finished hand gets `hand_value`."""
    if hand.over:
        return hand_value(hand, side)
    v = hand.score(side) - hand.score(1 - side)
    for i in range(8):
        m = hand.hands[i]
        p = _TOP_POINTS[(m >> 8) & 15] + _TOP_POINTS[(m >> 20) & 15]
        if ((i >> 1) & 1) == side:  # hands[i] is seat i // 2's
            v += p
        else:
            v -= p
    return v


class Search65Player:
    def __init__(self, level: str = "hard", seed: int = 1) -> None:
        if level not in LEVELS:
            raise ValueError("unknown level '%s'" % level)
        self.level = level
        lv = LEVELS[level]
        self.worlds, self.exact_from, self.blunder = lv[0], lv[1], lv[2]
        self.budget, self.fewest = lv[3], lv[4]
        self.shortlist = lv[5]  # cards judged by playouts; 0: all
        self.horizon = lv[6]  # tricks a playout goes on after the current one; 0: all
        self.rng = Rng(seed)
        self.sampler = Sampler65()
        self.nodes = 0  # engine steps of the last move
        self._side = 0
        self._totals = [0] * MAX_ACTIONS
        self._values = [0] * MAX_ACTIONS  # the world under way, per action
        self.limit = 1 << 29  # steps at which an exact search gives up
        self.cut = False  # the last search stopped at the limit
        self.worlds_done = 0  # worlds that counted in the last move
        self._buf = bytearray(MAX_ACTIONS)
        self._cands = bytearray(MAX_ACTIONS)  # the cards judged, best guess first
        self._pool = bytearray(MAX_ACTIONS)
        # Worlds and stacks are made at the first move.
        self._root: Any = None
        self._stack: Any = None
        self._bufs: Any = None

    def _ready(self, rules) -> None:
        if self._root is None:
            self._make_worlds(rules)

    def _make_worlds(self, rules) -> None:
        # Apart from _ready: a comprehension here closes over `rules`, and
        # MicroPython then boxes it in a cell (16 bytes) at every call, on
        # every decision, not only the first.
        depth = self.exact_from + 2 if self.exact_from else 1
        s = _SCRATCH
        if s[0] is not rules or s[1] < depth:
            # Let the old ones go before making the new.
            s[0] = s[2] = s[3] = s[4] = None
            s[2] = SixtyFiveHand(rules)
            s[3] = [SixtyFiveHand(rules) for _ in range(depth)]
            s[4] = [bytearray(MAX_ACTIONS) for _ in range(depth)]
            s[0] = rules
            s[1] = depth
        self._root = s[2]
        self._stack = s[3]
        self._bufs = s[4]

    def choose(self, view) -> int:
        acts = view.actions
        n = len(acts)
        self.nodes = 0
        if n == 1:
            return acts[0]
        if self.blunder and self.rng.below(100) < self.blunder:
            return acts[self.rng.below(n)]
        self._ready(view.rules)
        self._side = view.seat & 1
        left = view.counts[0] + view.counts[1] + view.counts[2] + view.counts[3]
        exact = left <= self.exact_from
        cands = self._cands
        k = n
        if exact or not self.shortlist:
            for i in range(n):
                cands[i] = acts[i]
        else:
            k = self._short_list(view, acts, n)
        # A card tried costs one step, the rest of its trick at most three
        # and each trick after it four: a world's playouts cost at most
        # k * reach steps, so a world is started only when that fits.  An
        # exact search is cut off at the budget and its world thrown away.
        reach = left
        stop_after = _TO_THE_END
        if self.horizon and not exact:
            reach = min(left, 4 * self.horizon + 4)
            stop_after = self.horizon
        budget = self.budget
        if not exact and budget < self.fewest * k * reach:
            # Too few worlds fit to be worth more than the rule of thumb.
            self.worlds_done = 0
            return heuristic_card(view, view.seat, view.own0, view.own1, acts, n)
        totals = self._totals
        for i in range(k):
            totals[i] = 0
        root = self._root
        work = self._stack[0]
        self.limit = budget
        self.cut = False
        worlds = 0
        while worlds < self.worlds and (exact or self.nodes + k * reach <= budget):
            self.sampler.deal(view, self.rng, root)
            for i in range(k):
                if self.nodes >= budget:
                    self.cut = True
                    break
                work.copy_from(root)
                work.act(cands[i])
                self.nodes += 1
                if exact:
                    self._values[i] = self.solve(0, -_BIG, _BIG)
                else:
                    # The trick under way, then stop_after more.
                    done = work.tricks[0] + work.tricks[1] + (1 if work.in_trick else 0)
                    self.playout(work, done + stop_after)
                    self._values[i] = hand_estimate(work, self._side)
            if self.cut:
                break
            for i in range(k):
                totals[i] += self._values[i]
            worlds += 1
        self.worlds_done = worlds
        if not worlds:
            return heuristic_card(view, view.seat, view.own0, view.own1, acts, n)
        best = 0  # on a tie, the first judged: the short list's first is the rule of thumb's choice
        for i in range(1, k):
            if totals[i] > totals[best]:
                best = i
        return cands[best]

    def _short_list(self, view, acts, n: int) -> int:
        """Put the rule of thumb's best `shortlist` cards into _cands, its
        first choice first; return how many.  Allocates nothing."""
        pool = self._pool
        for i in range(n):
            pool[i] = acts[i]
        m = n
        k = min(n, self.shortlist)
        for j in range(k):
            c = heuristic_card(view, view.seat, view.own0, view.own1, pool, m)
            self._cands[j] = c
            i = 0
            while pool[i] != c:
                i += 1
            m -= 1
            pool[i] = pool[m]
        return k

    def playout(self, h, stop: int = _TO_THE_END) -> None:
        """Play on with the heuristic for every seat until `stop` tricks
        have been played or the hand is over."""
        buf = self._buf
        while not h.over and h.tricks[0] + h.tricks[1] < stop:
            seat = h.turn
            n = h.legal_actions(buf)
            h.place(heuristic_card(h, seat, h.hands[2 * seat], h.hands[2 * seat + 1], buf, n))
            self.nodes += 1

    def solve(self, depth: int, alpha: int, beta: int) -> int:
        """Exact value of the world at stack[depth] for our side, all
        hands open (alpha-beta; our side maximises)."""
        h = self._stack[depth]
        if h.over:
            return hand_value(h, self._side)
        buf = self._bufs[depth]
        n = h.legal_actions(buf)
        child = self._stack[depth + 1]
        if (h.turn & 1) == self._side:
            value = -_BIG
            for i in range(n):
                if self.nodes >= self.limit:
                    self.cut = True  # over budget: choose() throws this world away
                    return 0
                child.copy_from(h)
                child.place(buf[i])
                self.nodes += 1
                v = self.solve(depth + 1, alpha, beta)
                if v > value:
                    value = v
                    if v > alpha:
                        alpha = v
                        if alpha >= beta:
                            break
            return value
        value = _BIG
        for i in range(n):
            if self.nodes >= self.limit:
                self.cut = True
                return 0
            child.copy_from(h)
            child.place(buf[i])
            self.nodes += 1
            v = self.solve(depth + 1, alpha, beta)
            if v < value:
                value = v
                if v < beta:
                    beta = v
                    if alpha >= beta:
                        break
        return value


def make_65_player(name: str, seed: int = 1):
    """A Sixty-Five computer player by name: random, heuristic, easy, medium, hard."""
    return named_player(name, seed, PLAYER_NAMES, Random65Player, Heuristic65Player, Search65Player)
