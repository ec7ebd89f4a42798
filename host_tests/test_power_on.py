"""What a board does at power-on, before the game's first screen, run on
the MicroPython unix port: firmware/main.py (or the deploy's start file)
finds the one board module, in /boards, in /lib after a mip install or
frozen in the image, and every way that can fail (a board module that
does not load, two of them, a firmware copied in part or cut short) is
one line that says what to do, never a traceback."""

import os
import shutil
import subprocess

import pytest
from conftest import ROOT
from sixtysix_tools.firmware_files import MAIN_SOURCE


def test_find_board_looks_in_lib_after_a_mip_install(tmp_path, micropython):
    lib_boards = tmp_path / "lib" / "boards"
    lib_boards.mkdir(parents=True)
    with open(os.path.join(ROOT, "boards", "thumby.py")) as f:
        (lib_boards / "thumby.py").write_text(f.read())
    (lib_boards / "__init__.py").write_text("BOARDS = ('thumby',)\n")
    script = (
        "import sys; sys.path[:] = [%r, %r]\n"
        "from sixtysix_app.start import find_board\n"
        "print(find_board().NAME)\n" % (str(tmp_path / "lib"), os.path.join(ROOT, "firmware"))
    )
    done = subprocess.run(
        [micropython, "-c", script], cwd=str(tmp_path), capture_output=True, text=True, timeout=60
    )
    assert done.stdout.strip() == "TinyCircuits Thumby", done.stdout + done.stderr


def test_two_board_modules_are_named_at_power_on(tmp_path, micropython):
    """Switching boards through mip leaves two board modules; the line
    said how many, not which, so the user could not tell what to remove."""
    lib_boards = tmp_path / "lib" / "boards"
    lib_boards.mkdir(parents=True)
    for name in ("thumby", "oled_128x64"):
        shutil.copy(os.path.join(ROOT, "boards", name + ".py"), lib_boards / (name + ".py"))
    script = "import sys; sys.path[:] = [%r, %r]\nfrom sixtysix_app.boot import boot\nboot()\n" % (
        str(tmp_path / "lib"),
        os.path.join(ROOT, "firmware"),
    )
    done = subprocess.run(
        [micropython, "-c", script], cwd=str(tmp_path), capture_output=True, text=True, timeout=60
    )
    out = done.stdout.strip()
    assert out.startswith("sixtysix: put exactly one board module in /boards (found "), (
        done.stdout + done.stderr
    )
    assert "thumby" in out and "oled_128x64" in out and "Traceback" not in done.stderr


MAIN = os.path.join(ROOT, "firmware", "main.py")


def run_main(micropython, cwd, firmware, after="", first=("",)):
    """firmware/main.py as a board runs it at power-on, from cwd, with
    sys.path the entries `first` and then `firmware`; `after`, a line of
    code run once main.py returns."""
    path = list(first) + [firmware]
    script = "import sys; sys.path[:] = %r\nexec(open(%r).read())\n%s\n" % (path, MAIN, after)
    return subprocess.run(
        [micropython, "-c", script], cwd=str(cwd), capture_output=True, text=True, timeout=60
    )


@pytest.mark.parametrize(
    "board_text,expected",
    [
        ("import gc\nNAME = 'cut short\n", "sixtysix: boards/thumby cannot load: SyntaxError"),
        ("raise OSError(19)\n", "sixtysix: boards/thumby cannot load: OSError"),
        (
            "import not_a_library_here\n",
            "sixtysix: boards/thumby cannot load: no module named 'not_a_library_here'",
        ),
    ],
)
def test_a_board_module_that_does_not_load_is_one_line_at_power_on(
    tmp_path, micropython, board_text, expected
):
    (tmp_path / "boards").mkdir()
    (tmp_path / "boards" / "__init__.py").write_text("BOARDS = ('thumby',)\n")
    (tmp_path / "boards" / "thumby.py").write_text(board_text)
    done = run_main(micropython, tmp_path, os.path.join(ROOT, "firmware"))
    assert done.returncode == 0 and "Traceback" not in done.stdout + done.stderr, done.stdout + done.stderr
    assert done.stdout.splitlines() == [done.stdout.strip()] and done.stdout.startswith(expected), done.stdout


def test_a_hidden_file_beside_the_board_module_is_not_a_second_board(tmp_path, micropython):
    # A Mac writes "._thumby.py" beside a file copied onto a FAT drive.
    (tmp_path / "boards").mkdir()
    with open(os.path.join(ROOT, "boards", "thumby.py")) as f:
        (tmp_path / "boards" / "thumby.py").write_text(f.read())
    (tmp_path / "boards" / "._thumby.py").write_bytes(b"\x00\x05\x16\x07\x00\x02\x00\x00Mac OS X")
    (tmp_path / "boards" / "__init__.py").write_text("BOARDS = ('thumby',)\n")
    script = (
        "import sys; sys.path[:] = ['', %r]\n"
        "from sixtysix_app.start import find_board\n"
        "print(find_board().NAME)\n" % os.path.join(ROOT, "firmware")
    )
    done = subprocess.run(
        [micropython, "-c", script], cwd=str(tmp_path), capture_output=True, text=True, timeout=60
    )
    assert done.stdout.strip() == "TinyCircuits Thumby", done.stdout + done.stderr


def find_board_in(tmp_path, micropython, call="find_board().NAME"):
    """What find_board says from tmp_path (the board's current folder),
    with the firmware's source on sys.path after it: `call`'s value, or
    the sentence of the ImportError it raised."""
    script = (
        "import sys; sys.path[:] = ['', %r]\n"
        "from sixtysix_app.start import find_board\n"
        "try:\n"
        "    print(%s)\n"
        "except ImportError as e:\n"
        "    print(e)\n" % (os.path.join(ROOT, "firmware"), call)
    )
    done = subprocess.run(
        [micropython, "-c", script], cwd=str(tmp_path), capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0 and not done.stderr, done.stdout + done.stderr
    return done.stdout.strip()


def test_a_board_module_compiled_beside_its_source_is_one_board(tmp_path, micropython):
    """thumby.py and thumby.mpy (a deploy over a copy by hand) are one
    board, not two to choose from."""
    (tmp_path / "boards").mkdir()
    shutil.copy(os.path.join(ROOT, "boards", "thumby.py"), tmp_path / "boards" / "thumby.py")
    (tmp_path / "boards" / "thumby.mpy").write_bytes(b"M\x06\x00\x1f")  # the .py wins at import
    assert find_board_in(tmp_path, micropython) == "TinyCircuits Thumby"


def test_no_board_module_anywhere_is_said(tmp_path, micropython):
    """An empty boards folder, and none at all: the sentence, not an
    IndexError's traceback."""
    assert find_board_in(tmp_path, micropython) == "put exactly one board module in /boards (found none)"
    (tmp_path / "boards").mkdir()
    (tmp_path / "boards" / "__init__.py").write_text("BOARDS = ('thumby',)\n")
    assert find_board_in(tmp_path, micropython) == "put exactly one board module in /boards (found none)"


def test_a_board_named_where_there_is_no_boards_folder_is_said_missing(tmp_path, micropython):
    """boot('thumby') with no boards package at all: that board is not
    there, rather than "cannot load" as if it were there and broken."""
    assert find_board_in(tmp_path, micropython, "find_board('thumby')") == "no board module named 'thumby'"


def test_firmware_copied_without_its_core_says_so_at_power_on(tmp_path, micropython):
    lib = tmp_path / "lib"
    shutil.copytree(os.path.join(ROOT, "firmware", "sixtysix_app"), lib / "sixtysix_app")
    (tmp_path / "boards").mkdir()
    with open(os.path.join(ROOT, "boards", "thumby.py")) as f:
        (tmp_path / "boards" / "thumby.py").write_text(f.read())
    done = run_main(micropython, tmp_path, str(lib))
    out = done.stdout + done.stderr
    assert "Traceback" not in out and "no board module" not in out, out
    assert out.strip() == "sixtysix: boards/thumby cannot load: no module named 'sixtysix'", out
    empty = tmp_path / "empty"
    empty.mkdir()
    done = run_main(micropython, empty, str(empty))
    out = done.stdout + done.stderr
    assert out.startswith("sixtysix: the firmware is incomplete") and "Traceback" not in out, out


def firmware_tree(root):
    """The firmware as source files laid out as a deploy leaves a board,
    with the Thumby's module (which loads on the unix port; its panel
    then does not open)."""
    for package in ("sixtysix", "sixtysix_app"):
        shutil.copytree(os.path.join(ROOT, "firmware", package), root / package)
    (root / "boards").mkdir()
    shutil.copy(os.path.join(ROOT, "boards", "thumby.py"), root / "boards" / "thumby.py")


@pytest.mark.parametrize(
    "damage,why",
    [
        (lambda root: (root / "sixtysix_app" / "boot.py").unlink(), "ImportError"),
        (lambda root: (root / "sixtysix_app" / "app.py").unlink(), "ImportError"),
        (lambda root: (root / "sixtysix_app" / "start.py").unlink(), "ImportError"),
        (lambda root: (root / "sixtysix" / "rules.py").unlink(), "ImportError"),
        (
            lambda root: (root / "sixtysix_app" / "boot.py").write_text("import gc\ndef boot(:\n"),
            "SyntaxError",
        ),
        (
            lambda root: (root / "sixtysix_app" / "save.py").write_text("import gc\nclass Store(\n"),
            "SyntaxError",
        ),
        (
            lambda root: (root / "sixtysix_app" / "start.py").write_text("import os\ndef find_board(\n"),
            "SyntaxError",
        ),
    ],
)
@pytest.mark.parametrize("start", ["firmware/main.py", "deploy"])
def test_a_firmware_cut_short_is_one_line_at_power_on(tmp_path, micropython, damage, why, start):
    """A module missing or cut short, before or after the board module
    loaded, is one line from either start file: the deploy's main.py was
    unguarded, and firmware/main.py's guard took only an ImportError and
    only from sixtysix_app.boot."""
    firmware_tree(tmp_path)
    damage(tmp_path)
    if start == "deploy":
        (tmp_path / "main.py").write_text(MAIN_SOURCE)
        script = "import sys; sys.path[:] = ['']\nexec(open('main.py').read())\n"
        done = subprocess.run(
            [micropython, "-c", script], cwd=str(tmp_path), capture_output=True, text=True, timeout=60
        )
    else:
        done = run_main(micropython, tmp_path, str(tmp_path))
    out = done.stdout + done.stderr
    assert done.returncode == 0 and "Traceback" not in out, out
    assert out.strip().startswith("sixtysix: the firmware is incomplete, or for another version (%s" % why), (
        out
    )
    assert out.strip().endswith("copy it again") and len(out.strip().splitlines()) == 1, out


def test_a_start_module_that_does_not_load_again_after_a_panel_failed_is_one_line(tmp_path, micropython):
    """boot lets `start` go before the match and loads it again only to say
    why a panel did not open; that second load can fail like any import
    (cut short, or out of memory), and it is one line then too, not a
    traceback.  Here the board cuts start.py short before failing."""
    firmware_tree(tmp_path)
    (tmp_path / "boards" / "thumby.py").write_text(
        "NAME = 'thumby'\n"
        "def open_canvas():\n"
        "    with open('sixtysix_app/start.py', 'w') as f:\n"
        "        f.write('import os\\ndef find_board(\\n')\n"
        "    raise ValueError('no panel')\n"
    )
    done = run_main(micropython, tmp_path, str(tmp_path))
    out = done.stdout + done.stderr
    assert done.returncode == 0 and "Traceback" not in out, out
    assert out.strip().startswith(
        "sixtysix: the firmware is incomplete, or for another version (SyntaxError"
    ), out
    assert len(out.strip().splitlines()) == 1, out


def test_the_start_module_is_let_go_of_before_the_match(tmp_path, micropython):
    """`start` (finding the board, the start's sentences) held about 1 KB
    of the heap for the whole match; boot forgets it once the board is
    found, and loads it again only to say why a panel did not open."""
    (tmp_path / "boards").mkdir()
    (tmp_path / "boards" / "fake.py").write_text(
        "import sys\n"
        "NAME = 'fake'\n"
        "def open_canvas():\n"
        "    print('start loaded:', 'sixtysix_app.start' in sys.modules,"
        " hasattr(sys.modules['sixtysix_app'], 'start'))\n"
        "    raise ValueError('no panel')\n"
    )
    done = run_main(micropython, tmp_path, os.path.join(ROOT, "firmware"))
    out = done.stdout + done.stderr
    assert "Traceback" not in out, out
    lines = out.strip().splitlines()
    assert lines[0] == "start loaded: False False", out
    assert lines[1:] == [
        "sixtysix: the display or buttons of fake did not start (ValueError no panel): "
        "check the wiring against boards/fake.py"
    ], out


def test_the_deploys_start_file_is_the_guard_of_firmware_main():
    """One start file for every route: a deploy writes the guard that ends
    firmware/main.py (mip and frozen images start from that file)."""
    with open(MAIN) as f:
        assert f.read().endswith(MAIN_SOURCE)
    compile(MAIN_SOURCE, "main.py", "exec")


def test_a_frozen_firmware_starts_beside_its_save_folder(tmp_path, micropython):
    """A frozen image searches '' before its frozen modules, and its saves
    go to the folder `sixtysix`: from the second start on, that folder was
    imported as the package, the frozen board module could not import the
    core, and the emulated Pico said "put exactly one board module in
    /boards (found 0)".  Here the firmware stands after '' as the frozen
    modules do, and the board module raises once the core has loaded."""
    (tmp_path / "sixtysix").mkdir()
    (tmp_path / "sixtysix" / "stats.sav").write_text("stats 1\n")
    (tmp_path / "boards").mkdir()
    (tmp_path / "boards" / "__init__.py").write_text("BOARDS = ('thumby',)\n")
    (tmp_path / "boards" / "thumby.py").write_text("import sixtysix.compat\nraise OSError(19)\n")
    done = run_main(micropython, tmp_path, os.path.join(ROOT, "firmware"))
    out = done.stdout + done.stderr
    assert "Traceback" not in out and "the firmware is incomplete" not in out, out
    assert out.strip().startswith("sixtysix: boards/thumby cannot load: OSError"), out
    assert (tmp_path / "sixtysix" / "stats.sav").read_text() == "stats 1\n"


def run_main_frozen(micropython, cwd, board_text):
    """main.py with the board package in `frozen`, a relative entry of
    sys.path: find_board does not look there for a boards folder, so it
    takes the board from boards.BOARDS as it does on a frozen image."""
    (cwd / "frozen" / "boards").mkdir(parents=True)
    (cwd / "frozen" / "boards" / "__init__.py").write_text("BOARDS = ('oled_128x64', 'thumby')\n")
    (cwd / "frozen" / "boards" / "thumby.py").write_text(board_text)
    return run_main(micropython, cwd, os.path.join(ROOT, "firmware"), first=("", "frozen"))


def test_a_frozen_board_module_is_found_among_the_listed_ones(tmp_path, micropython):
    with open(os.path.join(ROOT, "boards", "thumby.py")) as f:
        thumby = f.read()
    done = run_main_frozen(micropython, tmp_path, thumby + "\nprint('board', NAME)\n")
    out = done.stdout + done.stderr
    # The board loaded (oled_128x64, listed and absent, skipped) and the app
    # went on to open its panel, which this port has not got.
    assert out.startswith("board TinyCircuits Thumby\n") and "Traceback" not in out, out


def test_a_frozen_board_module_that_does_not_load_is_named(tmp_path, micropython):
    """Listed frozen board modules that failed to import were all taken
    for absent: a frozen board whose library was missing said "put exactly
    one board module in /boards (found 0)", as if there were none."""
    done = run_main_frozen(micropython, tmp_path, "import not_a_library_here\n")
    out = done.stdout + done.stderr
    assert "Traceback" not in out, out
    assert out.strip() == "sixtysix: boards/thumby cannot load: no module named 'not_a_library_here'", out


def assert_the_current_folder_is_first(tmp_path, micropython):
    """A board module on the drive that fails to load: main.py reports it
    (so the drive's copy was the one found) and '' is first on sys.path."""
    (tmp_path / "boards").mkdir()
    (tmp_path / "boards" / "__init__.py").write_text("BOARDS = ('thumby',)\n")
    (tmp_path / "boards" / "thumby.py").write_text("raise OSError(19)\n")
    done = run_main(micropython, tmp_path, os.path.join(ROOT, "firmware"), "print(sys.path[0] == '')")
    lines = done.stdout.strip().splitlines()
    assert lines[-1] == "True" and lines[0].startswith("sixtysix: boards/thumby cannot load"), done.stdout


def test_firmware_files_in_the_current_folder_are_still_searched_first(tmp_path, micropython):
    """Only a `sixtysix` folder without the package's __init__ moves ''
    to the end: copied files (a deploy) still win over anything frozen."""
    shutil.copytree(os.path.join(ROOT, "firmware", "sixtysix"), tmp_path / "sixtysix")
    assert_the_current_folder_is_first(tmp_path, micropython)


def test_with_no_sixtysix_folder_at_all_the_current_folder_stays_first(tmp_path, micropython):
    """Before a frozen image's first save (or after a mip install) there is
    no `sixtysix` folder: nothing can hide the package, so '' keeps its
    place and a board module copied to the drive is still found before a
    frozen one.  A mutation audit found this case unchecked."""
    assert_the_current_folder_is_first(tmp_path, micropython)
