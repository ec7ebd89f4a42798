"""One line saying why, for a hint in the games with an auction or four
seats (four-hand, Sixty-Five, the bidding games for two and three).

The computer's choice comes from sampled play; the line explains it the way
a player would, from what lies on the table: who holds the trick, whether
the card takes it, what it is worth.  Imported only when a hint is asked
for, so the table costs no memory for it.  The adapters (seats_sides.py)
say what differs between the games: the cards to a suit, a card's points,
the trump, who is your partner.
"""

from sixtysix.cards import SUIT_NAMES
from sixtysix.hand import MARRY


def bid_reason(h, code: int) -> str:
    """Why a bid, a pass or a marriage of four-hand; "" for a card."""
    from sixtysix.four import BID, PASS  # loaded already: the game's engine

    if code == PASS:
        return "Pass: your cards are not worth a bid."
    if code > BID:
        n = code - BID
        if n >= 5:
            if h.rules.solo_all_tricks:  # RULES.md 2c's option: the soloist must take every trick
                return "Solo: you can take every trick."
            return "Solo: you can reach 66 alone."
        return "Bid %d: your side can reach %d." % (n, 33 * n)
    if MARRY <= code < MARRY + 4:
        suit = code - MARRY
        pts = 40 if suit == h.trump or h.trump < 0 else 20
        return "Declare the marriage in %s: %d for your side." % (SUIT_NAMES[suit], pts)
    return ""


def card_reason(game, code: int, per_suit: int, points: int, trump: int, partner: int = 2) -> str:
    """Why you (seat 0) play card `code` at `game`'s table (an adapter):
    `per_suit` cards to a suit, `points` the card's, `trump` -1 if none yet,
    `partner` your partner's seat (-1 for none)."""
    h = game.hand
    name = game.card_text(code)
    if h.in_trick == 0:
        if trump < 0:
            return "Lead %s: its suit becomes trumps." % name
        if code // per_suit == trump:
            return "Lead %s: draw out the trumps." % name
        if points >= (10 if per_suit == 6 else 3):
            return "Lead %s: cash a high card while it is safe." % name
        return "Lead %s: a cheap lead, keeping your strong cards." % name
    best = h.best
    takes = (code // per_suit == best // per_suit and code > best) or (
        code // per_suit == trump and best // per_suit != trump
    )
    if h.best_seat == partner:
        if takes:
            return "Play %s: over your partner, to be sure of the trick." % name
        if points:
            return "Play %s: your partner holds the trick, add points." % name
        return "Play %s: your partner holds the trick." % name
    if takes:
        return "Play %s: takes the trick from %s." % (name, game.card_text(best))
    return "Play %s: the trick is lost, give a cheap card." % name
