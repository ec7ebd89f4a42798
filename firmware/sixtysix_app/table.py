"""The table: your hand with a cursor, the trick, the stock and trump, the
computer's moves, and everything you can do during a hand."""

from sixtysix.ai import SearchPlayer, make_player
from sixtysix.cards import KING, NO_CARD, QUEEN, count, set_points
from sixtysix.compat import const
from sixtysix.explain import result_text
from sixtysix.hand import CLAIM, CLOSE, EXCHANGE, MARRY, IllegalAction, close_cost
from sixtysix.view import View

from .canvas import BG, DIM, FG, SEL
from .events import BACK, HINT, NEXT, OK, PREV
from .ui import (
    card_text,
    draw_card,
    draw_note,
    draw_status,
    draw_stock,
    glyphs,
    marriage_mark,
    marriages,
    suit_char,
)
from .widgets import TRICK_MS, Confirm, Menu, Pages, Screen

try:
    from typing import Any
except ImportError:  # MicroPython
    pass

YOU = const(0)
COMPUTER = const(1)

_PLAY = const(0)  # waiting for you
_AI = const(1)  # the computer moves on the next tick
_TRICK = const(2)  # a finished trick on show
_LAST = const(3)  # looking back at the last trick
NAMES = ("You", "B")


def sorted_cards(cards: int, trump: int) -> list:
    """Hand order: suits grouped, trumps at the right, low to high."""
    out = []
    for k in range(4):
        suit = (trump + 1 + k) % 4
        for r in range(6):
            c = suit * 6 + r
            if (cards >> c) & 1:
                out.append(c)
    return out


def _has(actions, code: int) -> bool:
    for a in actions:
        if a == code:
            return True
    return False


def _sentence(text: str) -> str:
    return text[:1].upper() + text[1:] if text else text


class Table(Screen):
    def __init__(self, app) -> None:
        Screen.__init__(self, app)
        s = app.session
        self.session = s
        self.match = s.match
        self.hand = s.match.hand
        self.ai = make_player(s.settings.level, app.next_seed())
        self.hinter: Any = None
        self.cursor = 0
        self.note = ""
        self.shown: Any = None  # (lead, follow, winner) while a trick is on show
        self.deadline = 0
        self.state = _PLAY
        self.sync()

    # --- whose move -----------------------------------------------------------

    def sync(self) -> None:
        h = self.hand
        if h.over:
            self.finish()
        elif h.turn == COMPUTER:
            self.state = _AI
        else:
            self.state = _PLAY
            self._aim()

    def _aim(self) -> None:
        """Keep the cursor on a card you may play."""
        cards = sorted_cards(self.hand.hands[YOU], self.hand.trump)
        if not cards:
            return
        if self.cursor >= len(cards):
            self.cursor = len(cards) - 1
        legal = self.hand.legal_plays() if self.hand.turn == YOU else 0
        if legal and not (legal >> cards[self.cursor]) & 1:
            for i in range(len(cards)):
                if (legal >> cards[i]) & 1:
                    self.cursor = i
                    break

    def act(self, code: int) -> bool:
        """Take an action for whoever is to move; False (and a message) if
        the rules refuse it."""
        h = self.hand
        before = h.tricks[0] + h.tricks[1]
        try:
            self.session.act(code)
        except IllegalAction as e:
            self.app.tell(_sentence(e.reason) + ".")
            return False
        if h.tricks[0] + h.tricks[1] > before:
            self.shown = (h.last_lead, h.last_follow, h.last_winner)
            self.state = _TRICK
            self.deadline = self.app.now + TRICK_MS
            who = "You take" if h.last_winner == YOU else "B takes"
            self.note = who + " " + card_text(h.last_lead) + " " + card_text(h.last_follow)
            if h.rules.assisted:
                self.note += " +%d" % set_points((1 << h.last_lead) | (1 << h.last_follow))
        elif h.over:
            self.finish()
        else:
            self.sync()
        return True

    def end_trick(self) -> None:
        self.shown = None
        self.note = ""
        self.sync()

    def finish(self) -> None:
        self.state = _PLAY
        self.app.show(hand_result(self.app))

    # --- the computer -----------------------------------------------------------

    @property
    def busy(self) -> bool:
        return self.state == _AI

    def tick(self, now: int) -> bool:
        if self.state == _TRICK and now >= self.deadline:
            self.end_trick()
            return True
        if self.state != _AI:
            return False
        h = self.hand
        code = self.ai.choose(View(h, COMPUTER))
        note = ""
        if code >= MARRY and code < MARRY + 4:
            suit = code - MARRY
            note = "B marries %s: %d" % (suit_char(suit), 40 if suit == h.trump else 20)
        elif code == EXCHANGE:
            note = "B takes the upcard " + card_text(h.upcard)
        elif code == CLOSE:
            note = "B closes the stock"
        elif code == CLAIM:
            note = "B claims 66"
        elif h.lead == NO_CARD:
            note = "B leads " + card_text(code)
        self.act(code)
        if code < MARRY:
            self.app.layout.flight.start(code, self)
        if note and self.state != _TRICK:
            self.note = note
        return True

    # --- your moves ---------------------------------------------------------------

    def key(self, ev: int) -> None:
        if self.state == _TRICK:
            self.end_trick()
            return
        if self.state == _LAST:
            self.state = _PLAY
            self.shown = None
            self.note = ""
            return
        if self.state == _AI:
            return  # the move is coming on the next tick
        cards = sorted_cards(self.hand.hands[YOU], self.hand.trump)
        n = len(cards)
        if ev == NEXT and n:
            self.cursor = (self.cursor + 1) % n
        elif ev == PREV and n:
            self.cursor = (self.cursor - 1) % n
        elif ev == OK and n:
            self.choose_card(cards[min(self.cursor, n - 1)])
        elif ev == BACK:
            self.app.show(self.action_menu())
        elif ev == HINT:
            self.hint()

    def choose_card(self, card: int) -> None:
        h = self.hand
        acts = View(h, YOU).actions
        suit = card // 6
        rank = card % 6
        items = []
        if h.pending < 0 and (rank == KING or rank == QUEEN) and _has(acts, MARRY + suit):
            pts = 40 if suit == h.trump else 20
            items.append(("Marry %d, lead %s" % (pts, card_text(card)), self._marry(card)))
        if suit == h.trump and rank == h.rules.exchange_rank and _has(acts, EXCHANGE) and h.upcard != NO_CARD:
            items.append(("Swap for " + card_text(h.upcard), self._do(EXCHANGE)))
        if not items:
            self.act(card)
            return
        items.append(("Play " + card_text(card), self._do(card)))
        items.append(("Back", self._back))
        self.app.show(Menu(self.app, "Your " + card_text(card), items, self._back))

    def _back(self) -> None:
        self.app.show(self)

    def _do(self, code: int):
        def run() -> None:
            self.app.show(self)
            self.act(code)

        return run

    def _marry(self, card: int):
        def run() -> None:
            self.app.show(self)
            if self.act(MARRY + card // 6) and not self.hand.over:
                self.act(card)

        return run

    def action_menu(self):
        h = self.hand
        acts = View(h, YOU).actions if h.turn == YOU else b""
        items = [("Back to the table", self._back)]
        for a in acts:
            if a >= MARRY and a < MARRY + 4:
                suit = a - MARRY
                items.append(
                    ("Marry %s (%d)" % (suit_char(suit), 40 if suit == h.trump else 20), self._do(a))
                )
            elif a == EXCHANGE:
                items.append(("Exchange for " + card_text(h.upcard), self._do(a)))
            elif a == CLOSE:
                items.append(("Close the stock", self._confirm_close))
            elif a == CLAIM:
                items.append(("Claim 66", self._confirm_claim))
        items.append(("Last trick", self._last_trick))
        items.append(("Hint", self._hint_from_menu))
        items.append(("Match score", self._score))
        items.append(("Save and leave", self._leave))
        items.append(("End match", self._end_match))
        return Menu(self.app, "Actions", items, self._back)

    def _confirm_close(self) -> None:
        h = self.hand
        cost = close_cost(h, YOU)
        text = "No more drawing; follow suit, win the trick if you can. Miss 66 and B scores %d" % cost
        text += " (B has no trick yet)." if cost == 3 else "."
        self._confirm("Close?", text, CLOSE)

    def _confirm_claim(self) -> None:
        r = self.hand.rules.false_claim
        cost = ("B gets 2", "B gets 2, or 3 if B has no trick", "you lose the match")[r]
        self._confirm("Claim?", "Claim: the hand ends now. With fewer than 66, %s." % cost, CLAIM)

    def _confirm(self, title: str, text: str, code: int) -> None:
        self.app.show(Confirm(self.app, title, text, self._do(code), self._back))

    def _last_trick(self) -> None:
        h = self.hand
        self.app.show(self)
        if h.last_lead == NO_CARD:
            self.app.tell("No trick yet in this hand.")
            return
        self.state = _LAST
        self.shown = (h.last_lead, h.last_follow, h.last_winner)
        self.note = "Last trick: %s won" % ("you" if h.last_winner == YOU else "B")

    def _score(self) -> None:
        m = self.match
        self.app.show(self)
        text = "Match to %d. You %d, B %d." % (m.rules.target, m.scores[0], m.scores[1])
        if m.pot:
            text += " Pot: %d." % m.pot
        if m.rules.assisted:
            text += " This hand: you %d, B %d." % (self.hand.score(0), self.hand.score(1))
        self.app.tell(text)

    def _leave(self) -> None:
        self.session.save()
        self.app.home()

    def _end_match(self) -> None:
        self.app.end_match(self._back)

    def _hint_from_menu(self) -> None:
        self.app.show(self)
        self.hint()

    def hint(self) -> None:
        h = self.hand
        if not self.session.settings.hints:
            self.app.tell("Hints are off. Turn them on in Settings.")
            return
        if h.turn != YOU or h.over:
            return
        if self.hinter is None:
            ai = self.ai
            if isinstance(ai, SearchPlayer) and ai.level == "hard":
                self.hinter = ai  # one solver in memory, not two
            else:
                self.hinter = SearchPlayer("hard", self.app.next_seed())
        view = View(h, YOU)
        code = self.hinter.choose(view)
        if code < MARRY:
            cards = sorted_cards(h.hands[YOU], h.trump)
            for i in range(len(cards)):
                if cards[i] == code:
                    self.cursor = i
        from sixtysix.hint import reason  # only when a hint is asked: heap at the menu

        self.app.tell(glyphs(reason(view, code, self.hinter)))

    # --- drawing ------------------------------------------------------------------------

    def draw(self, c) -> None:
        app = self.app
        lay = app.layout
        h = self.hand
        m = self.match
        c.fill(BG)
        # Status: trump, stock, match score; the thinking mark.
        if h.closer >= 0:
            stock = "closed"
        elif h.upcard == NO_CARD:
            stock = "empty"
        else:
            stock = "%d" % (len(h.stock) - h.pos)
        status = suit_char(h.trump) + " " + stock
        if not lay.roomy:
            status += " B:%d" % count(h.hands[COMPUTER])
        draw_status(c, lay, status)
        score = "%d:%d" % (m.scores[0], m.scores[1])
        c.text(score, lay.w - len(score) * lay.cw, 0, FG)
        if self.state == _AI:
            mark = "..."
            c.text(mark, (lay.w - len(mark) * lay.cw) // 2, 0, SEL)
        # The computer's hand as backs.
        if lay.roomy:
            n = count(h.hands[COMPUTER])
            step = lay.cw + 1
            x0 = (lay.w - (n - 1) * step - lay.card_w) // 2
            for i in range(n):
                draw_card(c, lay, 0, x0 + i * step, lay.opp_y, face=False)
            c.text("B", x0 - 2 * lay.cw, lay.opp_y + 2, SEL if self.state == _AI else DIM)
        # Stock and upcard.
        y = lay.trick_y
        if h.pos < len(h.stock):
            draw_stock(c, lay, 1, y, len(h.stock) - h.pos)
            if h.closer < 0:
                draw_card(c, lay, h.upcard, lay.card_w + 3, y)
        # The trick: on show, in progress, or the last one looked back at.
        if self.shown is not None:
            lead, follow, _winner = self.shown
        else:
            lead, follow = h.lead, NO_CARD
        tx = lay.w - 2 * lay.card_w - 4
        if lead != NO_CARD:
            draw_card(c, lay, lead, tx, y)
        if follow != NO_CARD:
            draw_card(c, lay, follow, tx + lay.card_w + 2, y)
        # Your hand.
        cards = sorted_cards(h.hands[YOU], h.trump)
        n = len(cards)
        mine = self.state == _PLAY and h.turn == YOU
        legal = h.legal_plays() if mine else 0
        marry = marriages(View(h, YOU).actions) if mine else 0
        if n:
            step = lay.card_w + 2
            if n > 1 and n * step > lay.w:
                step = (lay.w - lay.card_w - 1) // (n - 1)
            x0 = (lay.w - (n - 1) * step - lay.card_w) // 2
            for i in range(n):
                card = cards[i]
                x = x0 + i * step
                yy = lay.hand_y
                if mine and i == self.cursor:
                    yy -= 2
                draw_card(
                    c, lay, card, x, yy, dim=mine and not (legal >> card) & 1, mark=marriage_mark(card, marry)
                )
            if mine and self.cursor < n:
                x = x0 + self.cursor * step
                c.hline(x, lay.hand_y + lay.card_h, lay.card_w, SEL)
        # The note line.
        note = self.note
        if not note and self.state == _PLAY:
            if h.pending >= 0:
                note = "Lead the K or Q " + suit_char(h.pending)
            elif h.lead != NO_CARD:
                note = "Play to " + card_text(h.lead)
            else:
                note = "Your lead"
            if h.rules.assisted:
                note += "  %d-%d" % (h.score(0), h.score(1))
        elif self.state == _AI and not note:
            note = "B is thinking"
        draw_note(c, lay, note, mine)


# --- the end of a hand ------------------------------------------------------------


def hand_result(app):
    """Book the finished hand and say how it went, then go on."""
    s = app.session
    m = s.match
    h = m.hand
    lines = []
    cards = [set_points(h.won[0]), set_points(h.won[1])]
    last = [h.card_points[0] - cards[0], h.card_points[1] - cards[1]]
    marr = [h.marriage_points[0], h.marriage_points[1]]
    lines.append("         You    B")
    lines.append("Cards   %4d %4d" % (cards[0], cards[1]))
    if marr[0] or marr[1]:
        lines.append("Marry   %4d %4d" % (marr[0], marr[1]))
    if last[0] or last[1]:
        lines.append("Last    %4d %4d" % (last[0], last[1]))
    lines.append("Total   %4d %4d" % (h.score(0), h.score(1)))
    text = "\n".join(lines) + "\n" + result_text(h, NAMES) + "."
    s.finish_hand()
    if m.winner >= 0:
        text += "\nMatch: you %d, B %d." % (m.scores[0], m.scores[1])
        text += "\nYou win the match!" if m.winner == 0 else "\nB wins the match."
        return Pages(app, "Match over", text, app.home)
    text += "\nMatch: you %d, B %d (to %d)." % (m.scores[0], m.scores[1], m.rules.target)
    if m.pot:
        text += " Pot %d." % m.pot
    return Pages(app, "Hand %d" % m.hands_played, text, lambda: _next_hand(app))


def _next_hand(app) -> None:
    app.session.start_hand()
    app.show(Table(app))
