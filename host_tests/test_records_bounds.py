"""The edges of what a record may hold (docs/RECORDS.md): each limit is
tried at the value just inside it and just past it, so a limit off by one
is caught."""

import pytest
from sixtysix_tools.records import read
from test_records import HEAD, error_of

# --- lines and words ------------------------------------------------------------


def test_a_reason_of_200_characters_is_printed_whole():
    """'unknown statement' quoting a 180-letter word is 200 characters long."""
    word = "x" * 180
    line, reason = error_of("game sixty-six\n" + word + "\n")
    assert (line, reason) == (2, "unknown statement '%s'" % word)


def test_a_reason_longer_than_200_characters_is_shortened_in_the_middle():
    word = "x" * 170 + "y" * 11
    line, reason = error_of("game sixty-six\n" + word + "\n")
    assert line == 2 and len(reason) <= 200 and " ... " in reason
    assert reason.startswith("unknown statement 'xxx") and reason.endswith("y" * 11 + "'")


def test_a_statement_of_1000_characters_is_read_and_one_more_is_refused():
    """Spaces count: the limit is on the statement, comments not counted."""
    statement = "target 3".ljust(1000)
    assert read("game sixty-six\n" + statement + "# a comment\n").rules.target == 3
    line, reason = error_of("game sixty-six\n" + statement + " \n")
    assert (line, reason) == (2, "a statement is at most 1000 characters long (comments not counted)")


def test_tabs_separate_words_as_spaces_do():
    text = HEAD.replace("A KH QH", "A\tKH\t QH").replace("dealer B", "dealer\tB") + "A\tplay\t\tTC\n"
    assert read(text).match.hand.nlog == 1
    assert read("game sixty-six\ntarget\t3\t\n").rules.target == 3


# --- the header -------------------------------------------------------------------


@pytest.mark.parametrize("game", ["sixty-six", "four-hand", "sixty-five"])
def test_a_target_runs_from_1_to_99(game):
    head = "game %s\n" % game
    assert read(head + "target 1\n").rules.target == 1
    assert read(head + "target 99\n").rules.target == 99
    reason = "target takes a number of game points from 1 to 99"
    for word in ("0", "100"):
        assert error_of(head + "target " + word + "\n") == (2, reason)
