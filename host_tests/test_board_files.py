"""`sixtysix boards`: a board is one file, the rest is written from it.

boards/__init__.py's BOARDS, boards/NAME.json and manifests/NAME/manifest.py
come from the board modules.  The first test is the check CI runs on the
clone; the others work on a copy of its board files and show that the
check names every stale, missing and leftover file, that writing makes the
check pass, and that a broken board module is one line, not a traceback.
"""

import os
import shutil
import sys

import pytest
from conftest import ROOT, run_python, snapshot
from sixtysix_tools import board_files
from sixtysix_tools.cli import main

import boards


def test_the_board_files_of_this_clone_are_as_the_board_modules_write_them(capsys):
    status = main(["boards", "--check"])
    err = capsys.readouterr().err
    assert status == 0, err
    assert err == ""


def test_boards_lists_every_board_module_and_nothing_else():
    on_disk = sorted(f[:-3] for f in os.listdir(os.path.join(ROOT, "boards")) if f.endswith(".py"))
    assert list(boards.BOARDS) == [name for name in on_disk if name != "__init__"]


def test_boards_for_splits_the_registry_by_runtime():
    micropython = board_files.boards_for("micropython")
    circuitpython = board_files.boards_for("circuitpython")
    assert sorted(micropython + circuitpython) == sorted(boards.BOARDS)
    assert "thumby" in micropython and "pybadge" in circuitpython


@pytest.fixture
def clone(tmp_path):
    """A copy of the clone's board modules, generated files and pyproject.toml."""
    for folder in ("boards", "manifests"):
        shutil.copytree(os.path.join(ROOT, folder), tmp_path / folder)
    shutil.copy(os.path.join(ROOT, "pyproject.toml"), tmp_path)
    return tmp_path


def check(capsys, root):
    status = main(["boards", "--check", "--root", str(root)])
    out, err = capsys.readouterr()
    assert out == ""
    return status, err.splitlines()


def write(capsys, root):
    status = main(["boards", "--root", str(root)])
    out, err = capsys.readouterr()
    return status, out.splitlines(), err


def test_a_copy_of_the_clone_checks_clean_and_writing_changes_nothing(capsys, clone):
    assert check(capsys, clone) == (0, [])
    before = snapshot(clone)
    assert write(capsys, clone) == (0, [], "")
    assert snapshot(clone) == before


def test_check_names_each_stale_missing_and_leftover_file(capsys, clone):
    shutil.copy(clone / "boards" / "thumby.py", clone / "boards" / "new_board.py")  # a board added
    (clone / "boards" / "t_display.json").write_text("{}\n")  # edited by hand
    os.remove(clone / "manifests" / "pico_display" / "manifest.py")
    (clone / "boards" / "gone.json").write_text("{}\n")  # a board removed, its files left
    os.makedirs(clone / "manifests" / "gone")
    (clone / "manifests" / "gone" / "manifest.py").write_text("# old\n")
    status, lines = check(capsys, clone)
    assert status == 1
    assert all(
        line.startswith("sixtysix boards: ") and line.endswith("; run `sixtysix boards`") for line in lines
    )
    said = "\n".join(lines)
    for text in (
        "boards/__init__.py: BOARDS does not list the board modules",
        "boards/new_board.json is missing",
        "manifests/new_board/manifest.py is missing",
        "boards/t_display.json is stale",
        "manifests/pico_display/manifest.py is missing",
        "boards/gone.json is left from a board that is gone",
        "manifests/gone/manifest.py is left from a board that is gone",
    ):
        assert text in said, said
    assert len(lines) == 7, said

    status, out, err = write(capsys, clone)
    assert status == 0 and err == ""
    assert "boards/gone.json: removed (no MicroPython board boards/gone.py)" in out
    assert "boards/new_board.json: written" in out and "boards/t_display.json: rewritten" in out
    assert check(capsys, clone) == (0, [])
    assert not os.path.exists(clone / "manifests" / "gone")
    assert (clone / "boards" / "new_board.json").read_text() == (
        clone / "boards" / "thumby.json"
    ).read_text().replace("thumby", "new_board")
    manifest = (clone / "manifests" / "new_board" / "manifest.py").read_text()
    assert manifest.startswith("# Written from boards/new_board.py by `sixtysix boards`")
    assert "make -C ports/rp2 BOARD=RPI_PICO" in manifest
    assert 'BOARDS = ("new_board", "oled_128x64",' in (clone / "boards" / "__init__.py").read_text()


def test_the_manifests_make_line_runs_in_a_micropython_checkout():
    # `make -C ports/PORT` is typed in a MicroPython checkout, where $PWD is
    # that checkout, so the manifest's path has to be given as this clone's.
    for name in board_files.boards_for("micropython"):
        with open(os.path.join(ROOT, "manifests", name, "manifest.py"), encoding="utf-8") as f:
            make = next(line for line in f if line.startswith("#   make -C ports/"))
        assert "$PWD" not in make, make
        assert make.rstrip().endswith(" FROZEN_MANIFEST=/path/to/REPO/manifests/%s/manifest.py" % name), make


def test_a_circuitpython_board_gets_no_mip_package_or_manifest(capsys, clone):
    (clone / "boards" / "pybadge.json").write_text("{}\n")
    status, lines = check(capsys, clone)
    assert status == 1 and len(lines) == 1
    assert "boards/pybadge.json is left from a board that is gone: there is no MicroPython board" in lines[0]


def test_the_firmware_names_make_the_manifest(capsys, clone):
    path = clone / "boards" / "t_display.py"
    path.write_text(path.read_text().replace('"ESP32_GENERIC"', '"ESP32_GENERIC_S3"'))
    status, lines = check(capsys, clone)
    assert status == 1 and lines == [
        "sixtysix boards: manifests/t_display/manifest.py is stale; run `sixtysix boards`"
    ]
    write(capsys, clone)
    assert "BOARD=ESP32_GENERIC_S3 " in (clone / "manifests" / "t_display" / "manifest.py").read_text()


def test_a_long_board_list_is_written_as_ruff_format_writes_it(capsys, clone):
    for n in range(8):
        shutil.copy(clone / "boards" / "thumby.py", clone / "boards" / ("another_board_%d.py" % n))
    write(capsys, clone)
    text = (clone / "boards" / "__init__.py").read_text()
    assert 'BOARDS = (\n    "another_board_0",\n' in text and '    "thumby",\n)\n' in text
    assert check(capsys, clone) == (0, [])
    assert board_files.boards_assignment(["solo"], 110) == 'BOARDS = ("solo",)\n'
    # one line when it fits to the last column
    assert board_files.boards_assignment(["solo"], len('BOARDS = ("solo",)')) == 'BOARDS = ("solo",)\n'
    assert (
        board_files.boards_assignment(["solo"], len('BOARDS = ("solo",)') - 1)
        == 'BOARDS = (\n    "solo",\n)\n'
    )


def test_the_board_list_is_written_in_place_keeping_the_lines_around_it(capsys, clone):
    init = clone / "boards" / "__init__.py"
    text = init.read_text().replace("BOARDS = (", "# the list:\nBOARDS = (", 1)
    init.write_text(text + "\n# said after the list\n")
    os.remove(clone / "boards" / "thumby.py")
    os.remove(clone / "boards" / "thumby.json")
    shutil.rmtree(clone / "manifests" / "thumby")
    assert write(capsys, clone)[0] == 0
    assert init.read_text() == text.replace(', "thumby")', ")") + "\n# said after the list\n"


BROKEN = (
    ("import no_such_module\n", "boards/broken.py does not import: ModuleNotFoundError: No module named"),
    ("NAME = 'unclosed\n", "boards/broken.py does not import: SyntaxError: unterminated string literal"),
    ("PORT = 'arduino'\n", "boards/broken.py: PORT must be 'micropython' or 'circuitpython', not 'arduino'"),
    ("PORT = 'micropython'\n", "boards/broken.py: FIRMWARE must name MicroPython's port and board"),
    ("PORT = 'micropython'\nFIRMWARE = ('rp2',)\n", "not ('rp2',)"),
    ("PORT = 'micropython'\nFIRMWARE = ('rp2', 'RPI PICO')\n", "FIRMWARE must name"),
    ("PORT = 'micropython'\nFIRMWARE = ('rp2', '')\n", "not ('rp2', '')"),
    ("PORT = 'micropython'\nFIRMWARE = ('rp2', 'RPI_PICO', 'W')\n", "not ('rp2', 'RPI_PICO', 'W')"),
)


@pytest.mark.parametrize("source,message", BROKEN)
def test_a_broken_board_module_is_one_line_and_nothing_is_written(capsys, clone, source, message):
    (clone / "boards" / "broken.py").write_text(source)
    before = snapshot(clone)
    for argv in (["boards", "--check", "--root", str(clone)], ["boards", "--root", str(clone)]):
        status = main(argv)
        out, err = capsys.readouterr()
        assert status == 1 and out == ""
        assert len(err.splitlines()) == 1 and err.startswith("sixtysix boards: "), err
        assert message in err
    assert snapshot(clone) == before


@pytest.mark.parametrize(
    "change,message",
    [
        ("del KEYMAP\n", "boards/broken.py: it must export KEYMAP (see boards/__init__.py)"),
        ("del SAVE_DIR\n", "it must export SAVE_DIR"),
        ("WIDTH = 128.0\n", "WIDTH must be a int, not 128.0"),
        ("MONO = 1\n", "MONO must be a bool, not 1"),
        ("SCALE = True\n", "SCALE must be a int, not True"),
        ("FONT = 'big'\n", "FONT must be 'small' or 'normal' and SCALE 1 or 2, not 'big' and 1"),
        ("SCALE = 3\n", "and SCALE 1 or 2, not "),
        ("FACE = ('small',)\n", "FACE must be (FONT, 1, 2 or 3)"),
        ("KEYMAP = KEYMAP[:-1]\n", "KEYMAP must hold one (short, long) pair for each of the"),
        ("KEYMAP = KEYMAP[:-1] + ((1,),)\n", "each KEYMAP entry must be a (short, long) pair"),
        ("KEYMAP = KEYMAP[:-1] + ((1, 2, 3),)\n", "each KEYMAP entry must be a (short, long) pair"),
        ("KEYMAP = KEYMAP[:-1] + ((True, 2),)\n", "pair of events, not (True, 2)"),
        ("SAVE_DIR = 'saves'\n", "SAVE_DIR must be a folder from the drive's root"),
        ("del open_buttons\n", "it must define open_buttons()"),
        (
            "from boards.oled_128x64 import WIDTH\n",
            "it imports boards.oled_128x64, which a board does not get",
        ),
        ("import boards.thumby\n", "it imports boards.thumby, which a board does not get"),
        ("from boards import thumby\n", "it imports boards.thumby, which a board does not get"),
        # boards/__init__.py is on every board: its BOARDS may be imported
        ("from boards import BOARDS\nFONT = 'big'\n", "FONT must be 'small' or 'normal'"),
    ],
)
def test_a_board_module_that_breaks_the_contract_is_refused_by_every_tool(
    capsys, clone, monkeypatch, change, message
):
    """A board module without KEYMAP or SAVE_DIR, or with a FONT the app
    does not draw, passed `sixtysix boards` and then stopped on the device
    (and in the simulator) with a traceback."""
    board_text = (clone / "boards" / "thumby.py").read_text()
    (clone / "boards" / "broken.py").write_text(board_text + "\n" + change)
    before = snapshot(clone)
    status = main(["boards", "--root", str(clone)])
    out, err = capsys.readouterr()
    assert status == 1 and out == "" and len(err.splitlines()) == 1 and message in err, err
    assert snapshot(clone) == before
    # sim and deploy load a board through import_board: the same sentence
    monkeypatch.syspath_prepend(str(clone))
    for module in [m for m in sys.modules if m == "boards" or m.startswith("boards.")]:
        monkeypatch.delitem(sys.modules, module)
    (clone / "boards" / "__init__.py").write_text(
        (clone / "boards" / "__init__.py").read_text().replace("BOARDS = (", 'BOARDS = (\n    "broken",', 1)
    )
    with pytest.raises(board_files.BoardError) as caught:
        board_files.import_board("broken")
    assert message in str(caught.value)


def test_a_file_name_that_is_no_module_name_is_refused(capsys, clone):
    shutil.copy(clone / "boards" / "thumby.py", clone / "boards" / "my-board.py")
    status, lines = check(capsys, clone)
    assert status == 1 and len(lines) == 1
    assert "boards/my-board.py: a board module's name must be a Python name" in lines[0]


@pytest.mark.parametrize(
    "spoil,message",
    (
        (lambda root: os.remove(root / "pyproject.toml"), "pyproject.toml: No such file or directory"),
        (lambda root: (root / "pyproject.toml").write_text("[tool.x]\n"), "no [project] version"),
        (lambda root: (root / "pyproject.toml").write_text("[project\n"), "pyproject.toml does not parse"),
        (lambda root: (root / "pyproject.toml").write_text("project = 3\n"), "no [project] version"),
        (lambda root: shutil.rmtree(root / "boards"), "boards: No such file or directory"),
        (
            lambda root: (root / "boards" / "__init__.py").write_text('"""no list"""\n'),
            "boards/__init__.py: no single `BOARDS = (...)` line",
        ),
        (
            lambda root: (
                shutil.rmtree(root / "manifests" / "thumby") or os.makedirs(root / "manifests" / "x" / "y")
            ),
            "manifests/x: there is no MicroPython board boards/x.py",
        ),
    ),
)
def test_a_clone_it_cannot_work_in_is_one_line(capsys, clone, spoil, message):
    spoil(clone)
    status, out, err = write(capsys, clone)
    assert status == 1 and out == []
    assert len(err.splitlines()) == 1 and message in err, err


def test_without_a_ruff_line_length_the_list_is_as_long_as_ruffs_default(tmp_path):
    (tmp_path / "pyproject.toml").write_text('[project]\nversion = "1.2"\n')
    assert board_files.project_settings(str(tmp_path)) == ("1.2", 88)


def test_no_traceback_from_the_command_line(tmp_path):
    done = run_python("-m", "sixtysix_tools.cli", "boards", "--check", "--root", str(tmp_path / "nowhere"))
    assert done.returncode == 1
    assert done.stderr == "sixtysix boards: %s: no such folder\n" % (tmp_path / "nowhere")
    (tmp_path / "file").write_text("")
    done = run_python("-m", "sixtysix_tools.cli", "boards", "--check", "--root", str(tmp_path / "file"))
    assert done.returncode == 1
    assert done.stderr == "sixtysix boards: %s: not a folder\n" % (tmp_path / "file")


def test_an_unknown_board_new_in_boards_says_to_run_the_command(clone):
    assert "is new" not in board_files.unknown_board("new_board", str(clone))
    shutil.copy(clone / "boards" / "thumby.py", clone / "boards" / "new_board.py")
    text = board_files.unknown_board("new_board", str(clone))
    assert text.startswith("unknown board 'new_board'; the boards are: %s" % ", ".join(boards.BOARDS))
    assert text.endswith("(boards/new_board.py is new: run `sixtysix boards` to list it)")
    assert "is new" not in board_files.unknown_board("../boards/new_board", str(clone))
    assert "is new" not in board_files.unknown_board("__init__", str(clone))  # the package, not a board


def test_a_write_that_fails_leaves_the_stale_file_as_it_was(clone):
    """On a full drive `sixtysix boards` says so in one line and the file it
    could not rewrite keeps its old bytes (it used to be left empty)."""
    from test_cli import run_without_room

    stale = clone / "boards" / "thumby.json"
    stale.write_text('{"stale": true}\n')
    proc = run_without_room("boards", "--root", str(clone))
    assert proc.returncode == 1 and "Traceback" not in proc.stderr, proc.stderr
    assert proc.stderr.count("\n") == 1, proc.stderr
    assert stale.read_text() == '{"stale": true}\n'
    assert not (clone / "boards" / "thumby.json.tmp").exists()
