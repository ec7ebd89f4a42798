"""What every table screen asks of a game, in table seats: 0 is you (A),
then clockwise B, C, D.

Each game has a screen adapter (games.py names it): `seats_two.py` for the
games played on a two-player hand (Sixty-Six, Schnapsen, three-hand),
`seats_sides.py` for the partnership games (four-hand, Sixty-Five).  An
adapter answers the few questions the table asks (whose turn, which cards
a seat holds, what lies in the trick, what the scores are) and says how
its match is saved.  This module holds what they share.
"""

from sixtysix import games
from sixtysix.cards import NO_CARD

from .ui import card_text, suit_char

SEATS = "ABCD"


def sorted24(cards: int, trump: int) -> list:
    """Hand order (24-card ids): suits grouped, trumps at the right, low
    to high; suits in id order while there is no trump yet."""
    out = []
    for k in range(4):
        suit = (trump + 1 + k) % 4 if trump >= 0 else k
        for r in range(6):
            c = suit * 6 + r
            if (cards >> c) & 1:
                out.append(c)
    return out


def marriage_label(suit: int, trumps: bool) -> str:
    return "Marry %s (%d)" % (suit_char(suit), 40 if trumps else 20)


class Seats:
    """The answers every game gives alike; an adapter overrides the rest."""

    partners = False  # sides AC and BD

    def __init__(self, match) -> None:
        self.match = match
        self.game = games.index(match.name)
        self.seats = games.seats(self.game)
        self.name = match.name

    @property
    def hand(self):
        return self.match.hand

    def to_act(self) -> int:
        return -1 if self.hand.over else self.match.turn_seat()

    def legal(self, buf) -> int:
        return self.hand.legal_actions(buf)

    def tricks_done(self) -> int:
        return self.hand.tricks[0] + self.hand.tricks[1]

    def card_text(self, card: int) -> str:
        return card_text(card)

    def upcard(self) -> int:
        return NO_CARD

    def bidding(self) -> bool:
        return False

    def last_winner(self) -> int:
        """The table seat that took the last trick, -1 before the first."""
        w = self.hand.last_winner
        return self.match.seat_of(w) if w >= 0 else -1

    def view(self, seat: int):
        return games.view(self.game, self.match, seat)

    # Scores by seat (three-hand, the bidding games); the partnership games
    # keep them by side and say so their own way (seats_sides.Sides).

    def scores(self) -> str:
        return ":".join(str(v) for v in self.match.scores)

    def score_text(self) -> str:
        m = self.match
        parts = ["%s %d" % ("You" if s == 0 else SEATS[s], m.scores[s]) for s in range(self.seats)]
        return "Match to %d. %s." % (m.rules.target, ", ".join(parts))

    def match_over_text(self) -> str:
        w = self.match.winner
        return "\nYou win the match!" if w == 0 else "\n%s wins the match." % SEATS[w]


def adapter(match):
    """The screen adapter of a match, from the registry."""
    return games.part(games.index(match.name), games.ADAPTER)(match)
