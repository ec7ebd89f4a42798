"""Driving `sixtysix play` in-process from tests: scripted standard input,
scripted computer players, and small records to resume from
(test_textplay.py, test_textplay_records.py)."""

import io
import sys

from sixtysix_tools import cli


class FirstLegalCard:
    """A stdin that answers every prompt with card number 1, or with the
    next number after the table refused a card: so it plays the first legal
    card of the shown hand.  After `limit` answers it reports end of input."""

    def __init__(self, out, limit=2000):
        self.out = out
        self.read_upto = 0
        self.number = 1
        self.left = limit

    def readline(self, size=-1):
        new = self.out.getvalue()[self.read_upto :]
        self.read_upto = len(self.out.getvalue())
        self.left -= 1
        if self.left < 0:
            return ""
        self.number = self.number + 1 if "Not allowed" in new else 1
        return "%d\n" % self.number


class Scripted:
    """A computer player that takes the given actions in turn."""

    def __init__(self, *actions):
        self.actions = list(actions)

    def choose(self, view):
        return self.actions.pop(0)


class LowestCard:
    """A computer player that plays its lowest legal card and nothing else:
    with FirstLegalCard, a hand played to its last trick."""

    def choose(self, view):
        legal = view.legal_plays
        return (legal & -legal).bit_length() - 1


def play(monkeypatch, *argv, script=None):
    """Run `sixtysix play ARGV` in-process; returns (status, stdout, stderr)."""
    out = io.StringIO()
    err = io.StringIO()
    monkeypatch.setattr(sys, "stdin", io.StringIO(script) if script is not None else FirstLegalCard(out))
    monkeypatch.setattr(sys, "stdout", out)
    monkeypatch.setattr(sys, "stderr", err)
    status = cli.main(["play", *argv])
    assert "Traceback" not in out.getvalue() + err.getvalue()
    return status, out.getvalue(), err.getvalue()


def record_text(a, b, upcard, dealer="B", actions=(), header=""):
    """A one-hand Sixty-Six record: the stock is the rest of the deck."""
    used = set((a + " " + b + " " + upcard).split())
    rest = [n for n in _deck24() if n not in used]
    lines = ["game sixty-six", header, "hand", "dealer " + dealer, "A " + a, "B " + b]
    lines += ["upcard " + upcard, "stock " + " ".join(rest), *actions]
    return "\n".join(lines) + "\n"


def _deck24():
    return [r + s for s in "CDHS" for r in "AKQJT9"]


def write(tmp_path, text, name="game.txt"):
    path = tmp_path / name
    path.write_text(text)
    return str(path)
