"""What one seat of a bidding game for two or three may know.

Public at the table: the bids, every card played and by whom, the
marriages shown, the suits a seat has shown it lacks, the trick on the
table and each side's points.  With two players every card is dealt, so a
seat knows the other's hand from its own: `known` then holds the
opponent's whole hand, and nothing is `unseen`.  The field names are
four-hand's (view_four.py), so a player can read either.
"""

from .bid import MAX_ACTIONS, PLAYING, POSITION_FIELDS
from .cards import count

_DECK = 0xFFFFFF


class BidView:
    def __init__(self, hand, seat: int) -> None:
        self.rules = hand.rules
        self.seats = hand.seats
        for name in POSITION_FIELDS:
            setattr(self, name, getattr(hand, name))
        self.seat = seat
        self.side = hand.side_of(seat)  # 0 when this seat is the bidder
        self.hand = hand.hands[seat]
        self.trick = bytes(hand.trick)  # card by seat, 255 = none yet
        self.last_trick = bytes(hand.last_trick)
        self.voids = tuple(hand.voids)
        self.marriages = tuple(hand.marriages)
        self.won = tuple(hand.won)  # by side: 0 the bidder, 1 the others
        self.card_points = tuple(hand.card_points)
        self.marriage_points = tuple(hand.marriage_points)
        self.tricks = tuple(hand.tricks)
        self.scores = (hand.side_score(0), hand.side_score(1))
        played = [0, 0, 0, 0]
        for i in range(hand.nlog):
            if hand.log[i] < 24:
                played[hand.log_seat[i]] |= 1 << hand.log[i]
        self.played_by = tuple(played)
        self.counts = tuple(count(hand.dealt[s] & ~played[s]) for s in range(4))
        known = list(hand.known)
        if hand.seats == 2:  # the rest of the deck is the other's
            other = 1 - seat
            known[other] = _DECK & ~hand.dealt[seat] & ~played[0] & ~played[1]
        self.known = tuple(known)
        mine = hand.turn == seat and not hand.over
        buf = bytearray(MAX_ACTIONS)
        self.actions = buf[: hand.legal_actions(buf)] if mine else buf[:0]
        self.legal_plays = hand.legal_plays() if mine and hand.phase == PLAYING else 0

    def played(self) -> int:
        """Every card played so far, the trick on the table included."""
        p = self.played_by
        return p[0] | p[1] | p[2] | p[3]

    def unseen(self) -> int:
        """Cards whose place this seat does not know."""
        known = self.hand | self.played()
        for s in range(4):
            if s != self.seat:
                known |= self.known[s]
        return _DECK & ~known
