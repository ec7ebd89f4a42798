"""The table's menus: the actions menu (BACK) and the bid menu.

The table imports this module only to build one of them and forgets it at
once (table.Table.menu): the items of the open menu keep what they run,
and while the cards are played none of it takes heap.  It reads the table
`t` and its screen adapter `t.game` (seats.py); it imports neither the
table nor the app.
"""

from sixtysix.hand import MARRY

from .seats import SEATS
from .widgets import Confirm, Menu


def actions(t):
    """What you can do besides playing a card: your legal actions that are
    not cards (a marriage, an exchange, closing, claiming; the adapter says
    which ask first), then looking back, a hint, the score, leaving."""
    app = t.app
    g = t.game
    items = [("Back to the table", t._back)]
    if g.to_act() == 0:
        for code in t.legal_codes():
            if code >= MARRY:  # cards are played from the hand, the rest from here
                items.append((g.action_label(code), ask(t, code)))
    items.append(("Last trick", t._last_trick))
    items.append(("Hint", lambda: _hint(t)))
    items.append(("Match score", t._score))
    items.append(("Save and leave", lambda: _leave(t)))
    items.append(("End match", lambda: app.end_match(t._back)))
    return Menu(app, "Actions", items, t._back)


def ask(t, code: int):
    """The action `code`, asking first if the adapter says so."""
    asks = t.game.confirm(code)
    if not asks:
        return t._do(code)
    return lambda: t.app.show(Confirm(t.app, asks[0], asks[1], t._do(code), t._back))


def bids(t):
    """The auction: pass or a bid, under who holds the highest bid."""
    g = t.game
    items = []
    for code in t.legal_codes():
        items.append((g.action_label(code), t._do(code)))
    h = t.hand
    if h.bidder >= 0:
        title = "Bid? %s has %s" % (SEATS[h.bidder], g.bid_name(h.high_bid))
    else:
        title = "Bid? None yet"
    return Menu(t.app, title, items, t._back)


def _hint(t) -> None:
    t.app.show(t)
    t.hint()


def _leave(t) -> None:
    t.session.save()
    t.app.home()
