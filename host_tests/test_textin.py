"""The strict readers every host command parses people's input with."""

import pytest
from sixtysix_tools.textin import ascii_int, cut_short, number_arg, shown


def test_ascii_int_takes_plain_digits_in_range():
    assert ascii_int("66", 1, 99) == 66
    assert ascii_int("1", 1, 99) == 1
    assert ascii_int("0", 1, 99) is None
    assert ascii_int("100", 1, 99) is None


def test_ascii_int_refuses_what_isdigit_accepts():
    for word in ("²", "6²", "٣", "６", "", " 6", "6 ", "+6", "-6", "6.0"):
        assert ascii_int(word, 0, 99) is None, word
    assert "²".isdigit() and "٣".isdigit()  # why this helper exists


def test_ascii_int_refuses_huge_words_without_parsing_them():
    assert ascii_int("9" * 5000, 0, 1000) is None
    assert ascii_int("0" * 5000 + "9" * 5000, 0, 1000) is None


def test_ascii_int_reads_leading_zeros_at_any_length():
    """`target 07` was read and `target 007` refused: the zeros counted
    towards the length limit."""
    assert ascii_int("0001", 0, 1000) == 1
    assert ascii_int("00001", 0, 1000) == 1
    assert ascii_int("007", 1, 99) == 7
    assert ascii_int("0" * 5000 + "7", 1, 99) == 7
    assert ascii_int("000", 0, 99) == 0
    assert ascii_int("000", 1, 99) is None
    assert ascii_int("00x", 0, 99) is None
    assert ascii_int("0", 0, 0) == 0


def test_shown_escapes_control_characters():
    assert shown("dealer A") == "dealer A"
    assert shown("a\x00b\x1b[2Jc") == "a\\x00b\\x1b[2Jc"
    assert "\x1b" not in shown("\x1b\x85\u2028")


def test_a_byte_read_past_the_encoding_is_shown_as_that_byte():
    """Standard input read with surrogateescape keeps a byte that is not
    UTF-8 as a lone surrogate; a message quotes the byte, not U+DCFF."""
    word = b"9\xff\x80h".decode("utf-8", "surrogateescape")
    assert shown(word) == "9\\xff\\x80h"
    assert shown("\udc7f\ud800") == "\\udc7f\\ud800"  # other lone surrogates: as before


def test_a_quoted_word_is_escaped_and_cut_after_24_characters():
    assert cut_short("x" * 24) == "x" * 24
    assert cut_short("x" * 25) == "x" * 24 + "..."
    assert cut_short("\x1b" + "x" * 30) == "\\x1b" + "x" * 23 + "..."


def test_every_command_says_a_bad_number_the_same_way():
    class Usage(Exception):
        pass

    assert number_arg("007", "--seed", 0, 9) == 7
    for word, said in (
        (None, "''"),
        ("-5", "'-5'"),
        ("\x1b[2J", "'\\x1b[2J'"),
        ("9" * 30, "'" + "9" * 24 + "...'"),
    ):
        with pytest.raises(Usage) as e:
            number_arg(word, "--seed", 0, 9, Usage)
        assert str(e.value) == "--seed takes a number from 0 to 9, not " + said
    with pytest.raises(ValueError):
        number_arg("10", "--zoom", 1, 9)
