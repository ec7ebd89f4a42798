"""The PRNG's promise that every value it computes stays below 2**30
(rng.py; STYLE.md, "Cards, hands and sets as int bitmasks under 2**30"):
on a 32-bit board a larger one silently becomes a heap bignum.  Neither
the host nor the 64-bit MicroPython port would notice one, and the
outputs alone cannot tell: masking a full product mod 2**30 gives the
same numbers.  So the generator runs here on an int that checks the
result of every operation it takes part in (CPython only: MicroPython's
int subclasses do not take part in arithmetic this way)."""

from sixtysix.rng import Rng

LIMIT = 1 << 30


class Small(int):
    """An int whose every arithmetic or bitwise result must be a small
    int of a 32-bit MicroPython board; results are Small too, so the
    check follows the value through the generator."""

    seen = 0


def _checked(name):
    op = getattr(int, name)

    def method(self, other):
        value = op(self, other)
        if value is NotImplemented:
            return value
        assert -LIMIT <= value < LIMIT, "%s gave %d, not a small int" % (name, value)
        Small.seen += 1
        return Small(value)

    return method


for _name in (
    "__add__",
    "__radd__",
    "__sub__",
    "__rsub__",
    "__mul__",
    "__rmul__",
    "__and__",
    "__rand__",
    "__or__",
    "__ror__",
    "__xor__",
    "__rxor__",
    "__lshift__",
    "__rshift__",
    "__mod__",
    "__floordiv__",
):
    setattr(Small, _name, _checked(_name))


def test_small_checks_what_it_says():
    """The checking int itself: a product past 2**30 is caught, also with
    the plain int on the left (Python asks the subclass first)."""
    assert 3 * Small(5) == 15 and type(3 * Small(5)) is Small
    for big in (lambda: 20077 * Small(LIMIT - 1), lambda: Small(1) << 30, lambda: Small(LIMIT - 1) + 1):
        try:
            big()
        except AssertionError:
            continue
        raise AssertionError("a value of 2**30 or more went unnoticed")


def test_every_value_the_generator_computes_is_a_small_int():
    """From seeds at and past the 30 bits a seed keeps (RULES.md 2a's
    deals come from any seed the device draws), seeding, 2,000 draws,
    below() and a shuffle never make a value of 2**30 or more."""
    for seed in (0, 1, 66, LIMIT - 1, LIMIT, LIMIT + 66, (1 << 31) - 1, (1 << 40) + 5):
        Small.seen = 0
        r = Rng(Small(seed))
        for _ in range(2000):
            r.next15()
            assert 0 <= r.state < LIMIT
        for n in (1, 2, 24, 32767, 32768):
            assert 0 <= r.below(n) < n
        r.shuffle(bytearray(range(24)))
        assert Small.seen > 2000 * 5, Small.seen  # the checks did follow the state
