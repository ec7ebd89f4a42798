"""The solver against plain minimax on 10,000 random positions (CPython; the
portable test_solver.py repeats a smaller set on MicroPython)."""

from test_solver import check_many


def test_solver_matches_minimax_on_ten_thousand_positions():
    check_many(7, 10000, 4)


def test_solver_matches_minimax_on_full_six_card_endgames():
    check_many(8, 25, 6)


def test_solver_matches_minimax_with_the_last_draw_still_to_come():
    # Open stock (one face-down card and the upcard): draws and closing are
    # searched too.  Plain minimax over six-card hands is slow: few positions.
    check_many(2, 3, 6, facedown=1)
