"""Keys: button samples to logical events (short, long, latched, repeat)."""

import gc

from sixtysix_app.events import BACK, HINT, NEXT, NONE, OK, PREV
from sixtysix_app.keys import Keys

# Four buttons like the Pico Display: OK at once, BACK/HINT on one button,
# PREV and NEXT at once with repeat.
FOUR = ((OK, NONE), (BACK, HINT), (PREV, NONE), (NEXT, NONE))
A = 1
B = 2
X = 4
Y = 8
# Two buttons like the T-Display: every press waits for release or long.
TWO = ((NEXT, BACK), (OK, HINT))


def run(keys, samples):
    """Feed (time, down, pressed) samples; return the events, in order."""
    events = []
    for t, down, pressed in samples:
        ev = keys.feed(t, down, pressed)
        if ev != NONE:
            events.append(ev)
    return events


def drain(keys, t):
    """Events still queued, fed with nothing held."""
    events = []
    for _ in range(20):
        ev = keys.feed(t, 0, 0)
        if ev == NONE:
            break
        events.append(ev)
    return events


def test_button_without_long_event_acts_on_press():
    keys = Keys(FOUR, repeat_ms=0)
    assert keys.feed(0, A, A) == OK
    assert keys.feed(20, A, 0) == NONE
    assert keys.feed(2000, A, 0) == NONE  # held long: still one OK
    assert keys.feed(2020, 0, 0) == NONE


def test_short_press_of_long_button_acts_on_release():
    keys = Keys(FOUR)
    assert keys.feed(0, B, B) == NONE
    assert keys.feed(100, B, 0) == NONE
    assert keys.feed(200, 0, 0) == BACK
    assert keys.feed(220, 0, 0) == NONE


def test_long_press_fires_once_and_release_is_silent():
    keys = Keys(FOUR, long_ms=500)
    assert run(keys, [(0, B, B), (499, B, 0)]) == []
    assert keys.feed(500, B, 0) == HINT
    assert run(keys, [(600, B, 0), (3000, B, 0), (3020, 0, 0)]) == []


def test_latched_press_already_released_gives_its_short_event():
    keys = Keys(FOUR)
    # The app was busy for 3 s; B went down and up in between.
    assert keys.feed(3000, 0, B) == BACK
    assert keys.feed(3020, 0, A) == OK
    assert drain(keys, 3040) == []


def test_press_released_and_pressed_again_between_samples():
    keys = Keys(TWO)
    assert keys.feed(0, 1, 1) == NONE
    # Released and pressed again while busy: the first press is a short one.
    assert keys.feed(300, 1, 1) == NEXT
    assert keys.feed(400, 0, 0) == NEXT


def test_several_events_in_one_sample_wait_in_the_queue():
    keys = Keys(FOUR, repeat_ms=0)
    first = keys.feed(0, 0, A | B | X | Y)
    rest = drain(keys, 20)
    assert [first] + rest == [OK, BACK, PREV, NEXT]


def test_queue_keeps_order_and_stays_bounded():
    keys = Keys(FOUR, repeat_ms=0)
    events = []
    for t in range(10):  # three presses a sample, one event out a sample
        events.append(keys.feed(t, 0, A | X | Y))
    events += drain(keys, 20)
    assert events[:6] == [OK, PREV, NEXT, OK, PREV, NEXT]
    assert 10 < len(events) < 30  # a burst past the queue's room is dropped, not stored
    assert keys.feed(30, 0, 0) == NONE


def test_two_button_scheme_reaches_every_event():
    keys = Keys(TWO, long_ms=500)
    got = []
    got += run(keys, [(0, 1, 1), (100, 0, 0)])  # short left
    got += run(keys, [(200, 1, 1), (800, 1, 0), (900, 0, 0)])  # long left
    got += run(keys, [(1000, 2, 2), (1100, 0, 0)])  # short right
    got += run(keys, [(1200, 2, 2), (1800, 2, 0), (1900, 0, 0)])  # long right
    assert got == [NEXT, BACK, OK, HINT]


def test_two_buttons_held_together_act_independently():
    keys = Keys(TWO, long_ms=500)
    got = run(keys, [(0, 1, 1), (100, 3, 2), (200, 2, 0), (700, 2, 0), (800, 0, 0)])
    assert got == [NEXT, HINT]


def test_auto_repeat_of_prev_and_next():
    keys = Keys(FOUR, long_ms=500, repeat_ms=100)
    got = run(keys, [(0, Y, Y)] + [(t, Y, 0) for t in range(20, 760, 20)] + [(760, 0, 0)])
    # The press, then repeats at 500, 600, 700 ms.
    assert got == [NEXT, NEXT, NEXT, NEXT]


def test_ok_does_not_repeat():
    keys = Keys(FOUR, long_ms=500, repeat_ms=100)
    got = run(keys, [(0, A, A)] + [(t, A, 0) for t in range(20, 2000, 20)])
    assert got == [OK]


def test_button_held_when_reading_starts_gives_nothing_until_pressed_again():
    keys = Keys(FOUR, long_ms=500, repeat_ms=100)
    assert run(keys, [(t, B | Y, 0) for t in range(0, 2000, 20)] + [(2000, 0, 0)]) == []
    assert run(keys, [(2100, Y, Y), (2150, 0, 0)]) == [NEXT]


def test_reset_forgets_queue_and_holds():
    keys = Keys(FOUR)
    keys.feed(0, B, A | B | X)
    keys.reset()
    assert keys.feed(20, 0, 0) == NONE


def test_feed_allocates_nothing():
    if not hasattr(gc, "mem_alloc"):  # CPython has no heap meter
        return
    keys = Keys(FOUR, long_ms=500, repeat_ms=100)

    def cycle():
        for t in range(0, 1000, 20):
            keys.feed(t, B | Y, (B | Y) if t == 0 else 0)
        keys.feed(1000, 0, 0)
        keys.feed(1020, 0, A)

    cycle()
    gc.collect()
    gc.disable()
    try:
        before = gc.mem_alloc()
        cycle()
        used = gc.mem_alloc() - before
    finally:
        gc.enable()
    assert used == 0, used
