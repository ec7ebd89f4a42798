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
from sixtysix.rng import Rng
from sixtysix.sampling import WorldSampler
from sixtysix.view import View

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
