"""Names that MicroPython has built in and CPython lacks, and what the
searches do where the two runtimes differ."""

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
