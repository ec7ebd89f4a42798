"""The two-player solver against the host tools' C search (fastsolve.c,
code of its own) where closing is searched inside the tree: the stock
open with a few face-down cards left, so either player may close on a
later trick and positions reached by closing at different times meet in
the transposition table (a mutation audit of the solvers found the
table's closing keys open: plain minimax is too slow this far from the
end, and the C comparison's positions rarely close in the tree)."""

import pytest
from randplay import random_rules
from sixtysix.hand import CLAIM, MAX_ACTIONS
from sixtysix.match import Match
from sixtysix.rng import Rng
from sixtysix.solver import Solver
from sixtysix_tools import cbuild
from sixtysix_tools.fastsolve import FastSolver

needs_cc = pytest.mark.skipif(
    not cbuild.has_compiler(), reason="no C compiler (cc or $CC) to build the host tools' C search"
)


def open_positions(seed, count, facedown):
    """Lead positions of random legal play with the stock open and
    `facedown` face-down cards (the upcard besides)."""
    rng = Rng(seed)
    buf = bytearray(MAX_ACTIONS)
    found = 0
    while found < count:
        h = Match(random_rules(rng), rng.next15()).start_hand()
        while not h.over and h.closer < 0 and h.facedown() >= facedown:
            n = h.legal_actions(buf)
            if h.facedown() == facedown and h.lead < 0 and h.pending < 0 and h.score(h.turn) < 66:
                found += 1
                yield h
                break
            a = buf[rng.below(n)]
            if a == CLAIM and n > 1:
                a = buf[0]
            h.act(a)


@needs_cc
def test_values_with_closing_in_the_tree_are_the_c_searchs():
    checked = 0
    buf = bytearray(MAX_ACTIONS)
    for h in open_positions(3, 12, 3):
        for coarse in (False, True):
            slow = Solver(h.rules)
            fast = FastSolver(h.rules, exchange_in_tree=False)
            fast.coarse = coarse
            slow.load(h)
            slow.coarse = coarse
            fast.load(h)
            n = h.legal_actions(buf)
            for a in buf[:n]:
                if a != CLAIM:
                    assert slow.value_of(h.turn, a) == fast.value_of(h.turn, a), (checked, a, coarse)
                    checked += 1
    assert checked > 100
