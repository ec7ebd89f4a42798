"""Strict reading of what people type or write into a record.

Python's own helpers are generous in ways that hurt here: `str.isdigit`
accepts '²' and digits of other scripts (which `int` then refuses or reads),
`int` happily parses a 5,000-digit word, and `str.splitlines` breaks lines
at vertical tab, form feed, U+2028 and a dozen other characters, so line
numbers stop agreeing with `grep -n`. Every host command reads numbers
through `ascii_int` instead, and the record reader (`recordsyntax`) splits
lines at '\n' alone.
"""

import os

from sixtysix.rules import fold

_DIGITS = "0123456789"


def ascii_int(word: str, low: int, high: int) -> int | None:
    """The value of `word` if it is ASCII digits only and low <= value <= high,
    else None. Leading zeros are read as any reader of numbers reads them
    (`007` is 7); what is left, if longer than `high` written out, is refused
    before `int` ever sees it."""
    digits = word.lstrip("0") or word[-1:]
    if not digits or len(digits) > len(str(high)):
        return None
    for c in digits:
        if c not in _DIGITS:
            return None
    value = int(digits)
    return value if low <= value <= high else None


def number_arg(word, flag: str, low: int, high: int, error=ValueError) -> int:
    """A command's number argument (--seed, --matches, ...): ASCII digits
    from low to high, else `error` with the one sentence every command
    says: "--seed takes a number from 0 to 999999999, not 'x'" (the word
    escaped and cut short)."""
    value = ascii_int(word or "", low, high)
    if value is None:
        raise error("%s takes a number from %d to %d, not '%s'" % (flag, low, high, cut_short(word or "")))
    return value


def option_args(items, error=ValueError) -> list:
    """A command's --option NAME=VALUE words as (name in lower case, value)
    pairs, each name at most once (a record refuses a repeated option
    too), else `error` with the sentence `play` and `arena` both say."""
    pairs: list = []
    for item in items:
        name, sep, value = item.partition("=")
        name, value = fold(name.strip()), value.strip()
        if not sep or not name or not value:
            raise error("--option takes NAME=VALUE, not '%s'" % item)
        if any(name == given for given, _ in pairs):
            raise error("--option %s is given twice" % name)
        pairs.append((name, value))
    return pairs


def cut_short(text: str, limit: int = 24) -> str:
    """What someone typed, for a message that quotes it: escaped as `shown`
    does, and cut short (a pasted page is not echoed back whole)."""
    return shown(text[:limit]) + ("..." if len(text) > limit else "")


def shown(text: str) -> str:
    """`text` safe to print on a terminal: control characters (NUL, ESC, ...)
    and other unprintable ones written as escapes, never sent raw; a byte
    that was not text in the input's encoding (read as a lone surrogate)
    as the byte it was, \\xff."""
    if text.isprintable():
        return text
    return "".join(c if c.isprintable() else _escaped(c) for c in text)


def _escaped(c: str) -> str:
    if "\udc80" <= c <= "\udcff":  # surrogateescape's stand-in for the byte 0x80-0xff
        return "\\x%02x" % (ord(c) - 0xDC00)
    return ascii(c)[1:-1]


def plain(text: str) -> str:
    """`text` with every character past ASCII written as an escape, for a
    message quoting a word that must be ASCII (a record's, an option's): a
    look-alike (the Kelvin sign for K) never passes for the letter it
    mimics."""
    if not text or max(text) <= "~":
        return text
    return "".join(c if c <= "~" else ascii(c)[1:-1] for c in text)


def not_a_folder(path: str) -> str:
    """Why a folder the user named cannot be used or made at `path` ("is a
    file, not a folder", ...), or "" if nothing stands in the way."""
    if os.path.islink(path) and not os.path.exists(path):
        return "is a link that leads nowhere (broken, or a loop)"
    if os.path.lexists(path) and not os.path.isdir(path):
        return "is %s, not a folder" % ("a file" if os.path.isfile(path) else "a device or a FIFO")
    return ""
