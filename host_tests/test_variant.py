"""Level variants (`tools/sixtysix_tools/variant.py`): `--a hard:SETTING=N`
in the arena plays the level with that setting changed and nothing else."""

import os
import re
from types import SimpleNamespace

import pytest
from sixtysix.ai import BYTECODE_SHARE, LEVELS, SearchPlayer
from sixtysix_tools import cli, variant
from sixtysix_tools.variant import parse, settings_of, variant_player


def run_arena(capsys, *argv):
    status = cli.main(["arena", *argv])
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err
    return status, out, err


def bodies(folder):
    """Each match record of a run without its comment header (which names
    the players)."""
    found = {}
    for name in sorted(os.listdir(folder)):
        if not name.startswith("m"):  # the summary, which names them too
            continue
        with open(os.path.join(folder, name)) as f:
            found[name] = [line for line in f if not line.startswith("#")]
    return found


def test_a_variant_changes_its_own_player_and_not_the_level():
    p = variant_player("hard:close_losses=0,max_nodes=500,open_policy=0", 3)
    assert (p.lv.close_losses, p.max_nodes, p.lv.open_policy) == (0, 500, False)
    # What the variant does not name comes from hard.
    assert (p.lv.close_worlds, p.lv.close_apart, p.strict_worlds) == (10, True, 10)
    hard = LEVELS["hard"]
    assert (hard.close_losses, hard.max_nodes, hard.open_policy) == (1, 14000, True)


def test_a_variant_that_sets_what_the_level_has_plays_the_same_moves(capsys, tmp_path):
    common = ["--b", "heuristic", "--matches", "2", "--target", "3", "--jobs", "1"]
    runs = []
    for name in ("hard", "hard:close_losses=1,max_nodes=14000"):
        out = str(tmp_path / name.replace(":", "_").replace(",", "_"))
        status, _, _ = run_arena(capsys, "--a", name, "--out", out, *common)
        assert status == 0
        runs.append(bodies(out))
    assert runs[0] == runs[1] and len(runs[0]) == 4


def closes(out, side):
    line = next(x for x in out.splitlines() if x.startswith("closes won"))
    cells = re.findall(r"(\d+) of (\d+)", line)
    return int(cells["ab".index(side)][1])


def test_a_variant_plays_by_its_settings(capsys, tmp_path):
    """On the same deals hard closes and hard with may_close=0 never does."""
    status, out, _ = run_arena(
        capsys,
        "--a",
        "hard:may_close=0",
        "--b",
        "hard",
        "--matches",
        "3",
        "--target",
        "3",
        "--jobs",
        "1",
        "--out",
        str(tmp_path / "r"),
    )
    assert status == 0
    assert closes(out, "a") == 0 and closes(out, "b") > 0
    assert "# seat A: hard:may_close=0 (player a" in open(tmp_path / "r" / "m0000-a-first.txt").read()


@pytest.mark.parametrize(
    "name, message",
    [
        ("heuristic:blunder=3", "a variant starts with a search level"),
        ("hard:close_lost=0", "no level setting 'close_lost' (settings: blunder, close_apart"),
        ("hard:close_losses", "NAME=VALUE, separated by commas, not 'close_losses'"),
        ("hard:", "NAME=VALUE, separated by commas, not ''"),
        ("hard:close_losses=1,", "not ''"),
        ("hard:close_losses=x", "close_losses takes a whole number from 0 to 10000000, not 'x'"),
        ("hard:open_from=-2", "open_from takes a whole number from -1 to 10000000"),
        ("hard:max_nodes=99999999999", "max_nodes takes a whole number"),
        ("hard:may_close=2", "may_close takes 1 or 0, not '2'"),
        ("hard:close_worlds=3,close_worlds=4", "setting 'close_worlds' given twice"),
        ("hard:=5", "NAME=VALUE, separated by commas, not '=5'"),
        ("hard:close_losses=", "NAME=VALUE, separated by commas, not 'close_losses='"),
        ("hard:close_losses=-1", "close_losses takes a whole number from 0 to 10000000, not '-1'"),
        ("hard:blunder=1:2", "blunder takes a whole number from 0 to 10000000, not '1:2'"),
    ],
)
def test_a_bad_variant_is_one_line_and_status_2(capsys, tmp_path, name, message):
    status, out, err = run_arena(capsys, "--a", name, "--b", "hard", "--out", str(tmp_path / "r"))
    assert status == 2 and out == ""
    assert message in err and len(err.strip().splitlines()) == 1, err
    assert not os.path.exists(tmp_path / "r")


def test_parse_reads_every_kind_of_setting():
    assert parse("medium:open_from=-1,close_apart=no,blunder=5") == (
        "medium",
        {"open_from": -1, "close_apart": False, "blunder": 5},
    )


def test_parse_reads_every_word_for_yes_and_no_and_the_widest_numbers():
    """Booleans read 1/yes/true and 0/no/false; spaces around a name or a
    value are dropped; a number may be as large as the message says."""
    for word, value in (
        ("1", True),
        ("yes", True),
        ("true", True),
        ("0", False),
        ("no", False),
        ("false", False),
    ):
        assert parse("hard:old_ties=" + word) == ("hard", {"old_ties": value}), word
    assert parse("easy: blunder = 7 , may_close= yes") == ("easy", {"blunder": 7, "may_close": True})
    assert parse("hard:max_nodes=10000000,close_min=0") == ("hard", {"max_nodes": 10**7, "close_min": 0})


def test_a_variant_sets_every_setting_its_player_copies_from_the_level():
    """SearchPlayer copies some settings onto itself when it is made (the
    search reads them there): a variant changing one sets both copies."""
    hard = SearchPlayer("hard", 1)
    copied = [name for name in settings_of() if name in vars(hard)]
    assert len(copied) == 7, copied
    for name in copied:
        old = getattr(LEVELS["hard"], name)
        new = (not old) if isinstance(old, bool) else old + 1
        p = variant_player("hard:%s=%d" % (name, new), 1)
        assert getattr(p, name) == new and getattr(p.lv, name) == new, name


def test_a_variant_budget_takes_the_share_a_board_running_bytecode_takes(monkeypatch):
    """On a board that runs the plain solver as bytecode a level spends
    BYTECODE_SHARE percent of its budget; a variant's max_nodes is cut the
    same way, and left whole on a computer."""
    assert variant_player("hard:max_nodes=1000", 1).max_nodes == 1000
    board = SimpleNamespace(implementation=SimpleNamespace(name="micropython"), platform="rp2")
    monkeypatch.setattr(variant, "sys", board)
    p = variant_player("hard:max_nodes=1000", 1)
    assert p.solver_class.__name__ == "Solver"
    assert p.max_nodes == 1000 * BYTECODE_SHARE // 100
