"""Names that MicroPython has built in and CPython lacks, what the
searches do where the two runtimes differ, and the few helpers every
game's modules share."""

# Every core module imports this one first, so the shared helpers live here
# rather than in a module of their own: on the device each module costs heap
# of its own, and one more moved the portable tests' 64K-word imports over
# the edge (host_tests/test_micropython.py).
#
# Position fields by name (refill, fill, assign): a hand keeps its per-seat
# and per-side facts in lists (or bytearrays) it owns for its whole life,
# and a copy refills them element by element, so nothing is allocated.  Each
# game names its fields once, in a tuple, and its reset, its copy and its
# search's loading read that tuple instead of writing every field out again
# (a field added to one and forgotten in another is the drift this
# prevents).  A call here walks its names with getattr, slower per field
# than the field written out: these serve a copy made once per world or per
# decision.  A copy made at every search node (SixtyFiveHand.copy_from)
# keeps its fields written out.

try:
    from micropython import const
except ImportError:  # CPython

    def const(x: int) -> int:  # type: ignore[misc]
        return x


def out_of_stack(solver, e) -> int:
    """A search that ran out of C stack ends as one over its node budget.

    MicroPython nests a C frame for every Python call, and an RP2040 has
    8 KB of C stack: about 30 nested calls (measured on the emulated chip).
    The caller already copes with `aborted` (fewer worlds, or the rule of
    thumb).  The unwinding leaves moves half made, so the solver is marked
    `broken` too: it answers nothing more until the next position is
    loaded."""
    if "recursion" not in str(e):
        raise e
    solver.aborted = True
    solver.broken = True
    return 0


def refill(dst, names, src, src_names) -> None:
    """dst's list names[k] becomes element by element src's src_names[k]
    (a list, tuple or bytes as long), for every k.  Allocates nothing."""
    for k in range(len(names)):
        mine = getattr(dst, names[k])
        theirs = getattr(src, src_names[k])
        for i in range(len(mine)):
            mine[i] = theirs[i]


def fill(obj, names, value: int) -> None:
    """Every element of each of obj's named lists becomes `value`."""
    for name in names:
        mine = getattr(obj, name)
        for i in range(len(mine)):
            mine[i] = value


def assign(dst, names, src) -> None:
    """dst's single values of these names become src's (ints, bools: no
    allocation)."""
    for name in names:
        setattr(dst, name, getattr(src, name))


def named_player(name: str, seed: int, names, random_player, heuristic_player, search_player):
    """A game's PLAYER by name, the one way every game makes them: "random"
    (random_player(seed)), "heuristic" (heuristic_player()), or a search
    level (search_player(name, seed)); ValueError for a name not in
    `names`, the game's PLAYER_NAMES, listing them."""
    if name not in names:
        raise ValueError("unknown player '%s' (%s)" % (name, ", ".join(names)))
    if name == "random":
        return random_player(seed)
    if name == "heuristic":
        return heuristic_player()
    return search_player(name, seed)
