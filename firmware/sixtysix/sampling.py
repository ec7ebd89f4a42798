"""Deal the hidden cards of a view at random, consistently with it.

A *world* is a full Hand that agrees with everything one player knows: their
own hand, every card taken, the cards the opponent has shown (marriages, a
taken upcard), the suits the opponent has shown to be void in, the upcard,
the scores.  It also agrees, where it can, with what the opponent's play
suggests: a player who led without declaring a marriage is dealt no king
and queen of one suit.  The opponent's other cards and the face-down stock are dealt
from the unseen cards.  Searching many worlds is how the computer plays a
game of hidden cards without peeking.
"""

from .cards import NO_CARD, count, set_points
from .compat import const

_QUEENS = const(0x104104)  # the queen bit of every suit
# Deals tried before a world that breaks an inferred "no king-queen pair"
# is kept anyway (the inference may be wrong: a player may hold a marriage
# back); bounded, so a decision's cost stays bounded.
_PAIR_TRIES = const(8)


def pair_suits(cards: int) -> int:
    """Suit bits of the king-queen pairs in a set of cards."""
    q = cards & (cards >> 1) & _QUEENS
    return ((q >> 2) & 1) | ((q >> 7) & 2) | ((q >> 12) & 4) | ((q >> 17) & 8)


def opp_allowed(view, unseen: int) -> int:
    """Of the `unseen` cards (view.unseen()), those the opponent may hold:
    none of a suit it has shown to lack (all of them if that leaves too few,
    which cannot happen with a true view; a deal must stay possible)."""
    allowed = unseen
    voids = view.opp_voids
    for suit in range(4):
        if (voids >> suit) & 1:
            allowed &= ~(0x3F << (suit * 6))
    if count(allowed) < view.opp_count - count(view.opp_known):
        return unseen
    return allowed


def opp_no_pairs(view) -> int:
    """Suit bits in which the opponent is taken to hold no marriage: it led
    without declaring one (a pair it has shown in full is a fact, not a
    guess, and is left out)."""
    return view.opp_no_pairs & ~pair_suits(view.opp_known)


class WorldSampler:
    def __init__(self, rules) -> None:
        self.rules = rules
        self._pool = bytearray(24)
        # The opponent's hand of each world listing.list_worlds listed
        # (made there, at the first listing).
        self.hands: list = []

    def count_worlds_is_one(self, view) -> bool:
        """True when the view leaves nothing to chance (every hidden card
        must be in the opponent's hand)."""
        return view.facedown == 0 and count(view.unseen()) == view.opp_count - count(view.opp_known)

    def deal(self, view, rng, world, i: int = -1) -> None:
        """Fill `world` (a Hand of the same rules) with a random deal that
        agrees with `view`, or, for i >= 0, with the opponent holding the
        i-th hand of the last listing.list_worlds."""
        me = view.player
        opp = 1 - me
        unseen = view.unseen()
        if i >= 0:
            opp_cards = self.hands[i]
        else:
            need = view.opp_count - count(view.opp_known)
            allowed = opp_allowed(view, unseen)
            opp_cards = view.opp_known | self._pick(allowed, need, rng)
            no_pairs = opp_no_pairs(view)
            tries = _PAIR_TRIES
            while tries and pair_suits(opp_cards) & no_pairs:
                opp_cards = view.opp_known | self._pick(allowed, need, rng)
                tries -= 1
        rest = unseen & ~opp_cards
        world.reset_state()
        world.dealer = view.dealer
        world.trump = view.trump
        world.hands[me] = view.hand
        world.hands[opp] = opp_cards
        n = len(world.stock)
        if view.upcard != NO_CARD:
            world.pos = n - 1 - view.facedown
            world.stock[n - 1] = view.upcard
        else:
            world.pos = n
        # the face-down stock: the remaining unseen cards in random order
        k = self._fill(rest)
        rng.shuffle(self._pool, k)
        for i in range(k):
            world.stock[world.pos + i] = self._pool[i]
        for p in range(2):
            world.won[p] = view.won[p]
            world.card_points[p] = set_points(view.won[p])
            world.tricks[p] = view.tricks[p]
            world.marriages[p] = view.marriages[p]
            mp = 0
            for suit in range(4):
                if (view.marriages[p] >> suit) & 1:
                    mp += 40 if suit == view.trump else 20
            world.marriage_points[p] = mp
            world.close_score[p] = view.close_score[p]
            world.close_tricks[p] = view.close_tricks[p]
        world.known[opp] = view.opp_known
        world.voids[opp] = view.opp_voids
        world.no_pairs[opp] = view.opp_no_pairs
        world.known[me] = view.my_known
        world.voids[me] = view.my_voids
        world.closer = view.closer
        world.exchanged_by = view.exchanged_by
        world.leader = view.leader
        world.turn = view.turn
        world.lead = view.lead
        world.pending = view.pending
        world.last_lead, world.last_follow, world.last_winner = view.last_trick

    def _fill(self, cards: int) -> int:
        k = 0
        for c in range(24):
            if (cards >> c) & 1:
                self._pool[k] = c
                k += 1
        return k

    def _pick(self, cards: int, n: int, rng) -> int:
        """n cards chosen at random from a set."""
        k = self._fill(cards)
        out = 0
        for i in range(n):
            j = i + rng.below(k - i)
            c = self._pool[j]
            self._pool[j] = self._pool[i]
            self._pool[i] = c
            out |= 1 << c
        return out
