"""The table for three or four: your hand, every seat's card in the trick,
the computer players in the other seats, the bidding screen.

The same screen serves three-hand, four-hand and Sixty-Five through the
adapters of seats.py.  You are seat A; your partner (four players) sits
opposite, in seat C.
"""

from sixtysix import games
from sixtysix.compat import const
from sixtysix.hand import IllegalAction

from .canvas import BG, DIM, FG, SEL
from .events import BACK, HINT, NEXT, OK, PREV
from .seats import SEATS, adapter
from .ui import draw_card, draw_note, draw_status, fit, marriage_mark, marriages, put
from .widgets import TRICK_MS, Confirm, Menu, Pages, Screen

try:
    from typing import Any
except ImportError:  # MicroPython
    pass

YOU = const(0)

_PLAY = const(0)
_AI = const(1)
_TRICK = const(2)
_LAST = const(3)


def make_seat_player(game: str, level: str, seed: int):
    """The computer player for one seat of the game called `game`."""
    return games.new_player(games.index(game), level, seed)


class SeatTable(Screen):
    def __init__(self, app) -> None:
        Screen.__init__(self, app)
        s = app.session
        self.session = s
        self.match = s.match
        self.game = adapter(s.match)
        level = s.settings.level
        self.players = [None] + [games.new_player(s.game, level, app.next_seed()) for _ in range(3)]
        self.buf = bytearray(16)
        self.cursor = 0
        self.note = ""
        self.shown: Any = None  # [(seat, card)] of a trick on show
        self.deadline = 0
        self.state = _PLAY
        self.sync()

    # --- whose move -----------------------------------------------------------------

    def sync(self) -> None:
        g = self.game
        seat = g.to_act()
        if seat < 0:
            self.finish()
        elif seat != YOU:
            self.state = _AI
        else:
            self.state = _PLAY
            if g.bidding():
                self.app.show(self.bid_menu())
            else:
                self._aim()

    def _aim(self) -> None:
        """Keep the cursor on a card you may play."""
        cards = self.game.cards(YOU)
        if not cards:
            return
        if self.cursor >= len(cards):
            self.cursor = len(cards) - 1
        legal = self.legal_codes()
        if cards[self.cursor] not in legal:
            for i in range(len(cards)):
                if cards[i] in legal:
                    self.cursor = i
                    break

    def legal_codes(self) -> list:
        n = self.game.legal(self.buf)
        return [self.buf[i] for i in range(n)]

    def act(self, code: int) -> bool:
        g = self.game
        before = g.tricks_done()
        try:
            self.session.act(code)
        except IllegalAction as e:
            reason = e.reason
            self.app.tell(reason[:1].upper() + reason[1:] + ".")
            return False
        if g.tricks_done() > before:
            self.shown = g.last_trick()
            self.state = _TRICK
            self.deadline = self.app.now + TRICK_MS
            w = self._last_winner()
            self.note = ("You take" if w == YOU else SEATS[w] + " takes") if w >= 0 else ""
        elif self.match.hand.over:
            self.finish()
        else:
            self.sync()
        return True

    def _last_winner(self) -> int:
        return self.game.last_winner()

    def end_trick(self) -> None:
        self.shown = None
        self.note = ""
        self.sync()

    def finish(self) -> None:
        self.state = _PLAY
        self.app.show(seat_result(self.app))

    # --- the computer seats -------------------------------------------------------------

    @property
    def busy(self) -> bool:
        return self.state == _AI

    def tick(self, now: int) -> bool:
        if self.state == _TRICK and now >= self.deadline:
            self.end_trick()
            return True
        if self.state != _AI:
            return False
        g = self.game
        seat = g.to_act()
        code = self.players[seat].choose(g.view(seat))
        label = g.action_label(code)
        self.act(code)
        if code < 64:  # a card: it flies to the table
            self.app.layout.flight.start(code, self, g.card_text(code))
        if self.state != _TRICK:
            self.note = SEATS[seat] + ": " + (label[5:] if label.startswith("Play ") else label)
        return True

    # --- your moves ---------------------------------------------------------------------

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
            return
        cards = self.game.cards(YOU)
        n = len(cards)
        if ev == NEXT and n:
            self.cursor = (self.cursor + 1) % n
        elif ev == PREV and n:
            self.cursor = (self.cursor - 1) % n
        elif ev == OK and n:
            if self.game.to_act() != YOU:
                return
            card = cards[min(self.cursor, n - 1)]
            if self.game.bidding():
                self.app.show(self.bid_menu())
                return
            self.act(card)
        elif ev == BACK:
            self.app.show(self.action_menu())
        elif ev == HINT:
            self.hint()

    def _back(self) -> None:
        self.app.show(self)

    def _do(self, code: int):
        def run() -> None:
            self.app.show(self)
            self.act(code)

        return run

    def bid_menu(self):
        g = self.game
        items = []
        for code in self.legal_codes():
            items.append((g.action_label(code), self._do(code)))
        h = self.match.hand
        if h.bidder >= 0:
            title = "Bid? %s has %s" % (SEATS[h.bidder], g.bid_name(h.high_bid))
        else:
            title = "Bid? None yet"
        return Menu(self.app, title, items, self._back)

    def action_menu(self):
        g = self.game
        items = [("Back to the table", self._back)]
        if g.to_act() == YOU:
            for code in self.legal_codes():
                if code >= 64:  # cards are played from the hand, the rest from here
                    if code == 70:  # the claim asks first
                        items.append((g.action_label(code), self._confirm_claim))
                    else:
                        items.append((g.action_label(code), self._do(code)))
        items.append(("Last trick", self._last_trick))
        items.append(("Hint", self._hint_from_menu))
        items.append(("Match score", self._score))
        items.append(("Save and leave", self._leave))
        items.append(("End match", self._end_match))
        return Menu(self.app, "Actions", items, self._back)

    def _confirm_claim(self) -> None:
        text = "Claim: the hand ends now. With fewer than 66 the other player scores."
        self.app.show(Confirm(self.app, "Claim?", text, self._do(70), self._back))

    def _last_trick(self) -> None:
        self.app.show(self)
        last = self.game.last_trick()
        if not last:
            self.app.tell("No trick yet in this hand.")
            return
        self.state = _LAST
        self.shown = last
        w = self._last_winner()
        self.note = "Last trick: " + ("you" if w == YOU else SEATS[w]) + " won"

    def _score(self) -> None:
        self.app.show(self)
        self.app.tell(self.game.score_text())

    def _leave(self) -> None:
        self.session.save()
        self.app.home()

    def _end_match(self) -> None:
        self.app.end_match(self._back)

    def _hint_from_menu(self) -> None:
        self.app.show(self)
        self.hint()

    def hint(self) -> None:
        g = self.game
        if not self.session.settings.hints:
            self.app.tell("Hints are off. Turn them on in Settings.")
            return
        if g.to_act() != YOU:
            return
        code, why = g.hint(self.app.next_seed())
        cards = g.cards(YOU)
        for i in range(len(cards)):
            if cards[i] == code:
                self.cursor = i
        self.app.tell(why)

    # --- drawing ------------------------------------------------------------------------

    def draw(self, c) -> None:
        lay = self.app.layout
        g = self.game
        c.fill(BG)
        draw_status(c, lay, fit(g.status(), lay.cols - 6))
        score = g.scores()
        c.text(score, lay.w - len(score) * lay.cw, 0, FG)
        cards = g.cards(YOU)
        n = len(cards)
        step = lay.card_w + 2
        if n > 1 and n * step > lay.w:
            step = (lay.w - lay.card_w - 1) // (n - 1)
        # Overlapped cards (Sixty-Five's twelve) show only their rank, so a
        # row of suit marks above the hand says where each suit begins.
        marks_y = lay.hand_y - 2 - lay.ch
        y = lay.trick_y
        if step < lay.card_w:
            y = max(lay.ch, min(y, marks_y - lay.card_h - 1))
        # The trick: one slot per seat, its letter on the left.
        trick = self.shown if self.shown is not None else g.in_trick()
        slot = lay.cw + lay.card_w + 2
        x0 = (lay.w - g.seats * slot) // 2
        for seat in range(g.seats):
            x = x0 + seat * slot
            role = SEL if self.state == _AI and g.to_act() == seat else (FG if g.active(seat) else DIM)
            c.text(SEATS[seat], x, y + 2, role)
            for s, card in trick:
                if s == seat:
                    draw_card(c, lay, card, x + lay.cw + 1, y, label=g.card_text(card))
        up = g.upcard()
        if lay.roomy and up >= 0:
            put(c, "up", 0, lay.opp_y + 2, DIM)
            draw_card(c, lay, up, 2 * lay.cw + 2, lay.opp_y, label=g.card_text(up))
        # Your hand; the card under the cursor is drawn last, on top.
        mine = self.state == _PLAY and g.to_act() == YOU
        legal = self.legal_codes() if mine else []
        marry = marriages(legal)
        if n:
            x0 = (lay.w - (n - 1) * step - lay.card_w) // 2
            if step < lay.card_w:
                suit = ""
                for i in range(n):
                    mark = g.card_text(cards[i])[-1]
                    if mark != suit:
                        put(c, mark, x0 + i * step + 2, marks_y, DIM)
                        suit = mark
            cur = min(self.cursor, n - 1)
            for i in list(range(n)) + [cur]:
                card = cards[i]
                yy = lay.hand_y - (2 if mine and i == cur else 0)
                dim = mine and card not in legal
                draw_card(
                    c,
                    lay,
                    card,
                    x0 + i * step,
                    yy,
                    dim=dim,
                    label=g.card_text(card),
                    mark=marriage_mark(card, marry),
                )
            if mine:
                c.hline(x0 + cur * step, lay.hand_y + lay.card_h, lay.card_w, SEL)
        elif not g.active(YOU):
            put(c, fit("You sit out this hand", lay.cols), 0, lay.hand_y + 2, DIM)
        note = self.note
        if not note and self.state == _PLAY and mine:
            note = "Your turn"
        elif not note and self.state == _AI:
            note = SEATS[g.to_act()] + " is thinking"
        draw_note(c, lay, note, mine)


# --- the end of a hand ------------------------------------------------------------


def seat_result(app):
    """Book a finished hand of three or four and say how it went."""
    s = app.session
    m = s.match
    g = adapter(m)
    text = g.result_text()
    s.finish_hand()
    text += "\n" + g.score_text()
    if m.winner >= 0:
        text += g.match_over_text()
        return Pages(app, "Match over", text, app.home)
    return Pages(app, "Hand %d" % m.hands_played, text, lambda: _next_hand(app))


def _next_hand(app) -> None:
    app.session.start_hand()
    app.show(SeatTable(app))
