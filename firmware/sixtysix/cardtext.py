"""Card, suit and game names as text, read and written for records, the
text game, the host tools and the tests.  The device never reads a card
from text, so no firmware module imports this one and it costs the device
no heap."""

from .cards import RANK48_LETTERS, RANK_LETTERS, SUIT_LETTERS, card_name
from .rules import GAME_NAMES, fold


def _shown(text: str) -> str:
    """Text for a message: a control character, DEL and anything beyond
    ASCII as an escape (\\x7f, \\u212a), so a look-alike (the Kelvin sign
    for K) never passes for the real letter and a terminal is never sent
    ESC.  Written out by hand: MicroPython has no ascii()."""
    shown = ""
    for c in text:
        o = ord(c)
        if 0x20 <= o < 0x7F:
            shown += c
        elif o < 0x100:
            shown += "\\x%02x" % o
        elif o < 0x10000:
            shown += "\\u%04x" % o
        else:
            shown += "\\U%08x" % o
    return shown


def parse_card(text: str, ranks: str = RANK_LETTERS) -> int:
    """'TS' or 'ts' -> card id, in the deck of `ranks` as cards.card_name;
    ValueError with a readable reason otherwise.  ASCII only: Unicode's
    upper case would read the long s 'ſ' as S."""
    t = text.upper()
    if len(t) != 2 or t[0] not in ranks or t[1] not in SUIT_LETTERS or max(text) > "z":
        raise ValueError("unknown card '%s'" % _shown(text))
    return SUIT_LETTERS.index(t[1]) * len(ranks) + ranks.index(t[0])


def parse_card48(text: str) -> int:
    """'3C'..'AS' -> a Sixty-Five card id (cards.card48_name's spelling)."""
    return parse_card(text, RANK48_LETTERS)


def parse_suit(text: str) -> int:
    """'S' or 's' -> suit number; ValueError otherwise."""
    t = text.upper()
    if len(t) != 1 or t not in SUIT_LETTERS or text > "z":
        raise ValueError("unknown suit '%s'" % _shown(text))
    return SUIT_LETTERS.index(t)


def game_from_name(name: str) -> int:
    """'sixty-six' or 'schnapsen' (any case) -> rules.game number."""
    n = fold(name)
    if n in GAME_NAMES:
        return GAME_NAMES.index(n)
    raise ValueError("unknown game '%s' (sixty-six or schnapsen)" % _shown(name))


def sorted_cards(cards: int) -> list:
    """A two-player set's cards by suit C D H S, high to low within a suit:
    the order the text game shows and numbers a hand in."""
    return [s * 6 + r for s in range(4) for r in range(5, -1, -1) if (cards >> (s * 6 + r)) & 1]


def set_names(cards: int) -> str:
    """A set's cards in that order: 'AC TC 9H'."""
    return " ".join(card_name(c) for c in sorted_cards(cards))
