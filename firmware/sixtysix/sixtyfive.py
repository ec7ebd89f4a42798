"""Sixty-Five (RULES.md 3): four players in two partnerships, 48 cards.

Seats 0..3 are A B C D clockwise; partners sit opposite, so a seat's side
is `seat & 1` (side 0 = AC, side 1 = BD).  The deck is A K Q J T 9 8 7 6 5
4 3 in four suits, card ids suit * 12 + rank (`cardtext.parse_card48`; ranks
numbered low to high from the three), so within a suit a higher id is a
higher card.  Spades are always trumps.

A set of the 48 cards never lives in one int: it is two 24-bit *halves*
(clubs and diamonds in half 0, hearts and spades in half 1: card c is
bit `c % 24` of half `c // 24`), so every value stays below 2**24 and never
becomes a heap bignum on a 32-bit board.  Per-seat sets are flat lists of
halves: `hands[seat * 2 + half]`; per-side piles are `piles[side * 2 + half]`.

Play: the dealer's left leads the first trick; each player must follow
suit if able, else may play any card.  The highest spade wins the trick,
else the highest card of the suit led; the winner leads next.

Where the cards go: the winner keeps only their partner's card, which
counts the trick for the winner's side; the other three cards, the
winner's own card included, go to the opponents' pile (RULES.md says
"only the partner's card", so the winner's own card is not kept).  Every
card lands in exactly one pile, so the card points of the two piles always
add up to 40 (A 4, K 3, Q 2, J 1), and tricks add 2 each plus 1 for the
last: 24 + 1 + 40 = 65 for the hand.  A side with 33 or more scores one
game point, 41 or more two; 65 is odd, so exactly one side scores.

Actions are card ids (0..47): `play` is the only action.  Legal plays are
written into a caller's buffer and a trick is resolved in place: nothing
is allocated per move.
"""

from .cards import RANK48_POINTS, SPADES, SUIT_NAMES, card48_name, count
from .compat import const, fill
from .matchbase import SeatedMatch, SeatIllegal

SEATS = "ABCD"
SIDE_NAMES = ("AC", "BD")
MAX_ACTIONS = const(12)  # longest list legal_actions can write
DECK_SIZE = const(48)
HAND_SIZE = const(12)
TRICKS = const(12)

# How a hand ended (the `reason` of a replay).
UNFINISHED = const(0)
R_PLAYED_OUT = const(1)
REASONS = ("unfinished", "played-out")

ONE_POINT = const(33)  # a side's hand score worth one game point
TWO_POINTS = const(41)  # and two
TOTAL = const(65)  # every hand's scores add up to this

_HALF_FULL = const(0xFFFFFF)
_SUIT_MASK = const(0xFFF)  # the twelve cards of a suit inside its half
_NONE = const(255)  # empty place in a trick
_LOG_SIZE = const(48)


class SixtyFiveRules:
    """The game's settings.  Sixty-Five has one option, the match target
    (first side to 5 game points by default); the methods mirror
    `rules.Rules` so records and settings can treat every game alike."""

    name = "sixty-five"
    deck_size = DECK_SIZE
    hand_size = HAND_SIZE

    def __init__(self) -> None:
        self.target = 5

    def set_option(self, name: str, value: str) -> None:
        raise ValueError("unknown option '%s' (Sixty-Five has none; 'target N' sets the match)" % name)

    def option_value(self, name: str) -> str:
        raise ValueError("unknown option '%s'" % name)

    def changed_options(self):
        return []


def suit_bits(suit: int) -> int:
    """The suit's twelve cards inside its half (`half = suit >> 1`)."""
    return _SUIT_MASK << ((suit & 1) * 12)


def game_points_for(score: int) -> int:
    """Game points a side's hand score is worth: 2 from 41, 1 from 33."""
    if score >= TWO_POINTS:
        return 2
    if score >= ONE_POINT:
        return 1
    return 0


def action_name(code: int) -> str:
    """Record spelling of an action: 'play TS'."""
    return "play " + card48_name(code)


class SixtyFiveHand:
    def __init__(self, rules) -> None:
        self.rules = rules
        self.hands = [0] * 8  # cards in hand, hands[seat * 2 + half]
        self.dealt = [0] * 8  # the same as dealt
        self._scratch = [0] * 8  # deal_shuffled builds the hands here
        self.piles = [0, 0, 0, 0]  # cards in each side's pile, piles[side * 2 + half]
        self.voids = [0, 0, 0, 0]  # suit bits a seat has shown to be void in
        self.tricks = [0, 0]  # tricks counted for each side
        self.card_points = [0, 0]  # card points in each side's pile
        self.bonus = [0, 0]  # 1 for the side that won the last trick
        self.game_points = [0, 0]  # by side, once the hand is over
        self.trick = bytearray(4)  # card each seat put in the current trick
        self.last_trick = bytearray(4)
        self.log = bytearray(_LOG_SIZE)  # (seat << 6) | card, in order
        self.reset_state()

    def reset_state(self) -> None:
        self.dealer = 0
        self.turn = 0
        self.leader = 0
        self.lead = -1  # card led to the current trick
        self.best = -1  # card winning the current trick
        self.best_seat = -1
        self.in_trick = 0
        self.last_winner = -1
        self.over = False
        self.winner = -1  # side that scored the hand
        self.reason = UNFINISHED
        self.nlog = 0
        # The lists that start a hand at 0, by seat and by side; the tricks
        # on the table start empty.
        fill(self, ("hands", "dealt", "piles", "voids", "tricks", "card_points", "bonus", "game_points"), 0)
        fill(self, ("trick", "last_trick"), _NONE)

    def copy_from(self, other: "SixtyFiveHand") -> None:
        """Become a copy of another hand, allocating nothing (for searches)."""
        for i in range(8):
            self.hands[i] = other.hands[i]
            self.dealt[i] = other.dealt[i]
        for i in range(4):
            self.piles[i] = other.piles[i]
            self.voids[i] = other.voids[i]
            self.trick[i] = other.trick[i]
            self.last_trick[i] = other.last_trick[i]
        for side in range(2):
            self.tricks[side] = other.tricks[side]
            self.card_points[side] = other.card_points[side]
            self.bonus[side] = other.bonus[side]
            self.game_points[side] = other.game_points[side]
        self.log[:] = other.log
        self.nlog = other.nlog
        self.dealer = other.dealer
        self.turn = other.turn
        self.leader = other.leader
        self.lead = other.lead
        self.best = other.best
        self.best_seat = other.best_seat
        self.in_trick = other.in_trick
        self.last_winner = other.last_winner
        self.over = other.over
        self.winner = other.winner
        self.reason = other.reason

    # --- setting up -----------------------------------------------------------

    def deal(self, dealer: int, hands) -> None:
        """Start a hand from eight halves (`hands[seat * 2 + half]`);
        ValueError unless they are twelve cards each and together the deck."""
        seen0 = 0
        seen1 = 0
        for s in range(4):
            lo = hands[2 * s]
            hi = hands[2 * s + 1]
            if lo < 0 or hi < 0 or lo > _HALF_FULL or hi > _HALF_FULL:
                raise ValueError("no such card")
            if count(lo) + count(hi) != HAND_SIZE:
                raise ValueError("%s must be dealt 12 cards" % SEATS[s])
            if (seen0 & lo) or (seen1 & hi):
                raise ValueError("a card is dealt twice")
            seen0 |= lo
            seen1 |= hi
        if seen0 != _HALF_FULL or seen1 != _HALF_FULL:
            raise ValueError("the cards are not the 48-card deck")
        self.reset_state()
        self.dealer = dealer
        for i in range(8):
            self.hands[i] = hands[i]
            self.dealt[i] = hands[i]
        self.leader = (dealer + 1) & 3
        self.turn = self.leader

    def deal_shuffled(self, dealer: int, order) -> None:
        """Deal a shuffled deck (48 card ids) one card at a time, starting
        at the dealer's left and going clockwise."""
        hands = self._scratch
        for i in range(8):
            hands[i] = 0
        for i in range(DECK_SIZE):
            c = order[i]
            seat = (dealer + 1 + i) & 3
            hands[seat * 2 + c // 24] |= 1 << (c % 24)
        self.deal(dealer, hands)

    # --- public facts ---------------------------------------------------------

    def holds(self, seat: int, c: int) -> bool:
        return (self.hands[seat * 2 + c // 24] >> (c % 24)) & 1 == 1

    def cards_left(self, seat: int) -> int:
        return count(self.hands[2 * seat]) + count(self.hands[2 * seat + 1])

    def score(self, side: int) -> int:
        """2 per trick, 1 for the last trick, card points of the side's pile."""
        return 2 * self.tricks[side] + self.bonus[side] + self.card_points[side]

    def played(self, half: int) -> int:
        """Cards of one half already gathered into a pile."""
        return self.piles[half] | self.piles[2 + half]

    # --- legality -------------------------------------------------------------

    def _follow_bits(self, seat: int) -> int:
        """Cards of the led suit the seat holds, inside the suit's half (0
        when leading or void)."""
        if self.lead < 0:
            return 0
        suit = self.lead // 12
        return self.hands[seat * 2 + (suit >> 1)] & suit_bits(suit)

    def legal_actions(self, buf) -> int:
        """Write every card the player to act may play into buf (a
        bytearray of at least MAX_ACTIONS), lowest id first; return how
        many.  0 once the hand is over."""
        if self.over:
            return 0
        seat = self.turn
        cards = self._follow_bits(seat)
        if cards:
            # The led suit's cards from the suit's first card: a suit is the
            # low or the high 12 bits of its half, so none of the loop's
            # steps go to the other suit's bits.
            c = (self.lead // 12) * 12
            cards >>= c % 24
            upper = 0
        else:
            c = 0
            cards = self.hands[seat * 2]
            upper = self.hands[seat * 2 + 1]  # listed next, from card 24
        n = 0
        while True:
            while cards:
                if cards & 1:
                    buf[n] = c
                    n += 1
                cards >>= 1
                c += 1
            if not upper:
                return n
            cards = upper
            upper = 0
            c = 24

    def check(self, code: int) -> None:
        """Raise SeatIllegal (an IllegalAction) unless the player to act may
        play this card."""
        seat = self.turn
        if self.over:
            raise SeatIllegal(seat, "cannot act: the hand is over")
        if code < 0 or code >= DECK_SIZE:
            raise SeatIllegal(seat, "cannot do that: unknown action")
        if not self.holds(seat, code):
            raise SeatIllegal(seat, "cannot play %s: not in hand" % card48_name(code))
        if self.lead >= 0 and code // 12 != self.lead // 12 and self._follow_bits(seat):
            raise SeatIllegal(seat, "must follow suit: holds %s" % SUIT_NAMES[self.lead // 12])

    # --- acting ---------------------------------------------------------------

    def act(self, code: int) -> None:
        """Check and play a card of the player to act."""
        self.check(code)
        self.place(code)

    def place(self, code: int) -> None:
        """Play a card of the player to act, unchecked: for searches and
        playouts, whose cards come from legal_actions."""
        seat = self.turn
        if self.nlog < _LOG_SIZE:
            self.log[self.nlog] = (seat << 6) | code
            self.nlog += 1
        self.hands[seat * 2 + code // 24] &= ~(1 << (code % 24))
        self.trick[seat] = code
        suit = code // 12
        if self.lead < 0:
            self.lead = code
            self.best = code
            self.best_seat = seat
            self.in_trick = 1
            self.turn = (seat + 1) & 3
            return
        best_suit = self.best // 12
        if suit != self.lead // 12:
            self.voids[seat] |= 1 << (self.lead // 12)
        if suit == best_suit:
            if code > self.best:
                self.best = code
                self.best_seat = seat
        elif suit == SPADES:
            self.best = code
            self.best_seat = seat
        self.in_trick += 1
        if self.in_trick < 4:
            self.turn = (seat + 1) & 3
            return
        self._finish_trick()

    def _finish_trick(self) -> None:
        """The partner's card to the winner's side, the other three (the
        winner's own among them) to the opponents' pile.

        Written to need no more than 11 words of frame (few locals, a
        `while` loop): a bytecode call that needs more takes its frame from
        the heap, and the Sixty-Five search ends a trick every fourth node
        (docs/BENCHMARKS.md, "a bytecode call's frame")."""
        w = self.best_seat
        s = 0
        while s < 4:
            c = self.trick[s]
            self.last_trick[s] = c
            self.trick[s] = _NONE
            to = w & 1 if s == (w + 2) & 3 else 1 - (w & 1)
            self.piles[to * 2 + c // 24] |= 1 << (c % 24)
            self.card_points[to] += RANK48_POINTS[c % 12]
            s += 1
        self.tricks[w & 1] += 1
        self.last_winner = w
        self.lead = -1
        self.best = -1
        self.best_seat = -1
        self.in_trick = 0
        self.leader = w
        self.turn = w
        if self.tricks[0] + self.tricks[1] == TRICKS:
            self.bonus[w & 1] = 1
            self._score()

    def _score(self) -> None:
        for side in range(2):
            pts = game_points_for(self.score(side))
            self.game_points[side] = pts
            if pts:
                self.winner = side
        self.over = True
        self.reason = R_PLAYED_OUT


class SixtyFiveMatch(SeatedMatch):
    """A match: side scores (AC, BD), the deal passing to the left."""

    name = "sixty-five"
    _ranks = 12

    def __init__(self, rules, seed: int = 1) -> None:
        super().__init__(rules, seed, SixtyFiveHand(rules))
        # winner: a side

    def _shuffled(self) -> bytearray:
        order = self._order
        for c in range(DECK_SIZE):
            order[c] = c
        self.rng.shuffle(order)
        return order

    def finish_hand(self) -> None:
        """Book the finished hand: game points, match winner, next dealer."""
        h = self.hand
        if not h.over:
            raise ValueError("the hand is not over")
        for side in range(2):
            self.awarded[side] = h.game_points[side]
            self.scores[side] += h.game_points[side]
        if self.scores[h.winner] >= self.rules.target:
            self.winner = h.winner
        self.hands_played += 1
        self.dealer = (self.dealer + 1) & 3
