"""A second, deliberately plain reading of RULES.md sections 1 and 2a.

It shares no code with firmware/sixtysix: cards are strings like "TS",
hands are frozensets, and every action returns a new immutable `State`.
It is slow and has no search tricks, so it can be read against the rules
line by line.  The tests compare its legal actions, results and perft
counts with the engine's (host_tests/test_perft_reference.py).

Actions are spelled as in game records: "play TS", "marry H", "exchange",
"close", "claim".
"""

from dataclasses import dataclass, replace

RANKS = "9JQKTA"  # low to high
SUITS = "CDHS"
POINTS = {"9": 0, "J": 2, "Q": 3, "K": 4, "T": 10, "A": 11}
WIN = 66
SCHNEIDER = 33

# Option record names and their values, the Sixty-Six default first.
DEFAULTS = {
    "mode": "counting",
    "marry-after-close": "yes",
    "marriage-lead": "any",
    "exchange-when": "lead",
    "exchange-needs-trick": "yes",
    "close-by": "leader",
    "void": "any",
    "head": "no",
    "last-trick-bonus": "10",
    "played-out": "points",
    "no-winner": "pot",
    "schwarz": "3",
    "false-claim": "2",
    "closer-failed": "2or3",
    "closer-won": "end",
}
# RULES.md 2a: what Schnapsen changes.
SCHNAPSEN = {
    "exchange-needs-trick": "no",
    "void": "trump",
    "head": "yes",
    "last-trick-bonus": "0",
    "played-out": "last-trick",
    "closer-won": "close",
}


def rank(card):
    return card[0]


def suit(card):
    return card[1]


def beats(card, other):
    """Higher rank of the same suit."""
    return suit(card) == suit(other) and RANKS.index(rank(card)) > RANKS.index(rank(other))


@dataclass(frozen=True)
class Rules:
    game: str  # "sixty-six" or "schnapsen"
    options: tuple  # (name, value) pairs, every option

    def opt(self, name):
        return dict(self.options)[name]


def make_rules(game, **changes):
    """Rules of a game with options changed by record name."""
    options = dict(DEFAULTS)
    if game == "schnapsen":
        options.update(SCHNAPSEN)
    elif game != "sixty-six":
        raise ValueError(game)
    for name, value in changes.items():
        if name not in options:
            raise ValueError("unknown option %s" % name)
        options[name] = value
    return Rules(game, tuple(sorted(options.items())))


@dataclass(frozen=True)
class State:
    rules: Rules
    hands: tuple  # two frozensets of cards
    stock: tuple  # cards still to draw, top first, upcard last
    trump: str
    turn: int  # who acts now
    leader: int
    led: str | None = None  # card led to the trick in progress
    pending: str | None = None  # suit of a marriage declared, card not yet led
    closer: int | None = None
    exchanged: bool = False
    won: tuple = (frozenset(), frozenset())
    tricks: tuple = (0, 0)
    marriage_points: tuple = (0, 0)
    bonus: tuple = (0, 0)  # last-trick 10
    score_at_close: tuple = (0, 0)
    tricks_at_close: tuple = (0, 0)
    result: tuple | None = None  # (winner or -1, game points, reason, forfeit)


def new_hand(rules, hand_a, hand_b, stock, leader):
    """A hand as dealt: stock is the cards to draw, top first, upcard last."""
    return State(
        rules=rules,
        hands=(frozenset(hand_a), frozenset(hand_b)),
        stock=tuple(stock),
        trump=suit(stock[-1]),
        turn=leader,
        leader=leader,
    )


def set_pair(pair, player, value):
    return (value, pair[1]) if player == 0 else (pair[0], value)


def score(s, p):
    """Card points and bonus; marriages only once p has won a trick."""
    total = sum(POINTS[rank(c)] for c in s.won[p]) + s.bonus[p]
    if s.tricks[p]:
        total += s.marriage_points[p]
    return total


def strict(s):
    return s.closer is not None or not s.stock


def facedown(s):
    return max(len(s.stock) - 1, 0)


# --- what may be done -------------------------------------------------------


def playable(s):
    """Cards the player to act may play now."""
    p = s.turn
    hand = s.hands[p]
    if s.led is None:
        if s.pending is not None:
            queen = "Q" + s.pending
            king = "K" + s.pending
            return {queen} if s.rules.opt("marriage-lead") == "queen" else {queen, king}
        return set(hand)
    if not strict(s):
        return set(hand)
    same_suit = {c for c in hand if suit(c) == suit(s.led)}
    if same_suit:
        if s.rules.opt("head") == "yes":
            higher = {c for c in same_suit if beats(c, s.led)}
            if higher:
                return higher
        return same_suit
    if s.rules.opt("void") == "trump":
        trumps = {c for c in hand if suit(c) == s.trump}
        if trumps:
            return trumps
    return set(hand)


def may_exchange(s):
    p = s.turn
    exchange_card = ("J" if s.rules.game == "schnapsen" else "9") + s.trump
    if exchange_card not in s.hands[p] or s.exchanged:
        return False
    if s.closer is not None or facedown(s) < 1 or s.pending is not None:
        return False
    if s.led is not None and s.rules.opt("exchange-when") == "lead":
        return False
    if s.rules.opt("exchange-needs-trick") == "yes" and s.tricks[p] == 0:
        return False
    return True


def may_close(s):
    if s.closer is not None or facedown(s) < 1 or s.pending is not None:
        return False
    return s.led is None or s.rules.opt("close-by") == "either"


def marriages(s):
    """Suits in which the player on lead may declare a marriage now."""
    if s.led is not None or s.pending is not None:
        return []
    if strict(s) and s.rules.opt("marry-after-close") == "no":
        return []
    hand = s.hands[s.turn]
    return [x for x in SUITS if "K" + x in hand and "Q" + x in hand]


def legal_actions(s):
    if s.result is not None:
        return set()
    actions = {"play " + c for c in playable(s)}
    actions |= {"marry " + x for x in marriages(s)}
    if may_exchange(s):
        actions.add("exchange")
    if may_close(s):
        actions.add("close")
    actions.add("claim")
    return actions


# --- doing it ---------------------------------------------------------------


def act(s, action):
    """The state after a legal action."""
    if action not in legal_actions(s):
        raise ValueError("illegal: %s" % action)
    p = s.turn
    word = action.split()
    if word[0] == "play":
        return play(s, word[1])
    if word[0] == "marry":
        return marry(s, word[1])
    if word[0] == "exchange":
        upcard = s.stock[-1]
        mine = ("J" if s.rules.game == "schnapsen" else "9") + s.trump
        hand = (s.hands[p] - {mine}) | {upcard}
        return replace(s, hands=set_pair(s.hands, p, hand), stock=s.stock[:-1] + (mine,), exchanged=True)
    if word[0] == "close":
        return replace(
            s,
            closer=p,
            score_at_close=(score(s, 0), score(s, 1)),
            tricks_at_close=s.tricks,
        )
    return claim(s, p)


def marry(s, x):
    p = s.turn
    worth = 40 if x == s.trump else 20
    s = replace(s, pending=x, marriage_points=set_pair(s.marriage_points, p, s.marriage_points[p] + worth))
    if s.rules.opt("mode") == "assisted" and s.tricks[p] and score(s, p) >= WIN:
        return claim(s, p)
    return s


def play(s, card):
    p = s.turn
    s = replace(s, hands=set_pair(s.hands, p, s.hands[p] - {card}))
    if s.led is None:
        return replace(s, led=card, pending=None, turn=1 - p)
    led = s.led
    leader = s.leader
    if beats(card, led) or (suit(card) == s.trump and suit(led) != s.trump):
        winner = p
    else:
        winner = leader
    s = replace(
        s,
        led=None,
        leader=winner,
        turn=winner,
        won=set_pair(s.won, winner, s.won[winner] | {card, led}),
        tricks=set_pair(s.tricks, winner, s.tricks[winner] + 1),
    )
    if s.closer is None and s.stock:
        loser = 1 - winner
        hands = set_pair(s.hands, winner, s.hands[winner] | {s.stock[0]})
        hands = set_pair(hands, loser, hands[loser] | {s.stock[1]})
        s = replace(s, hands=hands, stock=s.stock[2:])
    if not s.hands[0] and not s.hands[1]:
        return played_out(s, winner)
    if s.rules.opt("mode") == "assisted" and score(s, winner) >= WIN:
        return claim(s, winner)
    return s


# --- how a hand ends ------------------------------------------------------


def finish(s, winner, points, reason, forfeit=False):
    return replace(s, result=(winner, points, reason, forfeit), pending=None)


def win_points(s, w):
    """1, 2 or 3 for w, judged on the loser's points and tricks."""
    loser = 1 - w
    if s.closer == w and s.rules.opt("closer-won") == "close":
        points = s.score_at_close[loser]
        tricks = s.tricks_at_close[loser]
    else:
        points = score(s, loser)
        tricks = s.tricks[loser]
    if tricks == 0:
        return 2 if s.rules.opt("schwarz") == "2" else 3
    return 2 if points < SCHNEIDER else 1


def closer_failed(s):
    other = 1 - s.closer
    points = 2
    if s.rules.opt("closer-failed") == "2or3" and s.tricks_at_close[other] == 0:
        points = 3
    return finish(s, other, points, "closer-failed")


def claim(s, p):
    other = 1 - p
    if score(s, p) >= WIN:
        if s.closer == other:
            return closer_failed(s)
        return finish(s, p, win_points(s, p), "claim")
    rule = s.rules.opt("false-claim")
    if rule == "match":
        return finish(s, other, 0, "false-claim", forfeit=True)
    points = 3 if rule == "2or3" and s.tricks[other] == 0 else 2
    return finish(s, other, points, "false-claim")


def played_out(s, last):
    if s.closer is not None:
        if score(s, s.closer) >= WIN:
            return finish(s, s.closer, win_points(s, s.closer), "played-out")
        return closer_failed(s)
    if s.rules.opt("last-trick-bonus") == "10":
        s = replace(s, bonus=set_pair(s.bonus, last, 10))
    if s.rules.opt("played-out") == "last-trick":
        return finish(s, last, win_points(s, last), "last-trick")
    over = [score(s, p) >= WIN for p in (0, 1)]
    if over[0] != over[1]:
        w = 0 if over[0] else 1
        return finish(s, w, win_points(s, w), "played-out")
    if s.rules.opt("no-winner") == "last-trick":
        return finish(s, last, win_points(s, last), "last-trick")
    return finish(s, -1, 0, "no-winner")


def perft(s, depth):
    """Action sequences of length `depth`; one that ends the hand is a leaf."""
    if depth == 0:
        return 1
    total = 0
    for action in legal_actions(s):
        after = act(s, action)
        total += 1 if depth == 1 or after.result is not None else perft(after, depth - 1)
    return total
