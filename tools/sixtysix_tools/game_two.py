"""Sixty-Six and Schnapsen for the host tools: the two-player games' part
(`gamepart.py`).  Seats A and B are the hand's players 0 and 1."""

from sixtysix.explain import result_text
from sixtysix.hand import CLAIM, CLOSE, EXCHANGE, MARRY, REASONS

from .gamepart import GamePart


def card_ids(cards: int) -> list:
    """The cards of a 24-card set, lowest id first (as records list them)."""
    return [c for c in range(24) if (cards >> c) & 1]


class TwoPlayer(GamePart):
    action_names = "sixtysix.hand:action_name"
    seats = "AB"
    names: tuple = ("A", "B")
    has_stock = True
    verbs = (
        ("play", "card", 0),
        ("marry", "suit", MARRY),
        ("exchange", "none", EXCHANGE),
        ("close", "none", CLOSE),
        ("claim", "none", CLAIM),
    )
    seatings: tuple = ((0, 1), (1, 0))
    seed_per_seat = False
    swap_note = "seats"
    figures: tuple = ("closes",)

    def __init__(self, name: str) -> None:
        self.name = name
        self.title = name

    def make_player(self, name: str, seed: int):
        if name == "lookahead":  # experimental, host only
            from .lookahead import LookaheadPlayer

            return LookaheadPlayer(seed)
        if name == "pimc":  # experimental, host only
            from .pimc import PimcPlayer

            return PimcPlayer(seed)
        # The reference MCTS players, host only.
        if name.partition(":")[0] in ("ismcts", "ismcts-cards", "ismcts-late"):
            from .ismcts import make_player

            return make_player(name, seed)
        if ":" in name:  # a level with settings changed, host only (variant.py)
            from .variant import variant_player

            return variant_player(name, seed)
        try:
            return super().make_player(name, seed)
        except ValueError as e:
            # The core lists the device's levels; the host adds its own.
            host = "lookahead, pimc, ismcts, ismcts-cards, ismcts-late, LEVEL:SETTING=N,..."
            raise ValueError("%s; host only: %s" % (e, host)) from None

    def deal(self, match, dealer: int, cards: dict, stock):
        masks = [sum(1 << c for c in cards[s]) for s in (0, 1)]
        match.hand.deal(dealer, masks[dealer], masks[1 - dealer], stock)
        match.dealer = dealer
        return match.hand

    def finish(self, result, match) -> None:
        hand = match.hand
        result.winner = self.winner_seat(match)
        result.reason = REASONS[hand.reason]
        result.why = result_text(hand, self.hand_seats(match))
        if hand.winner >= 0 and match.pot:  # booked with the hand (match.finish_hand)
            result.why += "; with the pot, %d in all" % (hand.game_points + match.pot)
        result.forfeit = hand.forfeit

    def dealt(self, match):
        hand = match.hand
        cards = [(s, card_ids(hand.hands[match.player_of(s)])) for s in self.dealt_seats_of(match)]
        return cards, list(hand.stock)

    def dealt_seats_of(self, match) -> list:
        return [0, 1]

    def logged(self, hand, i: int) -> tuple:
        entry = hand.log[i]
        return entry >> 7, entry & 0x7F

    def contract(self, match) -> tuple:
        hand = match.hand
        return hand.closer, hand.closer >= 0 and hand.winner == hand.closer


SIXTY_SIX = TwoPlayer("sixty-six")
SCHNAPSEN = TwoPlayer("schnapsen")
