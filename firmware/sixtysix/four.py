"""Four-player partnership Sixty-Six with bidding (RULES.md 2c), as small ints.

Seats 0..3 are A B C D clockwise; partners sit opposite, so a seat's side
is `seat & 1` (side 0 = AC, side 1 = BD).  All 24 cards are dealt, six each;
there is no stock.

A hand has two phases.  *Bidding* starts at the dealer's left and goes
clockwise: each player bids higher than the highest bid so far (1..4 ask
for 33/66/99/132 points, 5 is a solo) or passes.  A pass is final: a
player who passed is skipped for the rest of the auction, so each player
passes at most once.  The auction ends when every other player has passed
after a bid, or at once on a solo.  If all four pass the hand is thrown in
(`all-pass redeal`) or, under `all-pass dealer`, the dealer may not pass
when the other three have.

*Play*: the highest bidder leads; the suit of the first card led is trumps
for the hand.  Strict play throughout: follow suit, beating the best card
of the led suit in the trick when able; if void, trump when able (no duty
to overtrump).  The player on lead may first show a marriage (king and
queen of one suit) and must then lead one of its cards; it is worth 20, or
40 in trumps, to the side, and counts once the side has won a trick.  A
marriage shown on the very first lead is always in trumps.  In a solo the
bidder's partner sits out with their cards unplayed.

Actions are small int codes: a card id (0..23) plays it, MARRY + suit
shows a marriage (as in hand.py), PASS passes and BID + n bids n.  Legal
actions are written into a caller's buffer; nothing is allocated per move.
"""

from .cards import NO_CARD, QUEEN, RANK_POINTS, SUIT_LETTERS, card_name, count, list_cards
from .compat import const, fill
from .hand import MARRY, play_problem
from .matchbase import SeatedMatch, SeatIllegal
from .rules import named_option_value, set_named_option

PASS = const(71)
BID = const(72)  # BID + n, n = 1..5
SOLO = const(5)
MAX_ACTIONS = const(12)  # longest list legal_actions can write

SEATS = "ABCD"
SIDE_NAMES = ("AC", "BD")

# Phases
BIDDING = const(0)
PLAYING = const(1)
OVER = const(2)

# How a hand ended (the `reason` of a replay).
UNFINISHED = const(0)
R_PLAYED_OUT = const(1)
R_PASSED_OUT = const(2)
# A thrown-in hand is "no-winner": RECORDS.md's list of reasons is closed,
# and that is its word for a hand nobody won.
REASONS = ("unfinished", "played-out", "no-winner")

_POINTS_PER_BID = const(33)
_SOLO_POINTS = const(66)
_LOG_SIZE = const(48)
_NONE = const(255)  # empty place in a trick

# (record name, attribute, values); the first value is the default.
OPTIONS = (
    ("solo", "solo_all_tricks", ("66", "all-tricks")),
    ("all-pass", "dealer_must_bid", ("redeal", "dealer")),
    ("last-trick-bonus", "last_trick_bonus", ("0", "10")),  # RULES.md 2c: cards and marriages only
    ("marriage-lead", "queen_lead", ("any", "queen")),
    ("below-zero", "no_negative", ("yes", "no")),
)


class FourRules:
    """Options of the four-hand game, by record name like `rules.Rules`."""

    name = "four-hand"
    deck_size = 24
    hand_size = 6

    def __init__(self) -> None:
        self.target = 7
        for _name, attr, _values in OPTIONS:
            setattr(self, attr, 0)

    def deck(self) -> int:
        return 0xFFFFFF

    def set_option(self, name: str, value: str) -> None:
        set_named_option(self, OPTIONS, name, value)

    def option_value(self, name: str) -> str:
        return named_option_value(self, OPTIONS, name)

    def changed_options(self):
        out = []
        for name, attr, values in OPTIONS:
            if getattr(self, attr):
                out.append((name, values[getattr(self, attr)]))
        return out


def bid_points(bid: int) -> int:
    """Points a bid of 1..4 asks for (33, 66, 99, 132)."""
    return bid * _POINTS_PER_BID


def action_name(code: int) -> str:
    """Record spelling of an action: 'play TS', 'marry H', 'bid 2', 'pass'."""
    if code < MARRY:
        return "play " + card_name(code)
    if code < PASS:
        return "marry " + SUIT_LETTERS[code - MARRY]
    if code == PASS:
        return "pass"
    return "bid %d" % (code - BID)


class FourHand:
    def __init__(self, rules) -> None:
        self.rules = rules
        self.hands = [0, 0, 0, 0]
        self.dealt = [0, 0, 0, 0]  # cards as dealt (the sitting-out partner keeps them)
        self._packets = [0, 0, 0, 0]  # deal_shuffled's scratch: no list a hand
        self.known = [0, 0, 0, 0]  # cards still in hand that others have seen (marriages)
        self.voids = [0, 0, 0, 0]  # suit bits a seat has shown to be void in
        self.marriages = [0, 0, 0, 0]  # suit bits of marriages each seat showed
        self.won = [0, 0]  # cards taken, by side
        self.card_points = [0, 0]  # card points taken (plus the last-trick bonus, if chosen)
        self.marriage_points = [0, 0]
        self.tricks = [0, 0]
        self.game_points = [0, 0]  # signed, by side, once the hand is over
        self.trick = bytearray(4)  # card each seat put in the current trick
        self.last_trick = bytearray(4)
        self.log = bytearray(_LOG_SIZE)  # action codes in order
        self.log_seat = bytearray(_LOG_SIZE)  # and who took them
        self.reset_state()

    def reset_state(self) -> None:
        self.dealer = 0
        self.phase = BIDDING
        self.turn = 0
        self.high_bid = 0
        self.bidder = -1
        self.passed = 0  # seat bits
        self.sitting = -1  # the soloist's partner
        self.trump = -1  # until the first card is led
        self.leader = 0
        self.lead = NO_CARD
        self.best = NO_CARD  # card winning the current trick
        self.best_seat = -1
        self.led_high = NO_CARD  # highest card of the led suit in the trick
        self.in_trick = 0
        self.pending = -1
        self.last_winner = -1
        self.over = False
        self.winner = -1  # side that won the hand (made or defeated the bid)
        self.made = False
        self.reason = UNFINISHED
        self.nlog = 0
        # The lists that start a hand at 0, by seat and by side; the tricks
        # on the table start empty.
        fill(
            self,
            (
                "hands",
                "dealt",
                "known",
                "voids",
                "marriages",
                "won",
                "card_points",
                "marriage_points",
                "tricks",
                "game_points",
            ),
            0,
        )
        fill(self, ("trick", "last_trick"), _NONE)

    # --- setting up -----------------------------------------------------------

    def deal(self, dealer: int, hands) -> None:
        """Start a hand from four sets of cards (by seat); ValueError unless
        they are six cards each and together the 24-card deck."""
        seen = 0
        for s in range(4):
            if count(hands[s]) != 6:
                raise ValueError("%s must be dealt 6 cards" % SEATS[s])
            if seen & hands[s]:
                raise ValueError("a card is dealt twice")
            seen |= hands[s]
        if seen != 0xFFFFFF:
            raise ValueError("the cards are not the 24-card deck")
        self.reset_state()
        self.dealer = dealer
        for s in range(4):
            self.hands[s] = self.dealt[s] = hands[s]
        self.turn = (dealer + 1) & 3

    def deal_shuffled(self, dealer: int, order) -> None:
        """Deal a shuffled deck in packets of three, from the dealer's left."""
        hands = self._packets
        for s in range(4):
            hands[s] = 0
        for i in range(24):
            seat = (dealer + 1 + (i // 3)) & 3
            hands[seat] |= 1 << order[i]
        self.deal(dealer, hands)

    # --- public facts ---------------------------------------------------------

    def side_score(self, side: int) -> int:
        """Card points (and any last-trick bonus), and marriages once the side has a trick."""
        if self.tricks[side]:
            return self.card_points[side] + self.marriage_points[side]
        return self.card_points[side]

    def played(self) -> int:
        return self.won[0] | self.won[1]

    # --- legality -------------------------------------------------------------

    def legal_plays(self) -> int:
        if self.phase != PLAYING:
            return 0
        hand = self.hands[self.turn]
        if self.lead < 0:
            if self.pending >= 0:
                q = self.pending * 6 + QUEEN
                if self.rules.queen_lead:
                    return 1 << q
                return 3 << q
            return hand
        suit = self.lead // 6
        same = hand & (0x3F << (suit * 6))
        if same:
            higher = same & ~((2 << self.led_high) - 1)
            return higher if higher else same
        trumps = hand & (0x3F << (self.trump * 6))
        return trumps if trumps else hand

    def _may_pass(self) -> bool:
        return not (
            self.rules.dealer_must_bid and self.high_bid == 0 and self.turn == self.dealer and self.passed
        )

    def legal_actions(self, buf) -> int:
        """Write every legal action code into buf (a bytearray of at least
        MAX_ACTIONS) and return how many; cards come in id order."""
        n = 0
        if self.phase == BIDDING:
            if self._may_pass():
                buf[0] = PASS
                n = 1
            b = self.high_bid + 1
            while b <= SOLO:
                buf[n] = BID + b
                n += 1
                b += 1
            return n
        if self.phase != PLAYING:
            return 0
        n = list_cards(self.legal_plays(), 0, buf, n)
        if self.lead < 0 and self.pending < 0:
            hand = self.hands[self.turn]
            for suit in range(4):
                if (hand >> (suit * 6 + QUEEN)) & 3 == 3:
                    buf[n] = MARRY + suit
                    n += 1
        return n

    def check(self, code: int) -> None:
        """Raise SeatIllegal (an IllegalAction) unless the player to act may
        take this action."""
        p = self.turn
        if self.phase == OVER:
            raise SeatIllegal(p, "cannot act: the hand is over")
        if code == PASS or (BID < code <= BID + SOLO):
            if self.phase != BIDDING:
                raise SeatIllegal(p, "cannot bid: the bidding is over")
            if code == PASS:
                if not self._may_pass():
                    raise SeatIllegal(p, "cannot pass: the dealer must bid when the others have passed")
            elif code - BID <= self.high_bid:
                raise SeatIllegal(p, "must bid higher than %d or pass" % self.high_bid)
            return
        if self.phase == BIDDING:
            raise SeatIllegal(p, "must bid or pass first")
        if MARRY <= code < MARRY + 4:
            suit = code - MARRY
            if self.lead >= 0:
                raise SeatIllegal(p, "cannot show a marriage: only the player on lead may")
            if self.pending >= 0:
                raise SeatIllegal(p, "cannot show a marriage: one was just shown")
            if (self.hands[p] >> (suit * 6 + QUEEN)) & 3 != 3:
                raise SeatIllegal(p, "cannot show a marriage: does not hold king and queen of that suit")
            return
        if code < 0 or code >= 24:
            raise SeatIllegal(p, "cannot do that: unknown action")
        if (self.legal_plays() >> code) & 1:
            return  # without a call: the bidding search's playouts act through here
        raise SeatIllegal(p, play_problem(self, p, code))

    # --- acting ---------------------------------------------------------------

    def act(self, code: int) -> None:
        """Check and take an action of the player to act."""
        self.check(code)
        p = self.turn
        if self.nlog < _LOG_SIZE:
            self.log[self.nlog] = code
            self.log_seat[self.nlog] = p
            self.nlog += 1
        if code < MARRY:
            self._play(p, code)
        elif code < PASS:
            self._marry(p, code - MARRY)
        else:
            self._bid(p, code)

    def _next_bidder(self, p: int) -> int:
        s = (p + 1) & 3
        while (self.passed >> s) & 1:
            s = (s + 1) & 3
        return s

    def _bid(self, p: int, code: int) -> None:
        if code == PASS:
            self.passed |= 1 << p
            if self.passed == 15:
                self.phase = OVER
                self.over = True
                self.reason = R_PASSED_OUT
                return
            if self.bidder >= 0 and count(self.passed) == 3:
                self._start_play()
                return
        else:
            self.high_bid = code - BID
            self.bidder = p
            if self.high_bid == SOLO or count(self.passed) == 3:
                self._start_play()
                return
        self.turn = self._next_bidder(p)

    def _start_play(self) -> None:
        self.phase = PLAYING
        if self.high_bid == SOLO:
            self.sitting = (self.bidder + 2) & 3
        self.leader = self.bidder
        self.turn = self.bidder

    def _marry(self, p: int, suit: int) -> None:
        trumps = self.trump < 0 or suit == self.trump  # the first lead makes its suit trumps
        self.marriage_points[p & 1] += 40 if trumps else 20
        self.marriages[p] |= 1 << suit
        self.known[p] |= 3 << (suit * 6 + QUEEN)
        self.pending = suit

    def _next_seat(self, p: int) -> int:
        s = (p + 1) & 3
        if s == self.sitting:
            s = (s + 1) & 3
        return s

    def _play(self, p: int, c: int) -> None:
        bit = 1 << c
        self.hands[p] &= ~bit
        self.known[p] &= ~bit
        self.trick[p] = c
        suit = c // 6
        if self.lead < 0:
            self.lead = c
            self.pending = -1
            if self.trump < 0:
                self.trump = suit
            self.best = c
            self.best_seat = p
            self.led_high = c
            self.in_trick = 1
            self.turn = self._next_seat(p)
            return
        lead_suit = self.lead // 6
        best_suit = self.best // 6
        if suit == lead_suit:
            if c > self.led_high:
                self.led_high = c
        else:
            self.voids[p] |= 1 << lead_suit
            if suit != self.trump:
                self.voids[p] |= 1 << self.trump
        if suit == best_suit and c > self.best:
            self.best = c
            self.best_seat = p
        elif suit == self.trump and best_suit != self.trump:
            self.best = c
            self.best_seat = p
        self.in_trick += 1
        if self.in_trick < (3 if self.sitting >= 0 else 4):
            self.turn = self._next_seat(p)
            return
        self._finish_trick()

    def _finish_trick(self) -> None:
        w = self.best_seat
        side = w & 1
        points = 0
        cards = 0
        for s in range(4):
            c = self.trick[s]
            self.last_trick[s] = c
            if c != _NONE:
                points += RANK_POINTS[c % 6]
                cards |= 1 << c
            self.trick[s] = _NONE
        self.won[side] |= cards
        self.card_points[side] += points
        self.tricks[side] += 1
        self.last_winner = w
        self.lead = NO_CARD
        self.best = NO_CARD
        self.best_seat = -1
        self.led_high = NO_CARD
        self.in_trick = 0
        self.leader = w
        self.turn = w
        if self.hands[w] == 0:
            if self.rules.last_trick_bonus:
                self.card_points[side] += 10
            self._score()

    def _score(self) -> None:
        """The hand is played out: the bidding side scores its bid or loses
        it; the other side scores its points // 33."""
        b = self.bidder & 1
        other = 1 - b
        if self.high_bid == SOLO:
            if self.rules.solo_all_tricks:
                self.made = self.tricks[other] == 0
            else:
                self.made = self.side_score(b) >= _SOLO_POINTS
        else:
            self.made = self.side_score(b) >= self.high_bid * _POINTS_PER_BID
        self.game_points[b] = self.high_bid if self.made else -self.high_bid
        self.game_points[other] = self.side_score(other) // _POINTS_PER_BID
        self.winner = b if self.made else other
        self.phase = OVER
        self.over = True
        self.reason = R_PLAYED_OUT


class FourMatch(SeatedMatch):
    """A four-player match: side scores (AC, BD), dealer passing left."""

    name = "four-hand"

    def __init__(self, rules, seed: int = 1) -> None:
        super().__init__(rules, seed, FourHand(rules))
        # awarded: signed game points of the last finished hand; winner: a side

    # --- the game interface (games.py) ------------------------------------------

    def progress(self) -> int:
        return super().progress() + (100 if self.hand.phase != BIDDING else 0)

    def finish_hand(self) -> None:
        """Book the finished hand; when both sides reach the target in the
        same hand, the bidding side wins."""
        h = self.hand
        if not h.over:
            raise ValueError("the hand is not over")
        for side in range(2):
            pts = h.game_points[side]
            self.awarded[side] = pts
            self.scores[side] += pts
            if self.rules.no_negative and self.scores[side] < 0:
                self.awarded[side] -= self.scores[side]
                self.scores[side] = 0
        target = self.rules.target
        if h.bidder >= 0:
            b = h.bidder & 1
            if self.scores[b] >= target:
                self.winner = b
            elif self.scores[1 - b] >= target:
                self.winner = 1 - b
        self.hands_played += 1
        self.dealer = (self.dealer + 1) & 3
