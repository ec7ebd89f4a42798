"""Saves, settings and statistics: round trips at every point of random
matches, and every kind of damaged, cut, foreign or unwritable file."""

import os

from randplay import random_rules
from sixtysix.hand import CLAIM, MAX_ACTIONS, IllegalAction
from sixtysix.rng import Rng
from sixtysix.rules import OPTIONS, SCHNAPSEN, SIXTY_SIX
from sixtysix_app.save import EROFS, MAX_FILE, Store, bad_name, checksum, temp_name
from sixtysix_app.session import FILE, Session
from sixtysix_app.settings import FILE as SETTINGS_FILE
from sixtysix_app.stats import FILE as STATS_FILE
from tempstore import TempStore


def exists(path) -> bool:
    try:
        open(path, "rb").close()
        return True
    except OSError:
        return False


class FatStore(TempStore):
    """Imitates FAT: a rename onto an existing file fails."""

    def rename(self, old, new) -> None:
        if exists(new):
            raise OSError(17, "EEXIST")
        os.rename(old, new)


class PowerCut(Exception):
    pass


class CutAfterRemoveStore(FatStore):
    """FAT, and the power goes right after the old file was removed."""

    def remove_path(self, path) -> None:
        os.remove(path)
        raise PowerCut()


class ReadOnlyStore(TempStore):
    def write_file(self, path, data) -> None:
        raise OSError(EROFS, "EROFS")

    def remove_path(self, path) -> None:
        raise OSError(EROFS, "EROFS")


def match_state(m):
    """Everything a match and its hand hold, for equality checks."""
    h = m.hand
    r = m.rules
    rules = [r.game, r.target] + [getattr(r, attr) for _n, attr, _v in OPTIONS]
    counters = [m.scores[0], m.scores[1], m.awarded[0], m.awarded[1], m.pot, m.dealer, m.winner]
    counters += [m.hands_played, m.rng.state]
    hand = [
        h.hands[0], h.hands[1], h.won[0], h.won[1], h.card_points[0], h.card_points[1],
        h.marriage_points[0], h.marriage_points[1], h.tricks[0], h.tricks[1],
        h.marriages[0], h.marriages[1], h.known[0], h.known[1], h.voids[0], h.voids[1],
        h.close_score[0], h.close_score[1], h.close_tricks[0], h.close_tricks[1],
        h.dealer, h.trump, h.pos, h.leader, h.turn, h.lead, h.pending, h.closer,
        h.exchanged_by, h.last_lead, h.last_follow, h.last_winner, h.over, h.winner,
        h.game_points, h.reason, h.forfeit, h.nlog,
    ]  # fmt: skip
    return [rules, counters, hand, bytes(h.stock), bytes(h.log[: h.nlog])]


def random_action(h, rng, buf):
    """A random legal action; a player with 66 claims half the time, and
    now and then someone claims falsely."""
    n = h.legal_actions(buf)
    if h.score(h.turn) >= 66 and rng.below(2):
        return CLAIM
    if rng.below(60) == 0:
        return CLAIM
    return buf[rng.below(n - 1)]


def new_session(store, rng):
    s = Session(store)
    r = random_rules(rng)
    s.settings.set_game(r.game)
    s.settings.rules = r
    s.settings.rules.target = 1 + rng.below(7)
    s.new_match(rng.next15())
    s.start_hand()
    return s


def check_playable(m, rng):
    """A loaded match must behave like any other: the cards add up and it
    plays on to its end without a complaint from the rules."""
    h = m.hand
    cards = h.hands[0] | h.hands[1] | h.won[0] | h.won[1]
    assert not (h.hands[0] & h.hands[1]) and not (h.won[0] & h.won[1])
    for i in range(h.pos, len(h.stock)):
        assert not (cards >> h.stock[i]) & 1
        cards |= 1 << h.stock[i]
    if h.lead >= 0:
        cards |= 1 << h.lead
    assert cards == m.rules.deck()
    assert 0 <= m.scores[0] < m.rules.target and 0 <= m.scores[1] < m.rules.target
    buf = bytearray(MAX_ACTIONS)
    while m.winner < 0:
        if h.over:
            m.finish_hand()
            if m.winner >= 0:
                break
            m.start_hand()
        h.act(random_action(h, rng, buf))


def test_a_hand_the_match_dealt_itself_is_saved_as_one_in_progress():
    """session.py's act: its first action remembers the deal of a hand
    dealt by match.start_hand directly, so the save written at the first
    trick resumes that hand, not yet booked."""
    rng = Rng(11)
    buf = bytearray(MAX_ACTIONS)
    store = TempStore()
    s = Session(store)
    s.new_match(7)
    m = s.match
    h = m.start_hand()
    while h.tricks[0] + h.tricks[1] < 1 and not h.over:
        n = h.legal_actions(buf)
        s.act(buf[rng.below(n)])
    loaded = Session(store)
    assert loaded.message == "" and loaded.can_resume() and not loaded.booked
    assert match_state(loaded.match) == match_state(m)
    store.clean()


def test_round_trip_at_every_point_of_random_matches():
    rng = Rng(66)
    buf = bytearray(MAX_ACTIONS)
    for _ in range(3):
        store = TempStore()
        s = new_session(store, rng)
        m = s.match
        while True:
            h = m.hand
            if h.over:
                s.finish_hand()
                if m.winner >= 0:
                    assert not s.can_resume() and FILE not in store.files()
                    break
                s.start_hand()
            before = h.tricks[0] + h.tricks[1]
            s.act(random_action(h, rng, buf))
            saved = h.over or h.tricks[0] + h.tricks[1] != before
            if not saved and rng.below(3) == 0:
                s.save()  # as when leaving for the title mid-trick
                saved = True
            if saved and not h.over:
                loaded = Session(store)
                assert loaded.message == "" and loaded.can_resume(), loaded.message
                assert match_state(loaded.match) == match_state(m)
                assert loaded.deal == s.deal and not loaded.booked
        store.clean()


def test_a_save_after_booking_resumes_between_hands():
    rng = Rng(7)
    buf = bytearray(MAX_ACTIONS)
    store = TempStore()
    s = new_session(store, rng)
    s.match.rules.target = 99  # no match ends here
    h = s.match.hand
    while not h.over:
        s.act(random_action(h, rng, buf))
    s.finish_hand()
    loaded = Session(store)
    assert loaded.can_resume() and loaded.booked and loaded.match.hand.over
    assert match_state(loaded.match) == match_state(s.match)
    loaded.start_hand()
    s.start_hand()
    assert match_state(loaded.match) == match_state(s.match)  # the same next deal
    store.clean()


def test_a_finished_hand_not_yet_booked_is_booked_on_load():
    rng = Rng(8)
    buf = bytearray(MAX_ACTIONS)
    store = TempStore()
    s = new_session(store, rng)
    s.match.rules.target = 99
    h = s.match.hand
    while not h.over:
        s.act(random_action(h, rng, buf))
    loaded = Session(store)  # the power went on the result screen
    s.finish_hand()
    assert loaded.booked and match_state(loaded.match) == match_state(s.match)
    hands = loaded.stats.games[s.match.rules.game].hands
    assert hands == 1 and Session(store).stats.games[s.match.rules.game].hands == 1
    store.clean()


def mid_hand_save(seed):
    """(store, session, bytes) of a save a few tricks into a hand."""
    rng = Rng(seed)
    buf = bytearray(MAX_ACTIONS)
    store = TempStore()
    s = new_session(store, rng)
    h = s.match.hand
    while h.tricks[0] + h.tricks[1] < 3 and not h.over:
        s.act(buf[rng.below(h.legal_actions(buf) - 1)])
    s.save()
    return store, s, store.get(FILE)


def test_a_save_cut_at_every_length_is_refused_with_a_message():
    store, s, data = mid_hand_save(1)
    assert 150 < len(data) < 400
    for n in range(len(data)):
        store.put(FILE, data[:n])
        loaded = Session(store)
        assert loaded.match is None and not loaded.can_resume()
        # An empty file too: nothing this firmware writes is left empty (a
        # write goes to match.new first), so something damaged it.
        assert loaded.message == "The saved match was damaged: a new start.", n
    store.clean()


def test_a_save_whose_line_ends_an_editor_changed_still_loads():
    """CRLF or CR line ends, or a byte-order mark, put in by an editor or a
    copy tool, are undone before the checksum: the match is not lost.  A
    changed byte beside them is still refused."""
    store, s, data = mid_hand_save(4)
    state = match_state(s.match)
    crlf = data.replace(b"\n", b"\r\n")
    for changed in (crlf, data.replace(b"\n", b"\r"), b"\xef\xbb\xbf" + crlf, b"\xef\xbb\xbf" + data):
        store.put(FILE, changed)
        loaded = Session(store)
        assert loaded.message == "" and loaded.can_resume()
        assert match_state(loaded.match) == state
    flipped = bytearray(crlf)
    flipped[len(flipped) // 2] ^= 1
    store.put(FILE, bytes(flipped))
    assert not Session(store).can_resume()
    store.clean()


def test_a_missing_save_is_a_quiet_fresh_start():
    store = TempStore()
    s = Session(store)
    assert s.message == "" and s.match is None and not s.can_resume()
    assert s.settings.level == "hard" and s.settings.hints and s.settings.game == SIXTY_SIX
    store.clean()


def test_damaged_bytes_never_raise_nor_load():
    store, s, data = mid_hand_save(2)
    rng = Rng(3)
    for _ in range(300):
        bad = bytearray(data)
        for _k in range(1 + rng.below(3)):
            i = rng.below(len(bad))
            bad[i] = (bad[i] + 1 + rng.below(255)) & 0xFF
        store.put(FILE, bad)
        loaded = Session(store)
        if loaded.match is None:
            assert loaded.message != ""
        else:  # only a change the checksum cannot see, e.g. none at all
            assert match_state(loaded.match) == match_state(s.match)
    store.clean()


def resign(body):
    """A file with this body (header included) and a correct check line."""
    return body + b"check " + checksum(body, len(body)).encode() + b"\n"


def test_damage_behind_a_valid_checksum_loads_nothing_inconsistent():
    """The parser, not only the checksum, refuses what cannot be: bytes are
    changed and the file signed again, and whatever loads must play on."""
    store, s, data = mid_hand_save(4)
    body = data[: data.rfind(b"check ")]
    rng = Rng(5)
    loads = 0
    for _ in range(300):
        bad = bytearray(body)
        i = 17 + rng.below(len(bad) - 17)  # keep the header
        bad[i] = b"0123456789abcdef \nx-"[rng.below(20)]
        store.put(FILE, resign(bytes(bad)))
        loaded = Session(store)
        if loaded.match is None:
            assert loaded.message != ""
        else:
            loads += 1
            check_playable(loaded.match, rng)
    assert loads < 300
    store.clean()


def test_a_second_damaged_file_replaces_the_first_set_aside():
    """Only the latest damage is kept (README: damage never fills the drive)."""
    store, s, data = mid_hand_save(17)
    store.put(FILE, data[:-1])
    assert Session(store).message == "The saved match was damaged: a new start."
    store.put(FILE, data[:-2])
    assert Session(store).message == "The saved match was damaged: a new start."
    assert store.files() == [bad_name(FILE)] and store.get(bad_name(FILE)) == data[:-2]
    store.clean()


def test_an_unknown_version_is_refused_with_a_message():
    store, s, data = mid_hand_save(6)
    newer = resign(b"sixtysix-match 2" + data[16 : data.rfind(b"check ")])
    store.put(FILE, newer)
    loaded = Session(store)
    assert loaded.match is None and loaded.message == "The saved match is from another version."
    assert store.files() == [bad_name(FILE)] and store.get(bad_name(FILE)) == newer
    store.clean()


def test_a_damaged_file_is_set_aside_and_reported_once():
    store, s, data = mid_hand_save(16)
    store.put(temp_name(FILE), data[:-1])
    store.put(FILE, data[:-1])
    assert Session(store).message == "The saved match was damaged: a new start."
    assert store.files() == [bad_name(FILE)]
    again = Session(store)
    assert again.message == "" and again.match is None
    store.clean()


def test_a_file_too_large_is_refused_unread():
    store = TempStore()
    with open(store.path(FILE), "wb") as f:  # in pieces: no 4 KB buffer on a small heap
        f.write(b"sixtysix-match 1\n")
        for _ in range(MAX_FILE // 64):
            f.write(b"x" * 64)
    loaded = Session(store)
    assert loaded.match is None and loaded.message == "The saved match was damaged: a new start."
    store.clean()


def test_fat_rename_that_cannot_replace_still_saves():
    rng = Rng(9)
    buf = bytearray(MAX_ACTIONS)
    store = FatStore()
    s = new_session(store, rng)
    h = s.match.hand
    for _ in range(3):  # several saves over an existing file
        before = h.tricks[0] + h.tricks[1]
        while h.tricks[0] + h.tricks[1] == before and not h.over:
            s.act(random_action(h, rng, buf))
        assert store.files() == [FILE]
        assert match_state(Session(store).match) == match_state(s.match)
    assert s.message == ""
    store.clean()


def test_a_power_cut_between_remove_and_rename_leaves_a_new_file_that_loads():
    rng = Rng(10)
    store = CutAfterRemoveStore()
    s = new_session(store, rng)  # the first save needs no remove
    try:
        s.save()
        raise AssertionError("the power cut did not happen")
    except PowerCut:
        pass
    assert store.files() == [temp_name(FILE)]
    loaded = Session(Store(store.folder))
    assert loaded.message == "" and match_state(loaded.match) == match_state(s.match)
    loaded.save()  # the next save puts it back in its place
    assert store.files() == [FILE]
    store.clean()


def test_a_damaged_save_with_a_complete_leftover_new_file_loads_the_new_one():
    store, s, data = mid_hand_save(11)
    store.put(temp_name(FILE), data)
    store.put(FILE, data[: len(data) // 2])
    loaded = Session(store)
    assert loaded.message == "" and match_state(loaded.match) == match_state(s.match)
    store.clean()


def test_an_illegal_action_leaves_hand_and_save_alone():
    store, s, data = mid_hand_save(13)
    before = match_state(s.match)
    try:
        s.act(99)
        raise AssertionError("accepted an unknown action")
    except IllegalAction:
        pass
    assert match_state(s.match) == before and store.get(FILE) == data
    store.clean()


def test_abandon_drops_the_save():
    store, s, _data = mid_hand_save(14)
    s.abandon()
    assert not s.can_resume() and FILE not in store.files()
    assert not Session(store).can_resume()
    store.clean()


def test_settings_persist_and_a_new_match_copies_them():
    store = TempStore()
    s = Session(store)
    st = s.settings
    st.set_game(SCHNAPSEN)
    st.rules.set_option("mode", "assisted")
    st.rules.set_option("false-claim", "match")
    st.target = 5
    st.level = "medium"
    st.hints = False
    s.save_settings()
    loaded = Session(store).settings
    assert loaded.game == SCHNAPSEN and loaded.target == 5 and loaded.level == "medium"
    assert not loaded.hints and loaded.rules.changed_options() == st.rules.changed_options()
    assert loaded.rules.assisted == 1 and loaded.rules.false_claim == 2
    m = s.new_match(1)
    assert m.rules is not st.rules and m.rules.target == 5 and m.rules.false_claim == 2
    st.rules.set_option("false-claim", "2")
    assert m.rules.false_claim == 2  # the match keeps the rules it began with
    store.clean()


def test_changing_game_resets_options_but_keeps_mode_and_target():
    s = Session(None)
    st = s.settings
    st.rules.set_option("mode", "assisted")
    st.rules.set_option("void", "trump")
    st.target = 9
    st.set_game(SCHNAPSEN)
    assert st.rules.assisted == 1 and st.target == 9 and st.rules.changed_options() == [("mode", "assisted")]


def test_damaged_settings_give_defaults_and_a_message():
    store = TempStore()
    s = Session(store)
    s.settings.level = "easy"
    s.save_settings()
    data = store.get(SETTINGS_FILE)
    store.put(SETTINGS_FILE, data[:-3])
    loaded = Session(store)
    assert loaded.settings.level == "hard" and loaded.message == "Settings were damaged: defaults used."
    store.clean()


def test_statistics_persist_and_damaged_ones_are_zeroed():
    rng = Rng(15)
    buf = bytearray(MAX_ACTIONS)
    store = TempStore()
    s = new_session(store, rng)
    game = s.match.rules.game
    m = s.match
    while m.winner < 0:
        h = m.hand
        if h.over:
            s.finish_hand()
            if m.winner < 0:
                s.start_hand()
            continue
        s.act(random_action(h, rng, buf))
    g = Session(store).stats.games[game]
    assert g.matches == 1 and g.matches_won == (1 if m.winner == 0 else 0)
    assert g.hands == m.hands_played and g.best_streak == g.matches_won
    # The page these counts make: test_stats_page.py, and on MicroPython
    # sessioncheck's three-hand statistics (its own module, compiled from
    # source here, would not fit this module's 64K-word heap beside it).
    data = store.get(STATS_FILE)
    store.put(STATS_FILE, data[:-2] + (b"1" if data[-2:-1] == b"0" else b"0") + b"\n")
    loaded = Session(store)
    assert loaded.message == "Statistics were damaged: reset."
    assert loaded.stats.games[game].hands == 0
    store.clean()


def test_a_save_of_an_older_or_newer_version_says_another_version():
    """A match.sav from an older firmware (version 0), even one whose body
    would still parse, and one beside a cut match.new, says 'another
    version' and is set aside, not loaded nor called damaged."""
    store, s, data = mid_hand_save(18)
    body = data[16 : data.rfind(b"check ")]
    for version in (b"0", b"2"):
        for beside in (None, data[: len(data) // 2]):
            other = resign(b"sixtysix-match " + version + body)
            store.put(FILE, other)
            if beside is not None:
                store.put(temp_name(FILE), beside)
            loaded = Session(store)
            assert loaded.match is None, version
            assert loaded.message == "The saved match is from another version.", (version, beside)
            assert store.get(bad_name(FILE)) == other
            assert FILE not in store.files()
            for f in store.files():
                os.remove(store.path(f))
    store.clean()


def test_statistics_with_two_game_lines_swapped_are_refused():
    """A statistics file whose game lines are in the wrong order (signed
    again, so only the order is wrong) would count one game's results as
    another's: it is refused as damaged."""
    store = TempStore()
    s = Session(store)
    s.stats.record_hand(0, 0, 3, 1)
    s.stats.record_hand(1, 1, 0, 2)
    s.save_stats()
    data = store.get(STATS_FILE)
    lines = data[: data.rfind(b"check ")].split(b"\n")
    assert Session(store).stats.games[0].hands == 1 and Session(store).message == ""
    lines[1], lines[2] = lines[2], lines[1]
    store.put(STATS_FILE, resign(b"\n".join(lines)))
    loaded = Session(store)
    assert loaded.message == "Statistics were damaged: reset."
    assert loaded.stats.games[0].hands == 0 and loaded.stats.games[1].hands == 0
    store.clean()


def test_a_damaged_save_replaces_the_one_set_aside_before_on_fat_too():
    """Only the latest damage is kept, also where a rename cannot replace a
    file (FAT): the damaged match.sav goes to match.bad over the older one,
    the damaged match.new beside it is removed, and the next start says
    nothing."""
    for make in (TempStore, FatStore):
        store, s, data = mid_hand_save(19)
        store.clean()
        store = make()
        store.put(bad_name(FILE), b"older damage")
        store.put(FILE, data[:-1])
        store.put(temp_name(FILE), data[:-3])
        assert Session(store).message == "The saved match was damaged: a new start."
        assert store.files() == [bad_name(FILE)], make
        assert store.get(bad_name(FILE)) == data[:-1], make
        again = Session(store)
        assert again.message == "" and again.match is None
        store.clean()
