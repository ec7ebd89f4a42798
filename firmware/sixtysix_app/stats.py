"""How the player has done, per game, and its file.

Counts are for the human (seat 0; in the partnership games the human's
side AC).  A match given up before its end (End match, or a new match
started over it) counts as abandoned, neither played out, won nor lost:
four-hand matches may never end.  A hand nobody
won (the pot, a four-hand auction all passed) counts as played.  In
three-hand a hand the human dealt and sat out counts as played and as sat
out, neither won nor lost.  Four-hand game points can be negative; only the
points gained are added up (a lost bid shows as a hand lost).

A file holds one line per game, in GAMES order; older files with fewer
games (or lines without the last counts) still load, the rest zero.
"""

# A last line `booked <8 hex digits>` names the last hand counted (the
# session's mark of the match at that hand's end), so a hand found unbooked
# after a power cut is not counted twice.

from .save import is_hex, number, pack, split_line
from .settings import GAMES

KIND = "sixtysix-stats"
VERSION = 1
FILE = "stats.sav"
_BIG = 999999999  # the largest count a file may hold (stays a small int)

# The fields of one game's line, in file order.
FIELDS = (
    "matches",
    "matches_won",
    "hands",
    "hands_won",
    "points_for",
    "points_against",
    "streak",
    "best_streak",
    "hands_out",
    "abandoned",
)
_OLD_FIELDS = 8  # version-1 files of the two-player games had no hands_out (nor abandoned)


class GameStats:
    def __init__(self) -> None:
        self.matches = 0
        self.matches_won = 0
        self.hands = 0
        self.hands_won = 0
        self.points_for = 0  # game points, pot included
        self.points_against = 0
        self.streak = 0  # matches won in a row, up to now
        self.best_streak = 0
        self.hands_out = 0  # three-hand: hands the human dealt and sat out
        self.abandoned = 0  # matches given up before their end

    def values(self):
        return [getattr(self, f) for f in FIELDS]


class Stats:
    def __init__(self) -> None:
        self.games = [GameStats() for _ in GAMES]
        self.booked = ""  # the mark of the last hand counted, "" for none

    def record_hand(
        self, game: int, winner: int, points_for: int, points_against: int, sat_out: bool = False
    ) -> None:
        """A booked hand: winner 0 is the human (or the human's side),
        another number the computer, -1 nobody; negative points count 0.
        Every count stops at _BIG, the most a file may hold, so the file
        written is always one that loads."""
        g = self.games[game]
        if g.hands >= _BIG:
            return
        g.hands += 1
        if sat_out:
            g.hands_out += 1
        elif winner == 0:
            g.hands_won += 1
        if points_for > 0:
            g.points_for = min(g.points_for + points_for, _BIG)
        if points_against > 0:
            g.points_against = min(g.points_against + points_against, _BIG)

    def record_match(self, game: int, won: bool) -> None:
        g = self.games[game]
        if g.matches >= _BIG:
            return
        g.matches += 1
        if won:
            g.matches_won += 1
            g.streak += 1
            if g.streak > g.best_streak:
                g.best_streak = g.streak
        else:
            g.streak = 0

    def record_abandoned(self, game: int) -> None:
        """A match given up: neither won nor lost, but it breaks a winning
        streak (else giving up a losing match would keep one alive)."""
        g = self.games[game]
        if g.abandoned < _BIG:
            g.abandoned += 1
        g.streak = 0

    def to_bytes(self) -> bytes:
        lines = []
        for i in range(len(self.games)):
            lines.append(GAMES[i] + " " + " ".join(str(v) for v in self.games[i].values()))
        if self.booked:
            lines.append("booked " + self.booked)
        return pack(KIND, VERSION, lines)


def parse_stats(lines) -> Stats:
    """Stats from the body lines of a statistics file; ValueError if wrong."""
    s = Stats()
    if lines and lines[-1].startswith("booked "):
        words = split_line(lines[-1], "booked")
        if len(words) != 1 or len(words[0]) != 8 or not is_hex(words[0]):
            raise ValueError("bad booked line")
        s.booked = words[0]
        lines = lines[:-1]
    if len(lines) < 2 or len(lines) > len(s.games):
        raise ValueError("wrong number of games")
    for i in range(len(lines)):
        words = split_line(lines[i], GAMES[i])
        if len(words) < _OLD_FIELDS or len(words) > len(FIELDS):
            raise ValueError("wrong number of counts")
        g = s.games[i]
        for k in range(len(words)):
            setattr(g, FIELDS[k], number(words[k], 0, _BIG))
        if g.matches_won > g.matches or g.hands_won + g.hands_out > g.hands or g.best_streak < g.streak:
            raise ValueError("counts disagree")
        if g.matches > g.hands or g.best_streak > g.matches_won:
            raise ValueError("counts disagree")
    return s
