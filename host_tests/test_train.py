"""`sixtysix train`: the same hands and seed give the same module, byte for
byte, and the module it writes is one the firmware can import.  And the
experimental lookahead player that uses the weights: legal, within its
budget, searching one trick deep."""

import pytest
from sixtysix.evaluate import NFEATURES
from sixtysix_tools.cli import main
from sixtysix_tools.train import load_module


def load(path):
    return load_module(path, "weights_under_test")


def test_same_seed_same_bytes_and_an_importable_module(tmp_path, capsys):
    a = tmp_path / "a.py"
    b = tmp_path / "b.py"
    c = tmp_path / "c.py"
    assert main(["train", "--hands", "300", "--seed", "4", "--out", str(a)]) == 0
    assert main(["train", "--hands", "300", "--seed", "4", "--out", str(b)]) == 0
    assert main(["train", "--hands", "300", "--seed", "5", "--out", str(c)]) == 0
    assert a.read_bytes() == b.read_bytes()
    assert a.read_bytes() != c.read_bytes()
    weights = load(str(a))
    for w in (weights.SIXTY_SIX, weights.SCHNAPSEN):
        assert len(w) == NFEATURES and all(isinstance(v, int) for v in w)
    assert "positions" in capsys.readouterr().out


def test_bad_numbers_and_players_are_one_line(tmp_path, capsys):
    out = str(tmp_path / "w.py")
    assert main(["train", "--hands", "0", "--out", out]) == 2
    assert main(["train", "--hands", "²", "--out", out]) == 2
    assert main(["train", "--player", "nobody", "--out", out]) == 2
    err = capsys.readouterr().err
    assert err.count("sixtysix train:") == 3
    assert not (tmp_path / "w.py").exists()


def test_the_lookahead_player_is_legal_and_keeps_its_budget():
    import sys

    sys.path.insert(0, __file__.rsplit("/", 1)[0] + "/portable")
    from randplay import random_positions
    from sixtysix.view import View
    from sixtysix_tools.arena import make_player
    from sixtysix_tools.lookahead import MAX_NODES

    p = make_player("sixty-six", "lookahead", 3)
    searched = 0
    for h in random_positions(7, 15):
        view = View(h, h.turn)
        code = p.choose(view)
        h.check(code)
        assert p.nodes <= MAX_NODES
        if not view.strict and view.facedown > 1 and p.worlds:
            searched += 1
    assert searched > 20  # open-stock moves were searched, not played by rule


@pytest.mark.parametrize("command", ["train", "train-policy"])
@pytest.mark.parametrize("where", ["missing folder", "folder"])
def test_an_out_that_cannot_be_written_is_said_before_training(tmp_path, capsys, monkeypatch, command, where):
    # Training takes a minute or more; a bad --out was said only after it.
    from sixtysix_tools import train, train_policy

    def refuse(*_):
        raise AssertionError("%s trained before checking --out" % command)

    monkeypatch.setattr(train, "samples", refuse)
    monkeypatch.setattr(train_policy, "samples", refuse)
    out = tmp_path / "no" / "w.py" if where == "missing folder" else tmp_path
    why = "No such file or directory" if where == "missing folder" else "Is a directory"
    assert main([command, "--out", str(out)]) == 2
    assert capsys.readouterr().err == "sixtysix %s: cannot write %s: %s\n" % (command, out, why)
