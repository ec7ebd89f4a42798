"""The device tells a failed save at once and keeps a mark up until saving
works again; every file set aside at start is named on the board."""

import os

import pytest
from sixtysix_app.canvas import WARN
from sixtysix_app.events import OK
from sixtysix_app.save import Store
from sixtysix_app.session import FILE as MATCH_FILE
from sixtysix_app.settings import FILE as SETTINGS_FILE
from test_app import (
    new_sim,
    on_title,
    play_until,
    press,
    quick,  # noqa: F401 (the fixture, used by name)
    start_match,
)

pytestmark = pytest.mark.usefixtures("quick")


def marked(sim) -> bool:
    """The top-right text cell holds the warning mark."""
    c = sim.canvas
    for y in range(c.char_h):
        row = y * c.width
        for x in range(c.width - c.char_w, c.width):
            if c.pixels[row + x] == WARN:
                return True
    return False


def tricks(sim) -> int:
    h = sim.app.session.match.hand
    return h.tricks[0] + h.tricks[1] + 100 * sim.app.session.match.hands_played


def test_a_failed_save_shows_at_once_and_stays_marked_until_a_save_works(tmp_path, monkeypatch):
    sim = start_match("pico_display", tmp_path, seed=5)
    play_until(sim, lambda t: t.hand.tricks[0] + t.hand.tricks[1] >= 1)
    assert not marked(sim)

    def full(self, path, data):
        raise OSError(28, "ENOSPC")

    monkeypatch.setattr(Store, "write_file", full)
    before = tricks(sim)
    for _ in range(40):
        if sim.app.popup is not None:
            break
        press(sim, OK)
    assert sim.app.popup is not None, "no word of the failed save"
    assert "Not saved: the drive is full" in " ".join(sim.app.popup)
    assert tricks(sim) == before + 1, "said at the first failed save point"
    assert marked(sim)
    press(sim, OK)  # puts the message away; the mark stays
    assert sim.app.popup is None and marked(sim)

    monkeypatch.undo()
    before = tricks(sim)
    for _ in range(40):
        if tricks(sim) > before:
            break
        press(sim, OK)
    sim.settle()
    assert sim.app.session.save_error == "" and not marked(sim)
    assert sim.app.popup is None


def test_both_files_set_aside_are_named_on_the_board(tmp_path):
    sim = start_match("pico_display", tmp_path, seed=5)
    play_until(sim, lambda t: t.hand.tricks[0] + t.hand.tricks[1] >= 1)
    sim.app.session.save_settings()
    for name in (MATCH_FILE, SETTINGS_FILE):
        path = os.path.join(str(tmp_path), name)
        with open(path, "rb") as f:
            data = f.read()
        with open(path, "wb") as f:
            f.write(data[: len(data) // 2])
    again = new_sim("pico_display", tmp_path, seed=5)
    text = " ".join(again.app.popup)
    assert "Settings were damaged" in text and "The saved match was damaged" in text
    assert on_title(again)
