"""boot.py's fault handling with stand-in parts: the short code the fault
screen shows, which errors name the firmware as incomplete, the error
log's edges (the free-room limit, the 4 KB turn, a drive that cannot
rename over a file, a log that fails), as README's "Saves and faults"
promises them (the loop's side is in test_boot_loop).
A mutation audit found each of these open."""

import os

from faultlog import headers
from sixtysix_app import boot
from sixtysix_app.boot import ERROR_LOG, OLD_LOG, fault_code, log_fault, missing_firmware, missing_module
from tempdir import clean, fresh_folder


def read(folder, name):
    try:
        with open(folder + "/" + name) as f:
            return f.read()
    except OSError:
        return ""


def raised(exc):
    """`exc` with a traceback, as the loop's handler gets it."""
    try:
        raise exc
    except Exception as e:  # noqa: BLE001
        return e


class Patched:
    """Stands in for boot's `os`: the real one, with some calls replaced."""

    def __init__(self, **calls):
        self.calls = calls

    def __getattr__(self, name):
        return self.calls.get(name) or getattr(os, name)


def with_os(fake, run):
    real = boot.os
    boot.os = fake
    try:
        run()
    finally:
        boot.os = real


# --- the code on the fault screen --------------------------------------------------------


class AbcDefGhiJkl(Exception):
    pass


class lowercase(Exception):  # noqa: N801 - a type name with no capital, as a library may raise
    pass


def digits3(s):
    return len(s) == 3 and all("0" <= ch <= "9" for ch in s)


def test_memory_and_file_errors_have_the_codes_the_readme_names():
    # README: "a short code (MEM, IO5, or the error's initials and a number)".
    assert fault_code(MemoryError()) == "MEM"
    assert fault_code(OSError(5, "EIO")) == "IO5"
    assert fault_code(OSError(28)) == "IO28"
    # An OSError with no errno (a message only, or nothing) has none to quote:
    # IO0, never a TypeError from formatting the message as a number.
    assert fault_code(OSError("no number here")) == "IO0"
    assert fault_code(OSError()) == "IO0"


def test_other_errors_are_at_most_three_initials_and_three_digits():
    code = fault_code(ZeroDivisionError("divide by zero"))  # Z is a capital too
    assert code[:3] == "ZDE" and digits3(code[3:]), code
    code = fault_code(AbcDefGhiJkl("x"))  # four capitals: the first three
    assert code[:3] == "ADG" and digits3(code[3:]), code
    code = fault_code(lowercase("x"))  # no capital at all: E, never a bare number
    assert code[0] == "E" and digits3(code[1:]), code
    # The number always has three digits (the code's length does not tell
    # the error apart), small numbers included: some 30 of these 300
    # messages fall below 100.  And it comes from the message: faults of
    # one type with different messages can mostly be told apart on the
    # screen (300 draws of 997 numbers leave about 258 distinct).
    seen = bytearray(1000)
    for n in range(300):
        code = fault_code(RuntimeError("fault number %d" % n))
        assert code[:2] == "RE" and digits3(code[2:]), code
        seen[int(code[2:])] = 1
    assert sum(seen) > 200, sum(seen)
    # The same fault gives the same code: it is quoted, and found in the log.
    assert fault_code(RuntimeError("fault number 7")) == fault_code(RuntimeError("fault number 7"))


def test_a_module_that_does_not_load_is_told_from_other_errors():
    assert missing_module(ImportError("no module named 'sixtysix.ai'"))
    assert missing_module(SyntaxError("invalid syntax"))  # a .py cut short
    assert missing_module(ValueError("incompatible .mpy file"))  # MicroPython's words
    # CircuitPython's words for the same thing start with a capital.
    assert missing_module(ValueError("Incompatible .mpy file. Please update all .mpy files."))
    assert not missing_module(ValueError("x"))
    assert not missing_module(MemoryError())


def test_the_firmware_sentence_names_memory_apart():
    said = missing_firmware(MemoryError())
    assert said == "sixtysix: not enough memory to load the firmware: press reset to try again", said
    said = missing_firmware(ImportError("no module named 'x'"))
    assert said.startswith("sixtysix: the firmware is incomplete, or for another version (ImportError: "), (
        said
    )
    assert said.endswith("): copy it again"), said


# --- the error log -----------------------------------------------------------------------


def test_the_log_is_written_where_the_free_room_cannot_be_told():
    # A port without statvfs (or a drive that will not say) is no reason to
    # keep no log: only a drive known to be short of room is spared.
    folder = fresh_folder("boot")

    def no_statvfs(path):
        raise OSError(22)

    with_os(Patched(statvfs=no_statvfs), lambda: log_fault(folder, "RE001", raised(RuntimeError("x"))))
    assert headers(folder) == ["--- RE001"], headers(folder)
    clean(folder)


def test_the_log_is_written_with_32_kb_free_and_not_with_a_byte_less():
    # README: "not written at all when the drive has less than 32 KB free".
    # statvfs: (bsize, frsize, blocks, bfree, bavail, ...); free = frsize * bavail.
    folder = fresh_folder("boot")
    for free, written in ((32 * 1024 - 1, False), (32 * 1024, True)):

        def room(path, free=free):
            return (free, 1, 10**6, free, free, 0, 0, 0, 0, 255)

        with_os(
            Patched(statvfs=room),
            lambda free=free: log_fault(folder, "RE%d" % free, raised(RuntimeError("x"))),
        )
        assert (headers(folder) != []) == written, (free, headers(folder))
    clean(folder)


def test_the_log_turns_at_4_kb():
    # README: "The log rolls over into sixtysix.old at 4 KB".  A log of
    # 4096 bytes exactly is full: the next entry starts a new file.
    folder = fresh_folder("boot")
    with open(folder + "/" + ERROR_LOG, "w") as f:
        f.write("x" * 4095 + "\n")
    log_fault(folder, "RE001", raised(RuntimeError("x")))
    assert len(read(folder, OLD_LOG)) == 4096
    assert read(folder, ERROR_LOG).startswith("--- RE001\n")
    # One byte short of 4 KB, the entry goes on the end of the same file.
    os.remove(folder + "/" + OLD_LOG)
    with open(folder + "/" + ERROR_LOG, "w") as f:
        f.write("x" * 4094 + "\n")
    log_fault(folder, "RE002", raised(RuntimeError("x")))
    assert read(folder, OLD_LOG) == ""
    assert read(folder, ERROR_LOG).startswith("x" * 4094 + "\n--- RE002\n")
    clean(folder)


def test_the_log_turns_on_a_drive_that_cannot_rename_over_a_file():
    # FAT refuses a rename onto a file that is there: the old log must be
    # removed first, or the log stops at its second turn for good.
    folder = fresh_folder("boot")

    def fat_rename(old, new):
        try:
            os.stat(new)
        except OSError:
            os.rename(old, new)
            return
        raise OSError(17)  # EEXIST

    def faults():
        for n in range(200):
            log_fault(folder, "RE%03d" % n, raised(RuntimeError("fault number %d " % n + "y" * 100)))

    with_os(Patched(rename=fat_rename), faults)
    assert headers(folder)[-1] == "--- RE199", headers(folder)[-3:]
    clean(folder)


def test_a_log_that_fails_in_any_way_is_no_reason_to_stop():
    # "A full drive is no reason to stop, so every failure here is ignored":
    # a MemoryError while logging a MemoryError included (it would leave the
    # loop's own handler and end the game with a traceback).
    folder = fresh_folder("boot")

    def no_heap(path):
        raise MemoryError

    with_os(Patched(stat=no_heap), lambda: log_fault(folder, "MEM", raised(MemoryError())))
    clean(folder)


def test_a_log_entry_standing_for_several_faults_says_how_many():
    folder = fresh_folder("boot")
    log_fault(folder, "RE001", raised(RuntimeError("x")), 2)
    log_fault(folder, "RE001", raised(RuntimeError("x")), 1)
    assert headers(folder) == ["--- RE001 (2 times)", "--- RE001"], headers(folder)
    clean(folder)
