"""Building the host tools' C sources (fastsolve.c, ismcts.c) at first use.

A source is compiled with the machine's C compiler (`cc`, or $CC) into a
cache folder ($SIXTYSIX_CACHE, else ~/.cache/sixtysix) under a name that
carries the source's hash, its flags, the machine and the compiler, so an
edited source, another compiler or a home folder shared between machines
builds afresh.  A tool that needs the library says in one line why it
could not be built (CBuildError), never with a traceback.
"""

import ctypes
import hashlib
import os
import platform
import shutil
import subprocess
import tempfile


class CBuildError(RuntimeError):
    """The C source could not be compiled; the message says why."""


def compiler() -> str:
    """The C compiler the build uses: $CC, else `cc`."""
    return os.environ.get("CC") or "cc"


def has_compiler() -> bool:
    """Whether that compiler is on this machine at all (a fresh Linux with
    only Python has none; the tests of the C tools are skipped there)."""
    return shutil.which(compiler()) is not None


def cache_dir() -> str:
    d = os.environ.get("SIXTYSIX_CACHE") or os.path.join(os.path.expanduser("~"), ".cache", "sixtysix")
    try:
        os.makedirs(d, exist_ok=True)
    except OSError as e:
        raise _unusable(d, e) from None
    return d


def _unusable(folder: str, e: OSError) -> CBuildError:
    """The cache folder cannot be made or written in: said with the
    variable that names it, not as a bare errno."""
    named = " (SIXTYSIX_CACHE)" if os.environ.get("SIXTYSIX_CACHE") else ""
    return CBuildError(
        "cannot use the folder %s for the compiled C code%s: %s" % (folder, named, e.strerror or e)
    )


def target(source: str, flags: tuple = ()) -> str:
    """Where the library built from `source` with `flags` is cached."""
    key = hashlib.sha256()
    with open(source, "rb") as f:
        key.update(f.read())
    key.update(("\0%s\0%s\0%s" % (platform.machine(), compiler(), " ".join(flags))).encode())
    stem = os.path.splitext(os.path.basename(source))[0]
    return os.path.join(cache_dir(), "%s-%s.so" % (stem, key.hexdigest()[:16]))


def build(source: str, flags: tuple = ()) -> str:
    """The path of the library built from `source`, compiling it if the
    cache has none; CBuildError if the compiler cannot be run or fails."""
    path = target(source, flags)
    if os.path.exists(path):
        return path
    cc = compiler()
    try:
        fd, tmp = tempfile.mkstemp(suffix=".so", dir=os.path.dirname(path))
    except OSError as e:
        raise _unusable(os.path.dirname(path), e) from None
    os.close(fd)
    cmd = [cc, "-O2", "-shared", "-fPIC", *flags, "-o", tmp, source]
    try:
        done = subprocess.run(cmd, capture_output=True, text=True)
    except OSError as e:
        os.unlink(tmp)
        raise CBuildError("cannot run the C compiler '%s': %s" % (cc, e)) from None
    if done.returncode:
        os.unlink(tmp)
        first = (done.stderr.strip().splitlines() or ["no message"])[0]
        raise CBuildError("compiling %s failed: %s" % (os.path.basename(source), first))
    os.replace(tmp, path)  # atomic: parallel workers may build at once
    return path


class Library:
    """One C source's library, built and loaded at its first use.  `declare`
    sets the functions' ctypes signatures once it is loaded.  A failed build
    is remembered, so a player asked for a thousand moves tries the
    compiler once and gives the same one-line reason each time."""

    def __init__(self, source: str, flags: tuple = (), declare=None):
        self.source = source
        self.flags = flags
        self.declare = declare
        self.lib: ctypes.CDLL | None = None
        self.error = ""

    def get(self):
        """The loaded library; CBuildError if it cannot be built or loaded."""
        if self.lib is None:
            if self.error:
                raise CBuildError(self.error)
            try:
                lib = ctypes.CDLL(build(self.source, self.flags))
            except (OSError, CBuildError) as e:
                self.error = str(e)
                raise CBuildError(self.error) from None
            if self.declare is not None:
                self.declare(lib)
            self.lib = lib
        return self.lib
