"""`sixtysix arena`: running it, its records, its command line and bad input.

The arena runs here are tiny (a few matches to 2 game points) and are
checked against the records they write: every record must replay, and the
replays must add up to the figures printed.  The interval math and the
figures recomputed independently: test_arena_figures.py.
"""

import os
import re

import pytest
from sixtysix_tools import arena, cli
from sixtysix_tools.records import read

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
    assert re.search(r"^game points / hand, a - b: [-+][\d.]+ \[needs two %s\]$" % units, out, re.M), out
    # "deal pairs won twice" has a meaning only where deals come in pairs
    assert ("deal pairs won twice" in out) == (units == "deal pairs"), out


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
        ("ismcts", "ismcts", "ismcts players need their C search"),
        ("ismcts-cards", "ismcts", "ismcts players need their C search"),
        ("ismcts-late", "ismcts", "ismcts players need their C search"),
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
        # the summary named both values while the matches were played under the last
        (
            RANDOMS + ["--option", "mode=assisted", "--option", "Mode=counting"],
            "--option mode is given twice",
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


def test_an_out_folder_whose_name_is_not_text_is_named_escaped(capsys, tmp_path):
    """A --out name with a byte that is not UTF-8 ended the run with a
    UnicodeEncodeError traceback while summary.txt was written (the
    records line quoted the name), and an ESC in it reached the terminal."""
    out_dir = str(tmp_path / "ar\udcff\x1b[31mx")
    status, out, err = run_arena(capsys, *RANDOMS, "--matches", "1", "--target", "1", "--out", out_dir)
    assert (status, err) == (0, "")
    assert "\x1b" not in out and "ar\\xff\\x1b[31mx (m0000-a-first.txt" in out
    out.encode("utf-8")  # nothing a strict UTF-8 output would refuse
    with open(os.path.join(out_dir, "summary.txt"), encoding="utf-8") as f:
        assert "ar\\xff\\x1b[31mx" in f.read()
