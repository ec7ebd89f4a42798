"""`sixtysix analyse`: every decision against the computer and, where the
position is exact, against the solver; error contract; arena records."""

import json
import os

import pytest
from conftest import ROOT
from recordgen import random_rules
from sixtysix.hand import CLAIM, MAX_ACTIONS, action_name
from sixtysix.match import Match
from sixtysix.players import HeuristicPlayer, RandomPlayer
from sixtysix.rng import Rng
from sixtysix.sampling import WorldSampler
from sixtysix.solver import Solver
from sixtysix.view import View
from sixtysix_tools import move
from sixtysix_tools.analyse import analyse, exactly_decidable, split_value, summary
from sixtysix_tools.cli import main
from sixtysix_tools.records import RecordError, RecordWriter, read
from test_move import README_EXAMPLE, cut_records
from test_move_more import cut_records as more_records

PLAYERS = "AB"  # the seats of the two-player games


def solver_choice(hand, solver):
    """The solver's best action on the true cards (strict phase): claim
    with 66, else the legal non-claim action of the highest value."""
    p = hand.turn
    if hand.score(p) >= 66:
        return CLAIM, None
    buf = bytearray(MAX_ACTIONS)
    n = hand.legal_actions(buf)
    solver.load(hand)
    values = [(solver.value_of(p, buf[i]), buf[i]) for i in range(n) if buf[i] != CLAIM]
    return max(values)[1], values


def self_play(seed: int, matches: int, blunder_every: int = 0):
    """Records of matches in which both players take the solver's best
    action whenever the stock is closed or exhausted (rule of thumb or
    random before that).  With `blunder_every`, now and then the worst
    non-claim action is taken instead: {line: (game points, hand points)
    it costs} lists those."""
    rng = Rng(seed)
    for k in range(matches):
        rules = random_rules(rng)
        m = Match(rules, rng.next15())
        w = RecordWriter(m)
        solver = Solver(rules)
        early = (HeuristicPlayer(), RandomPlayer(seed + k))[k % 2]
        blunders = {}
        while m.winner < 0:
            h = m.start_hand()
            w.begin_hand()
            while not h.over:
                if h.strict():
                    code, values = solver_choice(h, solver)
                    if values and blunder_every and rng.below(blunder_every) == 0:
                        worst = min(values)
                        best = max(values)
                        if worst[0] < best[0] and exactly_decidable(View(h, h.turn)):
                            code = worst[1]
                            gp_best, margin_best = split_value(best[0])
                            gp_worst, margin_worst = split_value(worst[0])
                            w.sync()
                            blunders[len(w.lines) + 1] = (gp_best - gp_worst, margin_best - margin_worst)
                else:
                    code = early.choose(View(h, h.turn))
                h.act(code)
            w.sync()
            m.finish_hand()
        yield w.text(), blunders


def test_the_solver_against_itself_makes_no_exact_mistake():
    exact = 0
    games = set()
    for text, _ in self_play(3, 60):
        replay, decisions = analyse(text, "easy")
        games.add(replay.rules.name)
        totals = summary(decisions, "AB")
        for s in totals.values():
            assert s["mistakes"] == 0, text
            assert s["game_points_lost"] == 0 and s["hand_points_lost"] == 0
            exact += s["exact"]
    assert games == {"sixty-six", "schnapsen"}
    assert exact >= 500


def test_the_worst_action_is_reported_with_its_cost():
    found = 0
    for text, blunders in self_play(4, 16, blunder_every=4):
        _, decisions = analyse(text, "easy")
        mistakes = {d.line: (d.cost_game_points, d.cost_hand_points) for d in decisions if d.mistake}
        assert mistakes == blunders, text
        found += len(blunders)
    assert found >= 20


def test_exact_means_every_card_the_opponent_may_hold_is_certain():
    """Where analyse calls a position exact, every deal the sampler can make
    from the view gives the opponent the cards it really holds."""
    rng = Rng(9)
    exact = 0
    for text in cut_records(41, 600, cut_one_in=3):
        hand = move.live_hand(text)
        view = View(hand, hand.turn)
        if not exactly_decidable(view):
            continue
        exact += 1
        world = hand.__class__(hand.rules)
        sampler = WorldSampler(hand.rules)
        for _ in range(3):
            sampler.deal(view, rng, world)
            assert world.hands[1 - hand.turn] == hand.hands[1 - hand.turn]
    assert exact >= 30


def test_split_value():
    assert split_value(2000 + 37) == (2, 37)
    assert split_value(-1000 - 12) == (-1, -12)
    assert split_value(1000 - 40) == (1, -40)
    assert split_value(-3000 + 25) == (-3, 25)
    assert split_value(14) == (0, 14)


def test_the_computers_choice_is_what_move_prints_for_the_cut_record():
    text = next(iter(self_play(6, 1)))[0]
    lines = text.splitlines()
    _, decisions = analyse(text, "medium", seed=3)
    for d in decisions[::7]:
        cut = "\n".join(lines[: d.line - 1]) + "\n"
        hand = move.live_hand(cut)
        assert move.choose(hand, "medium", 3) == d.ai
        assert lines[d.line - 1] == "%s %s" % (d.player, action_name(d.played))


def test_three_hand_records_are_analysed_seat_by_seat():
    """A three-hand deal is a two-player hand between the seats that do not
    deal, so the same solver judges it; decisions name the record's seats,
    and the computer's choice is what `move` prints for the cut record."""
    exact = 0
    for text in more_records("three-hand", 5, 12):
        lines = text.splitlines()
        replay, decisions = analyse(text, "heuristic")
        assert replay.game == "three-hand"
        actions = [
            x for x in lines if x.split(" ")[1:2] in (["play"], ["marry"], ["exchange"], ["close"], ["claim"])
        ]
        assert len(decisions) == len(actions)
        for d in decisions:
            assert lines[d.line - 1] == "%s %s" % (d.player, action_name(d.played))
            cut = "\n".join(lines[: d.line - 1]) + "\n"
            assert move.next_action(cut, "heuristic", 1) == "%s %s" % (d.player, action_name(d.ai))
            if d.exact:
                exact += 1
                assert (
                    d.best and d.cost_game_points >= 0 and (d.cost_game_points, d.cost_hand_points) >= (0, 0)
                )
        _, only_c = analyse(text, "heuristic", "C")
        assert only_c == [] or {d.player for d in only_c} == {"C"}
        assert [d.line for d in only_c] == [d.line for d in decisions if d.player == "C"]
    assert exact > 0


def test_a_seat_the_game_does_not_have_is_refused_at_the_game_line(capsys, tmp_path):
    path = tmp_path / "two.txt"
    path.write_text(README_EXAMPLE)
    status, out, err = run_analyse(capsys, str(path), "--player", "C")
    assert (status, out) == (2, "")
    assert err == "%s:1: there is no player C in this game (A or B)\n" % path


def test_a_seat_asked_of_an_empty_record_is_refused_at_line_1(capsys, tmp_path):
    """Line 0 is for the file itself; a record with no statement is wrong at line 1."""
    path = tmp_path / "empty.txt"
    path.write_text("# nothing yet\n")
    status, out, err = run_analyse(capsys, str(path), "--player", "C")
    assert (status, out) == (2, "")
    assert err == "%s:1: there is no player C in this game (A or B)\n" % path


# --- command line ----------------------------------------------------------------


def run_analyse(capsys, *argv):
    status = main(["analyse", *argv])
    out = capsys.readouterr()
    return status, out.out, out.err


def test_readme_example(capsys, tmp_path):
    path = tmp_path / "game.txt"
    path.write_text(README_EXAMPLE + "A claim\n")
    status, out, err = run_analyse(capsys, str(path))
    assert status == 0 and err == ""
    assert "line 10: B play JH" in out and "line 11: A claim" in out
    assert "A: 3 decisions" in out and "B: 1 decision," in out
    status, out, _ = run_analyse(capsys, str(path), "--json", "--player", "b", "--level", "medium")
    data = json.loads(out)
    assert data["players"] == ["B"] and data["level"] == "medium"
    assert [d["line"] for d in data["decisions"]] == [10]
    d = data["decisions"][0]
    assert d["played"] == "play JH" and d["exact"] is False and d["cost"] is None and d["best"] is None
    assert sorted(d) == sorted(("hand", "line", "player", "played", "ai", "agrees", "exact", "best", "cost"))
    assert (d["hand"], d["player"]) == (1, "B")
    assert set(data["summary"]) == {"B"} and data["summary"]["B"]["decisions"] == 1


def test_json_of_a_game_with_exact_decisions(capsys, tmp_path):
    text, blunders = next(iter(self_play(7, 1, blunder_every=3)))
    path = tmp_path / "game.txt"
    path.write_text(text)
    status, out, _ = run_analyse(capsys, str(path), "--json", "--level", "easy")
    assert status == 0
    data = json.loads(out)
    verbs = ("play", "marry", "exchange", "close", "claim")
    actions = [
        i + 1 for i, line in enumerate(text.splitlines()) if line.split()[1:2] and line.split()[1] in verbs
    ]
    assert [d["line"] for d in data["decisions"]] == actions
    for d in data["decisions"]:
        if d["exact"]:
            assert d["best"] and d["cost"]["game_points"] >= 0
            assert (d["played"] in d["best"]) == (d["line"] not in blunders)
    both = data["summary"]
    assert sum(s["decisions"] for s in both.values()) == len(actions)
    assert sum(s["mistakes"] for s in both.values()) == len(blunders)
    assert sum(s["game_points_lost"] for s in both.values()) == sum(b[0] for b in blunders.values())
    status, text_out, _ = run_analyse(capsys, str(path), "--level", "easy")
    assert text_out.count("exact: costs") == len(blunders)


def test_an_invalid_record_is_the_replay_error(capsys, tmp_path):
    path = tmp_path / "bad.txt"
    path.write_text(README_EXAMPLE + "A play AH\n")
    status, out, err = run_analyse(capsys, str(path))
    assert (status, out) == (2, "")
    assert err.startswith("%s:11: " % path) and "not in hand" in err and err.count("\n") == 1
    status, out, err = run_analyse(capsys, str(tmp_path / "nothing.txt"))
    assert (status, out) == (2, "") and err.startswith("%s:0: " % (tmp_path / "nothing.txt"))


@pytest.mark.parametrize("game", ["sixty-six", "schnapsen"])
def test_arena_record(capsys, tmp_path, game):
    out_dir = tmp_path / "arena"
    argv = ["arena", "--a", "heuristic", "--b", "medium", "--matches", "1", "--game", game]
    assert main([*argv, "--out", str(out_dir), "--jobs", "1"]) == 0
    capsys.readouterr()
    name = sorted(p for p in os.listdir(out_dir) if p.endswith(".txt") and p != "summary.txt")[0]
    text = (out_dir / name).read_text()
    status, out, err = run_analyse(capsys, str(out_dir / name), "--json", "--level", "medium")
    assert status == 0, err
    data = json.loads(out)
    replay = read(text)
    assert data["game"] == game == replay.rules.name
    assert len(data["decisions"]) == sum(s["decisions"] for s in data["summary"].values()) > 20
    assert any(d["exact"] for d in data["decisions"])


SCHNAPSEN_HAND = """game schnapsen
hand
dealer B
A JC AC JD TD QS
B QC KH TH KS AS
upcard JH
stock AD AH TS KC QD JS QH KD TC
A play JC
B play QC
B play KS
A play AH
A play JD
B play AD
B play KC
A play AC
A play JS
B play AS
B marry D
B play QD
A play TD
A play JH
B play TH
B play KH
A play QH
B claim
"""


def test_the_schnapsen_example_in_the_docs(capsys, tmp_path):
    """docs/ANALYSE.md's example: declaring the marriage once the stock is gone
    lets A past 33 and costs B a game point."""
    path = tmp_path / "hand.txt"
    path.write_text(SCHNAPSEN_HAND)
    status, out, _ = run_analyse(capsys, str(path), "--player", "B")
    assert status == 0
    assert "line 18: B marry D -- computer: play KH; exact: costs 1 game point and 13 hand points" in out
    assert "B: 10 decisions, 7 agree with the computer; 5 decided exactly, 1 exact mistake" in out


def test_a_record_with_more_decisions_than_a_run_studies_is_refused_before_any_search(
    tmp_path, monkeypatch, capsys
):
    from sixtysix_tools import analyse as analyse_module

    path = tmp_path / "game.txt"
    path.write_text(README_EXAMPLE)
    _, decisions = analyse(README_EXAMPLE)
    monkeypatch.setattr(analyse_module, "MOST_DECISIONS", len(decisions) - 1)

    def no_search(*args):
        raise AssertionError("searched")

    monkeypatch.setattr(analyse_module, "action_values", no_search)
    assert main(["analyse", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.startswith(
        str(path)
        + ":0: %d decisions to study; analyse takes at most %d a run" % (len(decisions), len(decisions) - 1)
    ), err
    monkeypatch.setattr(analyse_module, "MOST_DECISIONS", len(decisions))
    assert len(analyse(README_EXAMPLE)[1]) == len(decisions)


def test_a_record_past_the_limit_keeps_no_more_positions_than_a_run_studies(monkeypatch):
    # A long legal record (hands nobody wins can go on without end) is
    # counted to its end but copied only up to the limit: its memory stays
    # that of a run's worth of positions, not of the record's length.
    from sixtysix_tools import analyse as analyse_module

    _, decisions = analyse(README_EXAMPLE)
    most = len(decisions) - 1
    monkeypatch.setattr(analyse_module, "MOST_DECISIONS", most)
    copies = []

    class CountedHand(analyse_module.Hand):
        def __init__(self, rules):
            copies.append(1)
            super().__init__(rules)

    monkeypatch.setattr(analyse_module, "Hand", CountedHand)
    with pytest.raises(RecordError) as refused:
        analyse(README_EXAMPLE)
    assert refused.value.line == 0 and "%d decisions to study" % len(decisions) in refused.value.reason
    assert most > 0 and len(copies) == most


def test_the_schnapsen_example_prints_what_the_docs_show(capsys, tmp_path):
    """Every line of docs/ANALYSE.md's example, header to summary: the
    words a reader is shown are the words the command prints."""
    with open(os.path.join(ROOT, "docs", "ANALYSE.md"), encoding="utf-8") as f:
        doc = f.read()
    start = doc.index("A Schnapsen hand from the arena")
    block = doc[start : doc.index("The stock ran out", start)]
    lines = [line[4:] for line in block.splitlines() if line.startswith("    ")]
    command = lines.index("$ sixtysix analyse hand.txt --player B")
    assert "\n".join(lines[:command]) + "\n" == SCHNAPSEN_HAND
    path = tmp_path / "hand.txt"
    path.write_text(SCHNAPSEN_HAND)
    status, out, err = run_analyse(capsys, str(path), "--player", "B")
    assert (status, err) == (0, "")
    assert out == "\n".join(lines[command + 1 :]) + "\n"


def test_hands_are_numbered_and_every_seat_is_named(capsys, tmp_path):
    """A three-hand record of two hands: the header names all three seats,
    each decision's `hand` is the number of `hand` lines up to it, and the
    text report opens each hand with its number."""
    text = more_records("three-hand", 5, 3)[-1]
    lines = text.splitlines()
    assert lines.count("hand") == 2
    path = tmp_path / "three.txt"
    path.write_text(text)
    status, out, _ = run_analyse(capsys, str(path), "--json", "--level", "random")
    assert status == 0
    data = json.loads(out)
    assert data["players"] == ["A", "B", "C"] and list(data["summary"]) == ["A", "B", "C"]
    numbers = [d["hand"] for d in data["decisions"]]
    assert numbers == [lines[: d["line"]].count("hand") for d in data["decisions"]]
    assert set(numbers) == {1, 2}
    status, out, _ = run_analyse(capsys, str(path), "--level", "random")
    report = out.splitlines()
    assert report[0] == "three-hand, compared with the random level, players A, B and C"
    assert [x for x in report if x.startswith("Hand")] == ["Hand 1", "Hand 2"]
    assert report.index("Hand 2") == 2 + numbers.index(2)  # header, "Hand 1", its decisions


def test_a_record_with_no_decision_says_zero_in_the_plural(capsys, tmp_path):
    path = tmp_path / "new.txt"
    path.write_text("game sixty-six\n")
    status, out, _ = run_analyse(capsys, str(path))
    assert status == 0
    assert out == (
        "sixty-six, compared with the hard level, players A and B\n"
        "Summary\n"
        "  A: 0 decisions, 0 agree with the computer; 0 decided exactly, 0 exact mistakes costing "
        "0 game points and 0 hand points\n"
        "  B: 0 decisions, 0 agree with the computer; 0 decided exactly, 0 exact mistakes costing "
        "0 game points and 0 hand points\n"
    )


def test_the_seed_defaults_to_1_and_the_level_to_any_case(capsys, tmp_path):
    """`--seed S` (default 1) seeds the computer's choices: the random
    level picks other cards of the README's record under seed 2."""
    path = tmp_path / "game.txt"
    path.write_text(README_EXAMPLE + "A claim\n")

    def ais(*argv):
        status, out, err = run_analyse(capsys, str(path), "--json", *argv)
        assert (status, err) == (0, ""), err
        data = json.loads(out)
        assert all(d["agrees"] == (d["ai"] == d["played"]) for d in data["decisions"])
        return data["level"], [d["ai"] for d in data["decisions"]]

    default = ais("--level", "random")
    assert default == ais("--level", "RANDOM", "--seed", "1")
    assert default != ais("--level", "random", "--seed", "2")
    assert default[0] == "random"


@pytest.mark.parametrize("option, lost", [("", 2), ("option false-claim match\n", 7)])
def test_a_false_claim_is_costed_as_the_rules_score_it(capsys, tmp_path, option, lost):
    """The docs' example with B claiming, short of 66, instead of leading
    the queen after the marriage: that lead (best there) wins B one game
    point, the claim gives A 2, or under `false-claim match` the whole
    match (7)."""
    lines = SCHNAPSEN_HAND.splitlines()
    text = "game schnapsen\n" + option + "\n".join(lines[1:18]) + "\nB claim\n"
    path = tmp_path / "claim.txt"
    path.write_text(text)
    status, out, _ = run_analyse(capsys, str(path), "--player", "B", "--level", "easy")
    assert status == 0
    claim = len(text.splitlines())
    note = "computer: play QD; exact: costs %d game points and 6 hand points (best play QD)" % (1 + lost)
    assert "  line %d: B claim -- %s\n" % (claim, note) in out, out


# A self-played record (self_play(7, 4), its fourth match, cut), the stock
# exhausted: A's ace of spades takes the trump ten to exactly 66.
AT_66 = """game sixty-six
option exchange-needs-trick no
option false-claim match
target 4

hand
dealer B
A QC 9H JH KH KS AS
B KC TC TD AD TH QS
upcard TS
stock JD QH 9C AH 9S JC AC QD KD 9D JS
A play QC
B play QS
B play TC
A play JH
B play KC
A play KS
A play 9S
B play TH
A play AC
B play JD
A play KH
B play TD
A play AS
B play TS
"""


@pytest.mark.parametrize("action", ["claim", "play 9H"])
def test_at_exactly_66_claiming_and_playing_on_are_both_best(capsys, tmp_path, action):
    """The solver's convention at 66 itself, not only past it: the claim is
    allowed and best, and playing on, which loses no game point here, is
    worth as much."""
    path = tmp_path / "at66.txt"
    path.write_text(AT_66 + "A %s\n" % action)
    status, out, _ = run_analyse(capsys, str(path), "--json", "--player", "A", "--level", "random")
    assert status == 0
    last = json.loads(out)["decisions"][-1]
    assert (last["line"], last["played"], last["exact"]) == (26, action, True)
    assert last["best"] == ["play 9H", "play QH", "play AH", "play JS", "claim"]
    assert last["cost"] == {"game_points": 0, "hand_points": 0}


# self_play(62, 7), its seventh match: A at exactly 66 with the stock
# exhausted, where every card A could play on with loses game points.
ONLY_THE_CLAIM = """game schnapsen
option marry-after-close no
option no-winner last-trick
option schwarz 2
target 2

hand
dealer A
A QC TC JD KD AS
B KC AC JH QH TH
upcard QD
stock KS TS TD KH JC QS JS AD AH
B play JH
A play JD
A play QC
B play AC
B play KC
A play TC
A play JC
B play TD
B play JS
A play AS
A play AH
B play QH
A play AD
B play QD
A play KD
B play QS
A claim
"""


def test_at_exactly_66_the_claim_is_best_when_playing_on_loses(capsys, tmp_path):
    """The claim counts among the best actions at 66 itself: here it is the
    only best one and costs nothing (were it left out at 66, a play on
    would be called best and the claim would gain on it)."""
    path = tmp_path / "claim.txt"
    path.write_text(ONLY_THE_CLAIM)
    status, out, _ = run_analyse(capsys, str(path), "--json", "--player", "A", "--level", "random")
    assert status == 0
    last = json.loads(out)["decisions"][-1]
    assert (last["line"], last["played"], last["exact"], last["best"]) == (29, "claim", True, ["claim"])
    assert last["cost"] == {"game_points": 0, "hand_points": 0}
