"""`sixtysix arena` and its interval math.

The arena runs here are tiny (a few matches to 2 game points) and are
checked against the records they write: every record must replay, and the
replays must add up to the figures printed.
"""

import math
import os
import re
import statistics

import pytest
from sixtysix_tools import arena, cli
from sixtysix_tools.records import read
from sixtysix_tools.stats import Z95, ratio_interval, wilson

# --- interval math -------------------------------------------------------------


@pytest.mark.parametrize(
    "k, n, low, high",
    [
        # Newcombe (1998), "Two-sided confidence intervals for the single
        # proportion", Table I, method 3 (score interval, no correction).
        (81, 263, 0.2553, 0.3662),
        (15, 148, 0.0624, 0.1605),
        (0, 20, 0.0, 0.1611),
        (1, 29, 0.0061, 0.1718),
        (5, 10, 0.2366, 0.7634),
        (10, 10, 0.7225, 1.0),
    ],
)
def test_wilson_matches_published_values(k, n, low, high):
    got = wilson(k, n)
    assert got[0] == pytest.approx(low, abs=5e-5)
    assert got[1] == pytest.approx(high, abs=5e-5)


@pytest.mark.parametrize("k, n", [(1, 3), (7, 40), (33, 34), (500, 1000)])
def test_wilson_ends_solve_the_score_equation(k, n):
    """Each end p is where |k/n - p| equals z standard errors taken at p."""
    for p in wilson(k, n):
        assert (k / n - p) ** 2 == pytest.approx(Z95 * Z95 * p * (1 - p) / n, rel=1e-9)


def test_wilson_is_symmetric_and_refuses_nonsense():
    low, high = wilson(3, 17)
    assert wilson(14, 17) == pytest.approx((1 - high, 1 - low))
    for k, n in [(0, 0), (-1, 5), (6, 5)]:
        with pytest.raises(ValueError):
            wilson(k, n)


def test_ratio_interval_by_hand():
    # r = 4 / 8; residuals 3-1, -1-1, 2-2 = 2, -2, 0; variance 8 / 2 = 4;
    # standard error sqrt(4 / 3) / (8 / 3) = 0.4330127.
    estimate, low, high = ratio_interval([3, -1, 2], [2, 2, 4])
    assert estimate == 0.5
    assert low == pytest.approx(0.5 - Z95 * 0.4330127, abs=1e-6)
    assert high == pytest.approx(0.5 + Z95 * 0.4330127, abs=1e-6)


def test_ratio_interval_with_single_items_is_the_plain_mean_interval():
    values = [2, 0, -1, 3, 3, -2, 1, 0, 1]
    estimate, low, high = ratio_interval(values, [1] * len(values))
    half = Z95 * statistics.stdev(values) / math.sqrt(len(values))
    assert estimate == pytest.approx(statistics.mean(values))
    assert (low, high) == pytest.approx((estimate - half, estimate + half))


def test_ratio_interval_needs_two_clusters_for_a_width():
    estimate, low, high = ratio_interval([6], [4])
    assert estimate == 1.5 and math.isnan(low) and math.isnan(high)
    with pytest.raises(ValueError):
        ratio_interval([], [])
    with pytest.raises(ValueError):
        ratio_interval([1, 2], [1])
    with pytest.raises(ValueError):
        ratio_interval([1], [0])  # no items at all: no mean


def test_z95_is_the_normal_quantile():
    assert Z95 == pytest.approx(statistics.NormalDist().inv_cdf(0.975), rel=1e-12)


def test_wilson_ends_stay_inside_0_and_1_at_the_extremes():
    """The summary prints 100 * low with one decimal: a rounding error
    below 0 would show as -0.0 (it does for 0 of 27 without the clamp)."""
    for n in range(1, 200):
        low, high = wilson(0, n)[0], wilson(n, n)[1]
        assert 0.0 <= low < 1e-12 and 1 - 1e-12 < high <= 1.0, n
        assert ("%.1f" % (100 * low), "%.1f" % (100 * high)) == ("0.0", "100.0")


# --- running the arena -------------------------------------------------------


def run_arena(capsys, *argv):
    status = cli.main(["arena", *argv])
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err
    return status, out, err


def share(out, row):
    """(count of a, count of b) from a 'matches won' or 'hands won' row."""
    line = next(x for x in out.splitlines() if x.startswith(row))
    cell = r"(\d+)  [\d.]+% \[[\d.]+, [\d.]+\]"
    m = re.fullmatch(row + r"\s+" + cell + r"\s+" + cell, line)
    assert m, line
    return int(m.group(1)), int(m.group(2))


def replayed(folder):
    """Per file: (player in seat A, seat B as 'a'/'b', the Replay)."""
    out = {}
    for name in sorted(os.listdir(folder)):
        if name.endswith("-first.txt"):
            with open(os.path.join(folder, name), encoding="utf-8") as f:
                text = f.read()
            seats = "ab" if name.endswith("-a-first.txt") else "ba"
            out[name] = (seats, read(text), text)
    return out


@pytest.mark.parametrize(
    "extra, game",
    [
        ([], "sixty-six"),
        (["--game", "schnapsen", "--option", "schwarz=2", "--option", "Closer-Failed=2"], "schnapsen"),
    ],
)
def test_printed_figures_agree_with_the_records(capsys, tmp_path, extra, game):
    out_dir = str(tmp_path / "out")
    status, out, err = run_arena(
        capsys, "--a", "random", "--b", "heuristic", "--matches", "3", "--target", "2", "--seed", "5",
        "--jobs", "1", "--out", out_dir, *extra,
    )  # fmt: skip
    assert status == 0 and err == ""
    assert out.splitlines()[0].startswith("arena: a = random, b = heuristic; %s, first to 2" % game)
    records = replayed(out_dir)
    assert len(records) == 6
    wins = {"a": 0, "b": 0}
    hand_wins = {"a": 0, "b": 0}
    points = {"a": 0, "b": 0}
    hands = 0
    closes = {"a": [0, 0], "b": [0, 0]}  # made, won
    by_closer = {"a": [0, 0], "b": [0, 0], "nobody": [0, 0]}  # hands, game points a - b
    for name, (seats, replay, text) in records.items():
        # who closed each hand, read from the record's statements
        closers = [None]
        for line in text.splitlines():
            if line == "hand":
                closers.append(None)
            elif line in ("A close", "B close"):
                closers[-1] = "AB".index(line[0])
        for h, closer in zip(replay.hands, closers[1:]):
            if closer is not None:
                closes[seats[closer]][0] += 1
                closes[seats[closer]][1] += 1 if h.winner == closer else 0
            a_seat = seats.index("a")
            group = by_closer["nobody" if closer is None else seats[closer]]
            group[0] += 1
            group[1] += h.game_points[a_seat] - h.game_points[1 - a_seat]
        assert replay.rules.name == game and replay.rules.target == 2
        if extra:
            assert replay.rules.option_value("schwarz") == "2"
            assert replay.rules.option_value("closer-failed") == "2"
        assert replay.match.winner >= 0 and "unfinished" not in text, name
        wins[seats[replay.match.winner]] += 1
        for h in replay.hands:
            hands += 1
            if h.winner >= 0:
                hand_wins[seats[h.winner]] += 1
            for seat in range(2):
                points[seats[seat]] += h.game_points[seat]
        a_seat = "A" if seats == "ab" else "B"
        assert "# seat %s: random (player a, seed " % a_seat in text
        assert "# sixtysix arena, seed 5: deal pair " in text
        # The command-line replay accepts it too.
        assert cli.main(["replay", os.path.join(out_dir, name)]) == 0
        capsys.readouterr()
    assert share(out, "matches won") == (wins["a"], wins["b"])
    assert share(out, "hands won") == (hand_wins["a"], hand_wins["b"])
    decided = hand_wins["a"] + hand_wins["b"]
    assert (
        "3 deal pairs: 6 matches, %d hands, %d with a winner\n" % (hands, decided) in out
    )  # none unfinished
    per_hand = re.search(r"game points / hand\s+([\d.]+)\s+([\d.]+)", out)
    assert per_hand is not None
    assert float(per_hand.group(1)) == pytest.approx(points["a"] / hands, abs=5e-4)
    assert float(per_hand.group(2)) == pytest.approx(points["b"] / hands, abs=5e-4)
    diff = re.search(r"a - b: ([-+][\d.]+) \[([-+][\d.]+), ([-+][\d.]+)\]", out)
    assert diff is not None
    assert float(diff.group(1)) == pytest.approx((points["a"] - points["b"]) / hands, abs=5e-4)
    assert float(diff.group(2)) <= float(diff.group(1)) <= float(diff.group(3))
    row = next(x for x in out.splitlines() if x.startswith("closes won"))
    cells = re.findall(r"(\d+) of (\d+)", row)
    assert [(int(k), int(n)) for k, n in cells] == [
        (closes["a"][1], closes["a"][0]),
        (closes["b"][1], closes["b"][0]),
    ], row
    assert closes["a"][0] + closes["b"][0] > 0  # the random player closes now and then
    expected = ", ".join(
        "%s %s (%d)" % (who, "%+.3f" % (gp / n) if n else "-", n) for who, (n, gp) in by_closer.items()
    )
    assert "  by who closed (hands): %s\n" % expected in out, out
    assert "nodes / move" not in out  # neither player searches
    assert re.search(r"^time: [\d.]+ s on 1 job;", out, re.M)
    assert "\nrecords: %s (m0000-a-first.txt ... m0002-b-first.txt)\n" % out_dir in out


def test_each_pair_deals_the_same_cards_to_the_same_seats(capsys, tmp_path):
    out_dir = str(tmp_path / "out")
    status, out, _ = run_arena(
        capsys, "--a", "heuristic", "--b", "random", "--matches", "4", "--target", "3", "--seed", "11",
        "--jobs", "1", "--out", out_dir,
    )  # fmt: skip
    assert status == 0
    records = replayed(out_dir)
    twice = {"a": 0, "b": 0}
    split = 0
    first_deals = set()
    for pair in range(4):
        a_first = records["m%04d-a-first.txt" % pair]
        b_first = records["m%04d-b-first.txt" % pair]
        deals = [_deals(r[2]) for r in (a_first, b_first)]
        shared = min(len(deals[0]), len(deals[1]))
        assert shared >= 1 and deals[0][:shared] == deals[1][:shared]
        first_deals.add(deals[0][0])
        assert "# seat A: heuristic (player a" in a_first[2]
        assert "# seat A: random (player b" in b_first[2]
        assert "same deals, seats swapped: m%04d-b-first.txt" % pair in a_first[2]
        winners = (a_first[0][a_first[1].match.winner], b_first[0][b_first[1].match.winner])
        if winners[0] == winners[1]:
            twice[winners[0]] += 1
        else:
            split += 1
    assert len(first_deals) == 4  # different pairs, different cards
    assert "deal pairs won twice: a %d, b %d, by neither %d" % (twice["a"], twice["b"], split) in out


def _deals(text):
    """Every hand's deal lines (dealer, cards, upcard, stock), in order."""
    lines = [x for x in text.splitlines() if x and not x.startswith("#")]
    return [tuple(lines[i + 1 : i + 6]) for i, x in enumerate(lines) if x == "hand"]


def test_jobs_change_nothing_but_the_time(capsys, tmp_path):
    out_dir = str(tmp_path / "out")
    runs = []
    for seed, jobs in (("3", "1"), ("3", "2"), ("4", "2")):
        status, out, _ = run_arena(
            capsys, "--a", "random", "--b", "heuristic", "--matches", "3", "--target", "2",
            "--seed", seed, "--jobs", jobs, "--out", out_dir,
        )  # fmt: skip
        assert status == 0
        files = {n: open(os.path.join(out_dir, n)).read() for n in os.listdir(out_dir)}
        files.pop("summary.txt")
        runs.append(([x for x in out.splitlines() if not x.startswith("time:")], files))
    assert runs[0] == runs[1]
    assert "on 2 jobs" in open(os.path.join(out_dir, "summary.txt")).read()
    # A different seed plays other deals (so the comparison above means something).
    assert runs[2][1]["m0000-a-first.txt"] != runs[0][1]["m0000-a-first.txt"]


def test_a_searching_player_reports_nodes(capsys, tmp_path):
    status, out, _ = run_arena(
        capsys, "--a", "easy", "--b", "random", "--matches", "1", "--target", "1", "--jobs", "1",
        "--out", str(tmp_path),
    )  # fmt: skip
    assert status == 0
    assert re.search(r"^nodes / move\s+[\d.]+\s+-$", out, re.M), out
    assert "\n1 deal pair: 2 matches, " in out  # one pair, in the singular


@pytest.mark.parametrize("game, units", [("sixty-six", "deal pairs"), ("three-hand", "deal sets")])
def test_the_interval_note_names_its_units_in_the_plural_even_for_one(capsys, tmp_path, game, units):
    # The count line says "1 deal pair"; the note under the table speaks of
    # the units in general, so "over deal pair" would read wrong.
    status, out, _ = run_arena(
        capsys, "--a", "easy", "--b", "random", "--game", game, "--matches", "1", "--target", "1",
        "--jobs", "1", "--out", str(tmp_path),
    )  # fmt: skip
    assert status == 0
    assert "; normal approximation over %s for a - b\n" % units in out, out


def test_an_earlier_run_is_replaced_and_other_files_kept(capsys, tmp_path):
    (tmp_path / "m0042-b-first.txt").write_text("old")
    (tmp_path / "notes.txt").write_text("mine")
    (tmp_path / "m0042-b-first.txt.orig").write_text("mine too")  # named like a record, but not one
    status, _, _ = run_arena(
        capsys, "--a", "random", "--b", "random", "--matches", "1", "--target", "1", "--jobs", "1",
        "--out", str(tmp_path),
    )  # fmt: skip
    assert status == 0
    assert sorted(os.listdir(tmp_path)) == [
        "m0000-a-first.txt",
        "m0000-b-first.txt",
        "m0042-b-first.txt.orig",
        "notes.txt",
        "summary.txt",
    ]


RANDOMS = ["--a", "random", "--b", "random"]


@pytest.mark.parametrize(
    "argv, message",
    [
        (["--a", "grandmaster", "--b", "random"], "--a: unknown player 'grandmaster' (random, heuristic"),
        (
            ["--a", "random", "--b", "hrad"],
            "classic); host only: lookahead, pimc, ismcts, ismcts-cards, ismcts-late, LEVEL:SETTING=N,...",
        ),
        (
            ["--a", "random"],
            "name both players: --a NAME --b NAME (random, heuristic, easy, medium, hard; classic",
        ),
        (
            ["--a", "random", "--b", "random", "--option", "trumps=none"],
            "unknown option 'trumps' (options: mode",
        ),
        (["--a", "random", "--b", "random", "--option", "void=never"], "option void takes any or trump"),
        (["--a", "random", "--b", "random", "--option", "void"], "--option takes NAME=VALUE, not 'void'"),
        (RANDOMS + ["--matches", "0"], "--matches takes a number from 1 to 1000000, not '0'"),
        (RANDOMS + ["--matches", "ten"], "--matches takes a number from 1 to 1000000, not 'ten'"),
        (
            RANDOMS + ["--matches", "99999999999999"],
            "--matches takes a number from 1 to 1000000, not '99999999999999'",
        ),
        (RANDOMS + ["--matches", "\u0663"], "--matches takes a number from 1 to 1000000, not '\u0663'"),
        (["--a", "random", "--b", "random", "--jobs", "0"], "--jobs takes a number from 1 to 256, not '0'"),
        (RANDOMS + ["--jobs", "99999"], "--jobs takes a number from 1 to 256, not '99999'"),
        (RANDOMS + ["--seed", "-5"], "--seed takes a number from 0 to 999999999, not '-5'"),
        (RANDOMS + ["--target", "100"], "--target takes a number from 1 to 99, not '100'"),
        (["--a", "random", "--b", "random", "--game", "chess"], "unknown game 'chess'"),
        (["--a", "random", "--b", "random", "--game", "Chess"], "unknown game 'Chess'"),  # as typed
        # a look-alike (the Kelvin sign) is no k: refused, and shown as an escape
        (["--a", "random", "--b", "random", "--option", "played-out=last-tric\u212a"], "tric\\u212a'"),
        (["--a", "random", "--b", "random", "--game", "sixty-si\u212a"], "unknown game 'sixty-si\\u212a'"),
    ],
)
def test_bad_input_is_one_line_and_status_2(capsys, tmp_path, argv, message):
    out_dir = tmp_path / "out"
    status, out, err = run_arena(capsys, *argv, "--out", str(out_dir))
    assert status == 2
    assert out == ""
    assert err.count("\n") == 1 and err.startswith("sixtysix arena: ")
    assert message in err
    assert not out_dir.exists()  # nothing was started


def test_an_unusable_out_folder_is_bad_input(capsys, tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("")
    status, out, err = run_arena(capsys, "--a", "random", "--b", "random", "--out", str(blocker))
    assert status == 2 and out == ""
    assert err == "sixtysix arena: --out %s is a file, not a folder\n" % blocker
    # the folder cannot be made: the system's reason, without its errno or a repeated path
    inside = blocker / "records"
    status, out, err = run_arena(capsys, "--a", "random", "--b", "random", "--out", str(inside))
    assert status == 2 and out == ""
    assert err == "sixtysix arena: --out %s: Not a directory\n" % inside


@pytest.mark.parametrize("at, pairs", [(5, 2), (4, 1)])
def test_ctrl_c_keeps_the_finished_pairs(capsys, tmp_path, monkeypatch, at, pairs):
    """Interrupted in the `at`-th match: the summary is of the complete
    pairs only (a pair's first match alone is left out of it)."""
    real = arena.play_game
    calls = []

    def interrupted(game):
        calls.append(game)
        if len(calls) == at:
            raise KeyboardInterrupt
        return real(game)

    monkeypatch.setattr(arena, "play_game", interrupted)
    status, out, err = run_arena(
        capsys, "--a", "random", "--b", "heuristic", "--matches", "4", "--target", "2", "--jobs", "1",
        "--out", str(tmp_path),
    )  # fmt: skip
    assert status == 130
    assert err == "sixtysix arena: interrupted after %d of 4 deal pairs\n" % pairs
    assert "\n%d deal pair%s: %d matches, " % (pairs, "s" if pairs > 1 else "", 2 * pairs) in out
    assert len([n for n in os.listdir(tmp_path) if n.endswith("-first.txt")]) == at - 1


def test_an_illegal_choice_stops_the_run_and_points_at_the_record(capsys, tmp_path, monkeypatch):
    class Stubborn:
        def choose(self, view):
            c = 0
            while (view.legal_plays >> c) & 1:
                c += 1
            return c  # a card it may not play

    real = arena.make_player

    def stubborn_easy(game, name, seed):
        return Stubborn() if name == "easy" else real(game, name, seed)

    monkeypatch.setattr(arena, "make_player", stubborn_easy)
    status, out, err = run_arena(
        capsys, "--a", "heuristic", "--b", "easy", "--matches", "2", "--jobs", "1", "--out", str(tmp_path),
    )  # fmt: skip
    assert status == 1 and out == ""
    assert re.fullmatch(
        r"sixtysix arena: easy \(player b, seat [AB]\) chose 'play \w\w' in hand 1: .+ "
        r"\(record: .+m0000-a-first\.txt\)\n",
        err,
    ), err
    text = (tmp_path / "m0000-a-first.txt").read_text()
    assert "\n# stopped: easy (player b" in text and "unfinished" not in text
    read(text)  # the moves before the refused one are a valid record


# --- matches that do not end --------------------------------------------------------


@pytest.mark.parametrize(
    "game, pattern",
    [
        ("sixty-six", "-first.txt"),
        ("sixty-five", "-first.txt"),
        ("four-hand", ".txt"),
        ("three-hand", ".txt"),
    ],
)
def test_max_hands_stops_a_match_and_calls_it_unfinished(capsys, tmp_path, game, pattern):
    """Target 99 cannot be reached in 3 hands (at most 5 game points a
    hand), so every match stops at the bound: unfinished, in the summary
    and in each record, which still replays (without a winner)."""
    out_dir = str(tmp_path / "out")
    status, out, err = run_arena(
        capsys, "--a", "random", "--b", "random", "--game", game, "--matches", "1", "--target", "99",
        "--max-hands", "3", "--seed", "6", "--jobs", "1", "--out", out_dir,
    )  # fmt: skip
    assert status == 0 and err == ""
    names = sorted(n for n in os.listdir(out_dir) if n.startswith("m0000") and n.endswith(pattern))
    assert len(names) == (6 if game == "three-hand" else 2)
    assert "%d unfinished after 3 hands (--max-hands)" % len(names) in out
    assert share(out, "matches won") == (0, 0)
    if game != "three-hand":  # nobody won this pair, twice or once
        assert re.search(r"^deal pairs won twice: a 0, b 0, by neither \d+$", out, re.M), out
    for name in names:
        path = os.path.join(out_dir, name)
        text = open(path, encoding="utf-8").read()
        assert text.rstrip("\n").endswith("# unfinished: no winner after 3 hands (--max-hands 3)")
        assert sum(1 for x in text.splitlines() if x == "hand") == 3
        assert cli.main(["replay", "--json", path]) == 0
        replay_out = capsys.readouterr().out
        assert '"winner": null' in replay_out.rsplit('"match"', 1)[-1]


def test_max_hands_is_bad_input_below_one(capsys, tmp_path):
    status, out, err = run_arena(
        capsys, "--a", "random", "--b", "random", "--game", "four-hand", "--max-hands", "0",
        "--out", str(tmp_path / "out"),
    )  # fmt: skip
    assert status == 2 and out == ""
    assert err == "sixtysix arena: --max-hands takes a number from 1 to 1000000, not '0'\n"


def test_random_four_hand_matches_end_within_the_default_bound(capsys, tmp_path):
    """The run of issue 12 that never finished: random bidders fail bids
    and both sides can sink below zero for thousands of hands."""
    out_dir = str(tmp_path / "out")
    status, out, err = run_arena(
        capsys, "--a", "random", "--b", "random", "--game", "four-hand", "--matches", "10", "--seed", "6",
        "--jobs", "1", "--out", out_dir,
    )  # fmt: skip
    assert status == 0 and err == ""
    hands = re.search(r"20 matches, (\d+) hands", out)
    assert hands is not None and int(hands.group(1)) <= 20 * arena.MAX_HANDS
    assert re.search(r"\d+ unfinished after %d hands \(--max-hands\)" % arena.MAX_HANDS, out), out


@pytest.mark.parametrize(
    "player, module, says",
    [
        ("pimc", "fastsolve", "pimc player needs the C search"),
        ("ismcts", "ismcts", "ismcts player needs its C search"),
        ("ismcts-cards", "ismcts", "ismcts player needs its C search"),
        ("ismcts-late", "ismcts", "ismcts player needs its C search"),
    ],
)
def test_a_player_in_c_without_a_compiler_is_one_line(capsys, tmp_path, monkeypatch, player, module, says):
    """The host players built from C sources (cbuild.py) on a machine with
    no compiler: one line on stderr and status 2, no traceback."""
    import importlib

    mod = importlib.import_module("sixtysix_tools." + module)
    monkeypatch.setattr(mod.LIBRARY, "lib", None)
    monkeypatch.setattr(mod.LIBRARY, "error", "")
    monkeypatch.setenv("SIXTYSIX_CACHE", str(tmp_path))
    monkeypatch.setenv("CC", str(tmp_path / "no-such-cc"))
    out = str(tmp_path / "out")
    assert cli.main(["arena", "--a", player, "--b", "heuristic", "--matches", "1", "--out", out]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and says in err[0], err


@pytest.mark.parametrize("value", ["\u0661\u0660", "1_000", "+5", " 5x", "\u00b2", "-0"])
def test_a_level_setting_takes_ascii_digits_only(value):
    from sixtysix_tools import variant

    with pytest.raises(ValueError, match="max_nodes takes a whole number"):
        variant.parse("hard:max_nodes=" + value)
    assert variant.parse("hard:max_nodes=12") == ("hard", {"max_nodes": 12})
    assert variant.parse("hard:open_from=-1") == ("hard", {"open_from": -1})


@pytest.mark.parametrize("value", ["\u00b2", "\u0661", "1_0", "+5"])
def test_ismcts_iterations_take_ascii_digits_only(value):
    from sixtysix_tools import ismcts

    with pytest.raises(ValueError, match="iterations takes a whole number from 1 to"):
        ismcts.parse("ismcts:iterations=" + value)


# --- the command line, read without playing ------------------------------------------


def arena_settings(*argv):
    """`arena.settings` of a command line, as `sixtysix arena` reads it."""
    import argparse

    parser = argparse.ArgumentParser()
    arena.add_arguments(parser)
    return arena.settings(parser.parse_args(list(argv)))


def test_the_defaults_are_the_documented_ones(monkeypatch):
    """docs/AI.md: 100 deal pairs, seed 1, records in arena-out/, at most
    500 hands a match, one worker a core, the game's own target."""
    monkeypatch.setattr(arena.os, "cpu_count", lambda: 3)
    s = arena_settings("--a", "HARD", "--b", "Random")
    assert s == arena.Settings(
        players=("hard", "random"),
        game="sixty-six",
        options=(),
        target=0,
        matches=100,
        seed=1,
        out="arena-out",
        jobs=3,
        max_hands=500,
    )
    monkeypatch.setattr(arena.os, "cpu_count", lambda: None)  # unknown: one worker
    assert arena_settings("--a", "random", "--b", "random").jobs == 1
    with open(os.path.join(os.path.dirname(__file__), "..", "docs", "AI.md"), encoding="utf-8") as f:
        assert "`--max-hands N` (default %d)" % arena.MAX_HANDS in f.read()


def test_options_are_read_in_any_case_and_spacing():
    s = arena_settings(
        "--a", "random", "--b", "random", "--game", "Schnapsen", "--option", " Schwarz = 2 ",
        "--option", "MODE=Assisted", "--target", "1",
    )  # fmt: skip
    assert (s.game, s.options, s.target) == ("schnapsen", (("schwarz", "2"), ("mode", "assisted")), 1)


@pytest.mark.parametrize(
    "option, low, high",
    [
        ("--matches", 1, 1000000),
        ("--seed", 0, 999999999),
        ("--target", 1, 99),
        ("--jobs", 1, arena.MOST_JOBS),
        ("--max-hands", 1, 1000000),
    ],
)
def test_each_number_is_taken_at_both_ends_of_its_range_and_not_past_them(option, low, high):
    field = option[2:].replace("-", "_")
    for value in (low, high):
        assert getattr(arena_settings(*RANDOMS, option, str(value)), field) == value
    for value in (low - 1, high + 1):
        with pytest.raises(arena.UsageError) as refused:
            arena_settings(*RANDOMS, option, str(value))
        assert str(refused.value) == "%s takes a number from %d to %d, not '%d'" % (option, low, high, value)
    assert arena.MOST_JOBS == 256


@pytest.mark.parametrize(
    "argv, message",
    [
        (["--a", "", "--b", "random"], "--a: unknown player ''"),
        (["--a", "random", "--b", "random", "--option", "=2"], "--option takes NAME=VALUE, not '=2'"),
        (
            ["--a", "random", "--b", "random", "--option", "schwarz= "],
            "--option takes NAME=VALUE, not 'schwarz= '",
        ),
        (["--a", "random", "--b", "random", "--target", ""], "--target takes a number from 1 to 99, not ''"),
        (
            ["--a", "random", "--b", "random", "--game", "four-hand", "--option", "solo=maybe"],
            "option solo takes",
        ),
        (
            ["--a", "random", "--b", "random", "--game", "sixty-five", "--option", "mode=classic"],
            "sixty-five has no rule options (--target N sets the match)",
        ),
        (
            RANDOMS + ["--option", "mode=assisted", "--option", "trumps=none"],
            "unknown option 'trumps' (options: mode",
        ),
    ],
)
def test_more_bad_input_is_one_line_and_status_2(capsys, tmp_path, argv, message):
    out_dir = tmp_path / "out"
    status, out, err = run_arena(capsys, *argv, "--out", str(out_dir))
    assert (status, out) == (2, "")
    assert err.count("\n") == 1 and err.startswith("sixtysix arena: ") and message in err, err
    assert "(options:" not in err or "unknown option" in err  # the list only for a name it does not know
    assert not out_dir.exists()


def test_no_more_workers_than_matches_and_none_for_one_job(capsys, tmp_path, monkeypatch):
    """--jobs 256 for one deal pair starts two workers, not 256; --jobs 1
    plays in this process."""
    pools = []
    real = arena.multiprocessing.Pool

    def counted(jobs, **kwargs):
        pools.append(jobs)
        return real(jobs, **kwargs)

    monkeypatch.setattr(arena.multiprocessing, "Pool", counted)
    common = ["--matches", "1", "--target", "1", "--out", str(tmp_path)]
    status, out, _ = run_arena(capsys, *RANDOMS, "--jobs", "256", *common)
    assert status == 0 and pools == [2]
    assert re.search(r"^time: [\d.]+ s on 2 jobs;", out, re.M), out
    status, out, _ = run_arena(capsys, *RANDOMS, "--jobs", "1", *common)
    assert status == 0 and pools == [2]
    assert re.search(r"^time: [\d.]+ s on 1 job;", out, re.M), out


def test_an_earlier_summary_is_gone_even_when_no_pair_is_finished(capsys, tmp_path, monkeypatch):
    (tmp_path / "summary.txt").write_text("an earlier run's figures")

    def interrupted(game):
        raise KeyboardInterrupt

    monkeypatch.setattr(arena, "play_game", interrupted)
    status, out, err = run_arena(capsys, *RANDOMS, "--matches", "1", "--jobs", "1", "--out", str(tmp_path))
    assert (status, out) == (130, "")
    assert err == "sixtysix arena: interrupted after 0 of 1 deal pairs\n"
    assert os.listdir(tmp_path) == []


def test_an_unknown_game_is_named_without_a_line_number(capsys, tmp_path):
    status, out, err = run_arena(capsys, *RANDOMS, "--game", "chess", "--out", str(tmp_path / "out"))
    assert (status, out) == (2, "")
    games = "sixty-six, schnapsen, three-hand, four-hand, sixty-five, bid-two or bid-three"
    assert err == "sixtysix arena: unknown game 'chess' (%s)\n" % games


def test_record_names_widen_only_when_the_pairs_need_it():
    s = arena_settings(*RANDOMS, "--matches", "10000")
    assert arena.record_name(s, 9999, 1) == "m9999-b-first.txt"
    wider = s._replace(matches=10001)
    assert arena.record_name(wider, 7, 0) == "m00007-a-first.txt"
    three = s._replace(game="three-hand")
    assert arena.record_name(three, 12, 5) == "m0012-s5.txt"


# --- the figures, recomputed independently -------------------------------------


def wilson_by_quadratic(k, n):
    """The Wilson ends as the roots of (k/n - p)**2 = z**2 p (1 - p) / n,
    with z from the standard library, not from stats.py."""
    z = statistics.NormalDist().inv_cdf(0.975)
    a = 1 + z * z / n
    b = -(2 * k / n + z * z / n)
    c = (k / n) ** 2
    root = math.sqrt(b * b - 4 * a * c)
    return (-b - root) / (2 * a), (-b + root) / (2 * a)


def cells(out, row):
    """[(k, n or None, percent, low, high)] of a row's two cells."""
    line = next(x for x in out.splitlines() if x.startswith(row))
    found = re.findall(r"(\d+)(?: of (\d+))?  ([\d.]+)% \[([\d.]+), ([\d.]+)\]", line)
    assert len(found) == 2, line
    return [(int(k), int(n) if n else None, float(p), float(lo), float(hi)) for k, n, p, lo, hi in found]


def check_share(cell, k, n):
    low, high = wilson_by_quadratic(k, n)
    assert cell[0] == k and cell[1] in (None, n)
    assert cell[2] == pytest.approx(100 * k / n, abs=0.05 + 1e-9)
    assert (cell[3], cell[4]) == pytest.approx((100 * low, 100 * high), abs=0.05 + 1e-9), (cell, k, n)


def test_shares_percentages_and_intervals_are_the_textbook_ones(capsys, tmp_path):
    """Each share is k of the right n (matches; hands with a winner;
    closes by that player), and every interval, the a - b one over deal
    pairs included, is what independent formulas give from the records."""
    out_dir = str(tmp_path / "out")
    status, out, _ = run_arena(
        capsys, "--a", "random", "--b", "heuristic", "--matches", "4", "--target", "3", "--seed", "4",
        "--jobs", "1", "--out", out_dir,
    )  # fmt: skip
    assert status == 0
    records = replayed(out_dir)
    matches = {"a": 0, "b": 0}
    hands = {"a": 0, "b": 0}
    closes = {"a": [0, 0], "b": [0, 0]}  # won, closed
    pair_sums = [0] * 4
    pair_hands = [0] * 4
    for name, (seats, replay, text) in records.items():
        pair = int(name[1:5])
        matches[seats[replay.match.winner]] += 1
        closers = [None]
        for line in text.splitlines():
            if line == "hand":
                closers.append(None)
            elif line in ("A close", "B close"):
                closers[-1] = "AB".index(line[0])
        a_seat = seats.index("a")
        for h, closer in zip(replay.hands, closers[1:]):
            if h.winner >= 0:
                hands[seats[h.winner]] += 1
            if closer is not None:
                closes[seats[closer]][1] += 1
                closes[seats[closer]][0] += h.winner == closer
            pair_sums[pair] += h.game_points[a_seat] - h.game_points[1 - a_seat]
            pair_hands[pair] += 1
    decided = hands["a"] + hands["b"]
    winners = {}
    for name, (seats, replay, _) in records.items():
        winners.setdefault(name[:5], []).append(seats[replay.match.winner])
    twice = {w: sum(1 for x in winners.values() if x == [w, w]) for w in "ab"}
    split = sum(1 for x in winners.values() if x[0] != x[1])
    assert split > 0 and twice["b"] > 0  # so that each count is tested
    assert "deal pairs won twice: a %d, b %d, by neither %d\n" % (twice["a"], twice["b"], split) in out
    for p, who in enumerate("ab"):
        check_share(cells(out, "matches won")[p], matches[who], 8)
        check_share(cells(out, "hands won")[p], hands[who], decided)
        check_share(cells(out, "closes won")[p], *closes[who])
    # a - b per hand: the ratio estimator over the 4 deal pairs, its
    # standard error from the residuals' sample deviation.
    r = sum(pair_sums) / sum(pair_hands)
    residuals = [y - r * m for y, m in zip(pair_sums, pair_hands)]
    se = statistics.stdev(residuals) / math.sqrt(4) / statistics.mean(pair_hands)
    z = statistics.NormalDist().inv_cdf(0.975)
    diff = re.search(r"game points / hand, a - b: ([-+][\d.]+) \[([-+][\d.]+), ([-+][\d.]+)\]", out)
    assert diff is not None
    assert [float(x) for x in diff.groups()] == pytest.approx([r, r - z * se, r + z * se], abs=5e-4 + 1e-9)
    assert se > 0


class _Timed:
    """A real player whose every choice takes `ms` on the fake clock and
    that reports `nodes` search nodes (if not None) or has a `solver`."""

    def __init__(self, inner, clock, ms, nodes, solver):
        self.inner, self.clock, self.ms, self.n = inner, clock, ms, nodes
        if solver:
            self.solver = None

    def choose(self, view):
        self.clock.now += self.ms / 1000
        code = self.inner.choose(view)
        if self.n is not None:
            self.nodes = self.n
        return code


def _fake_players(monkeypatch, a, b):
    """Players a and b as _Timed (ms, nodes, solver), on a fake clock."""

    class Clock:
        now = 0.0

    clock = Clock()
    monkeypatch.setattr(arena, "time", type("T", (), {"perf_counter": staticmethod(lambda: clock.now)}))
    real = arena.make_player
    plays = {"random": a, "heuristic": b}

    def make(game, name, seed):
        return _Timed(real(game, name, seed), clock, *plays[name])

    monkeypatch.setattr(arena, "make_player", make)


def test_nodes_and_time_per_move_are_each_players_own(capsys, tmp_path, monkeypatch):
    """a reports 3 nodes a move and takes 1 ms, b reports none and takes
    3 ms, whatever seat they sit in (time here is a fake clock's)."""
    _fake_players(monkeypatch, (1, 3, False), (3, None, False))
    status, out, _ = run_arena(
        capsys, "--a", "random", "--b", "heuristic", "--matches", "2", "--target", "2", "--seed", "4",
        "--jobs", "1", "--out", str(tmp_path),
    )  # fmt: skip
    assert status == 0
    assert re.search(r"^nodes / move\s+3\.0\s+-$", out, re.M), out
    assert "choosing takes a 1.000 ms, b 3.000 ms per move" in out


def test_a_solver_without_nodes_still_counts_as_searching_in_either_seat(capsys, tmp_path, monkeypatch):
    _fake_players(monkeypatch, (1, None, False), (1, None, True))
    status, out, _ = run_arena(
        capsys, "--a", "random", "--b", "heuristic", "--matches", "1", "--target", "1", "--seed", "4",
        "--jobs", "1", "--out", str(tmp_path),
    )  # fmt: skip
    assert status == 0
    assert re.search(r"^nodes / move\s+-\s+0\.0$", out, re.M), out


def test_timing_divides_each_players_time_by_its_own_moves():
    o = arena.Outcome(0, 0, 0, (), (2, 4), (0, 0), (False, False), (0.002, 0.012), "", "")
    p = o._replace(moves=(6, 0), seconds=(0.003, 0.0))
    assert arena.timing([o, p], 2.5, 2) == (
        "time: 2.5 s on 2 jobs; choosing takes a 0.625 ms, b 3.000 ms per move"
    )


def test_each_player_keeps_its_seed_when_the_seats_are_swapped(capsys, tmp_path):
    """In the games for two each arena player has one seed per deal pair
    (gamepart: seed_per_seat False), so the swap changes only the seats."""
    out_dir = str(tmp_path / "out")
    status, _, _ = run_arena(
        capsys, "--a", "random", "--b", "random", "--matches", "2", "--target", "1", "--seed", "9",
        "--jobs", "1", "--out", out_dir,
    )  # fmt: skip
    assert status == 0
    for pair in range(2):
        seeds = [
            dict(re.findall(r"^# seat [AB]: random \(player ([ab]), seed (\d+)\)$", text, re.M))
            for text in (open(os.path.join(out_dir, "m%04d-%s-first.txt" % (pair, w))).read() for w in "ab")
        ]
        assert seeds[0] == seeds[1] and seeds[0]["a"] != seeds[0]["b"], seeds


@pytest.mark.parametrize("game", ["four-hand", "three-hand", "sixty-five"])
def test_every_seat_of_a_match_has_its_own_seed_where_seats_are_seeded(game):
    """gamepart: seed_per_seat, each seat's player its own seed (partners
    included), from the match seed, the player and the seat: the same
    player in the same seat gets the same seed in every seating."""
    s = arena.Settings(("random", "random"), game, (), 0, 2, 1, "", 1, 500)
    todo = arena.games(s)
    assert len({g.match_seed for g in todo}) == 2
    part = arena.part_named(game)
    for pair in range(2):
        seen: dict = {}
        for g in (g for g in todo if g.pair == pair):
            assert len(set(g.seeds)) == len(g.seeds), g
            for seat, seed in enumerate(g.seeds):
                assert seen.setdefault((seat, part.seatings[g.seating][seat]), seed) == seed


def test_four_hand_summary_counts_thrown_in_hands_where_they_belong():
    """From made-up outcomes (thrown-in hands are rare in play): hands won
    are shared out of the hands with a winner, auctions out of the hands
    someone bid in, contracts out of each player's own bids, and game
    points per hand are over all hands."""
    # (winner, game points a, b, hand points a, b, bidder, made), by player
    hands = [
        [(0, 1, 0, 0, 0, 0, True), (-1, 0, 0, 0, 0, -1, False), (0, 2, 0, 0, 0, 1, False)],
        [(1, 0, 2, 0, 0, 1, True), (0, 1, 0, 0, 0, 0, True)],
        [(0, 3, 0, 0, 0, 0, True)],
        [(-1, 0, 0, 0, 0, -1, False), (1, 0, 1, 0, 0, 0, False), (0, 2, 0, 0, 0, 0, True)],
    ]
    outcomes = [
        arena.Outcome(i // 2, i % 2, won, tuple(hands[i]), (9, 9), (0, 0), (False, False), (0.0, 0.0), "", "")
        for i, won in enumerate((0, 1, 0, 0))
    ]
    s = arena.Settings(("easy", "heuristic"), "four-hand", (), 3, 2, 1, "", 1, 500)
    out = "\n".join(arena.summary(s, outcomes)) + "\n"
    assert "2 deal pairs: 4 matches, 9 hands, 7 with a winner (2 thrown in)\n" in out
    for p, (matches, won, bids, made) in enumerate([(3, 5, 5, 4), (1, 2, 2, 1)]):
        check_share(cells(out, "matches won")[p], matches, 4)
        check_share(cells(out, "hands won")[p], won, 7)
        check_share(cells(out, "auctions won")[p], bids, 7)
        check_share(cells(out, "contracts made")[p], made, bids)
    assert re.search(r"^game points / hand\s+1\.000\s+0\.333$", out, re.M), out
    assert "deal pairs won twice: a 1, b 0, by neither 1\n" in out
    # a - b per hand over the two pairs: sums 2 and 4 of 5 and 4 hands
    r = 6 / 9
    se = statistics.stdev([2 - r * 5, 4 - r * 4]) / math.sqrt(2) / 4.5
    z = statistics.NormalDist().inv_cdf(0.975)
    assert "game points / hand, a - b: %+.3f [%+.3f, %+.3f]\n" % (r, r - z * se, r + z * se) in out


def test_sixty_five_hand_points_are_each_sides_and_their_interval_is_over_pairs(capsys, tmp_path):
    out_dir = str(tmp_path / "out")
    status, out, _ = run_arena(
        capsys, "--game", "sixty-five", "--a", "random", "--b", "heuristic", "--matches", "3",
        "--target", "2", "--seed", "2", "--jobs", "1", "--out", out_dir,
    )  # fmt: skip
    assert status == 0
    sums = [0] * 3
    sizes = [0] * 3
    totals = {"a": 0, "b": 0}
    for name in sorted(n for n in os.listdir(out_dir) if n.endswith("-first.txt")):
        a_side = 0 if "-a-first" in name else 1
        for h in read(open(os.path.join(out_dir, name), encoding="utf-8").read()).hands:
            totals["a"] += h.points[a_side]
            totals["b"] += h.points[1 - a_side]
            sums[int(name[1:5])] += h.points[a_side] - h.points[1 - a_side]
            sizes[int(name[1:5])] += 1
    n = sum(sizes)
    row = re.search(r"^hand points / hand\s+([\d.]+)\s+([\d.]+)$", out, re.M)
    assert row is not None
    assert [float(x) for x in row.groups()] == pytest.approx([totals["a"] / n, totals["b"] / n], abs=5e-3)
    r = sum(sums) / n
    se = statistics.stdev([y - r * m for y, m in zip(sums, sizes)]) / math.sqrt(3) / statistics.mean(sizes)
    z = statistics.NormalDist().inv_cdf(0.975)
    diff = re.search(r"^hand points / hand, a - b: ([-+][\d.]+) \[([-+][\d.]+), ([-+][\d.]+)\]$", out, re.M)
    assert diff is not None
    assert [float(x) for x in diff.groups()] == pytest.approx([r, r - z * se, r + z * se], abs=5e-3)
    assert se > 0
