"""A second, deliberately plain reading of RULES.md 2b, 2c and 3: the
games for three and four players.

Like perft_reference.py (RULES.md 1 and 2a) it shares no code with
firmware/sixtysix: cards are strings like "TS", hands are frozensets, and
every action returns a new immutable state.  It is slow and has no search
tricks, so it can be read against the rules line by line.  Where the rules
leave a point open it follows the decision written in docs/MORE_GAMES.md
("MORE_GAMES 2b n", "MORE_GAMES 2c n" below) and says so.

- Three-hand (RULES.md 2b): the hand itself is two-player Sixty-Six ("those
  two play Sixty-Six as above"), so it is perft_reference's hand; this file
  adds the seats, the dealer's share, the pot and the match.
- Four-hand (RULES.md 2c): the auction, the solo, strict play, marriages,
  scoring and the match.
- Sixty-Five (RULES.md 3): the deal, play, where a trick's cards go,
  scoring and the match.
- The bidding games for two and three (`bid-two`, `bid-three`), which
  RULES.md does not describe: four-hand's hand without partners, read from
  the README's "Bidding for two and three" decisions ("decision n").

Seats are 0, 1, 2 (, 3) for A, B, C (, D), clockwise; "left" is the next
seat.  Actions are spelled as in game records: "bid 2", "pass",
"play TS", "marry H".  Each game is a `...Match` state (scores, dealer,
winner) and a hand state; `*_finish(match, hand)` books a finished hand.
"""

from dataclasses import dataclass, replace

import perft_reference as two

SUITS = "CDHS"

# --- RULES.md 2b: three players ------------------------------------------


@dataclass(frozen=True)
class ThreeMatch:
    rules: two.Rules  # the two-player Sixty-Six options of the hand
    target: int
    dealer: int
    scores: tuple = (0, 0, 0)
    pot: int = 0
    winner: int = -1


def three_players(dealer):
    """The seats that play: the dealer's left is the two-player non-dealer
    (player 0 of the hand, leads first), the dealer's right the two-player
    dealer (player 1) (MORE_GAMES 2b 1)."""
    return ((dealer + 1) % 3, (dealer + 2) % 3)


def three_hand(match, hand_left, hand_right, stock):
    """The two-player hand between the dealer's left (who leads) and right."""
    return two.new_hand(match.rules, hand_left, hand_right, stock, 0)


def three_deal(order, dealer):
    """Cards of a shuffled deck, top first, dealt in packets of three, the
    dealer's left first (README decision 1 for Sixty-Six); the 13th card is
    the upcard, the last card of the stock.  Returns (left, right, stock)."""
    left = list(order[0:3]) + list(order[6:9])
    right = list(order[3:6]) + list(order[9:12])
    stock = list(order[13:]) + [order[12]]
    return left, right, stock


def three_finish(match, s):
    """Book a finished hand (RULES.md 2b and MORE_GAMES 2b 2-4)."""
    winner, points, _reason, forfeit = s.result
    players = three_players(match.dealer)
    scores = list(match.scores)
    pot = match.pot
    match_winner = -1
    if forfeit:
        # A false claim under 'false-claim match': the claimant's opponent in
        # the hand wins the match; the dealer gets nothing (MORE_GAMES 2b 4).
        match_winner = players[winner]
    elif winner < 0:
        pot += 1  # nobody wins: a point into the pot, nothing for the dealer
    else:
        seat = players[winner]
        scores[seat] += points + pot
        pot = 0
        # The dealer scores the hand's own points (never the pot) but stops
        # one below the target (RULES.md 2b; MORE_GAMES 2b 2, 3).
        d = match.dealer
        scores[d] = max(scores[d], min(scores[d] + points, match.target - 1))
        if scores[seat] >= match.target:
            match_winner = seat
    return replace(match, scores=tuple(scores), pot=pot, winner=match_winner, dealer=(match.dealer + 1) % 3)


# --- RULES.md 2c: four players in partnerships, with bidding -------------

FOUR_RANKS = "9JQKTA"  # low to high, as in Sixty-Six
FOUR_POINTS = {"9": 0, "J": 2, "Q": 3, "K": 4, "T": 10, "A": 11}
BID_POINTS = {1: 33, 2: 66, 3: 99, 4: 132}
SOLO = 5

FOUR_DEFAULTS = {
    "solo": "66",
    "all-pass": "redeal",
    # RULES.md 2c counts cards and shown marriages only (README, "Four-hand
    # has no last-trick bonus by default").
    "last-trick-bonus": "0",
    "marriage-lead": "any",
    "below-zero": "yes",
}
FOUR_VALUES = {
    "solo": ("66", "all-tricks"),
    "all-pass": ("redeal", "dealer"),
    "last-trick-bonus": ("0", "10"),
    "marriage-lead": ("any", "queen"),
    "below-zero": ("yes", "no"),
}


def side(seat):
    """Partners sit opposite: side 0 is A and C, side 1 is B and D."""
    return seat % 2


@dataclass(frozen=True)
class FourMatch:
    options: tuple  # (name, value) pairs, every option
    target: int
    dealer: int
    scores: tuple = (0, 0)  # by side
    winner: int = -1  # a side

    def opt(self, name):
        return dict(self.options)[name]


def four_match(target=7, dealer=0, **changes):
    options = dict(FOUR_DEFAULTS)
    for name, value in changes.items():
        if value not in FOUR_VALUES[name]:
            raise ValueError("%s %s" % (name, value))
        options[name] = value
    return FourMatch(tuple(sorted(options.items())), target, dealer)


@dataclass(frozen=True)
class Four:
    """A hand of four-hand, or of the bidding games for two and three
    (`seats` 2 or 3: no partners, the bidder alone against the others)."""

    options: tuple
    dealer: int
    hands: tuple  # a frozenset a seat
    turn: int
    seats: int = 4
    passed: frozenset = frozenset()  # seats that have passed (for good)
    bid: int = 0  # highest bid so far
    bidder: int = -1
    playing: bool = False  # the auction is over and cards are played
    trump: str | None = None  # set by the first card led
    trick: tuple = ()  # (seat, card) in the order played
    pending: str | None = None  # suit of a marriage shown, card not yet led
    won: tuple = (frozenset(), frozenset())  # cards taken, by side
    tricks: tuple = (0, 0)
    marriages: tuple = (0, 0)  # marriage points shown, by side
    bonus: tuple = (0, 0)
    result: tuple | None = None  # (winning side or -1, made or None)

    def opt(self, name):
        return dict(self.options)[name]


def four_hand(match, hands):
    """A dealt hand; the auction starts at the dealer's left."""
    n = len(hands)
    return Four(match.options, match.dealer, tuple(frozenset(h) for h in hands), (match.dealer + 1) % n, n)


def four_deal(order, dealer):
    """A shuffled deck, top first, in packets of three from the dealer's
    left (MORE_GAMES 2c: all 24 cards, six each, packets of three)."""
    hands = [[], [], [], []]
    for packet in range(8):
        seat = (dealer + 1 + packet) % 4
        hands[seat] += order[3 * packet : 3 * packet + 3]
    return hands


def solo(s):
    return s.bid == SOLO


def in_play(s, seat):
    """The soloist's partner sits out (RULES.md 2c)."""
    return not (s.seats == 4 and solo(s) and seat == (s.bidder + 2) % 4)


def next_seat(s, seat):
    seat = (seat + 1) % s.seats
    return seat if in_play(s, seat) else (seat + 1) % s.seats


def side_of(s, seat):
    """Four-hand: the partnership; two and three: 0 the bidder, 1 the others."""
    if s.seats == 4:
        return side(seat)
    return 0 if seat == s.bidder else 1


def four_points(s, sd):
    """Card points and bonus, and the marriages the side showed (RULES.md 2c:
    unshown ones count nothing) once it has a trick (MORE_GAMES 2c 4, as in
    Sixty-Six)."""
    total = sum(FOUR_POINTS[c[0]] for c in s.won[sd]) + s.bonus[sd]
    if s.tricks[sd]:
        total += s.marriages[sd]
    return total


def higher(card, other):
    return card[1] == other[1] and FOUR_RANKS.index(card[0]) > FOUR_RANKS.index(other[0])


def four_trick_winner(s, trick):
    """The highest trump, else the highest card of the suit led."""
    best_seat, best = trick[0]
    for seat, card in trick[1:]:
        if higher(card, best) or (card[1] == s.trump and best[1] != s.trump):
            best_seat, best = seat, card
    return best_seat


def four_playable(s):
    hand = s.hands[s.turn]
    if not s.trick:
        if s.pending is not None:
            cards = {"Q" + s.pending}
            if s.opt("marriage-lead") == "any":
                cards.add("K" + s.pending)
            return cards
        return set(hand)
    led = s.trick[0][1][1]
    follow = {c for c in hand if c[1] == led}
    if follow:
        # Head: beat the highest card of the led suit in the trick, even
        # when the trick is already trumped (MORE_GAMES 2c 3).
        top = max((c for _, c in s.trick if c[1] == led), key=lambda c: FOUR_RANKS.index(c[0]))
        over = {c for c in follow if higher(c, top)}
        return over or follow
    trumps = {c for c in hand if c[1] == s.trump}
    return trumps or set(hand)  # no duty to overtrump


def four_legal(s):
    if s.result is not None:
        return set()
    if not s.playing:
        actions = {"bid %d" % b for b in range(s.bid + 1, SOLO + 1)}
        others_passed = len(s.passed) == s.seats - 1
        # 'all-pass dealer': the dealer may not pass when the other three have.
        if not (s.bid == 0 and others_passed and s.opt("all-pass") == "dealer"):
            actions.add("pass")
        return actions
    actions = {"play " + c for c in four_playable(s)}
    if not s.trick and s.pending is None:
        hand = s.hands[s.turn]
        actions |= {"marry " + x for x in SUITS if "K" + x in hand and "Q" + x in hand}
    return actions


def four_act(s, action):
    if action not in four_legal(s):
        raise ValueError("illegal: %s" % action)
    word = action.split()
    if word[0] == "pass":
        return four_pass(s)
    if word[0] == "bid":
        return four_bid(s, int(word[1]))
    if word[0] == "marry":
        x = word[1]
        # On the very first lead the card led sets trumps: always 40
        # (MORE_GAMES 2c 4).
        worth = 40 if s.trump in (None, x) else 20
        sd = side_of(s, s.turn)
        return replace(s, pending=x, marriages=set_at(s.marriages, sd, s.marriages[sd] + worth))
    return four_play(s, word[1])


def set_at(pair, i, value):
    return tuple(value if j == i else v for j, v in enumerate(pair))


def auction_turn(s, seat):
    """The next seat after `seat` that has not passed."""
    for step in range(1, s.seats + 1):
        t = (seat + step) % s.seats
        if t not in s.passed:
            return t
    return seat


def four_pass(s):
    """A pass is final: the seat is skipped from now on (MORE_GAMES 2c 1)."""
    s = replace(s, passed=s.passed | {s.turn})
    if len(s.passed) == s.seats:
        return replace(s, result=(-1, None))  # thrown in: nothing scores
    if s.bid and len(s.passed) == s.seats - 1:
        return start_play(s)
    return replace(s, turn=auction_turn(s, s.turn))


def four_bid(s, value):
    s = replace(s, bid=value, bidder=s.turn)
    if value == SOLO or len(s.passed) == s.seats - 1:
        return start_play(s)
    return replace(s, turn=auction_turn(s, s.turn))


def start_play(s):
    """The highest bidder leads first."""
    return replace(s, playing=True, turn=s.bidder)


def four_play(s, card):
    seat = s.turn
    s = replace(s, hands=set_at(s.hands, seat, s.hands[seat] - {card}), pending=None)
    if s.trump is None:
        s = replace(s, trump=card[1])
    trick = s.trick + ((seat, card),)
    if len(trick) < sum(in_play(s, p) for p in range(s.seats)):
        return replace(s, trick=trick, turn=next_seat(s, seat))
    w = four_trick_winner(s, trick)
    sd = side_of(s, w)
    s = replace(
        s,
        trick=(),
        turn=w,
        won=set_at(s.won, sd, s.won[sd] | {c for _, c in trick}),
        tricks=set_at(s.tricks, sd, s.tricks[sd] + 1),
    )
    if any(s.hands[p] for p in range(s.seats) if in_play(s, p)):
        return s
    if s.opt("last-trick-bonus") == "10":
        s = replace(s, bonus=set_at(s.bonus, sd, 10))
    return four_result(s)


def four_result(s):
    """Played out (no claims in four-hand, MORE_GAMES 2c 5)."""
    bs = side_of(s, s.bidder)
    # The moon of the games for two and three needs every trick (README,
    # "Bidding for two and three" 2); four-hand's solo as its option says.
    if solo(s) and (s.seats < 4 or s.opt("solo") == "all-tricks"):
        made = s.tricks[1 - bs] == 0
    elif solo(s):
        made = four_points(s, bs) >= 66
    else:
        made = four_points(s, bs) >= BID_POINTS[s.bid]
    return replace(s, result=(bs if made else 1 - bs, made))


def four_game_points(match, s):
    """The change to each side's score (RULES.md 2c; MORE_GAMES 2c 5, 6)."""
    if s.bidder < 0:
        return (0, 0)
    bs = side(s.bidder)
    _winner, made = s.result
    change = [0, 0]
    change[bs] = s.bid if made else -s.bid
    change[1 - bs] = four_points(s, 1 - bs) // 33
    if match.opt("below-zero") == "no" and match.scores[bs] + change[bs] < 0:
        change[bs] = -match.scores[bs]  # a score stops at zero
    return tuple(change)


def four_finish(match, s):
    """Book a finished (or thrown-in) hand; the deal passes to the left."""
    change = four_game_points(match, s)
    scores = tuple(match.scores[i] + change[i] for i in (0, 1))
    winner = -1
    reached = [i for i in (0, 1) if scores[i] >= match.target]
    if len(reached) == 2:
        winner = side(s.bidder)  # both there: the bidding side wins (MORE_GAMES 2c 7)
    elif reached:
        winner = reached[0]
    return replace(match, scores=scores, winner=winner, dealer=(match.dealer + 1) % 4)


# --- RULES.md 3: Sixty-Five ------------------------------------------------

RANKS65 = "3456789TJQKA"  # low to high
POINTS65 = {"A": 4, "K": 3, "Q": 2, "J": 1}
TRUMP65 = "S"


@dataclass(frozen=True)
class Match65:
    target: int
    dealer: int
    scores: tuple = (0, 0)  # by side
    winner: int = -1


@dataclass(frozen=True)
class Hand65:
    hands: tuple  # four frozensets
    turn: int
    trick: tuple = ()
    piles: tuple = (frozenset(), frozenset())  # cards in each side's pile
    tricks: tuple = (0, 0)
    last: int = -1  # side that won the last trick, once all are played
    over: bool = False


def deck65():
    return [r + x for x in SUITS for r in RANKS65]


def deal65(order, dealer):
    """Twelve each, one at a time from the dealer's left."""
    hands = [[], [], [], []]
    for i, card in enumerate(order):
        hands[(dealer + 1 + i) % 4].append(card)
    return hands


def hand65(match, hands):
    """The dealer's left leads first."""
    return Hand65(tuple(frozenset(h) for h in hands), (match.dealer + 1) % 4)


def legal65(s):
    if s.over:
        return set()
    hand = s.hands[s.turn]
    if s.trick:
        follow = {c for c in hand if c[1] == s.trick[0][1][1]}
        if follow:
            return {"play " + c for c in follow}
    return {"play " + c for c in hand}


def beats65(card, best):
    if card[1] == best[1]:
        return RANKS65.index(card[0]) > RANKS65.index(best[0])
    return card[1] == TRUMP65


def act65(s, action):
    if action not in legal65(s):
        raise ValueError("illegal: %s" % action)
    card = action.split()[1]
    seat = s.turn
    s = replace(s, hands=set_at(s.hands, seat, s.hands[seat] - {card}))
    trick = s.trick + ((seat, card),)
    if len(trick) < 4:
        return replace(s, trick=trick, turn=(seat + 1) % 4)
    w, best = trick[0]
    for p, c in trick[1:]:
        if beats65(c, best):
            w, best = p, c
    partner = (w + 2) % 4
    mine = {c for p, c in trick if p == partner}
    theirs = {c for p, c in trick if p != partner}  # the winner's own card too
    sd = side(w)
    piles = set_at(s.piles, sd, s.piles[sd] | mine)
    piles = set_at(piles, 1 - sd, piles[1 - sd] | theirs)
    s = replace(s, trick=(), turn=w, piles=piles, tricks=set_at(s.tricks, sd, s.tricks[sd] + 1))
    if any(s.hands):
        return s
    return replace(s, over=True, last=sd)


def points65(s, sd):
    total = 2 * s.tricks[sd] + sum(POINTS65.get(c[0], 0) for c in s.piles[sd])
    return total + (1 if s.last == sd else 0)


def game_points65(points):
    return 2 if points >= 41 else 1 if points >= 33 else 0


def finish65(match, s):
    scores = tuple(match.scores[i] + game_points65(points65(s, i)) for i in (0, 1))
    reached = [i for i in (0, 1) if scores[i] >= match.target]
    return replace(match, scores=scores, winner=reached[0] if reached else -1, dealer=(match.dealer + 1) % 4)


# --- the bidding games for two and three (README "Bidding for two and three")


@dataclass(frozen=True)
class BidMatch:
    options: tuple
    target: int
    dealer: int
    seats: int
    scores: tuple  # by seat
    winner: int = -1  # a seat

    def opt(self, name):
        return dict(self.options)[name]


def bid_match(seats, target=7, dealer=0, **changes):
    """Four-hand's options but `solo`, which has no meaning here."""
    options = dict(FOUR_DEFAULTS)
    del options["solo"]
    for name, value in changes.items():
        if name not in options or value not in FOUR_VALUES[name]:
            raise ValueError("%s %s" % (name, value))
        options[name] = value
    return BidMatch(tuple(sorted(options.items())), target, dealer, seats, (0,) * seats)


def bid_deal(order, dealer, seats):
    """Every card dealt, in packets of four from the dealer's left (decision 1)."""
    hands = [[] for _ in range(seats)]
    for packet in range(6):
        hands[(dealer + 1 + packet) % seats] += order[4 * packet : 4 * packet + 4]
    return hands


def bid_game_points(match, s):
    """The change to each seat's score (decision 5): the bidder wins or loses
    the bid; each of the others is booked their side's points // 33."""
    change = [0] * s.seats
    if s.bidder < 0:
        return tuple(change)
    made = s.result[1]
    others = four_points(s, 1) // 33
    for seat in range(s.seats):
        if seat == s.bidder:
            change[seat] = s.bid if made else -s.bid
        else:
            change[seat] = others
        if match.opt("below-zero") == "no" and match.scores[seat] + change[seat] < 0:
            change[seat] = -match.scores[seat]
    return tuple(change)


def bid_finish(match, s):
    """Decision 6: a bidder at the target wins; otherwise the one seat with
    most points at or over it; two level there play on."""
    change = bid_game_points(match, s)
    scores = tuple(a + b for a, b in zip(match.scores, change))
    winner = -1
    if s.bidder >= 0 and scores[s.bidder] >= match.target:
        winner = s.bidder
    else:
        top = max(scores)
        leaders = [p for p in range(match.seats) if scores[p] == top]
        if top >= match.target and len(leaders) == 1:
            winner = leaders[0]
    return replace(match, scores=scores, winner=winner, dealer=(match.dealer + 1) % match.seats)


# --- game records (RECORDS.md), read plainly ---------------------------------

SEAT_LETTERS = "ABCD"
VERBS = ("play", "marry", "exchange", "close", "claim", "bid", "pass")


def read_record(text):
    """(game, options, target, hands) of a record that is known to be well
    formed; a hand is a dict: dealer, cards by seat, stock (upcard last) and
    actions [(seat, action)].  No checking: the engine's reader does that."""
    game, options, target, hands = None, {}, None, []
    for line in text.split("\n"):
        words = line.split("#")[0].split()
        if not words:
            continue
        key = words[0].lower()
        if key == "game":
            game = words[1].lower()
        elif key == "option":
            options[words[1].lower()] = words[2].lower()
        elif key == "target":
            target = int(words[1])
        elif key == "hand":
            hands.append({"cards": {}, "stock": [], "actions": []})
        elif key == "dealer":
            hands[-1]["dealer"] = SEAT_LETTERS.index(words[1].upper())
        elif key == "upcard":
            hands[-1]["upcard"] = words[1].upper()
        elif key == "stock":
            hands[-1]["stock"] = [w.upper() for w in words[1:]]
        elif len(words) > 1 and words[1].lower() in VERBS:
            action = " ".join([words[1].lower()] + [w.upper() for w in words[2:]])
            hands[-1]["actions"].append((SEAT_LETTERS.index(key.upper()), action))
        else:
            hands[-1]["cards"][SEAT_LETTERS.index(key.upper())] = [w.upper() for w in words[1:]]
    for h in hands:
        if "upcard" in h:
            h["stock"] = h["stock"] + [h["upcard"]]
    return game, options, target, hands


def three_over(s):
    return s.result is not None


# Per game: (legal actions, act, hand over, book the hand).
PARTS = {
    "three-hand": (two.legal_actions, two.act, three_over, three_finish),
    "four-hand": (four_legal, four_act, three_over, four_finish),
    "sixty-five": (legal65, act65, lambda s: s.over, finish65),
    "bid-two": (four_legal, four_act, three_over, bid_finish),
    "bid-three": (four_legal, four_act, three_over, bid_finish),
}


def replay(text):
    """Play a record's hands in this reference: the match state at the end
    and [(hand state, match state after it)] per hand.  An action by the
    wrong seat, or an illegal one, raises ValueError."""
    game, options, target, hands = read_record(text)
    if game == "three-hand":
        match = ThreeMatch(two.make_rules("sixty-six", **options), target or 7, hands[0]["dealer"])
    elif game == "four-hand":
        match = four_match(target or 7, hands[0]["dealer"], **options)
    elif game == "sixty-five":
        match = Match65(target or 5, hands[0]["dealer"])
    elif game in ("bid-two", "bid-three"):
        match = bid_match(2 if game == "bid-two" else 3, target or 7, hands[0]["dealer"], **options)
    else:
        raise ValueError("not a game of this file: %s" % game)
    legal, act, over, finish = PARTS[game]
    played = []
    for h in hands:
        if h["dealer"] != match.dealer:
            raise ValueError("the deal passes to the left")
        cards = h["cards"]
        seat_of = range(4)  # the hand's players are the table's seats
        if game == "three-hand":
            seat_of = three_players(match.dealer)
            s = three_hand(match, cards[seat_of[0]], cards[seat_of[1]], h["stock"])
        elif game != "sixty-five":
            s = four_hand(match, [cards[p] for p in range(len(cards))])
        else:
            s = hand65(match, [cards[p] for p in range(4)])
        for seat, action in h["actions"]:
            if seat_of[s.turn] != seat or action not in legal(s):
                raise ValueError("%s may not %s" % (SEAT_LETTERS[seat], action))
            s = act(s, action)
        if over(s):
            match = finish(match, s)
        played.append((s, match))
    return match, played
