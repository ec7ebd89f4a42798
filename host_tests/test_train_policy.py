"""`sixtysix train-policy`: the same command gives the same module, byte
for byte, whatever the number of jobs, and the module is one the firmware
can import.  And the hard level does take its open-stock cards from the
weights, which were made by that command."""

import os

import pytest
from sixtysix.ai import SearchPlayer
from sixtysix.hand import CLOSE
from sixtysix.openplay import NFEATURES, weight
from sixtysix_tools import cbuild, fastsolve
from sixtysix_tools.cli import main
from sixtysix_tools.train import load_module

HERE = os.path.dirname(os.path.abspath(__file__))
WEIGHTS = os.path.join(HERE, "..", "firmware", "sixtysix", "playweights.py")
SIZE = 4 * NFEATURES  # two games, lead and follow


def load(path):
    return load_module(path, "play_weights_under_test")


def test_same_command_same_bytes_on_any_number_of_jobs(tmp_path, capsys):
    a = tmp_path / "a.py"
    b = tmp_path / "b.py"
    c = tmp_path / "c.py"
    small = ["train-policy", "--matches", "2", "--rollouts", "3"]
    assert main(small + ["--seed", "4", "--jobs", "1", "--out", str(a)]) == 0
    assert main(small + ["--seed", "4", "--jobs", "2", "--out", str(b)]) == 0
    assert main(small + ["--seed", "5", "--jobs", "1", "--out", str(c)]) == 0
    assert a.read_bytes() == b.read_bytes()
    assert a.read_bytes() != c.read_bytes()
    w = load(str(a)).WEIGHTS
    assert isinstance(w, bytes) and len(w) == 2 * SIZE
    for part in range(4):
        assert any(weight(w, i) for i in range(part * NFEATURES, (part + 1) * NFEATURES))
    out = capsys.readouterr().out
    assert "leads and" in out and "wrote" in out


def test_a_second_round_rolls_out_with_the_first_rounds_weights(tmp_path, capsys):
    first = tmp_path / "first.py"
    second = tmp_path / "second.py"
    again = tmp_path / "again.py"
    small = ["train-policy", "--matches", "2", "--rollouts", "3", "--seed", "4"]
    assert main(small + ["--out", str(first)]) == 0
    assert main(small + ["--rollout-weights", str(first), "--out", str(second)]) == 0
    assert main(small + ["--rollout-weights", str(first), "--out", str(again)]) == 0
    assert second.read_bytes() == again.read_bytes()
    # The positions are the same (medium against heuristic), the rollouts not.
    assert second.read_bytes() != first.read_bytes()
    assert "--rollout-weights first.py`" in second.read_text()
    bad = tmp_path / "bad.py"
    bad.write_text("WEIGHTS = (1, 2)\n")
    assert main(small + ["--rollout-weights", str(bad), "--out", str(again)]) == 2
    assert main(small + ["--rollout-weights", str(tmp_path / "none.py"), "--out", str(again)]) == 2
    err = capsys.readouterr().err
    assert err.count("sixtysix train-policy: cannot read") == 2


def test_rollouts_played_out_by_rule_of_thumb_are_a_command_of_their_own(tmp_path):
    exact = tmp_path / "exact.py"
    playout = tmp_path / "playout.py"
    again = tmp_path / "again.py"
    small = ["train-policy", "--matches", "2", "--rollouts", "3", "--seed", "4"]
    assert main(small + ["--out", str(exact)]) == 0
    assert main(small + ["--playout", "--jobs", "1", "--out", str(playout)]) == 0
    assert main(small + ["--playout", "--jobs", "2", "--out", str(again)]) == 0
    assert playout.read_bytes() == again.read_bytes()
    # The same decisions (medium against heuristic), other targets.
    assert exact.read_bytes() != playout.read_bytes()
    assert "--seed 4 --playout`" in playout.read_text()
    assert "--seed 4`" in exact.read_text()


@pytest.mark.skipif(not cbuild.has_compiler(), reason="no C compiler (cc or $CC) to build the C search")
def test_the_c_search_writes_the_bytes_the_firmware_solver_writes(tmp_path, monkeypatch):
    """train-policy solves its rollouts with fastsolve where it builds;
    the firmware's solver (SIXTYSIX_TRAIN_PYTHON=1) gives the same file."""
    assert fastsolve.available()
    small = ["train-policy", "--matches", "2", "--rollouts", "3", "--seed", "6", "--jobs", "1"]
    assert main(small + ["--out", str(tmp_path / "c.py")]) == 0
    monkeypatch.setenv("SIXTYSIX_TRAIN_PYTHON", "1")
    assert main(small + ["--out", str(tmp_path / "py.py")]) == 0
    assert (tmp_path / "c.py").read_bytes() == (tmp_path / "py.py").read_bytes()


def test_an_exact_rollout_is_the_solved_value_seen_from_either_seat():
    from sixtysix.hand import Hand
    from sixtysix.players import HeuristicPlayer
    from sixtysix.rng import Rng
    from sixtysix.rules import SIXTY_SIX, Rules
    from sixtysix.solver import Solver
    from sixtysix.view import View
    from sixtysix_tools.train_policy import _rollout

    rules = Rules(SIXTY_SIX)
    rng = Rng(9)
    rule = HeuristicPlayer()
    solver = Solver(rules)
    hand = Hand(rules)
    copy = Hand(rules)
    strict = 0
    for deal in range(40):
        order = bytearray(range(24))
        rng.shuffle(order)
        hand.deal_shuffled(deal % 2, order)
        while not hand.over and not hand.strict():
            hand.act(rule.choose(View(hand, hand.turn)))
        strict += not hand.over
        values = []
        for me in (0, 1):
            copy.copy_from(hand)
            values.append(_rollout(copy, me, rule, solver))
        assert values[0] == -values[1]
        if not hand.over:
            # The solver's value, in whole game points, for the player to move.
            solver.load(hand)
            solver.coarse = True
            assert values[hand.turn] * 1000 == solver.best(hand.turn)
        assert -3 <= values[0] <= 3  # game points of one hand
    assert strict > 10


def test_bad_numbers_are_one_line(tmp_path, capsys):
    out = str(tmp_path / "w.py")
    assert main(["train-policy", "--matches", "0", "--out", out]) == 2
    assert main(["train-policy", "--rollouts", "²", "--out", out]) == 2
    assert main(["train-policy", "--jobs", "x", "--out", out]) == 2
    err = capsys.readouterr().err
    assert err.count("sixtysix train-policy:") == 3
    assert not (tmp_path / "w.py").exists()


def test_the_firmware_weights_say_how_they_were_made():
    text = open(WEIGHTS).read()
    assert "`sixtysix train-policy --matches " in text
    w = load(WEIGHTS).WEIGHTS
    assert isinstance(w, bytes) and len(w) == 2 * SIZE
    numbers = [weight(w, i) for i in range(SIZE)]
    assert any(numbers) and all(abs(v) < 5000 for v in numbers)
    # The comments show the same numbers in decimal.
    shown = [int(x) for line in text.splitlines() if line.startswith("#   ") for x in line[1:].split()]
    assert shown == numbers


def test_the_plain_command_is_the_one_that_wrote_the_firmware_weights():
    """`sixtysix train-policy` as the README shows it, without options,
    must be the command the shipped module names (it writes that module)."""
    import argparse
    import re

    from sixtysix_tools import train_policy

    parser = argparse.ArgumentParser()
    train_policy.add_arguments(parser)
    args = parser.parse_args([])
    named = re.search(r"`sixtysix train-policy ([^`]*)`", open(WEIGHTS).read()).group(1).split()
    options = dict(zip(named[::2], named[1::2]))
    assert options == {"--matches": args.matches, "--rollouts": args.rollouts, "--seed": args.seed}


def test_hard_takes_its_open_stock_cards_from_the_weights():
    import sys

    sys.path.insert(0, os.path.join(HERE, "portable"))
    from randplay import random_positions
    from sixtysix.ai import decision_cards
    from sixtysix.openplay import best_card, features, weights_at
    from sixtysix.playweights import WEIGHTS as shipped
    from sixtysix.view import View

    hard = SearchPlayer("hard", 1)
    medium = SearchPlayer("medium", 1)
    taken = 0
    for h in random_positions(11, 40):
        view = View(h, h.turn)
        cards = decision_cards(view)
        code = hard.choose(view)
        h.check(code)
        # With one card face down hard searches to the end; closing is
        # judged by search before the cards are scored.
        if cards and view.facedown > 1 and code != CLOSE:
            f = bytearray(NFEATURES)
            assert code == best_card(view, cards, shipped, weights_at(view), f)
            taken += 1
        medium.choose(view)
        # Every feature fits the device's bytearray (MicroPython would
        # silently keep the low byte of a bigger one).
        possible = view.unseen() | view.opp_known
        wide = [0] * NFEATURES
        for c in range(24):
            if (view.legal_plays >> c) & 1 and not view.strict:
                features(view, c, possible, wide)
                assert all(0 <= x <= 255 for x in wide), wide
    assert taken >= 5
    assert medium.features is None  # medium keeps the rule of thumb


@pytest.mark.parametrize(
    "source, says",
    [
        ("import no_such_module_here\n", "No module named 'no_such_module_here'"),
        ("WEIGHTS = no_such_name\n", "name 'no_such_name' is not defined"),
        ("raise RuntimeError('broken')\n", "broken"),
    ],
)
def test_rollout_weights_whose_code_fails_are_one_line_not_a_traceback(tmp_path, capsys, source, says):
    # The module is run to read it, so its own code can fail in any way.
    module = tmp_path / "weights.py"
    module.write_text(source)
    argv = ["train-policy", "--matches", "1", "--rollouts", "1", "--rollout-weights", str(module)]
    assert main(argv + ["--out", str(tmp_path / "out.py")]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("sixtysix train-policy: cannot read %s: " % module), err
    assert says in err
    assert not (tmp_path / "out.py").exists()


def test_a_missing_rollout_weights_file_is_named_once(tmp_path, capsys):
    missing = tmp_path / "none.py"
    argv = ["train-policy", "--matches", "1", "--rollouts", "1", "--rollout-weights", str(missing)]
    assert main(argv + ["--out", str(tmp_path / "out.py")]) == 2
    err = capsys.readouterr().err
    assert err == "sixtysix train-policy: cannot read %s: No such file or directory\n" % missing
