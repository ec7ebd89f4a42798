"""Sixty-Six for three players (RULES.md 2b): the dealer sits out.

Each hand is an ordinary two-player `Hand` between the two seats that are
not dealing, so every rule and option of section 1 applies unchanged.  The
match maps the hand's two players to the table's seats A B C:

    hand player 0 = the dealer's left, who leads first
    hand player 1 = the dealer's right (the `Hand`'s own "dealer")

The dealer scores the game points of the hand's winner (never the pot), but
only up to one below the target: a seat can win the match only by winning
hands.  The deal passes to the left.
"""

from .compat import const
from .hand import Hand, IllegalAction
from .matchbase import SeatedMatch, SeatIllegal

_PLAYERS = const(3)


class ThreeMatch(SeatedMatch):
    """A three-player match; `hand` is the two-player hand being played."""

    name = "three-hand"
    _chairs = _PLAYERS

    def __init__(self, rules, seed: int = 1) -> None:
        super().__init__(rules, seed, Hand(rules), _PLAYERS)

    # --- seats ----------------------------------------------------------------

    def seat_of(self, player: int) -> int:
        """Table seat of the hand's player 0 or 1."""
        return (self.dealer + 1 + player) % _PLAYERS

    def player_of(self, seat: int) -> int:
        """The hand's player (0 or 1) sitting in a seat; -1 for the dealer."""
        return (seat - self.dealer - 1) % _PLAYERS if seat != self.dealer else -1

    def turn_seat(self) -> int:
        """The seat whose turn it is in the current hand."""
        return self.seat_of(self.hand.turn)

    def act(self, code: int) -> None:
        """`Hand.act`, but an illegal action names the table seat."""
        try:
            self.hand.act(code)
        except IllegalAction as e:
            raise SeatIllegal(self.seat_of(e.player), e.reason) from None

    def outcome(self) -> tuple:
        """The hand just booked from seat A's chair (games.py): the dealer
        of that hand sat out and took no hand."""
        h = self.hand
        dealer = (self.dealer + _PLAYERS - 1) % _PLAYERS  # the deal has passed on
        winner = -1 if h.winner < 0 else (dealer + 1 + h.winner) % _PLAYERS
        return winner, self.awarded[0], self.awarded[1] + self.awarded[2], dealer == 0

    # --- dealing --------------------------------------------------------------

    def deal(self, dealer: int, left_cards: int, right_cards: int, stock) -> Hand:  # type: ignore[override]
        """Start a hand from explicit cards: the dealer's left and right
        players' sets and the stock (top first, the upcard last).
        ValueError if the cards are not the deck or the dealer is wrong."""
        self._check_dealer(dealer)
        self.hand.deal(1, right_cards, left_cards, stock)
        self.dealer = dealer
        return self.hand

    def _hand_dealer(self) -> int:
        return 1  # the hand's own dealer is always its player 1, the dealer's right

    # --- scoring --------------------------------------------------------------

    def finish_hand(self) -> None:
        """Book the finished hand: the winner's game points and the pot, the
        dealer's share (capped one below the target), the next dealer."""
        h = self.hand
        if not h.over:
            raise ValueError("the hand is not over")
        for s in range(_PLAYERS):
            self.awarded[s] = 0
        target = self.rules.target
        if h.forfeit:
            self.winner = self.seat_of(h.winner)
        elif h.winner < 0:
            self.pot += 1
        else:
            w = self.seat_of(h.winner)
            pts = h.game_points + self.pot
            self.pot = 0
            self.awarded[w] = pts
            self.scores[w] += pts
            d = self.dealer
            share = h.game_points
            room = target - 1 - self.scores[d]
            if share > room:
                share = room if room > 0 else 0
            self.awarded[d] = share
            self.scores[d] += share
            if self.scores[w] >= target:
                self.winner = w
        self.hands_played += 1
        self.dealer = (self.dealer + 1) % _PLAYERS
