"""What the screen adapters of the games played on a two-player `Hand`
answer alike: Sixty-Six and Schnapsen (seats_two.py) and three-hand
(seats_three.py).  A module of its own, so that each of them loads only
its own table's code besides."""

from sixtysix.ai import SearchPlayer
from sixtysix.cards import NO_CARD
from sixtysix.compat import unload
from sixtysix.hand import CLAIM, CLOSE, EXCHANGE, MARRY
from sixtysix.players import beats

from .seats import Seats, marriage_label, sorted24
from .ui import card_text, glyphs

try:
    from typing import Any
except ImportError:  # MicroPython
    pass


class OnHand(Seats):
    """What the games on a two-player hand share."""

    hinter: "Any" = None  # the hard player that gives hints, made on the first
    keeps_hinter = True  # Sixty-Six and Schnapsen keep it for the hand

    def cards(self, seat: int) -> list:
        p = self.match.player_of(seat)
        return sorted24(self.hand.hands[p], self.hand.trump) if p >= 0 else []

    def in_trick(self) -> list:
        h = self.hand
        if h.lead == NO_CARD:
            return []
        return [(self.match.seat_of(h.turn ^ 1), h.lead)]

    def last_trick(self) -> list:
        """The lead first, then the follow."""
        h = self.hand
        if h.last_lead == NO_CARD:
            return []
        w = h.last_winner
        leader = 1 - w if beats(h.last_follow, h.last_lead, h.trump) else w
        m = self.match
        return [(m.seat_of(leader), h.last_lead), (m.seat_of(1 - leader), h.last_follow)]

    def action_label(self, code: int) -> str:
        h = self.hand
        if MARRY <= code < MARRY + 4:
            return marriage_label(code - MARRY, code - MARRY == h.trump)
        if code == EXCHANGE:
            return "Exchange for " + card_text(h.upcard)
        if code == CLOSE:
            return "Close the stock"
        if code == CLAIM:
            return "Claim 66"
        return "Play " + card_text(code)

    def stock_text(self) -> str:
        h = self.hand
        if h.closer >= 0:
            return "closed"
        if h.upcard == NO_CARD:
            return "empty"
        return "%d" % (len(h.stock) - h.pos)

    def hint(self, players, next_seed):
        """(action, why) for you, from the hard player: a computer seat's
        own if it plays hard (one solver in memory, not two), else one made
        for the hint, kept for the next ones where `keeps_hinter` says so."""
        hinter = self.hinter
        if hinter is None:
            for p in players:
                if isinstance(p, SearchPlayer) and p.level == "hard":
                    hinter = p
            if hinter is None:
                hinter = SearchPlayer("hard", next_seed())
            if self.keeps_hinter:
                self.hinter = hinter
        view = self.view(0)
        code = hinter.choose(view)
        from sixtysix.hint import reason  # only while a hint is asked, after the search: heap

        why = glyphs(reason(view, code, hinter))
        unload("sixtysix.hint")
        return code, why
