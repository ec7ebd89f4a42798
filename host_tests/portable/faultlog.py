"""The error log's '--- ' lines, for the boot tests that read them
(small on purpose: the MicroPython run imports it beside them)."""

from sixtysix_app.boot import ERROR_LOG, OLD_LOG


def headers(folder):
    """The '--- ' lines of the log, oldest first (read a line at a time:
    the unix port's test heap is small)."""
    found = []
    for name in (OLD_LOG, ERROR_LOG):
        try:
            f = open(folder + "/" + name)
        except OSError:
            continue
        with f:
            for line in f:
                if line.startswith("--- "):
                    found.append(line.rstrip("\n"))
    return found
