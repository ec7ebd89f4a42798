"""Four-hand partnership Sixty-Six with bidding for the host tools
(`gamepart.py`): all 24 cards dealt, bids before the first card, results
keyed by side ("AC", "BD")."""

from sixtysix.four import BID, PASS, REASONS, SIDE_NAMES
from sixtysix.hand import MARRY

from .game_two import card_ids
from .gamepart import GamePart


class FourHand(GamePart):
    action_names = "sixtysix.four:action_name"
    name = "four-hand"
    title = "four-hand"
    seats = "ABCD"
    names = SIDE_NAMES
    by_dealer = True
    verbs = (("bid", "bid", BID), ("pass", "none", PASS), ("play", "card", 0), ("marry", "suit", MARRY))
    seatings = ((0, 1, 0, 1), (1, 0, 1, 0))
    seed_label = ("arena", "four-hand")
    record_names = "seating"
    figures = ("auctions",)

    def hand_size(self, rules) -> int:
        return 6

    def deck(self, rules) -> int:
        return 0xFFFFFF

    def deal(self, match, dealer: int, cards: dict, stock):
        return match.deal(dealer, [sum(1 << c for c in cards[s]) for s in range(4)])

    def fill(self, result, match) -> None:
        hand = match.hand
        result.points = {"AC": hand.side_score(0), "BD": hand.side_score(1)}
        result.bid = None
        if hand.bidder >= 0 and hand.phase != 0:
            result.bid = (hand.bidder, hand.high_bid, hand.made if hand.over else None)

    def finish(self, result, match) -> None:
        hand = match.hand
        result.winner = hand.winner
        result.reason = REASONS[hand.reason]
        result.why = result_text(hand)

    def hand_json(self, result) -> dict:
        entry = super().hand_json(result)
        bid = getattr(result, "bid", None)
        entry["bid"] = None if bid is None else {"by": self.seats[bid[0]], "value": bid[1], "made": bid[2]}
        return entry

    def dealt(self, match):
        hand = match.hand
        return [(s, card_ids(hand.hands[s])) for s in range(4)], None

    def logged(self, hand, i: int) -> tuple:
        return hand.log_seat[i], hand.log[i]

    def contract(self, match) -> tuple:
        hand = match.hand
        return hand.bidder, bool(hand.made)

    def hand_points(self, match) -> tuple:
        return match.hand.side_score(0), match.hand.side_score(1)


def result_text(hand) -> str:
    """One line: the contract and whether it was made."""
    if hand.bidder < 0:
        return "Everybody passed; the hand is thrown in"
    side = hand.bidder & 1
    what = "a solo" if hand.high_bid == 5 else "%d (%d points)" % (hand.high_bid, hand.high_bid * 33)
    verdict = "made it" if hand.made else "failed"
    return "%s bid %s for %s and %s with %d points; %s took %d" % (
        "ABCD"[hand.bidder],
        what,
        SIDE_NAMES[side],
        verdict,
        hand.side_score(side),
        SIDE_NAMES[1 - side],
        hand.side_score(1 - side),
    )


FOUR_HAND = FourHand()
