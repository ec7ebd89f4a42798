"""Leads and follows while the stock is open, by learned weights.

Before the stock is closed or exhausted the hidden cards are too many for
the device to search, and a rule of thumb (players.HeuristicPlayer) used to
choose every open-stock card.  This module scores each legal card instead
by a weighted sum of its features and plays the best.

The weights come from `sixtysix train-policy` (tools/): on the host, in
positions from real matches, every legal card is tried in many sampled
deals and each deal is played to the end; the weights are the least-squares
fit of what each card was worth there, in game points, against the
features below.  They are written to `playweights.py` as 16-bit ints
packed in one bytes constant (see `weight`): for each game (Sixty-Six,
Schnapsen) the lead weights, then the follow weights, NFEATURES each.

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

Every feature is a byte (0-255), every weight a 16-bit int and every
weighted sum far below 2**30.  Scoring fills a bytearray made once per
player: nothing is allocated per move.  The module is small on purpose:
ai.py loads it at hard's first open-stock card and keeps it (1,984 bytes
with its weights on a 32-bit build), and the whole firmware must still
fit the device heap test (host_tests/test_device.py).
"""

from .cards import NO_CARD, RANK_POINTS, count
from .compat import const
from .playweights import WEIGHTS
from .rules import SCHNAPSEN

NFEATURES = const(24)
_SUIT = const(0x3F)
_KING = const(3)
_QUEEN = const(2)
_WIN = const(66)


def features(view, c: int, possible: int, f) -> None:
    """Fill f (NFEATURES long) with the features of playing c, a lead or a
    follow as the view says; `possible` is what the opponent may hold
    (unseen and shown cards)."""
    for i in range(NFEATURES):
        f[i] = 0
    s = c // 6
    r = c % 6
    t = view.trump
    hand = view.hand
    trump = s == t
    me = view.player
    fd = view.facedown
    mate = 0  # 1: a king or queen with its partner in hand, 2: partner unseen
    if r == _KING or r == _QUEEN:
        partner = c - r + (_QUEEN if r == _KING else _KING)
        if (hand >> partner) & 1:
            mate = 1
        elif (possible >> partner) & 1:
            mate = 2
    pts = RANK_POINTS[r]
    lead = view.lead
    if lead == NO_CARD:
        f[(6 if trump else 0) + r] = 1
        if mate:
            f[11 + mate] = 1
        above = count(possible & (_SUIT << (s * 6)) & ~((2 << c) - 1))
        f[14] = above
        f[15] = (view.opp_voids >> s) & 1
        n = count(hand & (_SUIT << (s * 6)))
        f[16] = n
        f[17] = pts * fd
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
        return
    same = s == lead // 6
    win = c > lead if same else trump
    trick = RANK_POINTS[lead % 6] + pts
    if win:
        f[0] = 1
        f[1] = trick
        if view.my_score + trick >= _WIN:
            f[17] = 1
        if not trump:
            f[21] = 1
        f[22] = trick * fd
        if not view.tricks[me] and view.marriages[me]:
            f[23] = 1
    else:
        f[2] = trick
    f[3 + (6 if trump else 0) + r] = 1
    if mate == 1 and (view.marriages[me] >> s) & 1:
        mate = 0
    if mate:
        f[14 + mate] = 1
    if same:
        f[18] = 1
    f[19] = pts * fd
    if trump:
        f[20] = count(hand & (_SUIT << (t * 6)))


def weights_at(view) -> int:
    """Where the view's weights start in WEIGHTS: its game, then lead or
    follow."""
    at = 2 * NFEATURES if view.rules.game == SCHNAPSEN else 0
    return at if view.lead == NO_CARD else at + NFEATURES


def weight(weights, i: int) -> int:
    """Weight i of a packed weights constant (each + 32768, two bytes,
    low first)."""
    return weights[2 * i] + (weights[2 * i + 1] << 8) - 32768


def best_card(view, cards: int, weights, at: int, f) -> int:
    """The card of the set `cards` whose features, weighted by the packed
    weights at..at + NFEATURES - 1, score highest (the lowest card id on a
    tie), or NO_CARD for an empty set."""
    possible = view.unseen() | view.opp_known
    best = NO_CARD
    best_score = 0
    for c in range(24):
        if not (cards >> c) & 1:
            continue
        features(view, c, possible, f)
        v = 0
        for i in range(NFEATURES):
            if f[i]:
                v += weight(weights, at + i) * f[i]
        if best == NO_CARD or v > best_score:
            best = c
            best_score = v
    return best


def choose(view, cards: int, f) -> int:
    """The card the shipped weights choose among `cards`."""
    return best_card(view, cards, WEIGHTS, weights_at(view), f)
