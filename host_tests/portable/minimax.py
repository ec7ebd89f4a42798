"""Plain minimax over the real engine (Hand.act on copies): the reference the
solver is checked against.  Same convention as the solver: a player with 66
or more claims at once, nobody claims falsely.  Slow and obviously right."""

from sixtysix.hand import CLAIM, CLOSE, EXCHANGE, MAX_ACTIONS, Hand


def outcome(h, p):
    """Value for p of a finished hand: game points * 1000 + margin."""
    v = h.score(p) - h.score(1 - p)
    if h.winner == p:
        return v + 1000 * h.game_points
    if h.winner >= 0:
        return v - 1000 * h.game_points
    return v


def choices(h):
    """The actions the convention allows the player to act: no false
    claims, no exchanges inside the search, closing only by the leader."""
    if h.score(h.turn) >= 66:
        return [CLAIM]
    buf = bytearray(MAX_ACTIONS)
    n = h.legal_actions(buf)
    out = []
    for i in range(n):
        a = buf[i]
        if a == CLAIM or a == EXCHANGE or (a == CLOSE and h.lead >= 0):
            continue
        out.append(a)
    return out


def value(h, p, code):
    """Value for p of the player to act taking `code`, then best play."""
    child = Hand(h.rules)
    child.copy_from(h)
    child.act(code)
    return best(child, p)


def best(h, p):
    if h.over:
        return outcome(h, p)
    vals = [value(h, p, a) for a in choices(h)]
    return max(vals) if h.turn == p else min(vals)
