"""Statistics and settings files whose every byte is sound and whose
check line is right, but whose counts play could not have written (more
matches won than played, a best streak above the matches won, a target
of 0, an unknown level): statistics are reset and settings fall back to
the defaults, each said on the screen, never loaded as they are. Each
case edits one field of a file real play wrote, and checks first that
the file as written loads. (The match saves' cases of the same kind are
in test_save_counters.py.)"""

import pytest
from sixtysix.rules import SCHNAPSEN, SIXTY_SIX
from sixtysix_app.session import Session
from sixtysix_app.settings import FILE as SETTINGS_FILE
from sixtysix_app.settings import GAMES, Settings
from sixtysix_app.stats import FIELDS
from sixtysix_app.stats import FILE as STATS_FILE
from tempstore import TempStore
from test_session import resign
from test_session_files import THREE_HAND


def stats_file():
    """A statistics file as play writes it: Sixty-Six a won match of three
    hands and a lost one of one, three-hand a hand sat out, a hand booked."""
    store = TempStore()
    s = Session(store)
    st = s.stats
    for winner in (0, 1, 0):
        st.record_hand(SIXTY_SIX, winner, 3, 2)
    st.record_match(SIXTY_SIX, True)
    st.record_hand(SIXTY_SIX, 1, 0, 3)
    st.record_match(SIXTY_SIX, False)
    st.record_hand(THREE_HAND, -1, 0, 0, True)
    st.booked = "0123abcd"
    s.save_stats()
    data = store.get(STATS_FILE)
    store.clean()
    return data[: data.rfind(b"check ")].decode().split("\n")[:-1]


def line_words(lines, key, change):
    """The lines with change(words) applied to those of the `key` line."""
    i = [n for n, line in enumerate(lines) if line.split(" ")[0] == key][0]
    words = lines[i].split(" ")
    change(words)
    return lines[:i] + [" ".join(words)] + lines[i + 1 :]


def _set(k, value):
    def change(words):
        words[1 + FIELDS.index(k)] = str(value(words)) if callable(value) else value

    return change


def _count(words, k):
    return int(words[1 + FIELDS.index(k)])


STATS_CASES = {
    "booked mark of 7 digits": lambda lines: line_words(
        lines, "booked", lambda w: w.__setitem__(1, "123abcd")
    ),
    "booked mark of 9 digits": lambda lines: line_words(
        lines, "booked", lambda w: w.__setitem__(1, "0123abcde")
    ),
    "one game": lambda lines: lines[:2] + lines[-1:],  # the header, Sixty-Six, booked
    "7 counts": lambda lines: line_words(lines, GAMES[SIXTY_SIX], lambda w: w.__delitem__(slice(8, None))),
    "more matches won than played": lambda lines: line_words(
        lines, GAMES[SIXTY_SIX], _set("matches_won", lambda w: _count(w, "matches") + 1)
    ),
    "hands won and sat out above the hands": lambda lines: line_words(
        lines, GAMES[THREE_HAND], _set("hands_won", lambda w: _count(w, "hands"))
    ),
    "more matches than hands": lambda lines: line_words(
        lines, GAMES[SIXTY_SIX], _set("matches", lambda w: _count(w, "hands") + 1)
    ),
    "best streak above the matches won": lambda lines: line_words(
        lines, GAMES[SIXTY_SIX], _set("best_streak", lambda w: _count(w, "matches_won") + 1)
    ),
}


@pytest.mark.parametrize("case", sorted(STATS_CASES))
def test_statistics_play_could_not_have_written_are_reset(case):
    lines = stats_file()
    store = TempStore()
    store.put(STATS_FILE, resign(("\n".join(lines) + "\n").encode()))
    s = Session(store)
    assert s.message == "" and s.stats.games[SIXTY_SIX].hands == 4 and s.stats.booked == "0123abcd"
    assert s.stats.games[SIXTY_SIX].streak == 0 and s.stats.games[THREE_HAND].hands_out == 1
    store.put(STATS_FILE, resign(("\n".join(STATS_CASES[case](lines)) + "\n").encode()))
    s = Session(store)
    assert s.message == "Statistics were damaged: reset."
    assert s.stats.games[SIXTY_SIX].hands == 0 and s.stats.booked == ""
    store.clean()


SETTINGS_CASES = {
    "target 0": ("target", "target 0"),
    "target 100": ("target", "target 100"),  # RECORDS.md: a target is 1 to 99
    "an unknown level": ("level", "level hardest"),
    "hints 2": ("hints", "hints 2"),
    "two hints": ("hints", "hints 0 0"),
    "two targets": ("target", "target 3 3"),
    "an option line of three words": ("option", "option mode assisted x"),
}


@pytest.mark.parametrize("case", sorted(SETTINGS_CASES))
def test_settings_play_could_not_have_written_are_refused(case):
    store = TempStore()
    s = Session(store)
    st = s.settings
    st.set_game(SCHNAPSEN)
    st.set_option("mode", "assisted")
    st.target = 3
    st.level = "hard"
    st.hints = False
    s.save_settings()
    data = store.get(SETTINGS_FILE)
    lines = data[: data.rfind(b"check ")].decode().split("\n")[:-1]
    loaded = Session(store).settings
    assert (loaded.game, loaded.target, loaded.level, loaded.hints) == (SCHNAPSEN, 3, "hard", False)
    key, line = SETTINGS_CASES[case]
    lines = [line if n.split(" ")[0] == key else n for n in lines]
    store.put(SETTINGS_FILE, resign(("\n".join(lines) + "\n").encode()))
    loaded = Session(store)
    assert loaded.message == "Settings were damaged: defaults used."
    assert loaded.settings.game == SIXTY_SIX and loaded.settings.level == Settings().level
    store.clean()


@pytest.mark.parametrize("target", [1, 99])
def test_settings_with_a_target_at_either_end_load_as_written(target):
    store = TempStore()
    s = Session(store)
    s.settings.target = target  # RECORDS.md: a match's target is 1 to 99
    s.save_settings()
    loaded = Session(store)
    assert loaded.message == "" and loaded.settings.target == target
    store.clean()
