"""Game records (docs/RECORDS.md): reading, checking, writing.

`load(text)` parses a record and replays it through the real engine, so a
record is accepted exactly when the engine accepts every action in it.  Any
problem raises `RecordError` with the line number and a reason a player
understands; nothing else escapes for any input.
"""

from sixtysix.cards import NO_CARD, card_name, count, parse_card, parse_suit, set_names
from sixtysix.explain import result_text
from sixtysix.hand import CLAIM, CLOSE, EXCHANGE, MARRY, REASONS, Hand, IllegalAction, action_name
from sixtysix.match import Match
from sixtysix.rules import GAME_NAMES, Rules

from .textin import ascii_int, shown

PLAYERS = "AB"
LATER_GAMES = ("three-hand", "four-hand", "sixty-five")


_REASON_MAX = 200  # longest reason printed whole: reasons quote the record's words


def _clipped(text: str) -> str:
    if len(text) <= _REASON_MAX:
        return text
    return text[: _REASON_MAX - 60] + " ... " + text[-55:]


class RecordError(Exception):
    """A problem at `line` of a record (0: with the file itself).  Reasons
    quote the record, so they are made safe to print: control characters
    escaped, and a giant word cut in the middle (what the reason says after
    the quote is kept)."""

    def __init__(self, line: int, reason: str) -> None:
        reason = _clipped(shown(_clipped(reason)))
        super().__init__("%d: %s" % (line, reason))
        self.line = line
        self.reason = reason


class HandResult:
    """One hand of a replayed record."""

    def __init__(self, hand: Hand, awarded, finished: bool) -> None:
        self.finished = finished
        self.winner = hand.winner if finished else -1
        self.points = (hand.score(0), hand.score(1))
        self.game_points = tuple(awarded) if finished else (0, 0)
        self.reason = REASONS[hand.reason] if finished else "unfinished"
        self.why = result_text(hand) if finished else "The hand is not finished"
        self.forfeit = hand.forfeit


class Replay:
    """The outcome of a whole record: rules, hands, match score and winner.
    `match` is left as it stands after the last statement, so a record that
    stops mid-hand can be continued from `match.hand`."""

    def __init__(self, rules: Rules, match: Match) -> None:
        self.rules = rules
        self.match = match
        self.hands: list = []

    def to_json(self) -> dict:
        def by_player(pair):
            return {"A": pair[0], "B": pair[1]}

        return {
            "game": self.rules.name,
            "hands": [
                {
                    "winner": PLAYERS[h.winner] if h.winner >= 0 else None,
                    "points": by_player(h.points),
                    "game_points": by_player(h.game_points),
                    "reason": h.reason,
                }
                for h in self.hands
            ],
            "match": {
                "score": by_player(self.match.scores),
                "winner": PLAYERS[self.match.winner] if self.match.winner >= 0 else None,
            },
        }


LONGEST_STATEMENT = 1000  # characters; the longest a game writes is under 40


def statements(text: str):
    """(line number, words) for every statement, comments and blanks dropped.
    Lines end at '\n' only (a '\r' before it is dropped), so line numbers
    are grep -n's and a form feed or U+2028 cannot end a comment; words are
    separated by spaces and tabs only.  One line at a time, and a statement
    far longer than any game writes is refused before it is split into
    words: a huge record costs little more than its text."""
    start = 0
    number = 0
    end = len(text)
    while start < end:
        stop = text.find("\n", start)
        if stop < 0:
            stop = end
        number += 1
        line = text[start:stop]
        start = stop + 1
        if line.endswith("\r"):
            line = line[:-1]
        statement = line.split("#", 1)[0]
        if len(statement) > LONGEST_STATEMENT:
            raise RecordError(
                number, "a statement is at most %d characters long (comments not counted)" % LONGEST_STATEMENT
            )
        words = [w for w in statement.replace("\t", " ").split(" ") if w]
        if words:
            yield number, words


def first_statement(text: str):
    """(line, words) of the record's first statement; (1, []) if it has none."""
    return next(statements(text), (1, []))


class _Deal:
    """The deal statements of one hand, gathered until the first action."""

    def __init__(self, line: int) -> None:
        self.line = line
        self.dealer = -1
        self.cards = [-1, -1]
        self.upcard = NO_CARD
        self.stock: list | None = None
        self.lines: dict = {}  # the line of each statement given: "dealer", "upcard", "stock", 0, 1


def _parse_cards(words, line: int) -> list:
    out = []
    for w in words:
        try:
            out.append(parse_card(w))
        except ValueError as e:
            raise RecordError(line, str(e)) from None
    return out


def _player(word: str, line: int) -> int:
    p = word.upper()
    if len(p) != 1 or p not in PLAYERS:
        raise RecordError(line, "unknown player '%s' (A or B)" % word)
    return PLAYERS.index(p)


def load(text: str, on_action=None) -> Replay:
    """Parse and replay a record; RecordError on the first problem.
    `on_action(line, hand, code)`, if given, sees the hand before each
    action is taken (after the action is parsed and it is the player's
    turn, but before it is checked): what `sixtysix analyse` studies."""
    found = statements(text)
    line, words = next(found, (1, []))
    if not words:
        raise RecordError(1, "empty record: expected 'game sixty-six' or 'game schnapsen'")
    if words[0].lower() != "game" or len(words) != 2:
        raise RecordError(line, "a record starts with 'game NAME'")
    name = words[1].lower()
    if name in ("three-hand", "four-hand"):
        from .record_multi import load_multi

        return load_multi(name, found)  # type: ignore[return-value]
    if name == "sixty-five":
        from .record65 import load as load65

        return load65(text, on_action)  # type: ignore[return-value]
    if name in LATER_GAMES:
        raise RecordError(line, "game '%s' is not supported yet" % name)
    if name not in GAME_NAMES:
        raise RecordError(line, "unknown game '%s' (sixty-six or schnapsen)" % words[1])
    rules = Rules(GAME_NAMES.index(name))
    replay: Replay | None = None
    match = Match(rules)
    deal: _Deal | None = None  # deal statements of a hand not yet started
    hand: Hand | None = None  # the hand being played
    for line, words in found:
        key = words[0].lower()
        if key in ("option", "target"):
            if replay is not None:
                raise RecordError(line, "'%s' must come before the first hand" % key)
            _header(rules, key, words, line)
            continue
        if replay is None:
            match = Match(rules)
            replay = Replay(rules, match)
        if key == "hand":
            if len(words) != 1:
                raise RecordError(line, "'hand' takes nothing after it")
            if deal is not None:
                hand = _start(match, deal)
            if hand is not None and not hand.over:
                raise RecordError(line, "a new hand begins before the last one is finished")
            if match.winner >= 0:
                raise RecordError(line, "the match is already over")
            deal = _Deal(line)
            hand = None
        elif key in ("dealer", "upcard", "stock") or (
            key in ("a", "b") and len(words) > 1 and _is_card(words[1])
        ):
            if deal is None:
                raise RecordError(line, "deal statements belong right after 'hand'")
            _deal_statement(deal, key, words, line)
        elif key == "game":
            raise RecordError(line, "'game' may appear only once, on the first line")
        elif len(key) == 1:
            p = _player(words[0], line)
            if deal is not None:
                hand = _start(match, deal)
                deal = None
            if hand is None:
                raise RecordError(line, "an action before the first hand was dealt")
            _action(match, replay, hand, p, words, line, on_action)
        else:
            raise RecordError(line, "unknown statement '%s'" % words[0])
    if replay is None:
        replay = Replay(rules, match)
    if deal is not None:
        hand = _start(match, deal)
    if hand is not None and not hand.over:
        replay.hands.append(HandResult(hand, match.awarded, False))
    return replay


def _is_card(word: str) -> bool:
    try:
        parse_card(word)
    except ValueError:
        return False
    return True


def _header(rules, key: str, words, line: int) -> None:
    """`target N` or `option NAME VALUE`, for the rules of any game."""
    if key == "target":
        target = ascii_int(words[1], 1, 99) if len(words) == 2 else None
        if target is None:
            raise RecordError(line, "target takes a number of game points from 1 to 99")
        rules.target = target
        return
    if len(words) != 3:
        raise RecordError(line, "option takes a name and a value")
    try:
        rules.set_option(words[1].lower(), words[2])
    except ValueError as e:
        raise RecordError(line, str(e)) from None


def _twice(key: str, line: int) -> RecordError:
    return RecordError(line, "'%s' is given twice in one deal" % key)


def _deal_statement(deal: _Deal, key: str, words, line: int) -> None:
    if key in deal.lines:
        raise _twice(key, line)
    deal.lines[PLAYERS.index(key.upper()) if key in ("a", "b") else key] = line
    if key == "dealer":
        if len(words) != 2:
            raise RecordError(line, "dealer takes one player")
        deal.dealer = _player(words[1], line)
    elif key == "upcard":
        if len(words) != 2:
            raise RecordError(line, "upcard takes one card")
        deal.upcard = _parse_cards(words[1:], line)[0]
    elif key == "stock":
        deal.stock = _parse_cards(words[1:], line)
    else:
        p = PLAYERS.index(key.upper())
        if deal.cards[p] >= 0:
            raise RecordError(line, "%s's cards are given twice" % PLAYERS[p])
        mask = 0
        for c in _parse_cards(words[1:], line):
            if (mask >> c) & 1:
                raise RecordError(line, "%s is listed twice" % card_name(c))
            mask |= 1 << c
        deal.cards[p] = mask


def _start(match: Match, deal: _Deal) -> Hand:
    """Check a complete deal and start its hand.  What is wrong with a
    statement is reported at its line; what is missing, at the `hand` line."""
    line = deal.line
    r = match.rules
    if deal.dealer < 0:
        raise RecordError(line, "the hand has no 'dealer' statement")
    for p in range(2):
        if deal.cards[p] < 0:
            raise RecordError(line, "the hand does not give %s's cards" % PLAYERS[p])
        if count(deal.cards[p]) != r.hand_size:
            raise RecordError(
                deal.lines[p],
                "%s must be dealt %d cards, not %d" % (PLAYERS[p], r.hand_size, count(deal.cards[p])),
            )
    if deal.upcard == NO_CARD:
        raise RecordError(line, "the hand has no 'upcard' statement")
    if deal.stock is None:
        raise RecordError(line, "the hand has no 'stock' statement")
    if match.dealer >= 0 and deal.dealer != match.dealer:
        raise RecordError(
            deal.lines["dealer"], "the dealer must be %s: the deal alternates" % PLAYERS[match.dealer]
        )
    parts = [(deal.lines[0], _bits(deal.cards[0])), (deal.lines[1], _bits(deal.cards[1]))]
    parts += [(deal.lines["stock"], deal.stock), (deal.lines["upcard"], [deal.upcard])]
    seen = 0
    for where, cards in sorted(parts, key=lambda part: part[0]):
        for c in cards:
            if (seen >> c) & 1:
                raise RecordError(where, "%s is dealt twice" % card_name(c))
            seen |= 1 << c
            if not (r.deck() >> c) & 1:
                raise RecordError(where, "%s not in the %s deck" % (card_name(c), r.name))
    missing = r.deck() & ~seen
    if missing:
        raise RecordError(line, "the deal lacks %s" % set_names(missing))
    d = deal.dealer
    try:
        match.hand.deal(d, deal.cards[d], deal.cards[1 - d], [*deal.stock, deal.upcard])
    except ValueError as e:
        raise RecordError(line, str(e)) from None
    match.dealer = d
    return match.hand


def _bits(mask: int) -> list:
    return [c for c in range(24) if (mask >> c) & 1]


_SIMPLE = {"exchange": EXCHANGE, "close": CLOSE, "claim": CLAIM}


def _action(match: Match, replay: Replay, hand: Hand, p: int, words, line: int, on_action=None) -> None:
    verb = words[1].lower() if len(words) > 1 else ""
    if hand.over:
        raise RecordError(line, "%s cannot act: the hand is over" % PLAYERS[p])
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
    elif verb in _SIMPLE:
        if len(words) != 2:
            raise RecordError(line, "'%s' takes nothing after it" % verb)
        code = _SIMPLE[verb]
    else:
        raise RecordError(
            line, "unknown action '%s' (play, marry, exchange, close, claim)" % " ".join(words[1:])
        )
    if p != hand.turn:
        raise RecordError(line, "%s cannot act now: it is %s's turn" % (PLAYERS[p], PLAYERS[hand.turn]))
    if on_action is not None:
        on_action(line, hand, code)
    try:
        hand.act(code)
    except IllegalAction as e:
        raise RecordError(line, str(e)) from None
    if hand.over:
        match.finish_hand()
        replay.hands.append(HandResult(hand, match.awarded, True))


class RecordWriter:
    """Builds a record while a match is played: call `begin_hand` right after
    each deal and `sync` after actions (or once when the hand is over)."""

    def __init__(self, rules: Rules) -> None:
        self.lines = ["game " + rules.name]
        for name, value in rules.changed_options():
            self.lines.append("option %s %s" % (name, value))
        if rules.target != 7:
            self.lines.append("target %d" % rules.target)
        self._written = 0

    @classmethod
    def resume(cls, text: str, hand: Hand | None = None) -> "RecordWriter":
        """Continue a record that `load(text)` accepted: what follows is
        appended, and the actions `hand` took before are not written again."""
        writer = cls.__new__(cls)
        writer.lines = text.rstrip("\n").split("\n")  # at '\n' only, as `load` read it
        writer._written = hand.nlog if hand is not None else 0
        return writer

    def begin_hand(self, hand: Hand) -> None:
        n = len(hand.stock)
        self.lines += [
            "",
            "hand",
            "dealer " + PLAYERS[hand.dealer],
            "A " + " ".join(card_name(c) for c in _bits(hand.hands[0])),
            "B " + " ".join(card_name(c) for c in _bits(hand.hands[1])),
            "upcard " + card_name(hand.stock[n - 1]),
            "stock " + " ".join(card_name(hand.stock[i]) for i in range(n - 1)),
        ]
        self._written = 0

    def sync(self, hand: Hand) -> None:
        while self._written < hand.nlog:
            entry = hand.log[self._written]
            self.lines.append("%s %s" % (PLAYERS[entry >> 7], action_name(entry & 0x7F)))
            self._written += 1

    def text(self) -> str:
        return "\n".join(self.lines) + "\n"
