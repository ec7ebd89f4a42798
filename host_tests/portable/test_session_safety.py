"""Nothing lost: every file set aside is named, a save that fails is said
at once and tried again, and a hand's end survives a power cut between any
two of its writes."""

from sixtysix_app.session import FILE, Session
from sixtysix_app.settings import FILE as SETTINGS_FILE
from test_session import mid_hand_save


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
