"""Computer players for the bidding games for two and three.

`BidSearchPlayer` is four-hand's search player (ai_four.py) on this game's
hand and solver.  It bids by dealing worlds that agree with its view and
playing each out by the rule of thumb as if it had won the auction.  In
play, until the last MAX_TRICKS_DEEP tricks, it tries each legal action in
each dealt world and plays the rest of the hand out by the rule of thumb
(as many worlds as the budget pays for; one is enough with two players,
where every card is dealt and nothing is hidden); in the last tricks it
searches the worlds with alpha-beta (solver_bid.py) as four-hand does,
exactly once the rest fits the budget.  The rule-of-thumb and random
players are in players_bid.py; `make_bid_player` gives any of them by name.

Budgets are counted in search nodes and play-out moves, so a seed
reproduces every decision and the time on a device is predictable.
"""

from .ai_four import FourSearchPlayer
from .bid import BID, MAX_ACTIONS, MOON, PASS, BidHand
from .compat import const, named_player
from .hand import MARRY
from .players_bid import BidHeuristicPlayer, BidRandomPlayer, heuristic_card, offered, shown_marriage
from .solver_bid import BidSolver
from .solver_four import MAX_TRICKS_DEEP

# level: (worlds per move, search nodes per move with two seats, with
#         three, worlds per bidding decision, share of moves in percent
#         played by rule of thumb)
# A bidding decision costs a play-out a world: 24 moves, about a node each.
# Nodes are set in chip time: the emulated RP2040 ran 1.1 to 1.2 nodes a
# millisecond in bid-two and 0.9 in bid-three, where hard's 1,500 took
# 1.65 s at the 95th percentile (docs/BENCHMARKS.md), so three seats get
# fewer: hard about 0.95 s, medium a third of that.
LEVELS = {
    "easy": (2, 150, 150, 4, 35),
    "medium": (4, 500, 280, 6, 0),
    "hard": (4, 1500, 850, 16, 0),
}


def node_budget(level: str, seats: int) -> int:
    """Search nodes a decision of `level` may take at a table of `seats`."""
    return LEVELS[level][1 if seats == 2 else 2]


PLAYER_NAMES = ("random", "heuristic", "easy", "medium", "hard")
# The deepest exact search, in cards: four-hand's MAX_TRICKS_DEEP tricks of
# four, what the device's C stack was measured to allow (solver_four.py).
_MAX_PLIES = const(12)


class BidSearchPlayer(FourSearchPlayer):
    def __init__(self, level: str = "hard", seed: int = 1) -> None:
        if level not in LEVELS:
            raise ValueError("unknown level '%s'" % level)
        super().__init__(level, seed)
        self.play_worlds, self.max_nodes, _three, self.bid_worlds, self.blunder = LEVELS[level]
        self.buf = bytearray(MAX_ACTIONS)
        self.totals = [0] * MAX_ACTIONS
        self.values = [0] * MAX_ACTIONS
        self.this_world = [0] * MAX_ACTIONS
        self.heuristic = BidHeuristicPlayer()  # type: ignore[assignment]  # any player with choose(view)

    def _build(self, rules) -> None:
        self.max_nodes = node_budget(self.level, rules.seats)
        self.solver = BidSolver(rules)
        self.world = BidHand(rules)
        self.scratch = BidHand(rules)

    def _play_out(self, w) -> None:
        """Play hand `w` to its end by the rule of thumb, every seat seeing
        every card (the world is one the player dealt)."""
        n = w.seats
        while not w.over:
            p = w.turn
            suit = shown_marriage(w.hands[p], w.trump) if w.lead < 0 and w.pending < 0 else -1
            if suit >= 0:
                code = MARRY + suit
            else:
                others = 0
                for s in range(n):
                    if s != p:
                        others |= w.hands[s]
                code = heuristic_card(w, p, w.hands[p], w.legal_plays(), others)
            w.act(code)
            self.nodes += 1

    # --- play ----------------------------------------------------------------------

    def _play(self, view) -> int:
        """Near the end of the hand, four-hand's search over dealt worlds
        (exact once the rest fits the budget); before that, each action is
        tried in each world and the rest of the hand played out by the rule
        of thumb, as many worlds as the budget pays for."""
        tricks_left = 24 // view.seats - view.tricks[0] - view.tricks[1]
        if tricks_left <= MAX_TRICKS_DEEP:
            return FourSearchPlayer._play(self, view)
        acts = view.actions
        n = len(acts)
        cost = n * (view.counts[0] + view.counts[1] + view.counts[2])
        if cost > self.max_nodes:
            return self.heuristic.choose(view)
        # Nothing hidden, and the rest no deeper than the stack allows: the
        # budget the play-outs leave may solve the hand exactly.
        if not view.unseen() and tricks_left * view.seats <= _MAX_PLIES:
            code = self._solve(view, self.max_nodes - cost)
            if code >= 0:
                return code
        worlds = self.max_nodes // cost if view.unseen() else 1
        totals = self.totals
        for i in range(n):
            totals[i] = 0
        base = self.world
        trial = self.scratch
        for _ in range(worlds):
            self.deal_world(view)
            base.set_position(view, self.deal_hands)
            for i in range(n):
                trial.copy_from(base)
                trial.act(acts[i])
                self._play_out(trial)
                totals[i] += _worth(trial, view.side)
        self.worlds = worlds
        best = 0
        for i in range(1, n):
            if totals[i] > totals[best] or (totals[i] == totals[best] and acts[i] >= MARRY):
                best = i
        return acts[best]

    def _solve(self, view, limit: int) -> int:
        """The best action by an exact search of the one world there is,
        or -1 when it does not finish within `limit` nodes."""
        self.deal_world(view)
        s = self.solver
        s.load(view, self.deal_hands)
        s.limit = limit
        s.stop_at = 99  # no cut-off: play to the last trick
        acts = view.actions
        best = -1
        best_value = 0
        for i in range(len(acts)):
            v = self._value_of(acts[i])
            if s.aborted:
                best = -1
                break
            if view.side:
                v = -v
            if best < 0 or v > best_value or (v == best_value and acts[i] >= MARRY):
                best = i
                best_value = v
        self.nodes += s.nodes
        s.aborted = False
        return acts[best] if best >= 0 else -1

    # --- bidding -------------------------------------------------------------------

    def _bid(self, view) -> int:
        """The bid worth most game points over the worlds played out (the
        others' points // 33 taken off), if that beats passing's nothing."""
        totals = self.bid_totals
        for b in range(MOON + 1):
            totals[b] = 0
        worlds = self.bid_worlds if view.unseen() else 1
        first = view.high_bid + 1
        w = self.world
        for _ in range(worlds):
            self.deal_world(view)
            w.deal(view.dealer, self.deal_hands)
            w.start_play(view.seat, 1)
            self._play_out(w)
            mine = w.side_score(0)
            theirs = w.side_score(1) // 33
            for b in range(first, MOON):
                totals[b] += (b if mine >= b * 33 else -b) - theirs
            totals[MOON] += (5 if w.tricks[1] == 0 else -5) - theirs
        self.worlds = worlds
        acts = view.actions
        best = PASS if offered(PASS, acts) else -1
        best_total = 0
        for b in range(first, MOON + 1):
            if offered(BID + b, acts) and (best < 0 or totals[b] > best_total):
                best = BID + b
                best_total = totals[b]
        return best


def _worth(hand, side: int) -> int:
    """A played-out hand from one side: game points (as 1000s) and hand points, less the other side's."""
    gp = hand.game_points[side] - hand.game_points[1 - side]
    return gp * 1000 + hand.side_score(side) - hand.side_score(1 - side)


def make_bid_player(name: str, seed: int = 1):
    """A player of bid-two or bid-three by name: random, heuristic, easy, medium, hard."""
    return named_player(name, seed, PLAYER_NAMES, BidRandomPlayer, BidHeuristicPlayer, BidSearchPlayer)
