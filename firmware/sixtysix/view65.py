"""What one seat of a Sixty-Five table may know, and nothing more.

Every card played is seen by all four players, and so is every trick as
it is gathered (who won it, which pile each card went to), so the piles,
the trick counts and the voids a seat has shown are public.  Hidden are
the other three hands; a seat knows only how many cards each still holds.

The attribute names the heuristic reads (`lead`, `best`, `best_seat`,
`in_trick`, `trick`, `voids`, `piles`, `tricks`) are the same as on
`SixtyFiveHand`, so one rule of thumb serves the real table (through a
view) and the search's sampled worlds (directly on a hand).
"""

from .sixtyfive import MAX_ACTIONS

_HALF_FULL = 0xFFFFFF


class View65:
    def __init__(self, hand, seat: int) -> None:
        self.rules = hand.rules
        self.seat = seat
        self.side = seat & 1
        self.own0 = hand.hands[seat * 2]  # own cards, clubs and diamonds
        self.own1 = hand.hands[seat * 2 + 1]  # hearts and spades
        self.dealer = hand.dealer
        self.leader = hand.leader
        self.turn = hand.turn
        self.lead = hand.lead
        self.best = hand.best
        self.best_seat = hand.best_seat
        self.in_trick = hand.in_trick
        self.trick = bytes(hand.trick)  # 255 where a seat has not played yet
        self.last_trick = bytes(hand.last_trick)
        self.last_winner = hand.last_winner
        self.voids = tuple(hand.voids)  # suit bits each seat has shown it lacks
        self.piles = tuple(hand.piles)  # by side: piles[side * 2 + half]
        self.tricks = tuple(hand.tricks)
        self.card_points = tuple(hand.card_points)
        self.bonus = tuple(hand.bonus)
        self.scores = (hand.score(0), hand.score(1))
        self.over = hand.over
        # Cards each seat has played, the trick in progress included:
        # played[seat * 2 + half].
        played = [0] * 8
        for i in range(hand.nlog):
            entry = hand.log[i]
            c = entry & 0x3F
            played[(entry >> 6) * 2 + c // 24] |= 1 << (c % 24)
        self.played = tuple(played)
        self.counts = tuple(hand.cards_left(s) for s in range(4))  # cards each seat holds
        buf = bytearray(MAX_ACTIONS)
        n = hand.legal_actions(buf) if hand.turn == seat and not hand.over else 0
        self.actions = buf[:n]

    def seen(self, half: int) -> int:
        """Cards of one half whose place this seat knows: its own and every
        card played (gathered or on the table)."""
        own = self.own1 if half else self.own0
        p = self.played
        return own | p[half] | p[2 + half] | p[4 + half] | p[6 + half]

    def unseen(self, half: int) -> int:
        """Cards of one half in the other three hands."""
        return _HALF_FULL & ~self.seen(half)

    def holds(self, c: int) -> bool:
        own = self.own1 if c >= 24 else self.own0
        return (own >> (c % 24)) & 1 == 1
