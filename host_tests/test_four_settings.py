"""Four-hand settings files written before the last-trick bonus became
opt-in (RULES.md 2c counts card points and shown marriages only)."""

from sixtysix.games import index
from sixtysix_app.save import pack
from sixtysix_app.session import Session
from sixtysix_app.settings import FILE, KIND, VERSION
from tempstore import TempStore

FOUR_HAND = index("four-hand")


def loaded(*option_lines):
    store = TempStore()
    store.put(
        FILE, pack(KIND, VERSION, ["game four-hand", "target 7", "level hard", "hints 1", *option_lines])
    )
    s = Session(store)
    return store, s


def test_a_file_that_kept_the_old_default_loads_with_the_new_one():
    """The old default (10) was never written, so such a file names no
    option: it now means no bonus, as the rules say."""
    store, s = loaded()
    assert s.message == "" and s.settings.game == FOUR_HAND
    assert s.settings.rules.option_value("last-trick-bonus") == "0"
    assert s.new_match(1).rules.last_trick_bonus == 0
    store.clean()


def test_a_stored_explicit_value_is_kept():
    for value in ("0", "10"):
        store, s = loaded("option last-trick-bonus " + value)
        assert s.message == "" and s.settings.rules.option_value("last-trick-bonus") == value
        s.save_settings()  # and it survives being written again
        assert Session(store).settings.rules.option_value("last-trick-bonus") == value
        store.clean()
