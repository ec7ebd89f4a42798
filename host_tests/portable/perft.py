"""Perft: count every action sequence from a position to a fixed depth.

The count is a fingerprint of the move generator: any change in which
actions are legal, or in how an action changes the hand, changes it.  An
action that ends the hand is a leaf, whatever depth is left.

The walk allocates nothing per node: one Hand and one action buffer per
depth, refilled with Hand.copy_from and Hand.legal_actions.
"""

from sixtysix.hand import MAX_ACTIONS, Hand


class Perft:
    def __init__(self, rules, max_depth):
        self.max_depth = max_depth
        self.hands = [Hand(rules) for _ in range(max_depth)]
        self.bufs = [bytearray(MAX_ACTIONS) for _ in range(max_depth)]

    def count(self, hand, depth):
        if depth > self.max_depth:
            raise ValueError("perft prepared for depth %d, asked %d" % (self.max_depth, depth))
        if depth == 0:
            return 1
        child = self.hands[depth - 1]
        buf = self.bufs[depth - 1]
        n = hand.legal_actions(buf)
        total = 0
        for i in range(n):
            child.copy_from(hand)
            child.act(buf[i])
            if depth == 1 or child.over:
                total += 1
            else:
                total += self.count(child, depth - 1)
        return total


def perft(hand, depth):
    """Number of action sequences of length `depth` from `hand`, counting a
    sequence that ends the hand early once."""
    return Perft(hand.rules, depth).count(hand, depth)


def perft_list(hand, max_depth):
    """[perft(hand, 1), ..., perft(hand, max_depth)]."""
    walker = Perft(hand.rules, max_depth)
    return [walker.count(hand, d) for d in range(1, max_depth + 1)]
