"""Names beyond ASCII given to cardtext.py's readers: refused, however
Unicode's upper case would read them, and shown as escapes, so a look-alike
never passes for the letter it looks like.  (Host only: the MicroPython
port has no ascii(); the ASCII cases are portable/test_cardtext.py's.)"""

import pytest
from sixtysix.cardtext import parse_card, parse_suit


@pytest.mark.parametrize(
    "text,shown",
    [
        ("A\u017f", "A\\u017f"),  # the long s: Unicode's upper case makes it S
        ("\u212aH", "\\u212aH"),  # the Kelvin sign, which looks like K
        ("T\x7f", "T\\x7f"),  # DEL, the first character past "~"
    ],
)
def test_a_card_beyond_ascii_is_refused_and_shown_as_escapes(text, shown):
    with pytest.raises(ValueError) as caught:
        parse_card(text)
    assert str(caught.value) == "unknown card '%s'" % shown


def test_a_suit_beyond_ascii_is_refused_and_shown_as_escapes():
    with pytest.raises(ValueError) as caught:
        parse_suit("\u017f")  # upper case: S
    assert str(caught.value) == "unknown suit '\\u017f'"
