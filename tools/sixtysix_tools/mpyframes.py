"""How many words of frame each function of a bytecode `.mpy` file needs.

MicroPython runs a bytecode call in a frame of `n_state` words (locals
and value stack) and three words per nested `try`/`with`; a frame above
11 words comes from the heap (`py/objfun.c`, VM_MAX_STATE_ON_STACK), and on
a board every such call walks the heap's table (docs/BENCHMARKS.md, "a
bytecode call's frame"). The searches keep the helpers they call at
every node within 11 words; host_tests/test_frames.py reads the figures
from this module to hold them there.

Reads the format mpy-cross 1.2x writes (version 6), bytecode only (what
`mpy-cross` makes without `-march`): the header, the qstr and constant
tables, then the tree of functions, each with its prelude's signature.
"""

from __future__ import annotations

MPY_VERSION = 6
ON_STACK_WORDS = 11  # VM_MAX_STATE_ON_STACK, in words
EXC_STACK_WORDS = 3  # an mp_exc_stack_t: handler, value stack pointer, saved exception
_CODE_BYTECODE = 0  # a raw code's kind, as its header stores it
_NATIVE_ARCH_FLAGS_PRESENT = 0x40
# Constant kinds (py/persistentcode.h): those below _OBJ_STR carry no data.
_OBJ_STR = 5
_OBJ_BYTES = 6
_OBJ_TUPLE = 10


class MpyError(ValueError):
    pass


class _Reader:
    def __init__(self, data: bytes) -> None:
        self.data = data
        self.at = 0

    def byte(self) -> int:
        if self.at >= len(self.data):
            raise MpyError("the .mpy file ends early")
        b = self.data[self.at]
        self.at += 1
        return b

    def bytes(self, n: int) -> bytes:
        if self.at + n > len(self.data):
            raise MpyError("the .mpy file ends early")
        got = self.data[self.at : self.at + n]
        self.at += n
        return got

    def uint(self) -> int:
        value = 0
        while True:
            b = self.byte()
            value = (value << 7) | (b & 0x7F)
            if not b & 0x80:
                return value


def _qstr(r: _Reader) -> str:
    n = r.uint()
    if n & 1:
        return "<static %d>" % (n >> 1)  # one of the firmware's own names
    text = r.bytes(n >> 1).decode("utf-8")
    r.byte()  # its terminating zero
    return text


def _constant(r: _Reader) -> None:
    kind = r.byte()
    if kind < _OBJ_STR:
        return
    if kind == _OBJ_TUPLE:
        for _ in range(r.uint()):
            _constant(r)
        return
    r.bytes(r.uint())
    if kind in (_OBJ_STR, _OBJ_BYTES):
        r.byte()


def _prelude(code: bytes, qstrs: list[str]) -> tuple[str, int]:
    """(name, words of frame) of a bytecode function, from the prelude
    its code starts with: the signature (py/bc.h,
    MP_BC_PRELUDE_SIG_DECODE), its size, then the name's qstr."""
    r = _Reader(code)
    z = r.byte()
    state = (z >> 3) & 0xF
    exc = (z >> 2) & 1
    n = 0
    while z & 0x80:
        z = r.byte()
        state |= (z & 0x30) << (2 * n)
        exc |= (z & 0x02) << n
        n += 1
    r.uint()  # the prelude's size: n_info and n_cell, 7 bits a byte
    index = r.uint()
    name = qstrs[index] if index < len(qstrs) else "<qstr %d>" % index
    return name, state + 1 + EXC_STACK_WORDS * exc


def _functions(r: _Reader, qstrs: list[str], out: list) -> None:
    head = r.uint()
    if head & 3 != _CODE_BYTECODE:
        raise MpyError("machine code in the file: compile it without -march")
    out.append(_prelude(r.bytes(head >> 3), qstrs))
    if head & 4:
        for _ in range(r.uint()):
            _functions(r, qstrs, out)


def frame_words(data: bytes) -> list[tuple[str, int]]:
    """(name, words of frame) for every function in a bytecode .mpy
    file's contents, the module's own code first, in the file's order."""
    r = _Reader(data)
    head = r.bytes(4)
    if head[0] != ord("M") or head[1] != MPY_VERSION:
        raise MpyError("not a version %d .mpy file" % MPY_VERSION)
    if head[2] & _NATIVE_ARCH_FLAGS_PRESENT:
        r.uint()
    n_qstrs = r.uint()
    n_constants = r.uint()
    qstrs = [_qstr(r) for _ in range(n_qstrs)]
    for _ in range(n_constants):
        _constant(r)
    out: list = []
    _functions(r, qstrs, out)
    return out
