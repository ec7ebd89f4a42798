"""One hand of two-player Sixty-Six or Schnapsen, as small ints.

State lives in a few ints and preallocated lists/bytearrays, so listing the
legal actions and playing a trick allocate nothing on MicroPython.  Every
action is checked first; an illegal one raises `IllegalAction` and leaves the
state as it was.

Actions are small int codes: a card id (0..23) plays that card; MARRY + suit
declares a marriage; EXCHANGE, CLOSE and CLAIM are what they say.  Actions are
always taken by the player whose turn it is (`turn`).
"""

from .cards import (
    KING,
    NO_CARD,
    QUEEN,
    RANK_POINTS,
    SUIT_LETTERS,
    SUIT_NAMES,
    card_name,
    count,
    list_cards,
)
from .compat import const, fill, take

MARRY = const(64)  # MARRY + suit
EXCHANGE = const(68)
CLOSE = const(69)
CLAIM = const(70)
MAX_ACTIONS = const(16)  # longest list legal_actions can write

SEATS = "AB"  # the letters records and messages give the two seats

# How a hand ended (RECORDS.md `reason`).
UNFINISHED = const(0)
R_CLAIM = const(1)
R_FALSE_CLAIM = const(2)
R_CLOSER_FAILED = const(3)
R_PLAYED_OUT = const(4)
R_NO_WINNER = const(5)
R_LAST_TRICK = const(6)
REASONS = ("unfinished", "claim", "false-claim", "closer-failed", "played-out", "no-winner", "last-trick")

_WIN = const(66)
_SCHNEIDER = const(33)
_LOG_SIZE = const(48)


class IllegalAction(ValueError):
    """A rejected action.  `reason` is phrased for the player ('must follow
    suit: holds hearts'); the message adds who tried it ('B must ...')."""

    def __init__(self, player: int, reason: str) -> None:
        super().__init__(SEATS[player] + " " + reason)
        self.player = player
        self.reason = reason


def win_points(state, w: int) -> int:
    """Game points for w winning on points: 3 if the loser took no trick
    (2 under `schwarz 2`), 2 under 33, else 1; judged at the moment of
    closing where `closer-won close` says so.  `state` is a Hand or a
    Solver: both have score(), tricks, closer, close_score, close_tricks."""
    loser = 1 - w
    if state.closer == w and state.rules.closer_at_close:
        pts = state.close_score[loser]
        tricks = state.close_tricks[loser]
    else:
        pts = state.score(loser)
        tricks = state.tricks[loser]
    if tricks == 0:
        return 2 if state.rules.schwarz_two else 3
    if pts < _SCHNEIDER:
        return 2
    return 1


def failed_close_points(rules, opp_tricks: int) -> int:
    """What a failed closer gives away: 3 if the opponent had no trick when
    the stock was closed (unless `closer-failed 2`), else 2."""
    return 2 if rules.closer_flat or opp_tricks else 3


def closer_failed_points(state) -> int:
    """What the closer of `state` (a Hand or a Solver) gives away on failing."""
    return failed_close_points(state.rules, state.close_tricks[1 - state.closer])


def close_cost(hand, p: int) -> int:
    """What p would give away by closing now and failing."""
    return failed_close_points(hand.rules, hand.tricks[1 - p])


def action_name(code: int) -> str:
    """Record spelling of an action: 'play TS', 'marry H', 'close'..."""
    if code < MARRY:
        return "play " + card_name(code)
    if code < EXCHANGE:
        return "marry " + SUIT_LETTERS[code - MARRY]
    return ("exchange", "close", "claim")[code - EXCHANGE]


def play_problem(h, p: int, c: int):
    """None when player p of hand h may play card c (0..23) now, else the
    reason why not: for the two-player hand and four.py's FourHand, which
    keep the same `hands`, `legal_plays()`, `pending`, `lead` and `trump`.
    A refused card of the led suit can only fall short of heading it."""
    hand = h.hands[p]
    if not (hand >> c) & 1:
        return "cannot play %s: not in hand" % card_name(c)
    if (h.legal_plays() >> c) & 1:
        return None
    if h.pending >= 0:
        which = "the queen" if h.rules.queen_lead else "the king or queen"
        return "must lead %s of the marriage in %s" % (which, SUIT_NAMES[h.pending])
    s = h.lead // 6
    if hand & (0x3F << (s * 6)):
        if c // 6 == s:
            return "must head the trick: holds a higher %s" % SUIT_NAMES[s][:-1]
        return "must follow suit: holds %s" % SUIT_NAMES[s]
    return "must trump: holds no %s but has %s" % (SUIT_NAMES[s], SUIT_NAMES[h.trump])


# A hand's lists by player, by name, for reset_state and copy_from
# (compat.fill, compat.take).
_PER_PLAYER = (
    "hands",
    "won",
    "card_points",
    "marriage_points",
    "tricks",
    "marriages",
    "known",
    "voids",
    "no_pairs",
    "close_score",
    "close_tricks",
)


class Hand:
    def __init__(self, rules) -> None:
        self.rules = rules
        self.stock = bytearray(rules.stock_size)  # top card first, upcard last
        self.hands = [0, 0]
        self.won = [0, 0]  # cards taken in tricks
        self.card_points = [0, 0]  # points of cards taken, plus last-trick bonus
        self.marriage_points = [0, 0]  # declared; they count once a trick is won
        self.tricks = [0, 0]
        self.marriages = [0, 0]  # suit bits of marriages declared
        self.known = [0, 0]  # cards in this player's hand the opponent has seen
        self.voids = [0, 0]  # suit bits the player has shown to be void in
        # Suit bits in which the player, as the opponent may infer, holds no
        # king and queen together: it led without declaring while it could
        # have.  Public play alone sets it, never the cards held; a draw
        # clears it (the drawn card may complete a pair).
        self.no_pairs = [0, 0]
        self.close_score = [0, 0]  # scores and tricks at the moment of closing
        self.close_tricks = [0, 0]
        self.log = bytearray(_LOG_SIZE)  # (player << 7) | action, in order
        self._dealt = bytearray(rules.stock_size)  # scratch for deal_shuffled
        self.reset_state()

    def reset_state(self) -> None:
        self.dealer = 0
        self.trump = 0
        self.pos = 0  # next stock card to draw
        self.leader = 0
        self.turn = 0
        self.lead = NO_CARD  # card led to the current trick
        self.pending = -1  # suit of a marriage just declared, until its card is led
        self.closer = -1
        self.exchanged_by = -1
        self.last_lead = NO_CARD
        self.last_follow = NO_CARD
        self.last_winner = -1
        self.over = False
        self.winner = -1
        self.game_points = 0  # for the winner, before any pot
        self.reason = UNFINISHED
        self.forfeit = False  # a false claim that loses the whole match
        self.nlog = 0
        fill(self, _PER_PLAYER, 0)

    def copy_from(self, other: "Hand") -> None:
        """Become a copy of another hand of the same rules, allocating nothing
        (searches keep one Hand per depth and refill it)."""
        self.stock[:] = other.stock
        self.log[:] = other.log
        take(
            self,
            other,
            (
                "nlog",
                "dealer",
                "trump",
                "pos",
                "leader",
                "turn",
                "lead",
                "pending",
                "closer",
                "exchanged_by",
                "last_lead",
                "last_follow",
                "last_winner",
                "over",
                "winner",
                "game_points",
                "reason",
                "forfeit",
            ),
            _PER_PLAYER,
        )

    # --- setting up ---------------------------------------------------------

    def deal(self, dealer: int, dealer_cards: int, other_cards: int, stock) -> None:
        """Start a hand from explicit cards: the two hands as sets and the
        stock as a sequence of card ids, top first, the upcard last.
        ValueError if the cards are not exactly the game's deck."""
        r = self.rules
        if len(stock) != r.stock_size:
            raise ValueError("the stock must hold %d cards with the upcard" % r.stock_size)
        seen = dealer_cards | other_cards
        if dealer_cards & other_cards:
            raise ValueError("a card is in both hands")
        if count(dealer_cards) != r.hand_size or count(other_cards) != r.hand_size:
            raise ValueError("each hand must hold %d cards" % r.hand_size)
        for i in range(r.stock_size):
            c = stock[i]
            if c < 0 or c >= 24:
                raise ValueError("no such card")
            if (seen >> c) & 1:
                raise ValueError("card %s appears twice" % card_name(c))
            seen |= 1 << c
        if seen != r.deck():
            raise ValueError("the cards are not a %d-card deck" % r.deck_size)
        self.reset_state()
        self.dealer = dealer
        self.hands[dealer] = dealer_cards
        self.hands[1 - dealer] = other_cards
        for i in range(r.stock_size):
            self.stock[i] = stock[i]
        self.trump = stock[r.stock_size - 1] // 6
        self.leader = 1 - dealer
        self.turn = self.leader

    def deal_shuffled(self, dealer: int, order) -> None:
        """Deal from a shuffled deck (a sequence of card ids): packets of
        three (then three, or two in Schnapsen) to the non-dealer first, the
        next card is the upcard, the rest is the stock."""
        r = self.rules
        first = r.first_packet
        second = r.hand_size - first
        other = 0
        mine = 0
        for i in range(first):
            other |= 1 << order[i]
            mine |= 1 << order[first + i]
        base = 2 * first
        for i in range(second):
            other |= 1 << order[base + i]
            mine |= 1 << order[base + second + i]
        i = 2 * r.hand_size
        stock = self._dealt
        last = r.stock_size - 1
        for k in range(last):
            stock[k] = order[i + 1 + k]
        stock[last] = order[i]  # the upcard, turned up after the deal
        self.deal(dealer, mine, other, stock)

    # --- public facts ---------------------------------------------------------

    @property
    def upcard(self) -> int:
        """The turned-up trump card while it is still in the stock."""
        n = len(self.stock)
        return self.stock[n - 1] if self.pos < n else NO_CARD

    def facedown(self) -> int:
        """Face-down cards left in the stock (the upcard not counted)."""
        n = len(self.stock) - 1 - self.pos
        return n if n > 0 else 0

    def stock_left(self) -> int:
        """Cards still to be drawn, the upcard included."""
        return len(self.stock) - self.pos

    def strict(self) -> bool:
        """Stock closed or exhausted: suit must be followed."""
        return self.closer >= 0 or self.pos >= len(self.stock)

    def score(self, p: int) -> int:
        """Hand score: card points, last-trick bonus, marriages once a trick is won."""
        if self.tricks[p]:
            return self.card_points[p] + self.marriage_points[p]
        return self.card_points[p]

    # --- legality -------------------------------------------------------------

    def legal_plays(self) -> int:
        """The cards the player to act may play, as a set (0 when over)."""
        if self.over:
            return 0
        p = self.turn
        hand = self.hands[p]
        lead = self.lead
        if lead < 0:
            if self.pending >= 0:
                s = self.pending * 6
                if self.rules.queen_lead:
                    return 1 << (s + QUEEN)
                return (1 << (s + QUEEN)) | (1 << (s + KING))
            return hand
        if not self.strict():
            return hand
        s = lead // 6
        same = hand & (0x3F << (s * 6))
        if same:
            if self.rules.must_head:
                higher = same & ~((2 << lead) - 1)
                if higher:
                    return higher
            return same
        if self.rules.must_trump:
            trumps = hand & (0x3F << (self.trump * 6))
            if trumps:
                return trumps
        return hand

    # The *_problem checks run while listing legal actions, so they return
    # constant strings (formatting would allocate) or None when allowed.

    def _exchange_problem(self, p: int):
        """None when p may exchange now, else the reason why not."""
        r = self.rules
        if self.exchanged_by >= 0:
            return "cannot exchange: the trump card was already exchanged"
        if not (self.hands[p] >> (self.trump * 6 + r.exchange_rank)) & 1:
            if r.exchange_rank:
                return "cannot exchange: does not hold the jack of trumps"
            return "cannot exchange: does not hold the nine of trumps"
        if self.closer >= 0:
            return "cannot exchange: the stock is closed"
        if self.facedown() < 1:
            return "cannot exchange: no face-down card left in the stock"
        if self.pending >= 0:
            return "cannot exchange: must lead the marriage card first"
        if self.lead >= 0 and not r.exchange_any_turn:
            return "cannot exchange: only before leading"
        if not r.exchange_free and not self.tricks[p]:
            return "cannot exchange: has not won a trick"
        return None

    def _close_problem(self, p: int):
        if self.closer >= 0:
            return "cannot close: the stock is already closed"
        if self.facedown() < 1:
            return "cannot close: the stock is exhausted"
        if self.pending >= 0:
            return "cannot close: must lead the marriage card first"
        if self.lead >= 0 and not self.rules.close_either:
            return "cannot close: only the player on lead may close"
        return None

    def _marry_problem(self, p: int, suit: int):
        if self.lead >= 0:
            return "cannot declare a marriage: only the player on lead may"
        if self.pending >= 0:
            return "cannot declare a marriage: one was just declared"
        if self.strict() and self.rules.no_late_marriage:
            return "cannot declare a marriage: not after the stock is closed or exhausted"
        q = suit * 6 + QUEEN
        if (self.hands[p] >> q) & 3 != 3:
            return "cannot declare a marriage: does not hold king and queen of that suit"
        return None

    def legal_actions(self, buf) -> int:
        """Write every legal action code into buf (a bytearray of at least
        MAX_ACTIONS) and return how many; cards come in id order."""
        if self.over:
            return 0
        p = self.turn
        n = list_cards(self.legal_plays(), 0, buf, 0)
        if self.lead < 0 and self.pending < 0 and not (self.strict() and self.rules.no_late_marriage):
            hand = self.hands[p]
            for suit in range(4):
                q = suit * 6 + QUEEN
                if (hand >> q) & 3 == 3:
                    buf[n] = MARRY + suit
                    n += 1
        if self._exchange_problem(p) is None:
            buf[n] = EXCHANGE
            n += 1
        if self._close_problem(p) is None:
            buf[n] = CLOSE
            n += 1
        buf[n] = CLAIM
        return n + 1

    def check(self, code: int) -> None:
        """Raise IllegalAction if the player to act may not take this action."""
        p = self.turn
        if self.over:
            raise IllegalAction(p, "cannot act: the hand is over")
        if code < MARRY:
            why = play_problem(self, p, code) if 0 <= code < 24 else "cannot play: no such card"
        elif code < EXCHANGE:
            why = self._marry_problem(p, code - MARRY)
        elif code == EXCHANGE:
            why = self._exchange_problem(p)
        elif code == CLOSE:
            why = self._close_problem(p)
        elif code == CLAIM:
            why = None
        else:
            why = "cannot do that: unknown action"
        if why is not None:
            raise IllegalAction(p, why)

    # --- acting ---------------------------------------------------------------

    def act(self, code: int) -> None:
        """Check and take an action of the player to act."""
        self.check(code)
        p = self.turn
        if self.nlog < _LOG_SIZE:
            self.log[self.nlog] = (p << 7) | code
            self.nlog += 1
        if code < MARRY:
            self._play(p, code)
        elif code < EXCHANGE:
            self._marry(p, code - MARRY)
        elif code == EXCHANGE:
            self._exchange(p)
        elif code == CLOSE:
            self._close(p)
        else:
            self._claim(p)

    def _play(self, p: int, c: int) -> None:
        bit = 1 << c
        self.hands[p] &= ~bit
        self.known[p] &= ~bit
        if self.lead < 0:
            if self.pending < 0 and not (self.strict() and self.rules.no_late_marriage):
                self.no_pairs[p] = 0xF & ~self.marriages[p]
            self.lead = c
            self.pending = -1
            self.turn = 1 - p
            return
        lead = self.lead
        leader = self.leader
        ls = lead // 6
        fs = c // 6
        if self.strict() and fs != ls:
            self.voids[p] |= 1 << ls
            if self.rules.must_trump and fs != self.trump:
                self.voids[p] |= 1 << self.trump
        if fs == ls:
            w = p if c > lead else leader
        elif fs == self.trump:
            w = p
        else:
            w = leader
        self.won[w] |= bit | (1 << lead)
        self.card_points[w] += RANK_POINTS[c % 6] + RANK_POINTS[lead % 6]
        self.tricks[w] += 1
        self.last_lead = lead
        self.last_follow = c
        self.last_winner = w
        self.lead = NO_CARD
        self.leader = w
        self.turn = w
        n = len(self.stock)
        if self.closer < 0 and self.pos < n:
            self.hands[w] |= 1 << self.stock[self.pos]
            self.hands[1 - w] |= 1 << self.stock[self.pos + 1]
            self.pos += 2
            self.no_pairs[0] = 0
            self.no_pairs[1] = 0
            if self.pos == n:  # the loser took the upcard, which everyone saw
                self.known[1 - w] |= 1 << self.stock[n - 1]
        if self.hands[0] == 0 and self.hands[1] == 0:
            self._played_out(w)
        elif self.rules.assisted and self.score(w) >= _WIN:
            self._claim(w)

    def _marry(self, p: int, suit: int) -> None:
        self.marriage_points[p] += 40 if suit == self.trump else 20
        self.marriages[p] |= 1 << suit
        k = suit * 6 + KING
        self.known[p] |= (1 << k) | (1 << (k - 1))
        self.pending = suit
        if self.rules.assisted and self.tricks[p] and self.score(p) >= _WIN:
            self._claim(p)

    def _exchange(self, p: int) -> None:
        n = len(self.stock)
        mine = self.trump * 6 + self.rules.exchange_rank
        up = self.stock[n - 1]
        self.hands[p] = (self.hands[p] & ~(1 << mine)) | (1 << up)
        self.known[p] |= 1 << up
        self.stock[n - 1] = mine
        self.exchanged_by = p

    def _close(self, p: int) -> None:
        self.closer = p
        for q in range(2):
            self.close_score[q] = self.score(q)
            self.close_tricks[q] = self.tricks[q]

    # --- ending ---------------------------------------------------------------

    def _end(self, winner: int, points: int, reason: int) -> None:
        self.over = True
        self.winner = winner
        self.game_points = points
        self.reason = reason
        self.pending = -1

    def _win_points(self, w: int) -> int:
        return win_points(self, w)

    def _closer_failed(self) -> None:
        self._end(1 - self.closer, closer_failed_points(self), R_CLOSER_FAILED)

    def _claim(self, p: int) -> None:
        opp = 1 - p
        if self.score(p) >= _WIN:
            if self.closer == opp:
                self._closer_failed()
            else:
                self._end(p, self._win_points(p), R_CLAIM)
            return
        self._end(opp, self.rules.false_claim_points(self.tricks[opp]), R_FALSE_CLAIM)
        if self.rules.false_claim_loses_match():
            self.forfeit = True
            self.game_points = 0

    def _played_out(self, last: int) -> None:
        if self.closer >= 0:
            if self.score(self.closer) >= _WIN:
                self._end(self.closer, self._win_points(self.closer), R_PLAYED_OUT)
            else:
                self._closer_failed()
            return
        r = self.rules
        if not r.no_bonus:
            self.card_points[last] += 10
        if r.last_trick_wins:
            self._end(last, self._win_points(last), R_LAST_TRICK)
            return
        a = self.score(0) >= _WIN
        b = self.score(1) >= _WIN
        if a != b:
            w = 0 if a else 1
            self._end(w, self._win_points(w), R_PLAYED_OUT)
        elif r.tie_last_trick:
            self._end(last, self._win_points(last), R_LAST_TRICK)
        else:
            self._end(-1, 0, R_NO_WINNER)
