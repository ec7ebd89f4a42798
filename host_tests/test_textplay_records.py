"""`sixtysix play --record` and `--resume`: the record it writes, how the
file is written (never over another, never half), Ctrl-C at any moment,
and resuming from a record, a bad one included."""

import io
import re
import subprocess
import sys

import pytest
from playscript import FirstLegalCard, play, record_text, write
from sixtysix_tools import cli
from sixtysix_tools.records import read

# --- records and resuming ------------------------------------------------------


def test_record_then_resume_to_the_end(monkeypatch, tmp_path):
    rec = str(tmp_path / "r.txt")
    status, out, _ = play(
        monkeypatch, "--seed", "9", "--target", "2", "--record", rec, script="1\n1\n1\nquit\n"
    )
    assert status == 0
    assert "continue it with --resume %s" % rec in out
    first = open(rec).read()
    replay = read(first)
    assert replay.hands and not replay.hands[-1].finished
    assert replay.match.hand.nlog >= 3  # our three cards, plus the computer's

    status, out, _ = play(monkeypatch, "--resume", rec, "--seed", "1")
    assert status == 0
    assert "Match over:" in out
    final = open(rec).read()
    assert final.startswith(first)  # continued, not rewritten
    done = read(final)
    assert done.match.winner >= 0
    assert all(h.finished for h in done.hands)


def test_resume_after_a_finished_hand_deals_the_next(monkeypatch, tmp_path):
    text = record_text("KH QH TC AS JD 9S", "AH TH KS QS JS QC", "AC", actions=["A claim"], header="target 5")
    path = write(tmp_path, text)
    assert read(text).hands[-1].finished
    status, out, _ = play(monkeypatch, "--resume", path, "--seed", "3", script="quit\n")
    assert status == 0
    assert "first to 5, resumed from %s, new hands shuffled with seed 3." % path in out  # the record's target
    assert "=== Hand 2: you deal, the computer leads ===" in out
    final = read(open(path).read())
    assert len(final.hands) == 2 and final.match.scores == [0, 2]


def test_resumed_record_keeps_rules_options(monkeypatch, tmp_path):
    text = record_text(
        "KH QH TC AS JD 9S", "AH TH KS QS JS QC", "AC", header="option mode assisted\noption close-by either"
    )
    path = write(tmp_path, text)
    status, out, _ = play(monkeypatch, "--resume", path, script="quit\n")
    assert status == 0
    assert "Score: you 0, computer 0" in out


def test_malformed_resume_file(monkeypatch, tmp_path):
    path = write(tmp_path, "game sixty-six\nhand\ndealer B\nA KH\n")
    status, out, err = play(monkeypatch, "--resume", path, script="")
    assert status == 2
    assert out == ""
    assert "cannot resume %s:4: A must be dealt 6 cards, not 1" % path in err


def test_a_mistake_on_the_first_line_of_a_resume_file_is_named_by_its_line(monkeypatch, tmp_path):
    path = write(tmp_path, "game poker\n")
    status, out, err = play(monkeypatch, "--resume", path, script="")
    assert (status, out) == (2, "")
    assert err.startswith("sixtysix play: cannot resume %s:1: unknown game 'poker'" % path)


def test_a_record_of_no_hand_yet_is_resumed_with_the_first_deal(monkeypatch, tmp_path):
    path = write(tmp_path, "game sixty-six\ntarget 3\n")
    status, out, err = play(monkeypatch, "--resume", path, "--seed", "2", script="1\nquit\n")
    assert (status, err) == (0, "")
    assert "sixty-six, first to 3, resumed from" in out
    assert "=== Hand 1:" in out
    assert read(open(path).read()).match.hand.nlog >= 1


def test_resume_refuses_other_rules(monkeypatch, tmp_path):
    path = write(tmp_path, record_text("KH QH TC AS JD 9S", "AH TH KS QS JS QC", "AC"))
    for other in (["--game", "schnapsen"], ["--target", "3"], ["--mode", "assisted"]):
        status, _, err = play(monkeypatch, "--resume", path, *other, script="")
        assert status == 2
        assert "--resume plays on with the record's game and options" in err


@pytest.mark.parametrize("claimer, dealer", [("A", "B"), ("B", "A")])  # a false claim: the other wins
def test_resume_of_a_finished_match(monkeypatch, tmp_path, claimer, dealer):
    text = record_text(
        "KH QH TC AS JD 9S",
        "AH TH KS QS JS QC",
        "AC",
        dealer=dealer,
        actions=[claimer + " claim"],
        header="target 2",
    )
    path = write(tmp_path, text)
    status, out, err = play(monkeypatch, "--resume", path, script="")
    assert status == 2
    assert "that match is already over" in err


def test_record_that_cannot_be_written(monkeypatch, tmp_path):
    """Said before the match banner, not after it."""
    bad = str(tmp_path / "no-such-dir" / "game.txt")
    status, out, err = play(monkeypatch, "--seed", "1", "--record", bad, script="")
    assert (status, out) == (2, "")
    assert err == "sixtysix play: cannot write the record %s: there is no folder %s\n" % (
        bad,
        tmp_path / "no-such-dir",
    )
    status, out, err = play(monkeypatch, "--seed", "1", "--record", str(tmp_path), script="")
    assert (status, out) == (2, "")
    assert err == "sixtysix play: cannot write the record %s: it is a folder\n" % tmp_path


# --- the record file: never over another, never half (issue 12) ----------------


def test_record_never_overwrites_an_existing_file(monkeypatch, tmp_path):
    """An arena record was destroyed by --record before the first move."""
    path = write(tmp_path, "game sixty-six\n# an arena record\n")
    status, out, err = play(monkeypatch, "--seed", "1", "--record", path, script="quit\n")
    assert (status, out) == (2, "")
    assert (
        "%s already exists; continue it with --resume %s, or replace it with --overwrite" % (path, path)
        in err
    )
    assert open(path).read() == "game sixty-six\n# an arena record\n"
    other = write(tmp_path, record_text("KH QH TC AS JD 9S", "AH TH KS QS JS QC", "AC"), "other.txt")
    status, out, err = play(monkeypatch, "--resume", other, "--record", path, script="quit\n")
    assert status == 2 and "already exists" in err  # resuming one file does not free another
    status, out, _ = play(monkeypatch, "--seed", "1", "--record", path, "--overwrite", script="quit\n")
    assert status == 0 and read(open(path).read()).hands


def test_a_record_named_without_a_folder_is_written_in_the_current_one(monkeypatch, tmp_path):
    import os

    monkeypatch.chdir(tmp_path)
    status, out, err = play(monkeypatch, "--seed", "1", "--record", "game.txt", script="1\nquit\n")
    assert (status, err) == (0, "")
    assert "continue it with --resume %s" % os.path.realpath("game.txt") in out
    assert read((tmp_path / "game.txt").read_text()).match.hand.nlog >= 1


def test_a_record_resumed_in_place_is_allowed(monkeypatch, tmp_path):
    path = write(tmp_path, record_text("KH QH TC AS JD 9S", "AH TH KS QS JS QC", "AC"))
    status, out, err = play(monkeypatch, "--resume", path, "--record", path, script="quit\n")
    assert (status, err) == (0, "")


def test_a_failed_record_write_leaves_no_tmp_file(monkeypatch, tmp_path):
    import os

    from sixtysix.match import Match
    from sixtysix.rules import SIXTY_SIX, Rules
    from sixtysix_tools.textplay import Recorder

    path = str(tmp_path / "r.txt")
    m = Match(Rules(SIXTY_SIX))
    m.start_hand()
    rec = Recorder(path, m, "")
    rec.begin_hand(m.hand)

    def interrupted(*args):
        raise KeyboardInterrupt

    monkeypatch.setattr(os, "replace", interrupted)
    with pytest.raises(KeyboardInterrupt):
        rec.save(m.hand)
    assert os.listdir(tmp_path) == []


def test_a_record_that_can_no_longer_be_written_is_said_once_and_play_goes_on(monkeypatch, tmp_path):
    import os

    path = str(tmp_path / "r.txt")
    replace = os.replace
    writes = []

    def full_after_the_first(src, dst):
        writes.append(dst)
        if len(writes) > 1:
            raise OSError(28, "No space left on device")
        replace(src, dst)

    monkeypatch.setattr(os, "replace", full_after_the_first)
    status, out, _ = play(monkeypatch, "--seed", "1", "--record", path, script="1\n1\n1\nquit\n")
    assert status == 0
    said = "Cannot write the record %s (No space left on device); recording stops." % os.path.realpath(path)
    assert out.count(said) == 1
    assert out.count("You lead") + out.count("You play") == 3
    assert "continue it with --resume" not in out  # the file holds only the deal
    assert os.listdir(tmp_path) == ["r.txt"]


def test_a_record_that_cannot_be_written_at_the_start_stops_before_the_first_deal(monkeypatch, tmp_path):
    import os

    def full(src, dst):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", full)
    path = str(tmp_path / "r.txt")
    status, out, err = play(monkeypatch, "--seed", "1", "--record", path, script="1\nquit\n")
    assert status == 2
    assert err == "sixtysix play: cannot write %s: No space left on device\n" % os.path.realpath(path)
    assert "Your hand" not in out
    assert os.listdir(tmp_path) == []


def test_a_record_path_that_is_not_a_regular_file_is_refused(monkeypatch, tmp_path):
    """--overwrite replaces a record, never a pipe or a device (as root,
    `--record /dev/full --overwrite` once renamed a file over the device)."""
    import os

    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    status, out, err = play(monkeypatch, "--record", str(fifo), "--overwrite", script="quit\n")
    assert status == 2 and "it is not a regular file" in err and out == ""
    assert not os.path.isfile(fifo) and os.path.exists(fifo)


@pytest.mark.parametrize("umask, mode", [(0o022, 0o644), (0o007, 0o660)])
def test_the_temporary_file_is_new_and_the_record_keeps_normal_permissions(
    monkeypatch, tmp_path, umask, mode
):
    """A file already named like the old fixed temporary name is left alone,
    and the record is not made owner-only by the temporary file's mode: it
    has a new file's, as the umask says."""
    import os
    import stat

    precious = tmp_path / "r.txt.tmp"
    precious.write_text("precious\n")
    path = tmp_path / "r.txt"
    old = os.umask(umask)
    try:
        status, out, _ = play(monkeypatch, "--seed", "1", "--record", str(path), script="1\nquit\n")
    finally:
        os.umask(old)
    assert status == 0
    assert precious.read_text() == "precious\n"
    assert stat.S_IMODE(os.stat(path).st_mode) == mode
    assert sorted(os.listdir(tmp_path)) == ["r.txt", "r.txt.tmp"]
    read(path.read_text())


def test_a_record_with_a_long_name_is_written_and_resumed(monkeypatch, tmp_path):
    """A name of 244 characters is a legal file name; the temporary file
    beside it once took the name whole (plus 13 characters), and both
    --record and --resume ended with 'File name too long' about the record."""
    import os

    path = str(tmp_path / ("r" * 240 + ".txt"))
    status, out, err = play(monkeypatch, "--seed", "1", "--record", path, script="1\nquit\n")
    assert (status, err) == (0, "")
    first = open(path).read()
    status, out, err = play(monkeypatch, "--resume", path, "--seed", "2", script="1\nquit\n")
    assert (status, err) == (0, "")
    final = open(path).read()
    assert final.startswith(first) and len(final) > len(first)
    assert os.listdir(tmp_path) == [os.path.basename(path)]


def test_a_record_name_with_control_characters_is_never_echoed_raw(monkeypatch, tmp_path):
    """'The game so far is in FILE' sent an ESC in the name to the terminal,
    and a byte that is not UTF-8 (\xff) ended the match with a
    UnicodeEncodeError traceback on a strict UTF-8 output."""
    path = str(tmp_path / "\udcff\x1b[31mred.txt")
    status, out, err = play(monkeypatch, "--seed", "1", "--record", path, script="1\nquit\n")
    assert (status, err) == (0, "")
    assert "continue it with --resume" in out
    assert "\x1b" not in out and "\\x1b[31mred.txt" in out and "\\xff" in out
    out.encode("utf-8")  # no lone surrogate left to fail on a strict output
    assert read(open(path).read()).match.hand.nlog >= 1


def test_a_record_through_a_link_is_written_where_the_link_points(monkeypatch, tmp_path):
    import os

    real = tmp_path / "games" / "r.txt"
    real.parent.mkdir()
    link = tmp_path / "r.txt"
    status, _, _ = play(monkeypatch, "--seed", "1", "--record", str(real), script="quit\n")
    os.symlink(real, link)
    status, out, _ = play(monkeypatch, "--resume", str(link), "--record", str(link), script="1\nquit\n")
    assert status == 0 and os.path.islink(link)
    assert read(real.read_text()).match.hand.nlog >= 1


# --- Ctrl-C keeps every move shown ---------------------------------------------


def test_ctrl_c_at_any_moment_keeps_every_shown_move_in_the_record(tmp_path):
    """SIGINT at random moments of a real `play --record`: the process leaves
    as quit does, the record replays and holds every card the screen showed,
    and no temporary file is left."""
    import os
    import random
    import re
    import signal
    import time

    env = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)}
    rng = random.Random(12)
    # after a prompt on the same line: the piped input is not echoed
    shown_card = re.compile(r"(You|The computer) (lead|leads|play|plays) [9JQKTA][CDHS]\.")
    for trial in range(6):
        path = str(tmp_path / ("r%d.txt" % trial))
        proc = subprocess.Popen(
            [sys.executable, "-m", "sixtysix_tools.cli", "play", "--seed", str(trial), "--record", path],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            env=env,
        )
        # Cards 1 to 6 over and over: some are refused, the rest are played
        # as fast as the process reads them.
        proc.stdin.write("".join("%d\n" % (i % 6 + 1) for i in range(600)))
        proc.stdin.flush()
        # Once the table has printed its first line: a SIGINT while the
        # interpreter itself starts up (a slow, busy machine) kills Python
        # before any of the program runs, which is not what is tested here.
        # Read byte by byte from the pipe itself: proc.stdout.readline()
        # would buffer what follows the line, and communicate() reads the
        # pipe past that buffer, so the first moves went missing from `out`.
        first = b""
        while not first.endswith(b"\n"):
            byte = os.read(proc.stdout.fileno(), 1)
            if not byte:
                break
            first += byte
        time.sleep(0.3 + rng.random() * 0.5)
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=60)
        out = first.decode() + out
        assert "Traceback" not in out + err, err
        if "Leaving the match (Ctrl-C)." not in out:
            continue  # the match was over before the signal came
        assert "continue it with --resume %s" % path in out
        assert [f for f in os.listdir(tmp_path) if f.endswith(".tmp")] == []
        read(open(path).read())  # replays
        shown = len(shown_card.findall(out))
        recorded = open(path).read().count(" play ")
        assert recorded == shown, (trial, recorded, shown)


def test_ctrl_c_is_given_back_when_the_match_ends(monkeypatch):
    """The table takes SIGINT only while it plays: a program that runs
    `play` in-process (these tests) gets its own handler back."""
    import signal

    before = signal.getsignal(signal.SIGINT)
    status, _, _ = play(monkeypatch, "--seed", "1", script="quit\n")
    assert status == 0
    assert signal.getsignal(signal.SIGINT) is before


SHOWN_CARD = re.compile(r"(You|The computer) (lead|leads|play|plays) [9JQKTA][CDHS]\.")


class CtrlCAfterShown(io.StringIO):
    """A stdout that sends this process a real SIGINT right after the
    `n`-th card is shown: the moment Ctrl-C used to lose a move (shown on
    screen, not yet in the record)."""

    def __init__(self, n):
        super().__init__()
        self.left = n

    def write(self, text):
        done = super().write(text)
        if self.left > 0 and SHOWN_CARD.search(text):
            self.left -= 1
            if self.left == 0:
                import os
                import signal

                os.kill(os.getpid(), signal.SIGINT)
        return done


@pytest.mark.parametrize("n", [1, 2, 3, 5, 8, 13, 21])
def test_ctrl_c_right_after_a_move_is_shown_saves_it(monkeypatch, tmp_path, n):
    path = str(tmp_path / "r.txt")
    out = CtrlCAfterShown(n)
    monkeypatch.setattr(sys, "stdin", FirstLegalCard(out))
    monkeypatch.setattr(sys, "stdout", out)
    monkeypatch.setattr(sys, "stderr", io.StringIO())
    status = cli.main(["play", "--seed", "4", "--record", path])
    text = out.getvalue()
    assert status == 0
    assert "Leaving the match (Ctrl-C)." in text
    assert "continue it with --resume %s" % path in text
    shown = len(SHOWN_CARD.findall(text))
    assert shown >= n
    record = open(path).read()
    read(record)
    assert record.count(" play ") == shown
