"""Computer players for two-player Sixty-Six and Schnapsen.

A player sees only a `View` (what its seat may know) and answers with one
action code: a card id, MARRY + suit, EXCHANGE, CLOSE or CLAIM.  The legal
codes are in `view.actions`; both players here pick from that list, so they
can never be refused.

Everything works on card-set bitmasks and small ints: no per-move lists,
tuples or strings, so a move costs nearly nothing on a microcontroller.
"""

from .cards import NO_CARD, RANK_POINTS, count
from .compat import const, has
from .hand import CLAIM, CLOSE, EXCHANGE, MARRY
from .rng import Rng

_WIN = const(66)
_SUIT = const(0x3F)  # the six bits of one suit, shifted by suit * 6
_KING = const(3)
_QUEEN = const(2)
_ACE = const(5)
# A card led safely still catches some points from the follower; this is a
# deliberately low guess for the closing estimate.
_CATCH = const(2)


class RandomPlayer:
    """Picks uniformly among the legal actions, but claims as every computer
    player does (RULES.md 1: at once with 66, never falsely).  A random
    false claim would end almost every hand at once and make a useless
    sparring partner; a missed true one plays on a hand already won, and an
    outside program driving `sixtysix move --level random` would see a
    computer break the rule.  (CLAIM could only be forced if it were the
    sole legal action, which the rules never allow while cards remain.)"""

    nodes = 0  # it searches nothing

    def __init__(self, seed: int = 1) -> None:
        self.rng = Rng(seed)

    def choose(self, view) -> int:
        acts = view.actions
        n = len(acts)
        if view.my_score >= _WIN and acts[n - 1] == CLAIM:
            return CLAIM
        if n > 1 and acts[n - 1] == CLAIM:
            n -= 1  # the engine lists CLAIM last
        return acts[self.rng.below(n)]


def marriage_to_declare(view) -> int:
    """The suit of the marriage a leader would declare (trumps first), or
    -1 when none may be declared now."""
    marry = -1
    if view.lead == NO_CARD:
        for a in view.actions:
            if MARRY <= a < EXCHANGE and (marry < 0 or a - MARRY == view.trump):
                marry = a - MARRY
    return marry


def beats(c: int, lead: int, trump: int) -> bool:
    """Whether card c, played second, takes the trick led with `lead`."""
    if c // 6 == lead // 6:
        return c > lead
    return c // 6 == trump


def _above(c: int) -> int:
    """The cards of c's suit ranked above c, as a set."""
    return (_SUIT << (c // 6 * 6)) & ~((2 << c) - 1)


class HeuristicPlayer:
    """A rule-of-thumb player.  In order of priority it
    - claims as soon as its own score reaches 66 (and never otherwise),
    - exchanges the trump nine (Schnapsen: jack) whenever allowed,
    - closes the stock when a cautious count of sure points reaches 66,
    - declares a marriage when on lead, the trump marriage first,
    - when following, weighs for each legal card the points the trick moves
      against what the card is worth keeping: it takes aces and tens cheaply,
      keeps its trumps for tricks worth them, and wins any trick that lifts
      it to 66,
    - on lead with the stock closed or gone, cashes sure winners (top trumps
      first, to pull the opponent's), else leads its cheapest card."""

    nodes = 0  # it searches nothing

    def choose(self, view) -> int:
        acts = view.actions
        if view.my_score >= _WIN:
            return CLAIM
        if has(acts, EXCHANGE):
            return EXCHANGE
        if view.pending >= 0:
            return self._marriage_card(view)
        marry = marriage_to_declare(view)
        if marry >= 0 and view.rules.no_late_marriage:
            return MARRY + marry  # closing now would forfeit it
        if has(acts, CLOSE) and self.wants_to_close(view, marry):
            return CLOSE
        if marry >= 0:
            return MARRY + marry
        if view.lead == NO_CARD:
            return self._lead(view)
        return self._follow(view)

    # --- what the opponent might hold ------------------------------------------

    @staticmethod
    def _possible(view) -> int:
        """Cards the opponent may hold now: unseen ones and shown ones."""
        return view.unseen() | view.opp_known

    @staticmethod
    def _certain(view, possible: int) -> int:
        """Cards the opponent surely holds: once the stock is gone every
        unseen card is in their hand."""
        if view.upcard == NO_CARD and view.facedown == 0:
            return possible
        return view.opp_known

    def _safe_lead(self, view, c: int, possible: int) -> bool:
        """Whether leading c in the strict phase surely wins the trick."""
        if _above(c) & possible:
            return False
        tm = _SUIT << (view.trump * 6)
        if c // 6 == view.trump or not (possible & tm) or (view.opp_voids >> view.trump) & 1:
            return True
        # The opponent must follow suit if they surely hold one of it.
        return bool(self._certain(view, possible) & (_SUIT << (c // 6 * 6)))

    # --- closing ---------------------------------------------------------------

    def wants_to_close(self, view, marry: int) -> bool:
        """Whether to close now (the search players decide by searching)."""
        return self.sure_points(view, marry) >= _WIN

    def sure_points(self, view, marry: int) -> int:
        """A cautious guess of the score this player reaches if it closes now:
        points so far plus its unbeatable trumps from the top, plus top side
        cards once it holds at least as many top trumps as the opponent can
        have trumps, plus a marriage it is about to declare."""
        me = view.player
        hand = view.hand
        possible = self._possible(view)
        pts = view.my_score
        marriages = 0 if view.tricks[me] else self._marriage_total(view, me)
        t = view.trump
        opp_trumps = count(possible & (_SUIT << (t * 6)))
        if opp_trumps > view.opp_count:
            opp_trumps = view.opp_count
        sure = 0  # cards held from the top of a suit, that nothing can beat
        for k in range(4):
            if k == 1 and sure < opp_trumps:
                break  # side cards are sure only once the trumps are drawn
            s = (t + k) & 3  # the trump suit first
            c = s * 6 + _ACE
            while c >= s * 6:
                if (hand >> c) & 1:
                    pts += RANK_POINTS[c % 6] + _CATCH
                    sure += 1
                elif (possible >> c) & 1:
                    break
                c -= 1
        if marry >= 0:
            marriages += 40 if marry == t else 20
        if view.tricks[me] == 0 and sure == 0:
            marriages = 0  # no trick in sight, so marriages would not count
        return pts + marriages

    @staticmethod
    def _marriage_total(view, p: int) -> int:
        total = 0
        bits = view.marriages[p]
        for s in range(4):
            if (bits >> s) & 1:
                total += 40 if s == view.trump else 20
        return total

    # --- leading ---------------------------------------------------------------

    def _marriage_card(self, view) -> int:
        """Lead the king if it surely wins, else the cheaper queen."""
        plays = view.legal_plays
        king = view.pending * 6 + _KING
        if (plays >> king) & 1 and view.strict and self._safe_lead(view, king, self._possible(view)):
            return king
        queen = view.pending * 6 + _QUEEN
        return queen if (plays >> queen) & 1 else king

    def _lead(self, view) -> int:
        plays = view.legal_plays
        if view.strict:
            possible = self._possible(view)
            t = view.trump
            tm = _SUIT << (t * 6)
            mine = plays & tm
            # Pull the opponent's trumps with a top trump while they may have any.
            if mine and possible & tm and not (view.opp_voids >> t) & 1:
                top = t * 6 + _ACE
                while not (mine >> top) & 1:
                    top -= 1
                if not _above(top) & possible:
                    return top
            # Then cash the side card that surely wins and is worth most.
            best = NO_CARD
            c = 0
            rest = plays & ~tm
            while rest:
                if rest & 1 and self._safe_lead(view, c, possible):
                    if best == NO_CARD or RANK_POINTS[c % 6] > RANK_POINTS[best % 6]:
                        best = c
                rest >>= 1
                c += 1
            if best != NO_CARD:
                return best
        return self._cheapest(view, plays)

    def _cheapest(self, view, cards: int) -> int:
        """The card whose loss hurts least: its points plus its keep value;
        in the strict phase, avoid suits the opponent can trump."""
        possible = self._possible(view) if view.strict else 0
        best = NO_CARD
        best_cost = 0
        c = 0
        while cards:
            if cards & 1:
                cost = RANK_POINTS[c % 6] + self._keep(view, c)
                if possible and (view.opp_voids >> (c // 6)) & 1 and possible & (_SUIT << (view.trump * 6)):
                    cost += 3
                if best == NO_CARD or cost < best_cost:
                    best = c
                    best_cost = cost
            cards >>= 1
            c += 1
        return best

    # --- following -------------------------------------------------------------

    def _follow(self, view) -> int:
        """For each legal card: the trick's points, won (+) or given away (-),
        less what the card is worth keeping; pick the best.  A trick that
        brings 66 within reach is always taken, as cheaply as possible."""
        me = view.player
        lead = view.lead
        t = view.trump
        lead_pts = RANK_POINTS[lead % 6]
        banked = view.my_score
        if not view.tricks[me]:
            banked += self._marriage_total(view, me)  # they count with this trick
        plays = view.legal_plays
        best = NO_CARD
        best_value = 0
        c = 0
        while plays:
            if plays & 1:
                trick = lead_pts + RANK_POINTS[c % 6]
                if beats(c, lead, t):
                    value = trick + 1  # taking the lead is worth a little
                    if banked + trick >= _WIN:
                        value += 200
                else:
                    value = -trick
                value -= self._keep(view, c)
                if best == NO_CARD or value > best_value:
                    best = c
                    best_value = value
            plays >>= 1
            c += 1
        return best

    # --- what a card is worth in hand ----------------------------------------------

    def _keep(self, view, c: int) -> int:
        """Rough value of still holding c, beyond its card points: trumps win
        tricks later, a king or queen may still marry, an ace is a winner."""
        s = c // 6
        r = c % 6
        if s == view.trump:
            keep = (6 + 3 * r) if not view.strict else (2 + r)
        elif r == _ACE:
            keep = 2 if view.strict else 4
        else:
            keep = 0
        if (r == _KING or r == _QUEEN) and not (view.marriages[view.player] >> s) & 1:
            partner = s * 6 + (_QUEEN if r == _KING else _KING)
            if (view.hand >> partner) & 1:
                if not (view.strict and view.rules.no_late_marriage):
                    keep += 14 if s != view.trump else 20
            elif not view.strict and (view.unseen() >> partner) & 1:
                keep += 5  # the partner may still be drawn
        return keep
