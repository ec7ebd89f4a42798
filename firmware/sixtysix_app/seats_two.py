"""The screen adapter of Sixty-Six and Schnapsen: you (A) against the
computer (B), with the stock, the upcard and B's hand on the table."""

from sixtysix.cards import KING, NO_CARD, QUEEN, count, set_points
from sixtysix.compat import unload
from sixtysix.hand import CLAIM, CLOSE, EXCHANGE, MARRY, close_cost

from .canvas import DIM, SEL
from .seats import Seats
from .seats_hand import OnHand
from .ui import card_text, draw_card, draw_stock, suit_char


class Two(OnHand):
    """Sixty-Six and Schnapsen: you (A) against the computer (B), with the
    stock, the upcard and B's hand on the table."""

    computers = 1

    def card_choices(self, card: int, legal: list):
        """Marry with a king or queen you lead; exchange with the trump that
        takes the upcard."""
        h = self.hand
        suit = card // 6
        rank = card % 6
        items = []
        if h.pending < 0 and (rank == KING or rank == QUEEN) and MARRY + suit in legal:
            pts = 40 if suit == h.trump else 20
            items.append(("Marry %d, lead %s" % (pts, card_text(card)), MARRY + suit, card))
        if suit == h.trump and rank == h.rules.exchange_rank and EXCHANGE in legal and h.upcard != NO_CARD:
            items.append(("Swap for " + card_text(h.upcard), EXCHANGE, -1))
        return items

    def confirm(self, code: int):
        h = self.hand
        if code == CLOSE:
            cost = close_cost(h, 0)
            text = "No more drawing; follow suit, win the trick if you can. Miss 66 and B scores %d" % cost
            return ("Close?", text + (" (B has no trick yet)." if cost == 3 else "."))
        if code == CLAIM:
            cost = ("B gets 2", "B gets 2, or 3 if B has no trick", "you lose the match")[h.rules.false_claim]
            return ("Claim?", "Claim: the hand ends now. With fewer than 66, %s." % cost)
        return None

    def move_note(self, seat: int, code: int) -> str:
        h = self.hand
        if MARRY <= code < MARRY + 4:
            suit = code - MARRY
            return "B marries %s: %d" % (suit_char(suit), 40 if suit == h.trump else 20)
        if code == EXCHANGE:
            return "B takes upcard " + card_text(h.upcard)  # 17 columns: whole on the Thumby's 18
        if code == CLOSE or code == CLAIM:
            return "B closes the stock" if code == CLOSE else "B claims 66"
        if h.lead == NO_CARD:
            return "B leads " + card_text(code)
        return ""

    def trick_note(self) -> str:
        h = self.hand
        note = "You take" if h.last_winner == 0 else "B takes"
        note += " " + card_text(h.last_lead) + " " + card_text(h.last_follow)
        if h.rules.assisted:
            note += " +%d" % set_points((1 << h.last_lead) | (1 << h.last_follow))
        return note

    def turn_note(self) -> str:
        h = self.hand
        if h.pending >= 0:
            # With assisted mode's score, 18 columns at most.
            note = ("Lead Q " if h.rules.queen_lead else "Lead K/Q ") + suit_char(h.pending)
        elif h.lead != NO_CARD:
            note = "Play to " + card_text(h.lead)
        else:
            note = "Your lead"
        if h.rules.assisted:
            note += "  %d-%d" % (h.score(0), h.score(1))
        return note

    def status_line(self, lay, room: int) -> str:
        """Trump and stock, and B's cards where there is no room to show
        them; within `room` while the match goes on (its scores below the
        target, two digits at most)."""
        h = self.hand
        status = suit_char(h.trump) + " " + self.stock_text()
        if not lay.roomy:
            status += " B:%d" % count(h.hands[1])
        return status

    def draw_middle(self, c, lay, trick, y: int, thinking: bool) -> None:
        """The thinking mark, B's hand as backs, the stock and upcard on the
        left, the trick on the right.  The narrow panels' top line has no
        room for the mark beside the status and scores (it was drawn over
        "B:4"), and their note line says "B is thinking" already."""
        h = self.hand
        if thinking and lay.roomy:
            mark = "..."
            c.text(mark, (lay.w - len(mark) * lay.cw) // 2, 0, SEL)
        if lay.roomy:
            n = count(h.hands[1])
            step = lay.cw + 1
            x0 = (lay.w - (n - 1) * step - lay.card_w) // 2
            for i in range(n):
                draw_card(c, lay, 0, x0 + i * step, lay.opp_y, face=False)
            c.text("B", x0 - 2 * lay.cw, lay.opp_y + 2, SEL if thinking else DIM)
        if h.pos < len(h.stock):
            draw_stock(c, lay, 1, y, len(h.stock) - h.pos)
            if h.closer < 0:
                draw_card(c, lay, h.upcard, lay.card_w + 3, y)
        x = lay.w - 2 * lay.card_w - 4
        for _seat, card in trick:
            draw_card(c, lay, card, x, y)
            x += lay.card_w + 2

    def score_text(self) -> str:
        m = self.match
        text = Seats.score_text(self)
        if m.pot:
            text += " Pot: %d." % m.pot
        if m.rules.assisted:
            text += " This hand: you %d, B %d." % (self.hand.score(0), self.hand.score(1))
        return text

    def result_text(self) -> str:
        """The points of the hand by kind, and who won it, before it is booked."""
        from sixtysix.explain import result_text

        h = self.hand
        cards = [set_points(h.won[0]), set_points(h.won[1])]
        last = [h.card_points[0] - cards[0], h.card_points[1] - cards[1]]
        marr = [h.marriage_points[0], h.marriage_points[1]]
        lines = ["         You    B", "Cards   %4d %4d" % (cards[0], cards[1])]
        if marr[0] or marr[1]:
            lines.append("Marry   %4d %4d" % (marr[0], marr[1]))
        if last[0] or last[1]:
            lines.append("Last    %4d %4d" % (last[0], last[1]))
        lines.append("Total   %4d %4d" % (h.score(0), h.score(1)))
        text = "\n".join(lines) + "\n" + result_text(h, ("You", "B")) + "."
        unload("sixtysix.explain")  # once a hand: it takes no heap while the cards are played
        return text

    def booked_text(self) -> str:
        m = self.match
        text = "\nMatch: you %d, B %d" % (m.scores[0], m.scores[1])
        if m.winner >= 0:
            return text + "." + self.match_over_text()
        text += " (to %d)." % m.rules.target
        return text + (" Pot %d." % m.pot if m.pot else "")
