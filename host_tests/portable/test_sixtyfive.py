"""Sixty-Five (RULES.md 3), one test per rule; also run on MicroPython.

Most tests start from a *layout*: A holds every club, B every diamond, C
every heart and D every spade, then a few named cards change owners, so
each test says exactly which cards matter.  D deals, so A leads first.
"""

import gc

from sixtysix.cardtext import parse_card48
from sixtysix.hand import IllegalAction
from sixtysix.rng import Rng
from sixtysix.sixtyfive import (
    MAX_ACTIONS,
    SixtyFiveHand,
    SixtyFiveMatch,
    SixtyFiveRules,
    action_name,
    game_points_for,
)
from sixtysix.view65 import View65

A = 0
B = 1
C = 2
D = 3
AC = 0
BD = 1


def c48(name):
    return parse_card48(name)


def layout(*swaps):
    """Eight halves: each seat one whole suit (A clubs .. D spades), then
    each (name1, name2) pair swaps the owners of two cards."""
    owner = bytearray(48)
    for c in range(48):
        owner[c] = c // 12
    for one, two in swaps:
        x = c48(one)
        y = c48(two)
        owner[x], owner[y] = owner[y], owner[x]
    hands = [0] * 8
    for c in range(48):
        hands[owner[c] * 2 + c // 24] |= 1 << (c % 24)
    return hands


def hand_with(*swaps, dealer=D):
    h = SixtyFiveHand(SixtyFiveRules())
    h.deal(dealer, layout(*swaps))
    return h


def play(h, *names):
    for name in names:
        h.act(c48(name))


def snapshot(h):
    return (list(h.hands), list(h.piles), list(h.tricks), list(h.card_points), bytes(h.trick), h.turn, h.nlog)


def legal(h):
    buf = bytearray(MAX_ACTIONS)
    n = h.legal_actions(buf)
    return sorted(buf[i] for i in range(n))


def rejected(h, name, words):
    before = snapshot(h)
    try:
        h.act(c48(name))
    except IllegalAction as e:
        assert words in str(e), str(e)
        assert snapshot(h) == before, "a rejected action changed the hand"
        return
    raise AssertionError("%s was accepted" % name)


def random_hand(seed, dealer=0):
    h = SixtyFiveHand(SixtyFiveRules())
    order = bytearray(range(48))
    Rng(seed).shuffle(order)
    h.deal_shuffled(dealer, order)
    return h, order


def play_out(h, rng):
    buf = bytearray(MAX_ACTIONS)
    while not h.over:
        n = h.legal_actions(buf)
        h.act(buf[rng.below(n)])


# --- the deck and the deal -------------------------------------------------------


def test_deck_is_48_cards_ranked_a_k_q_j_t_down_to_3():
    order = "3456789TJQKA"
    for suit in "CDHS":
        ids = [c48(r + suit) for r in order]
        assert ids == sorted(ids), "a higher card must have a higher id"
    assert len({c48(r + s) for r in order for s in "CDHS"}) == 48


def test_deal_one_card_at_a_time_from_dealers_left():
    h, order = random_hand(7, dealer=B)
    for i in range(48):
        seat = (B + 1 + i) % 4
        assert h.holds(seat, order[i]), "card %d of the deck went to the wrong seat" % i
    for s in range(4):
        assert h.cards_left(s) == 12


def test_every_set_is_two_halves_below_2_to_24():
    h, _ = random_hand(11)
    for x in h.hands + h.dealt:
        assert 0 <= x < 1 << 24
    play_out(h, Rng(3))
    for x in h.piles:
        assert 0 <= x < 1 << 24
    assert h.piles[0] | h.piles[2] == 0xFFFFFF and h.piles[1] | h.piles[3] == 0xFFFFFF


def test_deal_rejects_a_wrong_deck():
    h = SixtyFiveHand(SixtyFiveRules())
    bad = layout()
    bad[0] &= ~1  # A lacks the three of clubs
    for hands in (bad, [0] * 8):
        try:
            h.deal(D, hands)
        except ValueError:
            continue
        raise AssertionError("a wrong deal was accepted")


def test_a_wrong_deal_says_which_seat_is_short_or_which_card_is_twice():
    short = layout()
    short[0] &= ~(1 << c48("3C"))  # A has 11 cards
    short[2] |= 1 << c48("3C")  # and B 13
    twice = layout()
    twice[2] |= 1 << c48("3C")  # B holds A's 3C too
    twice[2] &= ~(1 << c48("3D"))
    for hands, words in ((short, "A must be dealt 12 cards"), (twice, "a card is dealt twice")):
        try:
            SixtyFiveHand(SixtyFiveRules()).deal(D, hands)
        except ValueError as e:
            assert words in str(e), str(e)
            continue
        raise AssertionError("a wrong deal was accepted")


def test_a_deal_with_a_card_past_the_48_card_deck_says_no_such_card():
    """RULES.md, "Things the engine must reject with a clear error": a set
    of cards with a bit past its half's 24 (or a negative one) holds no card
    of the deck, so the deal names that instead of a short or wrong deck."""
    for bad in (1 << 24, -1):
        hands = layout()
        hands[1] = bad
        try:
            SixtyFiveHand(SixtyFiveRules()).deal(D, hands)
        except ValueError as e:
            assert "no such card" in str(e), str(e)
            continue
        raise AssertionError("a deal with a card past the deck was accepted")


# --- play --------------------------------------------------------------------


def test_dealers_left_leads_first():
    for dealer in range(4):
        h = hand_with(dealer=dealer)
        assert h.turn == (dealer + 1) % 4


def test_play_goes_clockwise():
    h = hand_with()
    seats = []
    for name in ("5C", "5D", "5H", "5S"):
        seats.append(h.turn)
        play(h, name)
    assert seats == [A, B, C, D]


def test_must_follow_suit_when_able():
    h = hand_with(("3C", "AD"))  # B now holds the three of clubs
    play(h, "5C")
    assert legal(h) == [c48("3C")]
    rejected(h, "4D", "must follow suit: holds clubs")
    play(h, "3C")


def test_any_card_when_void():
    h = hand_with()
    play(h, "5C")
    assert len(legal(h)) == 12  # B has no club: every diamond
    play(h, "AD")
    play(h, "3H")


def test_rejected_actions_change_nothing():
    h = hand_with()
    rejected(h, "5D", "not in hand")  # A's turn, B's card
    h.check(c48("5C"))
    before = snapshot(h)
    try:
        h.act(99)
    except IllegalAction as e:
        assert "unknown" in str(e), str(e)
    else:
        raise AssertionError("action 99 was accepted")
    assert snapshot(h) == before


def test_a_card_id_past_the_deck_is_unknown_not_the_next_seats_card():
    h = hand_with(("3C", "3D"))  # B holds the three of clubs, bit 0 of its first half
    before = snapshot(h)
    try:
        h.act(48)  # A's turn: 48 would be bit 0 of the half after A's two
    except IllegalAction as e:
        assert "unknown" in str(e), str(e)
    else:
        raise AssertionError("card 48 was accepted")
    assert snapshot(h) == before


def test_a_negative_card_id_is_unknown_not_the_last_seats_card():
    """RULES.md, "Things the engine must reject": an action code below 0 is
    no card; read as a bit of the halves list it would be D's ace of spades
    (bit 23 of the last half), offered on A's turn."""
    h = hand_with()  # D holds every spade
    before = snapshot(h)
    try:
        h.act(-1)
    except IllegalAction as e:
        assert "unknown" in str(e), str(e)
    else:
        raise AssertionError("card -1 was accepted")
    assert snapshot(h) == before


def test_played_holds_the_cards_of_both_piles():
    h = hand_with()
    play(h, "KC", "QD", "JH", "3S")  # QD to BD's pile, the other three to AC's
    assert h.played(0) == (1 << (c48("KC") % 24)) | (1 << (c48("QD") % 24))
    assert h.played(1) == (1 << (c48("JH") % 24)) | (1 << (c48("3S") % 24))


def test_highest_spade_wins():
    h = hand_with(("3C", "3S"), ("4C", "4S"))  # A holds the three and four of spades
    play(h, "3S", "AD", "AH", "AS")  # spades led: D's ace is the highest spade
    assert h.last_winner == D
    h = hand_with(("3D", "4S"))  # B holds the four of spades, D the three of diamonds
    play(h, "AC", "4S", "AH")
    assert h.best_seat == B, "a spade played on clubs must beat the led ace"
    play(h, "5S")
    assert h.last_winner == D, "the higher spade must win"
    h = hand_with(("3D", "5S"))  # B holds the five of spades: a later, lower spade loses to it
    play(h, "AC", "5S", "AH", "4S")
    assert h.last_winner == B, "a lower spade played later must not win"


def test_highest_of_suit_led_wins_without_spades():
    h = hand_with(("3C", "KH"))  # C holds the three of clubs
    play(h, "AC", "AD", "3C")
    assert h.best == c48("AC")
    h = hand_with(("3C", "AD"), ("4C", "AH"))  # B and C each hold a low club
    play(h, "5C")
    play(h, "3C")  # B follows low
    play(h, "4C")  # C follows low
    assert h.best_seat == A, "an off-suit ace or a lower club must not win"


def test_winner_leads_the_next_trick():
    h = hand_with()
    play(h, "AC", "AD", "AH", "3S")
    assert h.last_winner == D and h.turn == D and h.leader == D


def test_winner_keeps_only_the_partners_card():
    h = hand_with()
    play(h, "KC", "QD", "JH", "3S")  # D wins: partner B's queen to BD; K, J, 3S to AC
    assert h.tricks == [0, 1]
    assert h.piles[BD * 2] == 1 << (c48("QD") % 24) and h.piles[BD * 2 + 1] == 0
    assert h.piles[AC * 2] == 1 << (c48("KC") % 24)
    assert h.piles[AC * 2 + 1] == (1 << (c48("JH") % 24)) | (1 << (c48("3S") % 24))
    assert h.card_points == [3 + 1, 2]  # K and J to AC, Q to BD
    assert h.score(BD) == 2 + 2 and h.score(AC) == 4


def test_a_view_shows_its_own_cards_the_public_scores_and_no_one_elses_choices():
    h = hand_with()
    play(h, "KC", "QD", "JH", "3S")  # D wins: BD 2 for the trick and QD's 2, AC the K and J
    for seat in range(4):
        v = View65(h, seat)
        assert v.side == seat & 1 and v.scores == (4, 4) == (h.score(AC), h.score(BD))
        assert v.holds(seat * 12 + 11) and not v.holds(((seat + 1) & 3) * 12 + 11)  # its own ace only
        if seat == D:
            assert len(v.actions) == 11  # D leads: any card
        else:
            assert len(v.actions) == 0, seat  # another seat's choices would show its cards
    assert View65(h, C).holds(c48("3H")) and not View65(h, A).holds(c48("3H"))  # card 24: the second half


def test_a_view_shows_each_sides_piles_scores_and_last_trick_under_that_side():
    """RULES.md 3: the winner keeps its partner's card, the other three go
    to the opponents' pile; 2 a trick, card points, 1 for the last trick.
    A trick where the sides differ, so a view that swapped them is seen."""
    h = hand_with()
    play(h, "AC", "AD", "AH", "3S")  # D trumps: BD keeps B's ace; A's and C's aces and the 3S to AC
    for seat in range(4):
        v = View65(h, seat)
        assert v.piles[BD * 2] == 1 << (c48("AD") % 24) and v.piles[BD * 2 + 1] == 0, seat
        assert v.piles[AC * 2] == 1 << (c48("AC") % 24), seat
        assert v.piles[AC * 2 + 1] == (1 << (c48("AH") % 24)) | (1 << (c48("3S") % 24)), seat
        assert v.scores == (4 + 4, 2 + 4), seat  # AC two aces; BD the trick and one ace
    play_out(h, Rng(3))
    last = h.last_winner & 1
    for seat in range(4):
        v = View65(h, seat)
        assert v.bonus[last] == 1 and v.bonus[1 - last] == 0, seat


def test_scoring_two_per_trick_one_for_the_last_and_card_points():
    h = hand_with()
    # D holds every spade and wins all twelve tricks; each seat plays its
    # suit's cards in rising order, whoever leads.
    for rank in "3456789TJQKA":
        for _ in range(4):
            play(h, rank + "CDHS"[h.turn])
    assert h.over
    assert h.tricks == [0, 12]
    assert h.bonus == [0, 1]
    # BD's pile: the diamonds (10 card points); AC's: clubs, hearts, spades (30).
    assert h.card_points == [30, 10]
    assert h.score(BD) == 24 + 1 + 10 and h.score(AC) == 30
    assert h.score(AC) + h.score(BD) == 65
    assert h.game_points == [0, 1] and h.winner == BD


def test_game_points_thresholds_33_and_41():
    assert [game_points_for(x) for x in (0, 32, 33, 40, 41, 65)] == [0, 0, 1, 1, 2, 2]


def test_every_hand_totals_65_and_exactly_one_side_scores():
    rng = Rng(5)
    for seed in range(4):
        h, _ = random_hand(seed, dealer=seed % 4)
        play_out(h, rng)
        assert h.score(0) + h.score(1) == 65
        assert h.tricks[0] + h.tricks[1] == 12
        assert h.card_points[0] + h.card_points[1] == 40
        assert (h.game_points[0] == 0) != (h.game_points[1] == 0)
        assert h.game_points[h.winner] == game_points_for(h.score(h.winner))


def test_no_action_after_the_hand():
    h, _ = random_hand(2)
    play_out(h, Rng(1))
    assert legal(h) == []
    try:
        h.act(0)
    except IllegalAction as e:
        assert "hand is over" in str(e)
        return
    raise AssertionError("a card was accepted after the hand")


def test_copy_from_plays_on_identically():
    h, _ = random_hand(4)
    rng = Rng(9)
    buf = bytearray(MAX_ACTIONS)
    for _ in range(10):
        h.act(buf[rng.below(h.legal_actions(buf))])
    twin = SixtyFiveHand(h.rules)
    twin.copy_from(h)
    play_out(h, Rng(2))
    play_out(twin, Rng(2))
    assert snapshot(twin) == snapshot(h) and twin.game_points == h.game_points


# --- the match ------------------------------------------------------------------


def test_match_to_five_dealer_passes_left():
    m = SixtyFiveMatch(SixtyFiveRules(), seed=8)
    rng = Rng(4)
    first = -1
    while m.winner < 0:
        h = m.start_hand()
        if first < 0:
            first = h.dealer
        assert h.dealer == (first + m.hands_played) % 4
        play_out(h, rng)
        m.finish_hand()
        assert m.awarded[h.winner] in (1, 2)
        gc.collect()
    assert m.scores[m.winner] >= 5 and m.scores[1 - m.winner] < 5


def test_every_match_ends_within_two_targets_of_hands():
    """Unlike four-hand (issue 12), Sixty-Five cannot go on for ever: the 65
    points split odd, so exactly one side reaches 33 and scores 1 or 2 each
    hand, and no score ever goes down."""
    rng = Rng(9)
    for target in (1, 3, 5):
        for seed in range(1, 4):
            r = SixtyFiveRules()
            r.target = target
            m = SixtyFiveMatch(r, seed)
            while m.winner < 0:
                h = m.start_hand()
                play_out(h, rng)
                m.finish_hand()
                assert m.awarded[h.winner] >= 1 and m.awarded[1 - h.winner] == 0
                assert m.hands_played <= 2 * target - 1
                gc.collect()


def test_a_match_is_played_to_5_by_default():
    assert SixtyFiveRules().target == 5  # RULES.md 3


def test_match_target_option():
    r = SixtyFiveRules()
    r.target = 1
    m = SixtyFiveMatch(r, seed=2)
    play_out(m.start_hand(), Rng(1))
    m.finish_hand()
    assert m.winner == m.hand.winner and m.hands_played == 1
    try:
        m.start_hand()
    except ValueError:
        return
    raise AssertionError("a hand was dealt after the match")


def test_no_options_besides_the_target():
    try:
        SixtyFiveRules().set_option("void", "trump")
    except ValueError as e:
        assert "unknown option" in str(e)
        return
    raise AssertionError("an unknown option was accepted")


# --- memory ---------------------------------------------------------------------


def _copy_and_play_tricks(work, base, buf):
    work.copy_from(base)
    for _ in range(8):
        n = work.legal_actions(buf)
        work.act(buf[n - 1])


def test_playing_allocates_nothing():
    """Copying a hand, listing plays and playing two tricks (the last one
    scores the hand) allocate nothing; measured on MicroPython only, where
    gc.mem_alloc exists (see test_alloc.py)."""
    base, _ = random_hand(6)
    rng = Rng(1)
    buf = bytearray(MAX_ACTIONS)
    for _ in range(40):  # two tricks before the end
        base.act(buf[rng.below(base.legal_actions(buf))])
    work = SixtyFiveHand(base.rules)
    _copy_and_play_tricks(work, base, buf)
    assert work.over
    if not hasattr(gc, "mem_alloc"):
        return
    gc.collect()
    gc.disable()
    try:
        before = gc.mem_alloc()
        _copy_and_play_tricks(work, base, buf)
        used = gc.mem_alloc() - before
    finally:
        gc.enable()
    assert used == 0, "playing allocated %d bytes" % used


def test_a_play_is_spelled_with_the_cards_own_name():
    """RECORDS.md: a Sixty-Five action is 'play' and the card's name, ranks
    A K Q J T 9 .. 3 (RULES.md 3)."""
    for name in ("3C", "TD", "JH", "AS"):
        assert action_name(c48(name)) == "play " + name
