"""What goes onto a board, whichever runtime it runs: the firmware's
source files, the start file, the folders that belong to us, and the board
module by name.

`sixtysix deploy` (deploy.py) compiles these for a MicroPython board and
hands a CircuitPython board to circuitpy.py; both import them from here,
so neither imports the other back.
"""

import importlib
import importlib.util
import os
import subprocess

from .board_files import FIRMWARE_PACKAGES, BoardError, import_board

# The folders of the board's filesystem that belong to us: stale .py/.mpy
# files in them are removed.  Anything else there (the saves in /sixtysix)
# and anything outside them (boot.py, the user's files) is left alone.
OWNED_FOLDERS = ("sixtysix", "sixtysix_app", "sixtysix_viper", "boards")
# The start file a deploy writes (main.py, or code.py on CircuitPython): the
# guard that ends firmware/main.py (the start file of mip and frozen images),
# so a firmware cut short or made for another version says so in one line.
MAIN_SOURCE = (
    "try:\n"
    "    from sixtysix_app.boot import boot\n"
    "except MemoryError:\n"
    '    print("sixtysix: not enough memory to load the firmware: press reset to try again")\n'
    "except Exception as e:  # a copy cut short, or made for another version: a sentence, never a traceback\n"
    "    print(\n"
    '        "sixtysix: the firmware is incomplete, or for another version (%s: %s): copy it again"\n'
    "        % (type(e).__name__, e)\n"
    "    )\n"
    "else:\n"
    "    boot()\n"
)

# mpy-cross -march names by the arch number in a .mpy header (py/persistentcode.h).
MPY_ARCHES = (
    "",
    "x86",
    "x64",
    "armv6",
    "armv6m",
    "armv7m",
    "armv7em",
    "armv7emsp",
    "armv7emdp",
    "xtensa",
    "xtensawin",
    "rv32imc",
    "rv64imc",
)
# The solver's search as viper code: compiled for a board's processor and
# shipped only where the board loads that code (mpyformat.compile_viper).
VIPER_PACKAGE = "sixtysix_viper"


def backup_name(name: str, taken) -> str:
    """The name a user's own start file is kept under: NAME.bak, or
    NAME.bak2, NAME.bak3... when that is `taken` (an older one kept)."""
    candidate = name + ".bak"
    n = 2
    while candidate in taken:
        candidate = "%s.bak%d" % (name, n)
        n += 1
    return candidate


class DeployError(Exception):
    """A problem the user can fix; the message says how."""


def package_dir(name: str) -> str:
    """The folder of an importable package (works for a clone and an install)."""
    spec = importlib.util.find_spec(name)
    if spec is None or not spec.submodule_search_locations:
        raise DeployError("cannot find the '%s' package; install this project with pip first" % name)
    return list(spec.submodule_search_locations)[0]


def load_board(name: str):
    """The board module by name; DeployError listing the valid names."""
    try:
        return import_board(name)
    except BoardError as e:
        raise DeployError(str(e)) from None


def firmware_sources(board_name: str) -> list:
    """(local source path, path on the board without extension) for every
    module a board needs: both firmware packages, boards/__init__ and the
    board's own module."""
    found = []
    for package in FIRMWARE_PACKAGES:
        folder = package_dir(package)
        for file in sorted(os.listdir(folder)):
            if file.endswith(".py"):
                found.append((os.path.join(folder, file), package + "/" + file[:-3]))
    boards = package_dir("boards")
    for stem in ("__init__", board_name):
        found.append((os.path.join(boards, stem + ".py"), "boards/" + stem))
    return found


def viper_sources() -> list:
    """(local source path, path on the board without extension) for the
    viper package, which deploy adds only for a board that loads it."""
    folder = package_dir(VIPER_PACKAGE)
    return [
        (os.path.join(folder, file), VIPER_PACKAGE + "/" + file[:-3])
        for file in sorted(os.listdir(folder))
        if file.endswith(".py")
    ]


def compile_as_deployed(mpy_cross: str, local: str, target: str, arch: str, name: str):
    """mpy-cross a module as deploy does: for `arch` where the board names
    one ('' for none; the viper package needs one), tracebacks naming
    `name`.  The finished process."""
    argv = [mpy_cross, "-s", name, "-o", target, local]
    if arch:
        argv.insert(1, "-march=" + arch)
    return subprocess.run(argv, capture_output=True, text=True, timeout=60)
