"""The solver against plain minimax on 10,000 random positions (CPython; the
portable test_solver.py repeats a smaller set on MicroPython)."""

import pytest
from test_solver import check_many, strict_positions


# Four batches of 2,500 (seeds 7-10) rather than one of 10,000: each batch
# is a test of its own, so the two CI workers share them and the run shows
# progress instead of a two-minute silence.
@pytest.mark.parametrize("seed", [7, 8, 9, 10])
def test_solver_matches_minimax_on_ten_thousand_positions(seed):
    check_many(seed, 2500, 4)


def test_solver_matches_minimax_on_full_six_card_endgames():
    check_many(8, 25, 6)


def test_solver_matches_minimax_with_the_last_draw_still_to_come():
    # Open stock (one face-down card and the upcard): draws and closing are
    # searched too.  Plain minimax over six-card hands is slow: few positions.
    check_many(2, 3, 6, facedown=1)


def test_the_search_nests_at_most_two_python_frames_a_trick():
    # On an RP2040 each Python call nests a C frame and the chip's C stack
    # ran out ten tricks into a search that spent five frames a trick, and
    # with native code seven tricks into one that spent three
    # (RuntimeError on the emulated Pico; solver._search_follow).  Count
    # the frames the solver really nests, six-card hands with the last
    # draw to come.
    import sys

    from sixtysix.solver import Solver

    depth = deepest = 0

    def profile(frame, event, arg):
        nonlocal depth, deepest
        if event == "call":
            depth += 1
            deepest = max(deepest, depth)
        elif event == "return":
            depth -= 1

    solver = None
    checked = 0
    for h in strict_positions(3, 6, 6, facedown=1):
        if solver is None:
            solver = Solver(h.rules)
        solver.rules = h.rules
        solver.load(h)
        tricks = sum(bin(hand).count("1") for hand in h.hands) // 2 + 1
        depth = deepest = 0
        sys.setprofile(profile)
        try:
            solver.best(h.turn)
        finally:
            sys.setprofile(None)
        # Two a trick, plus best and its dispatch on top and the scoring of
        # the played-out hand (three calls) at the bottom.
        assert deepest <= 2 * tricks + 5, (deepest, tricks)
        checked += 1
    assert checked == 6
