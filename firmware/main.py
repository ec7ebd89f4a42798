import os
import sys

# A frozen image (README, section 2c) keeps its saves in the folder
# `sixtysix`, which then holds no module: searched before the frozen
# modules, as '' is, it would be imported as the package of that name from
# the second start on.  Then the current folder is searched last.
try:
    _names = os.listdir("sixtysix")
except OSError:
    _names = None
if _names is not None and "" in sys.path and not any(n.startswith("__init__.") for n in _names):
    sys.path.remove("")
    sys.path.append("")
del _names

try:
    from sixtysix_app.boot import boot
except MemoryError:
    print("sixtysix: not enough memory to load the firmware: press reset to try again")
except Exception as e:  # a copy cut short, or made for another version: a sentence, never a traceback
    print(
        "sixtysix: the firmware is incomplete, or for another version (%s: %s): copy it again"
        % (type(e).__name__, e)
    )
else:
    boot()
