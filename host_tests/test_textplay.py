"""`sixtysix play` driven with scripted input: whole matches, bad input
and the command line.  Every test asserts on what the player is shown.
The record it writes and resuming from one: test_textplay_records.py."""

import io
import re
import subprocess
import sys

import pytest
from playscript import LowestCard, Scripted, play, record_text, write
from sixtysix_tools import cli
from sixtysix_tools.records import read

# --- whole matches -------------------------------------------------------------


def test_whole_match_in_counting_mode(monkeypatch, tmp_path):
    rec = str(tmp_path / "m.txt")
    status, out, _ = play(monkeypatch, "--seed", "7", "--target", "2", "--record", rec)
    assert status == 0
    assert "sixty-six, first to 2, seed 7. You are A; the computer is B." in out
    assert "=== Hand 1:" in out
    assert "Your hand: 1:" in out
    assert "Hand over." in out
    assert "Match over:" in out
    assert "Score:" not in out  # counting mode shows no running scores
    # The record replays through the engine to the same result.
    replay = read(open(rec).read())
    m = replay.match
    assert m.winner >= 0
    assert max(m.scores) >= 2
    winner = "you win" if m.winner == 0 else "the computer wins"
    assert "Match over: %s %d to %d." % (winner, m.scores[m.winner], m.scores[1 - m.winner]) in out
    assert out.count("Hand over.") == len(replay.hands)


def test_whole_schnapsen_match_in_assisted_mode(monkeypatch):
    status, out, _ = play(
        monkeypatch, "--game", "schnapsen", "--mode", "assisted", "--seed", "3", "--target", "1"
    )
    assert status == 0
    assert "schnapsen, first to 1" in out
    assert "Score: you 0, computer 0" in out
    assert "Match over:" in out


@pytest.mark.parametrize(
    "seed, last_draw",
    [
        (1, "The computer takes the trick (JH TC).\nYou take the upcard AH; the stock is used up."),
        (
            2,
            "You take the trick (KD TC).\n"
            "You draw TD; the computer takes the upcard QS; the stock is used up.",
        ),
    ],
)
def test_a_hand_played_to_its_last_trick(monkeypatch, seed, last_draw):
    """The trick's loser takes the upcard, the stock is then used up, and
    the last trick is worth ten."""
    from sixtysix_tools import textplay

    monkeypatch.setattr(textplay, "make_player", lambda name, seed: LowestCard())
    status, out, _ = play(monkeypatch, "--seed", str(seed), "--target", "1")
    assert status == 0
    assert last_draw in out
    assert "    Stock: used up\n" in out
    assert re.search(r"\n  (You|Computer): .* \+ 10 for the last trick = \d+\n", out)


def test_a_hand_nobody_wins_puts_a_game_point_in_the_pot(monkeypatch):
    from sixtysix_tools import textplay

    monkeypatch.setattr(textplay, "make_player", lambda name, seed: LowestCard())
    status, out, _ = play(monkeypatch, "--seed", "38", "--target", "3")  # a hand ends 65 to 65
    assert status == 0
    assert "Hand over. Nobody wins: 65 and 65 points after the last trick" in out
    assert "Pot: 1 game point for the winner of the next decided hand." in out
    assert out.count("Pot:") == 1  # and only while it holds one


def test_same_seed_same_match(monkeypatch):
    first = play(monkeypatch, "--seed", "11", "--target", "1")[1]
    again = play(monkeypatch, "--seed", "11", "--target", "1")[1]
    assert first == again


def test_the_seed_from_the_clock_can_be_given_back(monkeypatch):
    """The header's seed replays the match with --seed.  The clock's seed
    once ran to 1073741823, past what --seed takes: one match in fourteen
    could not be played again."""
    import types

    from sixtysix_tools import textplay

    past_the_range = (5 << 30 | 1050000000) / 1000  # seconds whose low 30 bits of ms are > 999999999
    monkeypatch.setattr(textplay, "time", types.SimpleNamespace(time=lambda: past_the_range))
    status, first, err = play(monkeypatch, "--target", "1")
    assert (status, err) == (0, "")
    seed = re.search(r", seed (\d+)\. ", first).group(1)
    status, again, err = play(monkeypatch, "--seed", seed, "--target", "1")
    assert (status, err) == (0, "")
    assert again == first


def test_random_opponent_can_be_chosen(monkeypatch):
    status, out, _ = play(monkeypatch, "--seed", "4", "--target", "1", "--opponent", "random")
    assert status == 0
    assert "Match over:" in out


# --- bad input costs nothing ---------------------------------------------------


def test_bad_input_on_lead_is_explained(monkeypatch, tmp_path):
    # Clubs are trumps; A leads and holds no trump nine and no marriage.
    path = write(tmp_path, record_text("KH 9D TC AS JD QS", "AH TH KS 9S JS QC", "AC"))
    script = "hello\n7h\nzz\n10h\nplay\n9\nqh\nmarry s\nm x\nmarry\nexchange\nfoo bar\nhelp\nlast\n"
    script += "x" * 30 + "\n"
    status, out, _ = play(monkeypatch, "--resume", path, "--seed", "1", script=script)
    assert status == 0
    assert "'hello' is not a card or a command" in out
    assert "Unknown card '7h'" in out
    assert "Unknown card 'zz'" in out
    assert "Unknown card '10h': rank 9 J Q K T A, then suit C D H S" in out  # the ten is T
    assert "Play which card?" in out
    assert "There is no card 9: your cards are numbered 1 to 6" in out
    # each mistake is followed by the prompt again, not by the table
    assert "Not allowed: cannot play QH: not in hand\nYour lead> " in out
    assert "Unknown card 'zz': rank 9 J Q K T A, then suit C D H S\nYour lead> " in out
    assert "Not allowed: cannot declare a marriage: does not hold king and queen of that suit" in out
    assert "Unknown suit 'x'" in out
    assert "You hold no king and queen of one suit" in out
    assert "Not allowed: cannot exchange: does not hold the nine of trumps" in out
    assert "'foo bar' is not a command; type help for the list" in out
    assert "marry H, m h" in out  # the help text
    assert "No trick has been played in this hand yet." in out
    assert "'%s...' is not a card or a command" % ("x" * 24) in out
    assert "Leaving the match (end of input)." in out
    # Nothing was played: the record is unchanged.
    assert open(path).read() == record_text("KH 9D TC AS JD QS", "AH TH KS 9S JS QC", "AC")


def test_must_follow_in_the_strict_phase(monkeypatch, tmp_path):
    # Dealer A: B leads, closes and leads the ace of hearts; A holds a heart.
    text = record_text(
        "KH 9D TC AS JD QS", "AH TH KS 9S JS QC", "AC", dealer="A", actions=["B close", "B play AH"]
    )
    path = write(tmp_path, text)
    status, out, _ = play(monkeypatch, "--resume", path, script="as\n1\n")
    assert status == 0
    assert "Stock: closed by the computer" in out
    assert "Trick: the computer led AH" in out
    assert "Not allowed: must follow suit: holds hearts" in out
    assert "Not allowed: must follow suit" in out.split("Play to AH> ")[2]  # card 1 is the TC
    assert "Leaving the match (end of input)." in out


def test_marriage_then_its_card(monkeypatch, tmp_path):
    path = write(tmp_path, record_text("KH QH TC AS JD 9S", "AH TH KS QS JS QC", "AC"))
    status, out, _ = play(monkeypatch, "--resume", path, "--seed", "2", script="m h\n9s\nqh\n")
    assert status == 0
    assert "You declare the marriage in hearts (20)." in out
    assert "Lead the king or queen of hearts> " in out
    assert "Not allowed: must lead the king or queen of the marriage in hearts" in out
    assert "You lead QH." in out
    lines = open(path).read().splitlines()
    i = lines.index("A marry H")
    assert lines[i + 1] == "A play QH"
    assert lines[i + 2].startswith("B play ")


def test_the_prompt_after_a_marriage_asks_for_the_queen_alone_when_only_she_may_lead(monkeypatch, tmp_path):
    """Under marriage-lead queen the king may not be led: the prompt said
    'Lead the king or queen' and then refused the king."""
    header = "option marriage-lead queen"
    path = write(tmp_path, record_text("KH QH TC AS JD 9S", "AH TH KS QS JS QC", "AC", header=header))
    status, out, _ = play(monkeypatch, "--resume", path, script="m h\nkh\nqh\nquit\n")
    assert status == 0
    assert "Lead the queen of hearts> Not allowed: must lead the queen of the marriage in hearts" in out
    assert "Lead the queen of hearts> You lead QH." in out
    assert "king or queen" not in out


def test_hint_says_the_computers_choice_and_plays_nothing(monkeypatch, tmp_path):
    path = write(tmp_path, record_text("KH QH TC AS JD 9S", "AH TH KS QS JS QC", "AC"))
    status, out, _ = play(monkeypatch, "--resume", path, "--seed", "1", script="hint\nquit\n")
    assert status == 0
    assert "Your lead> Hint: marry H. Declare the marriage in hearts: 20 points" in out
    assert read(open(path).read()).match.hand.nlog == 0


def test_what_the_computer_does_is_told_in_words(monkeypatch, tmp_path):
    """Each kind of action of the computer's, and the tricks, draws, piles
    and scores around them, as the player reads them."""
    from sixtysix.cardtext import parse_card
    from sixtysix.hand import CLAIM, CLOSE, EXCHANGE, MARRY
    from sixtysix_tools import textplay

    path = write(tmp_path, record_text("KH QH TC AS JD 9S", "9C KS QS TH JS QC", "AC", dealer="A"))
    actions = (MARRY + 3, parse_card("KS"), parse_card("QC"), EXCHANGE, CLOSE, CLAIM)
    monkeypatch.setattr(textplay, "make_player", lambda name, seed: Scripted(*actions))
    status, out, _ = play(monkeypatch, "--resume", path, "--seed", "1", script="as\njd\nquit\n")
    assert status == 0
    assert (
        """
The computer declares the marriage in spades (20).
The computer leads KS.
------------------------------------------------------------
Trumps: clubs    Stock: 11 face down + upcard AC
Computer: 5 cards in hand, 0 tricks (0 cards won), marriages: 20 in spades
You:      0 tricks (0 cards won)
Trick: the computer led KS
Your hand: 1:TC   2:JD   3:KH 4:QH   5:AS 6:9S
Play to KS> You play AS.
You take the trick (KS AS).
You draw KC.
------------------------------------------------------------
Trumps: clubs    Stock: 9 face down + upcard AC
Computer: 6 cards in hand, 0 tricks (0 cards won), marriages: 20 in spades
You:      1 trick (2 cards won)
Your hand: 1:TC 2:KC   3:JD   4:KH 5:QH   6:9S
Your lead> You lead JD.
The computer plays QC.
The computer takes the trick (JD QC).
You draw KD.
The computer exchanges the nine of trumps for the upcard AC.
The computer closes the stock.
The computer claims to have 66.
------------------------------------------------------------
Hand over. A (you) wins 2 game points: B (computer) claimed with only 25.
  You:      15 in cards = 15
  Computer: 5 in cards + 20 in marriages = 25
Match: you 2, computer 0 (first to 7).
"""
        in out
    )


def test_your_actions_and_the_short_forms_of_the_commands(monkeypatch, tmp_path):
    from sixtysix.cardtext import parse_card
    from sixtysix.hand import MARRY
    from sixtysix_tools import textplay

    header = "option mode assisted\noption false-claim 2or3"
    path = write(
        tmp_path, record_text("KC QC TH AS JD 9H", "9S KS QS TC JS QH", "AH", dealer="A", header=header)
    )
    actions = (MARRY + 3, parse_card("KS"), parse_card("9S"))
    monkeypatch.setattr(textplay, "make_player", lambda name, seed: Scripted(*actions))
    script = "as\nlast\n0\nz\n?\ntable\nmarry c s\nx\nclose\nn\nclaim\nn\nm heart\nmarry\nqc\n"
    script += "close\nyes\nclaim\nY\nexit\n"
    status, out, _ = play(monkeypatch, "--resume", path, "--seed", "1", script=script)
    assert status == 0
    for said in (
        "You take the trick (KS AS, 15 points).",
        "Your lead> Last trick: the computer led KS, you played AS; you took it.",
        "Your lead> There is no card 0: your cards are numbered 1 to 6",
        "Your lead> 'z' is not a card or a command",
        "Your lead>   TS, 9h, 3     play a card",  # ? is help
        "Your lead> " + "-" * 60,  # table shows it again
        "Your lead> Say marry and one suit, like: marry h",
        "Your lead> You exchange; the upcard is now 9H.",  # x
        # you took a trick and the computer none: a failed close or claim costs 3
        "the computer scores 3 game points, as it has no trick yet. Close? [y/N] The stock stays open.",
        "the computer scores 3 game points, as it has no trick yet. Claim? [y/N] Play goes on.",
        "Your lead> Not allowed: cannot declare a marriage: does not hold king and queen of that suit",
        "Your lead> You declare the marriage in clubs (20).",  # the one marriage held
        "Lead the king or queen of clubs> You lead QC.",
        "Close? [y/N] You close the stock.",
        "Claim? [y/N] You claim to have 66.",
        "Computer: 0 in cards + (20 in marriages, not counted without a trick) = 0",
        "Your lead> Leaving the match.",  # exit
    ):
        assert said in out


def test_marry_takes_the_suits_whole_name(monkeypatch, tmp_path):
    path = write(tmp_path, record_text("KS QS TC AH JD 9D", "AS TH KH 9S JS QC", "AC"))
    status, out, _ = play(monkeypatch, "--resume", path, script="marry spades\nquit\n")
    assert status == 0
    assert "You declare the marriage in spades (20)." in out
    assert "A marry S" in open(path).read().splitlines()


def test_an_empty_line_shows_the_table_again_once(monkeypatch, tmp_path):
    path = write(tmp_path, record_text("KH QH TC AS JD 9S", "AH TH KS QS JS QC", "AC"))
    status, out, _ = play(monkeypatch, "--resume", path, script="\n  \nquit\n")
    assert status == 0
    assert out.count("Your hand: ") == 3  # at the start, and once for each empty line
    assert out.count("Your lead> ") == 3


def test_help_last_hint_and_show_answer_and_ask_again_at_once(monkeypatch, tmp_path):
    path = write(tmp_path, record_text("KH QH TC AS JD 9S", "AH TH KS QS JS QC", "AC"))
    status, out, _ = play(monkeypatch, "--resume", path, script="help\nlast\nhint\nshow\nquit\n")
    assert status == 0
    assert out.count("Your hand: ") == 2  # at the start and for show: no other table between them
    assert out.count("Your lead> ") == 5
    assert read(open(path).read()).match.hand.nlog == 0


def test_a_close_the_rules_refuse_is_explained_without_asking(monkeypatch, tmp_path):
    from sixtysix.cardtext import parse_card
    from sixtysix_tools import textplay

    path = write(tmp_path, record_text("KH QH TC AS JD 9S", "AH TH KS QS JS QC", "AC", dealer="A"))
    monkeypatch.setattr(textplay, "make_player", lambda name, seed: Scripted(parse_card("JS")))
    status, out, _ = play(monkeypatch, "--resume", path, script="close\nquit\n")
    assert status == 0
    assert "Play to JS> Not allowed: " in out  # only the leader closes
    assert "Close?" not in out
    assert "A close" not in open(path).read()


def test_a_schnapsen_exchange_is_of_the_trump_jack(monkeypatch, tmp_path):
    from sixtysix.cardtext import parse_card
    from sixtysix.hand import EXCHANGE
    from sixtysix_tools import textplay

    text = (
        "game schnapsen\noption exchange-needs-trick no\nhand\ndealer A\n"
        "A KH QH TC AS JD\nB JC KS QS TH JS\nupcard AC\nstock KC QC AD KD QD TD AH JH TS\n"
    )
    path = write(tmp_path, text)
    monkeypatch.setattr(textplay, "make_player", lambda name, seed: Scripted(EXCHANGE, parse_card("KS")))
    status, out, _ = play(monkeypatch, "--resume", path, script="quit\n")
    assert status == 0
    assert "The computer exchanges the jack of trumps for the upcard AC." in out
    assert "Stock: 9 face down + upcard JC" in out


def test_marry_without_a_suit_asks_which_when_two_are_held(monkeypatch, tmp_path):
    path = write(tmp_path, record_text("KH QH KS QS 9C TC", "AH TH AS TS JS QC", "AC"))
    status, out, _ = play(monkeypatch, "--resume", path, script="marry\nquit\n")
    assert status == 0
    assert "Which marriage? say marry and the suit, like: marry h" in out
    assert read(open(path).read()).match.hand.nlog == 0


def test_a_match_you_win_ends_there(monkeypatch, tmp_path):
    from sixtysix.hand import CLAIM
    from sixtysix_tools import textplay

    path = write(
        tmp_path, record_text("KH QH TC AS JD 9S", "AH TH KS QS JS QC", "AC", dealer="A", header="target 2")
    )
    monkeypatch.setattr(textplay, "make_player", lambda name, seed: Scripted(CLAIM))
    status, out, _ = play(monkeypatch, "--resume", path, script="")
    assert status == 0
    assert out.endswith("Match over: you win 2 to 0.\n")  # the computer's false claim
    assert read(open(path).read()).match.winner == 0


def test_close_asks_and_says_what_failing_costs(monkeypatch, tmp_path):
    path = write(tmp_path, record_text("KH QH TC AS JD 9S", "AH TH KS QS JS QC", "AC"))
    status, out, _ = play(monkeypatch, "--resume", path, script="close\nn\nclose\ny\n")
    assert status == 0
    assert "the computer scores 3 game points, as it has no trick yet" in out
    assert "Close? [y/N] The stock stays open.\nYour lead> close\n" not in out  # input is not echoed
    assert "The stock stays open.\nYour lead> If you close" in out  # and nothing else was done
    assert "You close the stock." in out
    assert "Stock: closed by you" in out
    assert "A close" in open(path).read().splitlines()


def test_end_of_input_while_confirming(monkeypatch, tmp_path):
    path = write(tmp_path, record_text("KH QH TC AS JD 9S", "AH TH KS QS JS QC", "AC"))
    status, out, _ = play(monkeypatch, "--resume", path, script="close\n")
    assert status == 0
    assert "Leaving the match (end of input)." in out


def test_an_over_long_line_is_ignored_and_play_goes_on(monkeypatch):
    status, out, _ = play(monkeypatch, "--seed", "1", script="x" * 1500 + "\nhelp\nquit\n")
    assert status == 0
    assert "That line is longer than 1000 characters: ignored." in out
    assert "play a card" in out.split("ignored.")[1]  # help came after it
    assert "Leaving the match." in out


def test_a_last_line_of_the_longest_length_without_its_end_of_line_is_read(monkeypatch):
    status, out, _ = play(monkeypatch, "--seed", "1", script="x" * 1000)
    assert status == 0
    assert "'%s...' is not a card or a command" % ("x" * 24) in out
    assert "longer than" not in out


@pytest.mark.timeout(60)
def test_input_that_ends_inside_an_over_long_line_ends_the_match(monkeypatch):
    status, out, _ = play(monkeypatch, "--seed", "1", script="x" * 1500)
    assert status == 0
    assert "That line is longer than 1000 characters: ignored." in out
    assert out.endswith("Your lead> \nLeaving the match (end of input).\n")


class Endless:
    """A stdin of one line that never ends (/dev/zero); counts what was read."""

    def __init__(self):
        self.read = 0

    def readline(self, size=-1):
        assert 0 < size <= 100000, "a read without a bound: %d" % size
        self.read += size
        return "0" * size


def test_input_with_no_end_of_line_ends_the_match_in_bounded_memory(monkeypatch):
    endless = Endless()
    out = io.StringIO()
    monkeypatch.setattr(sys, "stdin", endless)
    monkeypatch.setattr(sys, "stdout", out)
    assert cli.main(["play", "--seed", "1"]) == 0
    assert "Leaving the match (an input line of over 65536 characters)." in out.getvalue()
    assert endless.read < 70000


def test_a_closed_standard_input_is_the_end_of_input(monkeypatch):
    out = io.StringIO()
    monkeypatch.setattr(sys, "stdin", None)
    monkeypatch.setattr(sys, "stdout", out)
    assert cli.main(["play", "--seed", "1"]) == 0
    assert "Leaving the match (end of input)." in out.getvalue()


def test_bytes_that_are_not_utf8_are_refused_like_any_word(monkeypatch):
    """Under a UTF-8 locale standard input is decoded strictly, and one byte
    that is not UTF-8 (a pasted binary, a Latin-1 terminal) ended the match
    with a UnicodeDecodeError traceback."""
    out = io.StringIO()
    strict = io.TextIOWrapper(io.BytesIO(b"\xff\xfe\x80garbage\nhelp\nquit\n"), encoding="utf-8")
    monkeypatch.setattr(sys, "stdin", strict)
    monkeypatch.setattr(sys, "stdout", out)
    assert cli.main(["play", "--seed", "1"]) == 0
    said = out.getvalue()
    assert "'\\xff\\xfe\\x80garbage' is not a card or a command" in said  # escaped, never raw
    assert "play a card" in said.split("garbage")[1]  # help came after it
    assert "Leaving the match." in said


def test_false_claim_ends_the_hand(monkeypatch, tmp_path):
    path = write(tmp_path, record_text("KH QH TC AS JD 9S", "AH TH KS QS JS QC", "AC"))
    status, out, _ = play(monkeypatch, "--resume", path, "--seed", "5", script="claim\ny\nquit\n")
    assert status == 0
    assert "If you have fewer than 66, the computer scores 2 game points. Claim? [y/N]" in out
    assert "You claim to have 66." in out
    assert "B (computer) wins 2 game points: A (you) claimed with only 0" in out
    assert "You:      0 in cards = 0" in out
    assert "Match: you 0, computer 2 (first to 7)." in out
    assert "=== Hand 1: the computer deals, you lead ===" in out  # B dealt the record's hand
    assert "=== Hand 2: you deal, the computer leads ===" in out
    assert "Leaving the match." in out


# --- command-line mistakes: a message and status 2 ------------------------------


@pytest.mark.parametrize(
    "argv, words",
    [
        (["--option", "nonsense=1"], "unknown option 'nonsense' (options: mode,"),
        (["--option", "head"], "--option takes NAME=VALUE, not 'head'"),
        (["--option", "head= "], "--option takes NAME=VALUE, not 'head= '"),
        (["--option", "=yes"], "--option takes NAME=VALUE, not '=yes'"),
        (["--mode", "counting", "--option", "Mode=assisted"], "give the mode once: --mode counting or"),
        (["--option", "close-by=either", "--option", "Close-By=leader"], "--option close-by is given twice"),
        (["--option", "head=maybe"], "option head takes no or yes, not 'maybe'"),
        (["--option", "head=yes\u212a"], "option head takes no or yes, not 'yes\\u212a'"),  # Kelvin, no K
        (["--target", "0"], "--target takes a number from 1 to 99"),
        (["--resume", "/nonexistent/game.txt"], "cannot resume /nonexistent/game.txt: cannot read the file"),
    ],
)
def test_bad_command_lines(monkeypatch, argv, words):
    status, out, err = play(monkeypatch, *argv, script="")
    assert status == 2
    assert out == ""
    assert err.startswith("sixtysix play: ")
    assert words in err


def test_unknown_game_is_an_argparse_error(monkeypatch, capsys):
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    with pytest.raises(SystemExit) as e:
        cli.main(["play", "--game", "poker"])
    assert e.value.code == 2
    assert "invalid choice: 'poker'" in capsys.readouterr().err


def test_real_command_quits_cleanly_at_end_of_input():
    proc = subprocess.run(
        [sys.executable, "-m", "sixtysix_tools.cli", "play", "--seed", "1"],
        input="hello\n",
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert proc.returncode == 0
    assert "is not a card or a command" in proc.stdout
    assert "Leaving the match (end of input)." in proc.stdout
    assert proc.stderr == ""


# Bidding records stopped in the auction (every card dealt, no stock).
BID_RECORDS = {
    "bid-two": "game bid-two\nhand\ndealer A\nA 9C JC QC KC TC AC 9D JD QD KD TD AD\n"
    "B 9H JH QH KH TH AH 9S JS QS KS TS AS\n",
    "bid-three": "game bid-three\nhand\ndealer C\nA AH TH KH QH AC TC KC 9S\n"
    "B JH 9H QC JC 9C AS TS KS\nC AD TD KD QD JD 9D QS JS\nA bid 1\n",
}


@pytest.mark.parametrize("game", ["three-hand", "four-hand", "sixty-five", "bid-two", "bid-three"])
def test_the_games_for_three_and_four_point_to_the_simulator(monkeypatch, tmp_path, game):
    """They are not played in the terminal: asked for by name or resumed
    from a record, the answer says where they are played, never a traceback."""
    from test_move_more import cut_records

    status, out, err = play(monkeypatch, "--game", game, script="")
    assert (status, out) == (2, "")
    assert "sixtysix sim --game %s" % game in err
    if game.startswith("bid-"):
        record = BID_RECORDS[game]  # cut_records plays the games with a stock
    else:
        record = cut_records(game, 2, 1)[0]
    path = write(tmp_path, record)
    status, out, err = play(monkeypatch, "--resume", path, script="")
    assert (status, out) == (2, "")
    assert err.startswith(
        "sixtysix play: cannot resume %s: %s is played on the simulated device" % (path, game)
    )


# --- issue 12: what an attacker and a newcomer met -------------------------------


def test_a_typed_word_past_ascii_leaves_the_command_read(monkeypatch, tmp_path):
    # Case is folded word by word: 'LAST' is still the command beside a word
    # that is not ASCII (which itself is never folded: the Kelvin sign is no k).
    path = write(tmp_path, record_text("KH QH TC AS JD 9S", "AH TH KS QS JS QC", "AC"))
    status, out, _ = play(monkeypatch, "--resume", path, script="LAST \u00e9\nplay \u212aH\nquit\n")
    assert status == 0
    assert "No trick has been played in this hand yet." in out
    assert read(open(path).read()).match.hand.nlog == 0  # the look-alike played nothing


@pytest.mark.parametrize(
    "typed", ["²", "٣", "６", "9" * 5000, "1²"], ids=["sup2", "arabic3", "wide6", "huge", "1sup2"]
)
def test_typed_numbers_are_ascii_digits(monkeypatch, tmp_path, typed):
    path = write(tmp_path, record_text("KH QH TC AS JD 9S", "AH TH KS QS JS QC", "AC"))
    status, out, err = play(monkeypatch, "--resume", path, script=typed + "\nquit\n")
    assert (status, err) == (0, "")
    refused = ("There is no card", "is not a card or a command", "longer than 1000 characters: ignored")
    assert any(words in out for words in refused)
    assert "9" * 100 not in out  # a pasted page is not echoed back whole
    assert read(open(path).read()).match.hand.nlog == 0  # nothing was played


@pytest.mark.parametrize(
    "argv, words",
    [
        (["--target", "²"], "--target takes a number from 1 to 99, not '²'"),
        (["--target", "٣"], "--target takes a number from 1 to 99, not '٣'"),
        (["--target", "9" * 5000], "--target takes a number from 1 to 99, not '999999999"),
        (["--seed", "²"], "--seed takes a number from 0 to 999999999, not '²'"),
        (["--seed", "-1"], "--seed takes a number from 0 to 999999999"),
    ],
)
def test_numbers_on_the_command_line_are_ascii_digits(monkeypatch, argv, words):
    status, out, err = play(monkeypatch, *argv, script="")
    assert (status, out) == (2, "")
    assert words in err and len(err) < 200


@pytest.mark.parametrize(
    "option, expected",
    [
        ("false-claim=2", "the computer scores 2 game points. Claim? [y/N]"),
        ("false-claim=2or3", "the computer scores 3 game points, as it has no trick yet. Claim? [y/N]"),
        ("false-claim=match", "you lose the whole match. Claim? [y/N]"),
    ],
)
def test_claim_asks_and_says_what_a_false_claim_costs(monkeypatch, tmp_path, option, expected):
    name, value = option.split("=")
    text = record_text("KH QH TC AS JD 9S", "AH TH KS QS JS QC", "AC", header="option %s %s" % (name, value))
    path = write(tmp_path, text)
    status, out, _ = play(monkeypatch, "--resume", path, script="claim\nn\nquit\n")
    assert status == 0
    assert "If you have fewer than 66, " + expected in out
    assert "Play goes on.\nYour lead> Leaving the match." in out  # and nothing else was done
    assert "You claim" not in out
    assert read(open(path).read()).match.hand.nlog == 0


def test_one_card_is_not_cards(monkeypatch):
    outs = []
    for seed in range(1, 6):
        status, out, _ = play(monkeypatch, "--seed", str(seed))
        assert status == 0 and "Match over:" in out
        assert " 1 cards" not in out
        outs.append(out)
    assert any("Computer: 1 card in hand" in out for out in outs)


def test_help_lists_the_games_it_plays_and_every_option(capsys):
    with pytest.raises(SystemExit):
        cli.main(["play", "--help"])
    import re

    text = " ".join(re.sub(r"-\n\s*", "-", capsys.readouterr().out).split())  # argparse wraps at hyphens
    assert "{sixty-six,schnapsen}" in text and "{sixty-six,schnapsen,three-hand" not in text
    assert "sixtysix sim --game GAME" in text
    from sixtysix.rules import OPTIONS

    for name, _, values in OPTIONS:
        assert "%s=%s" % (name, "|".join(values)) in text
