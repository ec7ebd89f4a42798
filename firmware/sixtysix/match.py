"""A match: hands dealt from a seed, game points, the pot, dealer rotation."""

from .hand import Hand
from .rng import Rng
from .rules import SCHNAPSEN, Rules


def schnapsen_rules() -> Rules:
    """The default rules of Schnapsen (the registry's maker of them)."""
    return Rules(SCHNAPSEN)


class Match:
    def __init__(self, rules, seed: int = 1) -> None:
        self.rules = rules
        self.rng = Rng(seed)
        self.hand = Hand(rules)
        self.scores = [0, 0]
        self.awarded = [0, 0]  # game points of the last finished hand, pot included
        self.pot = 0  # game points carried over from hands nobody won
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
        h = self.hand
        return h.tricks[0] + h.tricks[1] + (1000 if h.over else 0)

    def outcome(self) -> tuple:
        return self.hand.winner, self.awarded[0], self.awarded[1], False

    def _shuffled(self) -> bytearray:
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

    def start_hand(self) -> Hand:
        """Shuffle and deal the next hand (drawing for the first dealer if needed)."""
        if self.winner >= 0:
            raise ValueError("the match is over")
        if self.dealer < 0:
            self.draw_for_dealer()
        self.hand.deal_shuffled(self.dealer, self._shuffled())
        return self.hand

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
