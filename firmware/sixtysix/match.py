"""A match: hands dealt from a seed, game points, the pot, dealer rotation."""

from .hand import Hand
from .rng import Rng
from .rules import SCHNAPSEN, Rules


def schnapsen_rules() -> Rules:
    """The default rules of Schnapsen (the registry's maker of them)."""
    return Rules(SCHNAPSEN)


class Match:
    """A match of the game for two, and the base of every other game's match
    (`matchbase.SeatedMatch`): the counters, the game interface of games.py
    for a hand whose players are the table's seats, the shuffle and the
    next deal.  A game for more seats passes its own hand and its number of
    score counters (seats or sides).

    The other games build on this class rather than on one of their own in
    another module so that the game for two, the one nearest the device's
    heap limit, loads and compiles no more than its own match."""

    def __init__(self, rules, seed: int = 1, hand=None, seats: int = 2) -> None:
        self.rules = rules
        self.rng = Rng(seed)
        if hand is None:
            hand = Hand(rules)
        self.hand = hand
        self.scores = [0] * seats
        self.awarded = [0] * seats  # game points of the last finished hand, pot included
        self.pot = 0  # game points carried over from hands nobody won (two and three seats)
        self.dealer = -1
        self.winner = -1
        self.hands_played = 0
        self._order = bytearray(rules.deck_size)

    # --- the game interface (games.py) ------------------------------------------

    @property
    def name(self) -> str:
        return self.rules.name

    def act(self, code: int) -> None:
        self.hand.act(code)

    def turn_seat(self) -> int:
        return self.hand.turn

    def seat_of(self, player: int) -> int:
        return player

    def player_of(self, seat: int) -> int:
        return seat

    def progress(self) -> int:
        """Grows at each point the match should be saved (games.py)."""
        h = self.hand
        return h.tricks[0] + h.tricks[1] + (1000 if h.over else 0)

    def outcome(self) -> tuple:
        return self.hand.winner, self.awarded[0], self.awarded[1], False

    # --- dealing --------------------------------------------------------------

    def _shuffled(self) -> bytearray:
        """The rules' deck (a card bit set) in a fresh random order."""
        order = self._order
        deck = self.rules.deck()
        i = 0
        for c in range(24):
            if (deck >> c) & 1:
                order[i] = c
                i += 1
        self.rng.shuffle(order)
        return order

    def draw_for_dealer(self) -> int:
        """Each player draws a card; the lower rank deals (ties draw again).
        Returns the first dealer and sets it."""
        order = self._shuffled()
        i = 0
        while order[i] % 6 == order[i + 1] % 6:
            i += 2
            if i + 1 >= len(order):
                order = self._shuffled()
                i = 0
        self.dealer = 0 if order[i] % 6 < order[i + 1] % 6 else 1
        return self.dealer

    def _hand_dealer(self) -> int:
        """Who deals the hand itself: the table's dealer, unless the hand's
        players are not the table's seats (three-hand)."""
        return self.dealer

    def start_hand(self):
        """Shuffle and deal the next hand (drawing for the first dealer if needed)."""
        if self.winner >= 0:
            raise ValueError("the match is over")
        if self.dealer < 0:
            self.draw_for_dealer()
        self.hand.deal_shuffled(self._hand_dealer(), self._shuffled())
        return self.hand

    # --- scoring --------------------------------------------------------------

    def finish_hand(self) -> None:
        """Book the finished hand: game points, pot, next dealer, match winner."""
        h = self.hand
        if not h.over:
            raise ValueError("the hand is not over")
        self.awarded[0] = 0
        self.awarded[1] = 0
        if h.forfeit:
            self.winner = h.winner
        elif h.winner < 0:
            self.pot += 1
        else:
            pts = h.game_points + self.pot
            self.pot = 0
            self.awarded[h.winner] = pts
            self.scores[h.winner] += pts
            if self.scores[h.winner] >= self.rules.target:
                self.winner = h.winner
        self.hands_played += 1
        self.dealer = 1 - self.dealer
