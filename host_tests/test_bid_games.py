"""Sixty-Six with bidding for two and for three (bid-two, bid-three) in the
host tools and the players: records read and written by the one reader
and writer, `sixtysix move`, `replay`, `arena` and `analyse` on them, and
players that are legal, deterministic, within their budgets, blind to what
their seat may not know, and exact in the endgame they search."""

import json

import pytest
from sixtysix import games
from sixtysix.ai_bid import LEVELS, PLAYER_NAMES, make_bid_player, node_budget
from sixtysix.bid import BID, MAX_ACTIONS, PASS, PLAYING, BidHand, BidRules
from sixtysix.bid_match import BidMatch
from sixtysix.cards import count
from sixtysix.rng import Rng
from sixtysix.solver_bid import BidSolver
from sixtysix.view_bid import BidView
from sixtysix_tools import move
from sixtysix_tools.cli import main
from sixtysix_tools.records import RecordError, RecordWriter, read

THREE = """game bid-three

hand
dealer C
A AH TH KH QH AC TC KC 9S
B JH 9H QC JC 9C AS TS KS
C AD TD KD QD JD 9D QS JS
A bid 1
B bid 2
C pass
A bid 3
B pass
A play 9S
B play TS
C play QS
"""

INF = 1000000


def run(capsys, *argv):
    status = main(list(argv))
    out = capsys.readouterr()
    return status, out.out, out.err


def random_match(seats, seed, target=3):
    """A whole match of random legal actions, with its record."""
    rules = BidRules(seats)
    rules.target = target
    m = BidMatch(rules, seed)
    writer = RecordWriter(m)
    rng = Rng(seed)
    buf = bytearray(MAX_ACTIONS)
    while m.winner < 0 and m.hands_played < 60:
        h = m.start_hand()
        writer.begin_hand()
        while not h.over:
            n = h.legal_actions(buf)
            # pass half the time once somebody has bid, so auctions end
            a = PASS if buf[0] == PASS and h.bidder >= 0 and rng.below(2) else buf[rng.below(n)]
            m.act(a)
        writer.sync()
        m.finish_hand()
    return m, writer.text()


# --- records -------------------------------------------------------------------------


@pytest.mark.parametrize("seats", (2, 3))
def test_a_match_is_written_and_read_back_with_its_bids_and_scores(seats):
    m, text = random_match(seats, 40 + seats)
    assert text.startswith("game bid-%s\n" % ("two" if seats == 2 else "three"))
    assert " bid " in text and "upcard" not in text and "stock" not in text
    replay = read(text)
    assert list(replay.match.scores) == m.scores and replay.match.winner == m.winner
    data = replay.to_json()
    assert set(data["match"]["score"]) == set("ABC"[:seats])
    for hand in data["hands"]:
        assert set(hand["points"]) == set("ABC"[:seats])
        if hand["bid"] is not None and hand["reason"] == "played-out":
            bidder = hand["bid"]["by"]
            assert (hand["winner"] == bidder) == hand["bid"]["made"]
    options = RecordWriter(BidMatch(BidRules(seats), 1))
    assert "option" not in options.text()


def test_replay_tells_a_hand_in_progress_and_its_contract(capsys, tmp_path):
    path = tmp_path / "three.txt"
    path.write_text(THREE)
    status, out, err = run(capsys, "replay", "--json", str(path))
    assert status == 0 and err == ""
    hand = json.loads(out)["hands"][0]
    assert hand["bid"] == {"by": "A", "value": 3, "made": None}
    assert hand["points"] == {"A": 0, "B": 13, "C": 13}  # B and C play together
    assert hand["reason"] == "unfinished" and hand["winner"] is None


def test_a_failed_bid_is_counted_to_the_seat_on_the_bidders_left():
    """The arena counts one seat a hand: after C comes A, not B."""
    failed = set()
    for seed in range(1, 30):
        _, text = random_match(3, seed)
        for hand in read(text).hands:
            if hand.finished and hand.bid is not None and hand.bid[2] is False:
                assert hand.winner == (hand.bid[0] + 1) % 3
                failed.add(hand.bid[0])
        if 2 in failed:
            break
    assert 2 in failed


def test_a_hand_tells_its_contract_the_moon_in_words():
    from sixtysix.bid import MOON, bid_points

    told = set()
    for seed in range(1, 30):
        _, text = random_match(2 + seed % 2, seed)
        for hand in read(text).hands:
            if hand.finished and hand.bid is not None:
                bidder, value, made = hand.bid
                what = "%d (%d points)" % (value, bid_points(value))
                if value == MOON:
                    what = "the moon (every trick)"
                told_as = "%s bid %s and %s with " % ("ABC"[bidder], what, "made it" if made else "failed")
                assert hand.why.startswith(told_as), hand.why
                told.add((value == MOON, made))
        if len(told) == 4:
            break
    assert len(told) == 4


def test_a_hand_everybody_passed_is_told_as_thrown_in():
    text = THREE.split("A bid 1\n")[0] + "A pass\nB pass\nC pass\n"
    replay = read(text)
    assert "Hand 1 (dealer C): Everybody passed; the hand is thrown in" in replay.format_text()
    hand = replay.to_json()["hands"][0]
    assert hand["winner"] is None and hand["bid"] is None and hand["reason"] == "no-winner"


def test_a_finished_hand_is_judged_by_the_bid():
    text = THREE.replace("B pass\nA play 9S\nB play TS\nC play QS\n", "B pass\n")
    replay = read(text)
    h = replay.match.hand
    buf = bytearray(MAX_ACTIONS)
    writer = RecordWriter.resume(text, replay.match)
    while not h.over:
        h.legal_actions(buf)
        replay.match.act(buf[0])
    writer.sync()
    done = read(writer.text())
    result = done.hands[0]
    assert result.finished and result.reason == "played-out"
    assert "A bid 3 (99 points)" in result.why and "B and C took" in result.why
    assert result.game_points[1] == result.game_points[2] >= 0
    assert result.game_points[0] in (3, -3)


@pytest.mark.parametrize(
    "old, new, why",
    [
        ("C play QS", "C play AD", "C must follow suit: holds spades"),
        ("A bid 3\n", "A bid 2\n", "A must bid higher than 2 or pass"),
        ("B bid 2\n", "B bid 6\n", "'bid' takes a number from 1 to 5"),
        ("dealer C\n", "dealer C\nupcard JS\n", "bid-three has no upcard or stock"),
        ("A AH TH KH QH AC TC KC 9S", "A AH TH KH QH AC TC KC", "A must be dealt 8 cards, not 7"),
        ("B pass\n", "B pass\nB play TS\n", "B cannot act now: it is A's turn"),
        ("C pass\n", "C pass\nC bid 4\n", "C cannot act now: it is A's turn"),
        ("dealer C\n", "dealer B\n", "A cannot act now: it is C's turn"),
        # four-hand's `solo` has no place here: a solo always needs every trick
        ("game bid-three\n", "game bid-three\noption solo all-tricks\n", "unknown option 'solo'"),
    ],
)
def test_a_broken_record_is_refused_with_a_reason(old, new, why):
    assert old in THREE
    with pytest.raises(RecordError) as e:
        read(THREE.replace(old, new, 1))
    assert why in str(e.value), str(e.value)


# --- move, arena, analyse --------------------------------------------------------------


def test_move_answers_from_the_seats_view_alone():
    line = move.next_action(THREE, "hard", 1)
    assert line.startswith("B play ")
    # B's partner C and the bidder A swap cards B has not seen: the same answer
    swapped = THREE.replace("A AH TH KH QH AC TC KC 9S", "A AD TH KH QH AC TC KC 9S").replace(
        "C AD TD KD QD JD 9D QS JS", "C AH TD KD QD JD 9D QS JS"
    )
    for level in ("easy", "medium", "hard"):
        assert move.next_action(swapped, level, 3) == move.next_action(THREE, level, 3)


def test_the_two_player_hand_helpers_leave_bid_two_alone():
    """move.live_hand and move.choose serve the games of the two-player
    hand; bid-two has two seats but a hand of its own."""
    _, text = random_match(2, 9)
    cut = text[: text.index("play")]
    with pytest.raises(RecordError) as e:
        move.live_hand(cut)
    assert "only two-player games" in str(e.value) and "bid-two" not in str(e.value)


def test_the_computer_bids_in_a_record_stopped_in_the_auction():
    cut = THREE[: THREE.index("B bid 2")]
    line = move.next_action(cut, "hard", 2)
    assert line in ("B pass",) or line.startswith("B bid ")


def test_arena_plays_bid_two_and_bid_three(capsys, tmp_path):
    for game, names in (("bid-two", "m0000-a-first.txt"), ("bid-three", "m0000-s5.txt")):
        out_dir = tmp_path / game
        argv = ["arena", "--game", game, "--a", "easy", "--b", "heuristic", "--matches", "1"]
        status, out, err = run(capsys, *argv, "--jobs", "1", "--out", str(out_dir))
        assert status == 0, err
        assert "auctions won" in out and "contracts made" in out
        record = (out_dir / names).read_text()
        assert read(record).game == game


def test_analyse_refuses_the_bidding_games_at_the_game_line(capsys, tmp_path):
    path = tmp_path / "three.txt"
    path.write_text(THREE)
    status, out, err = run(capsys, "analyse", str(path))
    assert (status, out) == (2, "")
    assert err.startswith("%s:1: only " % path) and "solver is exact" in err


# --- players -------------------------------------------------------------------------


@pytest.mark.parametrize("seats", (2, 3))
def test_every_player_acts_legally_and_the_same_seed_repeats_itself(seats):
    g = games.index("bid-two" if seats == 2 else "bid-three")
    assert games.field(g, games.PLAYER_NAMES) == "sixtysix.ai_bid:PLAYER_NAMES"
    for name in PLAYER_NAMES:
        logs = []
        for _ in range(2):
            m = BidMatch(BidRules(seats), 7)
            players = [make_bid_player(name, 5 + s) for s in range(seats)]
            for _hand in range(2):
                h = m.start_hand()
                while not h.over:
                    view = BidView(h, h.turn)
                    code = players[h.turn].choose(view)
                    assert bytes((code,)) in view.actions, (name, code, list(view.actions))
                    budget = node_budget(name, seats) if name in LEVELS else 0
                    assert players[h.turn].nodes <= max(budget, 24 * 16), name
                    h.act(code)
                m.finish_hand()
                if m.winner >= 0:
                    break
            logs.append(bytes(h.log[: h.nlog]))
        assert logs[0] == logs[1], name


def test_a_view_shows_only_what_the_seat_may_know():
    h = BidHand(BidRules(3))
    order = bytearray(range(24))
    Rng(2).shuffle(order)
    h.deal_shuffled(0, order)
    v = BidView(h, 1)
    assert v.hand == h.hands[1] and v.known == (0, 0, 0, 0)
    assert v.unseen() == h.hands[0] | h.hands[2]
    assert not hasattr(v, "hands") and not hasattr(v, "dealt")
    two = BidHand(BidRules(2))
    two.deal_shuffled(0, order)
    v = BidView(two, 0)  # with two, the rest of the deck is the other's hand
    assert v.known[1] == two.hands[1] and v.unseen() == 0


def test_the_node_budget_is_kept_in_both_phases():
    for seats in (2, 3):
        for seed in range(1, 6):
            m = BidMatch(BidRules(seats), seed)
            h = m.start_hand()
            player = make_bid_player("hard", seed)
            while not h.over:
                player.choose(BidView(h, h.turn))
                assert player.nodes <= node_budget("hard", seats)
                h.act(make_bid_player("heuristic", 1).choose(BidView(h, h.turn)))


def _minimax(h):
    """The bidder's value of the rest of the hand by plain minimax over
    copies of the engine (game points * 1000 + point margin)."""
    if h.over:
        return (h.game_points[0] - h.game_points[1]) * 1000 + h.side_score(0) - h.side_score(1)
    buf = bytearray(MAX_ACTIONS)
    n = h.legal_actions(buf)
    values = []
    for i in range(n):
        c = BidHand(h.rules)
        c.copy_from(h)
        c.act(buf[i])
        values.append(_minimax(c))
    return max(values) if h.turn == h.bidder else min(values)


@pytest.mark.parametrize("seats", (2, 3))
def test_the_endgame_search_is_exact(seats):
    checked = 0
    for seed in range(1, 40):
        h = BidHand(BidRules(seats))
        order = bytearray(range(24))
        rng = Rng(seed)
        rng.shuffle(order)
        h.deal_shuffled(0, order)
        h.act(BID + 1 + seed % 4)
        while h.phase != PLAYING:
            h.act(PASS)
        buf = bytearray(MAX_ACTIONS)
        while not h.over and (24 - count(h.played())) // seats > 2 + seed % 2:
            h.act(buf[rng.below(h.legal_actions(buf))])
        if h.over or h.pending >= 0:
            continue
        s = BidSolver(h.rules)
        s.load(BidView(h, h.turn), h.hands)
        s.stop_at = 99
        assert s.search(0, -INF, INF) == _minimax(h), seed
        checked += 1
    assert checked >= 20


def test_three_seats_get_the_budget_their_slower_nodes_allow():
    """A bid-three node costs more chip time than a bid-two node
    (docs/BENCHMARKS.md), so each level searches fewer of them at three
    seats, and the player takes the budget of the table it is dealt into."""
    for level in LEVELS:
        assert node_budget(level, 3) <= node_budget(level, 2)
    assert node_budget("hard", 3) < node_budget("hard", 2)
    for seats in (2, 3):
        m = BidMatch(BidRules(seats), 2)
        h = m.start_hand()
        player = make_bid_player("hard", 3)
        player.choose(BidView(h, h.turn))
        assert player.max_nodes == node_budget("hard", seats)
