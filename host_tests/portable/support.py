"""Helpers for the portable tests, which run on CPython (pytest) and on the
MicroPython unix port (run.py): plain asserts, no pytest features."""

from sixtysix.cards import count, set_points
from sixtysix.cardtext import parse_card, parse_suit
from sixtysix.hand import CLAIM, CLOSE, EXCHANGE, MARRY, MAX_ACTIONS, Hand, IllegalAction
from sixtysix.rules import SCHNAPSEN, SIXTY_SIX, Rules


def lowest(s):
    """Id of the lowest card in a non-empty set."""
    c = 0
    while not (s >> c) & 1:
        c += 1
    return c


def highest(s):
    """Id of the highest card in a non-empty set."""
    c = -1
    while s:
        s >>= 1
        c += 1
    return c


def cards(text):
    """'AS TS 9H' -> a set of cards."""
    s = 0
    for name in text.split():
        s |= 1 << parse_card(name)
    return s


def rules(game="sixty-six", **options):
    """Rules with options given as record names with '_' for '-'."""
    r = Rules(SCHNAPSEN if game == "schnapsen" else SIXTY_SIX)
    for name, value in options.items():
        r.set_option(name.replace("_", "-"), str(value))
    return r


def deal(r, a, b, upcard, stock=None, dealer=1):
    """A hand with A's and B's cards given by name; the stock is the rest of
    the deck in id order unless given (top first), the upcard last.
    Dealer B by default, so A leads first."""
    h = Hand(r)
    ha = cards(a)
    hb = cards(b)
    up = parse_card(upcard)
    if stock is None:
        rest = r.deck() & ~ha & ~hb & ~(1 << up)
        order = [c for c in range(24) if (rest >> c) & 1]
    else:
        order = [parse_card(n) for n in stock.split()]
    order.append(up)
    if dealer == 1:
        h.deal(1, hb, ha, order)
    else:
        h.deal(0, ha, hb, order)
    return h


def act(h, *moves):
    """Take actions by record words: 'TS', 'marry H', 'exchange', 'close', 'claim'."""
    for m in moves:
        h.act(code(m))


def code(move):
    words = move.split()
    if words[0] == "marry":
        return MARRY + parse_suit(words[1])
    if words[0] == "exchange":
        return EXCHANGE
    if words[0] == "close":
        return CLOSE
    if words[0] == "claim":
        return CLAIM
    return parse_card(words[-1])


def rejected(h, move, words=""):
    """Assert that a move is refused with a reason containing `words`, and
    that the hand is unchanged afterwards.  Returns the reason."""
    before = snapshot(h)
    try:
        h.act(code(move))
    except IllegalAction as e:
        assert words in e.reason, "reason %r lacks %r" % (e.reason, words)
        assert snapshot(h) == before, "a rejected action changed the hand"
        return e.reason
    raise AssertionError("%s was accepted" % move)


def snapshot(h):
    return (
        bytes(h.stock),
        tuple(h.hands),
        tuple(h.won),
        tuple(h.card_points),
        tuple(h.marriage_points),
        tuple(h.tricks),
        tuple(h.marriages),
        tuple(h.known),
        tuple(h.voids),
        h.nlog,
        h.pos,
        h.leader,
        h.turn,
        h.lead,
        h.pending,
        h.closer,
        h.exchanged_by,
        h.over,
        h.winner,
        h.reason,
    )


def position(r, a, b, trump, leader=0, won_a="", won_b="", tricks=None, stock=None):
    """A mid-hand position set up directly: A's and B's hands, the trump
    suit letter, who leads, the cards each has won.  With stock=None the
    stock is exhausted; otherwise `stock` names the cards still to draw, top
    first, the upcard last.  Cards not placed anywhere are taken to be won by
    A (so the deck is always whole); tricks defaults to won cards / 2."""
    h = Hand(r)
    h.reset_state()
    h.hands[0] = cards(a)
    h.hands[1] = cards(b)
    h.trump = parse_suit(trump)
    n = len(h.stock)
    if stock is None:
        h.pos = n
        left = []
    else:
        left = [parse_card(x) for x in stock.split()]
        h.pos = n - len(left)
        for i, c in enumerate(left):
            h.stock[h.pos + i] = c
    won = [cards(won_a), cards(won_b)]
    placed = h.hands[0] | h.hands[1] | won[0] | won[1]
    for c in left:
        placed |= 1 << c
    won[0] |= r.deck() & ~placed
    for p in range(2):
        h.won[p] = won[p]
        h.card_points[p] = set_points(won[p])
        h.tricks[p] = tricks[p] if tricks else count(won[p]) // 2
    h.leader = leader
    h.turn = leader
    h.dealer = 1 - leader
    return h


def endgame(r=None, won_b="", tricks=None, a="9C JC", b="9D JD", leader=0):
    """Stock exhausted, two cards each; B has won `won_b`, A the rest."""
    return position(r or rules(), a, b, "S", leader=leader, won_b=won_b, tricks=tricks)


def play_out(h):
    """Play the lowest legal card until the hand ends."""
    buf = bytearray(MAX_ACTIONS)
    while not h.over:
        h.legal_actions(buf)
        h.act(buf[0])
