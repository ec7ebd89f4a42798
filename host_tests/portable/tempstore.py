"""A Store over a fresh folder, for the session tests (small on purpose:
the MicroPython run imports it next to the session)."""

import os

from sixtysix_app.save import Store

_made = [0]


class TempStore(Store):
    """A Store over a fresh directory under /tmp (os.mkdir on a unique
    name: MicroPython has no tempfile); `clean()` removes it."""

    def __init__(self) -> None:
        base = "/tmp/s66-save-%d-" % (id(_made) & 0xFFFF)
        while True:
            _made[0] += 1
            folder = base + str(_made[0])
            try:
                os.mkdir(folder)
                break
            except OSError:
                pass
        Store.__init__(self, folder)

    def files(self):
        return sorted(os.listdir(self.folder[:-1]))

    def put(self, name, data) -> None:
        with open(self.path(name), "wb") as f:
            f.write(data)

    def get(self, name):
        with open(self.path(name), "rb") as f:
            return f.read()

    def clean(self) -> None:
        for name in self.files():
            os.remove(self.path(name))
        os.rmdir(self.folder[:-1])
