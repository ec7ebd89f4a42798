"""ui.py's text helpers as their docstrings define them: card names in a
hint's words given suit glyphs, text wrapped and cut to a panel's columns,
and the kings and queens a marriage marks."""

from sixtysix.cards import KING, QUEEN
from sixtysix.hand import CLAIM, CLOSE, EXCHANGE, MARRY
from sixtysix_app.ui import MARRIED, fit, glyphs, marriage_mark, marriages, suit_char, wrap

CLUBS, DIAMONDS, HEARTS, SPADES = range(4)


def card(rank: int, suit: int) -> int:
    return suit * 6 + rank


def test_a_card_name_of_the_core_gets_its_suit_glyph():
    assert glyphs("9C") == "9" + suit_char(CLUBS)
    assert glyphs("Lead TH, then AS.") == "Lead T%s, then A%s." % (suit_char(HEARTS), suit_char(SPADES))
    assert glyphs("(KD)") == "(K%s)" % suit_char(DIAMONDS)


def test_letters_inside_words_stay_letters():
    """Only a rank and a suit standing alone are a card: 'TH' in 'THE',
    'AS' in 'HAS', 'JS' after a letter are words."""
    for text in ("THE END", "HAS", "XJS", "ASK", "9CD", "OK", "Q", "A"):
        assert glyphs(text) == text


def test_wrap_breaks_at_spaces_within_the_columns():
    assert wrap("one two three four", 9) == ["one two", "three", "four"]
    assert wrap("one two", 7) == ["one two"]  # a line of exactly the columns
    assert wrap("ab cd ef", 5) == ["ab cd", "ef"]  # a word that just fits joins the line
    assert wrap("ab cde f", 5) == ["ab", "cde f"]


def test_wrap_keeps_a_line_that_fits_as_written():
    assert wrap("  9 10", 6) == ["  9 10"]  # a table's row keeps its columns
    assert wrap("a\n\nb", 10) == ["a", "", "b"]


def test_wrap_cuts_a_word_longer_than_a_line():
    assert wrap("abcdefghij xy", 4) == ["abcd", "efgh", "ij", "xy"]
    assert wrap("xy abcdefghij", 4) == ["xy", "abcd", "efgh", "ij"]
    assert wrap("xy abcd", 4) == ["xy", "abcd"]  # a word of exactly a line is not cut


def test_fit_cuts_only_past_the_columns():
    assert fit("abc", 3) == "abc"
    assert fit("abcd", 3) == "abc"
    assert fit("", 3) == ""


def test_marriages_are_the_suits_of_the_marriage_actions():
    assert marriages([card(KING, CLUBS), MARRY + HEARTS, MARRY + CLUBS]) == 1 << HEARTS | 1 << CLUBS
    assert marriages([MARRY + SPADES]) == 1 << SPADES
    assert marriages([MARRY - 1, MARRY + 4]) == 0  # a card, the exchange
    assert marriages([EXCHANGE, CLOSE, CLAIM]) == 0  # the actions after the marriages marry no suit


def test_only_a_king_or_queen_of_a_marrying_suit_is_marked():
    for suits in (1 << HEARTS | 1 << SPADES, 1 << CLUBS, 1 << DIAMONDS, 1 << SPADES):
        for suit in range(4):
            for rank in range(6):
                want = MARRIED if rank in (KING, QUEEN) and suits >> suit & 1 else 0
                assert marriage_mark(card(rank, suit), suits) == want, (suits, rank, suit)
    assert marriage_mark(24 + KING, 0b11111) == 0  # past the 24-card deck
