"""Small files that survive a power cut: the Store, and the text container
every saved file uses.

A file is written whole to `<stem>.new` and then renamed over the old one,
so a cut leaves either the old file or the new one, never half of each.
On FAT, where a rename may not replace an existing file, the old file is
removed first; a cut between the two steps leaves only `<stem>.new`, which
`load` then reads.  The `.new` name keeps the stem, so it is still an 8.3
name on a FAT drive without long names.

The container is plain text: a header line `<kind> <version>`, the body
lines, and a last line `check <8 hex digits>`, an Adler-style sum over
every byte before it.  A cut file loses its check line (or its sum no longer
matches), so truncation and most damage are caught before any parsing.
Only the `os` functions every MicroPython port has are used (open, rename,
remove, mkdir); paths are joined by string ops.
"""

import gc
import os

MAX_FILE = 4096  # bytes: nothing we write comes near; refuse bigger files unread
EROFS = 30  # errno of a read-only file system
ENOENT = 2
ENOSPC = 28  # the drive is full
S_IFMT = 0xF000  # the file-type bits of a stat mode (MicroPython has no `stat` module)
S_IFREG = 0x8000  # a regular file
S_IFDIR = 0x4000  # a directory
EIO = 5  # errno for what stands where a save goes and cannot be moved

# What `unpack` and `load` report.
OK = 0
MISSING = 1
CORRUPT = 2
VERSION = 3
UNREAD = 4  # the drive refused to read it, or the heap had no room: the file is kept


class SaveError(ValueError):
    """A file that cannot be used; `problem` is CORRUPT or VERSION."""

    def __init__(self, problem: int, text: str) -> None:
        super().__init__(text)
        self.problem = problem


def errno_of(exc) -> int:
    """The errno of an OSError on every runtime (args[0] on MicroPython)."""
    n = getattr(exc, "errno", None)
    if n is None and exc.args:
        n = exc.args[0]
    return n if isinstance(n, int) else 0


def temp_name(name: str) -> str:
    """'match.sav' -> 'match.new': where a file is written before the rename."""
    return _stem(name) + ".new"


def bad_name(name: str) -> str:
    """'match.sav' -> 'match.bad': where an unusable file is set aside."""
    return _stem(name) + ".bad"


def is_special(path: str) -> bool:
    """Whether something stands at `path` that is neither a regular file
    nor a folder (a FIFO, a device, a socket)."""
    kind = _kind(path)
    return kind != 0 and kind != S_IFREG and kind != S_IFDIR


def _kind(path: str) -> int:
    """The file-type bits of what stands at `path`, 0 if nothing does."""
    try:
        return os.stat(path)[0] & S_IFMT
    except OSError:
        return 0


def _stem(name: str) -> str:
    dot = name.rfind(".")
    return name[:dot] if dot > 0 else name


class Store:
    """Files in one directory, each written atomically."""

    def __init__(self, folder: str = "") -> None:
        if folder and folder != "." and not folder.endswith("/"):
            folder += "/"
        elif folder == ".":
            folder = ""
        self.folder = folder
        self.in_way = ""  # a `.old` the user must take off the drive before saving can go on

    def path(self, name: str) -> str:
        return self.folder + name

    # The three file-system steps, separate so tests can imitate FAT or a
    # read-only drive.
    def rename(self, old: str, new: str) -> None:
        os.rename(old, new)

    def remove_path(self, path: str) -> None:
        os.remove(path)

    def write_file(self, path: str, data) -> None:
        with open(path, "wb") as f:
            f.write(data)

    def read_path(self, path: str):
        """The file's bytes, None if it does not exist; ValueError if it is
        larger than MAX_FILE or is not a regular file.  The buffer is the file's own size: a fixed
        4 KB one may not fit a fragmented heap."""
        try:
            st = os.stat(path)
        except OSError:
            return None
        if st[0] & S_IFMT != S_IFREG:  # a folder, a FIFO, a device: open() could wait for ever
            raise ValueError("not a regular file")
        size = st[6]
        if size > MAX_FILE:
            raise ValueError("file too large")
        with open(path, "rb") as f:
            data = f.read(size)
        return data

    def read(self, name: str):
        """The file's bytes, or those of a complete-looking leftover `.new`
        when the file itself is missing; None if neither exists."""
        data = self.read_path(self.path(name))
        if data is None:
            data = self.read_path(self.path(temp_name(name)))
        return data

    def write(self, name: str, data) -> None:
        """Replace the file atomically.  OSError if the drive refuses."""
        path = self.path(name)
        temp = self.path(temp_name(name))
        # A FIFO or a device at the `.new` would make open() wait for ever
        # (a folder only makes it fail, handled below): it goes first.
        if is_special(temp) and not self.clear(temp) and not self.move_aside(temp, name):
            raise OSError(EIO)
        # A whole `.new` with no file beside it is the only copy of the last
        # save (FAT's rename refused, or a cut, after the old file was
        # removed): it takes the file's name before anything is written over
        # it, and if it cannot, this save fails and the copy stays.  A cut
        # first write is no copy of anything and is written over.
        if _kind(temp) == S_IFREG and _kind(path) == 0 and self.whole(temp):
            self.rename(temp, path)
        try:
            self.write_file(temp, data)
        except OSError as e:
            if errno_of(e) == ENOENT and self.folder:
                os.mkdir(self.folder[:-1])  # first save: make the folder
            elif not self.clear(temp) and not self.move_aside(temp, name):
                raise
            self.write_file(temp, data)
        try:
            self.rename(temp, path)
        except OSError:
            # FAT cannot rename onto an existing file: drop the old one first.
            # A cut right here leaves only the complete `.new`, which read() finds.
            # A folder with files in the way goes aside, as one at the `.new`.
            if not self.clear(path) and _kind(path) == S_IFDIR:
                self.move_aside(path, name)
            self.rename(temp, path)

    def whole(self, path: str) -> bool:
        """Whether the file at `path` ends in its own check line, as every
        file this module wrote does (not whether its body parses); True
        when it cannot be read, so that it is kept."""
        try:
            data = self.read_path(path)
        except ValueError:
            return False
        except (OSError, MemoryError):
            return True
        return sealed(as_written(data)) > 0

    # Finish a write cut between removing the file and renaming its `.new`
    # (FAT): the `.new`, which loaded where the file did not, takes the
    # file's name.  A damaged file still there (FAT's rename cannot replace
    # it) goes first: left as the only good copy, the `.new` would be the
    # first thing the next save overwrites.
    def promote(self, name: str) -> None:
        temp = self.path(temp_name(name))
        path = self.path(name)
        for _ in range(2):
            try:
                self.rename(temp, path)
                return
            except OSError:
                if not self.clear(path) and not self.move_aside(path, name):
                    return

    # Remove what stands at `path`, a file or an empty directory (a leftover
    # `match.new` directory made every save fail with error 21); False if
    # nothing could be removed.
    def clear(self, path: str) -> bool:
        for remove in (self.remove_path, os.rmdir):
            try:
                remove(path)
                return True
            except OSError:
                pass
        return False

    # What cannot be removed from where a save goes (a folder with files in
    # it, left on a drive the user edits, at the `.new` or the file itself)
    # is renamed to `<stem>.old`, so that saving goes on; what stood at
    # `.old` goes first.  False if it stays: then `in_way` names a `.old`
    # that could not be cleared either (a folder with files in it too).
    def move_aside(self, path: str, name: str) -> bool:
        old = _stem(name) + ".old"
        self.clear(self.path(old))
        try:
            self.rename(path, self.path(old))
            return True
        except OSError:
            try:
                os.stat(self.path(old))
                self.in_way = old
            except OSError:
                pass
            return False

    def set_aside(self, name: str) -> None:
        """Move an unusable file (or its `.new`) to `<stem>.bad`, so it is
        reported once and can still be looked at.  Errors are ignored: on a
        read-only drive it simply stays."""
        bad = self.path(bad_name(name))
        try:
            self.remove_path(bad)
        except OSError:
            pass
        moved = False
        for path in (self.path(name), self.path(temp_name(name))):
            try:
                if moved:
                    self.remove_path(path)
                else:
                    self.rename(path, bad)
                    moved = True
            except OSError:
                pass

    def remove(self, name: str) -> None:
        """Remove the file and any leftover `.new`; missing files are fine,
        a read-only drive raises OSError."""
        for path in (self.path(name), self.path(temp_name(name))):
            try:
                self.remove_path(path)
            except OSError as e:
                if errno_of(e) != ENOENT:
                    raise


def checksum(data, n: int) -> str:
    """Adler-style sum of data[:n] as 8 hex digits; every value stays small."""
    a = 1
    b = 0
    for i in range(n):
        a = (a + data[i]) % 65521
        b = (b + a) % 65521
    return "%04x%04x" % (b, a)


def sealed(data) -> int:
    """Where the check line starts in `data` (bytes as written), when it is
    the last line and its sum over every byte before it holds; else -1."""
    n = len(data)
    if not n or data[n - 1] != 10:
        return -1
    last = data.rfind(b"\n", 0, n - 1) + 1
    if data[last : last + 6] != b"check " or data[last + 6 : n - 1] != checksum(data, last).encode():
        return -1
    return last


def pack(kind: str, version: int, lines) -> bytes:
    """Header, body lines and check line as the bytes of a file."""
    parts = [kind, " ", str(version), "\n"]
    for line in lines:
        parts.append(line)
        parts.append("\n")
    data = "".join(parts).encode()
    return data + ("check " + checksum(data, len(data)) + "\n").encode()


def as_written(data):
    """The bytes as this module wrote them, from a copy an editor or a copy
    tool changed only in its line ends (CRLF, or CR alone) or by a leading
    UTF-8 byte-order mark; the checksum then holds again.  Other bytes are
    left as they are, for the checks to refuse."""
    if data[:3] == b"\xef\xbb\xbf":
        data = data[3:]
    if b"\r" in data:
        data = data.replace(b"\r\n", b"\n") if b"\n" in data else data.replace(b"\r", b"\n")
    return data


def unpack(kind: str, version: int, data):
    """The body lines of a packed file; SaveError if it is of another kind,
    another version, cut short or damaged (line ends and a byte-order mark
    changed by an editor are undone first: `as_written`)."""
    data = as_written(data)
    n = len(data)
    for i in range(n):
        b = data[i]
        if b > 126 or (b < 32 and b != 10):
            raise SaveError(CORRUPT, "not text")
    text = data.decode()
    first = text.find("\n")
    if first < 0:
        raise SaveError(CORRUPT, "no header")
    head = text[:first].split(" ")
    if len(head) != 2 or head[0] != kind or not is_decimal(head[1]):
        raise SaveError(CORRUPT, "bad header")
    if int(head[1]) != version:
        raise SaveError(VERSION, "version " + head[1])
    last = sealed(data)
    if last <= first:
        raise SaveError(CORRUPT, "cut short, or its check line does not hold")
    if last == first + 1:
        return []
    return text[first + 1 : last - 1].split("\n")


def load(store, name: str, kind: str, version: int, parse):
    """(value, problem): parse(lines) of the file, trying a leftover `.new`
    when the file is missing or unusable.  problem is OK, MISSING (no file,
    or only the cut `.new` of a first write), CORRUPT (an empty file too),
    VERSION or UNREAD (the drive refused the read twice, or the heap had no
    room twice: nothing says the file is bad, so it must be kept); value is
    None unless OK.  Nothing raised while reading or parsing escapes
    (MemoryError included)."""
    # A `.new` that loads in place of a missing file is renamed into its
    # place, so the next write cannot cut the only copy.
    problem = MISSING
    first = False  # no file: a `.new` can only be a first write, complete or cut
    temp = store.path(temp_name(name))
    for path in (store.path(name), temp):
        value = None
        for attempt in range(2):
            try:
                data = store.read_path(path)
                if data is None:
                    first = first or path != temp
                    break
                value = parse(unpack(kind, version, data))
                break
            except SaveError as e:
                problem = _worse(problem, e.problem)
                break
            except (OSError, MemoryError):  # a refused read, a fragmented heap: try again
                data = None
                gc.collect()
                if attempt:
                    problem = UNREAD
            except Exception:  # any parse error, a file too large or not a file
                problem = _worse(problem, CORRUPT)
                break
        if value is not None:
            if path == temp:
                store.promote(name)
            return value, OK
    if first and problem == CORRUPT:
        return None, MISSING  # the file never was: nothing lost, nothing to say
    return None, problem


def _worse(problem: int, found: int) -> int:
    """What `load` reports when the file and its `.new` fail differently:
    a file that could not be read outranks one from another version, which
    outranks a damaged one."""
    return problem if problem == UNREAD or problem == VERSION else found


def is_decimal(s: str) -> bool:
    if not s or len(s) > 9:
        return False
    for ch in s:
        if ch < "0" or ch > "9":
            return False
    return True


def is_hex(s: str) -> bool:
    for ch in s:
        if _HEX.find(ch) < 0:
            return False
    return True


def number(s: str, low: int, high: int) -> int:
    """A plain decimal in [low, high]; ValueError for anything else (signs,
    spaces, underscores and huge numbers included)."""
    if not is_decimal(s):
        raise ValueError("not a number")
    v = int(s)
    if v < low or v > high:
        raise ValueError("out of range")
    return v


_HEX = "0123456789abcdef"


def hex_bytes(data, n: int = -1) -> str:
    if n < 0:
        n = len(data)
    return "".join("%02x" % data[i] for i in range(n))


def from_hex(s: str) -> bytearray:
    """Lower-case hex pairs to bytes; ValueError for anything else."""
    if len(s) % 2:
        raise ValueError("odd hex")
    out = bytearray(len(s) // 2)
    for i in range(len(out)):
        hi = _HEX.find(s[2 * i])
        lo = _HEX.find(s[2 * i + 1])
        if hi < 0 or lo < 0:
            raise ValueError("not hex")
        out[i] = hi * 16 + lo
    return out


def hex_number(s: str, high: int) -> int:
    """Lower-case hex (at most 8 digits) in [0, high < 2**30]; every step
    stays a small int."""
    if not s or len(s) > 8:
        raise ValueError("bad hex number")
    v = 0
    for ch in s:
        d = _HEX.find(ch)
        if d < 0 or v > high >> 4:
            raise ValueError("not hex or out of range")
        v = v * 16 + d
    if v > high:
        raise ValueError("out of range")
    return v


def split_line(line: str, key: str):
    """The words after `key` on a body line; ValueError if the key differs."""
    words = line.split(" ")
    if words[0] != key:
        raise ValueError("expected " + key)
    return words[1:]
