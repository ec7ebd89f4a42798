"""The solver's search as viper code, for a board that runs machine code.

Viper compiles a function to the processor's instructions with its `int`
locals in machine words, and `ptr32`/`ptr8` arguments read and write an
array's memory directly: no object, no lookup, no allocation.  On an
RP2040 a search node costs a fraction of what solver.py's bytecode costs
(docs/AI.md gives the figures).  This module is the same alpha-beta as
solver.py's `_search_lead` and `_search_follow`, node for node: the same
moves in the same order, the same transposition table, the same node count
and the same cut-off at the budget, so a seed plays the same game with
either (host_tests/portable/test_viper.py checks it on MicroPython's unix
port).

Two things differ in form, not in result:
- The search is one loop over an explicit stack of frames, not recursion:
  MicroPython nests C frames for every call, an RP2040 has 8 KB of C stack,
  and the deepest search (the last draw trick) went past it as recursive
  viper.  Each frame is a run of ints in the state array; `stage` says
  where its work resumes when the frame above it returns.
- Every value lives in one `array("i")` (`s`, layout below) and one
  bytearray (`b`): `ViperSolver` (solver.py beside this) copies the
  position in before each root search.  A signed value in the array is
  kept plus _OFF, because a 64-bit port reads a 32-bit slot back unsigned;
  the closer is kept plus one for the same reason.

Only `sixtysix deploy` puts this package on a board, compiled for the
board's processor, and only where the board loads that code.  CPython,
CircuitPython, frozen images and mip installs never import it (on those
`sixtysix.ai.viper_solver` finds nothing and the plain solver searches).
"""

# ruff: noqa: F821 - ptr8, ptr32 and const are viper's and MicroPython's own

import micropython
from micropython import const

# The state array `s`, one int a slot.
_H = const(0)  # the hands, two slots
_P = const(2)  # card points taken (and the last-trick bonus)
_M = const(4)  # marriage points declared
_T = const(6)  # tricks taken
_CS = const(8)  # scores when the stock was closed
_CT = const(10)  # tricks when the stock was closed
_TRUMP = const(12)
_CLOSER = const(13)  # the closer plus one, 0: nobody closed
_LEAD = const(14)  # the card led, read only while a trick is half played
_POS = const(15)  # next card to draw
_SSIZE = const(16)  # stock size
_NODES = const(17)
_LIMIT = const(18)
_ABORT = const(19)
_COARSE = const(20)
_TSIZE = const(21)  # transposition table entries
_GEN = const(22)  # the table's current generation
_FLAGS = const(23)  # the rules, one bit each (below)
_STOCK = const(24)  # the stock order, 24 slots
_ROOT = const(48)  # the root's ply, and its `only` card plus one
_FRAMES = const(51)
FRAME_PLIES = const(28)  # as solver.py's _PLIES
_FS = const(16)  # slots a frame (below)

# The bytearray `b`: card points by card, the move buffer, table generations.
_MOVES = const(24)  # 8 moves a ply, as solver.py's _PLY_SLOTS

# Rule bits of _FLAGS, in the order of RULE_FLAGS.
_MUST_HEAD = const(1)
_MUST_TRUMP = const(2)
_NO_LATE = const(4)
_QUEEN_LEAD = const(8)
_NO_BONUS = const(16)
_LAST_WINS = const(32)
_TIE_LAST = const(64)
_AT_CLOSE = const(128)
_SCHWARZ2 = const(256)
_FLAT = const(512)
RULE_FLAGS = (
    "must_head",
    "must_trump",
    "no_late_marriage",
    "queen_lead",
    "no_bonus",
    "last_trick_wins",
    "tie_last_trick",
    "closer_at_close",
    "schwarz_two",
    "closer_flat",
)

_INF = const(1000000)  # as solver.py's
_GP = const(1000)  # one game point in value units
_WIN = const(66)
_SCHNEIDER = const(33)


# A frame's slots.  Values that may be negative are kept plus _OFF.  The
# first nine serve both kinds of node; from _FA0 on, a lead node's slots
# and a follow node's share the same places (a frame is one or the other
# from its entry to its return, and each writes its own before reading).
_OFF = const(0x1000000)
_ST = const(0)  # stage
_FP = const(1)  # the player to act
_FAL = const(2)  # alpha
_FBE = const(3)  # beta
_FBS = const(4)  # best so far
_FI = const(5)  # next move's index
_FN = const(6)  # moves
_FC = const(7)  # the card being tried
_FH = const(8)  # the player's hand on entry
# A lead node's own.
_FA0 = const(9)  # alpha on entry (for the table's flag)
_FM = const(10)  # marriage points of the lead being tried
_FSL = const(11)  # table slot
_FKA = const(12)  # table keys
_FKB = const(13)
_FKK = const(14)
_FKD = const(15)
# A follow node's own.
_FW = const(9)  # the trick's winner
_FPT = const(10)  # the trick's card points
_FPO = const(11)  # stock position on entry
_FDR = const(12)  # 1 if the trick draws from the stock
_FLD = const(13)  # the card led

# Where a frame's work resumes.  A lead node: enter, after closing, make
# the leads, take the next lead, play it, after the follower's answer.  A
# follow node: enter, take the next card, after the next lead's answer
# (as it is, or negated when the other player leads).
_L_ENTER = const(0)
_L_CLOSED = const(1)
_L_GEN = const(2)
_L_NEXT = const(3)
_L_TRY = const(4)
_L_BACK = const(5)
_F_ENTER = const(6)
_F_NEXT = const(7)
_F_BACK = const(8)
_F_BACK_NEG = const(9)


STATE_WORDS = _FRAMES + FRAME_PLIES * _FS  # length of the state array
BYTES = _MOVES + 8 * FRAME_PLIES  # length of the bytearray


def load(s, solver) -> None:
    """Copy a Solver's position into the state array (plain Python: once
    a root search, not a node)."""
    h = solver.hands
    s[_H] = h[0]
    s[_H + 1] = h[1]
    for base, pair in (
        (_P, solver.pts),
        (_M, solver.mar),
        (_T, solver.tricks),
        (_CS, solver.close_score),
        (_CT, solver.close_tricks),
    ):
        s[base] = pair[0]
        s[base + 1] = pair[1]
    s[_TRUMP] = solver.trump
    s[_CLOSER] = solver.closer + 1
    s[_LEAD] = solver.lead
    s[_POS] = solver.pos
    s[_SSIZE] = solver.stock_size
    s[_NODES] = solver.nodes
    s[_LIMIT] = solver.limit
    s[_ABORT] = 1 if solver.aborted else 0
    s[_COARSE] = 1 if solver.coarse else 0
    s[_GEN] = solver.gen
    s[_TSIZE] = solver.size
    rules = solver.rules
    flags = 0
    for i in range(len(RULE_FLAGS)):
        if getattr(rules, RULE_FLAGS[i]):
            flags |= 1 << i
    s[_FLAGS] = flags
    stock = solver.stock
    for i in range(len(stock)):
        s[_STOCK + i] = stock[i]


def counted(s):
    """(nodes, aborted) after a search."""
    return s[_NODES], s[_ABORT] != 0


def set_root(s, p: int, alpha: int, beta: int, ply: int, only: int, lead_node: int) -> None:
    """Where search() starts: p to act at `ply` within (alpha, beta), a lead
    node or a follow node (`only` >= 0: that card alone, counting no node,
    as the root's question about one move)."""
    s[_ROOT] = ply
    s[_ROOT + 1] = only + 1
    f = _FRAMES + ply * _FS
    s[f + _FP] = p
    s[f + _FAL] = alpha + _OFF
    s[f + _FBE] = beta + _OFF
    s[f + _ST] = _L_ENTER if lead_node else _F_ENTER


@micropython.viper
def score(s: ptr32, p: int) -> int:
    """p's score: marriages count once p has a trick (Solver.score)."""
    if s[_T + p]:
        return s[_P + p] + s[_M + p]
    return s[_P + p]


@micropython.viper
def value(s: ptr32, p: int, winner: int, gp: int) -> int:
    """Value for p of a hand that `winner` (-1: nobody) won with gp (Solver._value)."""
    v = 0
    if not s[_COARSE]:
        v = int(score(s, p)) - int(score(s, 1 - p))
    if winner == p:
        return v + gp * _GP
    if winner >= 0:
        return v - gp * _GP
    return v


@micropython.viper
def win_points(s: ptr32, w: int) -> int:
    """Game points for w winning on points (hand.win_points)."""
    loser = 1 - w
    flags = s[_FLAGS]
    if s[_CLOSER] == w + 1 and (flags & _AT_CLOSE):
        pts = s[_CS + loser]
        tricks = s[_CT + loser]
    else:
        pts = int(score(s, loser))
        tricks = s[_T + loser]
    if tricks == 0:
        if flags & _SCHWARZ2:
            return 2
        return 3
    if pts < _SCHNEIDER:
        return 2
    return 1


@micropython.viper
def failed_points(s: ptr32) -> int:
    """What the closer gives away on failing (hand.closer_failed_points)."""
    if (s[_FLAGS] & _FLAT) or s[_CT + 2 - s[_CLOSER]]:
        return 2
    return 3


@micropython.viper
def claim_value(s: ptr32, p: int) -> int:
    """p claims with 66 or more (Solver._claim_value)."""
    if s[_CLOSER] == 2 - p:
        return int(value(s, p, p, int(failed_points(s))))
    return int(value(s, p, p, int(win_points(s, p))))


@micropython.viper
def played_out_value(s: ptr32, p: int, last: int) -> int:
    """The last trick has been played, its bonus added (Solver._played_out_value)."""
    k = s[_CLOSER] - 1
    if k >= 0:
        if int(score(s, k)) >= _WIN:
            return int(value(s, p, k, int(win_points(s, k))))
        return int(value(s, p, 1 - k, int(failed_points(s))))
    flags = s[_FLAGS]
    if flags & _LAST_WINS:
        return int(value(s, p, last, int(win_points(s, last))))
    a = 0
    if int(score(s, 0)) >= _WIN:
        a = 1
    bb = 0
    if int(score(s, 1)) >= _WIN:
        bb = 1
    if a != bb:
        w = 1 - a
        return int(value(s, p, w, int(win_points(s, w))))
    if flags & _TIE_LAST:
        return int(value(s, p, last, int(win_points(s, last))))
    return int(value(s, p, -1, 0))


@micropython.viper
def marriage_claim(s: ptr32, p: int) -> int:
    """Best value of declaring a marriage and claiming at once, or -_INF (Solver._marriage_claim)."""
    if not s[_T + p] or ((s[_FLAGS] & _NO_LATE) and (s[_CLOSER] or s[_POS] >= s[_SSIZE])):
        return -_INF
    hand = s[_H + p]
    best = -_INF
    for suit in range(4):
        q = suit * 6 + 2
        if (hand >> q) & 3 == 3:
            m = 20
            if suit == s[_TRUMP]:
                m = 40
            if s[_P + p] + s[_M + p] + m >= _WIN:
                s[_M + p] += m
                v = int(claim_value(s, p))
                s[_M + p] -= m
                if v > best:
                    best = v
    return best


@micropython.viper
def gen_leads(s: ptr32, b: ptr8, p: int, base: int) -> int:
    """p's leads into the move buffer at base, high cards first (Solver._gen_leads)."""
    hand = s[_H + p]
    n = 0
    c = 23
    while c >= 0:
        if c % 6 == 5 and not (hand >> (c - 5)) & 0x3F:
            c -= 6
            continue
        if (hand >> c) & 1:
            b[base + n] = c
            n += 1
        c -= 1
    return n


@micropython.viper
def put(b: ptr8, cards: int, base: int, n: int) -> int:
    """Append a set's cards, lowest first, at base + n; the new count (Solver._put)."""
    c = 0
    while cards:
        if not cards & 0x3F:
            cards >>= 6
            c += 6
            continue
        if cards & 1:
            b[base + n] = c
            n += 1
        cards >>= 1
        c += 1
    return n


@micropython.viper
def gen_follows(s: ptr32, b: ptr8, p: int, base: int) -> int:
    """Legal follows, cheapest winner first, then the losers lowest first (Solver._search_follow's list)."""
    hand = s[_H + p]
    lead = s[_LEAD]
    st = lead // 6
    same = hand & (0x3F << (st * 6))
    flags = s[_FLAGS]
    trump = s[_TRUMP]
    if s[_CLOSER] == 0 and s[_POS] < s[_SSIZE]:
        allowed = hand
    elif same:
        allowed = same
        if flags & _MUST_HEAD:
            higher = same & ~((2 << lead) - 1)
            if higher:
                allowed = higher
    else:
        allowed = hand
        if flags & _MUST_TRUMP:
            trumps = hand & (0x3F << (trump * 6))
            if trumps:
                allowed = trumps
    win = allowed & ~((2 << lead) - 1) & (0x3F << (st * 6))
    if st != trump:
        win |= allowed & (0x3F << (trump * 6))
    return int(put(b, allowed & ~win, base, int(put(b, win, base, 0))))


@micropython.viper
def search(s: ptr32, b: ptr8, ta: ptr32, tb: ptr32, tc: ptr32, td: ptr32, tv: ptr32, tg: ptr8) -> int:
    """The value for the player to act at the root that set_root described:
    Solver._search_lead at a lead node, else Solver._search_follow.  The
    transposition table is the Solver's own five arrays and generations
    (ta to tv, tg); the frames from the root's ply up are this search's."""
    frames = _FRAMES
    size = s[_TSIZE]
    root = s[_ROOT]
    only = s[_ROOT + 1] - 1
    ply = root
    ret = 0
    while True:
        f = frames + ply * _FS
        stage = s[f + _ST]
        p = s[f + _FP]
        done = 0
        if stage == _L_ENTER or (stage == _F_ENTER and (ply != root or only < 0)):
            # A node: counted against the budget, and a player with 66
            # claims at once (the root's one-card question is no node).
            if s[_NODES] >= s[_LIMIT]:
                s[_ABORT] = 1
                ret = 0
                done = 1
            else:
                s[_NODES] += 1
                mine = s[_P + p]
                if s[_T + p]:
                    mine += s[_M + p]
                if mine >= _WIN:
                    ret = int(claim_value(s, p))
                    done = 1
        if done:
            pass  # the node ended at once: it returns below
        elif stage == _L_ENTER:
            alpha = s[f + _FAL] - _OFF
            beta = s[f + _FBE] - _OFF
            hand = s[_H + p]
            best = -_INF
            if s[_T + p] and hand & (hand >> 1) & 0x104104:
                best = int(marriage_claim(s, p))
                if best >= beta:
                    ret = best
                    done = 1
            if not done:
                t0 = 0
                if s[_T]:
                    t0 = 1
                t1 = 0
                if s[_T + 1]:
                    t1 = 1
                a = s[_H] | (p << 24) | (t0 << 25) | (t1 << 26)
                bk = s[_H + 1] | ((s[_M] // 20) << 24)
                k = s[_P] | (s[_P + 1] << 8) | ((s[_M + 1] // 20) << 16) | (s[_POS] << 19)
                d = s[_CLOSER]
                if d:
                    d |= (s[_CS] << 2) | (s[_CS + 1] << 10)
                    if s[_CT]:
                        d |= 1 << 18
                    if s[_CT + 1]:
                        d |= 1 << 19
                slot = (a ^ (bk * 7) ^ (k * 13) ^ d) % size
                if (
                    tg[slot] == s[_GEN]
                    and ta[slot] == a
                    and tb[slot] == bk
                    and tc[slot] == k
                    and td[slot] == d
                ):
                    stored = tv[slot]
                    flag = stored & 3
                    v = (stored >> 2) - _INF
                    if flag == 0 or (flag == 1 and v >= beta) or (flag == 2 and v <= alpha):
                        ret = v
                        done = 1
            if not done:
                s[f + _FSL] = slot
                s[f + _FKA] = a
                s[f + _FKB] = bk
                s[f + _FKK] = k
                s[f + _FKD] = d
                s[f + _FA0] = alpha + _OFF
                if best > alpha:
                    alpha = best
                s[f + _FAL] = alpha + _OFF
                s[f + _FBS] = best + _OFF
                if s[_CLOSER] == 0 and s[_POS] < s[_SSIZE] - 1 and alpha < beta:
                    s[_CS] = int(score(s, 0))
                    s[_CS + 1] = int(score(s, 1))
                    s[_CT] = s[_T]
                    s[_CT + 1] = s[_T + 1]
                    s[_CLOSER] = p + 1
                    s[f + _ST] = _L_CLOSED
                    g = f + _FS
                    s[g + _FP] = p
                    s[g + _FAL] = alpha + _OFF
                    s[g + _FBE] = beta + _OFF
                    s[g + _ST] = _L_ENTER
                    ply += 1
                    continue
                s[f + _ST] = _L_GEN
        elif stage == _L_CLOSED:
            s[_CLOSER] = 0
            best = s[f + _FBS] - _OFF
            alpha = s[f + _FAL] - _OFF
            if ret > best:
                best = ret
                if ret > alpha:
                    alpha = ret
            s[f + _FBS] = best + _OFF
            s[f + _FAL] = alpha + _OFF
            s[f + _ST] = _L_GEN
        elif stage == _L_GEN:
            s[f + _FN] = int(gen_leads(s, b, p, _MOVES + ply * 8))
            s[f + _FI] = 0
            s[f + _FH] = s[_H + p]
            s[f + _ST] = _L_NEXT
        elif stage == _L_NEXT:
            i = s[f + _FI]
            alpha = s[f + _FAL] - _OFF
            beta = s[f + _FBE] - _OFF
            if i >= s[f + _FN] or alpha >= beta:
                best = s[f + _FBS] - _OFF
                ret = best
                done = 1
                if not s[_ABORT]:
                    alpha0 = s[f + _FA0] - _OFF
                    if best <= alpha0:
                        flag = 2
                    elif best >= beta:
                        flag = 1
                    else:
                        flag = 0
                    slot = s[f + _FSL]
                    tg[slot] = s[_GEN]
                    ta[slot] = s[f + _FKA]
                    tb[slot] = s[f + _FKB]
                    tc[slot] = s[f + _FKK]
                    td[slot] = s[f + _FKD]
                    tv[slot] = ((best + _INF) << 2) | flag
            else:
                c = b[_MOVES + ply * 8 + i]
                s[f + _FI] = i + 1
                m = 0
                flags = s[_FLAGS]
                # marry-after-close "no": none once the stock is closed
                # or exhausted (solver.py)
                if (flags & _NO_LATE) == 0 or (s[_CLOSER] == 0 and s[_POS] < s[_SSIZE]):
                    r = c % 6
                    if r == 2 or (r == 3 and (flags & _QUEEN_LEAD) == 0):
                        if (s[f + _FH] >> (c - r + 2)) & 3 == 3:
                            m = 20
                            if c // 6 == s[_TRUMP]:
                                m = 40
                            if s[_T + p] and s[_P + p] + s[_M + p] + m >= _WIN:
                                m = 0
                s[f + _FC] = c
                s[f + _FM] = m
                s[f + _ST] = _L_TRY
        elif stage == _L_TRY:
            c = s[f + _FC]
            s[_H + p] = s[f + _FH] & ~(1 << c)
            s[_M + p] += s[f + _FM]
            s[_LEAD] = c
            g = f + _FS
            s[g + _FP] = 1 - p
            s[g + _FAL] = _OFF + _OFF - s[f + _FBE]
            s[g + _FBE] = _OFF + _OFF - s[f + _FAL]
            s[g + _ST] = _F_ENTER
            s[f + _ST] = _L_BACK
            ply += 1
        elif stage == _L_BACK:
            v = 0 - ret
            m = s[f + _FM]
            s[_LEAD] = 0
            s[_M + p] -= m
            s[_H + p] = s[f + _FH]
            best = s[f + _FBS] - _OFF
            alpha = s[f + _FAL] - _OFF
            if v > best:
                best = v
                s[f + _FBS] = best + _OFF
                if v > alpha:
                    alpha = v
                    s[f + _FAL] = alpha + _OFF
            if alpha >= s[f + _FBE] - _OFF or m == 0:
                s[f + _ST] = _L_NEXT
            else:
                s[f + _FM] = 0
                s[f + _ST] = _L_TRY
        elif stage == _F_ENTER:
            base = _MOVES + ply * 8
            if ply == root and only >= 0:
                b[base] = only
                n = 1
            else:
                n = int(gen_follows(s, b, p, base))
            s[f + _FN] = n
            s[f + _FI] = 0
            s[f + _FBS] = _OFF - _INF
            s[f + _FH] = s[_H + p]
            pos = s[_POS]
            s[f + _FPO] = pos
            s[f + _FDR] = 0
            if s[_CLOSER] == 0 and pos < s[_SSIZE]:
                s[f + _FDR] = 1
            s[f + _FLD] = s[_LEAD]
            s[f + _ST] = _F_NEXT
        elif stage == _F_NEXT:
            i = s[f + _FI]
            if i >= s[f + _FN]:
                ret = s[f + _FBS] - _OFF
                done = 1
            else:
                c = b[_MOVES + ply * 8 + i]
                s[f + _FI] = i + 1
                lead = s[f + _FLD]
                cs = c // 6
                if cs == lead // 6:
                    w = 1 - p
                    if c > lead:
                        w = p
                elif cs == s[_TRUMP]:
                    w = p
                else:
                    w = 1 - p
                pts = b[lead] + b[c]
                s[_H + p] = s[f + _FH] & ~(1 << c)
                s[_P + w] += pts
                s[_T + w] += 1
                s[_LEAD] = 0
                if s[f + _FDR]:
                    pos = s[f + _FPO]
                    s[_H + w] |= 1 << s[_STOCK + pos]
                    s[_H + 1 - w] |= 1 << s[_STOCK + pos + 1]
                    s[_POS] = pos + 2
                s[f + _FC] = c
                s[f + _FW] = w
                s[f + _FPT] = pts
                if s[_H] == 0 and s[_H + 1] == 0:
                    bonus = 0
                    if s[_CLOSER] == 0 and (s[_FLAGS] & _NO_BONUS) == 0:
                        bonus = 10
                    s[_P + w] += bonus
                    ret = int(played_out_value(s, p, w))
                    s[_P + w] -= bonus
                    s[f + _ST] = _F_BACK
                else:
                    g = f + _FS
                    s[g + _FP] = w
                    s[g + _ST] = _L_ENTER
                    if w == p:
                        s[g + _FAL] = s[f + _FAL]
                        s[g + _FBE] = s[f + _FBE]
                        s[f + _ST] = _F_BACK
                    else:
                        s[g + _FAL] = _OFF + _OFF - s[f + _FBE]
                        s[g + _FBE] = _OFF + _OFF - s[f + _FAL]
                        s[f + _ST] = _F_BACK_NEG
                    ply += 1
        else:  # _F_BACK, _F_BACK_NEG: the trick's value is in ret
            v = ret
            if stage == _F_BACK_NEG:
                v = 0 - ret
            w = s[f + _FW]
            if s[f + _FDR]:
                pos = s[f + _FPO]
                s[_POS] = pos
                s[_H + w] &= ~(1 << s[_STOCK + pos])
                s[_H + 1 - w] &= ~(1 << s[_STOCK + pos + 1])
            s[_LEAD] = s[f + _FLD]
            s[_T + w] -= 1
            s[_P + w] -= s[f + _FPT]
            s[_H + p] = s[f + _FH]
            s[f + _ST] = _F_NEXT
            if v > s[f + _FBS] - _OFF:
                s[f + _FBS] = v + _OFF
                if v > s[f + _FAL] - _OFF:
                    s[f + _FAL] = v + _OFF
                    if v >= s[f + _FBE] - _OFF:
                        ret = v
                        done = 1
        if done:
            if ply == root:
                return ret
            ply -= 1
