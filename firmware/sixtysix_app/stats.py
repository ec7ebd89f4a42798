"""How the player has done, per game, and its file.

Counts are for the human (seat 0).  A match given up before its end is not
counted; a hand nobody won (the points go to the pot) counts as played.
"""

from sixtysix.rules import GAME_NAMES

from .save import number, pack, split_line

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
)
TITLES = ("Sixty-Six", "Schnapsen")


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

    def values(self):
        return [getattr(self, f) for f in FIELDS]


class Stats:
    def __init__(self) -> None:
        self.games = [GameStats() for _ in GAME_NAMES]

    def record_hand(self, game: int, winner: int, points_for: int, points_against: int) -> None:
        """A booked hand: winner 0 is the human, 1 the computer, -1 nobody."""
        g = self.games[game]
        g.hands += 1
        if winner == 0:
            g.hands_won += 1
        g.points_for += points_for
        g.points_against += points_against

    def record_match(self, game: int, won: bool) -> None:
        g = self.games[game]
        g.matches += 1
        if won:
            g.matches_won += 1
            g.streak += 1
            if g.streak > g.best_streak:
                g.best_streak = g.streak
        else:
            g.streak = 0

    def text(self) -> str:
        """Lines of at most 20 characters for the statistics pages."""
        lines: list = []
        for i in range(len(self.games)):
            g = self.games[i]
            if lines:
                lines.append("")
            lines.append(TITLES[i])
            if not g.hands:
                lines.append("No hands yet")
                continue
            lines.append("Matches %d, won %d" % (g.matches, g.matches_won))
            lines.append("Hands %d, won %d" % (g.hands, g.hands_won))
            lines.append("Game pts %d : %d" % (g.points_for, g.points_against))
            lines.append("Streak %d, best %d" % (g.streak, g.best_streak))
        return "\n".join(lines)

    def to_bytes(self) -> bytes:
        lines = []
        for i in range(len(self.games)):
            lines.append(GAME_NAMES[i] + " " + " ".join(str(v) for v in self.games[i].values()))
        return pack(KIND, VERSION, lines)


def parse_stats(lines) -> Stats:
    """Stats from the body lines of a statistics file; ValueError if wrong."""
    s = Stats()
    if len(lines) != len(s.games):
        raise ValueError("wrong number of games")
    for i in range(len(s.games)):
        words = split_line(lines[i], GAME_NAMES[i])
        if len(words) != len(FIELDS):
            raise ValueError("wrong number of counts")
        g = s.games[i]
        for k in range(len(FIELDS)):
            setattr(g, FIELDS[k], number(words[k], 0, _BIG))
        if g.matches_won > g.matches or g.hands_won > g.hands or g.best_streak < g.streak:
            raise ValueError("counts disagree")
        if g.matches > g.hands or g.best_streak > g.matches_won:
            raise ValueError("counts disagree")
    return s
