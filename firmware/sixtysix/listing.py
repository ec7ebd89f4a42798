"""Listing the few deals a view leaves, so that a search solves each once
instead of sampling.  ai.py loads this module at the first listing, as it
loads openplay.py at the first learned card: what a match loads before its
first search decides where the solver's table fits in a small heap
(docs/DEVICE.md)."""

from .cards import count
from .compat import const
from .sampling import opp_allowed, opp_no_pairs, pair_suits

# The most worlds list_worlds lists: the length of the sampler's `hands`.
MOST_LISTED = const(12)


def list_worlds(sampler, view, most: int) -> int:
    """When the view leaves `most` deals or fewer that differ in anything
    a search sees, list them: the opponent's hand of each into the
    sampler's `hands`, and return how many (the sampler's deal(..., i)
    deals the i-th).  A hand that breaks an inferred "no king-queen pair"
    is left out.  0, for sampling, when there are more deals or none is
    left in, when the opponent's hand is known, or when the face-down
    stock's order matters (it is open and two or more of its cards lie
    face down).

    Sampling a few worlds from so few deals some twice and misses others;
    listing weighs every deal the view allows alike (the last draw trick,
    the end of a closed stock)."""
    if not view.strict and view.facedown > 1:
        return 0
    if not sampler.hands:
        sampler.hands = [0] * MOST_LISTED
    k = sampler._fill(opp_allowed(view, view.unseen()))
    no_pairs = opp_no_pairs(view)
    most = min(most, MOST_LISTED)
    n = 0
    seen = 0
    v = (1 << (view.opp_count - count(view.opp_known))) - 1  # the first choice
    while 0 < v < 1 << k:
        seen += 1
        if seen > most:
            return 0
        hand = view.opp_known
        for i in range(k):
            if (v >> i) & 1:
                hand |= 1 << sampler._pool[i]
        if not pair_suits(hand) & no_pairs:
            sampler.hands[n] = hand
            n += 1
        low = v & -v  # the next choice of as many (Gosper's step)
        r = v + low
        v = (((r ^ v) >> 2) // low) | r
    return n
