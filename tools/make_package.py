"""Rewrite package.json (the mip package of the firmware) from the files
in firmware/: run it after adding or removing a firmware module.

    python tools/make_package.py          # rewrite
    python tools/make_package.py --check  # exit 1 if package.json is stale
"""

import json
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PACKAGES = ("sixtysix", "sixtysix_app")


def urls() -> list:
    found = []
    for package in PACKAGES:
        for name in sorted(os.listdir(os.path.join(ROOT, "firmware", package))):
            if name.endswith(".py"):
                found.append([package + "/" + name, "firmware/%s/%s" % (package, name)])
    found.append(["main.py", "firmware/main.py"])
    return found


def main(argv) -> int:
    path = os.path.join(ROOT, "package.json")
    with open(path) as f:
        package = json.load(f)
    fresh = dict(package, urls=urls())
    if "--check" in argv:
        return 0 if fresh == package else 1
    with open(path, "w") as f:
        json.dump(fresh, f, indent=2)
        f.write("\n")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
