"""How many bytes a call leaves allocated, for the portable tests' "no
allocation" promises: real on MicroPython, where gc.mem_alloc() counts the
heap in use; CPython has no such meter."""

import gc

METER = hasattr(gc, "mem_alloc")


def allocated(fn, a, b=None, c=None):
    """Bytes still allocated after fn(a, b, c), measured with the collector
    off after a warm-up call; None where there is no meter (CPython)."""
    fn(a, b, c)
    if not METER:
        return None
    gc.collect()
    gc.disable()
    try:
        before = gc.mem_alloc()
        fn(a, b, c)
        return gc.mem_alloc() - before
    finally:
        gc.enable()


def left_allocated(fn, a, b=None, c=None):
    """As allocated(), but 0 where there is no meter."""
    return allocated(fn, a, b, c) or 0
