"""events.NAMES, which the simulator's key help reads (simview: a
button's "ok" or "back/hint"), names each event by its constant, as a
mutation audit found two names swapped unchecked."""

from sixtysix_app.events import BACK, HINT, NAMES, NEXT, NONE, OK, PREV


def test_each_event_is_named_by_its_constant():
    named = {NONE: "none", PREV: "prev", NEXT: "next", OK: "ok", BACK: "back", HINT: "hint"}
    assert len(set(named)) == 6  # six different events
    for event, name in named.items():
        assert NAMES[event] == name, (event, NAMES[event], name)
    assert len(NAMES) == 6
