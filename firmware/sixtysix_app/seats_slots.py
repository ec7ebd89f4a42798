"""What the games at a table of three or four seats show alike (three-hand,
four-hand, Sixty-Five, the bidding games): one slot per seat for the
trick, a note naming the seat that moved, a claim that asks first.  The
two-player table (seats_two.Two) shows the stock and the computer's hand
instead, so it does not load these."""

from sixtysix.cards import NO_CARD
from sixtysix.hand import CLAIM

from .canvas import DIM, FG, SEL
from .seats import SEATS, Seats
from .ui import draw_card, fit, put


class Slots(Seats):
    def upcard(self) -> int:
        return NO_CARD

    def card_choices(self, card: int, legal: list):
        return ()

    def confirm(self, code: int):
        if code == CLAIM:
            return ("Claim?", "Claim: the hand ends now. With fewer than 66 the other player scores.")
        return None

    def move_note(self, seat: int, code: int) -> str:
        label = self.action_label(code)
        return SEATS[seat] + ": " + (label[5:] if label.startswith("Play ") else label)

    def trick_note(self) -> str:
        w = self.last_winner()
        return ("You take" if w == 0 else SEATS[w] + " takes") if w >= 0 else ""

    def turn_note(self) -> str:
        return "Your turn"

    def status_line(self, lay, room: int) -> str:
        return fit(self.status(), room)

    def draw_middle(self, c, lay, trick, y: int, thinking: bool) -> None:
        """One slot per seat, its letter on the left (lit while that seat
        thinks, dim while it sits out), and the upcard where there is room."""
        slot = lay.cw + lay.card_w + 2
        x0 = (lay.w - self.seats * slot) // 2
        for seat in range(self.seats):
            x = x0 + seat * slot
            role = SEL if thinking and self.to_act() == seat else (FG if self.active(seat) else DIM)
            c.text(SEATS[seat], x, y + 2, role)
            for s, card in trick:
                if s == seat:
                    draw_card(c, lay, card, x + lay.cw + 1, y, label=self.card_text(card))
        up = self.upcard()
        if lay.roomy and up >= 0:
            put(c, "up", 0, lay.opp_y + 2, DIM)
            draw_card(c, lay, up, 2 * lay.cw + 2, lay.opp_y, label=self.card_text(up))

    def booked_text(self) -> str:
        text = "\n" + self.score_text()
        if self.match.winner >= 0:
            text += self.match_over_text()
        return text
