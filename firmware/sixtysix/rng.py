"""A tiny deterministic PRNG whose every intermediate value stays below 2**30.

A linear congruential generator modulo 2**30 (multiplier = 1 mod 4, odd
increment: full period), with the multiplication split into 15-bit halves so
no product or sum ever reaches 2**30.  That keeps it in MicroPython's small-int
range on 32-bit chips (no heap bignums) and makes a seed deal the same cards on
every runtime.  Outputs take the high 15 bits, the well-mixed ones.
"""

from .compat import const

_MUL = const(20077)  # < 2**15, = 1 (mod 4)
_INC = const(12345)  # odd, < 2**15
_MASK15 = const(0x7FFF)
MASK30 = const(0x3FFFFFFF)


class Rng:
    def __init__(self, seed: int = 1) -> None:
        self.state = 0
        self.seed(seed)

    def seed(self, seed: int) -> None:
        self.state = seed & MASK30
        for _ in range(4):  # mix small seeds
            self.next15()

    def next15(self) -> int:
        """Advance and return 15 random bits."""
        x = self.state
        lo = _MUL * (x & _MASK15) + _INC
        hi = (_MUL * (x >> 15) + (lo >> 15)) & _MASK15
        self.state = (hi << 15) | (lo & _MASK15)
        return hi

    def below(self, n: int) -> int:
        """Uniform integer in [0, n) for 1 <= n <= 32768."""
        limit = (32768 // n) * n
        r = self.next15()
        while r >= limit:
            r = self.next15()
        return r % n

    def shuffle(self, buf, n: int = -1) -> None:
        """Fisher-Yates shuffle of the first n items of a bytearray or list."""
        if n < 0:
            n = len(buf)
        i = n - 1
        while i > 0:
            j = self.below(i + 1)
            t = buf[i]
            buf[i] = buf[j]
            buf[j] = t
            i -= 1
