"""Saves on the host: the portable checks over many more seeds, a save
moving between CPython and MicroPython, and real directories."""

import os
import subprocess

import pytest
from conftest import ROOT, required_tool
from sixtysix.hand import MAX_ACTIONS
from sixtysix.rng import Rng
from sixtysix_app.save import MAX_FILE, SaveError, Store, as_written, pack, sealed, temp_name, unpack
from sixtysix_app.session import FILE, Session
from test_session import (
    FatStore,
    check_playable,
    match_state,
    mid_hand_save,
    new_session,
    random_action,
    resign,
)

PORTABLE = os.path.join(ROOT, "host_tests", "portable")
FIRMWARE = os.path.join(ROOT, "firmware")


@pytest.mark.parametrize("seed", range(20))
def test_round_trip_after_every_action_of_a_whole_match(seed):
    """Save after every action (not only after tricks): loading gives back
    the same match at every point, in a FAT-like folder."""
    rng = Rng(1000 + seed)
    buf = bytearray(MAX_ACTIONS)
    store = FatStore()
    try:
        s = new_session(store, rng)
        m = s.match
        while True:
            h = m.hand
            if h.over:
                s.finish_hand()
                if m.winner >= 0:
                    break
                s.start_hand()
            s.act(random_action(h, rng, buf))
            if h.over:
                continue  # loading books it: covered in test_session
            s.save()
            loaded = Session(store)
            assert loaded.message == ""
            assert match_state(loaded.match) == match_state(m)
        assert not Session(store).can_resume()
    finally:
        store.clean()


@pytest.mark.parametrize("seed", range(20, 30))
def test_every_cut_and_many_damaged_bytes_are_refused(seed):
    store, s, data = mid_hand_save(seed)
    try:
        for n in range(1, len(data)):
            store.put(FILE, data[:n])
            loaded = Session(store)
            assert loaded.match is None and loaded.message
        rng = Rng(seed)
        for _ in range(500):
            bad = bytearray(data)
            i = rng.below(len(bad))
            bad[i] ^= 1 + rng.below(255)
            store.put(FILE, bytes(bad))
            loaded = Session(store)
            assert loaded.match is None and loaded.message
    finally:
        store.clean()


@pytest.mark.parametrize("seed", range(30, 40))
def test_damage_behind_a_valid_checksum_never_loads_an_impossible_match(seed):
    store, s, data = mid_hand_save(seed)
    body = data[: data.rfind(b"check ")]
    rng = Rng(seed)
    try:
        for _ in range(500):
            bad = bytearray(body)
            for _k in range(1 + rng.below(2)):
                i = 17 + rng.below(len(bad) - 17)
                bad[i] = b"0123456789abcdef \nx-"[rng.below(20)]
            store.put(FILE, resign(bytes(bad)))
            loaded = Session(store)
            if loaded.match is None:
                assert loaded.message
            else:
                check_playable(loaded.match, rng)
    finally:
        store.clean()


def test_a_typical_mid_hand_save_is_small():
    sizes = []
    for seed in range(50, 60):
        store, _s, data = mid_hand_save(seed)
        store.clean()
        sizes.append(len(data))
    assert max(sizes) < 400 < MAX_FILE


_MICROPYTHON_SCRIPT = """
import sys
sys.path[:0] = [%r, %r]
from sixtysix.hand import MAX_ACTIONS
from sixtysix.rng import Rng
from sixtysix_app.save import Store
from sixtysix_app.session import Session
from test_session import match_state, random_action
s = Session(Store(%r))
print(repr(s.message))
print(repr(match_state(s.match)))
rng = Rng(5)
buf = bytearray(MAX_ACTIONS)
h = s.match.hand
for _ in range(3):
    if not h.over:
        s.act(random_action(h, rng, buf))
s.save()
print(repr(match_state(s.match)))
"""


def test_a_save_moves_between_cpython_and_micropython(tmp_path):
    micropython = required_tool("micropython")
    folder = str(tmp_path / "saves")
    store, s, data = mid_hand_save(77)
    store.clean()
    Store(folder).write(FILE, data)
    here = match_state(Session(Store(folder)).match)
    script = tmp_path / "load.py"
    script.write_text(_MICROPYTHON_SCRIPT % (FIRMWARE, PORTABLE, folder))
    proc = subprocess.run(
        [micropython, "-X", "heapsize=256wK", str(script)], capture_output=True, text=True, timeout=60
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr
    message, loaded, after = proc.stdout.strip().split("\n")
    assert message == "''" and loaded == repr(here)
    back = Session(Store(folder))
    assert back.message == "" and repr(match_state(back.match)) == after


def test_the_simulator_folder_is_made_on_the_first_save(tmp_path):
    folder = str(tmp_path / "not")
    store = Store(folder)
    Store(folder).write("x.sav", b"1")
    assert os.listdir(folder) == ["x.sav"] and store.read("x.sav") == b"1"
    store.remove("x.sav")
    store.remove("x.sav")  # already gone: fine
    assert os.listdir(folder) == []


def test_a_file_is_whole_exactly_when_it_unpacks(tmp_path):
    """`Store.whole` (which keeps or replaces a lone `.new`) and `unpack`
    (which loads) read the check line through one `sealed`: over every cut
    and many changed bytes of a packed file, and its CRLF copy, the two
    never disagree, and `sealed` finds the check line where `pack` put it."""
    data = pack("test", 1, ["a 1 2", "", "b x"])
    assert sealed(data) == data.rfind(b"check ")
    store = Store(str(tmp_path))
    rng = Rng(5)
    variants = [data[:n] for n in range(len(data) + 1)] + [data.replace(b"\n", b"\r\n")]
    for _ in range(300):
        bad = bytearray(data)
        bad[rng.below(len(bad))] ^= 1 + rng.below(255)
        variants.append(bytes(bad))
    counts = [0, 0]
    for v in variants:
        (tmp_path / "t.sav").write_bytes(v)
        try:
            unpack("test", 1, v)
            unpacks = True
        except SaveError:
            unpacks = False
        whole = store.whole(store.path("t.sav"))
        assert whole == unpacks == (sealed(as_written(v)) > 0), v
        counts[whole] += 1
    assert counts[1] == 2 and counts[0] == len(variants) - 2  # the file and its CRLF copy


def test_store_reads_a_leftover_new_file_only_when_the_file_is_missing(tmp_path):
    store = Store(str(tmp_path))
    (tmp_path / temp_name("a.sav")).write_bytes(b"new")
    assert store.read("a.sav") == b"new"
    (tmp_path / "a.sav").write_bytes(b"old")
    assert store.read("a.sav") == b"old"


@pytest.mark.parametrize("old_file", [False, True])
def test_a_folder_with_files_where_the_new_file_goes_is_moved_aside(tmp_path, old_file):
    """A user's folder named match.new on a PyBadge's drive made every save
    say 'Not saved' (error 21); it is renamed match.old and saving goes on.
    A file left at match.old goes first, so the folder can take its name
    (not 'remove match.old' at every save)."""
    if old_file:
        (tmp_path / "match.old").write_bytes(b"left from before")
    blocker = tmp_path / temp_name(FILE)
    blocker.mkdir()
    (blocker / "keep.txt").write_text("mine")
    s = Session(Store(str(tmp_path)))
    s.new_match(1)
    s.start_hand()
    assert s.message == "" and not s.save_error
    assert Session(Store(str(tmp_path))).can_resume()
    assert (tmp_path / "match.old" / "keep.txt").read_text() == "mine"


def test_folders_with_files_at_both_new_and_old_name_the_one_to_remove(tmp_path):
    """A folder with files at match.new cannot be moved aside when another
    stands at match.old: the board said only 'cannot write (error 21)'.
    It names what to take off the drive, keeps both folders whole, and the
    next save after match.old is gone goes through."""
    import shutil

    for name in ("match.new", "match.old"):
        (tmp_path / name).mkdir()
        (tmp_path / name / "keep.txt").write_text(name)
    s = Session(Store(str(tmp_path)))
    s.new_match(1)
    s.start_hand()
    assert s.message.startswith("Not saved: remove match.old from the drive (error ")
    assert s.save_error == s.message
    assert (tmp_path / "match.new" / "keep.txt").read_text() == "match.new"
    assert (tmp_path / "match.old" / "keep.txt").read_text() == "match.old"
    shutil.rmtree(tmp_path / "match.old")
    s.save()
    assert not s.save_error
    assert Session(Store(str(tmp_path))).can_resume()
    assert (tmp_path / "match.old" / "keep.txt").read_text() == "match.new"


def test_a_folder_in_the_way_with_nothing_at_old_is_not_named(tmp_path):
    """`in_way` names a `.old` only when one stands there: a save refused
    for another reason says 'cannot write', not 'remove match.old'."""

    class NoRename(Store):
        def rename(self, old, new):
            raise OSError(5, "refused")

    (tmp_path / "match.new").mkdir()
    (tmp_path / "match.new" / "keep.txt").write_text("mine")
    s = Session(NoRename(str(tmp_path)))
    s.new_match(1)
    s.start_hand()
    assert s.message.startswith("Not saved: cannot write (error ")
    assert not (tmp_path / "match.old").exists()


@pytest.mark.skipif(hasattr(os, "geteuid") and os.geteuid() == 0, reason="root writes anywhere")
def test_a_folder_without_write_permission_says_not_saved(tmp_path):
    os.chmod(tmp_path, 0o500)
    try:
        s = Session(Store(str(tmp_path)))
        s.new_match(1)
        s.start_hand()
        assert s.message.startswith("Not saved: cannot write (error 13)") and s.can_resume()
        assert s.save_error
    finally:
        os.chmod(tmp_path, 0o700)


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
@pytest.mark.timeout(30)
def test_a_fifo_where_a_save_is_written_is_cleared_not_waited_on(tmp_path):
    """open() of a FIFO for writing waits for a reader that never comes: a
    FIFO at match.new or settings.new froze the board at its first save.
    It is removed, the save goes on, and the match can be resumed."""
    from sixtysix_app.settings import FILE as SETTINGS

    for name in (FILE, SETTINGS):
        os.mkfifo(tmp_path / temp_name(name))
    s = Session(Store(str(tmp_path)))
    s.new_match(1)
    s.start_hand()
    s.save_settings()
    assert s.message == "" and not s.save_error
    assert Session(Store(str(tmp_path))).can_resume()
    assert sorted(os.listdir(tmp_path)) == sorted([FILE, SETTINGS])


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
@pytest.mark.timeout(30)
def test_a_fifo_in_place_of_the_error_log_is_left_unwritten(tmp_path):
    """The error log is appended to; a FIFO there would wait for ever, so
    the fault goes unlogged (logging is best effort) and the board goes on."""
    from sixtysix_app.boot import ERROR_LOG, log_fault

    os.mkfifo(tmp_path / ERROR_LOG)
    try:
        raise RuntimeError("logged nowhere")
    except RuntimeError as e:
        log_fault(str(tmp_path), "RE001", e)
    assert os.listdir(tmp_path) == [ERROR_LOG]


@pytest.mark.parametrize("game", ["sixty-six", "schnapsen", "three-hand"])
def test_a_long_run_of_hands_nobody_won_saves_and_loads_back(tmp_path, game):
    """Each hand nobody wins adds one to the pot: a match may count more
    hands, and carry a bigger pot, than any small figure.  What the board
    writes must load (a crafted file of 999 hands, played on one hand,
    was once saved as 1,000 and refused at the next start)."""
    from sixtysix.games import index

    store = Store(str(tmp_path))
    s = Session(store)
    s.settings.set_game(index(game))
    s.new_match(7)
    s.start_hand()
    m = s.match
    m.hands_played, m.pot = 5000, 4000
    s.save()
    loaded = Session(store)
    assert loaded.message == "" and loaded.can_resume()
    assert match_state(loaded.match) == match_state(m)


def test_statistics_stop_counting_where_a_file_stops_holding_counts():
    from sixtysix_app.stats import _BIG, FIELDS, Stats, parse_stats

    s = Stats()
    g = s.games[0]
    g.hands = g.hands_won = g.matches = g.matches_won = g.abandoned = _BIG - 1
    g.points_for = g.points_against = _BIG - 2
    g.streak = g.best_streak = 5
    for _ in range(3):
        s.record_hand(0, 0, 3, 3)
        s.record_match(0, True)
        s.record_abandoned(0)
    assert all(getattr(g, f) <= _BIG for f in FIELDS)
    assert g.hands == g.matches == g.points_for == g.abandoned == _BIG
    lines = s.to_bytes().decode().splitlines()[1:-1]  # body: between the header and the check line
    again = parse_stats(lines)
    assert again.games[0].values() == g.values()


def test_a_number_one_past_its_highest_is_refused():
    """A count one past what a field may hold (a crafted or damaged file)
    is refused, not loaded as if it fit."""
    from sixtysix_app.save import number

    for high in (1, 9, 99, 12345):
        assert number(str(high), 0, high) == high
        with pytest.raises(ValueError):
            number(str(high + 1), 0, high)


def test_a_hex_number_one_past_its_highest_is_refused():
    """The same for hex fields (a seed, a mark): one past the highest, in
    any number of digits, is refused."""
    from sixtysix_app.save import hex_number

    for high in (10, 0x12345, (1 << 30) - 2):
        assert hex_number("%x" % high, high) == high
        with pytest.raises(ValueError):
            hex_number("%x" % (high + 1), high)


def test_hex_bytes_with_a_digit_missing_or_a_bad_low_digit_are_refused():
    """A cut or damaged hex run (an odd number of digits, or a pair whose
    second digit is not hex) is refused, not read as shorter or wrong bytes."""
    from sixtysix_app.save import from_hex

    assert from_hex("ab01") == bytearray(b"\xab\x01")
    for bad in ("abc", "a", "ag", "0x", "01aG"):
        with pytest.raises(ValueError):
            from_hex(bad)


def test_a_body_line_under_another_key_is_refused():
    """A line whose first word is not the key expected there (lines swapped
    or renamed) is refused, not read as the expected one."""
    from sixtysix_app.save import split_line

    assert split_line("score 1 2", "score") == ["1", "2"]
    for line in ("scores 1 2", "dealer 1 2", " score 1 2", ""):
        with pytest.raises(ValueError):
            split_line(line, "score")


def test_a_header_with_an_extra_word_is_refused_as_damaged():
    """A header line `<kind> <version> <more>` (damage behind a valid
    check line) is refused as damaged, not loaded."""
    body = b"test 1\na 1\n"
    assert unpack("test", 1, resign(body)) == ["a 1"]
    for head in (b"test 1 x", b"test 1 ", b"test  1"):
        with pytest.raises(SaveError) as e:
            unpack("test", 1, resign(head + body[6:]))
        assert e.value.problem == 2  # CORRUPT


def test_a_save_just_over_the_size_limit_is_refused_without_being_read(tmp_path, monkeypatch):
    """A match.sav one byte over MAX_FILE (a file someone put on the drive)
    is said to be damaged and never read into the board's small heap; one
    of exactly MAX_FILE bytes is read (and refused by its contents)."""
    import builtins

    import sixtysix_app.save as save_module

    opened = []

    def spy(path, mode="r", *args):
        opened.append(os.path.basename(path))
        return builtins.open(path, mode, *args)

    monkeypatch.setattr(save_module, "open", spy, raising=False)
    for size, read in ((MAX_FILE, True), (MAX_FILE + 1, False)):
        (tmp_path / FILE).write_bytes(b"sixtysix-match 1\n" + b"x" * (size - 17))
        del opened[:]
        s = Session(Store(str(tmp_path)))
        assert s.match is None and s.message == "The saved match was damaged: a new start."
        assert (FILE in opened) == read, size
        os.remove(tmp_path / "match.bad")


def test_the_check_line_is_adler_32_on_a_file_as_long_as_any():
    """The check line is Adler-32 (modulo 65521), so a save written by
    any build reads in any other: both sums pass 65521 in a file of
    MAX_FILE bytes, where a sum taken modulo 65536 would differ (found
    open by a mutation audit)."""
    import zlib

    from sixtysix_app.save import checksum

    for data in (bytes(range(256)) * (MAX_FILE // 256), b"\x7e" * MAX_FILE, b"match 1 2\n"):
        assert checksum(data, len(data)) == "%08x" % zlib.adler32(data)


def test_a_control_byte_or_delete_behind_a_valid_check_line_is_refused_as_damaged():
    """A body that is not printable ASCII (a tab, a NUL, DEL 0x7f, a byte
    past it) is refused as damaged even when its check line holds (found
    open by a mutation audit)."""
    assert unpack("test", 1, resign(b"test 1\na 1~\n")) == ["a 1~"]
    for bad in (b"a\t1", b"a\x001", b"a\x7f1", b"a 1\x0b", b"a \x80"):
        data = resign(b"test 1\n" + bad + b"\n")
        assert sealed(data) > 0  # the check line holds
        with pytest.raises(SaveError) as e:
            unpack("test", 1, data)
        assert e.value.problem == 2  # CORRUPT


def test_a_file_of_another_kind_is_refused_as_damaged():
    """A settings file copied over the match file (another kind, same
    version, a valid check line) is refused by its header, not parsed
    (found open by a mutation audit)."""
    for kind in ("sixtysix-settings", "sixtysix-matc", "Sixtysix-match"):
        with pytest.raises(SaveError) as e:
            unpack("sixtysix-match", 1, pack(kind, 1, ["rules sixty-six 7"]))
        assert e.value.problem == 2  # CORRUPT


def test_a_file_cut_inside_its_header_is_damaged_not_of_another_version():
    """A file with no line end at all (cut inside its header) is damaged,
    whatever digits it ends in; it never reads as another version (found
    open by a mutation audit)."""
    for data in (b"test 23", b"test 1", b"test 10", b"test"):
        with pytest.raises(SaveError) as e:
            unpack("test", 1, data)
        assert e.value.problem == 2  # CORRUPT


def test_an_empty_or_overlong_number_is_refused():
    """An empty hex word (two spaces in a line) is not read as 0, and a
    number longer than any field's (10 decimal or 9 hex digits, however
    many leading zeros) is refused (found open by a mutation audit)."""
    from sixtysix_app.save import hex_number, number

    assert number("000000001", 0, 5) == 1
    assert hex_number("00000001", 5) == 1
    for bad in ("", "0000000001", "00000000000"):
        with pytest.raises(ValueError):
            number(bad, 0, 5)
    for bad in ("", "000000001"):
        with pytest.raises(ValueError):
            hex_number(bad, 5)
