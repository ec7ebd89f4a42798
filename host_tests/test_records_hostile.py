"""Records written by someone who means harm, or by a careless editor: odd
digits, odd line breaks, control characters, special and huge files.  Each
is refused with `FILE:LINE: reason` and exit status 2, by replay, move,
analyse and play --resume alike (issue 12)."""

import os
import signal

import pytest
from recordgen import play_match
from sixtysix.rules import SCHNAPSEN, Rules
from sixtysix_tools.cli import main
from sixtysix_tools.gamepart import GAME_NAMES
from sixtysix_tools.records import RecordError, RecordWriter, read
from sixtysix_tools.recordsyntax import one_of
from sixtysix_tools.replay import MAX_RECORD_BYTES, read_record
from test_move_more import cut_records
from test_records import HEAD, error_of

COMMANDS = ("replay", "move", "analyse")

HEADS = {
    "sixty-six": "game sixty-six\n",
    "schnapsen": "game schnapsen\n",
    "three-hand": "game three-hand\n",
    "four-hand": "game four-hand\n",
    "sixty-five": "game sixty-five\n",
}

TWO_DEAL = HEAD.split("\n", 1)[1]  # the deal of test_records' record, without its game line


def run_command(capsys, tmp_path, command, data, *flags):
    path = tmp_path / "record.txt"
    path.write_bytes(data if isinstance(data, bytes) else data.encode())
    status = main([command, str(path), *flags])
    out = capsys.readouterr()
    return status, out.out, out.err, str(path)


# --- numbers are ASCII digits, bounded ----------------------------------------


@pytest.mark.parametrize("game", sorted(HEADS))
@pytest.mark.parametrize(
    "word", ["\u00b2", "\u0661\u0662", "\uff17", "7\u00b2", "+7", "0x7", "1" + "0" * 900]
)
def test_target_takes_ascii_digits_only(game, word):
    """'²' made int() raise; Arabic-Indic '١٢' and fullwidth '７' were read as 12 and 7."""
    line, reason = error_of(HEADS[game] + "target " + word + "\n")
    assert line == 2 and reason == "target takes a number of game points from 1 to 99"


@pytest.mark.parametrize("game", sorted(HEADS))
def test_target_in_ascii_digits_is_read(game):
    assert read(HEADS[game] + "target 07\n").rules.target == 7


def test_four_hand_bids_take_ascii_digits_only():
    head = "game four-hand\nhand\ndealer D\n"
    deal = "A 9C JC QC KC TC AC\nB 9D JD QD KD TD AD\nC 9H JH QH KH TH AH\nD 9S JS QS KS TS AS\n"
    assert read(head + deal + "A bid 2\n").match.hand.high_bid == 2
    for word in ("\u00b2", "\u0662", "02", "2.0", "0", "6"):
        line, reason = error_of(head + deal + "A bid " + word + "\n")
        assert (line, reason) == (8, "'bid' takes a number from 1 to 5 (5 = solo)")


@pytest.mark.parametrize("command", COMMANDS)
def test_a_superscript_target_is_the_error_contract(capsys, tmp_path, command):
    status, out, err, path = run_command(capsys, tmp_path, command, "game sixty-six\ntarget \u00b2\n")
    assert (status, out) == (2, "")
    assert err == "%s:2: target takes a number of game points from 1 to 99\n" % path


def test_play_resume_refuses_a_superscript_target(capsys, tmp_path):
    path = tmp_path / "t.txt"
    path.write_text("game sixty-six\ntarget \u00b2\n")
    status = main(["play", "--resume", str(path)])
    err = capsys.readouterr().err
    assert status == 2
    assert "%s:2: target takes a number of game points from 1 to 99" % path in err


# --- analyse refuses the games it does not study, at the game line -------------


@pytest.mark.parametrize("game", ["four-hand", "sixty-five"])
def test_analyse_refuses_played_records_of_other_games_at_the_game_line(capsys, tmp_path, game):
    """A Sixty-Five record with a card played ended in a traceback: analyse
    snapshotted its hand as a two-player one before refusing the game."""
    text = "# from the arena\n" + next(t for t in cut_records(game, 4, 5) if read(t).match.hand.nlog > 0)
    status, out, err, path = run_command(capsys, tmp_path, "analyse", text)
    assert (status, out) == (2, "")
    assert err.startswith("%s:2: only sixty-six, schnapsen or three-hand records can be analysed" % path)


def test_analyse_refuses_another_game_named_in_capitals(capsys, tmp_path):
    """Game names are case-insensitive: 'GAME Four-Hand' is still four-hand."""
    text = next(t for t in cut_records("four-hand", 4, 5) if read(t).match.hand.nlog > 0)
    text = text.replace("game four-hand", "GAME Four-Hand", 1)
    status, out, err, path = run_command(capsys, tmp_path, "analyse", text)
    assert (status, out) == (2, "")
    assert err.startswith("%s:1: only sixty-six, schnapsen or three-hand records can be analysed" % path)


def test_analyse_refuses_every_played_record_of_other_games(capsys, tmp_path):
    for game in ("four-hand", "sixty-five"):
        for text in cut_records(game, 11, 8):
            status, out, err, path = run_command(capsys, tmp_path, "analyse", text)
            assert (status, out, err.split(": ", 1)[0]) == (2, "", "%s:1" % path), text


# --- special files, huge files ------------------------------------------------


def test_a_byte_order_mark_first_is_dropped(tmp_path):
    """Notepad and other Windows editors save UTF-8 with a byte-order mark
    first: the record must still start with its `game` line."""
    path = tmp_path / "bom.txt"
    path.write_bytes(b"\xef\xbb\xbfgame sixty-six\n")
    assert read_record(str(path)) == "game sixty-six\n"
    path.write_bytes(b"game sixty-six\n\xef\xbb\xbf# not first: kept\n")
    assert read_record(str(path)) == "game sixty-six\n\ufeff# not first: kept\n"


@pytest.mark.parametrize("command", COMMANDS)
def test_a_directory_is_refused(capsys, tmp_path, command):
    status = main([command, str(tmp_path)])
    out = capsys.readouterr()
    assert (status, out.out) == (2, "")
    assert out.err == "%s:0: not a regular file (a directory)\n" % tmp_path


def test_a_device_is_refused_without_reading_it():
    with pytest.raises(RecordError) as e:
        read_record("/dev/zero")
    assert (e.value.line, e.value.reason) == (0, "not a regular file (a device)")


def test_a_fifo_is_refused_without_waiting_for_a_writer(tmp_path):
    from conftest import run_python

    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    for command in COMMANDS:
        done = run_python("-m", "sixtysix_tools.cli", command, str(fifo), timeout=30)
        assert (done.returncode, done.stdout) == (2, "")
        assert done.stderr == "%s:0: not a regular file (a FIFO)\n" % fifo
    done = run_python("-m", "sixtysix_tools.cli", "play", "--resume", str(fifo), timeout=30)
    assert done.returncode == 2 and "not a regular file (a FIFO)" in done.stderr


def test_a_fifo_swapped_in_after_the_check_is_still_refused(tmp_path, monkeypatch):
    """The name may be replaced between stat and open: the open must not
    block on a FIFO, and what was opened is checked again."""
    from sixtysix_tools import replay

    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    real_stat = os.stat

    def stat_before_the_swap(p, *args, **kwargs):
        return real_stat(__file__) if p == str(fifo) else real_stat(p, *args, **kwargs)

    monkeypatch.setattr(replay.os, "stat", stat_before_the_swap)

    def hung(signum, frame):
        raise AssertionError("the open waited for a writer")

    old = signal.signal(signal.SIGALRM, hung)
    signal.alarm(10)  # a blocking open is interrupted, not waited on forever
    try:
        with pytest.raises(RecordError) as e:
            read_record(str(fifo))
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)
    assert (e.value.line, e.value.reason) == (0, "not a regular file (a FIFO)")


@pytest.mark.parametrize("command", COMMANDS)
def test_a_record_over_the_cap_is_refused_without_being_read(capsys, tmp_path, command):
    big = tmp_path / "big.txt"
    with open(big, "wb") as f:
        f.write(b"game sixty-six\n")
        f.truncate(MAX_RECORD_BYTES + 1)
    status = main([command, str(big)])
    out = capsys.readouterr()
    assert (status, out.out) == (2, "")
    assert out.err == "%s:0: too large for a record (over 1 MB: %d bytes)\n" % (big, MAX_RECORD_BYTES + 1)


def test_a_record_at_the_cap_is_read(tmp_path):
    path = tmp_path / "full.txt"
    head = b"game sixty-six\n"
    path.write_bytes(head + b"#" * (MAX_RECORD_BYTES - len(head) - 1) + b"\n")
    assert read(read_record(str(path))).rules.name == "sixty-six"


def test_a_file_that_grows_while_read_is_cut_at_the_cap(tmp_path, monkeypatch):
    """stat may see a small file that is longer by the time it is read."""
    from sixtysix_tools import replay

    monkeypatch.setattr(replay, "MAX_RECORD_BYTES", 100)
    path = tmp_path / "grown.txt"
    path.write_bytes(b"#" * 101)
    with pytest.raises(RecordError) as e:
        replay.read_record(str(path))
    assert e.value.line == 0 and e.value.reason.startswith("too large for a record")


def test_a_file_whose_size_stat_does_not_tell_is_cut_at_the_cap(tmp_path, monkeypatch):
    """Files in /proc say they are empty: what is read is still capped, one
    byte past the limit being enough to refuse the file."""
    from sixtysix_tools import replay

    monkeypatch.setattr(replay, "MAX_RECORD_BYTES", 100)
    real_fstat = os.fstat

    def sizeless(fd):
        st = list(real_fstat(fd))
        st[6] = 0  # st_size
        return os.stat_result(st)

    monkeypatch.setattr(replay.os, "fstat", sizeless)
    path = tmp_path / "proc.txt"
    path.write_bytes(b"#" * 101)
    with pytest.raises(RecordError) as e:
        replay.read_record(str(path))
    assert (e.value.line, e.value.reason) == (0, "too large for a record (over 1 MB: 101 bytes)")
    path.write_bytes(b"#" * 100)
    assert replay.read_record(str(path)) == "#" * 100


def test_a_socket_is_refused_as_one():
    """Opening a socket's name fails (ENXIO): it is named before any open."""
    import socket
    import tempfile

    with tempfile.TemporaryDirectory() as short:  # a socket's path is at most ~100 bytes
        path = os.path.join(short, "s")
        with socket.socket(socket.AF_UNIX) as sock:
            sock.bind(path)
            with pytest.raises(RecordError) as e:
                read_record(path)
    assert (e.value.line, e.value.reason) == (0, "not a regular file (a socket)")


def test_a_huge_record_costs_little_memory(tmp_path):
    """A 10 MB one-line record took 297 MB; the cap bounds what is read, and
    statements are taken one at a time."""
    import tracemalloc

    path = tmp_path / "lines.txt"
    path.write_bytes(b"game sixty-six\n" + b"# a line of comment\n" * ((MAX_RECORD_BYTES - 16) // 20))
    ten = tmp_path / "ten.txt"
    ten.write_bytes(b"x" * 10_000_000)
    tracemalloc.start()
    try:
        assert read(read_record(str(path))).hands == []
        with pytest.raises(RecordError):
            read_record(str(ten))
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert peak < 8 * MAX_RECORD_BYTES


# --- exact players, newline-only lines, escaped echo, the wrong line ----------


@pytest.mark.parametrize(
    "game, text, line",
    [
        ("sixty-six", "game sixty-six\n" + TWO_DEAL.replace("dealer B", "dealer ab"), 3),
        ("three-hand", "game three-hand\nhand\ndealer bc\n", 3),
        ("four-hand", "game four-hand\nhand\ndealer ab\n", 3),
        ("four-hand", "game four-hand\nhand\ndealer cd\n", 3),
        ("sixty-five", "game sixty-five\nhand\ndealer ab\n", 3),
    ],
)
def test_a_player_is_one_letter(game, text, line):
    got_line, reason = error_of(text)
    assert got_line == line and reason.startswith("unknown player '")


def test_an_action_by_two_players_is_refused():
    assert error_of("game sixty-six\n" + TWO_DEAL + "AB play KH\n") == (8, "unknown statement 'AB'")


@pytest.mark.parametrize("brk", ["\x0b", "\x0c", "\x1c", "\x1d", "\x1e", "\x85", "\u2028", "\u2029", "\r"])
def test_only_newline_ends_a_line(brk):
    """A hand hidden in a comment stays in the comment, and line numbers
    are grep -n's."""
    text = (
        "game sixty-six\n# deal follows" + brk + "hand\n" + TWO_DEAL.replace("hand\n", "", 1) + "B play 9X\n"
    )
    line, reason = error_of(text)
    assert line == 3 and reason == "deal statements belong right after 'hand'"
    line, reason = error_of("game sixty-six" + brk + "target 3\n")
    assert line == 1


def test_a_carriage_return_before_the_newline_is_dropped():
    text = ("game sixty-six\n" + TWO_DEAL + "A marry H\n").replace("\n", "\r\n")
    assert read(text).match.hand.nlog == 1


@pytest.mark.parametrize("command", COMMANDS)
def test_control_characters_from_the_record_are_escaped(capsys, tmp_path, command):
    status, out, err, path = run_command(capsys, tmp_path, command, b"game \x1b[2Jsixty\x00six\x07\n")
    assert (status, out) == (2, "")
    assert "\x1b" not in err and "\x00" not in err and "\x07" not in err
    assert err.startswith("%s:1: " % path) and "\\x1b[2Jsixty\\x00six\\x07" in err


def test_a_file_name_with_control_characters_is_escaped(capsys, tmp_path):
    path = tmp_path / "a\x1b]0;x\x07.txt"
    path.write_text("game nine\n")
    assert main(["replay", str(path)]) == 2
    err = capsys.readouterr().err
    assert (
        "\x1b" not in err
        and "\x07" not in err
        and err.endswith(":1: unknown game 'nine' (%s)\n" % one_of(GAME_NAMES))
    )
    assert "(sixty-six, schnapsen, three-hand, four-hand, sixty-five" in err  # the registry's order


def test_a_statement_of_thousands_of_words_is_refused_before_it_is_split():
    """One line of 'xy xy ...' under the 1 MB cap cost 26 MB as a list of words."""
    import tracemalloc

    text = "game sixty-six\nstock " + "xy " * 300_000 + "\n"
    tracemalloc.start()
    try:
        line, reason = error_of(text)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert (line, reason) == (2, "a statement is at most 1000 characters long (comments not counted)")
    assert peak < 3 * len(text)
    assert read("game sixty-six\n#" + "x" * 5000 + "\n" + " " * 900 + "target 3  \n").rules.target == 3


def test_a_huge_word_is_not_echoed_whole():
    line, reason = error_of("game " + "x" * 100000 + "\n")
    assert line == 1 and len(reason) < 400


TWO_LINES = {"dealer": 3, "A": 4, "B": 5, "upcard": 6, "stock": 7}


@pytest.mark.parametrize(
    "old, new, line, reason",
    [
        ("A KH QH 9C TC AS JD", "A KH QH 9C TC AS", "A", "A must be dealt 6 cards, not 5"),
        ("B 9S JH QC KC AH TD", "B 9S JH QC KC AH TD JD", "B", "B must be dealt 6 cards, not 7"),
        ("B 9S JH QC KC AH TD", "B 9S JH QC KC AH KH", "B", "KH is dealt twice"),
        ("upcard JS", "upcard KH", "upcard", "KH is dealt twice"),
        ("stock 9D AD KD", "stock 9D AD KD AS", "stock", "AS is dealt twice"),
        ("stock 9D AD KD", "stock 9D AD KD JS", "stock", "JS is dealt twice"),  # the upcard, a line above
    ],
)
def test_deal_errors_are_at_the_wrong_statement(old, new, line, reason):
    """They were all reported at the `hand` line."""
    text = "game sixty-six\n" + TWO_DEAL.replace(old, new)
    assert error_of(text) == (TWO_LINES[line], reason)


@pytest.mark.parametrize(
    "game, text, line, what",
    [
        ("sixty-six", "game sixty-six\n" + TWO_DEAL + "dealer A\n", 8, "dealer"),
        (
            "sixty-six",
            "game sixty-six\n" + TWO_DEAL.replace("upcard JS", "upcard JS\nupcard 9S"),
            7,
            "upcard",
        ),
        ("sixty-six", "game sixty-six\n" + TWO_DEAL + "stock AC\n", 8, "stock"),
        ("three-hand", "game three-hand\nhand\ndealer C\ndealer A\n", 4, "dealer"),
        ("four-hand", "game four-hand\nhand\ndealer D\nB 9C TC JC QC KC AC\ndealer D\n", 5, "dealer"),
        ("sixty-five", "game sixty-five\nhand\ndealer D\ndealer A\n", 4, "dealer"),
    ],
)
def test_a_deal_statement_given_twice_is_refused_at_the_second(game, text, line, what):
    """The second silently replaced the first."""
    assert error_of(text) == (line, "'%s' is given twice in one deal" % what)


@pytest.mark.parametrize(
    "text, line, named",
    [
        ("game sixty-six\ntarget 5\ntarget 7\n", 3, "target"),
        ("game schnapsen\noption void trump\n# why not\noption VOID any\n", 4, "option void"),
        ("game four-hand\noption solo 66\ntarget 9\noption solo 66\n", 4, "option solo"),
    ],
)
def test_a_header_line_given_twice_is_refused_at_the_second(text, line, named):
    """The last one used to count, silently: a record that says two things
    of its rules is refused instead."""
    assert error_of(text) == (line, "'%s' is given twice" % named)


def test_lines_that_end_in_cr_alone_are_named_as_such():
    text = "game sixty-six\rtarget 3\r"
    assert error_of(text) == (
        1,
        "its lines end in CR alone (old Mac text); a record's lines end in LF or CR LF",
    )
    assert read(text.replace("\r", "\r\n")).rules.target == 3  # CR LF is fine


def test_distinct_options_and_one_target_are_fine():
    replay = read("game sixty-six\noption void trump\noption head yes\ntarget 3\n")
    assert replay.rules.target == 3


def test_a_card_outside_the_deck_is_reported_at_its_statement():
    lines = play_match(Rules(SCHNAPSEN), 2)[0].split("\n")
    at = next(i for i, w in enumerate(lines) if w.startswith("stock "))
    lines[at] = "stock 9C " + lines[at].split(" ", 2)[2]
    assert error_of("\n".join(lines)) == (at + 1, "9C not in the schnapsen deck")


def test_the_wrong_dealer_is_reported_at_the_dealer_line():
    text = next(t for t, _ in (play_match(Rules(), s) for s in range(1, 50)) if t.count("\nhand\n") >= 2)
    lines = text.split("\n")
    second = [i for i, w in enumerate(lines) if w.startswith("dealer ")][1]
    lines[second] = "dealer " + ("A" if lines[second] == "dealer B" else "B")
    line, reason = error_of("\n".join(lines))
    assert line == second + 1 and reason.startswith("the dealer must be")


def test_three_hand_deal_errors_are_at_the_wrong_statement():
    lines = cut_records("three-hand", 2, 1)[0].split("\n")
    at = lines.index("hand")
    words = lines[at + 3].split()
    words[1] = lines[at + 2].split()[1]  # the second hand repeats a card of the first
    lines[at + 3] = " ".join(words)
    assert error_of("\n".join(lines)) == (at + 4, "%s is dealt twice" % words[1])


def test_four_hand_and_sixty_five_deal_errors_are_at_the_wrong_statement():
    for game in ("four-hand", "sixty-five"):
        lines = cut_records(game, 2, 1)[0].split("\n")
        at = lines.index("hand")
        words = lines[at + 3].split()
        words[1] = lines[at + 2].split()[1]
        lines[at + 3] = " ".join(words)
        got_line, reason = error_of("\n".join(lines))
        assert got_line == at + 4, (game, reason)


def test_a_resumed_record_keeps_a_form_feed_inside_its_comment():
    """RecordWriter.resume split the text with splitlines: rewriting a
    resumed record turned the end of such a comment into a statement."""
    text = "game sixty-six\n# notes\x0chand\n" + TWO_DEAL
    replay = read(text)
    again = RecordWriter.resume(text, replay.match).text()
    assert again == text
    assert read(again).match.hand.nlog == 0


def test_a_resumed_sixty_five_record_keeps_its_lines():
    text = cut_records("sixty-five", 3, 1)[0].replace("game sixty-five\n", "game sixty-five\n# a\u2028b\n", 1)
    replay = read(text)
    assert RecordWriter.resume(text, replay.match).text() == text


@pytest.mark.parametrize("command", ["move", "analyse"])
@pytest.mark.parametrize("seed", ["\u0661", "\uff19", "-1", "1" * 4000, "1e3", "1000000000"])
def test_a_seed_is_ascii_digits(capsys, tmp_path, command, seed):
    """int() read '١' as 1 and took a 4,000-digit seed."""
    text = "game sixty-six\n" + TWO_DEAL
    path = tmp_path / "r.txt"
    path.write_text(text)
    with pytest.raises(SystemExit) as e:
        main([command, str(path), "--seed", seed])
    assert e.value.code == 2
    assert "a seed is a number from 0 to 999999999" in capsys.readouterr().err
    assert main([command, str(path), "--seed", "999999999", "--level", "random"]) == 0
    assert main([command, str(path), "--seed", "0", "--level", "random"]) == 0


# --- the format's own page ------------------------------------------------------


ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


@pytest.mark.parametrize("command", COMMANDS)
def test_help_points_to_the_records_page_in_the_repository(capsys, command):
    with pytest.raises(SystemExit):
        main([command, "--help"])
    assert "docs/RECORDS.md" in capsys.readouterr().out
    assert os.path.isfile(os.path.join(ROOT, "docs", "RECORDS.md"))


def test_the_records_page_states_the_limits_the_code_holds():
    from sixtysix_tools.recordsyntax import LONGEST_STATEMENT

    with open(os.path.join(ROOT, "docs", "RECORDS.md"), encoding="utf-8") as f:
        page = f.read()
    assert MAX_RECORD_BYTES == 1 << 20 and "at most 1 MB (1,048,576 bytes)" in page
    assert "at most %d characters long" % LONGEST_STATEMENT in page
    assert "1 to 99" in page and "FILE:LINE: reason" in page
    for game in ("sixty-six", "schnapsen", "three-hand", "four-hand", "sixty-five"):
        assert game in page, game


@pytest.mark.parametrize(
    "text,line,reason",
    [
        # a look-alike in a keyword, a game name or an option value names
        # nothing (CPython's lower() would read the Kelvin sign as k), and
        # the reason quotes it as an escape, never as the letter it mimics
        (HEAD.replace("stock", "stoc\u212a"), 7, "unknown statement 'stoc\\u212a'"),
        ("game sixty-si\u212a\n", 1, "unknown game 'sixty-si\\u212a'"),
        ("game sixty-six\noption played-out last-tric\u212a\n", 2, "not 'last-tric\\u212a'"),
        ("game sixty-six\noption played-ou\u0165 points\n", 2, "unknown option 'played-ou\\u0165'"),
        (HEAD + "A pl\u0430y KH\n", 8, "unknown action 'pl\\u0430y KH'"),  # a Cyrillic a
    ],
)
def test_a_look_alike_letter_names_no_keyword(text, line, reason):
    found_line, found = error_of(text)
    assert found_line == line and reason in found, found


@pytest.mark.parametrize(
    "card,shown",
    [
        ("A\u017f", "A\\u017f"),  # the long s: Unicode's upper case makes it S
        ("\u212aH", "\\u212aH"),  # the Kelvin sign, which looks like K
        ("\uff2bH", "\\uff2bH"),  # a full-width K
    ],
)
def test_a_look_alike_letter_is_no_card_and_the_message_shows_it_plainly(card, shown):
    line, reason = error_of(HEAD + "A play " + card + "\n")
    assert line == 8 and reason == "unknown card '%s'" % shown
