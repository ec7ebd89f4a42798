"""Records of the three- and four-player games (docs/RECORDS.md): reading,
checking by replaying through the engines, writing.

`record.load` hands `game three-hand` and `game four-hand` records to
`load_multi`; like it, every problem raises `RecordError(line, reason)` with
the reason in a player's words, and nothing else escapes for any input.
"""

from typing import Any

from sixtysix.cards import NO_CARD, card_name, count, parse_suit, set_names
from sixtysix.explain import result_text
from sixtysix.four import BID, PASS, SIDE_NAMES, FourMatch, FourRules
from sixtysix.four import REASONS as FOUR_REASONS
from sixtysix.four import action_name as four_action_name
from sixtysix.hand import CLAIM, CLOSE, EXCHANGE, MARRY, REASONS, IllegalAction, action_name
from sixtysix.rules import Rules
from sixtysix.three import ThreeMatch

from .record import RecordError, _header, _is_card, _parse_cards, _twice, statements

SEATS = "ABCD"
MULTI_GAMES = ("three-hand", "four-hand")


class MultiHandResult:
    """One hand of a replayed record.  `winner` is a seat (three-hand) or a
    side (four-hand), -1 when nobody won or the hand is unfinished;
    `points` is a dict by player or side, `game_points` a tuple by seat
    (three-hand) or side (four-hand)."""

    def __init__(self) -> None:
        self.dealer = -1
        self.winner = -1
        self.points: dict = {}
        self.game_points: tuple = ()
        self.reason = "unfinished"
        self.why = "The hand is not finished"
        self.forfeit = False
        # four-hand, once the bidding is over: (seat, bid, made), made None until the hand ends
        self.bid: tuple | None = None


class MultiReplay:
    """The outcome of a whole three- or four-hand record.  `match` is left
    as it stands after the last statement (continue from `match.hand`)."""

    def __init__(self, game: str, rules, match) -> None:
        self.game = game
        self.rules = rules
        self.match = match
        self.hands: list = []

    def _names(self):
        return SIDE_NAMES if self.game == "four-hand" else ("A", "B", "C")

    def _who(self, index: int):
        return self._names()[index] if index >= 0 else None

    def to_json(self) -> dict:
        names = self._names()
        hands = []
        for h in self.hands:
            entry = {
                "dealer": SEATS[h.dealer],
                "winner": self._who(h.winner),
                "points": dict(h.points),
                "game_points": {names[i]: h.game_points[i] for i in range(len(names))},
                "reason": h.reason,
            }
            if self.game == "four-hand":
                entry["bid"] = None
                if h.bid is not None:
                    entry["bid"] = {"by": SEATS[h.bid[0]], "value": h.bid[1], "made": h.bid[2]}
            hands.append(entry)
        return {
            "game": self.game,
            "hands": hands,
            "match": {
                "score": {names[i]: self.match.scores[i] for i in range(len(names))},
                "winner": self._who(self.match.winner),
            },
        }

    def format_text(self) -> str:
        names = self._names()
        out = ["%s, first to %d" % (self.game, self.rules.target)]
        for i, h in enumerate(self.hands, 1):
            out.append("Hand %d (dealer %s): %s" % (i, SEATS[h.dealer], h.why))
            if h.reason == "unfinished":
                continue
            pts = ", ".join("%s %d" % (k, v) for k, v in h.points.items())
            gps = ", ".join("%s %d" % (names[k], h.game_points[k]) for k in range(len(names)))
            out.append("  hand points %s; game points %s (%s)" % (pts, gps, h.reason))
        m = self.match
        score = ", ".join("%s %d" % (names[k], m.scores[k]) for k in range(len(names)))
        if m.winner >= 0:
            out.append("Match: %s wins; %s" % (names[m.winner], score))
        else:
            out.append("Match: %s, not decided" % score)
        return "\n".join(out)


class _Deal:
    def __init__(self, line: int) -> None:
        self.line = line
        self.dealer = -1
        self.cards = [-1, -1, -1, -1]
        self.upcard = NO_CARD
        self.stock: list | None = None
        self.lines: dict = {}  # the line of each statement given: "dealer", "upcard", "stock", seats


def load(text: str) -> MultiReplay:
    """Parse and replay a three- or four-hand record (see `load_multi`)."""
    found = statements(text)
    line, words = next(found, (1, []))
    if not words:
        raise RecordError(1, "empty record: expected 'game three-hand' or 'game four-hand'")
    if words[0].lower() != "game" or len(words) != 2 or words[1].lower() not in MULTI_GAMES:
        raise RecordError(line, "a record starts with 'game three-hand' or 'game four-hand'")
    return load_multi(words[1].lower(), found)


def load_multi(game: str, found) -> MultiReplay:
    """Replay the statements (line, words) that follow the first line of a
    record, which named `game`; RecordError on the first problem."""
    three = game == "three-hand"
    seats = "ABC" if three else "ABCD"
    rules: Any = Rules() if three else FourRules()
    replay = None
    deal = None
    hand = None
    match: Any = None
    for line, words in found:
        key = words[0].lower()
        if key in ("option", "target"):
            if replay is not None:
                raise RecordError(line, "'%s' must come before the first hand" % key)
            _header(rules, key, words, line)
            continue
        if replay is None:
            match = ThreeMatch(rules) if three else FourMatch(rules)
            replay = MultiReplay(game, rules, match)
        if key == "hand":
            if len(words) != 1:
                raise RecordError(line, "'hand' takes nothing after it")
            if deal is not None:
                hand = _start(match, deal, three)
                replay.hands.append(_unfinished(match, hand))
            if hand is not None and not hand.over:
                raise RecordError(line, "a new hand begins before the last one is finished")
            if match.winner >= 0:
                raise RecordError(line, "the match is already over")
            deal = _Deal(line)
            hand = None
        elif key in ("dealer", "upcard", "stock") or (
            len(key) == 1 and len(words) > 1 and _is_card(words[1])
        ):
            if deal is None:
                raise RecordError(line, "deal statements belong right after 'hand'")
            _deal_statement(deal, key, words, line, seats, three)
        elif key == "game":
            raise RecordError(line, "'game' may appear only once, on the first line")
        elif len(key) == 1:
            p = _seat(words[0], line, seats)
            if deal is not None:
                hand = _start(match, deal, three)
                deal = None
                replay.hands.append(_unfinished(match, hand))
            if hand is None:
                raise RecordError(line, "an action before the first hand was dealt")
            _action(match, replay, hand, p, words, line, three)
        else:
            raise RecordError(line, "unknown statement '%s'" % words[0])
    if replay is None:
        match = ThreeMatch(rules) if three else FourMatch(rules)
        replay = MultiReplay(game, rules, match)
    if deal is not None:
        hand = _start(match, deal, three)
        replay.hands.append(_unfinished(match, hand))
    return replay


def _seat(word: str, line: int, seats: str) -> int:
    p = word.upper()
    if len(p) != 1 or p not in seats:
        raise RecordError(line, "unknown player '%s' (%s)" % (word, " ".join(seats)))
    return seats.index(p)


def _deal_statement(deal: _Deal, key: str, words, line: int, seats: str, three: bool) -> None:
    if key == "dealer":
        if key in deal.lines:
            raise _twice(key, line)
        if len(words) != 2:
            raise RecordError(line, "dealer takes one player")
        deal.dealer = _seat(words[1], line, seats)
        deal.lines[key] = line
    elif key in ("upcard", "stock"):
        if not three:
            raise RecordError(line, "four-hand has no %s: all 24 cards are dealt" % key)
        if key in deal.lines:
            raise _twice(key, line)
        deal.lines[key] = line
        if key == "upcard":
            if len(words) != 2:
                raise RecordError(line, "upcard takes one card")
            deal.upcard = _parse_cards(words[1:], line)[0]
        else:
            deal.stock = _parse_cards(words[1:], line)
    else:
        p = _seat(key, line, seats)
        if three and p == deal.dealer:
            raise RecordError(line, "%s deals and sits out: the dealer has no cards" % seats[p])
        if deal.cards[p] >= 0:
            raise RecordError(line, "%s's cards are given twice" % seats[p])
        deal.lines[p] = line
        mask = 0
        for c in _parse_cards(words[1:], line):
            if (mask >> c) & 1:
                raise RecordError(line, "%s is listed twice" % card_name(c))
            mask |= 1 << c
        deal.cards[p] = mask


def _start(match, deal: _Deal, three: bool):
    """Check a complete deal and start its hand.  What is wrong with a
    statement is reported at its line; what is missing, at the `hand` line."""
    line = deal.line
    if deal.dealer < 0:
        raise RecordError(line, "the hand has no 'dealer' statement")
    d = deal.dealer
    seats = "ABC" if three else "ABCD"
    if match.dealer >= 0 and d != match.dealer:
        raise RecordError(
            deal.lines["dealer"], "the dealer must be %s: the deal passes to the left" % seats[match.dealer]
        )
    players = [s for s in range(len(seats)) if not (three and s == d)]
    if three and deal.cards[d] >= 0:  # the dealer was named after its cards were given
        raise RecordError(deal.lines["dealer"], "%s deals and sits out: the dealer has no cards" % seats[d])
    parts = []  # (line, mask) of each statement that gives cards
    for s in players:
        if deal.cards[s] < 0:
            raise RecordError(line, "the hand does not give %s's cards" % seats[s])
        if count(deal.cards[s]) != 6:
            raise RecordError(
                deal.lines[s], "%s must be dealt 6 cards, not %d" % (seats[s], count(deal.cards[s]))
            )
        parts.append((deal.lines[s], deal.cards[s]))
    stock: list = []
    if three:
        if deal.upcard == NO_CARD:
            raise RecordError(line, "the hand has no 'upcard' statement")
        if deal.stock is None:
            raise RecordError(line, "the hand has no 'stock' statement")
        stock = deal.stock
        mask = 0
        for c in stock:
            if (mask >> c) & 1:
                raise RecordError(deal.lines["stock"], "%s is dealt twice" % card_name(c))
            mask |= 1 << c
        parts += [(deal.lines["stock"], mask), (deal.lines["upcard"], 1 << deal.upcard)]
    seen = 0
    for where, mask in sorted(parts):
        twice = seen & mask
        if twice:
            raise RecordError(where, "%s is dealt twice" % set_names(twice))
        seen |= mask
    missing = 0xFFFFFF & ~seen
    if missing:
        raise RecordError(line, "the deal lacks %s" % set_names(missing))
    try:
        if three:
            left = deal.cards[(d + 1) % 3]
            right = deal.cards[(d + 2) % 3]
            return match.deal(d, left, right, [*stock, deal.upcard])
        return match.deal(d, deal.cards)
    except ValueError as e:
        raise RecordError(line, str(e)) from None


def _unfinished(match, hand) -> MultiHandResult:
    result = MultiHandResult()
    result.dealer = match.dealer
    _fill_points(match, hand, result)
    return result


def _fill_points(match, hand, result: MultiHandResult) -> None:
    if isinstance(match, ThreeMatch):
        for p in range(2):
            result.points[SEATS[match.seat_of(p)]] = hand.score(p)
        result.game_points = (0, 0, 0)
    else:
        result.points = {"AC": hand.side_score(0), "BD": hand.side_score(1)}
        result.game_points = (0, 0)
        if hand.bidder >= 0 and hand.phase != 0:
            result.bid = (hand.bidder, hand.high_bid, hand.made if hand.over else None)


_THREE_VERBS = {"exchange": EXCHANGE, "close": CLOSE, "claim": CLAIM}


def _action(match, replay: MultiReplay, hand, p: int, words, line: int, three: bool) -> None:
    seats = "ABC" if three else "ABCD"
    verb = words[1].lower() if len(words) > 1 else ""
    if hand.over:
        raise RecordError(line, "%s cannot act: the hand is over" % seats[p])
    if verb == "play":
        if len(words) != 3:
            raise RecordError(line, "'play' takes one card")
        code = _parse_cards(words[2:], line)[0]
    elif verb == "marry":
        if len(words) != 3:
            raise RecordError(line, "'marry' takes one suit")
        try:
            code = MARRY + parse_suit(words[2])
        except ValueError as e:
            raise RecordError(line, str(e)) from None
    elif three and verb in _THREE_VERBS:
        if len(words) != 2:
            raise RecordError(line, "'%s' takes nothing after it" % verb)
        code = _THREE_VERBS[verb]
    elif not three and verb == "pass":
        if len(words) != 2:
            raise RecordError(line, "'pass' takes nothing after it")
        code = PASS
    elif not three and verb == "bid":
        if len(words) != 3 or words[2] not in ("1", "2", "3", "4", "5"):
            raise RecordError(line, "'bid' takes a number from 1 to 5 (5 = solo)")
        code = BID + int(words[2])
    else:
        known = "play, marry, exchange, close, claim" if three else "bid, pass, play, marry"
        raise RecordError(line, "unknown action '%s' (%s)" % (" ".join(words[1:]), known))
    if three:
        if p == match.dealer:
            raise RecordError(line, "%s deals this hand and sits out" % seats[p])
        turn = match.turn_seat()
    else:
        turn = hand.turn
    if p != turn:
        raise RecordError(line, "%s cannot act now: it is %s's turn" % (seats[p], seats[turn]))
    try:
        if three:
            match.act(code)
        else:
            hand.act(code)
    except IllegalAction as e:
        raise RecordError(line, str(e)) from None
    result = replay.hands[-1]
    _fill_points(match, hand, result)
    if hand.over:
        _finish(match, hand, result, three)


def _finish(match, hand, result: MultiHandResult, three: bool) -> None:
    if three:
        names = SEATS[match.seat_of(0)] + SEATS[match.seat_of(1)]
        result.winner = match.seat_of(hand.winner) if hand.winner >= 0 else -1
        result.reason = REASONS[hand.reason]
        result.why = result_text(hand, names)
        result.forfeit = hand.forfeit
        match.finish_hand()
        result.game_points = tuple(match.awarded)
        return
    result.winner = hand.winner
    result.reason = FOUR_REASONS[hand.reason]
    result.why = four_result_text(hand)
    match.finish_hand()
    result.game_points = tuple(match.awarded)


def four_result_text(hand) -> str:
    """One line: the contract and whether it was made."""
    if hand.bidder < 0:
        return "Everybody passed; the hand is thrown in"
    side = hand.bidder & 1
    what = "a solo" if hand.high_bid == 5 else "%d (%d points)" % (hand.high_bid, hand.high_bid * 33)
    verdict = "made it" if hand.made else "failed"
    return "%s bid %s for %s and %s with %d points; %s took %d" % (
        SEATS[hand.bidder],
        what,
        SIDE_NAMES[side],
        verdict,
        hand.side_score(side),
        SIDE_NAMES[1 - side],
        hand.side_score(1 - side),
    )


class MultiRecordWriter:
    """Builds a three- or four-hand record while a match is played: call
    `begin_hand` right after each deal and `sync` after actions (at the
    latest before `finish_hand`)."""

    def __init__(self, match) -> None:
        rules = match.rules
        self.match = match
        self.lines = ["game " + match.name]
        for name, value in rules.changed_options():
            self.lines.append("option %s %s" % (name, value))
        if rules.target != 7:
            self.lines.append("target %d" % rules.target)
        self._written = 0
        self._names = ""

    def begin_hand(self) -> None:
        m = self.match
        h = m.hand
        self.lines += ["", "hand", "dealer " + SEATS[m.dealer]]
        if isinstance(m, ThreeMatch):
            self._names = SEATS[m.seat_of(0)] + SEATS[m.seat_of(1)]
            for s in range(3):
                p = m.player_of(s)
                if p >= 0:
                    self.lines.append(SEATS[s] + " " + _names_of(h.hands[p]))
            n = len(h.stock)
            self.lines.append("upcard " + card_name(h.stock[n - 1]))
            self.lines.append("stock " + " ".join(card_name(h.stock[i]) for i in range(n - 1)))
        else:
            for s in range(4):
                self.lines.append(SEATS[s] + " " + _names_of(h.hands[s]))
        self._written = 0

    def sync(self) -> None:
        h = self.match.hand
        three = isinstance(self.match, ThreeMatch)
        while self._written < h.nlog:
            i = self._written
            if three:
                entry = h.log[i]
                self.lines.append("%s %s" % (self._names[entry >> 7], action_name(entry & 0x7F)))
            else:
                self.lines.append("%s %s" % (SEATS[h.log_seat[i]], four_action_name(h.log[i])))
            self._written += 1

    def text(self) -> str:
        return "\n".join(self.lines) + "\n"


def _names_of(cards: int) -> str:
    return " ".join(card_name(c) for c in range(24) if (cards >> c) & 1)
