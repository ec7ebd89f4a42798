"""What the player chose on the settings screen, and its file.

The settings hold their own rules object; each new match gets a fresh copy
(`make_rules`), so changing a setting never alters the match being played.
The rules object and its options are the game's (sixtysix/games.py); a
game's modules are imported only when it is chosen.
"""

from sixtysix import games
from sixtysix.rules import SIXTY_SIX

from .save import number, pack, split_line

GAMES = games.NAMES  # a game's number is its place in the registry
# The games the device offers, by number: the registry's rows that have a
# screen adapter.
OFFERED = tuple(g for g in range(len(GAMES)) if games.offered(g))
LEVELS = games.LEVELS
KIND = "sixtysix-settings"
VERSION = 1  # the game line names the game, so version-1 files still read
FILE = "settings.sav"
MAX_TARGET = 99

new_rules = games.new_rules  # the default rules object of a game
options_of = games.options  # its OPTIONS table ((name, attribute, values), ...)


def game_index(name: str) -> int:
    """The number of a game the device offers, by name; ValueError if it
    offers none of that name (a file from a newer build, say)."""
    if name in GAMES and GAMES.index(name) in OFFERED:
        return GAMES.index(name)
    raise ValueError("unknown game")


def _has_option(game: int, name: str) -> bool:
    for opt_name, _attr, _values in options_of(game):
        if opt_name == name:
            return True
    return False


def copy_rules(game: int, rules):
    """A fresh rules object of `game` with the target and options of `rules`."""
    r = new_rules(game)
    r.target = rules.target
    for name, value in rules.changed_options():
        r.set_option(name, value)
    return r


class Settings:
    def __init__(self, game: int = SIXTY_SIX) -> None:
        self.game = game  # index into GAMES
        self.rules = new_rules(game)
        self.level = "hard"
        self.hints = True

    @property
    def target(self) -> int:
        return self.rules.target

    @target.setter
    def target(self, value: int) -> None:
        self.rules.target = value

    def set_game(self, game: int) -> None:
        """Switch games: the rule options go back to that game's defaults.
        The target stays when both games have the same default (7 for the
        24-card games), else it becomes the new game's default (Sixty-Five:
        5); the counting/assisted mode stays between the games that have it.
        Level and hints are the player's and stay."""
        if game == self.game:
            return
        old = self.rules
        old_default = new_rules(self.game).target
        self.rules = new_rules(game)
        if self.rules.target == old_default:
            self.rules.target = old.target
        if _has_option(self.game, "mode") and _has_option(game, "mode"):
            self.rules.set_option("mode", old.option_value("mode"))
        self.game = game

    def options(self):
        """The OPTIONS table of the current game, for the settings screen
        (empty for Sixty-Five)."""
        return options_of(self.game)

    def set_option(self, name: str, value: str) -> None:
        self.rules.set_option(name, value)

    def make_rules(self):
        """A fresh rules object with these settings, for a new match."""
        return copy_rules(self.game, self.rules)

    def to_bytes(self) -> bytes:
        lines = [
            "game " + GAMES[self.game],
            "target %d" % self.rules.target,
            "level " + self.level,
            "hints %d" % (1 if self.hints else 0),
        ]
        for name, value in self.rules.changed_options():
            lines.append("option %s %s" % (name, value))
        return pack(KIND, VERSION, lines)


def parse_settings(lines) -> Settings:
    """Settings from the body lines of a settings file; ValueError if wrong."""
    if len(lines) < 4:
        raise ValueError("settings cut short")
    s = Settings(game_index(_one(split_line(lines[0], "game"))))
    s.rules.target = number(_one(split_line(lines[1], "target")), 1, MAX_TARGET)
    level = _one(split_line(lines[2], "level"))
    if level not in LEVELS:
        raise ValueError("unknown level")
    s.level = level
    s.hints = number(_one(split_line(lines[3], "hints")), 0, 1) == 1
    for line in lines[4:]:
        words = split_line(line, "option")
        if len(words) != 2:
            raise ValueError("bad option line")
        s.rules.set_option(words[0], words[1])
    return s


def _one(words) -> str:
    if len(words) != 1:
        raise ValueError("one value expected")
    return words[0]
