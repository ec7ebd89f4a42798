"""The session playing three-hand: saves at every point, resumes, seats, statistics."""

import sixtysix.three  # noqa: F401 (first: the largest module to compile on a small heap)

# isort: split
import sessioncheck as check
from sixtysix.games import index

GAME = index("three-hand")


def test_round_trips_at_every_save():
    check.play_and_reload(GAME, 51, 2)


def test_a_save_after_booking_resumes_between_hands_and_deals_the_same():
    check.check_a_save_after_booking_resumes_between_hands_and_deals_the_same(GAME)


def test_a_finished_hand_not_yet_booked_is_booked_once_on_load():
    check.check_a_finished_hand_not_yet_booked_is_booked_once_on_load(GAME)


def test_loaded_matches_play_on_to_their_end():
    check.check_loaded_matches_play_on_to_their_end(GAME)


def test_the_seat_to_act_follows_the_engine():
    check.check_the_seat_to_act_follows_the_engine(GAME)


def test_an_illegal_action_names_the_seat_and_changes_nothing():
    check.check_an_illegal_action_names_the_seat_and_changes_nothing(GAME)


def test_statistics():
    check.check_three_hand_statistics()
