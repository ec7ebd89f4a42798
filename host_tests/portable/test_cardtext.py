"""Card, suit and game names read from text and a set written as text
(cardtext.py): the ASCII a record or the text game holds, and names
beyond it refused and shown as escapes, on either runtime (MicroPython has
no ascii(), which these messages once called)."""

from sixtysix.cards import card48_name
from sixtysix.cardtext import game_from_name, parse_card, parse_card48, parse_suit, set_names, sorted_cards


def reason(parse, text):
    try:
        parse(text)
    except ValueError as e:
        return str(e)
    raise AssertionError("%r was read" % text)


def test_a_suit_is_its_letter_in_either_case():
    for number, letter in enumerate("CDHS"):
        assert parse_suit(letter) == number
        assert parse_suit(letter.lower()) == number


def test_anything_else_is_no_suit_and_the_message_says_what_was_given():
    for bad in ("", "SS", "X", "1", "c ", "{"):
        assert reason(parse_suit, bad) == "unknown suit '%s'" % bad


def test_a_bad_card_is_named_as_given():
    for bad in ("", "1S", "TX", "TSS", "{S", "T~"):
        assert reason(parse_card, bad) == "unknown card '%s'" % bad


def test_every_sixty_five_card_reads_back_from_its_name():
    for c in range(48):
        name = card48_name(c)
        assert parse_card48(name) == c
        assert parse_card48(name.lower()) == c
    assert parse_card48("3C") == 0 and parse_card48("AS") == 47
    assert reason(parse_card48, "9X") == "unknown card '9X'"
    assert reason(parse_card48, "2C") == "unknown card '2C'"


def test_games_by_name_in_any_case():
    assert game_from_name("sixty-six") == 0
    assert game_from_name("Schnapsen") == 1
    assert game_from_name("SCHNAPSEN") == 1
    assert reason(game_from_name, "Tarock") == "unknown game 'Tarock' (sixty-six or schnapsen)"
    assert reason(game_from_name, "") == "unknown game '' (sixty-six or schnapsen)"


def test_a_set_is_written_by_suit_c_d_h_s_high_to_low():
    names = ("9S", "AC", "9H", "JS", "TC", "AS", "QD", "9C")
    cards = 0
    for name in names:
        cards |= 1 << parse_card(name)
    assert set_names(cards) == "AC TC 9C QD 9H AS JS 9S"
    assert sorted_cards(cards) == [parse_card(n) for n in ("AC", "TC", "9C", "QD", "9H", "AS", "JS", "9S")]
    assert set_names(0) == "" and sorted_cards(0) == []
    every = sorted_cards((1 << 24) - 1)
    assert len(every) == 24 and every[:6] == [5, 4, 3, 2, 1, 0] and every[-1] == 18


def test_a_name_beyond_ascii_is_refused_and_shown_as_escapes():
    # The long s is S in Unicode's upper case, the Kelvin sign looks like K:
    # neither may pass for the letter, and the message shows which it was.
    assert reason(parse_card, "A\u017f") == "unknown card 'A\\u017f'"
    assert reason(parse_card, "\u212aH") == "unknown card '\\u212aH'"
    assert reason(parse_card, "T\x7f") == "unknown card 'T\\x7f'"  # DEL, the first past "~"
    assert reason(parse_card, "K\U0001f0bb") == "unknown card 'K\\U0001f0bb'"
    assert reason(parse_card48, "\u212aS") == "unknown card '\\u212aS'"
    assert reason(parse_suit, "\u017f") == "unknown suit '\\u017f'"
    assert (
        reason(game_from_name, "sixty-\u017fix") == "unknown game 'sixty-\\u017fix' (sixty-six or schnapsen)"
    )


def test_a_control_character_is_never_sent_raw():
    # ESC would reach the terminal that prints the message.
    assert reason(parse_card, "\x1b[2J") == "unknown card '\\x1b[2J'"
    assert reason(parse_suit, "\n") == "unknown suit '\\x0a'"
    assert reason(game_from_name, "\x00") == "unknown game '\\x00' (sixty-six or schnapsen)"


def test_each_escape_takes_the_width_that_reads_back_as_one_character():
    """At each edge of the three widths the spelling is Python's ascii():
    two hex digits up to U+00FF, four up to U+FFFF, eight beyond.  A
    wider code point in a narrower form would read as another character
    ("\\x100" is \\x10 then "0"), a narrower one in a wider form is not
    the escape a Python reader expects."""
    assert reason(parse_card, "A\x80") == "unknown card 'A\\x80'"
    assert reason(parse_card, "A\xff") == "unknown card 'A\\xff'"
    assert reason(parse_card, "A\u0100") == "unknown card 'A\\u0100'"
    assert reason(parse_card, "A\uffff") == "unknown card 'A\\uffff'"
    assert reason(parse_card, "A\U00010000") == "unknown card 'A\\U00010000'"
