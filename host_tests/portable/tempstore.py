"""A Store over a fresh folder, for the session tests (small on purpose:
the MicroPython run imports it next to the session)."""

import os

from sixtysix_app.save import Store
from tempdir import clean, fresh_folder


class TempStore(Store):
    """A Store over a fresh directory under /tmp (os.mkdir on a unique
    name: MicroPython has no tempfile); `clean()` removes it."""

    def __init__(self) -> None:
        Store.__init__(self, fresh_folder("save"))

    def files(self):
        return sorted(os.listdir(self.folder[:-1]))

    def put(self, name, data) -> None:
        with open(self.path(name), "wb") as f:
            f.write(data)

    def get(self, name):
        with open(self.path(name), "rb") as f:
            return f.read()

    def clean(self) -> None:
        clean(self.folder[:-1])
