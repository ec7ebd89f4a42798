"""Run the portable tests without pytest, on MicroPython or CPython.

    micropython host_tests/portable/run.py                 # every test_*.py here
    micropython host_tests/portable/run.py test_perft ...  # just these modules

Each module is imported and every callable named test_* is called, in
sorted order.  A failure prints one line naming the test and the error,
then the traceback.  The last line is always "N passed, M failed"; the exit
status is 1 if anything failed (or nothing ran).
"""

import gc
import os
import sys


def _folder_of(path):
    """Directory part of a path by string ops (MicroPython has no os.path)."""
    i = path.rfind("/")
    if i < 0:
        return "."
    return path[:i] or "/"


HERE = _folder_of(__file__)
FIRMWARE = HERE + "/../../firmware"
for _p in (FIRMWARE, HERE):
    if _p not in sys.path:
        sys.path.insert(0, _p)


def _print_traceback(exc):
    if hasattr(sys, "print_exception"):  # MicroPython
        sys.print_exception(exc)
    else:
        import traceback

        traceback.print_exception(type(exc), exc, exc.__traceback__, file=sys.stdout)


def _describe(exc):
    text = str(exc)
    name = type(exc).__name__
    return name + ": " + text if text else name


def module_names(args):
    """Module names from the command line ('test_x', 'test_x.py' or a path),
    or every test_*.py in this directory."""
    if args:
        names = []
        for a in args:
            a = a[a.rfind("/") + 1 :]
            names.append(a[:-3] if a.endswith(".py") else a)
        return names
    return sorted(f[:-3] for f in os.listdir(HERE) if f.startswith("test_") and f.endswith(".py"))


def run_module(name):
    """Run one module's tests; returns (passed, failed)."""
    try:
        module = __import__(name)
    except Exception as e:
        print("FAIL %s (import): %s" % (name, _describe(e)))
        _print_traceback(e)
        return 0, 1
    passed = 0
    failed = 0
    for attr in sorted(dir(module)):
        test = getattr(module, attr)
        if not attr.startswith("test_") or not callable(test):
            continue
        gc.collect()
        try:
            test()
            passed += 1
        except Exception as e:
            failed += 1
            print("FAIL %s.%s: %s" % (name, attr, _describe(e)))
            _print_traceback(e)
    return passed, failed


def main(args):
    passed = 0
    failed = 0
    for name in module_names(args):
        p, f = run_module(name)
        passed += p
        failed += f
    if passed + failed == 0:
        print("no tests found")
    print("%d passed, %d failed" % (passed, failed))
    return 1 if failed or not passed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
