"""Perft counts of fixed deals, the same on CPython and MicroPython.

The expected numbers are literals.  host_tests/test_perft_reference.py
checks that an independent reading of RULES.md (perft_reference.py) finds
the same counts for every entry of DEALS, so a change here means the
engine's move generation changed, not just that both sides drifted.
"""

from perft import Perft
from support import act, deal, rules

# name, game, options, A's cards, B's cards, upcard, stock (top first),
# moves played before counting (comma separated), counts at depth 1, 2, ...
# B deals, so A leads first.
DEALS = (
    (
        "sixty-six, defaults",
        "sixty-six",
        {},
        "AH TH KC QC 9S JD",
        "AC TC KH QH 9H JS",
        "QS",
        "9C JC KD QD TD AD 9D JH KS TS AS",
        "",
        (9, 54, 388, 2354, 15306),
    ),
    (
        "sixty-six, must trump and head",
        "sixty-six",
        {"void": "trump", "head": "yes"},
        "AH TH KC QC 9S JD",
        "AC TC KH QH 9H JS",
        "QS",
        "9C JC KD QD TD AD 9D JH KS TS AS",
        "",
        (9, 54, 383, 2319, 15041),
    ),
    (
        "sixty-six, exchange any turn without a trick, either player closes",
        "sixty-six",
        {"exchange-when": "any-turn", "exchange-needs-trick": "no", "close-by": "either"},
        "9D KS QS TC JC AH",
        "KD QD 9S AS JH TH",
        "AD",
        "QC KC 9C JS TS 9H QH KH AC JD TD",
        "",
        (10, 69, 464, 3108, 18578),
    ),
    (
        "sixty-six, same options four tricks later",
        "sixty-six",
        {"exchange-when": "any-turn", "exchange-needs-trick": "no", "close-by": "either"},
        "9D KS QS TC JC AH",
        "KD QD 9S AS JH TH",
        "AD",
        "QC KC 9C JS TS 9H QH KH AC JD TD",
        "9D, AS, TC, 9S, QC, JS, AH, TH",
        (9, 60, 390, 2522, 13604),
    ),
    (
        "sixty-six, queen leads, no marriage after closing, assisted",
        "sixty-six",
        {"marriage-lead": "queen", "marry-after-close": "no", "mode": "assisted"},
        "KH QH KS QS AC TC",
        "KD QD 9H JH AD TD",
        "9C",
        "JC QC KC 9S JS TS AS 9D JD TH AH",
        "",
        (10, 54, 394, 2190, 14282),
    ),
    (
        "sixty-six, strict phase after closing, must trump",
        "sixty-six",
        {"void": "trump"},
        "AH TH KC QC 9S JD",
        "AC TC KH QH 9H JS",
        "QS",
        "9C JC KD QD TD AD 9D JH KS TS AS",
        "AH, 9H, close",
        (8, 23, 105, 270, 851, 1975, 4839),
    ),
    (
        "sixty-six, one face-down card left",
        "sixty-six",
        {},
        "AH TH KC QC 9S JD",
        "AC TC KH QH 9H JS",
        "QS",
        "9C JC KD QD TD AD 9D JH KS TS AS",
        "TH, KH, 9S, JC, QC, QD, KD, QH, AH, TC",
        (8, 50, 273, 903, 3975, 11850),
    ),
    (
        "sixty-six, stock exhausted, to the last trick",
        "sixty-six",
        {},
        "AH TH KC QC 9S JD",
        "AC TC KH QH 9H JS",
        "QS",
        "9C JC KD QD TD AD 9D JH KS TS AS",
        "KC, TC, JS, AH, 9H, JD, AC, JC, KH, TH, JH, KD, QD, 9D, AD, TD, 9S, QS",
        (4, 10, 22, 38, 54, 70, 70),
    ),
    (
        "schnapsen, defaults",
        "schnapsen",
        {},
        "AS TS KH QH JC",
        "AC TC KS JS QD",
        "AH",
        "KC QC JD KD TD AD JH TH QS",
        "",
        (8, 41, 232, 1159, 6058),
    ),
    (
        "schnapsen, stock exhausted, to the last trick",
        "schnapsen",
        {},
        "AS TS KH QH JC",
        "AC TC KS JS QD",
        "AH",
        "KC QC JD KD TD AD JH TH QS",
        "KH, TC, TS, AC, AS, KD, JC, JS, JD, KS, JH, AH",
        (5, 9, 21, 33, 57, 86, 115),
    ),
    (
        "schnapsen, either player closes, exchange any turn",
        "schnapsen",
        {"close-by": "either", "exchange-when": "any-turn"},
        "JH KC QC AD TS",
        "AC TC KH QH JD",
        "AH",
        "QS KS JS AS KD QD TD JC TH",
        "",
        (9, 54, 295, 1676, 8565),
    ),
)


def start(entry, play_moves=True):
    """The hand an entry of DEALS describes, its moves already played
    unless play_moves is false."""
    _name, game, options, a, b, upcard, stock, moves, _counts = entry
    r = rules(game)
    for option, value in options.items():
        r.set_option(option, value)
    h = deal(r, a, b, upcard, stock)
    if moves and play_moves:
        act(h, *moves.split(", "))
    return h


def test_perft_counts_of_fixed_deals():
    for entry in DEALS:
        counts = entry[-1]
        h = start(entry)
        walker = Perft(h.rules, len(counts))
        found = tuple(walker.count(h, d) for d in range(1, len(counts) + 1))
        assert found == counts, "%s: %r, expected %r" % (entry[0], found, counts)


def test_perft_leaves_the_root_unchanged():
    from support import snapshot

    h = start(DEALS[0])
    before = snapshot(h)
    Perft(h.rules, 3).count(h, 3)
    assert snapshot(h) == before


def test_perft_of_a_finished_hand_is_zero():
    h = start(DEALS[0])
    act(h, "claim")
    assert Perft(h.rules, 2).count(h, 2) == 0
    assert Perft(h.rules, 2).count(h, 0) == 1
