"""The session playing four-hand and Sixty-Five (host only: either engine
compiled from source next to the session does not fit the 64K-word heap of
the portable MicroPython run; three-hand is in portable/test_session_three)."""

import sessioncheck as check
from sixtysix_app.settings import FOUR_HAND, SIXTY_FIVE


def test_four_hand_round_trips_at_every_save():
    check.play_and_reload(FOUR_HAND, 61, 2)


def test_four_hand_a_save_after_booking_resumes_between_hands_and_deals_the_same():
    check.check_a_save_after_booking_resumes_between_hands_and_deals_the_same(FOUR_HAND)


def test_four_hand_a_finished_hand_not_yet_booked_is_booked_once_on_load():
    check.check_a_finished_hand_not_yet_booked_is_booked_once_on_load(FOUR_HAND)


def test_four_hand_loaded_matches_play_on_to_their_end():
    check.check_loaded_matches_play_on_to_their_end(FOUR_HAND)


def test_four_hand_the_seat_to_act_follows_the_engine():
    check.check_the_seat_to_act_follows_the_engine(FOUR_HAND)


def test_four_hand_an_illegal_action_names_the_seat_and_changes_nothing():
    check.check_an_illegal_action_names_the_seat_and_changes_nothing(FOUR_HAND)


def test_four_hand_statistics():
    check.check_partnership_statistics(FOUR_HAND)


def test_sixty_five_round_trips_at_every_save():
    check.play_and_reload(SIXTY_FIVE, 71, 2)


def test_sixty_five_a_save_after_booking_resumes_between_hands_and_deals_the_same():
    check.check_a_save_after_booking_resumes_between_hands_and_deals_the_same(SIXTY_FIVE)


def test_sixty_five_a_finished_hand_not_yet_booked_is_booked_once_on_load():
    check.check_a_finished_hand_not_yet_booked_is_booked_once_on_load(SIXTY_FIVE)


def test_sixty_five_loaded_matches_play_on_to_their_end():
    check.check_loaded_matches_play_on_to_their_end(SIXTY_FIVE)


def test_sixty_five_the_seat_to_act_follows_the_engine():
    check.check_the_seat_to_act_follows_the_engine(SIXTY_FIVE)


def test_sixty_five_an_illegal_action_names_the_seat_and_changes_nothing():
    check.check_an_illegal_action_names_the_seat_and_changes_nothing(SIXTY_FIVE)


def test_sixty_five_statistics():
    check.check_partnership_statistics(SIXTY_FIVE)
