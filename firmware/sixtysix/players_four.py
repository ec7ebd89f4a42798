"""Rule-of-thumb players for four-hand partnership Sixty-Six.

`FourHeuristicPlayer` bids from a quick count of its own hand (aces,
guarded tens, marriages, trump length, a share for the partner) and plays
by rules of thumb: give points to a partner who holds the trick, win
cheaply, cash sure winners, throw cheap cards.  The same functions drive
the fast play-outs with which the search player (ai_four.py) bids.
Nothing here allocates per card.
"""

from .cards import count
from .compat import const, has
from .four import BID, PASS, PLAYING
from .hand import MARRY
from .rng import Rng

_INF = const(1000000)
_QUEEN = const(2)
_TEN = const(4)
_ACE = const(5)

# Card points by id.
_POINTS = bytes([(0, 2, 3, 4, 10, 11)[c % 6] for c in range(24)])


def _suit_cards(cards: int, suit: int) -> int:
    return cards & (0x3F << (suit * 6))


def _is_top(c: int, others: int) -> bool:
    """Whether no card of `others` in c's suit ranks above c."""
    above = (0x3F << (c // 6 * 6)) & ~((2 << c) - 1)
    return not (others & above)


def beats(c: int, best: int, trump: int) -> bool:
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
    if partner_holds and est < level * 33 + 12:
        level = 0  # do not outbid the partner without a clear surplus
    if level > high_bid:
        return BID + level  # the whole estimate at once: a pass is final for the others too
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
        if (legal >> c) & 1 and beats(c, best, trump):
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
            code = heuristic_bid(view.hand, view.seat, view.high_bid, view.bidder, has(acts, PASS))
            return code if has(acts, code) else acts[0]
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
