"""Leads and follows while the stock is open, by learned weights.

Before the stock is closed or exhausted the hidden cards are too many for
the device to search, and a rule of thumb (players.HeuristicPlayer) used to
choose every open-stock card.  This module scores each legal card instead
by a weighted sum of its features and plays the best.

The weights come from `sixtysix train-policy` (tools/): on the host, in
positions from real matches, every legal card is tried in many sampled
deals and each deal is played to the end; the weights are the least-squares
fit of what each card was worth there, in game points, against the
features below.  They are written to `playweights.py` as small ints.

Only plain card choices are scored: a position that offers a marriage or
the trump exchange, and the decision to close, stay with the rules and the
search of ai.py.

Features of leading card c (suit s, rank r) from the player's view:

| index | feature |
| --- | --- |
| 0-5 | c is a side card of rank 9 J Q K T A |
| 6-11 | c is a trump of rank 9 J Q K T A |
| 12 | c is a king or queen whose partner is in hand |
| 13 | c is a king or queen whose partner is unseen |
| 14 | unseen cards above c in its suit |
| 15 | the opponent is known to hold none of s |
| 16 | cards of s in hand |
| 17 | c's points times the face-down cards |
| 18 | trumps in hand, if c is a trump |
| 19 | c is the only card of its suit in hand |
| 20 | nothing unseen beats c in its suit |
| 21 | c's points, if nothing unseen is above it |
| 22 | c's points, if a side card with an unseen card above it |
| 23 | c's points times the unseen trumps, if a side card |

Features of following with card c to the lead l:

| index | feature |
| --- | --- |
| 0 | c takes the trick |
| 1 | the trick's points, if taken |
| 2 | the trick's points, if lost |
| 3-8 | c is a side card of rank 9 J Q K T A |
| 9-14 | c is a trump of rank 9 J Q K T A |
| 15 | c is a king or queen whose partner is in hand (no marriage yet) |
| 16 | c is a king or queen whose partner is unseen |
| 17 | taking the trick brings the player to 66 |
| 18 | c is of the led suit |
| 19 | c's points times the face-down cards |
| 20 | trumps in hand, if c is a trump |
| 21 | c takes the trick without a trump |
| 22 | the trick's points times the face-down cards, if taken |
| 23 | c takes the trick, and the player has a marriage that counts with it |

Every feature is a small int, and so is every weighted sum (weights are a
few thousand at most, features below 300).  Scoring fills a list made once
per player: nothing is allocated per move.
"""

from .cards import NO_CARD, RANK_POINTS, count
from .compat import const
from .hand import EXCHANGE, MARRY
from .playweights import SCHNAPSEN_FOLLOW, SCHNAPSEN_LEAD, SIXTY_SIX_FOLLOW, SIXTY_SIX_LEAD
from .rules import SCHNAPSEN

NFEATURES = const(24)
_SUIT = const(0x3F)
_KING = const(3)
_QUEEN = const(2)
_WIN = const(66)


def decision_cards(view) -> int:
    """The cards among which this module chooses, as a set, or 0: the stock
    is open, no marriage card is owed, neither a marriage nor the trump
    exchange is on offer, the player has not 66, and two or more cards
    are legal."""
    if view.strict or view.pending >= 0 or view.my_score >= _WIN:
        return 0
    for a in view.actions:
        if MARRY <= a <= EXCHANGE:
            return 0
    cards = view.legal_plays
    if cards & (cards - 1) == 0:
        return 0
    return cards


def _partner(view, c: int, possible: int) -> int:
    """1: c is a king or queen whose partner is in hand; 2: whose partner
    is unseen; 0: neither (or not a king or queen)."""
    r = c % 6
    if r != _KING and r != _QUEEN:
        return 0
    p = c - r + (_QUEEN if r == _KING else _KING)
    if (view.hand >> p) & 1:
        return 1
    if (possible >> p) & 1:
        return 2
    return 0


def lead_features(view, c: int, possible: int, f) -> None:
    """Fill f (NFEATURES long) with the features of leading c; `possible`
    is what the opponent may hold (unseen and shown cards)."""
    for i in range(NFEATURES):
        f[i] = 0
    s = c // 6
    r = c % 6
    t = view.trump
    hand = view.hand
    trump = s == t
    pts = RANK_POINTS[r]
    f[(6 if trump else 0) + r] = 1
    mate = _partner(view, c, possible)
    if mate:
        f[11 + mate] = 1
    above = count(possible & (_SUIT << (s * 6)) & ~((2 << c) - 1))
    f[14] = above
    f[15] = (view.opp_voids >> s) & 1
    n = count(hand & (_SUIT << (s * 6)))
    f[16] = n
    f[17] = pts * view.facedown
    if trump:
        f[18] = n
    f[19] = 1 if n == 1 else 0
    if above:
        if not trump:
            f[22] = pts
    else:
        f[20] = 1
        f[21] = pts
    if not trump:
        f[23] = pts * count(possible & (_SUIT << (t * 6)))


def follow_features(view, c: int, possible: int, f) -> None:
    """Fill f with the features of following view.lead with c."""
    for i in range(NFEATURES):
        f[i] = 0
    lead = view.lead
    t = view.trump
    s = c // 6
    r = c % 6
    me = view.player
    if s == lead // 6:
        win = c > lead
    else:
        win = s == t
    pts = RANK_POINTS[lead % 6] + RANK_POINTS[r]
    if win:
        f[0] = 1
        f[1] = pts
        if view.my_score + pts >= _WIN:
            f[17] = 1
        if s != t:
            f[21] = 1
        f[22] = pts * view.facedown
        if not view.tricks[me] and view.marriages[me]:
            f[23] = 1
    else:
        f[2] = pts
    trump = s == t
    f[3 + (6 if trump else 0) + r] = 1
    mate = _partner(view, c, possible)
    if mate == 1 and (view.marriages[me] >> s) & 1:
        mate = 0
    if mate:
        f[14 + mate] = 1
    if s == lead // 6:
        f[18] = 1
    f[19] = RANK_POINTS[r] * view.facedown
    if trump:
        f[20] = count(view.hand & (_SUIT << (t * 6)))


def weights_for(view):
    """The weights for the view's game and for leading or following."""
    if view.rules.game == SCHNAPSEN:
        return SCHNAPSEN_LEAD if view.lead == NO_CARD else SCHNAPSEN_FOLLOW
    return SIXTY_SIX_LEAD if view.lead == NO_CARD else SIXTY_SIX_FOLLOW


def score(weights, f) -> int:
    total = 0
    for i in range(NFEATURES):
        total += weights[i] * f[i]
    return total


def best_card(view, cards: int, weights, f) -> int:
    """The card of the set `cards` with the highest weighted features
    (the lowest card id on a tie), or NO_CARD for an empty set."""
    possible = view.unseen() | view.opp_known
    leading = view.lead == NO_CARD
    best = NO_CARD
    best_score = 0
    for c in range(24):
        if not (cards >> c) & 1:
            continue
        (lead_features if leading else follow_features)(view, c, possible, f)
        v = score(weights, f)
        if best == NO_CARD or v > best_score:
            best = c
            best_score = v
    return best
