"""The two-player solver's transposition table across many loads: an entry
is read only under the generation that wrote it, also after the
generation byte wraps round (a mutation audit of the solvers found this
open: the 10,000-position comparison never loads one solver 255 times
with values of two kinds)."""

from minimax import choices
from sixtysix.solver import Solver
from test_solver import strict_positions


def values(solver, h, coarse):
    solver.load(h)
    solver.coarse = coarse  # just loaded: the table is empty
    return [solver.value_of(h.turn, code) for code in choices(h)]


def test_no_entry_outlives_its_generation_when_the_byte_wraps():
    # One position, searched for game points only or with the margin: an
    # entry of the other kind read back would give a wrong value (1000 for
    # 1034).  Every load takes a generation, and the byte wraps round after
    # 255 of them.
    h = next(strict_positions(1, 1, 4))
    fine = values(Solver(h.rules), h, False)
    coarse = values(Solver(h.rules), h, True)
    assert fine != coarse  # the test needs the two kinds to differ
    solver = Solver(h.rules)
    # Searched at every load, the two kinds in turn: the entries of the
    # load before must be forgotten across the wrap too.
    for i in range(300):
        kind = i % 2 == 1
        assert values(solver, h, kind) == (coarse if kind else fine), "load %d" % i
    # Searched once every 255 loads, each time under the generation that
    # last searched it (the byte has wrapped) and for the other kind, with
    # nothing searched in between to overwrite the old entries.
    solver = Solver(h.rules)
    for i in range(4 * 255):
        if i % 255:
            solver.load(h)  # a position let go unsearched (a world over budget)
            continue
        kind = (i // 255) % 2 == 1
        assert values(solver, h, kind) == (coarse if kind else fine), "load %d" % i


def test_the_wrap_clears_the_generation_of_every_entry():
    # At the wrap every generation byte is cleared, the first and the last
    # entry's too: an entry left with its own would be read back as new
    # once the count came round to it again.
    h = next(strict_positions(1, 1, 4))
    solver = Solver(h.rules)
    gens = solver.tables()[5]
    for i in range(len(gens)):
        gens[i] = 1 + i % 255
    solver.gen = 255
    solver.load(h)
    assert solver.gen == 1
    assert not any(gens)
