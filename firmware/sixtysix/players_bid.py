"""Rule-of-thumb players for the bidding games for two and three.

`BidHeuristicPlayer` bids from a quick count of its own hand and plays by
four-hand's rules of thumb (players_four.heuristic_play), told who is a
partner: with three players the two who did not win the auction play
together.  The same functions drive the play-outs with which the search
player (ai_bid.py) bids.  Nothing here allocates per card.
"""

from .bid import BID, PASS, PLAYING
from .cards import QUEEN, count, set_points
from .compat import const
from .hand import MARRY
from .players_four import FourRandomPlayer, best_trump_suit, heuristic_play

_DECK = const(0xFFFFFF)
# heuristic_play's seats, seen from the player: itself, an opponent, a partner
_ME = const(0)
_OPPONENT = const(1)
_PARTNER = const(2)
_MARGIN = const(8)  # points kept in hand against a bad break


class BidRandomPlayer(FourRandomPlayer):
    """Any legal action, at random (four-hand's)."""


def estimate_points(cards: int, seats: int) -> int:
    """A guess of the points a bidder holding `cards` makes when it leads
    and its best suit becomes trumps: a share of the points it holds, its
    marriages and its trump length, less a margin."""
    trump = best_trump_suit(cards)
    marriages = 0
    for suit in range(4):
        if (cards >> (suit * 6 + QUEEN)) & 3 == 3:
            marriages += 40 if suit == trump else 20
    length = count(cards & (0x3F << (trump * 6)))
    held = set_points(cards)
    # Least squares over 3,000 play-outs each (standard error about 15
    # points); the bid keeps a margin below the estimate.
    if seats == 2:
        return (held * 20 + marriages * 12 + length * 125) // 16 - 30 - _MARGIN
    return (held * 23 + marriages * 14 + length * 246) // 16 - 53 - _MARGIN


def heuristic_bid(cards: int, seats: int, high_bid: int, may_pass: bool) -> int:
    """The rule-of-thumb bid: the whole estimate at once, or PASS."""
    level = estimate_points(cards, seats) // 33
    if level > 4:
        level = 4
    if level > high_bid:
        return BID + level
    if not may_pass:
        return BID + high_bid + 1
    return PASS


def heuristic_card(pos, me: int, cards: int, legal: int, others: int) -> int:
    """players_four.heuristic_play for a table without fixed partners, at
    position `pos` (a hand or a view: its trick, trumps, bidder and the
    suit bits each seat has shown it lacks): `others` are the cards still
    out that this seat does not hold."""
    bidder = pos.bidder
    mine = me == bidder
    winner = -1
    if pos.best_seat >= 0:
        if pos.best_seat == me:
            winner = _ME
        elif (pos.best_seat == bidder) == mine:
            winner = _PARTNER
        else:
            winner = _OPPONENT
    ruffs = 0  # suits in which an opponent may trump
    for s in range(pos.seats):
        if s != me and (s == bidder) != mine:
            ruffs |= pos.voids[s]
    return heuristic_play(
        _ME, cards, legal, pos.trump, pos.lead, pos.best, winner, pos.in_trick, pos.seats, others, ruffs
    )


def shown_marriage(cards: int, trump: int) -> int:
    """The marriage to show on lead, trumps first; -1 for none."""
    pick = -1
    for suit in range(4):
        if (cards >> (suit * 6 + QUEEN)) & 3 == 3 and (pick < 0 or suit == trump):
            pick = suit
    return pick


def offered(code: int, actions) -> bool:
    """Whether an action is among a view's (a bytearray: `int in` is not
    there on MicroPython, a one-byte search is).  Once a decision."""
    return bytes((code,)) in actions


class BidHeuristicPlayer:
    """Bids by `estimate_points`, plays by `heuristic_card`."""

    nodes = 0

    def choose(self, view) -> int:
        acts = view.actions
        if view.phase != PLAYING:
            code = heuristic_bid(view.hand, view.seats, view.high_bid, offered(PASS, acts))
            return code if offered(code, acts) else acts[0]
        if view.lead < 0 and view.pending < 0:
            suit = shown_marriage(view.hand, view.trump)
            if suit >= 0:
                return MARRY + suit
        others = _DECK & ~view.hand & ~view.played()
        return heuristic_card(view, view.seat, view.hand, view.legal_plays, others)
