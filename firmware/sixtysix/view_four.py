"""What one seat of a four-hand game may know, and nothing more.

The four-hand AI and the screens receive a `FourView`, never the
`FourHand`, so neither can peek at the other three hands.  Everything here
is public at the table: the bids, the cards played (and by whom), the
marriages shown, the suits a seat has shown to be void in, the trick on
the table and the points each side has taken.
"""

from .cards import count
from .four import MAX_ACTIONS, PLAYING


class FourView:
    def __init__(self, hand, seat: int) -> None:
        self.rules = hand.rules
        self.seat = seat
        self.side = seat & 1
        self.partner = (seat + 2) & 3
        self.hand = hand.hands[seat]
        self.dealer = hand.dealer
        self.phase = hand.phase
        self.turn = hand.turn
        self.high_bid = hand.high_bid
        self.bidder = hand.bidder
        self.passed = hand.passed  # seat bits
        self.sitting = hand.sitting
        self.trump = hand.trump
        self.leader = hand.leader
        self.lead = hand.lead
        self.best = hand.best
        self.best_seat = hand.best_seat
        self.led_high = hand.led_high
        self.in_trick = hand.in_trick
        self.pending = hand.pending
        self.trick = bytes(hand.trick)  # card by seat, 255 = none yet
        self.last_trick = bytes(hand.last_trick)
        self.last_winner = hand.last_winner
        self.known = tuple(hand.known)  # marriage cards still held, by seat
        self.voids = tuple(hand.voids)  # suit bits, by seat
        self.marriages = tuple(hand.marriages)  # suit bits, by seat
        self.won = (hand.won[0], hand.won[1])  # cards taken, by side
        self.card_points = (hand.card_points[0], hand.card_points[1])
        self.marriage_points = (hand.marriage_points[0], hand.marriage_points[1])
        self.tricks = (hand.tricks[0], hand.tricks[1])
        self.scores = (hand.side_score(0), hand.side_score(1))
        self.over = hand.over
        # Cards each seat has played, read from the public log (trick cards
        # included); the count of cards each seat still holds follows.
        played = [0, 0, 0, 0]
        for i in range(hand.nlog):
            code = hand.log[i]
            if code < 24:
                played[hand.log_seat[i]] |= 1 << code
        self.played_by = tuple(played)
        self.counts = tuple(count(hand.dealt[s] & ~played[s]) for s in range(4))
        buf = bytearray(MAX_ACTIONS)
        n = hand.legal_actions(buf) if hand.turn == seat and not hand.over else 0
        self.actions = buf[:n]
        self.legal_plays = hand.legal_plays() if hand.turn == seat and hand.phase == PLAYING else 0

    def played(self) -> int:
        """Every card played so far, the trick on the table included."""
        return self.played_by[0] | self.played_by[1] | self.played_by[2] | self.played_by[3]

    def unseen(self) -> int:
        """Cards whose place this seat does not know: in another hand and not shown."""
        known = self.hand | self.played()
        for s in range(4):
            if s != self.seat:
                known |= self.known[s]
        return 0xFFFFFF & ~known
