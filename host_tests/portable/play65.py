"""Sixty-Five positions and the plain-minimax reference the search player
tests share (small on purpose: the MicroPython run imports it beside
them)."""

from sixtysix.rng import Rng
from sixtysix.sixtyfive import MAX_ACTIONS, SixtyFiveHand, SixtyFiveMatch, SixtyFiveRules


def position(seed, plays):
    """A hand after `plays` random legal cards from a seeded deal."""
    m = SixtyFiveMatch(SixtyFiveRules(), seed)
    h = m.start_hand()
    rng = Rng(seed * 7 + 1)
    buf = bytearray(MAX_ACTIONS)
    for _ in range(plays):
        n = h.legal_actions(buf)
        h.act(buf[rng.below(n)])
    return h


def brute(h, side):
    """Plain minimax over an open position, for `side`: game points first
    (32 hand points each, as MORE_GAMES.md gives them), then the margin."""
    if h.over:
        gp = h.game_points[side] - h.game_points[1 - side]
        return gp * 32 + h.score(side) - h.score(1 - side)
    buf = bytearray(MAX_ACTIONS)
    n = h.legal_actions(buf)
    best = None
    for i in range(n):
        child = SixtyFiveHand(h.rules)
        child.copy_from(h)
        child.act(buf[i])
        v = brute(child, side)
        if best is None or (v > best if (h.turn & 1) == side else v < best):
            best = v
    return best
