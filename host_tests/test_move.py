"""`sixtysix move`: always a legal action line, read from the player's view
only, and the replay error contract for records it cannot continue."""

import os

import pytest
from conftest import ROOT, run_python
from recordgen import random_action, random_rules
from sixtysix.match import Match
from sixtysix.rng import Rng
from sixtysix.rules import SCHNAPSEN, SIXTY_SIX, Rules
from sixtysix.view import View
from sixtysix_tools import move
from sixtysix_tools.cli import main
from sixtysix_tools.records import RecordError, RecordWriter, read

README_EXAMPLE = """game sixty-six
hand
dealer B
A KH QH 9C TC AS JD
B 9S JH QC KC AH TD
upcard JS
stock 9D AD KD QD TH QS KS 9H JC AC TS
A marry H
A play QH
B play JH
"""


def cut_records(seed: int, wanted: int, cut_one_in: int = 6):
    """`wanted` records of random legal matches (random game, options and
    target), each cut at a random moment in the middle of a hand."""
    rng = Rng(seed)
    made = 0
    while made < wanted:
        rules = random_rules(rng)
        m = Match(rules, rng.next15())
        w = RecordWriter(m)
        while m.winner < 0 and made < wanted:
            h = m.start_hand()
            w.begin_hand()
            while not h.over and made < wanted:
                if rng.below(cut_one_in) == 0:
                    w.sync()
                    yield w.text()
                    made += 1
                h.act(random_action(h, rng))
            w.sync()
            if h.over:
                m.finish_hand()


def check_legal(text: str, level: str, seed: int) -> str:
    """The move for a record, checked by appending it and replaying."""
    hand = move.live_hand(text)
    line = move.action_line(hand.turn, move.choose(hand, level, seed))
    read(text + line + "\n")  # RecordError if the engine refuses it
    return line


def test_cut_records_are_mid_hand_and_cover_both_games():
    games = set()
    for text in cut_records(3, 200):
        replay = read(text)
        assert not replay.hands[-1].finished
        games.add(replay.rules.name)
    assert games == {"sixty-six", "schnapsen"}


def test_move_is_always_legal_at_the_easy_and_medium_levels():
    verbs = set()
    for i, text in enumerate(cut_records(11, 2400)):
        line = check_legal(text, "medium" if i % 2 else "easy", i)
        verbs.add(line.split()[1])
    assert {"play", "marry", "exchange"} <= verbs


@pytest.mark.parametrize("level, seed, count", [("hard", 12, 400), ("classic", 14, 200)])
def test_move_is_always_legal_at_the_searching_levels(level, seed, count):
    # classic is the baseline outside bots may play against: its own
    # closing rule and budget, so its own pass over the positions.
    verbs = set()
    for i, text in enumerate(cut_records(seed, count)):
        verbs.add(check_legal(text, level, i).split()[1])
    assert {"play", "close"} <= verbs


def test_random_and_heuristic_levels_work_too():
    for i, text in enumerate(cut_records(13, 100)):
        check_legal(text, ("random", "heuristic")[i % 2], i)


# --- the answer depends on the view only --------------------------------------


def _deal_lines(lines):
    """Indexes of the last hand's deal statements (A, B, upcard, stock)."""
    start = max(i for i, line in enumerate(lines) if line == "hand")
    return [i for i in range(start + 1, start + 6) if lines[i].split()[0] in ("A", "B", "upcard", "stock")]


def reshuffled(text: str, rng: Rng) -> str:
    """The same record with the cards the player to act cannot place
    (opponent's unshown cards, face-down stock) given out again at random
    among those same places: every card it holds, drew, saw played, saw
    shown in a marriage or as the upcard stays where it was, and the
    history is unchanged.  Relabelling only those cards in the last deal
    keeps every action the same text (none of them names a hidden card)."""
    from sixtysix.cards import card_name
    from sixtysix.cardtext import parse_card

    hand = move.live_hand(text)
    hidden = [c for c in range(24) if (View(hand, hand.turn).unseen() >> c) & 1]
    shuffled = list(hidden)
    for i in range(len(shuffled) - 1, 0, -1):
        j = rng.below(i + 1)
        shuffled[i], shuffled[j] = shuffled[j], shuffled[i]
    relabel = dict(zip(hidden, shuffled, strict=True))
    lines = text.splitlines()
    for i in _deal_lines(lines):
        words = lines[i].split()
        lines[i] = " ".join(
            [words[0]] + [card_name(relabel.get(parse_card(w), parse_card(w))) for w in words[1:]]
        )
    return "\n".join(lines) + "\n"


def _view_facts(hand) -> dict:
    facts = dict(vars(View(hand, hand.turn)))
    facts["actions"] = bytes(facts["actions"])
    facts["unseen"] = View(hand, hand.turn).unseen()
    del facts["rules"]
    return facts


def test_hidden_cards_reshuffled_give_the_same_move():
    rng = Rng(21)
    compared = 0
    changed = 0
    for i, text in enumerate(cut_records(22, 400)):
        for _ in range(3):
            other = reshuffled(text, rng)
            try:
                other_hand = move.live_hand(other)
            except RecordError:
                continue  # the new cards broke an earlier follow (e.g. must head): try again
            hand = move.live_hand(text)
            opp = 1 - hand.turn
            # The construction is right: the player sees exactly the same.
            assert _view_facts(other_hand) == _view_facts(hand)
            if other_hand.hands[opp] != hand.hands[opp]:
                changed += 1
            level = ("hard", "medium", "easy")[i % 3]
            assert move.choose(other_hand, level, i) == move.choose(hand, level, i), (text, other)
            compared += 1
            break
    assert compared >= 380
    assert changed >= compared // 2  # the opponent really holds other cards


def test_a_player_that_peeks_would_be_caught():
    """The reshuffle test has teeth: a chooser that reads the opponent's
    real hand answers differently on some reshuffled records."""

    def peeking(hand):
        opp_cards = hand.hands[1 - hand.turn]
        return opp_cards % 7  # any function of the hidden cards

    rng = Rng(8)
    differed = 0
    for text in cut_records(23, 100):
        try:
            other = move.live_hand(reshuffled(text, rng))
        except RecordError:
            continue
        if peeking(other) != peeking(move.live_hand(text)):
            differed += 1
    assert differed >= 30


def test_once_the_stock_is_exhausted_nothing_is_hidden():
    """Every unseen card is then in the opponent's hand, so reshuffling the
    hidden cards gives back the very same hands: a check of `reshuffled`."""
    rng = Rng(5)
    exhausted = 0
    for text in cut_records(31, 300):
        hand = move.live_hand(text)
        if hand.stock_left() == 0:
            exhausted += 1
            other = move.live_hand(reshuffled(text, rng))
            assert other.hands == hand.hands
    assert exhausted > 10


# --- command line and error contract --------------------------------------------


def run_move(capsys, *argv):
    status = main(["move", *argv])
    out = capsys.readouterr()
    return status, out.out, out.err


def test_readme_example_cut_mid_hand(capsys, tmp_path):
    path = tmp_path / "game.txt"
    path.write_text(README_EXAMPLE)
    status, out, err = run_move(capsys, str(path))
    assert status == 0 and err == ""
    assert out.startswith("A ") and out.count("\n") == 1
    read(README_EXAMPLE + out)  # the printed line continues the record


@pytest.mark.parametrize("level", ["easy", "medium", "hard", "HARD", "classic"])
def test_level_and_seed_options(capsys, tmp_path, level):
    path = tmp_path / "game.txt"
    path.write_text(README_EXAMPLE)
    status, out, _ = run_move(capsys, str(path), "--level", level, "--seed", "9")
    assert status == 0
    read(README_EXAMPLE + out)


def test_finished_hand_is_an_error_at_the_last_statement(capsys, tmp_path):
    path = tmp_path / "done.txt"
    path.write_text(README_EXAMPLE + "A claim\n# a comment after the end\n\n")
    status, out, err = run_move(capsys, str(path))
    assert status == 2 and out == ""
    assert err.startswith("%s:11: " % path) and "nobody is to act" in err
    assert err.count("\n") == 1


def test_finished_match_is_an_error_at_the_last_statement(capsys, tmp_path):
    from recordgen import play_match

    text, _ = play_match(Rules(), 4)
    path = tmp_path / "match.txt"
    path.write_text(text)
    status, out, err = run_move(capsys, str(path))
    last = len(text.rstrip("\n").splitlines())
    assert status == 2 and out == ""
    assert err.startswith("%s:%d: the match is over" % (path, last))
    m = read(text).match
    won = "%s won %d to %d" % ("AB"[m.winner], m.scores[m.winner], m.scores[1 - m.winner])
    assert err == "%s:%d: the match is over: %s, nothing left to play\n" % (path, last, won)


def test_a_record_without_a_deal_is_an_error(capsys, tmp_path):
    path = tmp_path / "empty.txt"
    path.write_text("game schnapsen\noption exchange-needs-trick no\n")
    status, out, err = run_move(capsys, str(path))
    assert (status, out) == (2, "")
    assert err.startswith("%s:2: no hand has been dealt" % path)


def test_a_deal_without_actions_is_a_hand_in_progress(capsys, tmp_path):
    path = tmp_path / "deal.txt"
    text = README_EXAMPLE.split("A marry")[0]
    path.write_text(text)
    status, out, _ = run_move(capsys, str(path))
    assert status == 0 and out.startswith("A ")  # B dealt, A leads
    read(text + out)


@pytest.mark.parametrize(
    "tail, line, reason",
    [
        ("B play 9S\n", 11, "cannot act now: it is A's turn"),
        ("A play AH\n", 11, "not in hand"),
        ("A fold\n", 11, "unknown action"),
    ],
)
def test_an_invalid_record_is_the_replay_error(capsys, tmp_path, tail, line, reason):
    path = tmp_path / "bad.txt"
    path.write_text(README_EXAMPLE + tail)
    status, out, err = run_move(capsys, str(path))
    assert (status, out) == (2, "")
    assert err.startswith("%s:%d: " % (path, line)) and reason in err


def test_an_unreadable_file_is_line_0(capsys, tmp_path):
    status, out, err = run_move(capsys, str(tmp_path / "missing.txt"))
    assert (status, out) == (2, "")
    assert err.startswith("%s:0: cannot read the file" % (tmp_path / "missing.txt"))


def test_arena_records_cut_mid_hand(capsys, tmp_path):
    out_dir = tmp_path / "arena"
    assert (
        main(
            ["arena", "--a", "easy", "--b", "medium", "--matches", "1", "--out", str(out_dir), "--jobs", "1"]
        )
        == 0
    )
    capsys.readouterr()
    records = sorted(p for p in os.listdir(out_dir) if p.endswith(".txt") and p != "summary.txt")
    assert len(records) == 2
    for name in records:
        lines = (out_dir / name).read_text().splitlines()
        actions = [i for i, line in enumerate(lines) if " play " in line]
        for cut in actions[5::17]:  # several places in several hands
            path = tmp_path / "cut.txt"
            text = "\n".join(lines[:cut]) + "\n"
            path.write_text(text)
            status, out, err = run_move(capsys, str(path))
            assert status == 0, err
            read(text + out)


def test_the_command_in_a_process(tmp_path):
    """The installed entry point, python start-up included."""
    path = tmp_path / "game.txt"
    path.write_text(README_EXAMPLE)
    done = run_python("-m", "sixtysix_tools.cli", "move", str(path))
    assert done.returncode == 0, done.stderr
    read(README_EXAMPLE + done.stdout)
    again = run_python("-m", "sixtysix_tools.cli", "move", str(path) + ".none")
    assert again.returncode == 2 and again.stdout == ""
    assert again.stderr.startswith("%s.none:0: " % path)


def test_move_imports_only_what_it_needs(tmp_path):
    """Called once per move by other programs, `move` must not pay for the
    simulator's, the arena's, the benchmarks' or the deploy tool's imports."""
    path = tmp_path / "game.txt"
    path.write_text(README_EXAMPLE)
    script = (
        "import sys\n"
        "from sixtysix_tools import cli\n"
        "status = cli.main(['move', sys.argv[1]])\n"
        "print(status, ' '.join(sorted(m for m in sys.modules if m.startswith('sixtysix'))))\n"
    )
    done = run_python("-c", script, str(path))
    assert done.returncode == 0, done.stderr
    action, summary = done.stdout.splitlines()
    status, *modules = summary.split()
    assert status == "0" and action.startswith("A ")
    assert "sixtysix_tools.move" in modules
    for heavy in ("arena", "analyse", "bench", "deploy", "sim", "textplay", "texttable", "hostcanvas"):
        assert "sixtysix_tools." + heavy not in modules


def test_both_games_get_a_move():
    for game in (SIXTY_SIX, SCHNAPSEN):
        m = Match(Rules(game), 3)
        h = m.start_hand()
        w = RecordWriter(m)
        w.begin_hand()
        assert move.live_hand(w.text()).turn == h.turn
        check_legal(w.text(), "hard", 1)


@pytest.mark.parametrize("game", ["four-hand", "sixty-five"])
def test_analyse_refuses_the_games_without_an_exact_solver_at_the_game_line(capsys, tmp_path, game):
    """`move` answers in every game (test_move_more.py); `analyse` only in
    the games whose solver can price a mistake (the two-player games and
    three-hand, whose hands are two-player hands)."""
    path = tmp_path / "multi.txt"
    path.write_text("# a comment first\n%s\n" % ("game " + game))
    status = main(["analyse", str(path)])
    out = capsys.readouterr()
    assert (status, out.out) == (2, "")
    assert out.err == "%s:2: only sixty-six, schnapsen or three-hand records can be analysed: %s\n" % (
        path,
        "no other game's solver is exact",
    )


def test_a_record_on_standard_input(tmp_path):
    """`sixtysix move -` (and replay) read the record from a pipe, as a bot
    may hand it over, with the limits a file has."""
    import subprocess
    import sys

    path = tmp_path / "r.txt"
    path.write_text(README_EXAMPLE)
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)}

    def sixtysix(*argv, stdin):
        command = [sys.executable, "-m", "sixtysix_tools.cli", *argv]
        return subprocess.run(command, input=stdin, capture_output=True, timeout=60, env=env)

    from_file = sixtysix("move", str(path), stdin=b"")
    piped = sixtysix("move", "-", stdin=README_EXAMPLE.encode())
    assert piped.returncode == 0 and piped.stdout == from_file.stdout != b""
    assert sixtysix("replay", "-", stdin=README_EXAMPLE.encode()).returncode == 0
    big = sixtysix("move", "-", stdin=b"#" * 2000000)
    assert big.returncode == 2 and big.stderr.startswith(b"standard input:0: too large for a record")
    odd = sixtysix("move", "-", stdin=b"\xff\xfe")
    assert odd.returncode == 2 and b"standard input:1: not UTF-8 text" in odd.stderr


def test_the_move_example_of_analyse_md_is_what_move_prints(capsys, tmp_path):
    """docs/ANALYSE.md shows `move`'s answer to the README's example record
    cut after `B play JH` (its four-hand example has a test of its own in
    test_move_more).  The answer changes when the computer's play does;
    this keeps the page saying what the command prints."""
    with open(os.path.join(ROOT, "README.md"), encoding="utf-8") as f:
        readme = f.read()
    shown_record = "".join("    %s\n" % line for line in (README_EXAMPLE + "A claim\n").splitlines())
    assert shown_record in readme  # the record the tests here use is the README's
    with open(os.path.join(ROOT, "docs", "ANALYSE.md"), encoding="utf-8") as f:
        doc = f.read()
    after = doc[doc.index("cut after `B play JH`") :]
    lines = [line[4:] for line in after.splitlines() if line.startswith("    ")]
    assert lines[0] == "$ sixtysix move game.txt"
    path = tmp_path / "game.txt"
    path.write_text(README_EXAMPLE)
    status, out, err = run_move(capsys, str(path))
    assert (status, err, out) == (0, "", lines[1] + "\n")
