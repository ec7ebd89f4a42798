"""The match file's counters, deal and log of each kind of game: what the
Session in session.py writes and reads (the format is described there).
Apart from save.py so neither module is large to compile on the board."""

from .save import from_hex, hex_bytes, hex_number, number, pack, split_line

TWO_PLAYER = 0  # Sixty-Six, Schnapsen: a Match
THREE_SEATS = 1  # three-hand: a ThreeMatch over a two-player Hand
FOUR_SEATS = 2  # four-hand: a FourMatch
SIXTY_FIVE_SEATS = 3  # Sixty-Five: a SixtyFiveMatch, hands as halves
DEALT_SEATS = 4  # every card dealt to two or three seats, scores by seat: a BidMatch
_DECK = 0xFFFFFF
_MASK30 = 0x3FFFFFFF  # the PRNG state
_MAX_HANDS = 999999  # a four-hand match of lost bids can go on and on
_MOST_A_HAND = 7  # the most one hand books a side or seat: a bid of 5, or (120 + 10 + 100) // 33


def saved_deal(m, shape: int) -> tuple:
    """How the current hand of match `m` was dealt, as a save of that
    shape writes it (see match_bytes)."""
    h = m.hand
    if shape == DEALT_SEATS:
        return (h.dealer, tuple(h.dealt[: len(m.scores)]))
    if shape >= FOUR_SEATS:
        return (h.dealer, tuple(h.dealt))
    if shape == THREE_SEATS:
        return (m.dealer, h.hands[1], h.hands[0], bytes(h.stock))
    d = h.dealer
    return (d, h.hands[d], h.hands[1 - d], bytes(h.stock))


def _numbers(values) -> str:
    return " ".join(str(v) for v in values)


def match_bytes(kind: str, version: int, m, deal, booked: bool, name: str, shape: int) -> bytes:
    """The save file of a match of game `name` whose current hand was dealt as `deal`."""
    r = m.rules
    h = m.hand
    lines = ["rules %s %d" % (name, r.target)]
    for name, value in r.changed_options():
        lines.append("option %s %s" % (name, value))
    flag = 1 if booked else 0
    rng = "%x" % m.rng.state
    if shape >= FOUR_SEATS:
        lines.append(
            "match %s %d %d %s %s" % (_numbers(m.scores), m.dealer, m.hands_played, rng, _numbers(m.awarded))
        )
        dealer, dealt = deal
        lines.append("hand %d %d %s" % (flag, dealer, " ".join("%x" % c for c in dealt)))
        if shape != SIXTY_FIVE_SEATS:
            pairs = bytearray(2 * h.nlog)
            for i in range(h.nlog):
                pairs[2 * i] = h.log_seat[i]
                pairs[2 * i + 1] = h.log[i]
            lines.append("log " + hex_bytes(pairs))
        else:
            lines.append("log " + hex_bytes(h.log, h.nlog))
        return pack(kind, version, lines)
    lines.append(
        "match %s %d %d %d %s %s"
        % (_numbers(m.scores), m.pot, m.dealer, m.hands_played, rng, _numbers(m.awarded))
    )
    dealer, dealer_cards, other_cards, stock = deal
    lines.append("hand %d %d %x %x %s" % (flag, dealer, dealer_cards, other_cards, hex_bytes(stock)))
    lines.append("log " + hex_bytes(h.log, h.nlog))
    return pack(kind, version, lines)


def signed(s: str, low: int, high: int) -> int:
    """A decimal with an optional minus sign, in [low, high] (|low| < 10**9)."""
    if s.startswith("-"):
        v = -number(s[1:], 0, -low if low < 0 else 0)
        if v > high:
            raise ValueError("out of range")
        return v
    return number(s, max(low, 0), high)


def read_match(m, shape: int, match_line: str, hand_line: str, log_line: str, check):
    """(deal, booked) from the match, hand and log lines of a save, into a
    fresh match `m` of that shape, then check(m, shape, dealer, booked)
    sees that the counters add up; ValueError (IllegalAction included) for
    anything that does not."""
    if shape >= FOUR_SEATS:
        deal, booked = _read_dealt(m, shape, match_line, hand_line, log_line)
        check(m, shape, deal[0], booked)
        return deal, booked
    seats = 3 if shape == THREE_SEATS else 2
    target = m.rules.target
    words = split_line(match_line, "match")
    if len(words) != 2 * seats + 4:
        raise ValueError("bad match line")
    for s in range(seats):
        m.scores[s] = number(words[s], 0, target - 1)  # a saved match is never over
        m.awarded[s] = number(words[seats + 4 + s], 0, _MAX_HANDS + 3)  # the pot and a hand's 3
    # A hand nobody wins adds 1 to the pot, so a long run of them takes the
    # pot and the hand count past any small figure: read what was written.
    m.pot = number(words[seats], 0, _MAX_HANDS)
    m.dealer = number(words[seats + 1], 0, seats - 1)
    m.hands_played = number(words[seats + 2], 0, _MAX_HANDS)
    m.rng.state = hex_number(words[seats + 3], _MASK30)

    words = split_line(hand_line, "hand")
    if len(words) != 5:
        raise ValueError("bad hand line")
    booked = number(words[0], 0, 1) == 1
    dealer = number(words[1], 0, seats - 1)
    dealer_cards = hex_number(words[2], _DECK)
    other_cards = hex_number(words[3], _DECK)
    stock = bytes(from_hex(words[4]))
    h = m.hand
    # ValueError unless exactly the deck; in three-hand the hand's own
    # dealer is always its player 1, the table dealer's right.
    h.deal(1 if seats == 3 else dealer, dealer_cards, other_cards, stock)
    # The match's dealer is this hand's until the hand is booked, then the next.
    if (m.dealer == dealer) == booked:
        raise ValueError("dealer does not match")
    if booked and m.dealer != (dealer + 1) % seats:
        raise ValueError("dealer does not match")

    words = split_line(log_line, "log")
    if len(words) != 1:
        raise ValueError("bad log line")
    _replay(h, from_hex(words[0]), 7, "player")
    check(m, shape, dealer, booked)
    return (dealer, dealer_cards, other_cards, stock), booked


def _read_dealt(m, shape: int, match_line, hand_line, log_line):
    """Four-hand, Sixty-Five and the bidding games: every card dealt, a hand
    a seat (Sixty-Five's as two halves), scores by side or by seat."""
    target = m.rules.target
    bids = shape != SIXTY_FIVE_SEATS  # bids won and lost: scores may go below zero
    scores = len(m.scores)
    seats = scores if shape == DEALT_SEATS else 4
    low = -5 * _MAX_HANDS if bids else 0
    # A saved match is never over, but in bid-three two seats level at or
    # over the target play on (check_seat_counts asks the match itself).
    high = _MAX_HANDS if shape == DEALT_SEATS else target - 1
    words = split_line(match_line, "match")
    if len(words) != 2 * scores + 3:
        raise ValueError("bad match line")
    for s in range(scores):
        m.scores[s] = signed(words[s], low, high)
        m.awarded[s] = signed(words[scores + 3 + s], -5 if bids else 0, _MOST_A_HAND if bids else 2)
    m.dealer = number(words[scores], 0, seats - 1)
    m.hands_played = number(words[scores + 1], 0, _MAX_HANDS)
    for s in range(scores):
        if m.scores[s] < -5 * m.hands_played:
            raise ValueError("lost more than the hands allow")
        if m.scores[s] > _MOST_A_HAND * m.hands_played:
            raise ValueError("more points than hands")
    m.rng.state = hex_number(words[scores + 2], _MASK30)

    words = split_line(hand_line, "hand")
    n = 8 if shape == SIXTY_FIVE_SEATS else seats
    if len(words) != n + 2:
        raise ValueError("bad hand line")
    booked = number(words[0], 0, 1) == 1
    dealer = number(words[1], 0, seats - 1)
    dealt = tuple(hex_number(words[2 + k], _DECK) for k in range(n))
    h = m.hand
    h.deal(dealer, dealt)  # ValueError unless exactly the deck
    if m.dealer != ((dealer + 1) % seats if booked else dealer):
        raise ValueError("dealer does not match")

    words = split_line(log_line, "log")
    if len(words) != 1:
        raise ValueError("bad log line")
    log = from_hex(words[0])
    if shape != SIXTY_FIVE_SEATS:
        if len(log) % 2 or len(log) > 2 * len(h.log):
            raise ValueError("bad log")
        for k in range(0, len(log), 2):
            if log[k] != h.turn:
                raise ValueError("action by the wrong seat")
            h.act(log[k + 1])
    else:
        _replay(h, log, 6, "seat")
    return (dealer, dealt), booked


def _replay(h, log, shift: int, who: str) -> None:
    """Take the actions of a saved log, one byte each (the player or seat
    above `shift` bits of action), checking that each is the turn's."""
    if len(log) > len(h.log):
        raise ValueError("log too long")
    mask = (1 << shift) - 1
    for b in log:
        if b >> shift != h.turn:
            raise ValueError("action by the wrong " + who)
        h.act(b & mask)
