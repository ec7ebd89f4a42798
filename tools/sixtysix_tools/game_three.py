"""Three-hand Sixty-Six for the host tools (`gamepart.py`): the dealer sits
out and the two other seats play a two-player hand, so everything is read
and written as in Sixty-Six but for the seats: the deal lists only the
players' cards, the hand's players 0 and 1 are the dealer's left and right,
and points are keyed by the seats that played."""

from .game_two import TwoPlayer
from .gamepart import GamePart

SEATINGS = ((0, 1, 1), (1, 0, 1), (1, 1, 0), (1, 0, 0), (0, 1, 0), (0, 0, 1))  # {a, b, b} and {b, a, a}


class ThreeHand(TwoPlayer):
    seats = "ABC"
    names = ("A", "B", "C")
    by_dealer = True
    seatings = SEATINGS
    seed_label = ("arena", "three-hand")
    seed_per_seat = True
    record_names = "seating"
    swap_note = ""
    figures = ()

    def __init__(self) -> None:
        super().__init__("three-hand")

    def make_player(self, name: str, seed: int):
        return GamePart.make_player(self, name, seed)  # the two-player ones, seated

    def dealt_seats(self, dealer: int) -> str:
        return "".join(s for i, s in enumerate(self.seats) if i != dealer)

    def dealt_seats_of(self, match) -> list:
        return [s for s in range(3) if s != match.dealer]

    def sits_out(self, match, seat: int):
        if seat == match.dealer:
            return "%s deals this hand and sits out" % self.seats[seat]
        return None

    def deal(self, match, dealer: int, cards: dict, stock):
        left = sum(1 << c for c in cards[(dealer + 1) % 3])
        right = sum(1 << c for c in cards[(dealer + 2) % 3])
        return match.deal(dealer, left, right, stock)

    def fill(self, result, match) -> None:
        hand = match.hand
        result.points = {self.seats[match.seat_of(p)]: hand.score(p) for p in range(2)}

    def hand_seats(self, match) -> str:
        if match.dealer < 0:
            return ""
        return self.seats[match.seat_of(0)] + self.seats[match.seat_of(1)]

    def winner_seat(self, match) -> int:
        hand = match.hand
        return match.seat_of(hand.winner) if hand.winner >= 0 else -1

    def contract(self, match) -> tuple:
        return -1, False

    def hand_points(self, match) -> tuple:
        points = [0, 0, 0]  # the dealer sat out
        for p in range(2):
            points[match.seat_of(p)] = match.hand.score(p)
        return tuple(points)


THREE_HAND = ThreeHand()
