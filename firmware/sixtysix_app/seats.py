"""The screen adapter: what the one table screen (table.py) asks of a game,
in table seats: 0 is you (A), then clockwise B, C, D.

The registry names each game's adapter (games.py ADAPTER): `seats_two.py`
for Sixty-Six and Schnapsen, `seats_three.py` for three-hand,
`seats_sides.py` for the partnership games (four-hand, Sixty-Five) and
`seats_bid.py` for Sixty-Six with bidding for two and three.  The games at
a table of three or four seats share the defaults of `seats_slots.py`.  An
adapter is made for each hand the table shows; `Seats` holds what every one
of them answers alike.  Only the game in play's adapter modules are
imported: each function costs heap on the device, so a module carries no
default its game overrides.

The interface.  Cards are the game's card ids and codes its action codes,
small ints far below 2**30.  Nothing here runs inside a search: a method may
allocate a short list or string for the screen, never a buffer.

    hand, match, game         the hand in play (one object for the whole
                              match), the match, the registry's game number
    computers                 how many computer players the table makes
                              (B, C, D...), each seeded from the app
    to_act() -> int           the seat to act, -1 when the hand is over
    bidding() -> bool         an auction is on: OK opens the bid menu
    cards(seat) -> list       a seat's cards in hand order
    active(seat) -> bool      whether the seat plays this hand
    in_trick(), last_trick()  [(seat, card)] of the trick being played, of
                              the last one taken ([] before the first)
    last_winner() -> int      the seat that took the last trick, -1 if none
    view(seat)                the game's view for a computer seat
    card_text(card), action_label(code), bid_name(n) -> str
    card_choices(card, legal) -> [(label, code, then)]
                              what else the card allows (a marriage, an
                              exchange); `then` is a card to play after
                              `code`, or -1.  Empty: OK plays the card.
    confirm(code) -> (title, text) or None
                              an action the action menu asks about first
    move_note(seat, code), trick_note(), turn_note() -> str
                              the note line: a computer seat's move (asked
                              before the move), a trick just taken, your turn
    hint(players, next_seed) -> (code, why)
                              the hint for you; it may reuse a computer
                              player rather than load a second searcher
    status_line(lay, room), scores() -> str
                              the top line, left (in `room` columns, what
                              the score and a space leave) and right
    draw_middle(c, lay, trick, y, thinking)
                              the table between the top line and your hand:
                              the trick (`trick` as in_trick) at row y
    score_text(), result_text(), booked_text() -> str
                              the match score; how the hand went, before it
                              is booked; what follows once it is booked
"""

from sixtysix import games

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
    """What every game answers alike; an adapter adds the rest."""

    computers = 3

    def __init__(self, match) -> None:
        self.match = match
        self.hand = match.hand
        self.game = games.index(match.name)
        self.seats = games.seats(self.game)
        # The game's view, looked up once: the registry is not read at every
        # move, and its module loads with the table, not among a hand's
        # garbage (heap).
        self.view_of = games.part(self.game, games.VIEW)
        self.name = match.name

    def to_act(self) -> int:
        return -1 if self.hand.over else self.match.turn_seat()

    def active(self, seat: int) -> bool:
        return True

    def bidding(self) -> bool:
        return False

    def card_text(self, card: int) -> str:
        return card_text(card)

    def last_winner(self) -> int:
        """The table seat that took the last trick, -1 before the first."""
        w = self.hand.last_winner
        return self.match.seat_of(w) if w >= 0 else -1

    def view(self, seat: int):
        return self.view_of(self.hand, self.match.player_of(seat))

    # Scores by seat (the games for two and three); the partnership games
    # keep them by side and say so their own way (seats_sides.Sides).

    def scores(self) -> str:
        text = ""
        for v in self.match.scores:
            text += (":%d" if text else "%d") % v
        return text

    def score_text(self) -> str:
        m = self.match
        text = "Match to %d. You %d" % (m.rules.target, m.scores[0])
        for s in range(1, self.seats):
            text += ", %s %d" % (SEATS[s], m.scores[s])
        return text + "."

    def match_over_text(self) -> str:
        w = self.match.winner
        return "\nYou win the match!" if w == 0 else "\n%s wins the match." % SEATS[w]


def adapter(match):
    """The screen adapter of a match, from the registry."""
    return games.part(games.index(match.name), games.ADAPTER)(match)
