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
    out = capsys.readouterr().out
    assert "positions" in out
    assert out.count("\nwrote ") == 3 and out.rstrip().endswith("wrote " + str(c)), (
        out
    )  # says where each went


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


def normal_equations(data, ridge):
    """X'X with `ridge` added to the diagonal but the bias's, and X'y, in
    plain ints: the least-squares problem train.py's docstring states."""
    n = NFEATURES
    a = [
        [sum(f[i] * f[j] for f, _ in data) + (ridge if i == j and i else 0) for j in range(n)]
        for i in range(n)
    ]
    return a, [sum(f[i] * y for f, y in data) for i in range(n)]


def test_the_fit_solves_the_ridge_normal_equations_exactly():
    """Made-up positions with a feature that is never set (as Schnapsen's
    nines): the exact weights satisfy the normal equations with the ridge
    on every weight but the bias, so the empty feature's weight is 0."""
    from fractions import Fraction

    from sixtysix.rng import Rng
    from sixtysix_tools import train

    rng = Rng(7)
    data = []
    for _ in range(40):
        f = [1] + [rng.below(9) - 4 for _ in range(NFEATURES - 1)]
        f[6] = 0
        data.append((f, rng.below(7) - 3))
    weights = train.fit(data)
    assert all(isinstance(w, Fraction) for w in weights)
    a, b = normal_equations(data, train.RIDGE)
    assert [sum(a[i][j] * weights[j] for j in range(NFEATURES)) for i in range(NFEATURES)] == b
    assert weights[6] == 0 and weights[0] != 0


def test_weights_are_written_in_thousandths_rounded_to_the_nearest():
    from fractions import Fraction

    from sixtysix_tools import train

    weights = [Fraction(k, 7000) for k in range(-40, 41)] + [Fraction(-9, 10000), Fraction(2, 3)]
    for w, unit in zip(weights, train.to_units(weights)):
        assert isinstance(unit, int) and abs(1000 * w - unit) <= Fraction(1, 2), (w, unit)


def test_what_it_notes_fits_and_writes(tmp_path, monkeypatch, capsys):
    """train.py's docstring, step by step, watched from outside: a position
    is noted once per trick, for its leader, while nobody has closed (its
    features those of the hand as it stands, the stock left counting the
    upcard); its target is what that leader won in the hand (the game
    points, negative if lost, 0 if nobody won); the weights written are
    those thousandths, rounded, of the exact fit of those samples, each
    below 2**30, under the header of the command that wrote them."""
    from sixtysix_tools import train

    watched = {"hand": None, "noted": False, "finished": [], "expected": []}

    class Watched(train.Match):
        def start_hand(self):
            if watched["hand"] is not None:
                watched["finished"].append((watched["hand"].winner, watched["hand"].game_points))
            watched["hand"] = super().start_hand()
            return watched["hand"]

    def features(hands, pts, mar, tricks, trump, stock_left, p):
        hand = watched["hand"]
        assert (hand.hands, hand.card_points, hand.marriage_points, hand.tricks) == (hands, pts, mar, tricks)
        assert (hand.trump, hand.stock_left(), hand.turn) == (trump, stock_left, p)
        watched["noted"] = True
        watched["expected"].append((len(watched["finished"]), p))
        return real_features(hands, pts, mar, tricks, trump, stock_left, p)

    class View(train.View):
        def __init__(self, hand, seat):
            boundary = hand.lead < 0 and hand.pending < 0 and hand.turn == hand.leader
            assert watched["noted"] == (boundary and hand.closer < 0)
            watched["noted"] = False
            super().__init__(hand, seat)

    sampled = []

    def samples(game, hands, seed, player):
        watched.update(hand=None, finished=[], expected=[])
        out = real_samples(game, hands, seed, player)
        watched["finished"].append((watched["hand"].winner, watched["hand"].game_points))
        targets = []
        for index, p in watched["expected"]:
            winner, points = watched["finished"][index]
            targets.append(0 if winner < 0 else points if winner == p else -points)
        assert [y for _, y in out] == targets
        assert len(watched["finished"]) == hands
        sampled.append(out)
        return out

    real_samples = train.samples
    real_features = train.features
    monkeypatch.setattr(train, "Match", Watched)
    monkeypatch.setattr(train, "features", features)
    monkeypatch.setattr(train, "View", View)
    monkeypatch.setattr(train, "samples", samples)
    path = tmp_path / "w.py"
    assert main(["train", "--hands", "12", "--seed", "3", "--out", str(path)]) == 0
    printed = capsys.readouterr().out
    text = path.read_text()
    assert "Written by `sixtysix train --hands 12 --seed 3 --player heuristic`" in text
    module = load(str(path))
    for name, data in zip(("sixty-six", "schnapsen"), sampled):
        assert any(y < 0 for _, y in data) and any(y > 0 for _, y in data)
        written = getattr(module, name.upper().replace("-", "_"))
        exact = train.fit(data)
        a, b = normal_equations(data, train.RIDGE)
        assert [sum(a[i][j] * exact[j] for j in range(NFEATURES)) for i in range(NFEATURES)] == b
        assert all(abs(1000 * w - u) <= 0.5 and abs(u) < 2**30 for w, u in zip(exact, written))
        assert "# %s: fitted on %d positions\n" % (name, len(data)) in text
        assert "%s: 12 hands, %d positions, " % (name, len(data)) in printed
    assert (
        module.SCHNAPSEN[train.NAMES.index("trump 9")] == module.SCHNAPSEN[train.NAMES.index("side 9")] == 0
    )


def test_the_defaults_are_the_command_the_shipped_module_names(tmp_path, monkeypatch):
    """README: train's defaults are the settings evalweights.py names in
    its header as the command that wrote it."""
    import os
    import re

    from sixtysix_tools import train

    asked = []

    def samples(game, hands, seed, player):
        asked.append((hands, seed, player))
        return [([1] + [k % 3] * (NFEATURES - 1), k - 2) for k in range(5)]

    monkeypatch.setattr(train, "samples", samples)
    path = tmp_path / "w.py"
    assert main(["train", "--out", str(path)]) == 0
    with open(os.path.join(os.path.dirname(train.DEFAULT_OUT), "evalweights.py"), encoding="utf-8") as f:
        shipped = re.search(r"Written by `(sixtysix train [^`]*)`", f.read())
    assert shipped is not None
    assert "Written by `%s`" % shipped.group(1) in path.read_text()
    hands, seed, player = re.fullmatch(
        r"sixtysix train --hands (\d+) --seed (\d+) --player (\w+)", shipped.group(1)
    ).groups()
    assert asked == [(int(hands), int(seed), player)] * 2


def test_a_seed_past_the_small_int_range_is_refused(tmp_path, capsys):
    """--seed takes 0 to 2**30 - 1, as its message says."""
    out = str(tmp_path / "w.py")
    assert main(["train", "--seed", str(2**30), "--out", out]) == 2
    assert "--seed 0 to 1073741823" in capsys.readouterr().err
    assert main(["train", "--seed", str(2**30 - 1), "--hands", "1", "--out", out]) == 0


def test_an_out_without_write_permission_is_said_before_training(tmp_path, capsys, monkeypatch):
    from sixtysix_tools import train

    monkeypatch.setattr(train, "samples", lambda *_: pytest.fail("trained before checking --out"))
    monkeypatch.setattr(train.os, "access", lambda *_: False)
    out = tmp_path / "w.py"
    assert main(["train", "--out", str(out)]) == 2
    assert capsys.readouterr().err == "sixtysix train: cannot write %s: Permission denied\n" % out
