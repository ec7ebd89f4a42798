"""Game records (docs/RECORDS.md) of every game: reading, checking, writing.

    from sixtysix_tools import records
    replay = records.read(text)          # any game; RecordError on a problem
    replay.game, replay.rules, replay.match, replay.hands, replay.to_json()
    writer = records.RecordWriter(match)  # while a match is played
    writer.begin_hand(); ...; writer.sync(); writer.text()

`read` parses a record and replays it through the real engine, so a record
is accepted exactly when the engine accepts every action in it.  Any
problem raises `RecordError` with the line number and a reason a player
understands; nothing else escapes for any input.  What differs between
games (the deal, the seats, the actions' words, the results) is the game's
part (`gamepart.py`), found by the record's `game` line.
"""

from typing import Any

from sixtysix.cardtext import set_names
from sixtysix.hand import CLAIM, R_CLAIM, R_CLOSER_FAILED, Hand, IllegalAction
from sixtysix.rules import fold

from .gamepart import GamePart, HandResult, part_named
from .recordsyntax import (
    RecordError,
    card,
    card_list,
    first_statement,
    header,
    last_statement_line,
    one_of,
    seat,
    statements,
    twice,
)

__all__ = [
    "HandResult",
    "RecordError",
    "RecordWriter",
    "Replay",
    "first_statement",
    "last_statement_line",
    "read",
    "statements",
]


class Replay:
    """The outcome of a whole record: its game (and that game's `part`),
    rules, hands and match.  `match` is left as it stands after the last
    statement, so a record that stops mid-hand can be continued from
    `match.hand`."""

    def __init__(self, part: GamePart, rules, match) -> None:
        self.part = part
        self.game = part.name
        self.rules = rules
        self.match = match
        self.hands: list = []
        # The seat whose automatic claim (assisted mode) ended the last
        # hand, while that claim may still be written out; else -1.
        self.auto_claimer = -1

    def in_progress(self) -> bool:
        """Whether the record stops in the middle of a hand."""
        return bool(self.hands) and not self.hands[-1].finished

    def to_json(self) -> dict:
        names = self.part.names
        m = self.match
        return {
            "game": self.game,
            "hands": [self.part.hand_json(h) for h in self.hands],
            "match": {
                "score": dict(zip(names, m.scores)),
                "winner": names[m.winner] if m.winner >= 0 else None,
            },
        }

    def format_text(self) -> str:
        """What `sixtysix replay` prints: one block per hand, then the match."""
        names = self.part.names
        m = self.match
        out = ["%s, first to %d" % (self.game, self.rules.target)]
        running = [0] * len(names)
        for i, h in enumerate(self.hands, 1):
            for k in range(len(names)):
                running[k] += h.game_points[k]
            if self.part.by_dealer:
                out.append("Hand %d (dealer %s): %s" % (i, self.part.seats[h.dealer], h.why))
                if h.finished:
                    pts = ", ".join("%s %d" % (k, v) for k, v in _points(h, names))
                    gps = ", ".join("%s %d" % (names[k], h.game_points[k]) for k in range(len(names)))
                    out.append("  hand points %s; game points %s (%s)" % (pts, gps, h.reason))
                continue
            out.append("Hand %d: %s" % (i, h.why))
            a, b = names
            out.append(
                "  hand points %s %d, %s %d; game points %s %d, %s %d (%s); match %s %d, %s %d"
                % (
                    a,
                    h.points[0],
                    b,
                    h.points[1],
                    a,
                    h.game_points[0],
                    b,
                    h.game_points[1],
                    h.reason,
                    a,
                    running[0],
                    b,
                    running[1],
                )
            )
        score = ", ".join("%s %d" % (names[k], m.scores[k]) for k in range(len(names)))
        if self.part.by_dealer:
            out.append(
                "Match: %s wins; %s" % (names[m.winner], score)
                if m.winner >= 0
                else "Match: %s, not decided" % score
            )
            return "\n".join(out)
        if m.winner >= 0:
            out.append(
                "Match: %s wins, %d to %d" % (names[m.winner], m.scores[m.winner], m.scores[1 - m.winner])
                + (" (a false claim loses the match)" if self.hands and self.hands[-1].forfeit else "")
            )
        else:
            out.append("Match: %s, not decided" % score)
        pot = getattr(m, "pot", 0)
        if pot:
            out.append("Pot: %d game point%s waiting for the next winner" % (pot, "s" if pot > 1 else ""))
        return "\n".join(out)


def _points(h: HandResult, names):
    points = h.points
    return points.items() if isinstance(points, dict) else zip(names, points)


# --- reading -------------------------------------------------------------------


class _Deal:
    """The deal statements of one hand, gathered until the first action."""

    def __init__(self, line: int) -> None:
        self.line = line
        self.dealer = -1
        self.cards: dict = {}  # seat -> card ids, in the order given
        self.upcard = -1
        self.stock: list | None = None
        self.lines: dict = {}  # the line of each statement: "dealer", "upcard", "stock", seat


def read(text: str, on_action=None) -> Replay:
    """Parse and replay a record of any game; RecordError on the first
    problem.  `on_action(line, match, code)`, if given, sees the match
    before each action is taken (after the action is parsed and it is that
    seat's turn, but before it is checked): what `sixtysix analyse` studies."""
    if "\r" in text and "\n" not in text:
        raise RecordError(1, "its lines end in CR alone (old Mac text); a record's lines end in LF or CR LF")
    found = statements(text)
    line, words = next(found, (1, []))
    if not words:
        raise RecordError(1, "empty record: expected 'game NAME' (%s)" % _game_list())
    if fold(words[0]) != "game" or len(words) != 2:
        raise RecordError(line, "a record starts with 'game NAME'")
    return _replay(part_named(words[1], line), found, on_action)


def _game_list() -> str:
    from .gamepart import GAME_NAMES

    return one_of(GAME_NAMES)


def _replay(part: GamePart, found, on_action) -> Replay:
    rules = part.new_rules()
    replay: Replay | None = None
    match: Any = None
    deal: _Deal | None = None  # deal statements of a hand not yet started
    hand = None  # the hand being played
    given = set()  # 'target' and each option named so far: each at most once
    for line, words in found:
        key = fold(words[0])
        if key in ("option", "target"):
            if replay is not None:
                raise RecordError(line, "'%s' must come before the first hand" % key)
            header(rules, key, words, line)
            named = key if key == "target" else "option " + fold(words[1])
            if named in given:
                raise RecordError(line, "'%s' is given twice" % named)
            given.add(named)
            continue
        if replay is None:
            match = part.new_match(rules)
            replay = Replay(part, rules, match)
        if key == "hand":
            if len(words) != 1:
                raise RecordError(line, "'hand' takes nothing after it")
            if deal is not None:
                hand = _start(part, replay, deal)
            if hand is not None and not hand.over:
                raise RecordError(line, "a new hand begins before the last one is finished")
            if match.winner >= 0:
                raise RecordError(line, "the match is already over")
            deal = _Deal(line)
            hand = None
        elif key in ("dealer", "upcard", "stock") or _gives_cards(part, key, words, deal is not None):
            if key in ("upcard", "stock") and not part.has_stock:
                raise RecordError(line, "%s has no upcard or stock: every card is dealt" % part.name)
            if deal is None:
                raise RecordError(line, "deal statements belong right after 'hand'")
            _deal_statement(part, rules, deal, key, words, line)
        elif key == "game":
            raise RecordError(line, "'game' may appear only once, on the first line")
        elif len(key) == 1:
            who = seat(words[0], line, part.seats)
            if deal is not None:
                hand = _start(part, replay, deal)
                deal = None
            if hand is None:
                raise RecordError(line, "an action before the first hand was dealt")
            _action(part, replay, who, words, line, on_action)
        else:
            raise RecordError(line, "unknown statement '%s'" % words[0])
    if replay is None:
        replay = Replay(part, rules, part.new_match(rules))
    if deal is not None:
        _start(part, replay, deal)
    if replay.in_progress():
        part.fill(replay.hands[-1], replay.match)
    return replay


def _gives_cards(part: GamePart, key: str, words, dealing: bool) -> bool:
    """`A KH QH ...`: a seat's cards.  While a deal is being written, a word
    of two letters after the seat is taken for a card (no action's word is
    that short), so a misspelt card is reported as one.  Once play has
    begun it must be a card: `B pl`, a cut `B play`, is a bad action, not
    a misplaced deal."""
    if len(key) != 1 or len(words) < 2 or len(words[1]) != 2:
        return False
    if dealing:
        return True
    try:
        part.card_parse(words[1])
    except ValueError:
        return False
    return True


def _deal_statement(part: GamePart, rules, deal: _Deal, key: str, words, line: int) -> None:
    if key in ("dealer", "upcard", "stock"):
        if key in deal.lines:
            raise twice(key, line)
        if key != "stock" and len(words) != 2:
            raise RecordError(line, "%s takes one %s" % (key, "player" if key == "dealer" else "card"))
        if key == "dealer":
            deal.dealer = seat(words[1], line, part.seats)
        elif key == "upcard":
            deal.upcard = card(words[1], line, part.card_parse)
        else:
            deal.stock = [card(w, line, part.card_parse) for w in words[1:]]
        deal.lines[key] = line
    else:
        s = seat(key, line, part.seats)
        name = part.seats[s]
        if deal.dealer >= 0 and name not in part.dealt_seats(deal.dealer):
            raise RecordError(line, "%s deals and sits out: the dealer has no cards" % name)
        if s in deal.cards:
            raise RecordError(line, "%s's cards are given twice" % name)
        cards = card_list(words[1:], line, part.card_parse, part.card_name)
        size = part.hand_size(rules)
        if len(cards) != size:
            raise RecordError(line, "%s must be dealt %d cards, not %d" % (name, size, len(cards)))
        deal.cards[s] = cards
        deal.lines[s] = line


def _start(part: GamePart, replay: Replay, deal: _Deal):
    """Check a complete deal and start its hand.  What is wrong with a
    statement is reported at its line; what is missing, at the `hand` line."""
    line = deal.line
    match = replay.match
    rules = replay.rules
    if deal.dealer < 0:
        raise RecordError(line, "the hand has no 'dealer' statement")
    d = deal.dealer
    dealt = part.dealt_seats(d)
    for s in deal.cards:
        if part.seats[s] not in dealt:  # the dealer was named after its cards were given
            raise RecordError(
                deal.lines["dealer"], "%s deals and sits out: the dealer has no cards" % part.seats[s]
            )
    for name in dealt:
        if part.seats.index(name) not in deal.cards:
            raise RecordError(line, "the hand does not give %s's cards" % name)
    parts = [(deal.lines[s], cards) for s, cards in deal.cards.items()]
    if part.has_stock:
        for key in ("upcard", "stock"):
            if key not in deal.lines:
                raise RecordError(line, "the hand has no '%s' statement" % key)
        parts += [(deal.lines["stock"], deal.stock), (deal.lines["upcard"], [deal.upcard])]
    if match.dealer >= 0 and d != match.dealer:
        how = "alternates" if len(part.seats) == 2 else "passes to the left"
        raise RecordError(
            deal.lines["dealer"], "the dealer must be %s: the deal %s" % (part.seats[match.dealer], how)
        )
    deck = part.deck(rules)
    seen = 0
    for where, cards in sorted(parts, key=lambda p: p[0]):
        for c in cards:
            if (seen >> c) & 1:
                raise RecordError(where, "%s is dealt twice" % part.card_name(c))
            seen |= 1 << c
            if not (deck >> c) & 1:
                raise RecordError(where, "%s not in the %s deck" % (part.card_name(c), rules.name))
    missing = deck & ~seen
    if missing:
        raise RecordError(line, "the deal lacks %s" % set_names(missing))
    stock = [*(deal.stock or ()), deal.upcard] if part.has_stock else None
    try:
        hand = part.deal(match, d, deal.cards, stock)
    except ValueError as e:
        raise RecordError(line, str(e)) from None
    replay.hands.append(part.new_result(match))
    return hand


def _action(part: GamePart, replay: Replay, who: int, words, line: int, on_action) -> None:
    match = replay.match
    hand = match.hand
    if hand.over:
        if who == replay.auto_claimer and [fold(w) for w in words[1:]] == ["claim"]:
            replay.auto_claimer = -1  # written out once; a second claim is refused
            return
        raise RecordError(line, "%s cannot act: the hand is over" % part.seats[who])
    code = _action_code(part, words, line)
    why = part.sits_out(match, who)
    if why:
        raise RecordError(line, why)
    turn = match.turn_seat()
    if who != turn:
        raise RecordError(line, "%s cannot act now: it is %s's turn" % (part.seats[who], part.seats[turn]))
    if on_action is not None:
        on_action(line, match, code)
    try:
        match.act(code)
    except IllegalAction as e:
        raise RecordError(line, str(e)) from None
    if hand.over:
        result = replay.hands[-1]
        part.fill(result, match)
        part.finish(result, match)
        match.finish_hand()
        result.game_points = tuple(match.awarded)
        result.finished = True
        replay.auto_claimer = result.winner if _claimed_for(hand, code) else -1


def _claimed_for(hand, code: int) -> bool:
    """Whether `code`, not itself a claim, ended the hand by the claim
    assisted mode makes at 66.  We do not write that claim (README, rule
    decision 10), but an outside writer may: the one `claim` line of the
    player who reached 66, right after, is read as that claim."""
    if not isinstance(hand, Hand) or not hand.rules.assisted or code == CLAIM:
        return False
    cards_left = hand.hands[0] | hand.hands[1]  # played out: no claim was made
    return cards_left != 0 and hand.reason in (R_CLAIM, R_CLOSER_FAILED)


def _action_code(part: GamePart, words, line: int) -> int:
    verb = fold(words[1]) if len(words) > 1 else ""
    for word, kind, code in part.verbs:
        if verb != word:
            continue
        if kind == "card":
            if len(words) != 3:
                raise RecordError(line, "'play' takes one card")
            return code + card(words[2], line, part.card_parse)
        if kind == "suit":
            if len(words) != 3:
                raise RecordError(line, "'%s' takes one suit" % verb)
            return code + card(words[2], line, _parse_suit)
        if kind == "bid":
            if len(words) != 3 or words[2] not in ("1", "2", "3", "4", "5"):
                raise RecordError(line, "'bid' takes a number from 1 to 5 (5 = solo)")
            return code + int(words[2])
        if len(words) != 2:
            raise RecordError(line, "'%s' takes nothing after it" % verb)
        return code
    known = part.verb_hint or ", ".join(word for word, _kind, _code in part.verbs)
    raise RecordError(line, "unknown action '%s' (%s)" % (" ".join(words[1:]), known))


def _parse_suit(word: str) -> int:
    from sixtysix.cardtext import parse_suit

    return parse_suit(word)


# --- writing -------------------------------------------------------------------


class RecordWriter:
    """Builds the record of a match of any game while it is played: call
    `begin_hand()` right after each deal and `sync()` after actions (at the
    latest before the match books the hand); `note(text)` adds a comment
    line; `text()` is the record so far."""

    def __init__(self, match) -> None:
        self.part = part_named(match.name)
        self.match = match
        rules = match.rules
        self.lines = ["game " + self.part.name]
        for name, value in rules.changed_options():
            self.lines.append("option %s %s" % (name, value))
        if rules.target != self.part.new_rules().target:
            self.lines.append("target %d" % rules.target)
        self._written = 0
        self._seats = self.part.hand_seats(match)

    @classmethod
    def resume(cls, text: str, match) -> "RecordWriter":
        """Continue a record that `read(text)` accepted, whose replay left
        `match`: what follows is appended, and the actions of the hand in
        play are not written again."""
        writer = cls(match)
        writer.lines = text.rstrip("\n").split("\n")  # at '\n' only, as `read` read it
        writer._written = match.hand.nlog
        return writer

    def begin_hand(self) -> None:
        part = self.part
        m = self.match
        self.lines += ["", "hand", "dealer " + part.seats[m.dealer]]
        cards, stock = part.dealt(m)
        for s, ids in cards:
            self.lines.append(part.seats[s] + " " + " ".join(part.card_name(c) for c in ids))
        if stock is not None:
            self.lines.append("upcard " + part.card_name(stock[-1]))
            self.lines.append("stock " + " ".join(part.card_name(c) for c in stock[:-1]))
        self._written = 0
        self._seats = part.hand_seats(m)

    def sync(self) -> None:
        hand = self.match.hand
        while self._written < hand.nlog:
            player, code = self.part.logged(hand, self._written)
            self.lines.append("%s %s" % (self._seats[player], self.part.action_name(code)))
            self._written += 1

    def note(self, comment: str) -> None:
        self.lines.append("# " + comment)

    def text(self) -> str:
        return "\n".join(self.lines) + "\n"
