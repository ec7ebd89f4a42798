"""Sixty-Six with bidding for two or three players (seed 004), as small ints.

The four-hand game (four.py) without partners: every card is dealt (twelve
each to two players, eight each to three), there is no stock and no
upcard.  Seats 0..n-1 are A B (C) clockwise.

*Bidding* starts at the dealer's left and goes clockwise, with four-hand's
codes and rules: a bid of 1..4 asks for 33/66/99/132 points, 5 is the
*moon* (the bidder must take every trick), and a pass is final.  The
auction ends when every other player has passed after a bid, or at once on
a moon; if everybody passes the hand is thrown in, or under `all-pass
dealer` the dealer may not pass when the others have.

*Play*: the highest bidder leads and plays alone against everybody else
(with three players the other two are a side for this hand); the suit of
the first card led is trumps.  Strict play throughout: follow suit and
head the trick when able, else trump when able.  The player on lead may
show a marriage (20, or 40 in trumps; on the very first lead it makes
trumps, so 40) and leads one of its cards; it counts once the shower's
side has won a trick.

Per-side figures are indexed 0 = the bidder, 1 = the others.  Per-seat
lists have four places (as four-hand's) so a view and the search player
treat every bidding game alike; the places past the last seat stay empty.
Nothing here allocates once the hand object exists.
"""

from .cards import NO_CARD, QUEEN, RANK_POINTS, count
from .compat import const, take
from .four import (
    BID,
    OVER,
    PASS,
    PLAYING,
    R_PASSED_OUT,
    R_PLAYED_OUT,
    SOLO,
    FourHand,
    FourRules,
    bid_points,
)
from .four import OPTIONS as _FOUR_OPTIONS

MOON = SOLO  # bid 5: every trick
MAX_ACTIONS = const(16)  # twelve cards and four marriages
SEAT_LETTERS = "ABC"
_DECK = const(0xFFFFFF)
_MOON_POINTS = const(5)  # game points a moon is worth (won or lost)
_PACKET = const(4)  # cards a player gets at a time
_NONE = const(255)  # no card in that place of the trick

# The single values of a position, all public: a view copies them too.
POSITION_FIELDS = (
    "sitting",
    "dealer",
    "phase",
    "turn",
    "high_bid",
    "bidder",
    "passed",
    "trump",
    "leader",
    "lead",
    "best",
    "best_seat",
    "led_high",
    "in_trick",
    "pending",
    "last_winner",
    "over",
    "winner",
    "made",
    "reason",
)

# Four-hand's options but `solo`: with nobody to sit out, a moon always asks
# for every trick.
OPTIONS = tuple(o for o in _FOUR_OPTIONS if o[0] != "solo")


class BidRules(FourRules):
    """Four-hand's rules object for a table of `seats`.  Its `solo` option
    is fixed: a moon always needs every trick (`solo_all_tricks`, which
    the search reads), and the option is neither offered nor written."""

    def __init__(self, seats: int = 2) -> None:
        super().__init__()
        self.seats = seats
        self.name = "bid-two" if seats == 2 else "bid-three"
        self.hand_size = 24 // seats
        self.solo_all_tricks = 1

    def set_option(self, name: str, value: str) -> None:
        _no_solo(name)
        super().set_option(name, value)

    def option_value(self, name: str) -> str:
        _no_solo(name)
        return super().option_value(name)

    def changed_options(self):
        return [o for o in super().changed_options() if o[0] != "solo"]


def _no_solo(name: str) -> None:
    if name == "solo":
        raise ValueError("unknown option 'solo'")


def two_rules() -> BidRules:
    return BidRules(2)


def three_rules() -> BidRules:
    return BidRules(3)


class BidHand(FourHand):
    """One hand: the auction, then the play.  `turn` is the seat to act.

    Four-hand's hand (four.py) gives the state, the legal actions and the
    checks, which read the same for any number of seats; this class deals,
    and takes the actions (auction, tricks, scoring) for two or three."""

    def __init__(self, rules) -> None:
        super().__init__(rules)
        self.seats = rules.seats

    # --- dealing --------------------------------------------------------------

    def deal(self, dealer: int, hands) -> None:
        """Start a hand from the seats' cards; ValueError unless each has its
        share and together they are the deck."""
        n = self.seats
        seen = 0
        for s in range(n):
            if count(hands[s]) != 24 // n:
                raise ValueError("%s must be dealt %d cards" % (SEAT_LETTERS[s], 24 // n))
            if seen & hands[s]:
                raise ValueError("a card is dealt twice")
            seen |= hands[s]
        if seen != _DECK:
            raise ValueError("the cards are not the 24-card deck")
        self.reset_state()
        self.dealer = dealer
        for s in range(n):
            self.hands[s] = self.dealt[s] = hands[s]
        self.turn = (dealer + 1) % n

    def deal_shuffled(self, dealer: int, order) -> None:
        """Deal a shuffled deck in packets of four from the dealer's left."""
        hands = self._packets
        n = self.seats
        for s in range(4):
            hands[s] = 0
        for i in range(24):
            hands[(dealer + 1 + i // _PACKET) % n] |= 1 << order[i]
        self.deal(dealer, hands)

    # --- positions for the search player ----------------------------------------

    def copy_from(self, other) -> None:
        """Become the same position as another hand of the same table (no
        allocation: every list is refilled in place; the log is not copied)."""
        self._copy_public(other)
        take(self, other, (), ("hands", "dealt", "last_trick", "game_points"))  # what only a hand has

    def set_position(self, view, hands) -> None:
        """The position a view shows, with `hands` (by seat) as the cards
        not played yet: a world the search player dealt."""
        self._copy_public(view)
        for s in range(4):
            self.hands[s] = hands[s]
            self.dealt[s] = hands[s] | view.played_by[s]

    def _copy_public(self, other) -> None:
        """The facts a view holds too, from a hand or a view."""
        # The single values, then the lists by seat and by side.
        take(
            self,
            other,
            POSITION_FIELDS,
            ("known", "voids", "marriages", "trick", "won", "card_points", "marriage_points", "tricks"),
        )
        self.nlog = 0

    # --- public facts ---------------------------------------------------------

    def side_of(self, seat: int) -> int:
        """0 for the bidder, 1 for the others (all are 1 before a bid)."""
        return 0 if seat == self.bidder else 1

    def seat_score(self, seat: int) -> int:
        """The hand points of the side a seat plays on."""
        return self.side_score(self.side_of(seat))

    # --- acting ---------------------------------------------------------------

    # FourHand.act checks and logs an action, then takes it through _play,
    # _marry and _bid, which this class gives for two or three seats.

    def _bid(self, p: int, code: int) -> None:
        if code == PASS:
            self._take_pass(p)
        else:
            self._take_bid(p, code - BID)

    def _after(self, p: int) -> int:
        """The next seat clockwise that has not passed."""
        n = self.seats
        s = (p + 1) % n
        while (self.passed >> s) & 1:
            s = (s + 1) % n
        return s

    def _take_pass(self, p: int) -> None:
        self.passed |= 1 << p
        passes = count(self.passed)
        if passes == self.seats:
            self.phase = OVER
            self.over = True
            self.reason = R_PASSED_OUT
        elif self.bidder >= 0 and passes == self.seats - 1:
            self.start_play(self.bidder, self.high_bid)
        else:
            self.turn = self._after(p)

    def _take_bid(self, p: int, bid: int) -> None:
        self.high_bid = bid
        self.bidder = p
        if bid == MOON or count(self.passed) == self.seats - 1:
            self.start_play(p, bid)
        else:
            self.turn = self._after(p)

    def start_play(self, bidder: int, bid: int) -> None:
        """The auction is won: the bidder leads.  (The search player also
        calls it on a dealt world, to play it out as if it had won.)"""
        self.phase = PLAYING
        self.high_bid = bid
        self.bidder = bidder
        self.leader = bidder
        self.turn = bidder

    def _marry(self, p: int, suit: int) -> None:
        worth = 40 if self.trump < 0 or suit == self.trump else 20
        self.marriage_points[self.side_of(p)] += worth
        self.marriages[p] |= 1 << suit
        self.known[p] |= 3 << (suit * 6 + QUEEN)
        self.pending = suit

    def _play(self, p: int, c: int) -> None:
        bit = 1 << c
        self.hands[p] &= ~bit
        self.known[p] &= ~bit
        self.trick[p] = c
        self.in_trick += 1
        if self.lead < 0:
            self.lead = c
            self.led_high = c
            self.best = c
            self.best_seat = p
            self.pending = -1
            if self.trump < 0:
                self.trump = c // 6
        else:
            led = self.lead // 6
            if c // 6 == led:
                if c > self.led_high:
                    self.led_high = c
            else:
                self.voids[p] |= 1 << led
                if c // 6 != self.trump:
                    self.voids[p] |= 1 << self.trump
            same = c // 6 == self.best // 6
            if (same and c > self.best) or (not same and c // 6 == self.trump):
                self.best = c
                self.best_seat = p
        if self.in_trick < self.seats:
            self.turn = (p + 1) % self.seats
        else:
            self._take_trick()

    def _take_trick(self) -> None:
        w = self.best_seat
        side = self.side_of(w)
        for s in range(4):
            c = self.trick[s]
            self.last_trick[s] = c
            if c != _NONE:
                self.won[side] |= 1 << c
                self.card_points[side] += RANK_POINTS[c % 6]
            self.trick[s] = _NONE
        self.tricks[side] += 1
        self.lead = self.best = self.led_high = NO_CARD  # the table is clear
        self.best_seat = -1
        self.in_trick = 0
        self.leader = self.turn = self.last_winner = w
        if not self.hands[w]:
            if self.rules.last_trick_bonus:
                self.card_points[side] += 10
            self._settle()

    def _settle(self) -> None:
        """Played out: the bidder scores the bid or loses it (a moon is
        worth 5); the others score their points // 33."""
        if self.high_bid == MOON:
            self.made = self.tricks[1] == 0
            worth = _MOON_POINTS
        else:
            self.made = self.side_score(0) >= bid_points(self.high_bid)
            worth = self.high_bid
        self.game_points[0] = worth if self.made else -worth
        self.game_points[1] = self.side_score(1) // 33
        self.winner = 0 if self.made else 1
        self.phase = OVER
        self.over = True
        self.reason = R_PLAYED_OUT
