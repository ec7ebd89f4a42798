"""Decks, card encoding and the deterministic PRNG (RULES.md 1 'Deck', 2a)."""

from sixtysix.cards import DECK20, DECK24, card_name, count, list_cards, set_points
from sixtysix.cardtext import parse_card
from sixtysix.rng import Rng
from support import rules


def test_sixty_six_deck_has_24_cards_worth_120():
    assert count(DECK24) == 24
    assert set_points(DECK24) == 120


def test_schnapsen_deck_has_20_cards_without_nines_worth_120():
    assert count(DECK20) == 20
    assert set_points(DECK20) == 120
    for suit in "CDHS":
        assert not (DECK20 >> parse_card("9" + suit)) & 1
    assert rules("schnapsen").deck() == DECK20


def test_card_points_ace_11_ten_10_king_4_queen_3_jack_2_nine_0():
    expect = {"A": 11, "T": 10, "K": 4, "Q": 3, "J": 2, "9": 0}
    for rank, pts in expect.items():
        assert set_points(1 << parse_card(rank + "H")) == pts


def test_rank_order_within_a_suit_is_a_t_k_q_j_9():
    order = [parse_card(n) for n in ("9S", "JS", "QS", "KS", "TS", "AS")]
    assert order == sorted(order)


def test_card_names_round_trip_and_are_case_insensitive():
    for c in range(24):
        assert parse_card(card_name(c)) == c
        assert parse_card(card_name(c).lower()) == c


def test_list_cards_writes_ids_from_the_first_card_of_the_set():
    # the upper half of a 48-card set starts at card 24 (Sixty-Five)
    buf = bytearray(8)
    n = list_cards(0b1010, 0, buf, 0)
    n = list_cards(0b101, 24, buf, n)
    assert n == 4 and list(buf[:n]) == [1, 3, 24, 26]


def test_unknown_card_names_are_rejected_with_the_name():
    for bad in ("1S", "TX", "", "TSS", "10S"):
        try:
            parse_card(bad)
        except ValueError as e:
            assert "unknown card" in str(e)
        else:
            raise AssertionError(bad)


def test_rng_sequence_is_fixed_for_a_seed():
    # The same numbers on every runtime: this list is checked on MicroPython too.
    r = Rng(2024)
    assert [r.below(100) for _ in range(8)] == RNG_2024


RNG_2024 = [39, 5, 79, 23, 19, 31, 60, 11]


def test_rng_state_never_reaches_2_30():
    r = Rng(0x3FFFFFFF)
    for _ in range(20000):
        r.next15()
        assert 0 <= r.state < 2**30


def test_rng_full_period_low_bits_cycle():
    # An LCG mod 2**30 with these constants has full period; its low 8 bits
    # therefore cycle through all 256 values in 256 steps.
    r = Rng(5)
    seen = set()
    for _ in range(256):
        r.next15()
        seen.add(r.state & 0xFF)
    assert len(seen) == 256


def test_shuffle_is_a_permutation_and_seed_dependent():
    a = bytearray(range(24))
    b = bytearray(range(24))
    Rng(1).shuffle(a)
    Rng(2).shuffle(b)
    assert sorted(a) == list(range(24))
    assert a != b


def test_below_draws_again_rather_than_bias_the_low_numbers():
    """32768 is no multiple of 24: the top 8 of the 15-bit draws would
    make 0..7 likelier, so below(24) draws again on them.  From this state
    (found by inverting the generator) the next draws are 32767, then
    12691."""
    r = Rng(1)
    r.state = 689907331
    assert r.next15() == 32767 and r.next15() == 12691
    r.state = 689907331
    assert r.below(24) == 12691 % 24 == 19  # not 32767 % 24 == 7
