"""What only the start needs: find the board module, and the sentence
said when its display or buttons do not open.

`boot` loads this module before the match and lets it go once the board
is found, so its code takes none of the heap a match has; it comes back
only when a start fails.
"""

import os
import sys


def _board_stems(folder):
    """Module names in a boards folder (no __init__); [] when there is none."""
    try:
        files = os.listdir(folder)
    except OSError:
        return []
    found = []
    for f in files:
        stem = f.rsplit(".", 1)[0]
        if f[0] == ".":  # hidden: a Mac's "._thumby.py" beside the real one, an editor's backup
            continue
        if stem != "__init__" and (f.endswith(".py") or f.endswith(".mpy")) and stem not in found:
            found.append(stem)
    return found


def _import_board(name):
    """boards.<name>, or None when that module is not there at all.
    Raises ImportError with a sentence for one that is there but does not
    load (cut short on the drive, a library or the core missing)."""
    try:
        return __import__("boards." + name, None, None, ("NAME",))
    except ImportError as e:
        why = str(e)
        if "'boards." + name + "'" in why or "'boards'" in why:  # the board module itself is not there
            return None
        raise ImportError("boards/%s cannot load: %s" % (name, why)) from None
    except Exception as e:  # noqa: BLE001 - a broken file must be a sentence, never a traceback
        raise ImportError("boards/%s cannot load: %s %s" % (name, type(e).__name__, e)) from None


def find_board(name=None):
    """The board module: by name, or the only one in a boards folder.
    Looks in the current folder (what `sixtysix deploy` writes), then on
    sys.path (/lib after a mip install), then among frozen modules (a
    custom firmware image: the board listed in boards.BOARDS that is
    there).  Raises ImportError with a sentence, also for a board module
    that is there but does not load (cut short on the drive, a library
    missing, a frozen one whose core a folder on the drive hides)."""
    if name is None:
        found = _board_stems("boards")
        for entry in sys.path:
            if found:
                break
            if entry and entry[0] == "/":
                found = _board_stems(entry.rstrip("/") + "/boards")
        if not found:
            known: tuple = ()
            try:
                from boards import BOARDS as known
            except ImportError:
                pass
            for stem in known:
                if _import_board(stem) is not None:
                    found.append(stem)
        if len(found) != 1:
            raise ImportError(
                "put exactly one board module in /boards (found %s)" % (", ".join(found) if found else "none")
            )
        name = found[0]
    board = _import_board(name)
    if board is None:
        raise ImportError("no board module named '%s'" % name)
    return board


def say_on_panel(c, line: str) -> None:
    """`line` (a start failure) on an open panel, as many words as fit;
    a panel that fails too is left as it is."""
    from .canvas import BG, FG
    from .ui import wrap

    try:
        c.fill(BG)
        y = 0
        for row in wrap(line, c.width // c.char_w):
            if y + c.char_h > c.height:
                break
            c.text(row, 0, y, FG)
            y += c.char_h
        c.show()
    except Exception:  # noqa: BLE001 - the console line is already out
        pass


def start_failure(board, exc, missing: bool) -> str:
    """The line said when a board's display or buttons do not start: a
    missing library names itself, one made for another version (`missing`:
    boot.missing_module) says so, a heap too small for the panel's buffer
    too; anything else points at the wiring."""
    name = getattr(board, "__name__", "board").split(".")[-1]
    if isinstance(exc, ImportError):
        return "sixtysix: %s cannot start: %s" % (name, exc)
    if isinstance(exc, MemoryError):
        return "sixtysix: not enough memory to open the display of %s: press reset to try again" % name
    if missing:
        return (
            "sixtysix: %s cannot start: a module on the board is cut short or made for another version "
            "(%s: %s): copy it again (a library on CircuitPython: circup update)"
            % (name, type(exc).__name__, exc)
        )
    why = "%s %s" % (type(exc).__name__, exc)
    return (
        "sixtysix: the display or buttons of %s did not start (%s): check the wiring against boards/%s.py"
        % (name, why, name)
    )
