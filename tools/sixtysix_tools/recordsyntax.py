"""The words of a game record (docs/RECORDS.md), for every game: lines and
statements, players, cards, and the one error every problem raises.

Nothing here knows a game's rules; `records.py` reads a whole record with a
game's part (`gamepart.py`), and each part reads its own statements with
these helpers, so all records are split, quoted and refused alike.
"""

from sixtysix.rules import fold

from .textin import ascii_int, plain, shown

_REASON_MAX = 200  # longest reason printed whole: reasons quote the record's words
LONGEST_STATEMENT = 1000  # characters; the longest a game writes is under 40


def _clipped(text: str) -> str:
    if len(text) <= _REASON_MAX:
        return text
    return text[: _REASON_MAX - 60] + " ... " + text[-55:]


class RecordError(Exception):
    """A problem at `line` of a record (0: with the file itself).  Reasons
    quote the record, so they are made safe to print: control characters
    and everything past ASCII escaped, and a giant word cut in the middle
    (what the reason says after the quote is kept)."""

    def __init__(self, line: int, reason: str) -> None:
        reason = _clipped(plain(shown(_clipped(reason))))
        super().__init__("%d: %s" % (line, reason))
        self.line = line
        self.reason = reason


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


def last_statement_line(text: str) -> int:
    """Line number of the record's last statement, 0 when there is none."""
    last = 0
    for number, _ in statements(text):
        last = number
    return last


def one_of(names) -> str:
    """'A or B', 'A, B or C': a choice in a reason."""
    names = list(names)
    return names[0] if len(names) == 1 else "%s or %s" % (", ".join(names[:-1]), names[-1])


def seat(word: str, line: int, seats: str) -> int:
    """The seat a one-letter word names among `seats` ("AB", "ABCD")."""
    s = word.upper()
    if len(s) != 1 or s not in seats:
        raise RecordError(line, "unknown player '%s' (%s)" % (word, one_of(seats)))
    return seats.index(s)


def card(word: str, line: int, parse) -> int:
    """One card by the game's `parse` (cardtext.parse_card or parse_card48)."""
    try:
        return parse(word)
    except ValueError as e:
        raise RecordError(line, str(e)) from None


def card_list(words, line: int, parse, name) -> list:
    """The cards of a deal statement, in order; none may be listed twice."""
    out: list = []
    for w in words:
        c = card(w, line, parse)
        if c in out:
            raise RecordError(line, "%s is listed twice" % name(c))
        out.append(c)
    return out


def twice(key: str, line: int) -> RecordError:
    return RecordError(line, "'%s' is given twice in one deal" % key)


def header(rules, key: str, words, line: int) -> None:
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
        rules.set_option(fold(words[1]), words[2])
    except ValueError as e:
        raise RecordError(line, str(e)) from None
