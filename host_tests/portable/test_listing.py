"""listing.list_worlds at its limits: the open stock whose order matters
from two face-down cards, the twelve worlds the sampler holds whatever it
is asked for, and the list it fills kept from one listing to the next."""

from randplay import random_positions
from sixtysix.cards import count
from sixtysix.listing import list_worlds
from sixtysix.sampling import WorldSampler, opp_allowed
from sixtysix.view import View


def deals(view):
    """How many hands the view leaves the opponent: C(allowed, unknown)."""
    k = count(opp_allowed(view, view.unseen()))
    need = view.opp_count - count(view.opp_known)
    n = 1
    for i in range(need):
        n = n * (k - i) // (i + 1)
    return n


def a_view(seed, wanted):
    for h in random_positions(seed, 60):
        view = View(h, h.turn)
        if wanted(view):
            return h, view
    raise AssertionError("no such view in 60 hands")


def test_an_open_stock_with_two_face_down_cards_lists_nothing():
    """The last draw trick (one face-down card) lists its few worlds; the
    same view with two face-down cards lists none, as the order of those
    two decides who draws which; closed, their order no longer matters."""
    h, view = a_view(23, lambda v: v.facedown == 1 and not v.strict and 2 <= deals(v) <= 12)
    sampler = WorldSampler(h.rules)
    n = list_worlds(sampler, view, 12)
    assert n >= 2
    view.facedown = 2
    assert list_worlds(sampler, view, 12) == 0
    view.strict = True
    assert list_worlds(sampler, view, 12) == n


def test_no_more_than_twelve_worlds_are_listed_however_many_are_asked_for():
    h, view = a_view(29, lambda v: v.strict and 13 <= deals(v) <= 99)
    sampler = WorldSampler(h.rules)
    assert list_worlds(sampler, view, 99) == 0
    assert len(sampler.hands) == 12


def test_the_list_of_hands_is_made_once_and_filled_again():
    h, view = a_view(23, lambda v: v.facedown == 1 and not v.strict and 2 <= deals(v) <= 12)
    sampler = WorldSampler(h.rules)
    n = list_worlds(sampler, view, 12)
    hands = sampler.hands
    first = hands[:n]
    hands[0] = -1
    assert list_worlds(sampler, view, 12) == n
    assert sampler.hands is hands and hands[:n] == first
