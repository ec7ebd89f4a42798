"""The solver against plain minimax on 10,000 random positions (CPython; the
portable test_solver.py repeats a smaller set on MicroPython)."""

import pytest
from test_solver import check_many


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
