"""What one player may know about a hand, and nothing more.

The AI and the screens receive a `View`, never the `Hand`, so neither can
peek at the opponent's cards or the order of the stock.
"""

from .cards import NO_CARD, count
from .hand import MAX_ACTIONS


class View:
    def __init__(self, hand, player: int) -> None:
        opp = 1 - player
        self.rules = hand.rules
        self.player = player
        self.hand = hand.hands[player]
        self.opp_count = count(hand.hands[opp])
        self.opp_known = hand.known[opp]  # shown in marriages, taken upcard
        self.opp_voids = hand.voids[opp]
        self.opp_no_pairs = hand.no_pairs[opp]  # suits with no king-queen pair, inferred
        self.my_known = hand.known[player]  # what this player has shown
        self.my_voids = hand.voids[player]
        self.trump = hand.trump
        self.upcard = hand.upcard  # NO_CARD once drawn
        self.facedown = hand.facedown()
        self.closer = hand.closer
        # Scores and tricks when the stock was closed: public at that moment.
        self.close_score = (hand.close_score[0], hand.close_score[1])
        self.close_tricks = (hand.close_tricks[0], hand.close_tricks[1])
        self.exchanged_by = hand.exchanged_by
        self.dealer = hand.dealer
        self.leader = hand.leader
        self.turn = hand.turn
        self.lead = hand.lead
        self.pending = hand.pending
        self.won = (hand.won[0], hand.won[1])
        self.tricks = (hand.tricks[0], hand.tricks[1])
        self.marriages = (hand.marriages[0], hand.marriages[1])
        self.last_trick = (hand.last_lead, hand.last_follow, hand.last_winner)
        self.strict = hand.strict()
        self.my_score = hand.score(player)
        # In counting mode nobody is shown the opponent's running score.
        self.opp_score = hand.score(opp) if hand.rules.assisted else -1
        self.over = hand.over
        self.legal_plays = hand.legal_plays() if hand.turn == player else 0
        # Every legal action code (plays, marriages, exchange, close, claim)
        # when it is this player's turn, else empty.  Loop over it: MicroPython
        # does not support `code in bytearray`.
        buf = bytearray(MAX_ACTIONS)
        n = hand.legal_actions(buf) if hand.turn == player else 0
        self.actions = buf[:n]

    def unseen(self) -> int:
        """Cards whose place this player does not know: in the opponent's
        hand (not shown) or face down in the stock."""
        known = self.hand | self.won[0] | self.won[1] | self.opp_known
        if self.lead != NO_CARD:
            known |= 1 << self.lead
        if self.upcard != NO_CARD:
            known |= 1 << self.upcard
        return self.rules.deck() & ~known
