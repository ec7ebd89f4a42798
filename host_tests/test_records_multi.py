"""Records of the three- and four-player games: writing, replaying, and
rejecting bad records at their line (RECORDS.md "Three and four players")."""

import json
import subprocess
import sys

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sixtysix.four import BIDDING, MAX_ACTIONS, PASS, FourMatch, FourRules
from sixtysix.four import OPTIONS as FOUR_OPTIONS
from sixtysix.hand import CLAIM, IllegalAction
from sixtysix.rng import Rng
from sixtysix.rules import OPTIONS, Rules
from sixtysix.three import ThreeMatch
from sixtysix_tools.records import RecordError, RecordWriter, read
from support import snapshot as three_snapshot
from test_four import check_cards
from test_four import snapshot as four_snapshot

THREE = """game three-hand
hand
dealer C
A KH QH 9C TC AS JD
B 9S JH QC KC AH TD
upcard JS
stock 9D AD KD QD TH QS KS 9H JC AC TS
"""

FOUR = """game four-hand
hand
dealer D
A AH TH KH QH 9C JC
B AC TC KC QC JD 9D
C AS TS KS QS JH 9H
D AD TD KD QD JS 9S
"""

BIDS = "A bid 1\nB pass\nC pass\nD pass\n"


def error_of(text):
    with pytest.raises(RecordError) as e:
        read(text)
    return e.value.line, e.value.reason


# --- random matches, written and read back ----------------------------------------


def random_three_rules(rng):
    r = Rules()
    for name, _attr, values in OPTIONS:
        if rng.below(3) == 0:
            r.set_option(name, values[rng.below(len(values))])
    r.target = 1 + rng.below(7)
    return r


def random_four_rules(rng):
    r = FourRules()
    for name, _attr, values in FOUR_OPTIONS:
        if rng.below(3) == 0:
            r.set_option(name, values[rng.below(len(values))])
    r.target = 1 + rng.below(7)
    return r


def play_three(r, seed, max_hands=40):
    rng = Rng(seed)
    m = ThreeMatch(r, seed)
    w = RecordWriter(m)
    buf = bytearray(MAX_ACTIONS + 8)
    while m.winner < 0 and m.hands_played < max_hands:
        h = m.start_hand()
        w.begin_hand()
        while not h.over:
            n = h.legal_actions(buf)
            a = buf[rng.below(n)]
            if a == CLAIM and n > 1 and rng.below(6):
                a = buf[rng.below(n - 1)]
            m.act(a)
        w.sync()
        m.finish_hand()
    return m, w.text()


def play_four(r, seed, max_hands=40):
    rng = Rng(seed)
    m = FourMatch(r, seed)
    w = RecordWriter(m)
    buf = bytearray(MAX_ACTIONS)
    while m.winner < 0 and m.hands_played < max_hands:
        h = m.start_hand()
        w.begin_hand()
        while not h.over:
            n = h.legal_actions(buf)
            a = buf[rng.below(n)]
            if h.phase == BIDDING and buf[0] == PASS and rng.below(3):
                a = PASS
            h.act(a)
            w.sync()
        m.finish_hand()
    return m, w.text()


def test_a_four_hand_hand_tells_its_contract_in_words():
    """A bid of N is worth N times 33 points, 5 is a solo; the bidder's side
    is the one of its seat (A and C, B and D)."""
    told = set()
    for seed in range(1, 40):
        _, text = play_four(FourRules(), seed, max_hands=6)
        for hand in read(text).hands:
            if hand.finished and hand.bid is not None:
                bidder, value, made = hand.bid
                what = "a solo" if value == 5 else "%d (%d points)" % (value, 33 * value)
                side = "AC" if "ABCD"[bidder] in "AC" else "BD"
                verdict = "made it" if made else "failed"
                told_as = "%s bid %s for %s and %s with " % ("ABCD"[bidder], what, side, verdict)
                assert hand.why.startswith(told_as), hand.why
                told.add((value == 5, side))
        if len(told) == 4:
            break
    assert len(told) == 4


def test_random_three_hand_matches_replay_to_the_same_scores():
    rng = Rng(3)
    for seed in range(1, 2000):
        m, text = play_three(random_three_rules(rng), seed)
        replay = read(text)
        assert replay.match.scores == m.scores and replay.match.winner == m.winner
        assert len(replay.hands) == m.hands_played
        for s in range(3):
            assert sum(h.game_points[s] for h in replay.hands) == m.scores[s] < 2**30
        for h in replay.hands:
            assert sorted(h.points) == sorted("ABC".replace("ABC"[h.dealer], ""))
            assert h.game_points[h.dealer] <= max(h.game_points)


def test_random_four_hand_matches_replay_to_the_same_scores():
    rng = Rng(4)
    for seed in range(1, 1000):
        m, text = play_four(random_four_rules(rng), seed)
        replay = read(text)
        assert replay.match.scores == m.scores and replay.match.winner == m.winner
        assert len(replay.hands) == m.hands_played
        for side in range(2):
            assert sum(h.game_points[side] for h in replay.hands) == m.scores[side]
            assert abs(m.scores[side]) < 2**30
        for h in replay.hands:
            assert h.points["AC"] + h.points["BD"] <= 130 + 100  # cards, bonus, marriages


def test_options_and_target_are_written_and_read_back():
    r = FourRules()
    r.set_option("solo", "all-tricks")
    r.target = 3
    _, text = play_four(r, 5)
    assert "option solo all-tricks" in text and "target 3" in text
    replay = read(text)
    assert replay.rules.solo_all_tricks == 1 and replay.rules.target == 3
    r3 = Rules()
    r3.set_option("void", "trump")
    _, text = play_three(r3, 5)
    assert read(text).rules.must_trump == 1


def test_rejected_actions_change_nothing_in_thousands_of_random_hands():
    """Before every legal action try a random code; when refused, nothing
    may change (both engines)."""
    rng = Rng(12)
    buf = bytearray(MAX_ACTIONS + 8)
    hands = 0
    for seed in range(1, 600):
        four = FourMatch(random_four_rules(rng), seed)
        three = ThreeMatch(random_three_rules(rng), seed)
        for m, snap in ((four, four_snapshot), (three, three_snapshot)):
            while m.winner < 0 and m.hands_played < 8:
                h = m.start_hand()
                while not h.over:
                    n = h.legal_actions(buf)
                    junk = rng.below(100)
                    if junk not in buf[:n]:
                        before = snap(h)
                        with pytest.raises(IllegalAction):
                            h.act(junk)
                        assert snap(h) == before
                    a = buf[rng.below(n)]
                    if a == CLAIM and rng.below(6) or (m is four and h.phase == BIDDING and rng.below(2)):
                        a = buf[0]
                    h.act(a)
                    if m is four:
                        check_cards(h)
                m.finish_hand()
                hands += 1
    assert hands > 3000


# --- good records --------------------------------------------------------------


def test_three_hand_record_stops_mid_hand_with_the_two_players_points():
    replay = read(THREE + "A marry H\nA play QH\nB play JH\n")
    data = replay.to_json()
    assert data["game"] == "three-hand"
    hand = data["hands"][0]
    assert hand["reason"] == "unfinished" and hand["winner"] is None and hand["dealer"] == "C"
    assert hand["points"] == {"A": 25, "B": 0}
    assert hand["game_points"] == {"A": 0, "B": 0, "C": 0}
    assert data["match"] == {"score": {"A": 0, "B": 0, "C": 0}, "winner": None}
    assert replay.match.turn_seat() == 0  # can be continued


def test_three_hand_result_is_keyed_by_seat_and_the_dealer_scores_too():
    replay = read(THREE + "A claim\n")  # a false claim: B wins 2, C (dealing) also 2
    hand = replay.to_json()["hands"][0]
    assert hand["winner"] == "B" and hand["reason"] == "false-claim"
    assert hand["game_points"] == {"A": 0, "B": 2, "C": 2}


def test_three_hand_second_hand_is_dealt_by_the_left_of_the_last_dealer():
    second = THREE.replace("game three-hand\n", "").replace("dealer C", "dealer A")
    second = second.replace("\nA ", "\nC ")
    replay = read(THREE + "A claim\n" + second + "B claim\n")
    assert [h.dealer for h in replay.hands] == [2, 0]
    assert replay.to_json()["hands"][1]["game_points"] == {"A": 2, "B": 0, "C": 2}


def test_four_hand_bidding_and_first_trick():
    text = FOUR + "A bid 1\nB pass\nC pass\nD pass\nA marry H\nA play QH\nB play 9D\nC play 9H\nD play 9S\n"
    data = read(text).to_json()
    hand = data["hands"][0]
    assert hand["reason"] == "unfinished" and hand["points"] == {"AC": 43, "BD": 0}
    assert hand["bid"] == {"by": "A", "value": 1, "made": None}
    assert data["match"] == {"score": {"AC": 0, "BD": 0}, "winner": None}


@pytest.mark.parametrize("text", [THREE + "A play AS\n", FOUR + "A bid 1\n"])
def test_a_hand_in_progress_is_told_without_points(text):
    """Its points are not a result yet: the text says only that it is not finished."""
    lines = read(text).format_text().splitlines()
    assert lines[1].endswith("): the hand is not finished") and lines[2].startswith("Match: "), lines


def test_four_hand_stopped_in_the_auction_has_no_bid_yet():
    """The high bid so far is no contract until the bidding is over."""
    hand = read(FOUR + "A bid 1\nB bid 2\n").to_json()["hands"][0]
    assert hand["reason"] == "unfinished" and hand["bid"] is None


def test_four_hand_all_passing_throws_the_hand_in():
    data = read(FOUR + "A pass\nB pass\nC pass\nD pass\n").to_json()
    hand = data["hands"][0]
    assert hand["reason"] == "no-winner" and hand["winner"] is None and hand["bid"] is None
    assert hand["game_points"] == {"AC": 0, "BD": 0}


def test_four_hand_finished_hand_json_shape():
    _, text = play_four(FourRules(), 8)
    data = read(text).to_json()
    assert set(data) == {"game", "hands", "match"}
    for h in data["hands"]:
        assert set(h) == {"dealer", "winner", "points", "game_points", "reason", "bid"}
        assert set(h["points"]) == set(h["game_points"]) == {"AC", "BD"}
        assert h["reason"] in ("played-out", "no-winner")
        if h["reason"] == "played-out":
            assert (
                h["winner"] == ("AC" if h["bid"]["by"] in "AC" else "BD") == h["winner"]
                or not h["bid"]["made"]
            )
    assert data["match"]["winner"] in ("AC", "BD")


def test_keywords_and_cards_are_case_insensitive():
    text = FOUR.upper().replace("GAME FOUR-HAND", "Game Four-Hand") + "a BID 1 # opening\nb Pass\n"
    assert read(text).match.hand.high_bid == 1


# --- bad records ------------------------------------------------------------------


@pytest.mark.parametrize(
    "extra, words",
    [
        ("C play 9D", "C deals this hand and sits out"),
        ("B play JH", "B cannot act now: it is A's turn"),
        ("D play 9D", "unknown player 'D' (A, B or C)"),
        ("A bid 1", "unknown action 'bid 1'"),
        ("A exchange", "A cannot exchange: does not hold the nine of trumps"),
        ("A play 9S", "A cannot play 9S: not in hand"),
    ],
)
def test_three_hand_illegal_statements_are_rejected_at_their_line(extra, words):
    line, reason = error_of(THREE + extra + "\n")
    assert line == 8 and words in reason


@pytest.mark.parametrize(
    "old, new, line, words",
    [
        ("A KH", "C 9H", 4, "C deals and sits out: the dealer has no cards"),
        (  # the dealer named after its cards: reported at the dealer line
            "dealer C\nA KH QH 9C TC AS JD\nB 9S JH QC KC AH TD\n",
            "C KH QH 9C TC AS JD\nB 9S JH QC KC AH TD\ndealer C\n",
            5,
            "C deals and sits out: the dealer has no cards",
        ),
        ("upcard JS\n", "", 2, "no 'upcard' statement"),
        ("dealer C\n", "", 2, "no 'dealer' statement"),
        ("A KH QH 9C TC AS JD", "A KH QH 9C TC AS", 4, "A must be dealt 6 cards, not 5"),
        ("A KH QH 9C TC AS JD", "A KH QH 9C TC AS 9S", 5, "9S is dealt twice"),
        ("B 9S", "B 9S 9S", 5, "9S is listed twice"),
    ],
)
def test_three_hand_bad_deals_are_rejected_at_their_line(old, new, line, words):
    text = THREE.replace(old, new, 1) + "A play AS\n"
    got_line, reason = error_of(text)
    assert got_line == line and words in reason, reason


def test_three_hand_next_dealer_must_be_the_left_of_the_last():
    again = THREE.replace("game three-hand\n", "")
    line, reason = error_of(THREE + "A claim\n" + again + "B claim\n")
    assert line == 10 and "the dealer must be A" in reason


@pytest.mark.parametrize(
    "extra, words",
    [
        ("B pass", "B cannot act now: it is A's turn"),
        ("A bid 6", "'bid' takes a number from 1 to 5"),
        ("A bid", "'bid' takes a number from 1 to 5"),
        ("A play AH", "A must bid or pass first"),
        ("A close", "unknown action 'close' (bid, pass, play, marry)"),
        ("E pass", "unknown player 'E'"),
        ("A bid 2\nB bid 1", "B must bid higher than 2 or pass"),
        (
            "A bid 1\nB pass\nC pass\nD pass\nA play AH\nB play 9D\nC play AS",
            "C must follow suit: holds hearts",
        ),
        (
            "A bid 1\nB pass\nC pass\nD pass\nA play 9C\nB play AC\nC play AS\nD play JS\nB bid 2",
            "bidding is over",
        ),
        ("A bid 1\nB pass\nC pass\nD pass\nA marry D", "does not hold king and queen"),
        ("A bid 1\nB pass\nC pass\nD pass\nA play AH\nB marry C", "only the player on lead"),
    ],
)
def test_four_hand_illegal_statements_are_rejected_at_their_line(extra, words):
    text = FOUR + extra + "\n"
    line, reason = error_of(text)
    assert line == text.count("\n") and words in reason, reason


@pytest.mark.parametrize(
    "old, new, line, words",
    [
        ("D AD TD KD QD JS 9S\n", "", 2, "does not give D's cards"),
        ("D AD", "upcard JS\nD AD", 7, "four-hand has no upcard"),
        ("dealer D", "dealer E", 3, "unknown player 'E'"),
        ("D AD TD KD QD JS 9S", "D AD TD KD QD JS AH", 7, "AH is dealt twice"),
    ],
)
def test_four_hand_bad_deals_are_rejected_at_their_line(old, new, line, words):
    got_line, reason = error_of(FOUR.replace(old, new, 1) + "A pass\n")
    assert got_line == line and words in reason, reason


def test_a_hand_after_a_finished_match_and_an_unfinished_hand_are_rejected():
    r = FourRules()
    r.target = 1
    m, text = play_four(r, 9)
    assert m.winner >= 0
    line, reason = error_of(text + FOUR.replace("game four-hand\n", ""))
    assert "the match is already over" in reason or "the dealer must be" in reason
    line, reason = error_of(FOUR + "A bid 1\n" + FOUR.replace("game four-hand\n", ""))
    assert line == 9 and "before the last one is finished" in reason


def test_options_of_the_wrong_game_are_refused():
    line, reason = error_of("game four-hand\noption void trump\n")
    assert line == 2 and "unknown option 'void'" in reason
    line, reason = error_of("game three-hand\noption solo 66\n")
    assert line == 2 and "unknown option 'solo'" in reason


# --- the command line ---------------------------------------------------------------


def run_replay(tmp_path, text, *flags):
    path = tmp_path / "game.txt"
    path.write_text(text)
    return subprocess.run(
        [sys.executable, "-m", "sixtysix_tools.cli", "replay", str(path), *flags],
        capture_output=True,
        text=True,
    )


def test_replay_cli_prints_multi_player_results_and_json(tmp_path):
    for text in (play_three(Rules(), 4)[1], play_four(FourRules(), 4)[1]):
        out = run_replay(tmp_path, text)
        assert out.returncode == 0 and "Hand 1 (dealer" in out.stdout and "Match:" in out.stdout
        data = json.loads(run_replay(tmp_path, text, "--json").stdout)
        assert data == read(text).to_json()


def test_replay_cli_error_contract(tmp_path):
    out = run_replay(tmp_path, FOUR + "A bid 1\nB bid 1\n", "--json")
    assert out.returncode == 2 and out.stdout == ""
    assert out.stderr.splitlines()[0].endswith("game.txt:9: B must bid higher than 1 or pass")


# --- corrupt and truncated records never crash ----------------------------------------

VALID = (play_three(Rules(), 21)[1], play_four(FourRules(), 21)[1])


def test_every_truncation_of_a_record_loads_or_fails_cleanly():
    for valid in VALID:
        for cut in range(0, len(valid), 3):
            try:
                read(valid[:cut])
            except RecordError as e:
                assert e.line >= 1


@settings(max_examples=200, suppress_health_check=[HealthCheck.too_slow], deadline=None)
@given(st.data())
def test_random_corruption_loads_or_fails_cleanly(data):
    text = VALID[data.draw(st.integers(0, 1))]
    for _ in range(data.draw(st.integers(1, 4))):
        i = data.draw(st.integers(0, len(text) - 1))
        kind = data.draw(st.sampled_from(["replace", "delete", "insert", "swap-lines"]))
        if kind == "replace":
            text = text[:i] + data.draw(st.characters()) + text[i + 1 :]
        elif kind == "delete":
            text = text[:i] + text[i + 1 :]
        elif kind == "insert":
            text = text[:i] + data.draw(st.text(max_size=6)) + text[i:]
        else:
            lines = text.splitlines()
            j = data.draw(st.integers(0, len(lines) - 1))
            k = data.draw(st.integers(0, len(lines) - 1))
            lines[j], lines[k] = lines[k], lines[j]
            text = "\n".join(lines)
    try:
        read(text)
    except RecordError as e:
        assert 1 <= e.line <= text.count("\n") + 1


WORDS = ["game", "three-hand", "four-hand", "hand", "dealer", "A", "B", "C", "D", "play", "marry", "bid"]
WORDS += ["pass", "upcard", "stock", "option", "target", "claim", "5", "9S", "AH", "H", "#", "\n", "\n"]


@settings(max_examples=200, deadline=None)
@given(st.lists(st.sampled_from(WORDS), max_size=60))
def test_random_statements_load_or_fail_cleanly(words):
    try:
        read(" ".join(words))
    except RecordError:
        pass
