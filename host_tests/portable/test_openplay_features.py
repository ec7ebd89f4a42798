"""The learned open-stock card choice (openplay.py) over random play:
every feature as the module docstring's tables define it, and the card
best_card picks the best-scored one of its set whatever the weights.  A
mutation audit found most features checked at one hand-made card only.
Apart from test_openplay, which loads the search player beside them: the
random positions need the match engine, and both at once did not fit
MicroPython's 64K-word heap."""

import sys

from sixtysix.cards import NO_CARD
from sixtysix.openplay import NFEATURES, best_card, features
from sixtysix.view import View

SMALL = sys.implementation.name == "micropython"


def packed(weights):
    """Weights as playweights packs them: each + 32768, two bytes, low first."""
    b = bytearray()
    for w in weights:
        w += 32768
        b.append(w & 0xFF)
        b.append(w >> 8)
    return bytes(b)


# The module docstring's tables, read again feature by feature, in code
# that shares nothing with `features` but the card ids (suit * 6 + rank,
# ranks 9 J Q K T A from 0).
_POINTS = (0, 2, 3, 4, 10, 11)


def _in_suit(cards_set, suit):
    return [r for r in range(6) if (cards_set >> (suit * 6 + r)) & 1]


def _expected(view, c, possible):
    f = [0] * NFEATURES
    s = c // 6
    r = c % 6
    t = view.trump
    mine = view.hand
    trump = s == t
    pts = _POINTS[r]
    partner = None
    if r == 2 or r == 3:  # queen, king
        partner = s * 6 + (5 - r)
    partner_held = partner is not None and (mine >> partner) & 1
    partner_unseen = partner is not None and not partner_held and (possible >> partner) & 1
    n = len(_in_suit(mine, s))
    if view.lead == NO_CARD:
        above = len([x for x in _in_suit(possible, s) if x > r])
        f[(6 if trump else 0) + r] = 1
        f[12] = 1 if partner_held else 0
        f[13] = 1 if partner_unseen else 0
        f[14] = above
        f[15] = 1 if (view.opp_voids >> s) & 1 else 0
        f[16] = n
        f[17] = pts * view.facedown
        f[18] = n if trump else 0
        f[19] = 1 if n == 1 else 0
        f[20] = 1 if above == 0 else 0
        f[21] = pts if above == 0 else 0
        f[22] = pts if (not trump and above) else 0
        f[23] = pts * len(_in_suit(possible, t)) if not trump else 0
        return f
    lead = view.lead
    ls = lead // 6
    if s == ls:
        takes = r > lead % 6
    else:
        takes = trump  # a trump takes a side card; another side card never does
    trick = _POINTS[lead % 6] + pts
    me = view.player
    married = (view.marriages[me] >> s) & 1
    f[0] = 1 if takes else 0
    f[1] = trick if takes else 0
    f[2] = 0 if takes else trick
    f[3 + (6 if trump else 0) + r] = 1
    f[15] = 1 if (partner_held and not married) else 0
    f[16] = 1 if partner_unseen else 0
    f[17] = 1 if (takes and view.my_score + trick >= 66) else 0
    f[18] = 1 if s == ls else 0
    f[19] = pts * view.facedown
    f[20] = len(_in_suit(mine, t)) if trump else 0
    f[21] = 1 if (takes and not trump) else 0
    f[22] = trick * view.facedown if takes else 0
    f[23] = 1 if (takes and not view.tricks[me] and view.marriages[me]) else 0
    return f


def test_every_feature_is_what_the_docstring_says():
    """Over random open-stock positions of both games, every feature of
    every legal card, lead or follow, as the module docstring's tables
    define it; `possible` the unseen cards and those the opponent showed."""
    from randplay import random_positions

    f = bytearray(NFEATURES)
    leads = follows = 0
    for h in random_positions(23, 4 if SMALL else 40):
        if h.strict() or h.pending >= 0:
            continue
        v = View(h, h.turn)
        possible = v.unseen() | v.opp_known
        for c in range(24):
            if (v.legal_plays >> c) & 1:
                features(v, c, possible, f)
                assert list(f) == _expected(v, c, possible), (c, v.lead, list(f))
        if v.lead == NO_CARD:
            leads += 1
        else:
            follows += 1
    assert leads > 10 and follows > 10, (leads, follows)


def test_the_best_scored_card_of_the_set_whatever_the_weights():
    """best_card's promise over random positions, random subsets of the
    legal cards and random weights, mostly below zero (a set whose every
    card scores below zero still gets a card): the card of the set whose
    features weighted by the weights at `at` sum highest, the lowest id
    on a tie, and NO_CARD only for an empty set."""
    from randplay import random_positions
    from sixtysix.rng import Rng

    rng = Rng(5)
    f = bytearray(NFEATURES)
    g = bytearray(NFEATURES)
    tried = 0
    for h in random_positions(29, 3 if SMALL else 30):
        if h.strict() or h.pending >= 0:
            continue
        v = View(h, h.turn)
        possible = v.unseen() | v.opp_known
        at = rng.below(3) * NFEATURES
        w = [rng.below(400) - 300 for _ in range(at + NFEATURES)]
        subset = v.legal_plays & (rng.next15() | (rng.next15() << 15))
        want = NO_CARD
        top = 0
        for c in range(24):
            if (subset >> c) & 1:
                features(v, c, possible, g)
                score = 0
                for i in range(NFEATURES):
                    score += w[at + i] * g[i]
                if want == NO_CARD or score > top:
                    want = c
                    top = score
        assert best_card(v, subset, packed(w), at, f) == want, (subset, at)
        tried += 1
    assert tried > 20
