"""How many bytes a call leaves allocated, for the portable tests' "no
allocation" promises: real on MicroPython, where gc.mem_alloc() counts the
heap in use; CPython has no such meter and reads 0."""

import gc


def left_allocated(fn, a, b=None, c=None):
    """Bytes still allocated after fn(a, b, c) with the collector off,
    measured on a second call (the first warms up)."""
    fn(a, b, c)
    if not hasattr(gc, "mem_alloc"):
        return 0
    gc.collect()
    gc.disable()
    try:
        before = gc.mem_alloc()
        fn(a, b, c)
        return gc.mem_alloc() - before
    finally:
        gc.enable()
