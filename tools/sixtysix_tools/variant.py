"""A search level with some of its settings changed, for host experiments:
`sixtysix arena --a hard:close_losses=0,close_worlds=16 --b hard` measures
a variant against the level as shipped, in one command anyone can run
again.  The settings are those of `sixtysix.ai.Level` (its docstring says
what each does); a variant changes only the player it makes, never the
shared LEVELS table."""

import sys

from sixtysix.ai import LEVELS, Level, SearchPlayer, node_share

from .textin import ascii_int, shown

# The settings SearchPlayer copies onto itself when it is made; a variant
# must set them there too, not only in its Level.
_TAKEN = ("strict_worlds", "close_worlds", "open_from", "open_worlds", "blunder", "may_close", "max_nodes")
_BOOLS = {"1": True, "yes": True, "true": True, "0": False, "no": False, "false": False}
_MOST = 10**7  # no setting needs more (nodes, worlds, percent)


def settings_of() -> list:
    """Every setting a variant may change, in the order Level lists them."""
    return sorted(
        name for name in vars(Level) if not name.startswith("_") and not callable(getattr(Level, name))
    )


def parse(name: str) -> tuple:
    """'hard:close_losses=0,close_worlds=16' -> ('hard', {'close_losses': 0,
    'close_worlds': 16}); ValueError says what is wrong."""
    base, _, text = name.partition(":")
    if base not in LEVELS:
        raise ValueError(
            "a variant starts with a search level (%s), not '%s'" % (", ".join(sorted(LEVELS)), base)
        )
    changes: dict = {}
    known = settings_of()
    for item in text.split(","):
        key, sep, value = item.partition("=")
        key, value = key.strip(), value.strip()
        if not sep or not key or not value:
            raise ValueError("a variant's settings are NAME=VALUE, separated by commas, not '%s'" % item)
        if key not in known:
            raise ValueError("no level setting '%s' (settings: %s)" % (key, ", ".join(known)))
        if key in changes:
            raise ValueError("setting '%s' given twice" % key)
        changes[key] = _value(key, value)
    return base, changes


def _value(key: str, text: str):
    if isinstance(getattr(Level, key), bool):
        if text not in _BOOLS:
            raise ValueError("%s takes 1 or 0, not '%s'" % (key, text))
        return _BOOLS[text]
    low = -1 if key == "open_from" else 0  # -1: never search the open stock to the end
    # ASCII digits only, or -1 where it is allowed: int() would also take '+5',
    # '1_000' and other scripts' digits.
    n = -1 if text == "-1" else ascii_int(text, 0, _MOST)
    if n is None or not low <= n <= _MOST:
        raise ValueError("%s takes a whole number from %d to %d, not '%s'" % (key, low, _MOST, shown(text)))
    return n


def variant_player(name: str, seed: int) -> SearchPlayer:
    """The player a variant's name describes, its other settings those of
    the level it starts from."""
    base, changes = parse(name)
    player = SearchPlayer(base, seed)
    merged = dict(vars(LEVELS[base]))
    merged.update(changes)
    player.lv = Level(**merged)
    for key in _TAKEN:
        if key in changes:
            setattr(player, key, changes[key])
    if "max_nodes" in changes:  # the share SearchPlayer applies to its budget (100 on a computer)
        fast = player.solver_class.__name__ == "ViperSolver"
        player.max_nodes = (
            changes["max_nodes"] * node_share(sys.implementation.name, sys.platform, fast) // 100
        )
    return player
