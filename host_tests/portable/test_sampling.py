"""A world dealt from a view never contradicts that view.

Positions come from random legal play over both games and random options;
at each one, worlds are dealt for both seats and compared with the real
hand.  Portable: plain asserts, runs under pytest and on the MicroPython
unix port (with fewer hands there).
"""

import sys

from randplay import random_positions
from sixtysix.cards import count
from sixtysix.hand import CLAIM, MAX_ACTIONS, Hand
from sixtysix.listing import list_worlds
from sixtysix.rng import Rng
from sixtysix.sampling import WorldSampler, opp_allowed, opp_no_pairs, pair_suits
from sixtysix.view import View
from support import act, deal, rules

SMALL = sys.implementation.name == "micropython"
HANDS = 200 if SMALL else 500
WORLDS_PER_SEAT = 2

# What View reports, field by field; the world must agree on all of it.
VIEW_FIELDS = (
    "player",
    "hand",
    "opp_count",
    "opp_known",
    "opp_voids",
    "opp_no_pairs",
    "trump",
    "upcard",
    "facedown",
    "closer",
    "close_score",
    "close_tricks",
    "exchanged_by",
    "dealer",
    "leader",
    "turn",
    "lead",
    "pending",
    "won",
    "tricks",
    "marriages",
    "last_trick",
    "strict",
    "my_score",
    "opp_score",
    "over",
    "legal_plays",
)


def placed_cards(world):
    """Every card's place in a world, as (union of the places, sum of their
    sizes): equal union and sum mean no card is in two places."""
    places = [world.hands[0], world.hands[1], world.won[0], world.won[1]]
    for i in range(world.pos, len(world.stock)):
        places.append(1 << world.stock[i])
    if world.lead >= 0:
        places.append(1 << world.lead)
    union = 0
    total = 0
    for s in places:
        union |= s
        total += count(s)
    return union, total


def check_world(h, me, view, world):
    opp = 1 - me
    seen = View(world, me)
    for name in VIEW_FIELDS:
        got = getattr(seen, name)
        want = getattr(view, name)
        assert got == want, "%s: world says %r, the view %r" % (name, got, want)
    assert bytes(seen.actions) == bytes(view.actions)
    for p in range(2):
        assert world.score(p) == h.score(p), "score of %d" % p
    assert world.pos == h.pos and world.trump == h.trump
    # The opponent's hand: the right size, every shown card, no void suit.
    theirs = world.hands[opp]
    assert count(theirs) == count(h.hands[opp])
    assert theirs & view.opp_known == view.opp_known, "a shown card is missing"
    for suit in range(4):
        if (view.opp_voids >> suit) & 1:
            assert not theirs & (0x3F << (suit * 6)), "a card of a void suit"
    # The deck, exactly: every card once.
    union, total = placed_cards(world)
    assert union == h.rules.deck() and total == h.rules.deck_size, "cards not conserved"
    if h.pos < len(h.stock):
        assert world.stock[len(world.stock) - 1] == h.stock[len(h.stock) - 1], "the upcard moved"


def check_position(h, sampler, rng, world):
    """Worlds for both seats; returns how many had the stock exhausted."""
    exhausted = 0
    for me in range(2):
        view = View(h, me)
        truth = h.hands[1 - me]
        one = sampler.count_worlds_is_one(view)
        if h.pos >= len(h.stock):
            assert one, "the stock is gone, yet more than one world"
            exhausted += 1
        for _ in range(WORLDS_PER_SEAT):
            sampler.deal(view, rng, world)
            check_world(h, me, view, world)
            if one:
                assert world.hands[1 - me] == truth, "the only world is not the true one"
    return exhausted


def test_worlds_agree_with_the_view():
    rng = Rng(99)
    rules = sampler = world = None
    positions = 0
    exhausted = 0
    for h in random_positions(7, HANDS):
        if h.rules is not rules:
            rules = h.rules
            sampler = WorldSampler(rules)
            world = Hand(rules)
        exhausted += check_position(h, sampler, rng, world)
        positions += 1
    assert positions > 10 * HANDS
    assert exhausted > HANDS  # the one-world case was reached often


def test_a_world_can_be_played_to_the_end():
    """Worlds are real hands: random legal play from one always finishes,
    with every card still in exactly one place."""
    rng = Rng(5)
    buf = bytearray(MAX_ACTIONS)
    played = 0
    for i, h in enumerate(random_positions(11, HANDS // 5)):
        if i % 3:
            continue
        world = Hand(h.rules)
        WorldSampler(h.rules).deal(View(h, h.turn), rng, world)
        while not world.over:
            n = world.legal_actions(buf) - 1  # not CLAIM, listed last
            world.act(buf[rng.below(n)] if n else CLAIM)
            union, total = placed_cards(world)
            assert union == h.rules.deck() and total == h.rules.deck_size
        played += 1
    assert played > HANDS // 2


def test_hidden_cards_are_spread_over_every_place_they_could_be():
    """Dealt many times from one view, every card the opponent may hold
    turns up in their hand about as often as chance says, and never one of
    a suit they showed to be void in; every other hidden card is sometimes
    face down in the stock."""
    for h in random_positions(3, 30):
        if h.strict() and h.facedown() >= 2 and h.hands[0] and h.hands[1] and h.voids[1]:
            break
    else:
        raise AssertionError("no closed stock with a known void in 30 hands")
    view = View(h, 0)
    sampler = WorldSampler(h.rules)
    world = Hand(h.rules)
    rng = Rng(1234)
    deals = 150 if SMALL else 600
    voids = 0
    for suit in range(4):
        if (view.opp_voids >> suit) & 1:
            voids |= 0x3F << (suit * 6)
    free = view.unseen() & ~voids
    need = view.opp_count - count(view.opp_known)
    in_hand = [0] * 24
    in_stock = [0] * 24
    for _ in range(deals):
        sampler.deal(view, rng, world)
        for c in range(24):
            if (world.hands[1] >> c) & 1:
                in_hand[c] += 1
            elif (view.unseen() >> c) & 1:
                in_stock[c] += 1
    expected = deals * need / count(free)
    for c in range(24):
        if (free >> c) & 1:
            assert expected / 2 < in_hand[c] < expected * 3 / 2, "card %d in hand %d times" % (c, in_hand[c])
        elif (view.opp_known >> c) & 1:
            assert in_hand[c] == deals, "shown card %d not always in hand" % c
        else:
            assert in_hand[c] == 0, "card %d of a void suit or known elsewhere, in hand" % c
        if (view.unseen() >> c) & 1:
            assert in_stock[c] > 0 or need == count(free), "card %d never in the stock" % c


# --- what play suggests: no marriage held back ---------------------------------

A_PAIR = "KH QH KS 9S JD TC"  # A holds the king and queen of hearts
B_PAIR = "AC QC KC 9H JS AD"  # B those of clubs
PAIR_STOCK = "9C JC TD KD QD 9D JH TH AH AS TS"  # upcard QS: spades are trumps


def test_a_lead_without_a_marriage_is_read_as_holding_none_until_a_draw():
    h = deal(rules(), A_PAIR, B_PAIR, "QS", PAIR_STOCK)
    act(h, "9S")
    assert h.no_pairs[0] == 0xF and h.no_pairs[1] == 0
    assert View(h, 1).opp_no_pairs == 0xF  # what B may infer about A
    act(h, "9H")  # the trick is taken and both draw: a drawn card may complete a pair
    assert h.no_pairs == [0, 0]


def test_a_marriage_lead_says_nothing_and_a_declared_suit_is_no_longer_in_doubt():
    h = deal(rules(), A_PAIR, B_PAIR, "QS", PAIR_STOCK)
    act(h, "marry H", "KH")
    assert h.no_pairs[0] == 0
    act(h, "AD")  # B takes nothing (a side card, not hearts): A wins and draws
    act(h, "QH")  # A leads again, declaring nothing: hearts were declared already
    assert h.no_pairs[0] == 0xF & ~(1 << 2)


def test_after_a_close_the_reading_lasts_and_needs_marriages_to_be_allowed():
    h = deal(rules(), A_PAIR, B_PAIR, "QS", PAIR_STOCK)
    act(h, "close", "9S", "JS")
    assert h.no_pairs[0] == 0xF  # no draw after a close
    late = deal(rules(marry_after_close="no"), A_PAIR, B_PAIR, "QS", PAIR_STOCK)
    act(late, "close", "9S")
    assert late.no_pairs[0] == 0  # A could not have declared


def test_worlds_deal_no_pair_to_a_player_who_led_without_declaring():
    h = deal(rules(), A_PAIR, B_PAIR, "QS", PAIR_STOCK)
    act(h, "close", "9S")
    view = View(h, 1)
    sampler = WorldSampler(h.rules)
    world = Hand(h.rules)
    rng = Rng(7)
    for _ in range(60 if SMALL else 300):
        sampler.deal(view, rng, world)
        assert not pair_suits(world.hands[0]), "a pair dealt to a player who showed none"
        check_world(h, 1, view, world)


def test_a_forced_pair_is_dealt_all_the_same():
    """Where the view leaves only one deal and it holds a pair, the reading
    gives way to the facts (a player may hold a marriage back)."""
    rng = Rng(3)
    for h in random_positions(21, 60):
        opp = 1 - h.turn
        if h.pos >= len(h.stock) and pair_suits(h.hands[opp]):
            break
    else:
        raise AssertionError("no exhausted stock with a pair in 60 hands")
    view = View(h, h.turn)
    view.opp_no_pairs = 0xF
    world = Hand(h.rules)
    WorldSampler(h.rules).deal(view, rng, world)
    assert world.hands[opp] == h.hands[opp]


# --- the few worlds a view leaves, listed -------------------------------------

MOST = 12  # the most the sampler lists


def hands_of(cards, need):
    """Every set of `need` cards out of `cards`, or None past MOST of them
    (plain recursion: MicroPython has no itertools.combinations)."""
    out = []

    def grow(rest, need, chosen):
        if len(out) > MOST:
            return
        if need == 0:
            out.append(chosen)
            return
        while rest:
            low = rest & -rest
            rest &= ~low
            grow(rest, need - 1, chosen | low)

    grow(cards, need, 0)
    return out if len(out) <= MOST else None


def check_listed(h, sampler, rng, world, me):
    """list_worlds against the hands counted here: all of them or none,
    each once, the pair reading applied (none when it leaves none, or when
    the opponent's hand is known: sampling deals those), the true hand
    among them unless the reading rules it out, and every listed world
    agrees with the view.  Returns how many were listed."""
    view = View(h, me)
    n = list_worlds(sampler, view, MOST)
    if not view.strict and view.facedown > 1:
        assert n == 0, "listed worlds while the open stock's order matters"
        return 0
    need = view.opp_count - count(view.opp_known)
    every = hands_of(opp_allowed(view, view.unseen()), need)
    if every is None or need == 0:
        assert n == 0, "listed %d worlds of more than %d, or of a known hand" % (n, MOST)
        return 0
    no_pairs = opp_no_pairs(view)
    kept = [view.opp_known | x for x in every if not pair_suits(view.opp_known | x) & no_pairs]
    got = list(sampler.hands[:n])
    assert sorted(got) == sorted(kept), "listed %r, expected %r" % (got, kept)
    truth = h.hands[1 - me]
    assert truth in got or pair_suits(truth) & no_pairs, "the true hand is not listed"
    for i in range(n):
        sampler.deal(view, rng, world, i)
        check_world(h, me, view, world)
        assert world.hands[1 - me] == got[i]
    return n


def test_few_worlds_are_listed_once_each_with_the_true_one_among_them():
    rng = Rng(31)
    rules = sampler = world = None
    listed = several = 0
    for h in random_positions(17, HANDS // 2):
        if h.rules is not rules:
            rules = h.rules
            sampler = WorldSampler(rules)
            world = Hand(rules)
        for me in range(2):
            n = check_listed(h, sampler, rng, world, me)
            listed += n > 0
            several += n > 1
    assert several > HANDS // 4  # the last draw trick and closed stocks were reached
    assert listed > several


def test_a_view_with_more_worlds_than_asked_lists_none():
    for h in random_positions(23, 40):
        view = View(h, h.turn)
        if view.facedown == 1 and not view.strict and view.opp_count - count(view.opp_known) >= 3:
            break
    else:
        raise AssertionError("no last draw trick in 40 hands")
    sampler = WorldSampler(h.rules)
    n = list_worlds(sampler, view, MOST)
    assert n >= 4
    assert list_worlds(sampler, view, n - 1) == 0
    assert list_worlds(sampler, view, n) == n
