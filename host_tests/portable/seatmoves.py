"""The moves of the games for four and the bidding games as their tests
write them: 'pass', 'bid 2', 'marry H', '9C'.  Cards are read here without
cardtext: some of the modules that use this sit close to MicroPython's
64K-word heap, and cardtext compiled beside them leaves too little room."""

from sixtysix.cards import RANK_LETTERS, SUIT_LETTERS
from sixtysix.four import BID, PASS
from sixtysix.hand import MARRY


def suit(letter):
    return SUIT_LETTERS.index(letter)


def card(name):
    """'TS' -> the card's id (suit * 6 + rank)."""
    return suit(name[1]) * 6 + RANK_LETTERS.index(name[0])


def code(move):
    words = move.split()
    if words[0] == "pass":
        return PASS
    if words[0] == "bid":
        return BID + int(words[1])
    if words[0] == "marry":
        return MARRY + suit(words[1])
    return card(words[-1])


def act(h, *moves):
    for m in moves:
        h.act(code(m))
