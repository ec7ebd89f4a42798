"""`sixtysix deploy --circuitpy` on a small drive that fails at every step.

The drive is held in memory (SmallDrive, in place of circuitpy.Drive): it
has a capacity counted in whole clusters, as FAT does, and can fail at its
N-th change with a full disk, an I/O error or a Ctrl-C. After every such
failure the badge must start either the old complete firmware or none at
all, never a mix; and the next deploy must end with the new firmware.
"""

import errno
import functools
import io
import os
import sys

import pytest
from conftest import ROOT, PipeClosedAfter
from sixtysix_tools import circuitpy, deploy
from sixtysix_tools.cli import main

# CircuitPython runs the first of these it finds.
START_FILES = ("code.txt", "code.py", "main.txt", "main.py")
SAVES = {"sixtysix/settings.sav": b"level=2\n", "sixtysix/match.sav": b"saved match\n"}


class SmallDrive(circuitpy.Drive):
    """A CIRCUITPY drive in memory with `capacity` bytes in 512-byte clusters.
    Change number `fail_at` (0-based: removes, folders, writes, renames,
    syncs) fails with `failure`; a failing write leaves half its bytes, as an
    interrupted copy does. `extra_free` makes the drive claim more room than
    it has (the space runs out mid-copy even after the check)."""

    CLUSTER = 512

    def __init__(self, files: dict, capacity: int, fail_at=None, failure=None, extra_free=0) -> None:
        self.root = "CIRCUITPY"
        self.files = dict(files)
        self.folders = {path.rpartition("/")[0] for path in files if "/" in path}
        self.capacity = capacity
        self.fail_at = fail_at
        self.failure = failure
        self.extra_free = extra_free
        self.changes = 0

    def clusters(self, size: int) -> int:
        return -(-size // self.CLUSTER) * self.CLUSTER

    def used(self) -> int:
        return sum(self.clusters(len(data)) for data in self.files.values())

    def change(self) -> bool:
        """Count a change; True if this one must fail."""
        self.changes += 1
        return self.fail_at == self.changes - 1

    def fail(self):
        if self.failure == "interrupt":
            raise KeyboardInterrupt
        code = {"full": errno.ENOSPC, "readonly": errno.EROFS}.get(self.failure, errno.EIO)
        raise OSError(code, os.strerror(code))

    def isfile(self, path):
        return path in self.files

    def isdir(self, path):
        return path in self.folders

    def listdir(self, path):
        names = {p[len(path) + 1 :].split("/")[0] for p in list(self.files) + list(self.folders)}
        return sorted(n for n in names if any(p.startswith(path + "/" + n) for p in self.files))

    def size(self, path):
        return len(self.files.get(path, b""))

    def read(self, path):
        return self.files[path]

    def free_bytes(self):
        return self.capacity - self.used() + self.extra_free

    def cluster_bytes(self):
        return self.CLUSTER

    def remove(self, path):
        if self.change():
            self.fail()
        if path not in self.files:
            raise FileNotFoundError(errno.ENOENT, "No such file", path)
        del self.files[path]

    def makedirs(self, folder):
        if self.change():
            self.fail()
        self.folders.add(folder)

    def write(self, path, data):
        failing = self.change()
        self.files[path] = b""  # opening for writing truncates
        room = self.capacity - self.used()
        if failing:
            self.files[path] = data[: len(data) // 2]
            self.fail()
        if self.clusters(len(data)) > room:
            self.files[path] = data[: room // self.CLUSTER * self.CLUSTER]
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        self.files[path] = bytes(data)

    def rename(self, old, new):
        if self.change():
            self.fail()
        self.files[new] = self.files.pop(old)

    def sync(self):
        if self.change():
            self.fail()


@functools.cache
def new_modules() -> dict:
    """{drive path: bytes} of the firmware a pybadge deploy copies."""
    found = {}
    for local, stem in deploy.firmware_sources("pybadge"):
        with open(local, "rb") as f:
            found[stem + ".py"] = f.read()
    return found


def old_drive(with_main_py=False) -> dict:
    """A badge with an older complete firmware: other bytes in every module,
    one module the new firmware lacks, one it adds, a stale .mpy (a .py
    beside it would win at import), the saves, and the user's own files."""
    files = {path: b"# the old version\n" + data for path, data in new_modules().items()}
    del files["sixtysix/ai.py"]
    files["sixtysix/retired.py"] = b"RETIRED = True\n"
    files["sixtysix_app/old_name.mpy"] = b"C\x06old"
    files["code.py"] = deploy.MAIN_SOURCE.encode()
    if with_main_py:  # ours too, from copying firmware/main.py by hand: it would start once code.py is gone
        files["main.py"] = deploy.MAIN_SOURCE.encode()
    files["boot.py"] = b"# the old boot.py\n"
    files["boot_out.txt"] = b"Adafruit CircuitPython 9.2.1 on 2024-11-20; Adafruit PyBadge\n"
    files["lib/adafruit_display_text/label.mpy"] = b"C\x06label"
    files.update(SAVES)
    return files


def modules(files: dict) -> dict:
    return {
        path: data
        for path, data in files.items()
        if path.split("/")[0] in deploy.OWNED_FOLDERS and path.endswith((".py", ".mpy"))
    }


def what_starts(files: dict):
    """None if the badge starts no firmware of ours, else the modules it
    would import from (the start file mentions the app)."""
    for name in START_FILES:
        if name in files:
            if b"sixtysix_app" not in files[name]:
                return None  # the user's own program
            return modules(files)
    return None


def old_or_nothing_or_new(files: dict, old: dict) -> str:
    starts = what_starts(files)
    if starts is None:
        return "nothing"
    assert files.get("code.py", files.get("main.py")) == deploy.MAIN_SOURCE.encode(), "half a start file"
    if starts == modules(old):
        return "old"
    if starts != new_modules():
        not_old = sorted(p for p in set(starts) | set(modules(old)) if starts.get(p) != old.get(p))
        not_new = sorted(p for p in set(starts) | set(new_modules()) if starts.get(p) != new_modules().get(p))
        pytest.fail(
            "a mixed firmware starts: unlike the old in %s, unlike the new in %s" % (not_old[:5], not_new[:5])
        )
    return "new"


def deploy_on(monkeypatch, capsys, tmp_path, drive, *extra):
    monkeypatch.setattr(circuitpy, "Drive", lambda root: drive)
    (tmp_path / "boot_out.txt").write_text("Adafruit CircuitPython 9.2.1\n")
    status = main(["deploy", "--board", "pybadge", "--circuitpy", str(tmp_path), *extra])
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err
    return status, out, err


def check_boot_py(files: dict, old: dict) -> None:
    """boot.py is whole, the old or the new; the user's old one, once
    renamed, is kept whole as boot.py.bak."""
    with open(os.path.join(ROOT, "circuitpython", "boot.py"), "rb") as f:
        ours = f.read()
    if "boot.py.bak" in files:
        assert files["boot.py.bak"] == old["boot.py"], "the user's boot.py was not kept whole"
        assert files.get("boot.py", ours) == ours, "half a boot.py"
    else:
        assert files.get("boot.py") in (old["boot.py"], ours), "half a boot.py"


def roomy() -> int:
    return 4 * 1024 * 1024


def changes_of_a_clean_deploy(monkeypatch, capsys, tmp_path, files) -> int:
    drive = SmallDrive(files, roomy())
    status, _out, err = deploy_on(monkeypatch, capsys, tmp_path, drive, "--boot-py")
    assert status == 0, err
    return drive.changes


@pytest.mark.parametrize("with_main_py", [False, True])
@pytest.mark.parametrize("failure", ["full", "io", "interrupt"])
def test_a_failure_at_any_step_leaves_the_old_firmware_or_none_and_the_next_deploy_completes(
    monkeypatch, capsys, tmp_path, failure, with_main_py
):
    old = old_drive(with_main_py)
    steps = changes_of_a_clean_deploy(monkeypatch, capsys, tmp_path, old)
    assert steps > len(new_modules())
    seen = set()
    for step in range(steps):
        drive = SmallDrive(old, roomy(), fail_at=step, failure=failure)
        status, out, err = deploy_on(monkeypatch, capsys, tmp_path, drive, "--boot-py")
        assert drive.changes == step + 1, "the deploy went on after a failure"
        assert status == (130 if failure == "interrupt" else 2), out + err
        state = old_or_nothing_or_new(drive.files, old)
        seen.add(state)
        check_boot_py(drive.files, old)
        if state == "nothing":
            assert "deploy again" in err, err
        for path, data in SAVES.items():
            assert drive.files[path] == data

        drive.fail_at = None
        status, out, err = deploy_on(monkeypatch, capsys, tmp_path, drive, "--boot-py")
        assert status == 0, out + err
        assert old_or_nothing_or_new(drive.files, old) == "new"
        assert "main.py" not in drive.files and ".sixtysix-code.new" not in drive.files
        assert (
            drive.files["lib/adafruit_display_text/label.mpy"] == old["lib/adafruit_display_text/label.mpy"]
        )
    assert "nothing" in seen and "old" in seen


def test_a_failure_says_how_far_the_deploy_got(monkeypatch, capsys, tmp_path):
    """Nothing changed at the first step, no firmware starts in the middle,
    and the new firmware is complete when only the final sync failed."""
    old = old_drive()
    drive = SmallDrive(old, roomy())
    assert deploy_on(monkeypatch, capsys, tmp_path, drive)[0] == 0
    steps = drive.changes
    for step, said in (
        (0, "nothing on the drive was changed"),  # removing code.py
        (1, "the badge starts no firmware until a deploy completes"),  # a stale module, code.py gone
        (steps // 2, "the badge starts no firmware until a deploy completes"),
        (steps - 1, "the new firmware is complete"),
    ):
        drive = SmallDrive(old, roomy(), fail_at=step, failure="io")
        status, _out, err = deploy_on(monkeypatch, capsys, tmp_path, drive)
        assert status == 2 and said in err, (step, err)


@pytest.mark.parametrize("short_by", [1, 2_000, 20_000, 60_000, 150_000])
def test_the_drive_filling_up_mid_copy_after_the_check_leaves_no_mixed_firmware(
    monkeypatch, capsys, tmp_path, short_by
):
    """The drive says it has more room than it has (another program wrote
    meanwhile, or the file system's own overhead): the copy runs out of room."""
    old = old_drive()
    plan_drive = SmallDrive(old, roomy())
    plan = circuitpy.circuitpy_plan(plan_drive, "pybadge", False)
    needed_free = plan["needed_bytes"] + circuitpy.MARGIN_BYTES - plan["freed_bytes"]
    capacity = plan_drive.used() + needed_free - short_by
    drive = SmallDrive(old, capacity, extra_free=short_by)
    status, out, err = deploy_on(monkeypatch, capsys, tmp_path, drive)
    if status == 0:  # the margin absorbed it
        assert old_or_nothing_or_new(drive.files, old) == "new"
        return
    assert status == 2
    assert "full" in err and "deploy again" in err
    assert old_or_nothing_or_new(drive.files, old) in ("old", "nothing")
    drive.capacity += short_by
    drive.extra_free = 0
    status, out, err = deploy_on(monkeypatch, capsys, tmp_path, drive)
    assert status == 0, out + err
    assert old_or_nothing_or_new(drive.files, old) == "new"


def test_a_drive_too_full_is_refused_before_anything_changes_saying_how_much_is_needed_and_free(
    monkeypatch, capsys, tmp_path
):
    old = old_drive()
    drive = SmallDrive(old, SmallDrive(old, 0).used() + 3000)
    status, _out, err = deploy_on(monkeypatch, capsys, tmp_path, drive)
    assert status == 2
    assert drive.files == old and drive.changes == 0
    plan = circuitpy.circuitpy_plan(drive, "pybadge", False)
    needs = plan["needed_bytes"] + circuitpy.MARGIN_BYTES
    free = 3000 + plan["freed_bytes"]
    assert "CIRCUITPY drive is too full" in err
    assert "needs %d KB" % -(-needs // 1024) in err and "%d KB" % (free // 1024) in err
    assert "nothing was changed" in err


def test_the_space_of_the_files_replaced_counts_as_free(monkeypatch, capsys, tmp_path):
    """Less free room than the firmware takes, but enough once the old
    firmware it replaces is counted: the deploy goes ahead and fits."""
    old = old_drive()
    plan = circuitpy.circuitpy_plan(SmallDrive(old, roomy()), "pybadge", False)
    free = plan["needed_bytes"] + circuitpy.MARGIN_BYTES - plan["freed_bytes"]
    assert free < plan["needed_bytes"]
    drive = SmallDrive(old, SmallDrive(old, 0).used() + free)
    status, out, err = deploy_on(monkeypatch, capsys, tmp_path, drive)
    assert status == 0, out + err
    assert old_or_nothing_or_new(drive.files, old) == "new"
    assert drive.free_bytes() >= circuitpy.MARGIN_BYTES  # room left for the saves

    drive = SmallDrive(old, SmallDrive(old, 0).used() + free - 1024)
    status, out, err = deploy_on(monkeypatch, capsys, tmp_path, drive)
    assert status == 2 and drive.files == old


def test_only_the_files_a_deploy_removes_or_writes_over_count_as_freed():
    """A user's code.py is renamed, not removed: its room stays taken. Our
    own main.py is removed: its room counts."""
    start_file = SmallDrive({}, 0).clusters(len(deploy.MAIN_SOURCE))  # the room of a start file of ours
    freed = circuitpy.circuitpy_plan(SmallDrive(old_drive(), roomy()), "pybadge", False)["freed_bytes"]
    users = dict(old_drive(), **{"code.py": b"print('my own game')\n" * 2000})
    plan = circuitpy.circuitpy_plan(SmallDrive(users, roomy()), "pybadge", False)
    assert plan["keep"] == {"code.py": "code.py.bak"}
    assert plan["freed_bytes"] == freed - start_file
    plan = circuitpy.circuitpy_plan(SmallDrive(old_drive(with_main_py=True), roomy()), "pybadge", False)
    assert "main.py" in plan["stop"]
    assert plan["freed_bytes"] == freed + start_file


def test_a_folder_named_like_a_module_is_not_removed():
    files = dict(old_drive(), **{"sixtysix/notes.py/todo.txt": b"the user's own\n"})
    plan = circuitpy.circuitpy_plan(SmallDrive(files, roomy()), "pybadge", False)
    assert "sixtysix/retired.py" in plan["remove"]
    assert not [path for path in plan["remove"] if path.startswith("sixtysix/notes.py")]


def test_dry_run_says_the_room_needed_and_changes_nothing(monkeypatch, capsys, tmp_path):
    old = old_drive(with_main_py=True)
    drive = SmallDrive(old, roomy())
    status, out, err = deploy_on(monkeypatch, capsys, tmp_path, drive, "--dry-run")
    assert status == 0, err
    assert drive.files == old and drive.changes == 0
    lines = out.splitlines()
    assert lines.index("  remove  code.py") < lines.index("  remove  sixtysix/retired.py")
    assert "  remove  main.py" in lines and lines[-2] == "  write   code.py"
    assert "needs" in out and "free" in out


def test_a_drive_read_only_for_the_computer_says_how_to_get_it_back_and_nothing_changed(
    monkeypatch, capsys, tmp_path
):
    """boot.py gave the drive to the game: the first change fails."""
    old = old_drive()
    drive = SmallDrive(old, roomy(), fail_at=0, failure="readonly")
    status, _out, err = deploy_on(monkeypatch, capsys, tmp_path, drive)
    assert status == 2
    assert "read-only" in err and "hold START while pressing reset" in err
    assert "nothing on the drive was changed" in err and drive.files == old
    # without a boot.py on the drive the badge did not take it: the
    # computer mounted it read-only, and START is no help
    del old["boot.py"]
    drive = SmallDrive(old, roomy(), fail_at=0, failure="readonly")
    status, _out, err = deploy_on(monkeypatch, capsys, tmp_path, drive)
    assert status == 2 and "read-only on this computer" in err and "START" not in err, err
    assert "nothing on the drive was changed" in err and drive.files == old


def test_a_code_txt_of_the_user_is_named_since_it_starts_before_code_py(monkeypatch, capsys, tmp_path):
    old = old_drive()
    old["code.txt"] = b"print('my own program')\n"
    drive = SmallDrive(old, roomy())
    status, out, err = deploy_on(monkeypatch, capsys, tmp_path, drive)
    assert status == 0, err
    assert "code.txt" in out and "starts before code.py" in out
    assert drive.files["code.txt"] == old["code.txt"]  # the user's, left alone


def test_a_plan_read_by_a_program_that_stopped_reading_is_no_error(monkeypatch, capsys, tmp_path):
    old = old_drive(with_main_py=True)
    drive = SmallDrive(old, roomy())
    monkeypatch.setattr(sys, "stdout", PipeClosedAfter(1))
    status, _out, err = deploy_on(monkeypatch, capsys, tmp_path, drive, "--dry-run")
    assert (status, err) == (0, "")
    assert drive.files == old and drive.changes == 0


def test_output_closed_mid_deploy_blames_the_output_not_the_drive(monkeypatch, capsys, tmp_path):
    """The deploy stops where the output closed, and says so and how far it
    got, as for a failure of the drive; a deploy after it completes."""
    old = old_drive(with_main_py=True)
    drive = SmallDrive(old, roomy())
    monkeypatch.setattr(sys, "stdout", PipeClosedAfter(3))
    status, _out, err = deploy_on(monkeypatch, capsys, tmp_path, drive)
    assert status == 2
    assert "the output was closed before the deploy ended" in err and "deploy again" in err, err
    assert "cannot write to" not in err
    assert old_or_nothing_or_new(drive.files, old) != "new"
    monkeypatch.setattr(sys, "stdout", io.StringIO())
    assert deploy_on(monkeypatch, capsys, tmp_path, drive)[0] == 0
    assert old_or_nothing_or_new(drive.files, old) == "new"


@pytest.mark.parametrize("extra", [(), ("--dry-run",)])
def test_a_drive_path_that_is_not_text_is_named_escaped(monkeypatch, capsys, tmp_path, extra):
    """'Plan for ROOT', 'note: ROOT has no boot_out.txt' and 'Copied ...
    to ROOT' printed the path as typed: an ESC in it reached the terminal,
    a byte that is not UTF-8 a strict UTF-8 output as a traceback."""
    root = tmp_path / "CIRCUIT\udcff\x1b[31mPY"
    root.mkdir()
    monkeypatch.setattr(circuitpy, "Drive", lambda root: SmallDrive(old_drive(), roomy()))
    status = main(["deploy", "--board", "pybadge", "--circuitpy", str(root), *extra])
    out, err = capsys.readouterr()
    assert (status, err) == (0, "")
    assert "\x1b" not in out and "CIRCUIT\\xff\\x1b[31mPY" in out
    out.encode("utf-8")  # nothing a strict UTF-8 output would refuse
