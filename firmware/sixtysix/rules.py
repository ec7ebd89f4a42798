"""Which game is played and with which options.

Every option of RULES.md sections 1 and 2a is a small int attribute of a
`Rules` object.  `OPTIONS` lists them with the names and values used in game
records, on the settings screen and in the README; the first value of each
entry is the Sixty-Six default, `SCHNAPSEN` overrides some of them.
"""

from .cards import DECK20, DECK24
from .compat import const

SIXTY_SIX = const(0)
SCHNAPSEN = const(1)
GAME_NAMES = ("sixty-six", "schnapsen")

# (record name, attribute, values); the index of a value is what the
# attribute holds.  Values are spelled as they are written in a record.
OPTIONS = (
    ("mode", "assisted", ("counting", "assisted")),
    ("marry-after-close", "no_late_marriage", ("yes", "no")),
    ("marriage-lead", "queen_lead", ("any", "queen")),
    ("exchange-when", "exchange_any_turn", ("lead", "any-turn")),
    ("exchange-needs-trick", "exchange_free", ("yes", "no")),
    ("close-by", "close_either", ("leader", "either")),
    ("void", "must_trump", ("any", "trump")),
    ("head", "must_head", ("no", "yes")),
    ("last-trick-bonus", "no_bonus", ("10", "0")),
    ("played-out", "last_trick_wins", ("points", "last-trick")),
    ("no-winner", "tie_last_trick", ("pot", "last-trick")),
    ("schwarz", "schwarz_two", ("3", "2")),
    ("false-claim", "false_claim", ("2", "2or3", "match")),
    ("closer-failed", "closer_flat", ("2or3", "2")),
    ("closer-won", "closer_at_close", ("end", "close")),
)

FALSE_CLAIM_TWO = const(0)
FALSE_CLAIM_TWO_OR_THREE = const(1)
FALSE_CLAIM_MATCH = const(2)

# Schnapsen profile (RULES.md 2a): differences from the Sixty-Six defaults.
_SCHNAPSEN_DEFAULTS = (
    ("exchange_free", 1),
    ("must_trump", 1),
    ("must_head", 1),
    ("no_bonus", 1),
    ("last_trick_wins", 1),
    ("closer_at_close", 1),
)


class Rules:
    """The active game and its options; `set_option` validates by name."""

    def __init__(self, game: int = SIXTY_SIX) -> None:
        if game != SIXTY_SIX and game != SCHNAPSEN:
            raise ValueError("unknown game")
        self.game = game
        self.target = 7
        self.false_claim = FALSE_CLAIM_TWO  # named for the methods below; OPTIONS sets it too
        for _name, attr, _values in OPTIONS:
            setattr(self, attr, 0)
        if game == SCHNAPSEN:
            for attr, value in _SCHNAPSEN_DEFAULTS:
                setattr(self, attr, value)
            self.deck_size = 20
            self.hand_size = 5
            self.first_packet = 3
        else:
            self.deck_size = 24
            self.hand_size = 6
            self.first_packet = 3
        # The trump card that may be exchanged for the upcard: nine or jack.
        self.exchange_rank = 1 if game == SCHNAPSEN else 0
        # Face-down stock plus the upcard.
        self.stock_size = self.deck_size - 2 * self.hand_size

    @property
    def name(self) -> str:
        return GAME_NAMES[self.game]

    def false_claim_points(self, opp_tricks: int) -> int:
        """Game points a false claim gives the opponent: 2, or 3 under
        `false-claim 2or3` if the opponent had no trick yet."""
        if self.false_claim == FALSE_CLAIM_TWO_OR_THREE and opp_tricks == 0:
            return 3
        return 2

    def false_claim_loses_match(self) -> bool:
        return self.false_claim == FALSE_CLAIM_MATCH

    def deck(self) -> int:
        return DECK20 if self.game == SCHNAPSEN else DECK24

    def set_option(self, name: str, value: str) -> None:
        """Set an option by its record name; ValueError names what is wrong."""
        set_named_option(self, OPTIONS, name, value)

    def option_value(self, name: str) -> str:
        return named_option_value(self, OPTIONS, name)

    def changed_options(self):
        """(name, value) of every option that differs from this game's default."""
        base = Rules(self.game)
        out = []
        for name, attr, values in OPTIONS:
            if getattr(self, attr) != getattr(base, attr):
                out.append((name, values[getattr(self, attr)]))
        return out


def fold(text: str) -> str:
    """`text` in lower case by ASCII's letters only, as MicroPython's
    `str.lower` has it: CPython's would read the Kelvin sign as k.  A word
    with anything past ASCII is returned as it is, so it names nothing."""
    return text.lower() if not text or max(text) <= "~" else text


def set_named_option(rules, options, name: str, value: str) -> None:
    """Set the option `name` of a rules object whose options table (record
    name, attribute, values) is `options`; ValueError names what is wrong.
    Every game's rules set their options through this."""
    for opt_name, attr, values in options:
        if opt_name == name:
            v = fold(value)
            if v not in values:
                raise ValueError("option %s takes %s, not '%s'" % (name, " or ".join(values), value))
            setattr(rules, attr, values.index(v))
            return
    raise ValueError("unknown option '%s'" % name)


def named_option_value(rules, options, name: str) -> str:
    """The record spelling of the option `name` of a rules object."""
    for opt_name, attr, values in options:
        if opt_name == name:
            return values[getattr(rules, attr)]
    raise ValueError("unknown option '%s'" % name)
