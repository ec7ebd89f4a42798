"""Computer players for four-hand partnership Sixty-Six (bidding and play).

Every player sees only a `FourView` and answers with one action code from
`view.actions` (a card, MARRY + suit, PASS or BID + n), so it can never be
refused.

- `FourHeuristicPlayer` (players_four.py) bids from a quick count of its own hand (aces,
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
search (solver_four.py) changes a handful of ints in place and undoes
them: a node allocates nothing.  The rule-of-thumb player is in
players_four.py; `make_four_player` gives any of them by name.
"""

from .cards import count, list_cards
from .compat import const, has, named_player, out_of_stack
from .four import BID, MAX_ACTIONS, PASS, PLAYING, SOLO, FourHand
from .hand import MARRY
from .players_four import FourHeuristicPlayer, FourRandomPlayer, heuristic_play
from .rng import Rng
from .solver_four import MAX_TRICKS_DEEP, SHOW, FourSolver

try:
    from typing import Any  # noqa: F401  (annotations only)
except ImportError:
    pass

_INF = const(1000000)
_QUEEN = const(2)
_RETRIES = const(12)  # attempts to deal a world that respects every void

# level: (worlds per move, search nodes per move, worlds per bidding
#         decision, share of moves in percent played by rule of thumb)
# Budgets in chip time: the emulated RP2040 searches about 1.1 nodes a
# millisecond here (docs/BENCHMARKS.md), so a hard move takes under a second
# and medium a third of that.  A bidding decision plays two rule-of-thumb
# hands a world (up to 48 moves, each about a node's time).  Against the
# rule of thumb these play as well as the 20,000 nodes hard had before
# (82% of 200 matches, against 81%: docs/MORE_GAMES.md, Arena).
LEVELS = {
    "easy": (2, 150, 4, 35),
    "medium": (4, 300, 6, 0),
    "hard": (4, 900, 16, 0),
}
PLAYER_NAMES = ("random", "heuristic", "easy", "medium", "hard")


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

    def _build(self, rules) -> None:
        """The tables a search needs for these rules, made when the first
        view of them comes (a game for three or four seats makes its own)."""
        self.solver = FourSolver(rules)
        self.world = FourHand(rules)

    def choose(self, view) -> int:
        if self.rules is not view.rules:
            self.rules = view.rules
            self._build(view.rules)
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
        k = list_cards(unseen, 0, pool, 0)
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
        best = PASS if has(acts, PASS) else -1
        best_total = 0
        if view.bidder >= 0 and (view.bidder & 1) == (view.seat & 1):
            # a fair guess of the partner's contract: as good as ours at that level
            best_total = worlds * view.high_bid // 2
        margin = worlds // 4  # a quarter game point on average, to prefer passing when close
        for b in range(first, SOLO + 1):
            if not has(acts, BID + b):
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
            # Iterative deepening a trick at a time, at most MAX_TRICKS_DEEP;
            # the deepest search that finished within the budget gives this
            # world's values.
            if tricks_left > MAX_TRICKS_DEEP:
                tricks_left = MAX_TRICKS_DEEP  # the C stack's limit: see solver_four
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
        if s.broken:
            return 0
        try:
            return self._root_value(s, code)
        except RuntimeError as e:  # the C stack ran out: as over budget
            return out_of_stack(s, e)

    def _root_value(self, s, code: int) -> int:
        if code < MARRY:
            return s.search(0, -_INF, _INF, code)
        q = (code - MARRY) * 6 + _QUEEN
        maximizing = (s.turn & 1) == 0
        v = s.search(0, -_INF, _INF, q + SHOW)
        if s.aborted or s.rules.queen_lead:
            return v
        w = s.search(0, -_INF, _INF, q + 1 + SHOW)
        if maximizing:
            return w if w > v else v
        return w if w < v else v


def make_four_player(name: str, seed: int = 1):
    """A four-hand computer player by name: random, heuristic, easy, medium, hard."""
    return named_player(name, seed, PLAYER_NAMES, FourRandomPlayer, FourHeuristicPlayer, FourSearchPlayer)
