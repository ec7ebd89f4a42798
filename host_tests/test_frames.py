"""The searches' helpers keep their frames off the heap.

A bytecode call whose frame needs more than 11 words takes it from the
heap, and on a board each such call walks the heap's table from the lowest
free block: a few percent of a search's time for every such call a node
(docs/BENCHMARKS.md, "a bytecode call's frame"). A search node itself needs
more than 11 words, so it takes one heap frame; what it calls at every node
or leaf must not take another. These tests compile the modules with
mpy-cross, as bytecode (frozen images, mip, CircuitPython, and the searches
that have no viper form anywhere), and read each function's frame from the
`.mpy` file (tools/sixtysix_tools/mpyframes.py).
"""

import os
import subprocess

import pytest
from sixtysix_tools.mpyframes import EXC_STACK_WORDS, ON_STACK_WORDS, MpyError, frame_words

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# module: the functions its searches and playouts call at every node, leaf
# or step, each of which must keep its frame on the C stack.
HELPERS = {
    "sixtysix/solver.py": ("_played_out_value", "_gen_leads", "_put"),
    "sixtysix/solverbase.py": ("score", "_value", "_claim_value"),
    "sixtysix/hand.py": ("win_points", "closer_failed_points"),
    "sixtysix/solver_four.py": ("_outcome", "_final", "_side_score", "_next_seat", "_estimate", "_holdings"),
    "sixtysix/sixtyfive.py": (
        "legal_actions",
        "place",
        "copy_from",
        "_follow_bits",
        "_finish_trick",
        "score",
    ),
    "sixtysix/ai65.py": ("hand_estimate", "hand_value"),
}


def compiled(mpy_cross, tmp_path, source: str, name: str = "m.py") -> list:
    path = tmp_path / name
    if not os.path.isabs(source):
        path.write_text(source)
        source = str(path)
    target = tmp_path / (os.path.basename(source)[:-3] + ".mpy")
    done = subprocess.run([mpy_cross, "-o", str(target), source], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    return frame_words(target.read_bytes())


def words_of(found: list, name: str) -> list:
    return [w for n, w in found if n == name]


def test_the_reader_counts_locals_stack_and_handlers(mpy_cross, tmp_path):
    found = compiled(
        mpy_cross,
        tmp_path,
        "def small(a):\n    return a\n\n"
        "def wide(a):\n" + "".join("    v%d = a\n" % i for i in range(14)) + "    return a\n\n"
        "def guarded(a):\n    try:\n        return a\n    except ValueError:\n        return 0\n",
    )
    (small,) = words_of(found, "small")
    (wide,) = words_of(found, "wide")
    (guarded,) = words_of(found, "guarded")
    assert small <= ON_STACK_WORDS
    assert wide >= 15  # 15 locals, and a word of stack at least
    assert guarded >= small + EXC_STACK_WORDS


def test_a_file_that_is_not_bytecode_mpy_is_refused(mpy_cross, tmp_path):
    with pytest.raises(MpyError):
        frame_words(b"#!/usr/bin/env python\n")
    found = compiled(mpy_cross, tmp_path, "def f():\n    return 1\n")
    assert words_of(found, "f")
    raw = (tmp_path / "m.mpy").read_bytes()
    with pytest.raises(MpyError):
        frame_words(raw[: len(raw) // 2])


@pytest.mark.parametrize("module", sorted(HELPERS))
def test_what_a_search_calls_at_every_node_keeps_its_frame_on_the_c_stack(mpy_cross, tmp_path, module):
    found = compiled(mpy_cross, tmp_path, os.path.join(ROOT, "firmware", module))
    for name in HELPERS[module]:
        sizes = words_of(found, name)
        assert sizes, "%s has no function %s" % (module, name)
        assert max(sizes) <= ON_STACK_WORDS, "%s.%s needs %d words of frame: its calls take heap frames" % (
            module,
            name,
            max(sizes),
        )
