"""What a two-player position is worth when the search stops looking.

The open-stock search (ai.py) looks a trick or two ahead in each sampled
world and then asks this module how good the position is for the player
about to lead.  The answer is expected game points, in the solver's units
(1000 a game point), as a weighted sum of features of the position.  The
weights are learned by `sixtysix train` from self-play and written to
`evalweights.py` as small ints; this module only applies them.

The features, seen from the leader p against the other player o (most are
differences, mine less theirs):

| index | feature |
| --- | --- |
| 0 | 1 (the leader's edge) |
| 1 | counted score of p less that of o |
| 2 | marriage points declared but not yet counted (no trick yet), p less o |
| 3 | o has no trick yet, less p has no trick yet (0/1 each) |
| 4 | cards left in the stock, upcard included |
| 5 | p has 33 or more, less o has 33 or more (0/1 each) |
| 6-11 | trumps of rank 9 J Q K T A in hand, p less o |
| 12-17 | side cards of rank 9 J Q K T A in hand, p less o |
| 18 | king and queen of trumps both in hand, p less o |
| 19 | king and queen of a side suit both in hand, pairs of p less o |

The hand features (6-19) depend only on which cards of a suit a hand
holds, so they are summed once per 6-bit suit pattern into two 64-entry
tables (trump suit, side suit) when an evaluator is made: a hand is then
worth four table look-ups.  Evaluating allocates nothing, and every value
stays far below 2**30 (at most a few thousand).
"""

from array import array

from .compat import const

NFEATURES = const(20)
_QK = const(0x0C)  # queen and king bits of a 6-bit suit pattern
LIMIT = const(2999)  # an estimate never claims three whole game points


def pattern_tables(weights):
    """(trump table, side table): the hand features' weighted sum for
    every 6-bit pattern of one suit's cards."""
    trump = array("i", bytes(4 * 64))
    side = array("i", bytes(4 * 64))
    for m in range(64):
        t = 0
        s = 0
        for r in range(6):
            if (m >> r) & 1:
                t += weights[6 + r]
                s += weights[12 + r]
        if m & _QK == _QK:
            t += weights[18]
            s += weights[19]
        trump[m] = t
        side[m] = s
    return trump, side


def hand_features(hand: int, trump: int, out, sign: int) -> None:
    """Add (sign 1) or subtract (-1) one hand's features 6-19 into `out`
    (host side: training and tests; the search uses the tables)."""
    for s in range(4):
        m = (hand >> (s * 6)) & 0x3F
        base = 6 if s == trump else 12
        for r in range(6):
            if (m >> r) & 1:
                out[base + r] += sign
        if m & _QK == _QK:
            out[18 if s == trump else 19] += sign


def features(hands, pts, mar, tricks, trump: int, stock_left: int, p: int):
    """The feature vector of a position for the leader p, as a list (host
    side: what `sixtysix train` fits and what the tests compare with the
    search's evaluation)."""
    o = 1 - p
    out = [0] * NFEATURES
    sp = pts[p] + (mar[p] if tricks[p] else 0)
    so = pts[o] + (mar[o] if tricks[o] else 0)
    out[0] = 1
    out[1] = sp - so
    out[2] = (0 if tricks[p] else mar[p]) - (0 if tricks[o] else mar[o])
    out[3] = (0 if tricks[o] else 1) - (0 if tricks[p] else 1)
    out[4] = stock_left
    out[5] = (1 if sp >= 33 else 0) - (1 if so >= 33 else 0)
    hand_features(hands[p], trump, out, 1)
    hand_features(hands[o], trump, out, -1)
    return out


class Evaluator:
    """Applies one game's weights to a solver's position."""

    def __init__(self, weights) -> None:
        if len(weights) != NFEATURES:
            raise ValueError("an evaluation needs %d weights" % NFEATURES)
        self.w = weights
        self.trump_tab, self.side_tab = pattern_tables(weights)

    def _hand(self, h: int, trump: int) -> int:
        v = 0
        tt = self.trump_tab
        st = self.side_tab
        for s in range(4):
            m = (h >> (s * 6)) & 0x3F
            v += tt[m] if s == trump else st[m]
        return v

    def value(self, hands, pts, mar, tricks, trump: int, stock_left: int, p: int) -> int:
        """Expected game points for the leader p, times 1000, within
        +-LIMIT."""
        o = 1 - p
        w = self.w
        tp = tricks[p]
        to = tricks[o]
        sp = pts[p] + (mar[p] if tp else 0)
        so = pts[o] + (mar[o] if to else 0)
        v = w[0] + w[1] * (sp - so) + w[4] * stock_left
        if not tp:
            v += w[2] * mar[p] - w[3]
        if not to:
            v += w[3] - w[2] * mar[o]
        if sp >= 33:
            v += w[5]
        if so >= 33:
            v -= w[5]
        v += self._hand(hands[p], trump) - self._hand(hands[o], trump)
        if v > LIMIT:
            return LIMIT
        if v < -LIMIT:
            return -LIMIT
        return v
