"""Sixty-Five game records (docs/RECORDS.md).

A record is `game sixty-five`, an optional `target N`, then hands: `hand`,
`dealer X` and the four 12-card hands (`A 3C 4C ...`), then only `play`
statements.  `load(text)` replays it through the real engine, so a record
is accepted exactly when the engine accepts every card in it; any problem
raises `RecordError` with the line and a reason a player understands, and
nothing else escapes for any input.  Results are keyed by side: "AC", "BD".
"""

from sixtysix.cards import card48_name, parse_card48
from sixtysix.hand import IllegalAction
from sixtysix.sixtyfive import (
    HAND_SIZE,
    REASONS,
    SEATS,
    SIDE_NAMES,
    TOTAL,
    SixtyFiveHand,
    SixtyFiveMatch,
    SixtyFiveRules,
    action_name,
)

from .record import RecordError, _header, _twice, statements

GAME = "sixty-five"


class HandResult65:
    """One hand of a replayed record, by side (0 = AC, 1 = BD)."""

    def __init__(self, hand: SixtyFiveHand, finished: bool) -> None:
        self.finished = finished
        self.winner = hand.winner if finished else -1
        self.points = (hand.score(0), hand.score(1))
        self.tricks = (hand.tricks[0], hand.tricks[1])
        self.game_points = (hand.game_points[0], hand.game_points[1]) if finished else (0, 0)
        self.reason = REASONS[hand.reason] if finished else "unfinished"
        self.why = _why(hand) if finished else "The hand is not finished"


def _why(hand: SixtyFiveHand) -> str:
    w = hand.winner
    gp = hand.game_points[w]
    last = SIDE_NAMES[hand.last_winner & 1]
    return "%s scores %d game point%s with %d of %d (%d tricks; last trick %s)" % (
        SIDE_NAMES[w],
        gp,
        "s" if gp > 1 else "",
        hand.score(w),
        TOTAL,
        hand.tricks[w],
        last,
    )


class Replay65:
    """The outcome of a whole record.  `match` is left as it stands after
    the last statement, so a record that stops mid-hand can be continued
    from `match.hand`."""

    game = GAME  # as MultiReplay.game: every replay names its game

    def __init__(self, rules: SixtyFiveRules, match: SixtyFiveMatch) -> None:
        self.rules = rules
        self.match = match
        self.hands: list = []

    def to_json(self) -> dict:
        def by_side(pair):
            return {"AC": pair[0], "BD": pair[1]}

        m = self.match
        return {
            "game": GAME,
            "hands": [
                {
                    "winner": SIDE_NAMES[h.winner] if h.winner >= 0 else None,
                    "points": by_side(h.points),
                    "game_points": by_side(h.game_points),
                    "reason": h.reason,
                }
                for h in self.hands
            ],
            "match": {
                "score": by_side(m.scores),
                "winner": SIDE_NAMES[m.winner] if m.winner >= 0 else None,
            },
        }

    def format_text(self) -> str:
        """What `sixtysix replay` prints: one block per hand, then the match."""
        out = ["%s, first to %d" % (GAME, self.rules.target)]
        running = [0, 0]
        for i, h in enumerate(self.hands, 1):
            running[0] += h.game_points[0]
            running[1] += h.game_points[1]
            out.append("Hand %d: %s" % (i, h.why))
            out.append(
                "  hand points AC %d, BD %d; game points AC %d, BD %d (%s); match AC %d, BD %d"
                % (h.points[0], h.points[1], h.game_points[0], h.game_points[1], h.reason, *running)
            )
        m = self.match
        if m.winner >= 0:
            out.append(
                "Match: %s wins, %d to %d"
                % (SIDE_NAMES[m.winner], m.scores[m.winner], m.scores[1 - m.winner])
            )
        else:
            out.append("Match: AC %d, BD %d, not decided" % (m.scores[0], m.scores[1]))
        return "\n".join(out)


def _seat(word: str, line: int) -> int:
    s = word.upper()
    if len(s) != 1 or s not in SEATS:
        raise RecordError(line, "unknown player '%s' (A, B, C or D)" % word)
    return SEATS.index(s)


def _card(word: str, line: int) -> int:
    try:
        return parse_card48(word)
    except ValueError as e:
        raise RecordError(line, str(e)) from None


class _Deal:
    """The deal statements of one hand, gathered until the first card."""

    def __init__(self, line: int) -> None:
        self.line = line
        self.dealer = -1
        self.cards: list = [None, None, None, None]  # card ids by seat
        self.lines = [0, 0, 0, 0, 0]  # the line of each seat's cards, then of `dealer`


def load(text: str, on_action=None) -> Replay65:
    """Parse and replay a Sixty-Five record; RecordError on the first
    problem.  `on_action(line, hand, code)`, if given, sees the hand before
    each card is played (it is that player's turn, the card not yet checked)."""
    found = statements(text)
    line, words = next(found, (1, []))
    if not words:
        raise RecordError(1, "empty record: expected 'game sixty-five'")
    if len(words) != 2 or words[0].lower() != "game" or words[1].lower() != GAME:
        raise RecordError(line, "a Sixty-Five record starts with 'game sixty-five'")
    rules = SixtyFiveRules()
    match = SixtyFiveMatch(rules)
    replay: Replay65 | None = None
    deal: _Deal | None = None  # deal statements of a hand not yet started
    hand: SixtyFiveHand | None = None  # the hand being played
    for line, words in found:
        key = words[0].lower()
        if key in ("option", "target"):
            if replay is not None:
                raise RecordError(line, "'%s' must come before the first hand" % key)
            _header(rules, key, words, line)
            continue
        if replay is None:
            match = SixtyFiveMatch(rules)
            replay = Replay65(rules, match)
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
        elif key == "dealer":
            if deal is None:
                raise RecordError(line, "deal statements belong right after 'hand'")
            if deal.lines[4]:
                raise _twice(key, line)
            if len(words) != 2:
                raise RecordError(line, "dealer takes one player")
            deal.dealer = _seat(words[1], line)
            deal.lines[4] = line
        elif key in ("upcard", "stock"):
            raise RecordError(line, "Sixty-Five has no upcard or stock: all 48 cards are dealt")
        elif key == "game":
            raise RecordError(line, "'game' may appear only once, on the first line")
        elif len(key) == 1 and len(words) > 1 and len(words[1]) == 2:
            seat = _seat(words[0], line)
            if deal is None:
                raise RecordError(line, "deal statements belong right after 'hand'")
            _hand_statement(deal, seat, words, line)
        elif len(key) == 1:
            seat = _seat(words[0], line)
            if deal is not None:
                hand = _start(match, deal)
                deal = None
            if hand is None:
                raise RecordError(line, "a card played before the first hand was dealt")
            _action(match, replay, hand, seat, words, line, on_action)
        else:
            raise RecordError(line, "unknown statement '%s'" % words[0])
    if replay is None:
        replay = Replay65(rules, match)
    if deal is not None:
        hand = _start(match, deal)
    if hand is not None and not hand.over:
        replay.hands.append(HandResult65(hand, False))
    return replay


def _hand_statement(deal: _Deal, seat: int, words, line: int) -> None:
    if deal.cards[seat] is not None:
        raise RecordError(line, "%s's cards are given twice" % SEATS[seat])
    ids = []
    for w in words[1:]:
        c = _card(w, line)
        if c in ids:
            raise RecordError(line, "%s is listed twice" % card48_name(c))
        ids.append(c)
    if len(ids) != HAND_SIZE:
        raise RecordError(line, "%s must be dealt %d cards, not %d" % (SEATS[seat], HAND_SIZE, len(ids)))
    deal.cards[seat] = ids
    deal.lines[seat] = line


def _start(match: SixtyFiveMatch, deal: _Deal) -> SixtyFiveHand:
    """Check a complete deal and start its hand.  What is wrong with a
    statement is reported at its line; what is missing, at the `hand` line."""
    line = deal.line
    if deal.dealer < 0:
        raise RecordError(line, "the hand has no 'dealer' statement")
    for seat in range(4):
        if deal.cards[seat] is None:
            raise RecordError(line, "the hand does not give %s's cards" % SEATS[seat])
    owner = [-1] * 48
    for seat in sorted(range(4), key=lambda s: deal.lines[s]):  # a card given twice: at the second
        for c in deal.cards[seat]:
            if owner[c] >= 0:
                raise RecordError(
                    deal.lines[seat],
                    "%s is dealt to both %s and %s" % (card48_name(c), SEATS[owner[c]], SEATS[seat]),
                )
            owner[c] = seat
    if match.dealer >= 0 and deal.dealer != match.dealer:
        raise RecordError(
            deal.lines[4], "the dealer must be %s: the deal passes to the left" % SEATS[match.dealer]
        )
    halves = [0] * 8
    for c in range(48):
        halves[owner[c] * 2 + c // 24] |= 1 << (c % 24)
    try:
        match.deal(deal.dealer, halves)
    except ValueError as e:
        raise RecordError(line, str(e)) from None
    return match.hand


def _action(match, replay: Replay65, hand: SixtyFiveHand, seat: int, words, line: int, on_action) -> None:
    verb = words[1].lower() if len(words) > 1 else ""
    if hand.over:
        raise RecordError(line, "%s cannot act: the hand is over" % SEATS[seat])
    if verb != "play":
        raise RecordError(line, "unknown action '%s' (Sixty-Five has only 'play CARD')" % " ".join(words[1:]))
    if len(words) != 3:
        raise RecordError(line, "'play' takes one card")
    code = _card(words[2], line)
    if seat != hand.turn:
        raise RecordError(line, "%s cannot act now: it is %s's turn" % (SEATS[seat], SEATS[hand.turn]))
    if on_action is not None:
        on_action(line, hand, code)
    try:
        hand.act(code)
    except IllegalAction as e:
        raise RecordError(line, str(e)) from None
    if hand.over:
        match.finish_hand()
        replay.hands.append(HandResult65(hand, True))


class RecordWriter65:
    """Builds a record while a match is played: call `begin_hand` right
    after each deal and `sync` after cards are played."""

    def __init__(self, rules: SixtyFiveRules) -> None:
        self.lines = ["game " + GAME]
        if rules.target != SixtyFiveRules.default_target:
            self.lines.append("target %d" % rules.target)
        self._written = 0

    @classmethod
    def resume(cls, text: str, hand: SixtyFiveHand | None = None) -> "RecordWriter65":
        """Continue a record that `load(text)` accepted: what follows is
        appended, and the cards `hand` saw played are not written again."""
        writer = cls.__new__(cls)
        writer.lines = text.rstrip("\n").split("\n")  # at '\n' only, as `load` read it
        writer._written = hand.nlog if hand is not None else 0
        return writer

    def begin_hand(self, hand: SixtyFiveHand) -> None:
        self.lines += ["", "hand", "dealer " + SEATS[hand.dealer]]
        for seat in range(4):
            names = []
            for c in range(48):
                if (hand.dealt[seat * 2 + c // 24] >> (c % 24)) & 1:
                    names.append(card48_name(c))
            self.lines.append(SEATS[seat] + " " + " ".join(names))
        self._written = 0

    def sync(self, hand: SixtyFiveHand) -> None:
        while self._written < hand.nlog:
            entry = hand.log[self._written]
            self.lines.append("%s %s" % (SEATS[entry >> 6], action_name(entry & 0x3F)))
            self._written += 1

    def text(self) -> str:
        return "\n".join(self.lines) + "\n"
