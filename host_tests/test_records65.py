"""Sixty-Five records and random-play properties of the engine (host only).

Records: written while random matches are played, they replay to the same
results; every kind of bad statement is rejected at its line with a
player's reason; no truncation or corruption crashes the reader.  Random
play: every hand totals 65, every int stays below 2**30, and a rejected
card changes nothing.
"""

import json
import subprocess
import sys

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sixtysix.cardtext import parse_card48
from sixtysix.hand import IllegalAction
from sixtysix.rng import Rng
from sixtysix.sixtyfive import MAX_ACTIONS, SIDE_NAMES, SixtyFiveHand, SixtyFiveMatch, SixtyFiveRules
from sixtysix_tools.records import RecordError, RecordWriter, read

# A clubs (the three swapped for the ace of diamonds), B diamonds and the
# three of clubs, C hearts, D spades; D deals, A leads.
HEAD = """game sixty-five
hand
dealer D
A 4C 5C 6C 7C 8C 9C TC JC QC KC AC AD
B 3C 3D 4D 5D 6D 7D 8D 9D TD JD QD KD
C 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH
D 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS
"""
HEAD_LINES = HEAD.count("\n")


def error_of(text):
    with pytest.raises(RecordError) as e:
        read(text)
    return e.value.line, e.value.reason


def play_match(seed, target=5, stop_after=-1):
    """Random legal play; (record text, match, per-hand results as the
    engine saw them: points, game points, winner, the side that took the
    last trick).  stop_after >= 0 stops after that many cards."""
    rules = SixtyFiveRules()
    rules.target = target
    m = SixtyFiveMatch(rules, seed)
    writer = RecordWriter(m)
    rng = Rng(seed + 1000)
    buf = bytearray(MAX_ACTIONS)
    results = []
    cards = 0
    while m.winner < 0:
        h = m.start_hand()
        writer.begin_hand()
        while not h.over:
            if cards == stop_after:
                writer.sync()
                return writer.text(), m, results
            h.act(buf[rng.below(h.legal_actions(buf))])
            cards += 1
        writer.sync()
        results.append(((h.score(0), h.score(1)), tuple(h.game_points), h.winner, h.last_winner & 1))
        m.finish_hand()
    return writer.text(), m, results


# --- writing and reading back ------------------------------------------------


def test_each_hand_tells_its_game_points_and_who_took_the_last_trick():
    """'1 game point' but '2 game points'; the last trick is named by the
    side the engine gave it to, which is not always the hand's winner."""
    seen = set()
    for seed in range(1, 13):
        text, _, results = play_match(seed)
        for hand, (_points, game_points, winner, last) in zip(read(text).hands, results, strict=True):
            points = game_points[winner]
            assert "%d game point%s with" % (points, "" if points == 1 else "s") in hand.why, hand.why
            assert hand.why.endswith("last trick %s)" % SIDE_NAMES[last]), hand.why
            seen.add((points == 1, last == winner))
    assert {one for one, _ in seen} == {True, False}  # hands worth 1 and worth more
    assert (True, False) in seen or (False, False) in seen  # a last trick taken by the losers


def test_records_written_while_playing_replay_to_the_same_match():
    for seed in range(1, 41):
        target = 1 + seed % 6
        text, m, results = play_match(seed, target)
        replay = read(text)
        assert replay.game == "sixty-five"
        assert replay.rules.target == target
        assert [(h.points, h.game_points, h.winner) for h in replay.hands] == [r[:3] for r in results]
        assert replay.match.scores == m.scores and replay.match.winner == m.winner >= 0
        assert ("target %d" % target in text) == (target != 5)


def test_json_is_keyed_by_side():
    text, m, results = play_match(3)
    data = read(text).to_json()
    assert data["game"] == "sixty-five"
    assert data["match"] == {
        "score": {"AC": m.scores[0], "BD": m.scores[1]},
        "winner": "AC BD".split()[m.winner],
    }
    for got, (points, game_points, winner, _last) in zip(data["hands"], results, strict=True):
        assert got == {
            "winner": ("AC", "BD")[winner],
            "points": {"AC": points[0], "BD": points[1]},
            "game_points": {"AC": game_points[0], "BD": game_points[1]},
            "reason": "played-out",
        }


def test_a_record_may_stop_mid_hand_and_be_continued():
    for stop in (0, 1, 13, 47, 48, 50, 100):
        text, _, _ = play_match(9, stop_after=stop)
        replay = read(text)
        assert replay.hands[-1].reason == "unfinished" and replay.hands[-1].winner == -1
        assert replay.to_json()["hands"][-1]["winner"] is None
        # Play the hand on from where the record stops; the resumed writer
        # appends only the new cards, and the whole record replays to them.
        h = replay.match.hand
        writer = RecordWriter.resume(text, replay.match)
        rng = Rng(stop)
        buf = bytearray(MAX_ACTIONS)
        while not h.over:
            h.act(buf[rng.below(h.legal_actions(buf))])
        writer.sync()
        longer = writer.text()
        assert longer.startswith(text)
        again = read(longer).hands[-1]
        assert (again.points, again.game_points, again.reason) == (
            (h.score(0), h.score(1)),
            tuple(h.game_points),
            "played-out",
        )


def test_cards_and_keywords_are_case_insensitive_and_comments_ignored():
    text = (
        HEAD.lower().replace("game sixty-five", "GAME Sixty-Five  # four players") + "\n# lead\na PLAY 5c\n"
    )
    replay = read(text)
    assert replay.match.hand.turn == 1 and replay.match.hand.lead == parse_card48("5C")


# --- bad records ----------------------------------------------------------------


@pytest.mark.parametrize(
    "extra, words",
    [
        ("A play 5C\nB play 4D\n", "B must follow suit: holds clubs"),
        ("B play 3C\n", "B cannot act now: it is A's turn"),
        ("A play 3D\n", "A cannot play 3D: not in hand"),
        ("A play 2C\n", "unknown card '2C'"),
        ("A marry S\n", "only 'play CARD'"),
        ("A play\n", "'play' takes one card"),
        ("E play 5C\n", "unknown player 'E'"),
        ("A play 5C\nhand\n", "a new hand begins before the last one is finished"),
        ("upcard 3S\n", "no upcard or stock"),
        ("target 3\n", "must come before the first hand"),
        ("game sixty-five\n", "only once"),
        ("A play 5C 6C\n", "'play' takes one card"),
        ("frobnicate\n", "unknown statement 'frobnicate'"),
    ],
)
def test_illegal_statements_are_rejected_at_their_line(extra, words):
    line, reason = error_of(HEAD + extra)
    assert line == HEAD_LINES + extra.count("\n")
    assert words in reason, reason


@pytest.mark.parametrize(
    "old, new, line, words",
    [
        ("dealer D\n", "", 2, "no 'dealer' statement"),
        ("dealer D", "dealer X", 3, "unknown player 'X'"),
        ("A 4C 5C", "A 5C", 4, "A must be dealt 12 cards, not 11"),
        ("A 4C 5C", "A 4C 4C 5C", 4, "4C is listed twice"),
        ("B 3C", "B 4C", 5, "4C is dealt twice"),
        ("D 3S", "D 2S", 7, "unknown card '2S'"),
        ("C 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH\n", "", 2, "does not give C's cards"),
        ("C 3H", "A 4C 5C 6C 7C 8C 9C TC JC QC KC AC AD\nC 3H", 6, "A's cards are given twice"),
        ("game sixty-five\n", "game sixty-five\noption void trump\n", 2, "unknown option 'void'"),
        ("game sixty-five\n", "game sixty-five\ntarget 0\n", 2, "target takes a number"),
        ("hand\n", "stock 3C\n", 2, "no upcard or stock"),
        ("hand\n", "", 2, "deal statements belong right after 'hand'"),
    ],
)
def test_bad_deals_and_headers_are_rejected_at_their_line(old, new, line, words):
    text = HEAD.replace(old, new, 1)
    assert text != HEAD
    got_line, reason = error_of(text + "A play 5C\n")
    assert (got_line, words in reason) == (line, True), (got_line, reason)


def test_the_next_hand_must_be_dealt_by_the_dealers_left():
    text, _, _ = play_match(5, target=2)
    first_dealer = text.split("dealer ", 1)[1][0]
    second = text.split("\nhand\n")[2]
    wrong = "ABCD"[("ABCD".index(first_dealer) + 2) % 4]
    bad = text.replace(second, second.replace("dealer " + second[7], "dealer " + wrong, 1), 1)
    line, reason = error_of(bad)
    assert "the deal passes to the left" in reason and line == text[: text.index(second)].count("\n") + 1


def test_no_card_after_the_hand_is_over():
    text, _, _ = play_match(6, target=1)  # one hand
    line, reason = error_of(text + "A play 3C\n")
    assert line == text.count("\n") + 1 and "the hand is over" in reason


def test_no_hand_after_the_match_is_won():
    text, _, _ = play_match(2, target=1)
    line, reason = error_of(text + "hand\n")
    assert "the match is already over" in reason


def test_an_empty_or_foreign_record_is_rejected():
    assert error_of("")[0] == 1
    assert "unknown game" in error_of("game sixty-seven\n")[1]


# --- the command line contract -------------------------------------------------


def run_replay(tmp_path, text, *flags):
    path = tmp_path / "game65.txt"
    path.write_text(text)
    return subprocess.run(
        [sys.executable, "-m", "sixtysix_tools.cli", "replay", str(path), *flags],
        capture_output=True,
        text=True,
    )


def test_replay_cli_prints_sides_and_json(tmp_path):
    text, m, _ = play_match(4)
    out = run_replay(tmp_path, text)
    assert out.returncode == 0 and "Hand 1:" in out.stdout
    assert "Match: %s wins" % ("AC", "BD")[m.winner] in out.stdout
    data = json.loads(run_replay(tmp_path, text, "--json").stdout)
    assert data == read(text).to_json()


@pytest.mark.parametrize("flags", [(), ("--json",)])
def test_replay_cli_error_contract(tmp_path, flags):
    out = run_replay(tmp_path, HEAD + "A play 5C\nB play 4D\n", *flags)
    assert out.returncode == 2 and out.stdout == ""
    assert out.stderr.splitlines()[0].endswith("game65.txt:9: B must follow suit: holds clubs")


# --- truncated and corrupt records never crash ----------------------------------

ONE_HAND = play_match(12, target=9, stop_after=60)[0]  # a whole hand and a bit


def test_every_truncation_of_a_record_loads_or_fails_cleanly():
    accepted = 0
    for cut in range(len(ONE_HAND) + 1):
        try:
            read(ONE_HAND[:cut])
            accepted += 1
        except RecordError as e:
            assert e.line >= 1
    assert accepted > 60  # every cut after a whole statement of play is a game in progress


@settings(max_examples=200, suppress_health_check=[HealthCheck.too_slow], deadline=None)
@given(st.data())
def test_random_corruption_loads_or_fails_cleanly(data):
    text = ONE_HAND
    for _ in range(data.draw(st.integers(1, 4))):
        i = data.draw(st.integers(0, len(text) - 1))
        kind = data.draw(st.sampled_from(["drop", "dup", "char"]))
        if kind == "drop":
            text = text[:i] + text[i + 1 :]
        elif kind == "dup":
            text = text[:i] + text[i] + text[i:]
        else:
            text = text[:i] + data.draw(st.sampled_from("ABCDE 23SHTKQ\n#x")) + text[i + 1 :]
    try:
        read(text)
    except RecordError as e:
        assert e.line >= 1


# --- random-play properties of the engine ------------------------------------


def _all_ints(h):
    values = [*h.hands, *h.dealt, *h.piles, *h.voids, *h.tricks, *h.card_points, *h.bonus]
    values += [h.turn, h.lead, h.best, h.nlog]
    return values


def _snapshot(h):
    return (tuple(h.hands), tuple(h.piles), tuple(h.voids), bytes(h.trick), h.turn, h.lead, h.best, h.nlog)


def test_random_play_totals_65_keeps_ints_small_and_rejections_change_nothing():
    rng = Rng(77)
    buf = bytearray(MAX_ACTIONS)
    h = SixtyFiveHand(SixtyFiveRules())
    order = bytearray(range(48))
    seen_two = 0
    for n in range(150):
        rng.shuffle(order)
        h.deal_shuffled(n % 4, order)
        while not h.over:
            count = h.legal_actions(buf)
            legal = {buf[i] for i in range(count)}
            illegal = [c for c in range(48) if c not in legal]
            wrong = illegal[rng.below(len(illegal))]
            before = _snapshot(h)
            with pytest.raises(IllegalAction):
                h.act(wrong)
            assert _snapshot(h) == before
            h.act(buf[rng.below(count)])
            assert all(0 <= abs(v) < 1 << 30 for v in _all_ints(h))
        assert h.score(0) + h.score(1) == 65
        assert h.card_points[0] + h.card_points[1] == 40 and h.bonus[0] + h.bonus[1] == 1
        assert h.game_points[h.winner] in (1, 2) and h.game_points[1 - h.winner] == 0
        seen_two += h.game_points[h.winner] == 2
    assert seen_two, "no hand of 41 or more in 150 random hands"
