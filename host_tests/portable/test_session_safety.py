"""Nothing lost: every file set aside is named, a save that fails is said
at once and tried again, and a hand's end survives a power cut between any
two of its writes."""

import os

from sixtysix.hand import MAX_ACTIONS
from sixtysix.rng import Rng
from sixtysix_app.save import temp_name
from sixtysix_app.session import FILE, Session
from sixtysix_app.settings import FILE as SETTINGS_FILE
from tempstore import TempStore
from test_session import ReadOnlyStore, match_state, mid_hand_save, new_session, random_action


def test_every_file_set_aside_gets_its_line():
    store, s, data = mid_hand_save(40)
    s.save_settings()
    s.save_stats()
    settings = store.get(SETTINGS_FILE)
    store.put(SETTINGS_FILE, settings[:-3])
    store.put(FILE, data[:-3])
    loaded = Session(store)
    assert loaded.message.split("\n") == [
        "Settings were damaged: defaults used.",
        "The saved match was damaged: a new start.",
    ]
    store.clean()


ENOSPC = 28


class FullStore(TempStore):
    """A drive that fills up (and is emptied again) when the test says;
    counts the writes it was asked for."""

    def __init__(self) -> None:
        TempStore.__init__(self)
        self.full = False
        self.tries = 0

    def write_file(self, path, data) -> None:
        self.tries += 1
        if self.full:
            raise OSError(ENOSPC, "ENOSPC")
        TempStore.write_file(self, path, data)


def play_a_trick(s, rng, buf):
    h = s.match.hand
    before = h.tricks[0] + h.tricks[1]
    while h.tricks[0] + h.tricks[1] == before and not h.over:
        s.act(random_action(h, rng, buf))


def test_a_failed_save_is_said_at_once_kept_marked_and_tried_again():
    rng = Rng(41)
    buf = bytearray(MAX_ACTIONS)
    store = FullStore()
    s = new_session(store, rng)
    s.match.rules.target = 99  # no match ends here
    assert s.message == "" and s.save_error == ""
    store.full = True
    play_a_trick(s, rng, buf)
    assert s.message == "Not saved: the drive is full (error 28)."
    assert s.save_error == s.message
    s.message = ""  # the app shows it and clears it
    tries = store.tries
    play_a_trick(s, rng, buf)
    assert store.tries > tries, "the next save point tries again"
    assert s.message == "" and s.save_error, "said once, still marked"
    store.full = False
    play_a_trick(s, rng, buf)
    assert s.save_error == "" and s.message == ""
    loaded = Session(store)
    assert match_state(loaded.match) == match_state(s.match)  # nothing after the failure is lost
    store.clean()


def test_a_failed_statistics_write_is_written_at_the_next_save_point():
    rng = Rng(42)
    buf = bytearray(MAX_ACTIONS)
    store = FullStore()
    s = new_session(store, rng)
    s.match.rules.target = 99
    h = s.match.hand
    while not h.over:
        s.act(random_action(h, rng, buf))
    store.full = True
    s.finish_hand()
    assert s.save_error
    store.full = False
    s.start_hand()
    assert s.save_error == ""
    assert Session(store).stats.games[s.match.rules.game].hands == 1
    store.clean()


def test_a_read_only_drive_says_so_and_play_goes_on():
    rng = Rng(12)
    buf = bytearray(MAX_ACTIONS)
    store = ReadOnlyStore()
    s = new_session(store, rng)
    assert s.message == "Not saved: the drive is read-only."
    h = s.match.hand
    while not h.over:
        s.act(random_action(h, rng, buf))
    s.finish_hand()
    s.save_settings()
    s.abandon()
    assert store.files() == [] and s.save_error == "Not saved: the drive is read-only."
    store.clean()


def test_a_leftover_directory_in_the_way_of_a_save_is_cleared():
    store, s, data = mid_hand_save(43)
    os.mkdir(store.path(temp_name(FILE)))
    loaded = Session(store)
    assert loaded.message == "" and loaded.can_resume()
    loaded.save()
    assert loaded.save_error == "" and loaded.message == ""
    assert store.files() == [FILE]
    store.clean()
