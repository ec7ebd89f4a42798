"""Names that MicroPython has built in and CPython lacks, what the
searches do where the two runtimes differ, and the few helpers every
game's modules share."""

# Every core module imports this one first, so the shared helpers live here
# rather than in a module of their own: on the device each module costs heap
# of its own, and one more moved the portable tests' 64K-word imports over
# the edge (host_tests/test_micropython.py).
#
# Position fields by name (take, fill): a hand keeps its per-seat and
# per-side facts in lists (or bytearrays) it owns for its whole life, and a
# copy refills them element by element, so nothing is allocated.  A game
# names the fields of a reset, a copy or a search's loading once, as a tuple
# of names, instead of writing a line per field (the families of games had
# drifted apart in those lines).  A call here walks its names with getattr,
# slower per field than the field written out: these serve a copy made once
# per world or per decision.  A copy made at every search node
# (SixtyFiveHand.copy_from) keeps its fields written out.

try:
    from micropython import const
except ImportError:  # CPython

    def const(x: int) -> int:  # type: ignore[misc]
        return x


def out_of_stack(solver, e) -> int:
    """A search that ran out of C stack ends as one over its node budget.

    MicroPython nests a C frame for every Python call, and an RP2040 has
    8 KB of C stack: about 30 nested calls of bytecode, fewer of native
    code (measured on the emulated chip; solver._search_follow).
    The caller already copes with `aborted` (fewer worlds, or the rule of
    thumb).  The unwinding leaves moves half made, so the solver is marked
    `broken` too: it answers nothing more until the next position is
    loaded."""
    if "recursion" not in str(e):
        raise e
    solver.aborted = True
    solver.broken = True
    return 0


def unload(name: str) -> None:
    """Forget a module ("sixtysix.openplay"), so that the collector can
    free it once nothing of it is in use; the next import loads it again.
    Both sys.modules and the package hold it.  A module needed only now and
    then costs the device's heap only while it is used."""
    import sys

    sys.modules.pop(name, None)
    dot = name.rfind(".")
    package = sys.modules.get(name[:dot])
    attr = name[dot + 1 :]
    if package is not None and hasattr(package, attr):
        delattr(package, attr)


def has(actions, code: int) -> bool:
    """Whether a bytearray of action codes holds `code` (MicroPython's
    bytearray has no `in` for ints)."""
    for a in actions:
        if a == code:
            return True
    return False


def take(self, other, values, names, other_names=None) -> None:
    """`self` takes `other`'s single values named in `values` (ints and
    bools: no allocation), and refills each of its lists named in `names`,
    element by element, from other's list named at the same place in
    `other_names` (`names` when None): a list, tuple or bytes as long.
    Allocates nothing.  (Parameter names the firmware has already: each
    new one costs a qstr on the device.)"""
    if other_names is None:
        other_names = names
    for name in values:
        setattr(self, name, getattr(other, name))
    for k in range(len(names)):
        a = getattr(self, names[k])
        b = getattr(other, other_names[k])
        for i in range(len(a)):
            a[i] = b[i]


def fill(self, names, value: int) -> None:
    """Every element of each of self's lists named in `names` becomes
    `value`."""
    for name in names:
        a = getattr(self, name)
        for i in range(len(a)):
            a[i] = value


def named_player(name: str, seed: int, names, random, heuristic, search):
    """A game's PLAYER by name, the one way every game makes them: "random"
    (random(seed)), "heuristic" (heuristic()), or a search
    level (search(name, seed)); ValueError for a name not in
    `names`, the game's PLAYER_NAMES, listing them."""
    if name not in names:
        raise ValueError("unknown player '%s' (%s)" % (name, ", ".join(names)))
    if name == "random":
        return random(seed)
    if name == "heuristic":
        return heuristic()
    return search(name, seed)
