"""Sixty-Six with bidding for two and for three (bid-two, bid-three) for
the host tools (`gamepart.py`): four-hand's records without partners.
Every seat's cards are dealt and listed, bids come before the first card,
and results are keyed by seat: a seat's hand points are those of the side
it played on (the bidder alone, or the others together)."""

from sixtysix.bid import MOON, bid_points

from .game_four import FourHand
from .game_three import SEATINGS as THREE_SEATINGS
from .game_two import card_ids


class BidGame(FourHand):
    seats = "AB"
    names: tuple = ("A", "B")
    seatings: tuple = ((0, 1), (1, 0))
    record_names = "first"
    swap_note = "seats"

    def __init__(self, name: str, seats: str) -> None:
        self.name = self.title = name
        self.seed_label = ("arena", name)
        if len(seats) == 3:
            self.seats = seats
            self.names = tuple(seats)
            self.seatings = THREE_SEATINGS
            self.record_names = "seating"
            self.swap_note = ""

    def hand_size(self, rules) -> int:
        return rules.hand_size

    def deal(self, match, dealer: int, cards: dict, stock):
        return match.deal(dealer, [sum(1 << c for c in cards[s]) for s in range(len(self.seats))])

    def fill(self, result, match) -> None:
        super().fill(result, match)
        hand = match.hand
        result.points = {self.seats[s]: hand.seat_score(s) for s in range(len(self.seats))}

    def finish(self, result, match) -> None:
        super().finish(result, match)
        result.winner = self.winner_seat(match)
        result.sides = self.winning_side(match.hand)
        result.why = self.result_text(match.hand)

    def hand_json(self, result) -> dict:
        entry = super().hand_json(result)
        entry["winner"] = getattr(result, "sides", None) or None
        return entry

    def dealt(self, match):
        hand = match.hand
        return [(s, card_ids(hand.hands[s])) for s in range(len(self.seats))], None

    def winning_side(self, hand) -> str:
        """The letters of the seats that won the hand: the bidder, or the others."""
        if hand.winner < 0:
            return ""
        return "".join(x for s, x in enumerate(self.seats) if hand.side_of(s) == hand.winner)

    def winner_seat(self, match) -> int:
        """The bidder if it made the bid, else the seat on its left (the
        arena counts one seat a hand)."""
        hand = match.hand
        if hand.winner < 0:
            return -1
        return hand.bidder if hand.made else (hand.bidder + 1) % len(self.seats)

    def hand_points(self, match) -> tuple:
        return tuple(match.hand.seat_score(s) for s in range(len(self.seats)))

    def result_text(self, hand) -> str:
        """One line: the contract and whether it was made."""
        if hand.bidder < 0:
            return "Everybody passed; the hand is thrown in"
        others = " and ".join(x for s, x in enumerate(self.seats) if s != hand.bidder)
        if hand.high_bid == MOON:
            what = "the moon (every trick)"
        else:
            what = "%d (%d points)" % (hand.high_bid, bid_points(hand.high_bid))
        return "%s bid %s and %s with %d points; %s took %d" % (
            self.seats[hand.bidder],
            what,
            "made it" if hand.made else "failed",
            hand.side_score(0),
            others,
            hand.side_score(1),
        )


BID_TWO = BidGame("bid-two", "AB")
BID_THREE = BidGame("bid-three", "ABC")
