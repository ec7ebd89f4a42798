"""Nothing lost: every file set aside is named, a save that fails is said
at once and tried again, and a hand's end survives a power cut between any
two of its writes."""

import os

from sixtysix.hand import CLAIM, MAX_ACTIONS
from sixtysix.rng import Rng
from sixtysix_app.save import EIO, EROFS, Store, temp_name
from sixtysix_app.session import FILE, Session
from sixtysix_app.settings import FILE as SETTINGS_FILE
from tempstore import TempStore

# (small helpers of its own: importing test_session too does not fit the
# MicroPython run's heap)


def new_session(store, rng):
    s = Session(store)
    s.new_match(rng.next15())
    s.start_hand()
    return s


def random_action(h, rng, buf):
    """A random legal action, never a claim: hands here end by play."""
    n = h.legal_actions(buf)
    while True:
        code = buf[rng.below(n)]
        if code != CLAIM or n == 1:
            return code


def match_state(m):
    return (m.scores[0], m.scores[1], m.hands_played, m.rng.state, bytes(m.hand.log[: m.hand.nlog]))


def mid_hand_save(seed):
    """(store, session, bytes) of a save a few tricks into a hand."""
    rng = Rng(seed)
    buf = bytearray(MAX_ACTIONS)
    store = TempStore()
    s = new_session(store, rng)
    h = s.match.hand
    while h.tricks[0] + h.tricks[1] < 3 and not h.over:
        s.act(random_action(h, rng, buf))
    s.save()
    return store, s, store.get(FILE)


class ReadOnlyStore(TempStore):
    def write_file(self, path, data) -> None:
        raise OSError(EROFS, "EROFS")

    def remove_path(self, path) -> None:
        raise OSError(EROFS, "EROFS")


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


def test_folders_with_files_at_new_and_old_name_the_one_to_remove():
    """Nothing removed, the one to take away named, and after it is gone
    the next save goes through (the `.new` folder moved to `.old`)."""
    store, s, data = mid_hand_save(44)
    blockers = (store.path(temp_name(FILE)), store.path("match.old"))
    for folder in blockers:
        os.mkdir(folder)
        with open(folder + "/keep.txt", "w") as f:
            f.write("mine")
    s.save()
    assert s.message.startswith("Not saved: remove match.old from the drive (error "), s.message
    assert s.save_error == s.message
    os.remove(blockers[1] + "/keep.txt")
    os.rmdir(blockers[1])
    s.save()
    assert s.save_error == "" and Session(store).can_resume()
    os.remove(blockers[1] + "/keep.txt")
    os.rmdir(blockers[1])
    store.clean()


def test_a_folder_with_files_at_the_save_itself_is_moved_aside():
    """A folder with files at match.sav, and another at match.bad so that
    it cannot be set aside at start: every save failed with error 21 and
    named nothing to remove; the save now moves it to match.old."""
    store, s, data = mid_hand_save(45)
    store.remove(FILE)
    for name in (FILE, "match.bad"):
        os.mkdir(store.path(name))
        with open(store.path(name) + "/keep.txt", "w") as f:
            f.write("mine")
    s.save()
    assert s.save_error == "" and match_state(Session(store).match) == match_state(s.match)
    for name in ("match.old", "match.bad"):
        os.remove(store.path(name) + "/keep.txt")
        os.rmdir(store.path(name))
    store.clean()


class PowerCut(Exception):
    pass


class CutStore(TempStore):
    """Counts the file-system steps (write, rename, remove) and cuts the
    power at step `cut_at` (counting from when it is set): a write cut
    leaves half its bytes.  `fat` imitates FAT's rename."""

    def __init__(self, fat) -> None:
        TempStore.__init__(self)
        self.fat = fat
        self.cut_at = -1
        self.steps = 0

    def _step(self) -> bool:
        self.steps += 1
        return self.steps - 1 == self.cut_at

    def write_file(self, path, data) -> None:
        if self._step():
            TempStore.write_file(self, path, data[: len(data) // 2])
            raise PowerCut()
        TempStore.write_file(self, path, data)

    def rename(self, old, new) -> None:
        if self._step():
            raise PowerCut()
        if self.fat and new in [self.path(f) for f in self.files()]:
            raise OSError(17, "EEXIST")
        os.rename(old, new)

    def remove_path(self, path) -> None:
        if self._step():
            raise PowerCut()
        os.remove(path)

    def cut(self, at) -> None:
        self.cut_at = at
        self.steps = 0

    def snapshot(self):
        return [(f, self.get(f)) for f in self.files()]

    def restore(self, files) -> None:
        for f in self.files():
            os.remove(self.path(f))
        for f, data in files:
            self.put(f, data)


def after_a_cut_save(store, s, state, label):
    """Cut the power while `s` writes its next save's `.new`: the match
    still loads as `state` at the next start."""
    store.cut(0)
    try:
        s.save()
        raise AssertionError("no cut")
    except PowerCut:
        pass
    store.cut(-1)
    last = Session(store)
    assert last.can_resume() and match_state(last.match) == state, label


def test_a_good_new_file_beside_a_damaged_one_takes_its_place():
    """A write cut after FAT refused the rename and before the old file was
    removed leaves both; with the old one damaged the match loads from the
    `.new`, which must then become the file: left as the only good copy, a
    power cut while the next save rewrites it lost the match (soak test)."""
    for fat in (False, True):
        made, s, good = mid_hand_save(31)
        made.clean()
        state = match_state(s.match)
        store = CutStore(fat)
        store.put(temp_name(FILE), good)
        store.put(FILE, good[:20] + b"#" + good[21:])
        again = Session(store)
        assert again.can_resume() and match_state(again.match) == state
        assert store.get(FILE) == good and temp_name(FILE) not in store.files(), fat
        after_a_cut_save(store, again, state, fat)
        store.clean()


def hand_over(seed, fat, target):
    """A session on a CutStore whose hand is over, not yet booked, after
    booking every earlier hand (with target 1, a hand that ends the match)."""
    rng = Rng(seed)
    buf = bytearray(MAX_ACTIONS)
    store = CutStore(fat)
    s = new_session(store, rng)
    s.match.rules.target = target
    while True:
        h = s.match.hand
        while not h.over:
            s.act(random_action(h, rng, buf))
        if h.winner >= 0 if target == 1 else s.match.hands_played >= 2:
            return store, s
        s.finish_hand()
        if s.match.winner >= 0:
            return None, None
        s.start_hand()


def check_consistent(store, hands):
    """Loaded, the match and the statistics agree on what was booked, and
    loading again changes nothing."""
    s = Session(Store(store.folder))
    for again in (s, Session(Store(store.folder))):
        g = again.stats.games[again.settings.rules.game if again.match is None else again.game]
        if again.can_resume():
            assert again.booked and again.match.hands_played == hands == g.hands and g.matches == 0
        else:
            assert g.hands == hands and g.matches == 1 and FILE not in store.files()
        assert again.message == ""


def test_a_power_cut_at_any_step_of_a_hand_end_loses_nothing():
    checked = 0
    for fat in (False, True):
        for target, seed in ((99, 44), (1, 45)):
            store, s = hand_over(seed, fat, target)
            store.cut(-1)
            s.finish_hand()
            steps = store.steps
            assert steps >= 2 and (s.match.winner >= 0) == (target == 1)
            store.clean()
            for at in range(steps):
                store, s = hand_over(seed, fat, target)
                hands = s.match.hands_played + 1
                store.cut(at)
                try:
                    s.finish_hand()
                    raise AssertionError("no cut at step %d" % at)
                except PowerCut:
                    pass
                after = store.snapshot()
                for again in range(steps + 1):  # and a cut while the next start recovers
                    store.restore(after)
                    store.cut(again)
                    try:
                        Session(store)
                    except PowerCut:
                        pass
                    check_consistent(store, hands)
                    checked += 1
                store.clean()
    assert checked > 20


class FlakyStore(FullStore):
    """FAT's rename (it will not replace a file), which the drive refuses
    while `refuse` counts down; a full drive empties the file it refuses to
    write; reads of the match file fail while `unread` counts down, with
    `fails` (an OSError, or MemoryError as a fragmented heap raises);
    `unread_name` is the file whose reads fail."""

    def __init__(self) -> None:
        FullStore.__init__(self)
        self.refuse = 0
        self.unread = 0
        self.unread_name = FILE
        self.fails = OSError(EIO, "EIO")

    def rename(self, old, new) -> None:
        if self.refuse:
            self.refuse -= 1
            raise OSError(EIO, "EIO")
        if new in [self.path(f) for f in self.files()]:
            raise OSError(17, "EEXIST")
        os.rename(old, new)

    def write_file(self, path, data) -> None:
        if self.full:
            TempStore.write_file(self, path, b"")
        FullStore.write_file(self, path, data)

    def read_path(self, path):
        if self.unread and path == self.path(self.unread_name):
            self.unread -= 1
            raise self.fails
        return TempStore.read_path(self, path)


def test_the_only_copy_left_in_a_new_file_is_never_written_over():
    """FAT removes the old file and then refuses the rename: the `.new` is
    the only copy of the last save.  The next save renames it into place
    before it writes, or, when it cannot, fails and leaves it; a drive that
    is full by then cost the match when the write came first."""
    rng = Rng(47)
    buf = bytearray(MAX_ACTIONS)
    store = FlakyStore()
    s = new_session(store, rng)
    s.match.rules.target = 99
    play_a_trick(s, rng, buf)
    store.refuse = 2  # the rename onto the old file, then onto nothing
    play_a_trick(s, rng, buf)
    assert store.files() == [temp_name(FILE)] and s.save_error == "Not saved: cannot write (error 5)."
    kept = match_state(s.match)
    store.refuse = 1  # the next save cannot move it either: it fails
    play_a_trick(s, rng, buf)
    assert store.files() == [temp_name(FILE)] and match_state(Session(store).match) == kept
    store.full = True  # and the one after finds the drive full
    play_a_trick(s, rng, buf)
    assert s.save_error == "Not saved: the drive is full (error 28)."
    loaded = Session(store)
    assert loaded.can_resume() and match_state(loaded.match) == kept and loaded.message == ""
    store.full = False
    play_a_trick(s, rng, buf)
    assert s.save_error == "" and match_state(Session(store).match) == match_state(s.match)
    store.clean()


def test_a_save_that_cannot_be_read_is_kept_and_never_written_over():
    for fails in (OSError(EIO, "EIO"), MemoryError()):
        made, s, good = mid_hand_save(48)
        made.clean()
        state = match_state(s.match)
        store = FlakyStore()
        store.put(FILE, good)
        store.fails = fails
        store.unread = 1  # once: read again, loaded
        assert match_state(Session(store).match) == state
        store.unread = 2  # twice: kept, said, and not written over
        s = Session(store)
        assert not s.can_resume()
        assert s.message == "The saved match could not be read: it is kept. Restart to try again."
        assert store.files() == [FILE] and store.get(FILE) == good
        s.save()  # no match of this session: nothing to say
        assert s.save_error == "" and store.get(FILE) == good
        rng = Rng(49)
        s.new_match(5)
        s.start_hand()
        play_a_trick(s, rng, bytearray(MAX_ACTIONS))
        assert s.save_error == "Not saved: match.sav could not be read. Restart to try again."
        assert store.get(FILE) == good
        again = Session(store)
        assert again.can_resume() and match_state(again.match) == state and again.message == ""
        store.clean()


def test_a_power_cut_while_a_match_is_given_up_never_counts_it_twice():
    """Giving a match up removes its file and counts it abandoned: a cut
    between the two may leave it uncounted, never counted and still there."""
    checked = 0
    for fat in (False, True):
        at = 0
        while True:
            store = CutStore(fat)
            s = new_session(store, Rng(50))
            play_a_trick(s, Rng(51), bytearray(MAX_ACTIONS))
            game = s.game
            store.cut(at)
            try:
                s.abandon()
                store.clean()
                break  # no step left to cut
            except PowerCut:
                pass
            store.cut(-1)
            again = Session(Store(store.folder))
            abandoned = again.stats.games[game].abandoned
            assert abandoned == 0 if again.can_resume() else abandoned <= 1, (fat, at)
            if again.can_resume():
                again.abandon()
                assert Session(Store(store.folder)).stats.games[game].abandoned == 1
            checked += 1
            at += 1
            store.clean()
    assert checked >= 4


def test_an_unreadable_save_beside_a_cut_new_file_is_kept_not_set_aside():
    """match.sav the drive will not read (EIO, twice) beside a match.new cut
    short: nothing says the match is bad, so it is 'could not be read' and
    kept where it is, not called damaged and set aside as match.bad."""
    made, s, good = mid_hand_save(52)
    made.clean()
    state = match_state(s.match)
    store = FlakyStore()
    store.put(FILE, good)
    store.put(temp_name(FILE), good[: len(good) // 2])
    store.unread = 2
    s = Session(store)
    assert not s.can_resume()
    assert s.message == "The saved match could not be read: it is kept. Restart to try again."
    assert store.get(FILE) == good and "match.bad" not in store.files()
    again = Session(store)  # the drive reads again after a restart
    assert again.can_resume() and match_state(again.match) == state and again.message == ""
    store.clean()


def test_a_lone_new_file_briefly_unreadable_is_not_written_over():
    """The only copy of the match in match.new (its rename refused at load),
    and the next save cannot read it back (EIO) just as the drive is full:
    it is moved into place before anything is written, so the full drive
    costs the new save only, not the match."""
    made, s, good = mid_hand_save(53)
    made.clean()
    state = match_state(s.match)
    store = FlakyStore()
    store.put(temp_name(FILE), good)
    store.refuse = 1  # the load cannot move it into place
    s = Session(store)
    assert s.can_resume() and match_state(s.match) == state
    assert store.files() == [temp_name(FILE)]
    store.unread_name = temp_name(FILE)
    store.unread = 1
    store.full = True
    s.save()
    assert s.save_error == "Not saved: the drive is full (error 28)."
    store.full = False
    loaded = Session(store)
    assert loaded.can_resume() and match_state(loaded.match) == state and loaded.message == ""
    store.clean()


def test_a_match_given_up_after_a_refused_rename_does_not_come_back():
    """A save whose rename was refused leaves the match only in match.new;
    giving the match up then removes that too, so it is not offered again
    at the next start."""
    rng = Rng(54)
    buf = bytearray(MAX_ACTIONS)
    store = FlakyStore()
    s = new_session(store, rng)
    s.match.rules.target = 99
    store.refuse = 2  # the rename onto the old file, then onto nothing
    play_a_trick(s, rng, buf)
    assert store.files() == [temp_name(FILE)] and s.save_error
    s.abandon()
    assert s.save_error == ""
    assert FILE not in store.files() and temp_name(FILE) not in store.files()
    assert not Session(store).can_resume()
    store.clean()


def test_a_folder_with_files_at_the_save_is_moved_aside_when_its_new_file_loads():
    """A folder with files at match.sav and the match in match.new: the
    match loads from match.new, the folder goes to match.old and the match
    takes its name, so a power cut while the next save writes match.new
    does not lose it."""
    for fat in (False, True):
        made, s, good = mid_hand_save(55)
        made.clean()
        state = match_state(s.match)
        store = CutStore(fat)
        os.mkdir(store.path(FILE))
        with open(store.path(FILE) + "/keep.txt", "w") as f:
            f.write("mine")
        store.put(temp_name(FILE), good)
        again = Session(store)
        assert again.can_resume() and match_state(again.match) == state, fat
        after_a_cut_save(store, again, state, fat)
        with open(store.path("match.old") + "/keep.txt") as f:
            assert f.read() == "mine"  # the user's folder is kept whole
        os.remove(store.path("match.old") + "/keep.txt")
        os.rmdir(store.path("match.old"))
        store.clean()
