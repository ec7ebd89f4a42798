"""`sixtysix replay FILE [--json]`: check a game record and score it.

On any problem it prints `FILE:LINE: reason` on standard error, nothing on
standard output, and exits with status 2 (docs/RECORDS.md).
"""

import json
import os
import stat
import sys

from .records import RecordError, read
from .textin import shown

# A whole match is a few KB; anything near this is not a record, and reading
# it whole (or a device that never ends) would only cost memory.
MAX_RECORD_BYTES = 1 << 20

_KINDS = (
    (stat.S_ISDIR, "a directory"),
    (stat.S_ISFIFO, "a FIFO"),
    (stat.S_ISCHR, "a device"),
    (stat.S_ISBLK, "a device"),
    (stat.S_ISSOCK, "a socket"),
)


def add_arguments(parser) -> None:
    parser.add_argument("file", help="a game record (see docs/RECORDS.md); - reads standard input")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.set_defaults(run=run)


def _not_regular(mode: int) -> RecordError:
    kind = next((name for test, name in _KINDS if test(mode)), "of another kind")
    return RecordError(0, "not a regular file (%s)" % kind)


def _too_large(size: int) -> RecordError:
    return RecordError(0, "too large for a record (over 1 MB: %d bytes)" % size)


def read_record(path: str) -> str:
    """The record's text; RecordError at line 0 for a file that can't be
    read, is not a regular file or is over MAX_RECORD_BYTES.  A FIFO or a
    device is refused before it is read, and the open never blocks (the name
    may have been swapped for a FIFO after the check: what is opened is
    checked again); at most MAX_RECORD_BYTES + 1 bytes are ever read.
    The path "-" reads standard input to its end, as far as that limit."""
    if path == "-":
        return _decoded(_read_standard_input())
    try:
        mode = os.stat(path).st_mode
        if not stat.S_ISREG(mode):
            raise _not_regular(mode)
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0))
        try:
            st = os.fstat(fd)
            if not stat.S_ISREG(st.st_mode):
                raise _not_regular(st.st_mode)
            if st.st_size > MAX_RECORD_BYTES:
                raise _too_large(st.st_size)
            chunks = []
            left = MAX_RECORD_BYTES + 1
            while left > 0:
                chunk = os.read(fd, left)
                if not chunk:
                    break
                chunks.append(chunk)
                left -= len(chunk)
        finally:
            os.close(fd)
    except OSError as e:
        raise RecordError(0, "cannot read the file: %s" % (e.strerror or e)) from None
    return _decoded(b"".join(chunks))


def _read_standard_input() -> bytes:
    stream = getattr(sys.stdin, "buffer", None)
    if stream is None:
        raise RecordError(0, "there is no standard input to read")
    try:
        return stream.read(MAX_RECORD_BYTES + 1)
    except OSError as e:
        raise RecordError(0, "cannot read standard input: %s" % (e.strerror or e)) from None


def _decoded(data: bytes) -> str:
    if len(data) > MAX_RECORD_BYTES:
        raise _too_large(len(data))
    if data.startswith(b"\xef\xbb\xbf"):  # the byte-order mark Windows editors put first
        data = data[3:]
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as e:
        raise RecordError(data.count(b"\n", 0, e.start) + 1, "not UTF-8 text") from None


def run(args) -> int:
    try:
        replay = read(read_record(args.file))
    except RecordError as e:
        print(error_line(args.file, e), file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps(replay.to_json()))
        return 0
    print(replay.format_text())
    return 0


def error_line(path: str, e: RecordError) -> str:
    """`FILE:LINE: reason`, the file name escaped as the reason already is."""
    return "%s:%d: %s" % ("standard input" if path == "-" else shown(path), e.line, e.reason)
