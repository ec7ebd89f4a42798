"""The figures `sixtysix arena` prints: its interval math (stats.py) against
published values and the score equation, and every share, interval, node
and time of small runs recomputed independently from the records.
"""

import math
import os
import re
import statistics

import pytest
from sixtysix_tools import arena
from sixtysix_tools.records import read
from sixtysix_tools.stats import Z95, ratio_interval, wilson
from test_arena import replayed, run_arena

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


@pytest.mark.parametrize("game", arena.GAME_NAMES)
def test_every_seed_a_run_deals_and_seats_with_is_a_small_int(game):
    """derive_seed: below 2**30, the core's PRNG range (and a board's small
    int), for the match and for every player of every seating."""
    s = arena.Settings(("random", "random"), game, (), 0, 40, 999999999, "", 1, 500)
    seeds = [x for g in arena.games(s) for x in (g.match_seed, *g.seeds)]
    assert all(0 <= x < 2**30 for x in seeds)
    assert max(seeds) >= 2**29  # the top bit below 2**30 is used: a mask, not a smaller range


def test_each_records_header_names_its_pair_and_the_seed_its_deals_come_from(capsys, tmp_path):
    """README: each match is saved under its pair's number with the players
    and seeds in comments at the top.  The header's pair is the file's, of
    --matches; both matches of a pair name one match seed, and a match
    dealt afresh from that seed deals the record's first hand."""
    from sixtysix_tools.records import RecordWriter
    from test_arena import _deals

    out_dir = str(tmp_path / "out")
    status, _, _ = run_arena(
        capsys, "--a", "random", "--b", "random", "--matches", "3", "--target", "1", "--seed", "8",
        "--jobs", "1", "--out", out_dir,
    )  # fmt: skip
    assert status == 0
    part = arena.part_named("sixty-six")
    for pair in range(3):
        seeds = set()
        for first in "ab":
            text = open(os.path.join(out_dir, "m%04d-%s-first.txt" % (pair, first)), encoding="utf-8").read()
            head = re.search(
                r"^# sixtysix arena, seed 8: deal pair (\d+) of 3, match seed (\d+)$", text, re.M
            )
            assert head is not None and int(head.group(1)) == pair, text
            seeds.add(int(head.group(2)))
            match = part.new_match(arena.build_rules(part, (), 1), int(head.group(2)))
            writer = RecordWriter(match)
            match.start_hand()
            writer.begin_hand()
            writer.sync()
            assert _deals(writer.text())[0] == _deals(text)[0]
            assert read(text).rules.target == 1  # --target 1, not the game's default
        assert len(seeds) == 1


def test_a_share_of_no_hands_is_0_of_0_not_an_interval():
    """A player who never bid has no contracts to make: its cell says
    '0 of 0' (Wilson's interval needs n > 0), and so do the hands won when
    every hand was thrown in."""
    thrown = (-1, 0, 0, 0, 0, -1, False)
    bid = [(0, 2, 0, 0, 0, 0, True), thrown]
    outcomes = [
        arena.Outcome(0, i, 0, tuple(bid), (5, 5), (0, 0), (False, False), (0.0, 0.0), "", "")
        for i in range(2)
    ]
    s = arena.Settings(("easy", "heuristic"), "four-hand", (), 2, 1, 1, "", 1, 500)
    out = "\n".join(arena.summary(s, outcomes)) + "\n"
    assert re.search(r"^contracts made\s+2\s+100\.0% \[[\d.]+, 100\.0\]\s+0 of 0$", out, re.M), out
    nobody = [
        arena.Outcome(0, i, -1, (thrown,), (5, 5), (0, 0), (False, False), (0.0, 0.0), "", "")
        for i in range(2)
    ]
    out = "\n".join(arena.summary(s, nobody)) + "\n"
    for row in ("hands won", "auctions won", "contracts made"):
        assert re.search(r"^%s\s+0 of 0\s+0 of 0$" % row, out, re.M), out


@pytest.mark.parametrize("game", ["sixty-five", "four-hand"])
def test_in_the_partnership_games_a_holds_side_ac_then_bd_as_its_header_says(game):
    """AI.md: in the partnership games a holds side AC, then BD; the
    record's header names the side (Sixty-Five) or the seats (four-hand)
    a and b hold in that match."""
    s = arena.Settings(("easy", "random"), game, (), 0, 1, 1, "", 1, 500)
    held = []
    for g in arena.games(s):
        header = arena.record_header(s, g)
        sides = re.findall(r"^# side (AC|BD): \w+ \(player ([ab])\)$", header, re.M)
        seats = re.findall(r"^# seat ([A-D]): \w+ \(player ([ab])\)$", header, re.M)
        held.append("".join(x for x, p in sorted(sides or seats) if p == "a"))
        assert len(sides or seats) == (2 if sides else 4), header
    assert held == ["AC", "BD"]
