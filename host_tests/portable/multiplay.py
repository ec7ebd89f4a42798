"""Helpers for the session tests of the games played on the table of seats
(three-hand, four-hand, Sixty-Five and the bidding games for two and three):
random play through a Session, a snapshot of everything a match holds, and
a check that a loaded match is whole and plays on."""

from sixtysix.games import index
from sixtysix.hand import CLAIM
from sixtysix_app.session import Session

THREE_HAND = index("three-hand")
FOUR_HAND = index("four-hand")
SIXTY_FIVE = index("sixty-five")
BID_TWO = index("bid-two")
BID_THREE = index("bid-three")
AUCTIONS = (FOUR_HAND, BID_TWO, BID_THREE)  # four-hand's hand and log of (seat, action)

NEW_GAMES = (THREE_HAND, FOUR_HAND, SIXTY_FIVE, BID_TWO, BID_THREE)

_COMMON = ("hands", "tricks", "game_points", "trick", "last_trick", "dealer", "turn", "leader", "lead")
_COMMON += ("best", "best_seat", "in_trick", "last_winner", "over", "winner", "reason", "nlog")
FOUR_FIELDS = _COMMON + ("dealt", "known", "voids", "marriages", "won", "card_points", "marriage_points")
FOUR_FIELDS += ("phase", "high_bid", "bidder", "passed", "sitting", "trump", "led_high", "pending", "made")
SIXTY_FIVE_FIELDS = _COMMON + ("dealt", "piles", "voids", "card_points", "bonus")
TWO_HAND_FIELDS = ("hands", "won", "card_points", "marriage_points", "tricks", "marriages", "known", "voids")
TWO_HAND_FIELDS += ("close_score", "close_tricks", "dealer", "trump", "pos", "leader", "turn", "lead")
TWO_HAND_FIELDS += ("pending", "closer", "exchanged_by", "last_lead", "last_follow", "last_winner", "over")
TWO_HAND_FIELDS += ("winner", "game_points", "reason", "forfeit", "nlog", "stock")


def _plain(v):
    if isinstance(v, (bytes, bytearray)):
        return bytes(v)
    if isinstance(v, list):
        return list(v)
    return v


def match_state(game, m):
    """Everything a match of `game` and its hand hold, for equality checks."""
    h = m.hand
    r = m.rules
    rules = [r.target] + r.changed_options()
    counters = [list(m.scores), list(m.awarded), getattr(m, "pot", 0), m.dealer, m.winner, m.hands_played]
    counters.append(m.rng.state)
    fields = SIXTY_FIVE_FIELDS
    if game == THREE_HAND:
        fields = TWO_HAND_FIELDS
    elif game in AUCTIONS:
        fields = FOUR_FIELDS
    hand = [_plain(getattr(h, f)) for f in fields]
    log = [bytes(h.log[: h.nlog])]
    if game in AUCTIONS:
        log.append(bytes(h.log_seat[: h.nlog]))
    return [rules, counters, hand, log]


def random_code(game, h, rng, buf):
    """A random legal action; in three-hand now and then a claim, true or false."""
    n = h.legal_actions(buf)
    if game == THREE_HAND:
        if h.score(h.turn) >= 66 and rng.below(2):
            return CLAIM
        if rng.below(80) == 0:
            return CLAIM
        return buf[rng.below(n - 1)]  # the last action listed is the claim
    return buf[rng.below(n)]


def new_session(store, game, rng, target=0):
    s = Session(store)
    s.settings.set_game(game)
    if game == FOUR_HAND:
        s.settings.set_option("all-pass", ("redeal", "dealer")[rng.below(2)])
        s.settings.set_option("below-zero", ("yes", "no")[rng.below(2)])
        s.settings.set_option("solo", ("66", "all-tricks")[rng.below(2)])
    elif game in (BID_TWO, BID_THREE):
        s.settings.set_option("all-pass", ("redeal", "dealer")[rng.below(2)])
        s.settings.set_option("below-zero", ("yes", "no")[rng.below(2)])
    elif game == THREE_HAND:
        s.settings.set_option("false-claim", ("2", "2or3")[rng.below(2)])
    if target:
        s.settings.target = target
    s.new_match(rng.next15())
    s.start_hand()
    return s


def cards_in_play(game, m):
    """(cards accounted for, the deck) of the hand being played."""
    h = m.hand
    if game == SIXTY_FIVE:
        lo = h.piles[0] | h.piles[2]
        hi = h.piles[1] | h.piles[3]
        for s in range(4):
            lo |= h.hands[2 * s]
            hi |= h.hands[2 * s + 1]
            c = h.trick[s]
            if c != 255:
                if c < 24:
                    lo |= 1 << c
                else:
                    hi |= 1 << (c - 24)
        return (lo, hi), (0xFFFFFF, 0xFFFFFF)
    cards = h.won[0] | h.won[1]
    for s in range(4):
        cards |= h.hands[s]
        if h.trick[s] != 255:
            cards |= 1 << h.trick[s]
    return cards, 0xFFFFFF


def check_playable(game, m, rng):
    """A loaded match must be whole and play on to its end without a
    complaint from the rules."""
    assert m.winner < 0
    for s in range(len(m.scores)):
        assert m.scores[s] < m.rules.target
    if game != THREE_HAND:
        have, deck = cards_in_play(game, m)
        assert have == deck, (have, deck)
    buf = bytearray(16)
    while True:
        h = m.hand
        if h.over:
            m.finish_hand()
            if m.winner >= 0 or m.hands_played > 40:  # lost bids can go on and on
                return
            m.start_hand()
            continue
        code = random_code(game, h, rng, buf)
        if game == THREE_HAND:
            m.act(code)
        else:
            h.act(code)
