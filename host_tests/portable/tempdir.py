"""A fresh folder under /tmp and its removal, for the portable tests that
write files (MicroPython has no tempfile; small on purpose, as the
MicroPython run imports it beside the module under test)."""

import os

_made = [0]


def fresh_folder(kind):
    """A new empty folder /tmp/s66-KIND-N-M (os.mkdir on a unique name)."""
    base = "/tmp/s66-%s-%d-" % (kind, id(_made) & 0xFFFF)
    while True:
        _made[0] += 1
        folder = base + str(_made[0])
        try:
            os.mkdir(folder)
            return folder
        except OSError:
            pass


def clean(folder):
    """Remove `folder` and the files in it."""
    for name in os.listdir(folder):
        os.remove(folder + "/" + name)
    os.rmdir(folder)
