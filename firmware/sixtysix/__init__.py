"""The portable game core: cards, rules, hands and matches as small ints.

Nothing in this package touches pins, pixels, files, clocks or the runtime's
random module, so it runs unchanged on MicroPython and CPython.
"""
