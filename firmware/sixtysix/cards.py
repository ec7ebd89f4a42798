"""Cards and sets of cards as small integers.

Two-player decks (24 cards for Sixty-Six, 20 for Schnapsen) share one
encoding: card id = suit * 6 + rank, with ranks numbered low to high
9 J Q K T A (0..5) and suits C D H S (0..3).  A set of cards is an int
with bit `id` set, so a whole deck fits in 24 bits, far below 2**30, and
"the highest card of a suit in a set" is simply its highest bit.
Schnapsen leaves the nine bits empty.

The 48-card deck of Sixty-Five (ranks 3..A, ten below the jack) does not
fit one small int, so it uses id48 = suit * 12 + rank48 (rank48 0..11 =
3 4 5 6 7 8 9 T J Q K A) and a set is a *pair* of 24-bit ints: clubs and
diamonds in the low half, hearts and spades in the high half
(card c is bit `c % 24` of half `c // 24`).  Every value stays below 2**24.
"""

from .compat import const

# A suit's number is its place in SUIT_LETTERS, a rank's in RANK_LETTERS;
# these three are the ones the code names.
SPADES = const(3)
QUEEN = const(2)
KING = const(3)

NO_CARD = const(-1)

SUIT_LETTERS = "CDHS"
SUIT_NAMES = ("clubs", "diamonds", "hearts", "spades")
RANK_LETTERS = "9JQKTA"
# Card points by rank 9 J Q K T A.
RANK_POINTS = b"\x00\x02\x03\x04\x0a\x0b"

DECK24 = const(0xFFFFFF)
DECK20 = const(0xFBEFBE)  # DECK24 without the four nines (0x041041)


def count(cards: int) -> int:
    """Number of cards in a set (population count, no allocation)."""
    n = 0
    while cards:
        cards &= cards - 1
        n += 1
    return n


def set_points(cards: int) -> int:
    total = 0
    c = 0
    while cards:
        if cards & 1:
            total += RANK_POINTS[c % 6]
        cards >>= 1
        c += 1
    return total


def list_cards(cards: int, first: int, buf, n: int) -> int:
    """Write the ids of a set's cards into buf from index n, lowest first,
    bit 0 standing for card `first` (24 for the upper half of a 48-card
    set); return the new n.  Allocates nothing.  (Sixty-Five's
    legal_actions, run at every node of its search, keeps its own copy of
    the loop: a call there would cost every node.)"""
    c = first
    while cards:
        if cards & 1:
            buf[n] = c
            n += 1
        cards >>= 1
        c += 1
    return n


def card_name(c: int, ranks: str = RANK_LETTERS) -> str:
    """The two letters of card c ('TS'), in the deck whose ranks a suit are
    `ranks`, lowest first (RANK48_LETTERS for the 48-card deck)."""
    n = len(ranks)
    return ranks[c % n] + SUIT_LETTERS[c // n]


# --- the 48-card deck (Sixty-Five) -----------------------------------------

RANK48_LETTERS = "3456789TJQKA"
# Sixty-Five card points by rank48: J 1, Q 2, K 3, A 4.
RANK48_POINTS = b"\x00\x00\x00\x00\x00\x00\x00\x00\x01\x02\x03\x04"


def card48_name(c: int) -> str:
    return card_name(c, RANK48_LETTERS)
