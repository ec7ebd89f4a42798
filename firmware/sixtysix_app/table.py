"""The table: one screen for every game.  Your hand with a cursor, the
trick, the computer players in the other seats, the notes of their moves,
and everything you can do during a hand: play, declare, bid, ask for a
hint, look back at the last trick, save and leave.

What differs between the games lives in the match's screen adapter, which
the registry names (games.py ADAPTER; the interface is in seats.py): the
status line and the middle of the table, the labels and notes of actions,
which of them ask first, the hint, and what the end of a hand says.  You
are seat A (0); the computer plays B, C, D.
"""

from sixtysix import games
from sixtysix.compat import const, unload
from sixtysix.hand import MARRY, IllegalAction

from .canvas import BG, DIM, FG, SEL
from .events import BACK, HINT, NEXT, OK, PREV
from .seats import SEATS, adapter
from .ui import CURSOR, draw_card, draw_note, draw_status, fit, marriage_mark, marriages, put
from .widgets import TRICK_MS, Menu, Pages, Screen

try:
    from typing import Any
except ImportError:  # MicroPython
    pass

YOU = const(0)

_PLAY = const(0)  # waiting for you
_AI = const(1)  # a computer seat moves on the next tick
_TRICK = const(2)  # a finished trick on show
_LAST = const(3)  # looking back at the last trick


class Table(Screen):
    def __init__(self, app) -> None:
        Screen.__init__(self, app)
        s = app.session
        self.session = s
        self.match = s.match
        self.hand = s.match.hand  # one object for every hand of the match
        self.game = g = adapter(s.match)
        level = s.settings.level
        # [None, B, ...]: the adapter's `computers` players.  The games at a
        # table of seats make three whatever their seats, as they always
        # have: the seeds drawn decide the matches that follow.
        self.players = [None]
        for _ in range(g.computers):
            self.players.append(games.new_player(g.game, level, app.next_seed()))
        self.buf = bytearray(16)  # the longest legal-action list of any game
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
                self.app.show(self.menu("bids"))
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
        buf = self.buf
        out = []
        for i in range(self.hand.legal_actions(buf)):
            out.append(buf[i])
        return out

    def act(self, code: int) -> bool:
        """Take an action for whoever is to move; False (and a message) if
        the rules refuse it."""
        g = self.game
        h = self.hand
        before = h.tricks[0] + h.tricks[1]
        try:
            self.session.act(code)
        except IllegalAction as e:
            reason = e.reason
            self.app.tell(reason[:1].upper() + reason[1:] + ".")
            return False
        if h.tricks[0] + h.tricks[1] > before:
            self.shown = g.last_trick()
            self.state = _TRICK
            self.deadline = self.app.now + TRICK_MS
            self.note = g.trick_note()
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
        self.app.show(hand_result(self.app, self.game))

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
        note = g.move_note(seat, code)  # before the move: it may end the trick
        self.act(code)
        if code < MARRY:  # a card: it flies to the table
            self.app.layout.flight.start(code, self, g.card_text(code))
        if note and self.state != _TRICK:
            self.note = note
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
            return  # the move is coming on the next tick
        cards = self.game.cards(YOU)
        n = len(cards)
        if ev == NEXT and n:
            self.cursor = (self.cursor + 1) % n
        elif ev == PREV and n:
            self.cursor = (self.cursor - 1) % n
        elif ev == OK and n:
            if self.game.to_act() != YOU:
                return
            if self.game.bidding():
                self.app.show(self.menu("bids"))
                return
            self.choose_card(cards[min(self.cursor, n - 1)])
        elif ev == BACK:
            self.app.show(self.menu("actions"))
        elif ev == HINT:
            self.hint()

    def choose_card(self, card: int) -> None:
        """Play the card, or ask first when the card allows more than that
        (a marriage to declare, a trump to exchange)."""
        g = self.game
        choices = g.card_choices(card, self.legal_codes())
        if not choices:
            self.act(card)
            return
        items = []
        for label, code, then in choices:
            items.append((label, self._do(code, then)))
        items.append(("Play " + g.card_text(card), self._do(card)))
        items.append(("Back", self._back))
        self.app.show(Menu(self.app, "Your " + g.card_text(card), items, self._back))

    def _back(self) -> None:
        self.app.show(self)

    def _do(self, code: int, then: int = -1):
        """An action for a menu: back to the table, act, and then (a
        marriage's lead) the card `then` if the hand goes on."""

        def run() -> None:
            self.app.show(self)
            if self.act(code) and then >= 0 and not self.hand.over:
                self.act(then)

        return run

    def _last_trick(self) -> None:
        self.app.show(self)
        last = self.game.last_trick()
        if not last:
            self.app.tell("No trick yet in this hand.")
            return
        self.state = _LAST
        self.shown = last
        w = self.game.last_winner()
        # 17 columns at most: the Thumby has 18
        self.note = "Last trick to " + ("you" if w == YOU else SEATS[w])

    def _score(self) -> None:
        self.app.show(self)
        self.app.tell(self.game.score_text())

    def menu(self, which: str):
        """The actions menu ("actions", BACK) or the bid menu ("bids"):
        table_menu.py is imported to build it and forgotten at once (the
        open menu's closures keep what they need), so no menu's code takes
        heap while the cards are played."""
        from . import table_menu

        menu = getattr(table_menu, which)(self)
        unload("sixtysix_app.table_menu")
        return menu

    def hint(self) -> None:
        g = self.game
        if not self.session.settings.hints:
            self.app.tell("Hints are off. Turn them on in Settings.")
            return
        if g.to_act() != YOU:
            return
        code, why = g.hint(self.players, self.app.next_seed)
        cards = g.cards(YOU)
        for i in range(len(cards)):
            if cards[i] == code:
                self.cursor = i
        self.app.tell(why)

    # --- drawing ------------------------------------------------------------------------

    def draw(self, c) -> None:
        lay = self.app.layout
        g = self.game
        thinking = self.state == _AI
        c.fill(BG)
        score = g.scores()
        draw_status(c, lay, g.status_line(lay, lay.cols - len(score) - 1))  # a space before the score
        c.text(score, lay.w - len(score) * lay.cw, 0, FG)
        cards = g.cards(YOU)
        n = len(cards)
        step = lay.card_w + 2
        if n > 1 and n * step > lay.w:
            step = (lay.w - lay.card_w - 1) // (n - 1)
        # Overlapped cards (Sixty-Five's twelve) show only their rank, so a
        # row of suit marks above the hand says where each suit begins.  An
        # overlap of up to 2 px covers only the border and the suit cell's
        # blank column: the suit still shows whole.
        overlapped = step < lay.card_w - 2
        marks_y = lay.hand_y - 2 - lay.ch
        y = lay.trick_y
        if overlapped:
            y = max(lay.ch, min(y, marks_y - lay.card_h - 1))
        g.draw_middle(c, lay, self.shown if self.shown is not None else g.in_trick(), y, thinking)
        # Your hand; the card under the cursor is drawn last, on top.
        mine = self.state == _PLAY and g.to_act() == YOU
        legal = self.legal_codes() if mine else []
        marry = marriages(legal)
        if n:
            x0 = (lay.w - (n - 1) * step - lay.card_w) // 2
            if overlapped:
                suit = ""
                for i in range(n):
                    mark = g.card_text(cards[i])[-1]
                    if mark != suit:
                        put(c, mark, x0 + i * step + 2, marks_y, DIM)
                        suit = mark
            cur = min(self.cursor, n - 1)
            for k in range(n + 1):
                i = cur if k == n else k
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
                    mark=CURSOR if dim and i == cur else marriage_mark(card, marry),
                )
            if mine and cards[cur] in legal:  # a sunk one is framed instead (CURSOR)
                c.hline(x0 + cur * step, lay.hand_y + lay.card_h, lay.card_w, SEL)
        elif not g.active(YOU):
            put(c, fit("You sit out", lay.cols), 0, lay.hand_y + 2, DIM)  # short: whole on every panel
        note = self.note
        if not note and self.state == _PLAY and mine:
            note = g.turn_note()
        elif not note and thinking:
            note = SEATS[g.to_act()] + " is thinking"
        draw_note(c, lay, note, mine)


# --- the end of a hand ------------------------------------------------------------


def hand_result(app, g):
    """Book the finished hand and say how it went (`g` is the match's
    screen adapter), then go on to the next hand or the title."""
    s = app.session
    m = s.match
    text = g.result_text()
    s.finish_hand()
    text += g.booked_text()
    if m.winner >= 0:
        return Pages(app, "Match over", text, app.home)
    return Pages(app, "Hand %d" % m.hands_played, text, lambda: _next_hand(app))


def _next_hand(app) -> None:
    app.session.start_hand()
    app.show(Table(app))
