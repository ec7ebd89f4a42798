"""The three games for more than two at the table, seen the same way by the
screens: three-hand Sixty-Six, four-hand partnership Sixty-Six with
bidding, and Sixty-Five.

Each adapter answers the few questions a table screen asks (whose turn,
which cards a seat holds, what lies in the trick, what the scores are) in
table seats: 0 is you (A), then clockwise B, C, D.  The engines stay as
they are; only the screens need this common face.
"""

from sixtysix.cards import NO_CARD
from sixtysix.hand import CLAIM, CLOSE, EXCHANGE, MARRY
from sixtysix.players import beats

from .ui import card_text, suit_char

SEATS = "ABCD"
RANKS48 = "3456789TJQKA"
_EMPTY = 255


def card48_text(card: int) -> str:
    return RANKS48[card % 12] + suit_char(card // 12)


def _bits_to_cards(bits: int, base: int, out: list) -> None:
    c = base
    while bits:
        if bits & 1:
            out.append(c)
        bits >>= 1
        c += 1


def _sorted24(cards: int, trump: int) -> list:
    """Suits grouped, trumps at the right, low to high (24-card ids)."""
    out = []
    for k in range(4):
        suit = (trump + 1 + k) % 4 if trump >= 0 else k
        for r in range(6):
            c = suit * 6 + r
            if (cards >> c) & 1:
                out.append(c)
    return out


class Three:
    """Three-hand: the dealer sits out, the other two play a Sixty-Six hand."""

    seats = 3
    partners = False
    name = "three-hand"

    def __init__(self, match) -> None:
        self.match = match

    @property
    def hand(self):
        return self.match.hand

    def to_act(self) -> int:
        return -1 if self.hand.over else self.match.turn_seat()

    def active(self, seat: int) -> bool:
        return seat != self.match.dealer

    def cards(self, seat: int) -> list:
        p = self.match.player_of(seat)
        return _sorted24(self.hand.hands[p], self.hand.trump) if p >= 0 else []

    def card_text(self, card: int) -> str:
        return card_text(card)

    def legal(self, buf) -> int:
        return self.hand.legal_actions(buf)

    def in_trick(self) -> list:
        h = self.hand
        if h.lead == NO_CARD:
            return []
        return [(self.match.seat_of(h.turn ^ 1), h.lead)]

    def last_trick(self) -> list:
        h = self.hand
        if h.last_lead == NO_CARD:
            return []
        w = h.last_winner
        leader = 1 - w if beats(h.last_follow, h.last_lead, h.trump) else w
        m = self.match
        return [(m.seat_of(leader), h.last_lead), (m.seat_of(1 - leader), h.last_follow)]

    def tricks_done(self) -> int:
        return self.hand.tricks[0] + self.hand.tricks[1]

    def status(self) -> str:
        h = self.hand
        if h.closer >= 0:
            stock = "closed"
        elif h.upcard == NO_CARD:
            stock = "empty"
        else:
            stock = "%d" % (len(h.stock) - h.pos)
        return suit_char(h.trump) + " " + stock + " " + SEATS[self.match.dealer] + " deals"

    def scores(self) -> str:
        s = self.match.scores
        return "%d:%d:%d" % (s[0], s[1], s[2])

    def upcard(self) -> int:
        h = self.hand
        return h.upcard if h.closer < 0 else NO_CARD

    def action_label(self, code: int) -> str:
        h = self.hand
        if MARRY <= code < MARRY + 4:
            suit = code - MARRY
            return "Marry %s (%d)" % (suit_char(suit), 40 if suit == h.trump else 20)
        if code == EXCHANGE:
            return "Exchange for " + card_text(h.upcard)
        if code == CLOSE:
            return "Close the stock"
        if code == CLAIM:
            return "Claim 66"
        return "Play " + card_text(code)

    def view(self, seat: int):
        from sixtysix.view import View

        return View(self.hand, self.match.player_of(seat))


class Four:
    """Four-hand partnership Sixty-Six: bidding, then strict play."""

    seats = 4
    partners = True
    name = "four-hand"

    def __init__(self, match) -> None:
        self.match = match

    @property
    def hand(self):
        return self.match.hand

    def to_act(self) -> int:
        return -1 if self.hand.over else self.hand.turn

    def active(self, seat: int) -> bool:
        return seat != self.hand.sitting

    def cards(self, seat: int) -> list:
        return _sorted24(self.hand.hands[seat], self.hand.trump)

    def card_text(self, card: int) -> str:
        return card_text(card)

    def legal(self, buf) -> int:
        return self.hand.legal_actions(buf)

    def bidding(self) -> bool:
        from sixtysix.four import BIDDING

        return self.hand.phase == BIDDING

    def in_trick(self) -> list:
        t = self.hand.trick
        return [(s, t[s]) for s in range(4) if t[s] != _EMPTY]

    def last_trick(self) -> list:
        t = self.hand.last_trick
        return [(s, t[s]) for s in range(4) if t[s] != _EMPTY]

    def tricks_done(self) -> int:
        return self.hand.tricks[0] + self.hand.tricks[1]

    def status(self) -> str:
        h = self.hand
        if self.bidding():
            if h.bidder < 0:
                return "Bidding"
            return "Bid %s by %s" % (self.bid_name(h.high_bid), SEATS[h.bidder])
        trump = suit_char(h.trump) if h.trump >= 0 else "?"
        return "%s %s:%s" % (trump, SEATS[h.bidder], self.bid_name(h.high_bid))

    @staticmethod
    def bid_name(n: int) -> str:
        return "solo" if n >= 5 else "%d" % (n * 33)

    def scores(self) -> str:
        s = self.match.scores
        return "%d:%d" % (s[0], s[1])

    def upcard(self) -> int:
        return NO_CARD

    def action_label(self, code: int) -> str:
        from sixtysix.four import BID, PASS

        h = self.hand
        if code == PASS:
            return "Pass"
        if code > BID:
            n = code - BID
            return "Solo" if n >= 5 else "Bid %d (%d)" % (n, n * 33)
        if MARRY <= code < MARRY + 4:
            suit = code - MARRY
            trumps = suit == h.trump or h.trump < 0
            return "Marry %s (%d)" % (suit_char(suit), 40 if trumps else 20)
        return "Play " + card_text(code)

    def view(self, seat: int):
        from sixtysix.view_four import FourView

        return FourView(self.hand, seat)


class SixtyFive:
    """Sixty-Five: 48 cards, spades trumps, twelve tricks."""

    seats = 4
    partners = True
    name = "sixty-five"

    def __init__(self, match) -> None:
        self.match = match

    @property
    def hand(self):
        return self.match.hand

    def to_act(self) -> int:
        return -1 if self.hand.over else self.hand.turn

    def active(self, seat: int) -> bool:
        return True

    def cards(self, seat: int) -> list:
        h = self.hand
        raw: list = []
        _bits_to_cards(h.hands[seat * 2], 0, raw)
        _bits_to_cards(h.hands[seat * 2 + 1], 24, raw)
        return raw  # ids run suit by suit, spades (trumps) last: already in order

    def card_text(self, card: int) -> str:
        return card48_text(card)

    def legal(self, buf) -> int:
        return self.hand.legal_actions(buf)

    def in_trick(self) -> list:
        t = self.hand.trick
        return [(s, t[s]) for s in range(4) if t[s] != _EMPTY]

    def last_trick(self) -> list:
        t = self.hand.last_trick
        return [(s, t[s]) for s in range(4) if t[s] != _EMPTY]

    def tricks_done(self) -> int:
        return self.hand.tricks[0] + self.hand.tricks[1]

    def status(self) -> str:
        return suit_char(3) + " trick %d" % (min(12, self.tricks_done() + 1))

    def scores(self) -> str:
        s = self.match.scores
        return "%d:%d" % (s[0], s[1])

    def upcard(self) -> int:
        return NO_CARD

    def action_label(self, code: int) -> str:
        return "Play " + card48_text(code)

    def view(self, seat: int):
        from sixtysix.view65 import View65

        return View65(self.hand, seat)


def adapter(match):
    name = getattr(match, "name", "")
    if name == "three-hand":
        return Three(match)
    if name == "four-hand":
        return Four(match)
    if name == "sixty-five":
        return SixtyFive(match)
    raise ValueError("not a table for more than two")
