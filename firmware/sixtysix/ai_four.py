"""Computer players for four-hand partnership Sixty-Six (bidding and play).

Every player sees only a `FourView` and answers with one action code from
`view.actions` (a card, MARRY + suit, PASS or BID + n), so it can never be
refused.

- `FourHeuristicPlayer` bids from a quick count of its own hand (aces,
  guarded tens, marriages, trump length, a share for the partner) and plays
  by rules of thumb: give points to a partner who holds the trick, win
  cheaply, cash sure winners, throw cheap cards.
- `FourSearchPlayer` bids by dealing the unseen cards at random many times
  and playing each deal out with the rule-of-thumb player (once with itself
  as bidder, once as soloist), then takes the bid worth most game points on
  average.  It plays by dealing worlds consistent with the view and running
  an alpha-beta search over the four hands in each: exact once the rest of
  the hand fits the node budget, else a few tricks deep with a cheap
  evaluation (iterative deepening stops when the budget is spent).

Budgets are counted in search nodes and play-out moves, so a seed
reproduces every decision and the time on a device is predictable.  The
search changes a handful of ints in place and undoes them: a node
allocates nothing.
"""

from .cards import count
from .compat import const
from .four import BID, MAX_ACTIONS, PASS, PLAYING, SOLO, FourHand
from .hand import MARRY
from .rng import Rng

try:
    from typing import Any  # noqa: F401  (annotations only)
except ImportError:
    pass

_INF = const(1000000)
_GP = const(1000)  # one game point in value units
_QUEEN = const(2)
_KING = const(3)
_TEN = const(4)
_ACE = const(5)
_SHOW = const(32)  # search move: show the marriage of this card's suit, then lead it
_SLOTS = const(16)  # moves per ply: 6 cards and 8 marriage leads fit
_PLIES = const(26)  # 24 cards and spare
_RETRIES = const(12)  # attempts to deal a world that respects every void

# Card points by id, and a rough trick-taking weight by rank (9 J Q K T A).
_POINTS = bytes([(0, 2, 3, 4, 10, 11)[c % 6] for c in range(24)])
_WEIGHT = b"\x00\x01\x02\x03\x05\x06"

# level: (worlds per move, search nodes per move, worlds per bidding
#         decision, share of moves in percent played by rule of thumb)
LEVELS = {
    "easy": (2, 1500, 4, 35),
    "medium": (4, 6000, 8, 0),
    "hard": (8, 20000, 16, 0),
}
PLAYER_NAMES = ("random", "heuristic", "easy", "medium", "hard")


def _suit_cards(cards: int, suit: int) -> int:
    return cards & (0x3F << (suit * 6))


def _is_top(c: int, others: int) -> bool:
    """Whether no card of `others` in c's suit ranks above c."""
    above = (0x3F << (c // 6 * 6)) & ~((2 << c) - 1)
    return not (others & above)


def _beats(c: int, best: int, trump: int) -> bool:
    """Whether card c takes the trick from the card now winning it."""
    if c // 6 == best // 6:
        return c > best
    return c // 6 == trump


def _cost(c: int, trump: int) -> int:
    """What a card is worth keeping: its points, more for a trump."""
    v = _POINTS[c] * 4 + c % 6
    if c // 6 == trump:
        v += 60
    return v


def _cheapest(cards: int, trump: int) -> int:
    best = -1
    bv = _INF
    for c in range(24):
        if (cards >> c) & 1:
            v = _cost(c, trump)
            if v < bv:
                bv = v
                best = c
    return best


def _richest_non_trump(cards: int, trump: int) -> int:
    """The card with most points that is not a trump; -1 if all are trumps."""
    best = -1
    bv = -1
    for c in range(24):
        if (cards >> c) & 1 and c // 6 != trump:
            v = _POINTS[c] * 8 + c % 6
            if v > bv:
                bv = v
                best = c
    return best


def best_trump_suit(cards: int) -> int:
    """The suit a bidder would lead first (and so make trumps)."""
    best = 0
    bv = -1
    for suit in range(4):
        own = _suit_cards(cards, suit)
        v = count(own) * 12
        for r in range(6):
            if (own >> (suit * 6 + r)) & 1:
                v += _POINTS[r]
        if (own >> (suit * 6 + _QUEEN)) & 3 == 3:
            v += 15
        if v > bv:
            bv = v
            best = suit
    return best


def estimate_side_points(cards: int) -> int:
    """A quick guess of the points a side reaches when this hand bids and
    leads: sure-looking winners and marriages of this hand, trump length,
    and a fixed share for the partner's help."""
    trump = best_trump_suit(cards)
    est = 24  # the partner's cards and what the side catches on them
    for suit in range(4):
        own = _suit_cards(cards, suit) >> (suit * 6)
        n = count(own)
        if own & (1 << _ACE):
            est += 15  # the ace and what falls on it
            if own & (1 << _TEN):
                est += 10
        elif own & (1 << _TEN) and n >= 3:
            est += 6
        if own & (3 << _QUEEN) == 3 << _QUEEN:
            est += 40 if suit == trump else 20
        if suit == trump and n > 2:
            est += (n - 2) * 8  # long trumps win tricks of other suits
    return est


def heuristic_bid(cards: int, seat: int, high_bid: int, bidder: int, may_pass: bool) -> int:
    """The rule-of-thumb bid: a bid code or PASS."""
    est = estimate_side_points(cards)
    level = est // 33
    if level > 4:
        level = 4
    trump = best_trump_suit(cards)
    if level == 4 and (cards >> (trump * 6 + _QUEEN)) & 3 != 3:
        level = 3  # 132 needs a trump marriage in practice
    partner_holds = bidder >= 0 and (bidder & 1) == (seat & 1)
    want = high_bid + 1
    if partner_holds and est < want * 33 + 12:
        want = SOLO + 1  # do not outbid the partner without a clear surplus
    if want <= level:
        return BID + want
    if not may_pass:
        return BID + high_bid + 1
    return PASS


def heuristic_play(me, cards, legal, trump, lead, best, best_seat, in_trick, active, others, opp_voids):
    """The rule-of-thumb card: `others` are the cards not yet played that
    this seat does not hold, `opp_voids` the suits the opponents lack."""
    if lead < 0:
        if trump < 0:  # the first lead makes trumps: lead the top of the best suit
            suit = best_trump_suit(cards)
            pick = legal & (0x3F << (suit * 6))
            if pick:
                c = 23
                while not (pick >> c) & 1:
                    c -= 1
                return c
            return _cheapest(legal, trump)
        trumps_out = _suit_cards(others, trump)
        # Pull the opponents' trumps with a sure top trump.
        if trumps_out:
            for c in range(trump * 6 + 5, trump * 6 - 1, -1):
                if (legal >> c) & 1 and _is_top(c, others):
                    return c
        # Cash a sure winner of a side suit the opponents still follow.
        cash = -1
        cv = -1
        for c in range(24):
            if (legal >> c) & 1 and c // 6 != trump and _is_top(c, others):
                s = c // 6
                if (opp_voids >> s) & 1 and trumps_out:
                    continue
                if not _suit_cards(others, s):
                    continue
                v = _POINTS[c] * 4 + c % 6
                if v > cv:
                    cv = v
                    cash = c
        if cash >= 0:
            return cash
        return _cheapest(legal, trump)
    partner = (me + 2) & 3
    last = in_trick == active - 1
    winners = 0
    for c in range(24):
        if (legal >> c) & 1 and _beats(c, best, trump):
            winners |= 1 << c
    if best_seat == partner:
        safe = last or (_is_top(best, others) and (best // 6 == trump or not _suit_cards(others, trump)))
        if safe:
            c = _richest_non_trump(legal, trump)
            return c if c >= 0 else _cheapest(legal, trump)
        if not winners:
            return _cheapest(legal, trump)
    if winners:
        if not last:
            # Not last: win with a card nobody can beat if there is one.
            for c in range(23, -1, -1):
                if (winners >> c) & 1 and _is_top(c, others):
                    if c // 6 == trump or not _suit_cards(others, trump):
                        return c
        return _cheapest(winners, trump)
    return _cheapest(legal, trump)


def _has(actions, code: int) -> bool:
    for a in actions:
        if a == code:
            return True
    return False


def _opp_voids(voids, seat: int) -> int:
    return voids[(seat + 1) & 3] & voids[(seat + 3) & 3]


def _view_marriage(view) -> int:
    """The marriage to show on lead (trumps first), or -1."""
    marry = -1
    for a in view.actions:
        if MARRY <= a < MARRY + 4 and (marry < 0 or a - MARRY == view.trump):
            marry = a - MARRY
    return marry


class FourRandomPlayer:
    nodes = 0

    def __init__(self, seed: int = 1) -> None:
        self.rng = Rng(seed)

    def choose(self, view) -> int:
        acts = view.actions
        return acts[self.rng.below(len(acts))]


class FourHeuristicPlayer:
    """Bids by `estimate_side_points`, plays by `heuristic_play`."""

    nodes = 0

    def choose(self, view) -> int:
        acts = view.actions
        if view.phase != PLAYING:
            code = heuristic_bid(view.hand, view.seat, view.high_bid, view.bidder, _has(acts, PASS))
            return code if _has(acts, code) else acts[0]
        if view.lead < 0 and view.pending < 0:
            marry = _view_marriage(view)
            if marry >= 0:
                return MARRY + marry
        others = 0xFFFFFF & ~view.hand & ~view.played()
        active = 3 if view.sitting >= 0 else 4
        return heuristic_play(
            view.seat,
            view.hand,
            view.legal_plays,
            view.trump,
            view.lead,
            view.best,
            view.best_seat,
            view.in_trick,
            active,
            others,
            _opp_voids(view.voids, view.seat),
        )


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
        self.pts = [0, 0]  # card points taken (and the last-trick bonus)
        self.mar = [0, 0]  # marriage points shown
        self.tricks = [0, 0]
        self.trump = -1
        self.lead = -1
        self.best = -1
        self.best_seat = -1
        self.led_high = -1
        self.in_trick = 0
        self.trick_pts = 0
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
        self.coarse = False

    def load(self, view, hands) -> None:
        """A world: the view's public state and four hands (by seat)."""
        for s in range(4):
            self.hands[s] = hands[s]
        for side in range(2):
            self.pts[side] = view.card_points[side]
            self.mar[side] = view.marriage_points[side]
            self.tricks[side] = view.tricks[side]
        self.trump = view.trump
        self.lead = view.lead
        self.best = view.best
        self.best_seat = view.best_seat
        self.led_high = view.led_high
        self.in_trick = view.in_trick
        tp = 0
        for s in range(4):
            c = view.trick[s]
            if c != 255:
                tp += _POINTS[c]
        self.trick_pts = tp
        self.turn = view.turn
        self.pending = view.pending
        self.sitting = view.sitting
        self.active = 3 if view.sitting >= 0 else 4
        self.bid_side = view.bidder & 1
        self.high_bid = view.high_bid
        self.tricks_done = view.tricks[0] + view.tricks[1]
        self.total_tricks = 6
        self.nodes = 0
        self.aborted = False

    # --- outcomes ---------------------------------------------------------------

    def _side_score(self, side: int) -> int:
        if self.tricks[side]:
            return self.pts[side] + self.mar[side]
        return self.pts[side]

    def _outcome(self, s0: int, s1: int, other_tricks: int) -> int:
        """Value for side 0 of a hand ending with these side scores."""
        b = self.bid_side
        sb = s0 if b == 0 else s1
        so = s1 if b == 0 else s0
        bid = self.high_bid
        if bid >= SOLO:
            made = other_tricks == 0 if self.rules.solo_all_tricks else sb >= 66
        else:
            made = sb >= bid * 33
        gp = (bid if made else -bid) - so // 33
        if b == 1:
            gp = -gp
        v = gp * _GP
        if not self.coarse:
            v += s0 - s1
        return v

    def _final(self) -> int:
        return self._outcome(self._side_score(0), self._side_score(1), self.tricks[1 - self.bid_side])

    def _estimate(self) -> int:
        """Cheap value at a trick boundary: the points still out are shared
        by the trick-taking weight of each side's cards."""
        trump = self.trump
        left = 0 if self.rules.no_bonus else 10
        strength0 = 0
        strength1 = 0
        for s in range(4):
            if s == self.sitting:
                continue
            h = self.hands[s]
            c = 0
            w = 0
            while h:
                if h & 1:
                    left += _POINTS[c]
                    w += _WEIGHT[c % 6]
                    if c // 6 == trump:
                        w += 6
                h >>= 1
                c += 1
            if s & 1:
                strength1 += w
            else:
                strength0 += w
        total = strength0 + strength1
        share0 = left * strength0 // total if total else left // 2
        s0 = self.pts[0] + share0
        s1 = self.pts[1] + left - share0
        if self.tricks[0] or strength0:
            s0 += self.mar[0]
        if self.tricks[1] or strength1:
            s1 += self.mar[1]
        other = 1 - self.bid_side
        other_tricks = self.tricks[other]
        if not other_tricks and (strength1 if other else strength0) * 4 > total:
            other_tricks = 1  # the defenders will likely take a trick
        return self._outcome(s0, s1, other_tricks)

    # --- moves ---------------------------------------------------------------------

    def _gen(self, base: int) -> int:
        """Legal moves of the seat to play into the move buffer, likely best first."""
        p = self.turn
        hand = self.hands[p]
        moves = self.moves
        trump = self.trump
        n = 0
        if self.lead < 0:
            if self.pending >= 0:
                q = self.pending * 6 + _QUEEN
                moves[base] = q
                n = 1
                if not self.rules.queen_lead:
                    moves[base + 1] = q + 1
                    n = 2
                return n
            # marriages first (the trump one leading), then high cards
            for suit in range(4):
                q = suit * 6 + _QUEEN
                if (hand >> q) & 3 == 3:
                    moves[base + n] = q + 1 + _SHOW
                    n += 1
                    moves[base + n] = q + _SHOW
                    n += 1
            c = 23
            while c >= 0:
                if (hand >> c) & 1:
                    moves[base + n] = c
                    n += 1
                c -= 1
            return n
        suit = self.lead // 6
        same = hand & (0x3F << (suit * 6))
        if same:
            higher = same & ~((2 << self.led_high) - 1)
            allowed = higher if higher else same
        else:
            trumps = hand & (0x3F << (trump * 6))
            allowed = trumps if trumps else hand
        best = self.best
        # winners cheapest first, then losers cheapest first
        for c in range(24):
            if (allowed >> c) & 1 and _beats(c, best, trump):
                moves[base + n] = c
                n += 1
        for c in range(24):
            if (allowed >> c) & 1 and not _beats(c, best, trump):
                moves[base + n] = c
                n += 1
        return n

    def _next_seat(self, p: int) -> int:
        s = (p + 1) & 3
        if s == self.sitting:
            s = (s + 1) & 3
        return s

    # --- search --------------------------------------------------------------------

    def search(self, ply: int, alpha: int, beta: int) -> int:
        """Value for side 0 of the position, within (alpha, beta)."""
        self.nodes += 1
        if self.nodes > self.limit:
            self.aborted = True
            return 0
        if self.lead < 0 and self.pending < 0:
            if self.tricks_done >= self.total_tricks:
                return self._final()
            if self.tricks_done >= self.stop_at:
                return self._estimate()
        base = ply * _SLOTS
        n = self._gen(base)
        maximizing = (self.turn & 1) == 0
        best_v = -_INF if maximizing else _INF
        for i in range(n):
            v = self.try_move(self.moves[base + i], ply, alpha, beta)
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

    def try_move(self, m: int, ply: int, alpha: int, beta: int) -> int:
        """Play move m (a card, or a card + _SHOW), search on, undo."""
        p = self.turn
        side = p & 1
        shown = 0
        c = m
        if m >= _SHOW:
            c = m - _SHOW
            shown = 40 if (self.trump < 0 or c // 6 == self.trump) else 20
            self.mar[side] += shown
        bit = 1 << c
        self.hands[p] &= ~bit
        s_lead = self.lead
        s_best = self.best
        s_best_seat = self.best_seat
        s_led_high = self.led_high
        s_trump = self.trump
        s_pending = self.pending
        s_trick_pts = self.trick_pts
        s_in_trick = self.in_trick
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
            if _beats(c, s_best, self.trump):
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
            if self.tricks_done == self.total_tricks and not self.rules.no_bonus:
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
        if won >= 0:
            ws = won & 1
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
        self.hands[p] |= bit
        if shown:
            self.mar[side] -= shown
        return v


class FourSearchPlayer:
    """Sampling and search for play, sampled play-outs for bidding."""

    def __init__(self, level: str = "hard", seed: int = 1) -> None:
        if level not in LEVELS:
            raise ValueError("unknown level '%s'" % level)
        self.level = level
        self.play_worlds, self.max_nodes, self.bid_worlds, self.blunder = LEVELS[level]
        self.rng = Rng(seed)
        self.rules: Any = None
        self.solver: Any = None
        self.world: Any = None  # a FourHand for bidding play-outs
        self.deal_hands = [0, 0, 0, 0]
        self.need = [0, 0, 0, 0]
        self.pool = bytearray(24)
        self.buf = bytearray(MAX_ACTIONS)
        self.totals = [0] * MAX_ACTIONS
        self.values = [0] * MAX_ACTIONS  # per action: the world's deepest finished search
        self.this_world = [0] * MAX_ACTIONS  # per action: the search under way
        self.bid_totals = [0] * (SOLO + 1)  # summed game points per bid level
        self.nodes = 0  # search nodes (and play-out moves) of the last decision
        self.worlds = 0  # worlds searched for the last decision
        self.depth = 0  # deepest complete search of the last decision, in tricks
        self.heuristic = FourHeuristicPlayer()

    def _setup(self, rules) -> None:
        if self.rules is not rules:
            self.rules = rules
            self.solver = FourSolver(rules)
            self.world = FourHand(rules)

    def choose(self, view) -> int:
        self._setup(view.rules)
        self.nodes = 0
        self.worlds = 0
        self.depth = 0
        acts = view.actions
        if len(acts) == 1:
            return acts[0]
        if self.blunder and self.rng.below(100) < self.blunder:
            return self.heuristic.choose(view)
        if view.phase != PLAYING:
            return self._bid(view)
        return self._play(view)

    # --- dealing worlds ------------------------------------------------------------

    def deal_world(self, view) -> None:
        """Fill `deal_hands` with a random deal of the unseen cards that
        agrees with the view: shown marriage cards where they are, each seat
        its number of cards, and (when it can be done) no card of a suit a
        seat has shown to be void in."""
        me = view.seat
        hands = self.deal_hands
        need = self.need
        pool = self.pool
        unseen = view.unseen()
        k = 0
        for c in range(24):
            if (unseen >> c) & 1:
                pool[k] = c
                k += 1
        rng = self.rng
        for attempt in range(_RETRIES + 1):
            strict = attempt < _RETRIES
            for s in range(4):
                if s == me:
                    hands[s] = view.hand
                    need[s] = 0
                else:
                    hands[s] = view.known[s]
                    need[s] = view.counts[s] - count(view.known[s])
            rng.shuffle(pool, k)
            ok = True
            for i in range(k):
                c = pool[i]
                suit = c // 6
                room = 0
                for s in range(4):
                    if need[s] and not (strict and (view.voids[s] >> suit) & 1):
                        room += need[s]
                if not room:
                    ok = False
                    break
                r = rng.below(room)
                for s in range(4):
                    if need[s] and not (strict and (view.voids[s] >> suit) & 1):
                        if r < need[s]:
                            hands[s] |= 1 << c
                            need[s] -= 1
                            break
                        r -= need[s]
            if ok:
                return

    # --- bidding -------------------------------------------------------------------

    def _playout(self, view, bid: int) -> int:
        """Deal a world, play it out with the rule of thumb as if this seat
        had won the auction with `bid`; the bidding side's summed game
        points minus the other side's (as the hand's scoring gives them)."""
        w = self.world
        me = view.seat
        w.deal(view.dealer, self.deal_hands)
        w.phase = PLAYING
        w.high_bid = bid
        w.bidder = me
        w.sitting = ((me + 2) & 3) if bid >= SOLO else -1
        w.leader = me
        w.turn = me
        active = 3 if bid >= SOLO else 4
        while not w.over:
            p = w.turn
            code = -1
            if w.lead < 0 and w.pending < 0:
                for suit in range(4):
                    if (w.hands[p] >> (suit * 6 + _QUEEN)) & 3 == 3 and (code < 0 or suit == w.trump):
                        code = MARRY + suit
            if code < 0:
                others = 0xFFFFFF & ~w.hands[p]
                for s in range(4):
                    others &= ~(w.dealt[s] & ~w.hands[s])  # played, this trick's cards too
                code = heuristic_play(
                    p,
                    w.hands[p],
                    w.legal_plays(),
                    w.trump,
                    w.lead,
                    w.best,
                    w.best_seat,
                    w.in_trick,
                    active,
                    others,
                    w.voids[(p + 1) & 3] & w.voids[(p + 3) & 3],
                )
            w.act(code)
            self.nodes += 1
        return w.game_points[me & 1] - w.game_points[1 - (me & 1)]

    def _bid(self, view) -> int:
        acts = view.actions
        totals = self.bid_totals
        for b in range(SOLO + 1):
            totals[b] = 0
        worlds = self.bid_worlds
        first = view.high_bid + 1
        for _ in range(worlds):
            self.deal_world(view)
            # One play-out scores every ordinary bid: only the goal changes.
            if first < SOLO:
                self._playout(view, 1)
                w = self.world
                side = view.seat & 1
                mine = w.side_score(side)
                theirs = w.side_score(1 - side) // 33
                for b in range(first, SOLO):
                    totals[b] += (b if mine >= b * 33 else -b) - theirs
            totals[SOLO] += self._playout(view, SOLO)
        self.worlds = worlds
        # Passing is worth nothing to count on, except when the partner holds
        # the bid: then it is worth what that bid is expected to bring.
        best = PASS if _has(acts, PASS) else -1
        best_total = 0
        if view.bidder >= 0 and (view.bidder & 1) == (view.seat & 1):
            # a fair guess of the partner's contract: as good as ours at that level
            best_total = worlds * view.high_bid // 2
        margin = worlds // 4  # a quarter game point on average, to prefer passing when close
        for b in range(first, SOLO + 1):
            if not _has(acts, BID + b):
                continue
            if best < 0 or totals[b] > best_total + margin:
                best = BID + b
                best_total = totals[b]
                margin = 0
        return best

    # --- play ----------------------------------------------------------------------

    def _play(self, view) -> int:
        acts = view.actions
        n = len(acts)
        totals = self.totals
        values = self.values
        for i in range(n):
            totals[i] = 0
        solver = self.solver
        worlds = self.play_worlds
        per_world = self.max_nodes // worlds
        # When this seat's cards and the shown ones leave nothing hidden,
        # one world is the truth.
        if not view.unseen():
            worlds = 1
            per_world = self.max_nodes
        my_side = view.side
        done = 0
        spent = 0
        for _ in range(worlds):
            self.deal_world(view)
            solver.load(view, self.deal_hands)
            solver.limit = per_world
            tricks_left = solver.total_tricks - solver.tricks_done
            # Iterative deepening a trick at a time; the deepest search that
            # finished within the budget gives this world's values.
            depth = 1
            found = False
            while depth <= tricks_left:
                solver.stop_at = solver.tricks_done + depth
                for i in range(n):
                    v = self._value_of(acts[i])
                    if solver.aborted:
                        break
                    self.this_world[i] = v if my_side == 0 else -v
                if solver.aborted:
                    break
                found = True
                for i in range(n):
                    values[i] = self.this_world[i]
                if depth > self.depth:
                    self.depth = depth
                depth += 1
            spent += solver.nodes
            solver.aborted = False
            if found:
                done += 1
                for i in range(n):
                    totals[i] += values[i]
        self.nodes += spent
        self.worlds = done
        if not done:
            return self.heuristic.choose(view)
        best = 0
        for i in range(1, n):
            # On a tie a marriage beats the plain lead (its points are banked).
            if totals[i] > totals[best] or (totals[i] == totals[best] and acts[i] >= MARRY):
                best = i
        return acts[best]

    def _value_of(self, code: int) -> int:
        """Side-0 value of one root action in the loaded world."""
        s = self.solver
        if code < MARRY:
            return s.try_move(code, 0, -_INF, _INF)
        q = (code - MARRY) * 6 + _QUEEN
        maximizing = (s.turn & 1) == 0
        v = s.try_move(q + _SHOW, 0, -_INF, _INF)
        if s.aborted or s.rules.queen_lead:
            return v
        w = s.try_move(q + 1 + _SHOW, 0, -_INF, _INF)
        if maximizing:
            return w if w > v else v
        return w if w < v else v


def make_four_player(name: str, seed: int = 1):
    """A four-hand computer player by name: random, heuristic, easy, medium, hard."""
    if name == "random":
        return FourRandomPlayer(seed)
    if name == "heuristic":
        return FourHeuristicPlayer()
    if name in LEVELS:
        return FourSearchPlayer(name, seed)
    raise ValueError("unknown player '%s' (%s)" % (name, ", ".join(PLAYER_NAMES)))
