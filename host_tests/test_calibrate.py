"""`sixtysix calibrate`: the measurement behind the odds a hint states.

It must count every searched decision of hard once, in the bucket the hint
itself would use, and give the same table for a seed whatever --jobs."""

import os
import re

import pytest
from sixtysix.hint import CLOSE_HELD, PLAY_HELD, play_bucket
from sixtysix_tools.calibrate import CLOSE_LABELS, PLAY_LABELS, play_hand, tally
from sixtysix_tools.cli import main


def rows(text):
    """{label: (decisions, hands won)} from the printed table."""
    out = {}
    for label in PLAY_LABELS + CLOSE_LABELS:
        m = re.search(re.escape(label) + r"\s+(\d+)\s+(\d+)", text)
        assert m, "no row '%s' in:\n%s" % (label, text)
        out[label] = (int(m.group(1)), int(m.group(2)))
    return out


def test_the_table_counts_every_searched_decision_once(capsys):
    assert main(["calibrate", "--hands", "12", "--seed", "3", "--jobs", "1"]) == 0
    one = capsys.readouterr().out
    assert main(["calibrate", "--hands", "12", "--seed", "3", "--jobs", "2"]) == 0
    assert capsys.readouterr().out == one
    table = rows(one)
    said = [play_hand(("sixty-six", "heuristic", s, i % 2)) for i, s in enumerate(_seeds(3, 12))]
    total = sum(len(s) for _, s in said)
    assert total > 0 and sum(n for n, _ in table.values()) == total
    for n, won in table.values():
        assert 0 <= won <= n
    # what hint.py claims is printed beside each row
    for label, claim in zip(PLAY_LABELS + CLOSE_LABELS, PLAY_HELD + CLOSE_HELD):
        assert re.search(re.escape(label) + r".*\s%d%%$" % claim, one, re.M)


def _seeds(seed, hands):
    from sixtysix_tools.arena import derive_seed

    return [derive_seed("calibrate", "sixty-six", seed, i) for i in range(hands)]


def test_a_decision_counts_as_held_only_if_hard_won_the_hand():
    plays, closes = tally([(True, [(0, 0), (1, 1)]), (False, [(0, 0), (0, 4)])])
    assert plays[0] == [2, 1] and plays[4] == [1, 0]
    assert closes[1] == [1, 1] and closes[0] == [0, 0]


def test_buckets_are_the_hints_own():
    assert [play_bucket(w, 10) for w in (10, 8, 7, 5, 3, 2, 0)] == [0, 1, 1, 2, 2, 3, 4]


@pytest.mark.parametrize(
    "argv",
    [
        ["--hands", "0"],
        ["--hands", "x"],
        ["--game", "four-hand"],
        ["--game", "three-hand", "--hands", "1"],
        ["--opponent", "nobody"],
        ["--opponent", "random", "--hands", "1"],
        ["--jobs", "0"],
        ["--seed", "1000000000", "--hands", "1"],
    ],
)
def test_bad_arguments_get_one_line_and_status_2(argv, capsys):
    assert main(["calibrate"] + argv) == 2
    err = capsys.readouterr().err
    assert err.startswith("sixtysix calibrate: ") and err.count("\n") == 1


def test_the_odds_a_hint_states_are_the_ones_ai_md_reports_measured():
    """README and AI.md: a hint's odds are honest, the share of hands won
    in play that `sixtysix calibrate` measured.  AI.md's table gives the
    counts behind each bucket; the share worked out here from the counts
    (rounded to the nearest percent), not copied from hint.py, must be
    hint.py's figure, and each total must be the two games' counts added,
    as hint.py says it is."""
    path = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "docs", "AI.md")
    with open(path, encoding="utf-8") as f:
        text = f.read()
    table = text[text.index("| the deals tried said |") :].split("\n\n")[0]
    rows = [line for line in table.splitlines()[2:] if line.strip().startswith("|")]
    assert len(rows) == len(PLAY_HELD) + len(CLOSE_HELD), table

    def counts(cell):
        m = re.fullmatch(r"\s*([\d,]+) of ([\d,]+)(?:, (\d+)%)?\s*", cell)
        assert m, cell
        return int(m.group(1).replace(",", "")), int(m.group(2).replace(",", "")), m.group(3)

    for line, claim in zip(rows, PLAY_HELD + CLOSE_HELD):
        cells = line.strip().strip("|").split("|")
        won, n, printed = counts(cells[1])
        six_won, six_n, _ = counts(cells[2])
        schnapsen_won, schnapsen_n, _ = counts(cells[3])
        assert (won, n) == (six_won + schnapsen_won, six_n + schnapsen_n), line
        share = (200 * won + n) // (2 * n)  # nearest percent
        assert int(printed) == share, line
        assert claim == share, (line, claim)


def quoted_row(text):
    """The row of the table a hint's sentence quotes a share from (its
    `N% in play` or `N% of such closes hold`; a card that won in no deal
    quotes none but is the 'won in no deal' row), or None for a hint that
    quotes no measured share (an exact position, a claim, a marriage)."""
    m = re.search(r"\((\d+)% in play\)", text)
    if m:
        return PLAY_LABELS[PLAY_HELD.index(int(m.group(1)))]
    if "loses least over the" in text:
        return PLAY_LABELS[-1]
    m = re.search(r"; (\d+)% of such closes hold", text)
    if m:
        return CLOSE_LABELS[CLOSE_HELD.index(int(m.group(1)))]
    return None


def watched_run(monkeypatch, capsys, argv):
    """calibrate's output for `argv`, and per hand: the Hand, and what the
    hard player noted (its level, its seat, whether it led the first
    trick, the table row each hint it would give quotes)."""
    import sixtysix.ai
    from sixtysix.hint import reason
    from sixtysix.match import Match

    watched = []
    hands = []
    start_hand = Match.start_hand

    def recorded_start(match):
        hands.append(start_hand(match))
        return hands[-1]

    class Watched(sixtysix.ai.SearchPlayer):
        def __init__(self, level, seed):
            super().__init__(level, seed)
            self.notes = {"level": level, "seat": None, "led": None, "rows": []}
            watched.append(self.notes)

        def choose(self, view):
            code = super().choose(view)
            if self.notes["seat"] is None:
                self.notes["seat"] = view.player
                self.notes["led"] = view.dealer != view.player  # the non-dealer leads the first trick
            row = quoted_row(reason(view, code, self))
            if row is not None:
                self.notes["rows"].append(row)
            return code

    monkeypatch.setattr(sixtysix.ai, "SearchPlayer", Watched)
    monkeypatch.setattr(Match, "start_hand", recorded_start)
    assert main(["calibrate", *argv, "--jobs", "1"]) == 0
    out = capsys.readouterr().out
    assert len(watched) == len(hands)
    return out, list(zip(hands, watched))


def test_hard_sits_first_in_one_hand_and_second_in_the_next(capsys, monkeypatch):
    """As the module says: who leads the first trick alternates, so the
    table measures hard's decisions from both sides of the table (it
    led every hand until a mutation audit found it)."""
    _, played = watched_run(monkeypatch, capsys, ["--hands", "6", "--seed", "5", "--game", "schnapsen"])
    assert [w["led"] for _, w in played] == [True, False] * 3
    assert all(w["level"] == "hard" for _, w in played)


def test_each_row_counts_the_decisions_whose_hint_quotes_its_share(capsys, monkeypatch):
    """The module's promise, checked from outside it: each row counts the
    decisions whose hint (hint.reason, what the device shows) quotes that
    row's share, held when hard won the hand (a marriage, whose hint quotes
    none, was counted as a card until a mutation audit); the 'hard won'
    count, each share and its Wilson interval follow from those counts."""
    from test_arena_figures import wilson_by_quadratic

    out, played = watched_run(monkeypatch, capsys, ["--hands", "8", "--seed", "2"])
    assert len(played) == 8 and all(w["level"] == "hard" for _, w in played)
    expected = {label: [0, 0] for label in PLAY_LABELS + CLOSE_LABELS}
    won = 0
    for hand, w in played:
        won += hand.winner == w["seat"]
        for row in w["rows"]:
            expected[row][0] += 1
            expected[row][1] += hand.winner == w["seat"]
    assert rows(out) == {label: tuple(counts) for label, counts in expected.items()}
    assert sum(n for n, _ in expected.values()) > 10 and 0 < won < 8
    assert "; hard won %d\n" % won in out
    for label, (n, held) in expected.items():
        line = next(x for x in out.splitlines() if x.startswith(label))
        if not n:
            assert re.search(r"\s-\s", line), line
            continue
        m = re.search(r"([\d.]+)% \[\s*([\d.]+),\s*([\d.]+)\]", line)
        assert m, line
        low, high = wilson_by_quadratic(held, n)
        assert [float(x) for x in m.groups()] == pytest.approx(
            [100 * held / n, 100 * low, 100 * high], abs=0.05 + 1e-9
        ), line


def test_a_seed_is_taken_at_both_ends_of_the_range_every_command_takes(capsys):
    """0 to 999999999, as arena and bench take it (the next one is refused
    above)."""
    for seed in ("0", "999999999"):
        assert main(["calibrate", "--hands", "1", "--seed", seed, "--jobs", "1"]) == 0
        assert "seed %s; hard won " % seed in capsys.readouterr().out
