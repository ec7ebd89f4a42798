"""What the player chose on the settings screen, and its file.

The settings hold their own `Rules`; each new match gets a fresh copy
(`make_rules`), so changing a setting never alters the match being played.
"""

from sixtysix.rules import GAME_NAMES, SCHNAPSEN, SIXTY_SIX, Rules, game_from_name

from .save import number, pack, split_line

LEVELS = ("easy", "medium", "hard")
KIND = "sixtysix-settings"
VERSION = 1
FILE = "settings.sav"
MAX_TARGET = 99


class Settings:
    def __init__(self, game: int = SIXTY_SIX) -> None:
        self.rules = Rules(game)
        self.level = "hard"
        self.hints = True

    @property
    def game(self) -> int:
        return self.rules.game

    @property
    def target(self) -> int:
        return self.rules.target

    @target.setter
    def target(self, value: int) -> None:
        self.rules.target = value

    def set_game(self, game: int) -> None:
        """Switch games: the rule options go back to that game's defaults;
        the target and the counting/assisted mode are the player's and stay."""
        if game == self.rules.game:
            return
        old = self.rules
        self.rules = Rules(game)
        self.rules.target = old.target
        self.rules.set_option("mode", old.option_value("mode"))

    def make_rules(self) -> Rules:
        """A fresh Rules with these settings, for a new match."""
        r = Rules(self.rules.game)
        r.target = self.rules.target
        for name, value in self.rules.changed_options():
            r.set_option(name, value)
        return r

    def to_bytes(self) -> bytes:
        lines = [
            "game " + GAME_NAMES[self.rules.game],
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
    game = game_from_name(_one(split_line(lines[0], "game")))
    if game != SIXTY_SIX and game != SCHNAPSEN:
        raise ValueError("unknown game")
    s = Settings(game)
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
