"""`sixtysix boards`: write what names a board from the board modules.

A board is described in one file, boards/NAME.py (the names it exports are
listed in boards/__init__.py).  Everything else that names a board is
written from those modules by this command:

    boards/__init__.py          its BOARDS tuple: every board module, sorted
    boards/NAME.json            the mip package of a MicroPython board
    manifests/NAME/manifest.py  its manifest for a frozen firmware image

`sixtysix boards` rewrites the files that are stale, writes the missing
ones and removes those left from a board that is gone; `--check` changes
nothing and names each of them in one line, exiting with status 1.  A board
module that does not import, or does not export every name of the
contract in boards/__init__.py with its type (`contract_problem`), is named
in one line as well, and then nothing is written; the other host tools
(`sim`, `deploy`) refuse such a board in the same words, before a board
would stop on it with a traceback.
The tests run the check, so a board added without running the command
fails them with the command to run.

The board list the host tools and the tests go through is boards.BOARDS;
`boards_for(port)` narrows it to one runtime.
"""

from __future__ import annotations

import ast
import importlib
import importlib.util
import json
import os
import sys

COMMAND = "sixtysix boards"
# The packages of every board's firmware: a manifest freezes them and a
# deploy copies them (firmware_files.py).
FIRMWARE_PACKAGES = ("sixtysix", "sixtysix_app")
PORTS = ("micropython", "circuitpython")
RUFF_LINE_LENGTH = 88  # ruff's own default, where pyproject.toml sets none

# E501 is off in the manifest: its comments hold the board's name, however long.
MANIFEST = """\
# Written from boards/{name}.py by `{command}`: change the board module and run that again.
# Freeze pocket Sixty-Six for the {name} board into a MicroPython image ({port} port):
#   make -C ports/{port} BOARD={board} FROZEN_MANIFEST=/path/to/REPO/manifests/{name}/manifest.py
# typed in a MicroPython checkout, REPO being this clone (the path must be
# absolute; paths below are relative to this file).  Frozen
# modules run from flash, so the game's code takes no RAM to load.  Our panel
# and button drivers are our own, so nothing comes from micropython-lib.
# ruff: noqa: F821, E501 - package(), include() and metadata() come from MicroPython's manifest tool

metadata(description="Pocket Sixty-Six for {name}", version="{version}")

include("$(PORT_DIR)/boards/manifest.py")  # keep what the port freezes by default

{packages}package("boards", files=("__init__.py", "{name}.py"), base_path="../..")
"""


class BoardError(Exception):
    """A board module or a project file the board files cannot be written
    from; the message is one line that names the file."""


# ---- the registry, for the host tools and the tests ------------------------------------


def boards_for(port: str) -> tuple:
    """The names in boards.BOARDS whose module runs on `port`
    ("micropython" or "circuitpython"), in BOARDS order."""
    from boards import BOARDS

    return tuple(name for name in BOARDS if importlib.import_module("boards." + name).PORT == port)


def unknown_board(name: str, root: str | None = None) -> str:
    """The sentence for a board name that is not in boards.BOARDS: the
    valid names, and the command to run when boards/NAME.py is new."""
    from boards import BOARDS

    text = "unknown board '%s'; the boards are: %s" % (name, ", ".join(BOARDS))
    path = os.path.join(root or default_root(), "boards", name + ".py")
    if name.isidentifier() and not name.startswith("_") and os.path.isfile(path):
        text += " (boards/%s.py is new: run `%s` to list it)" % (name, COMMAND)
    return text


# ---- reading the board modules ------------------------------------------------------


def default_root() -> str:
    """The clone the imported boards package belongs to."""
    package = importlib.import_module("boards")
    return os.path.dirname(os.path.dirname(os.path.abspath(package.__file__ or "")))


def project_settings(root: str) -> tuple[str, int]:
    """The project's version and ruff's line length, from pyproject.toml."""
    import tomllib

    path = os.path.join(root, "pyproject.toml")
    try:
        with open(path, "rb") as f:
            settings = tomllib.load(f)
    except OSError as e:
        raise BoardError(
            "%s: %s (the command works in a clone of the project: give --root)" % (path, e.strerror)
        ) from None
    except tomllib.TOMLDecodeError as e:
        raise BoardError("%s does not parse: %s" % (path, e)) from None
    try:
        version = settings.get("project", {}).get("version")
        line_length = settings.get("tool", {}).get("ruff", {}).get("line-length", RUFF_LINE_LENGTH)
    except AttributeError:  # `project = 3` and the like
        version = line_length = None
    if not isinstance(version, str) or not isinstance(line_length, int):
        raise BoardError("%s: no [project] version, or a [tool.ruff] line-length that is no number" % path)
    return version, line_length


def board_stems(root: str) -> list[str]:
    """The board modules in root/boards, by name, sorted: every .py file
    but __init__.py."""
    folder = os.path.join(root, "boards")
    try:
        files = os.listdir(folder)
    except OSError as e:
        raise BoardError("%s: %s" % (folder, e.strerror)) from None
    stems = sorted(f[:-3] for f in files if f.endswith(".py") and f != "__init__.py")
    for stem in stems:
        if not stem.isidentifier() or stem.startswith("_"):
            raise BoardError(
                "boards/%s.py: a board module's name must be a Python name that does not start "
                "with '_' (letters, digits and '_')" % stem
            )
    return stems


def load_board(root: str, stem: str):
    """boards/STEM.py of root, run as a module of its own (not put into
    sys.modules); BoardError when it does not import."""
    path = os.path.join(root, "boards", stem + ".py")
    spec = importlib.util.spec_from_file_location("boards." + stem, path)
    if spec is None or spec.loader is None:
        raise BoardError("boards/%s.py: cannot be loaded as a module" % stem)
    module = importlib.util.module_from_spec(spec)
    try:
        spec.loader.exec_module(module)
    except Exception as e:
        raise BoardError(_does_not_import(stem, e)) from None
    return module


def import_board(name: str):
    """The board module boards.NAME as the tools use it; BoardError, never a
    traceback, for a name boards.BOARDS does not list or a module that
    does not import."""
    from boards import BOARDS

    if name not in BOARDS:
        raise BoardError(unknown_board(name))
    try:
        board = importlib.import_module("boards." + name)
    except Exception as e:
        raise BoardError(_does_not_import(name, e)) from None
    problem = contract_problem(name, board)
    if problem:
        raise BoardError(problem)
    return board


# The names every board module exports, with their types (boards/__init__.py
# says what each means).
CONTRACT = (
    ("NAME", str),
    ("PORT", str),
    ("ARCH", str),
    ("FIRMWARE", tuple),
    ("WIDTH", int),
    ("HEIGHT", int),
    ("PIXEL_UM", int),
    ("MONO", bool),
    ("FONT", str),
    ("SCALE", int),
    ("FACE", tuple),
    ("BUTTONS", tuple),
    ("KEYMAP", tuple),
    ("PINS", tuple),
    ("SAVE_DIR", str),
)
FUNCTIONS = ("open_canvas", "open_buttons")
FONTS = ("small", "normal")


def other_board_imported(board) -> str:
    """The other board module `board`'s source imports ("" for none): a
    board gets only its own module, so such an import works on the host
    and fails on the board."""
    try:
        with open(board.__file__, encoding="utf-8") as f:
            tree = ast.parse(f.read())
        folder = os.path.dirname(board.__file__)
        others = {f[:-3] for f in os.listdir(folder) if f.endswith(".py") and f != "__init__.py"}
    except (AttributeError, TypeError, OSError, SyntaxError, UnicodeDecodeError, ValueError):
        return ""
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names = [node.module] + [node.module + "." + a.name for a in node.names]
        elif isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        else:
            continue
        for name in names:
            package, _, module = name.partition(".")
            if package == "boards" and module in others:
                return name
    return ""


def contract_problem(stem: str, board) -> str:
    """The first way board module `board` breaks the contract of
    boards/__init__.py, as a sentence; "" when it keeps it.  What the app
    reads at start: a name missing or of another type, a key map of
    another length than the buttons, a font or scale the app does not
    draw; and an import of another board's module, which a board does
    not get."""
    where = "boards/%s.py" % stem
    other = other_board_imported(board)
    if other:
        return (
            "%s: it imports %s, which a board does not get (a deploy copies only its own board "
            "module): copy what it needs into %s.py instead" % (where, other, stem)
        )
    for name, kind in CONTRACT:
        if not hasattr(board, name):
            return "%s: it must export %s (see boards/__init__.py)" % (where, name)
        value = getattr(board, name)
        if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
            return "%s: %s must be a %s, not %r" % (where, name, kind.__name__, value)
    for name in FUNCTIONS:
        if not callable(getattr(board, name, None)):
            return "%s: it must define %s() (see boards/__init__.py)" % (where, name)
    if board.WIDTH <= 0 or board.HEIGHT <= 0 or board.PIXEL_UM <= 0:
        return "%s: WIDTH, HEIGHT and PIXEL_UM must be above 0" % where
    if board.FONT not in FONTS or board.SCALE not in (1, 2):
        return "%s: FONT must be %s and SCALE 1 or 2, not %r and %r" % (
            where,
            " or ".join(repr(f) for f in FONTS),
            board.FONT,
            board.SCALE,
        )
    face = board.FACE
    if not (len(face) == 2 and (face[0] in FONTS and face[1] in (1, 2, 3) or face == ("card", 1))):
        return '%s: FACE must be (FONT, 1, 2 or 3) or ("card", 1), not %r' % (where, face)
    if not board.BUTTONS or len(board.KEYMAP) != len(board.BUTTONS):
        return "%s: KEYMAP must hold one (short, long) pair for each of the %d BUTTONS, not %d" % (
            where,
            len(board.BUTTONS),
            len(board.KEYMAP),
        )
    for pair in board.KEYMAP:
        if not (isinstance(pair, tuple) and len(pair) == 2 and all(type(e) is int for e in pair)):
            return "%s: each KEYMAP entry must be a (short, long) pair of events, not %r" % (where, pair)
    if not board.SAVE_DIR.startswith("/"):
        return "%s: SAVE_DIR must be a folder from the drive's root, such as '/sixtysix', not %r" % (
            where,
            board.SAVE_DIR,
        )
    return ""


def _does_not_import(stem: str, e: Exception) -> str:
    detail = str(e).replace("\n", " ").strip()
    return "boards/%s.py does not import: %s%s" % (stem, type(e).__name__, ": " + detail if detail else "")


def port_of(stem: str, board) -> str:
    port = getattr(board, "PORT", None)
    if port not in PORTS:
        raise BoardError(
            "boards/%s.py: PORT must be %s, not %r" % (stem, " or ".join(repr(p) for p in PORTS), port)
        )
    return port


def firmware_of(stem: str, board) -> tuple[str, str]:
    """A MicroPython board's (port, board) for the manifest's make line."""
    firmware = getattr(board, "FIRMWARE", None)
    if (
        not isinstance(firmware, tuple)
        or len(firmware) != 2
        or not all(
            isinstance(part, str) and part and part.isprintable() and " " not in part for part in firmware
        )
    ):
        raise BoardError(
            "boards/%s.py: FIRMWARE must name MicroPython's port and board, "
            'such as ("rp2", "RPI_PICO"), not %r' % (stem, firmware)
        )
    return firmware


# ---- the files written from them ----------------------------------------------------


def boards_assignment(stems: list[str], line_length: int) -> str:
    """`BOARDS = (...)` as ruff format writes it."""
    quoted = ['"%s"' % stem for stem in stems]
    one_line = "BOARDS = (%s)" % ", ".join(quoted) if len(stems) != 1 else "BOARDS = (%s,)" % quoted[0]
    if len(one_line) <= line_length:
        return one_line + "\n"
    return "BOARDS = (\n" + "".join("    %s,\n" % q for q in quoted) + ")\n"


def init_text(root: str, stems: list[str], line_length: int) -> str:
    """boards/__init__.py with its BOARDS assignment written from stems."""
    path = os.path.join(root, "boards", "__init__.py")
    try:
        with open(path, encoding="utf-8") as f:
            text = f.read()
        tree = ast.parse(text, path)
    except OSError as e:
        raise BoardError("boards/__init__.py: %s" % e.strerror) from None
    except (SyntaxError, ValueError) as e:
        raise BoardError("boards/__init__.py does not parse: %s" % e) from None
    spans = [
        (node.lineno, node.end_lineno or node.lineno)
        for node in tree.body
        if isinstance(node, ast.Assign) and [getattr(t, "id", None) for t in node.targets] == ["BOARDS"]
    ]
    if len(spans) != 1:
        raise BoardError("boards/__init__.py: no single `BOARDS = (...)` line to write the board list into")
    first, last = spans[0]
    lines = text.splitlines(keepends=True)
    return "".join(lines[: first - 1]) + boards_assignment(stems, line_length) + "".join(lines[last:])


def mip_package(name: str, version: str) -> str:
    """boards/NAME.json; mip resolves its URLs against the json's own folder."""
    package = {
        "urls": [["boards/__init__.py", "__init__.py"], ["boards/%s.py" % name, name + ".py"]],
        "deps": [],
        "version": version,
    }
    return json.dumps(package, indent=2) + "\n"


def manifest(name: str, firmware: tuple[str, str], version: str) -> str:
    packages = "".join('package("%s", base_path="../../firmware")\n' % p for p in FIRMWARE_PACKAGES)
    port, board = firmware
    return MANIFEST.format(
        name=name, command=COMMAND, port=port, board=board, version=version, packages=packages
    )


def expected_files(root: str) -> dict[str, str]:
    """{path relative to root: text} of every file written from the board
    modules; BoardError for the first board it cannot be written from."""
    version, line_length = project_settings(root)
    stems = board_stems(root)
    files = {"boards/__init__.py": init_text(root, stems, line_length)}
    for stem in stems:
        board = load_board(root, stem)
        port = port_of(stem, board)
        firmware = firmware_of(stem, board) if port == "micropython" else None
        problem = contract_problem(stem, board)
        if problem:
            raise BoardError(problem)
        if firmware is None:
            continue
        files["boards/%s.json" % stem] = mip_package(stem, version)
        files["manifests/%s/manifest.py" % stem] = manifest(stem, firmware, version)
    return files


def leftover_files(root: str, expected: dict[str, str]) -> list[str]:
    """Board files (boards/*.json, manifests/*/) of no MicroPython board."""
    found = []
    for f in sorted(os.listdir(os.path.join(root, "boards"))):
        if f.endswith(".json") and "boards/" + f not in expected:
            found.append("boards/" + f)
    manifests = os.path.join(root, "manifests")
    if os.path.isdir(manifests):
        for entry in sorted(os.listdir(manifests)):
            path = "manifests/%s/manifest.py" % entry
            if path not in expected:
                found.append(path if os.path.isfile(os.path.join(root, path)) else "manifests/" + entry)
    return found


def read_text(path: str) -> str | None:
    try:
        with open(path, encoding="utf-8", newline="") as f:
            return f.read()
    except (OSError, UnicodeDecodeError):
        return None


def stale_files(root: str, expected: dict[str, str]) -> list[tuple[str, str]]:
    """(path, "stale" or "missing") of each expected file that is not as
    written from the board modules."""
    found = []
    for path, text in expected.items():
        current = read_text(os.path.join(root, path))
        if current != text:
            found.append((path, "missing" if current is None else "stale"))
    return found


def check(root: str) -> list[str]:
    """One line per file that is not as `sixtysix boards` would write it."""
    expected = expected_files(root)
    lines = []
    for path, state in stale_files(root, expected):
        if path == "boards/__init__.py":
            lines.append("boards/__init__.py: BOARDS does not list the board modules in boards/")
        else:
            lines.append("%s is %s" % (path, state))
    for path in leftover_files(root, expected):
        lines.append(
            "%s is left from a board that is gone: there is no MicroPython board boards/%s.py"
            % (path, board_name(path))
        )
    return lines


def board_name(path: str) -> str:
    """The board a generated file belongs to: thumby for boards/thumby.json
    and manifests/thumby/manifest.py."""
    parts = path.split("/")
    return parts[1] if parts[0] == "manifests" else parts[1].rsplit(".", 1)[0]


def write(root: str) -> list[str]:
    """Write the stale and missing files, remove the leftover ones; one line
    per file changed."""
    expected = expected_files(root)
    leftovers = leftover_files(root, expected)
    for path in leftovers:
        if not path.endswith((".json", "/manifest.py")):
            raise BoardError(
                "%s: there is no MicroPython board boards/%s.py, and it is not a file this command "
                "writes: remove it yourself" % (path, board_name(path))
            )
    done = []
    for path, state in stale_files(root, expected):
        full = os.path.join(root, path)
        os.makedirs(os.path.dirname(full), exist_ok=True)
        # Through a temporary file: a write that fails (a full drive) leaves
        # the old file, never an empty one.
        try:
            with open(full + ".tmp", "w", encoding="utf-8", newline="") as f:
                f.write(expected[path])
            os.replace(full + ".tmp", full)
        except OSError:
            if os.path.exists(full + ".tmp"):
                os.remove(full + ".tmp")
            raise
        done.append("%s: %s" % (path, "written" if state == "missing" else "rewritten"))
    for path in leftovers:
        full = os.path.join(root, path)
        os.remove(full)
        folder = os.path.dirname(full)
        if path.startswith("manifests/") and not os.listdir(folder):
            os.rmdir(folder)
        done.append("%s: removed (no MicroPython board boards/%s.py)" % (path, board_name(path)))
    return done


# ---- the command ------------------------------------------------------------------------


def add_arguments(parser) -> None:
    parser.add_argument(
        "--check", action="store_true", help="change nothing; exit 1 naming each file that is stale"
    )
    parser.add_argument("--root", help="the clone to work in (default: the one the boards come from)")
    parser.set_defaults(run=run)


def run(args) -> int:
    root = args.root or default_root()
    try:
        if not os.path.isdir(root):
            raise BoardError("%s: %s" % (root, "not a folder" if os.path.exists(root) else "no such folder"))
        if args.check:
            problems = check(root)
            for line in problems:
                print("%s: %s; run `%s`" % (COMMAND, line, COMMAND), file=sys.stderr)
            return 1 if problems else 0
        for line in write(root):
            print(line)
    except BoardError as e:
        print("%s: %s" % (COMMAND, e), file=sys.stderr)
        return 1
    except OSError as e:
        print("%s: %s: %s" % (COMMAND, e.filename or root, e.strerror or e), file=sys.stderr)
        return 1
    return 0
