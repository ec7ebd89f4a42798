"""The simulated board answers the real mpremote the way a MicroPython board does."""

import hashlib
import sys

import pytest
from simboard import SimulatedBoard

pytest.importorskip("mpremote")
pytest.importorskip("serial")


def test_mpremote_copies_lists_reads_back_and_execs(tmp_path, micropython):
    flash = tmp_path / "flash"
    flash.mkdir()
    source = tmp_path / "greeting.py"
    source.write_text("WORDS = 'hello board'\n" * 40)
    with SimulatedBoard(flash, micropython=micropython) as board:
        done = board.mpremote(
            "fs", "mkdir", ":lib", "+", "fs", "cp", str(source), ":lib/greeting.py", timeout=30
        )
        assert done.returncode == 0, done.stderr
        assert (flash / "lib" / "greeting.py").read_bytes() == source.read_bytes()

        listing = board.mpremote("fs", "ls", ":/lib", timeout=30)
        assert "%d greeting.py" % source.stat().st_size in listing.stdout

        read_back = board.mpremote("fs", "cat", ":lib/greeting.py", timeout=30)
        assert read_back.stdout.count("hello board") == 40

        digest = board.mpremote("fs", "sha256sum", ":lib/greeting.py", timeout=30)
        assert hashlib.sha256(source.read_bytes()).hexdigest() in digest.stdout

        # /lib is on the path, as on a board; the import finds the copied module.
        imported = board.mpremote("exec", "import greeting, sys; print(greeting.WORDS, sys.path)", timeout=30)
        assert imported.stdout.strip() == "hello board ['', '.frozen', '/lib']"

        removed = board.mpremote("fs", "rm", ":lib/greeting.py", timeout=30)
        assert removed.returncode == 0, removed.stderr
        assert not (flash / "lib" / "greeting.py").exists()


def test_soft_reset_reboots_into_the_raw_repl_and_forgets_globals(tmp_path, micropython):
    (tmp_path / "main.py").write_text("print('main ran')\n")
    with SimulatedBoard(tmp_path, micropython=micropython) as board:
        board.wait_for_output("main ran", timeout=10)  # power-on runs main.py
        before = board.restarts
        done = board.mpremote(
            "resume",
            "exec",
            "kept = 6 * 7",
            "exec",
            "print(kept)",
            "soft-reset",
            "exec",
            "print('kept' in globals())",
            timeout=30,
        )
        assert done.returncode == 0, done.stderr
        assert done.stdout.split() == ["42", "False"]
        assert board.restarts == before + 1
        assert board.output().count("MPY: soft reboot") == 1
        # A soft reset from the raw REPL does not run main.py (a real board doesn't either).
        assert board.output().count("main ran") == 1


def test_reset_runs_main_and_ctrl_c_interrupts_it(tmp_path, micropython):
    (tmp_path / "boot.py").write_text("print('boot ran')\n")
    (tmp_path / "main.py").write_text("print('main ran')\nwhile True:\n    pass\n")
    with SimulatedBoard(tmp_path, micropython=micropython) as board:
        board.wait_for_output("main ran", timeout=10)
        # mpremote interrupts the running main.py with Ctrl-C before it takes over.
        done = board.mpremote("exec", "print('after main')", timeout=30)
        assert done.stdout.strip() == "after main", done.stderr
        assert "KeyboardInterrupt" in board.output()

        # mpremote's `reset` is machine.reset(): boot.py then main.py, no soft reboot line.
        reboots = board.output().count("MPY: soft reboot")
        assert board.mpremote("reset", timeout=30).returncode == 0
        board.wait_for_output("main ran", timeout=10, count=2)
        # mpremote soft-resets once on connecting; the reset itself prints no reboot line.
        assert board.output().count("MPY: soft reboot") == reboots + 1
        assert board.output().count("boot ran") == 4  # power-on, two connections, reset

        board.reset()
        board.wait_for_output("main ran", timeout=10, count=3)


def test_a_full_board_refuses_writes(tmp_path, micropython):
    (tmp_path / "old.txt").write_bytes(b"x" * 600)
    big = tmp_path.parent / (tmp_path.name + "-big.bin")
    big.write_bytes(b"y" * 500)
    with SimulatedBoard(tmp_path, micropython=micropython, capacity_bytes=1000) as board:
        free = board.mpremote("exec", "import os; print(os.statvfs('/')[:5])", timeout=30)
        assert free.stdout.strip() == "(1, 1, 1000, 400, 400)", free.stderr
        refused = board.mpremote("fs", "cp", str(big), ":big.bin", timeout=30)
        assert refused.returncode != 0
        assert "No space left on device" in refused.stderr
        # Like littlefs, the refused copy leaves what fitted (one 256-byte chunk) behind.
        assert (tmp_path / "big.bin").stat().st_size == 256
        assert board.mpremote("fs", "rm", ":big.bin", timeout=30).returncode == 0
        write_300 = "f = open('small.bin', 'wb'); f.write(b'z' * 300); f.close()"
        fits = board.mpremote("exec", write_300, timeout=30)
        assert fits.returncode == 0, fits.stderr
    assert (tmp_path / "small.bin").stat().st_size == 300


def test_a_port_that_is_not_micropython_answers_like_cpython(tmp_path):
    import serial

    with SimulatedBoard(tmp_path, interpreter=[sys.executable, "-i", "-q"]) as board:
        with serial.Serial(board.port, timeout=0.2) as port:
            port.write(b"print(6 * 7)\r")
            seen = b""
            for _ in range(50):
                seen += port.read(100)
                if b"42" in seen:
                    break
        assert b"42" in seen
        assert b"MicroPython" not in board.transcript()


def test_mpremote_gives_up_on_a_port_that_is_not_micropython(tmp_path):
    with SimulatedBoard(tmp_path, interpreter=[sys.executable, "-i", "-q"]) as board:
        refused = board.mpremote("exec", "print(1)", timeout=30)  # about 10 s: mpremote's own limit
    assert refused.returncode != 0
    assert "could not enter raw repl" in refused.stderr


def test_closing_leaves_no_process_or_thread(tmp_path, micropython):
    board = SimulatedBoard(tmp_path, micropython=micropython).start()
    process, thread = board._process, board._thread
    board.close()
    board.close()
    assert process.poll() is not None
    assert not thread.is_alive()
