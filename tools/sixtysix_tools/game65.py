"""Sixty-Five for the host tools (`gamepart.py`): 48 cards, four 12-card
hands and no stock, only `play` actions; results keyed by side ("AC",
"BD").  Card ids run to 47, so a deal is checked with plain Python ints."""

from sixtysix.cards import card48_name
from sixtysix.cardtext import parse_card48
from sixtysix.sixtyfive import HAND_SIZE, REASONS, SIDE_NAMES, TOTAL

from .gamepart import GamePart


class SixtyFive(GamePart):
    action_names = "sixtysix.sixtyfive:action_name"
    name = "sixty-five"
    title = "sixty-five (partnerships)"
    seats = "ABCD"
    names = SIDE_NAMES
    card_parse = staticmethod(parse_card48)
    card_name = staticmethod(card48_name)
    verbs = (("play", "card", 0),)
    verb_hint = "Sixty-Five has only 'play CARD'"
    seatings = ((0, 1, 0, 1), (1, 0, 1, 0))
    seed_label = ("arena65",)
    header_by = "side"
    swap_note = "sides"
    figures = ("hand points",)
    work = "steps"

    def hand_size(self, rules) -> int:
        return HAND_SIZE

    def deck(self, rules) -> int:
        return (1 << 48) - 1

    def deal(self, match, dealer: int, cards: dict, stock):
        halves = [0] * 8
        for s in range(4):
            for c in cards[s]:
                halves[s * 2 + c // 24] |= 1 << (c % 24)
        return match.deal(dealer, halves)

    def fill(self, result, match) -> None:
        hand = match.hand
        result.points = (hand.score(0), hand.score(1))
        result.tricks = (hand.tricks[0], hand.tricks[1])

    def finish(self, result, match) -> None:
        hand = match.hand
        result.winner = hand.winner
        result.reason = REASONS[hand.reason]
        w = hand.winner
        gp = hand.game_points[w]
        result.why = "%s scores %d game point%s with %d of %d (%d tricks; last trick %s)" % (
            SIDE_NAMES[w],
            gp,
            "s" if gp > 1 else "",
            hand.score(w),
            TOTAL,
            hand.tricks[w],
            SIDE_NAMES[hand.last_winner & 1],
        )

    def dealt(self, match):
        hand = match.hand
        cards = []
        for s in range(4):
            cards.append((s, [c for c in range(48) if (hand.dealt[s * 2 + c // 24] >> (c % 24)) & 1]))
        return cards, None

    def logged(self, hand, i: int) -> tuple:
        entry = hand.log[i]
        return entry >> 6, entry & 0x3F


SIXTY_FIVE = SixtyFive()
