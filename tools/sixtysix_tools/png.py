"""A minimal PNG writer and reader: 8-bit RGB, zlib and struct only.

Enough for screenshots of the device screens (README and docs pictures, test
artefacts) without Pillow.  Rows are lists of 0xRRGGBB ints.
"""

import struct
import zlib

SIGNATURE = b"\x89PNG\r\n\x1a\n"
_RGB = 2  # PNG colour type: truecolour


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


def upscale(rows: list[list[int]], factor: int) -> list[list[int]]:
    """Each pixel as a factor x factor block (small panels are tiny on a page)."""
    if factor == 1:
        return rows
    out: list[list[int]] = []
    for row in rows:
        wide = [v for v in row for _ in range(factor)]
        out.extend(list(wide) for _ in range(factor))
    return out


def encode_png(width: int, height: int, rgb_rows: list[list[int]]) -> bytes:
    if len(rgb_rows) != height or any(len(r) != width for r in rgb_rows):
        raise ValueError("rows do not match %dx%d" % (width, height))
    raw = bytearray()
    for row in rgb_rows:
        raw.append(0)  # filter: none
        raw += b"".join(v.to_bytes(3, "big") for v in row)
    header = struct.pack(">IIBBBBB", width, height, 8, _RGB, 0, 0, 0)
    pixels = zlib.compress(bytes(raw), 9)
    return SIGNATURE + _chunk(b"IHDR", header) + _chunk(b"IDAT", pixels) + _chunk(b"IEND", b"")


def write_png(path: str, width: int, height: int, rgb_rows: list[list[int]], scale: int = 1) -> None:
    """Write rows of 0xRRGGBB as an RGB PNG, each pixel scale x scale."""
    data = encode_png(width * scale, height * scale, upscale(rgb_rows, scale))
    with open(path, "wb") as f:
        f.write(data)


def _paeth(a: int, b: int, c: int) -> int:
    p = a + b - c
    pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
    if pa <= pb and pa <= pc:
        return a
    return b if pb <= pc else c


def _unfilter(kind: int, line: bytearray, prior: bytes, bpp: int) -> None:
    """Undo one scanline's filter in place (PNG filter types 0..4)."""
    if kind == 0:
        return
    for i in range(len(line)):
        left = line[i - bpp] if i >= bpp else 0
        up = prior[i]
        if kind == 1:
            line[i] = (line[i] + left) & 255
        elif kind == 2:
            line[i] = (line[i] + up) & 255
        elif kind == 3:
            line[i] = (line[i] + ((left + up) >> 1)) & 255
        elif kind == 4:
            up_left = prior[i - bpp] if i >= bpp else 0
            line[i] = (line[i] + _paeth(left, up, up_left)) & 255
        else:
            raise ValueError("bad PNG filter %d" % kind)


def read_png(path: str) -> tuple[int, int, list[list[int]]]:
    """(width, height, rows of 0xRRGGBB) of an 8-bit RGB or RGBA PNG
    (not interlaced; alpha is dropped)."""
    with open(path, "rb") as f:
        data = f.read()
    if not data.startswith(SIGNATURE):
        raise ValueError("not a PNG file")
    pos = len(SIGNATURE)
    idat = bytearray()
    width = height = 0
    channels = 3
    while pos < len(data):
        (length,) = struct.unpack(">I", data[pos : pos + 4])
        kind = data[pos + 4 : pos + 8]
        body = data[pos + 8 : pos + 8 + length]
        pos += 12 + length
        if kind == b"IHDR":
            width, height, depth, colour, _c, _f, interlace = struct.unpack(">IIBBBBB", body)
            if depth != 8 or colour not in (2, 6) or interlace:
                raise ValueError("only 8-bit RGB/RGBA, non-interlaced PNGs are read")
            channels = 3 if colour == 2 else 4
        elif kind == b"IDAT":
            idat += body
        elif kind == b"IEND":
            break
    raw = zlib.decompress(bytes(idat))
    stride = width * channels
    rows = []
    prior = bytes(stride)
    for y in range(height):
        start = y * (stride + 1)
        line = bytearray(raw[start + 1 : start + 1 + stride])
        _unfilter(raw[start], line, prior, channels)
        rows.append([line[i] << 16 | line[i + 1] << 8 | line[i + 2] for i in range(0, stride, channels)])
        prior = bytes(line)
    return width, height, rows
