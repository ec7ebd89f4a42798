"""Names that MicroPython has built in and CPython lacks."""

try:
    from micropython import const
except ImportError:  # CPython

    def const(x: int) -> int:  # type: ignore[misc]
        return x
