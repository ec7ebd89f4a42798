"""Keys again: the defaults a board gets, a long press counted from its own
press, the presses a busy sample folds together, repeats that start and stop
when they should, and the queue's order round its end."""

from sixtysix_app.events import BACK, HINT, NEXT, NONE, OK, PREV
from sixtysix_app.keys import Keys

FOUR = ((OK, NONE), (BACK, HINT), (PREV, NONE), (NEXT, NONE))  # the Pico Display's
A = 1
B = 2
X = 4
Y = 8
TWO = ((NEXT, BACK), (OK, HINT))  # the T-Display's


def events(keys, samples):
    """Feed (time, down, pressed) samples; [(time, event), ...] of what came."""
    got = []
    for t, down, pressed in samples:
        ev = keys.feed(t, down, pressed)
        if ev != NONE:
            got.append((t, ev))
    return got


def held(button, start, stop, step=10):
    """Samples of `button` held, no new press, from start up to stop."""
    return [(t, button, 0) for t in range(start, stop, step)]


def test_the_defaults_a_board_gets_long_at_half_a_second_repeat_every_150_ms():
    """boot.py makes Keys(board.KEYMAP): hold B half a second for a hint
    (README), and a held NEXT repeats from 500 ms every 150 ms."""
    keys = Keys(FOUR)
    assert events(keys, [(0, B, B)] + held(B, 1, 500, 1)) == []
    assert keys.feed(500, B, 0) == HINT
    keys = Keys(FOUR)
    got = events(keys, [(0, Y, Y)] + held(Y, 10, 960) + [(960, 0, 0)])
    assert got == [(0, NEXT), (500, NEXT), (650, NEXT), (800, NEXT), (950, NEXT)]


def test_a_long_press_counts_from_its_own_press():
    """A press made at 1000 ms is long at 1500, not at once."""
    keys = Keys(TWO, long_ms=500)
    assert events(keys, [(1000, 1, 1)] + held(1, 1010, 1500)) == []
    assert keys.feed(1500, 1, 0) == BACK


def test_after_a_long_press_the_same_button_gives_short_presses_again():
    keys = Keys(TWO, long_ms=500)
    got = events(keys, [(0, 1, 1), (600, 1, 0), (700, 0, 0), (800, 1, 1), (900, 0, 0)])
    assert got == [(600, BACK), (900, NEXT)]


def test_a_long_press_released_and_pressed_again_between_samples_gives_no_short_event():
    """The long event already answered the first press; only the second,
    released short, gives the short event."""
    keys = Keys(TWO, long_ms=500)
    got = events(keys, [(0, 1, 1), (600, 1, 0), (900, 1, 1), (1000, 0, 0), (1100, 0, 0)])
    assert got == [(600, BACK), (1000, NEXT)]


def test_a_held_button_released_pressed_and_released_again_between_samples_gives_two_events():
    """Held at one sample; by the next it went up, down and up again: two
    short presses, and nothing more afterwards."""
    keys = Keys(FOUR)
    got = events(keys, [(0, B, B), (300, 0, B)] + [(t, 0, 0) for t in range(320, 500, 20)])
    assert got == [(300, BACK), (320, BACK)]


def test_the_queue_keeps_the_order_of_each_burst_round_its_end():
    """Bursts of three events, each drained before the next: the queue's
    start walks round its eight places and every burst still comes out in
    button order."""
    keys = Keys(FOUR, repeat_ms=0)
    t = 0
    for _ in range(8):
        got = [keys.feed(t, 0, A | X | Y)]
        for _ in range(3):
            t += 10
            got.append(keys.feed(t, 0, 0))
        assert got == [OK, PREV, NEXT, NONE]


def test_a_button_that_does_nothing_takes_no_place_in_the_queue():
    keys = Keys(((NONE, NONE), (OK, NONE)))
    assert keys.feed(0, 0, 3) == OK
    assert keys.feed(10, 0, 0) == NONE


def test_prev_repeats_like_next():
    keys = Keys(FOUR, long_ms=500, repeat_ms=100)
    got = events(keys, [(0, X, X)] + held(X, 10, 760) + [(760, 0, 0)])
    assert got == [(0, PREV), (500, PREV), (600, PREV), (700, PREV)]


def test_repeat_ms_0_means_no_repeat():
    keys = Keys(FOUR, long_ms=500, repeat_ms=0)
    got = events(keys, [(0, X | Y, X | Y)] + held(X | Y, 10, 2000) + [(2000, 0, 0)])
    assert got == [(0, PREV), (10, NEXT)]  # NEXT waited a sample in the queue


def test_after_a_late_sample_the_next_repeat_waits_a_whole_period():
    """The app was busy from 500 ms to 1000 ms: one repeat at 1000, the
    next at 1100, not a burst catching up the missed ones."""
    keys = Keys(FOUR, long_ms=500, repeat_ms=100)
    got = events(keys, [(0, Y, Y), (500, Y, 0), (1000, Y, 0)] + held(Y, 1010, 1110))
    assert got == [(0, NEXT), (500, NEXT), (1000, NEXT), (1100, NEXT)]


def test_a_button_held_at_the_start_repeats_once_pressed_again():
    """Held when reading starts it gives nothing; released and pressed
    again it acts, and held it repeats."""
    keys = Keys(FOUR, long_ms=500, repeat_ms=100)
    got = events(keys, held(Y, 0, 100) + [(100, 0, 0), (200, Y, Y)] + held(Y, 210, 810))
    assert got == [(200, NEXT), (700, NEXT), (800, NEXT)]


def test_a_button_down_again_without_a_press_seen_does_not_repeat():
    """Released, then down again with no press latched (the reader took the
    edge for a bounce): no event and no repeat, however long it is held."""
    keys = Keys(FOUR, long_ms=500, repeat_ms=100)
    got = events(keys, [(0, Y, Y), (20, 0, 0)] + held(Y, 40, 2000))
    assert got == [(0, NEXT)]
