"""Write the tables of firmware/sixtysix_app/font.py from the glyph drawings below.

    python tools/make_font.py          # rewrite font.py
    python tools/make_font.py --check  # exit 1 if font.py is out of date

The drawings are the source of font.py's packed tables (column
bytes, bit 0 = top row, the cell's blank spacing column included) so that a
frozen firmware keeps them in flash.  Each band below is a header line of
characters followed by one row of pixels per line, glyphs separated by a
space.  '#' is ink.  The suit symbols stand for the four suit glyphs, which
follow '~' in the tables (clubs, diamonds, hearts, spades).
"""

import os
import sys

SUITS = "\u2663\u2666\u2665\u2660"  # clubs, diamonds, hearts, spades

# "normal": 5x7 glyphs in a 6x8 cell; rows 0..6 hold capitals (baseline on
# row 6), the cell's last row holds descenders only.
NORMAL_ART = r"""
 !"#$%&'
..... ..#.. .#.#. .#.#. ..#.. ##... .##.. ..#..
..... ..#.. .#.#. ##### .#### ##..# #..#. ..#..
..... ..#.. ..... .#.#. #.#.. ...#. #.#.. .....
..... ..#.. ..... .#.#. .###. ..#.. .#... .....
..... ..#.. ..... ##### ..#.# .#... #.#.# .....
..... ..... ..... .#.#. ####. #..## #..#. .....
..... ..#.. ..... ..... ..#.. ...## .##.# .....
..... ..... ..... ..... ..... ..... ..... .....

()*+,-./
...#. .#... ..... ..... ..... ..... ..... .....
..#.. ..#.. ..#.. ..#.. ..... ..... ..... ....#
.#... ...#. #.#.# ..#.. ..... ..... ..... ...#.
.#... ...#. .###. ##### ..... ##### ..... ..#..
.#... ...#. #.#.# ..#.. ..... ..... ..... .#...
..#.. ..#.. ..#.. ..#.. ..##. ..... .##.. #....
...#. .#... ..... ..... ..##. ..... .##.. .....
..... ..... ..... ..... .#... ..... ..... .....

01234567
.###. ..#.. .###. .###. ...#. ##### ..##. #####
#...# .##.. #...# #...# ..##. #.... .#... ....#
#..## ..#.. ....# ....# .#.#. ####. #.... ...#.
#.#.# ..#.. ...#. ..##. #..#. ....# ####. ..#..
##..# ..#.. ..#.. ....# ##### ....# #...# .#...
#...# ..#.. .#... #...# ...#. #...# #...# .#...
.###. .###. ##### .###. ...#. .###. .###. .#...
..... ..... ..... ..... ..... ..... ..... .....

89:;<=>?
.###. .###. ..... ..... ...#. ..... .#... .###.
#...# #...# .##.. .##.. ..#.. ..... ..#.. #...#
#...# #...# .##.. .##.. .#... ##### ...#. ....#
.###. .#### ..... ..... #.... ..... ....# ...#.
#...# ....# .##.. .##.. .#... ##### ...#. ..#..
#...# ...#. .##.. .##.. ..#.. ..... ..#.. .....
.###. .##.. ..... .#... ...#. ..... .#... ..#..
..... ..... ..... ..... ..... ..... ..... .....

@ABCDEFG
.###. .###. ####. .###. ####. ##### ##### .###.
#...# #...# #...# #...# #...# #.... #.... #...#
#.### #...# #...# #.... #...# #.... #.... #....
#.#.# ##### ####. #.... #...# ####. ####. #.###
#.### #...# #...# #.... #...# #.... #.... #...#
#.... #...# #...# #...# #...# #.... #.... #...#
.###. #...# ####. .###. ####. ##### #.... .####
..... ..... ..... ..... ..... ..... ..... .....

HIJKLMNO
#...# .###. ..### #...# #.... #...# #...# .###.
#...# ..#.. ...#. #..#. #.... ##.## ##..# #...#
#...# ..#.. ...#. #.#.. #.... #.#.# #.#.# #...#
##### ..#.. ...#. ##... #.... #.#.# #..## #...#
#...# ..#.. ...#. #.#.. #.... #...# #...# #...#
#...# ..#.. #..#. #..#. #.... #...# #...# #...#
#...# .###. .##.. #...# ##### #...# #...# .###.
..... ..... ..... ..... ..... ..... ..... .....

PQRSTUVW
####. .###. ####. .#### ##### #...# #...# #...#
#...# #...# #...# #.... ..#.. #...# #...# #...#
#...# #...# #...# #.... ..#.. #...# #...# #...#
####. #...# ####. .###. ..#.. #...# #...# #.#.#
#.... #.#.# #.#.. ....# ..#.. #...# #...# #.#.#
#.... #..#. #..#. ....# ..#.. #...# .#.#. ##.##
#.... .##.# #...# ####. ..#.. .###. ..#.. #...#
..... ..... ..... ..... ..... ..... ..... .....

XYZ[\]^_
#...# #...# ##### .###. ..... .###. ..#.. .....
#...# #...# ....# .#... #.... ...#. .#.#. .....
.#.#. .#.#. ...#. .#... .#... ...#. #...# .....
..#.. ..#.. ..#.. .#... ..#.. ...#. ..... .....
.#.#. ..#.. .#... .#... ...#. ...#. ..... .....
#...# ..#.. #.... .#... ....# ...#. ..... .....
#...# ..#.. ##### .###. ..... .###. ..... #####
..... ..... ..... ..... ..... ..... ..... .....

`abcdefg
.#... ..... #.... ..... ....# ..... ..##. .....
..#.. ..... #.... ..... ....# ..... .#..# .....
..... .###. #.##. .###. .##.# .###. .#... .####
..... ....# ##..# #.... #..## #...# ###.. #...#
..... .#### #...# #.... #...# ##### .#... #...#
..... #...# #...# #...# #...# #.... .#... .####
..... .#### ####. .###. .#### .###. .#... ....#
..... ..... ..... ..... ..... ..... ..... .###.

hijklmno
#.... ..#.. ...#. #.... .##.. ..... ..... .....
#.... ..... ..... #.... ..#.. ..... ..... .....
#.##. .##.. ..##. #..#. ..#.. ##.#. #.##. .###.
##..# ..#.. ...#. #.#.. ..#.. #.#.# ##..# #...#
#...# ..#.. ...#. ##... ..#.. #.#.# #...# #...#
#...# ..#.. ...#. #.#.. ..#.. #...# #...# #...#
#...# .###. #..#. #..#. .###. #...# #...# .###.
..... ..... .##.. ..... ..... ..... ..... .....

pqrstuvw
..... ..... ..... ..... .#... ..... ..... .....
..... ..... ..... ..... .#... ..... ..... .....
####. .#### #.##. .###. ###.. #...# #...# #...#
#...# #...# ##..# #.... .#... #...# #...# #...#
#...# #...# #.... .###. .#... #...# #...# #.#.#
####. .#### #.... ....# .#..# #..## .#.#. #.#.#
#.... ....# #.... ####. ..##. .##.# ..#.. .#.#.
#.... ....# ..... ..... ..... ..... ..... .....

xyz{|}~♣
..... ..... ..... ...#. ..#.. .#... ..... ..#..
..... ..... ..... ..#.. ..#.. ..#.. ..... .###.
#...# #...# ##### ..#.. ..#.. ..#.. .#... #.#.#
.#.#. #...# ...#. .#... ..#.. ...#. #.#.# #####
..#.. #...# ..#.. ..#.. ..#.. ..#.. ...#. #.#.#
.#.#. .#### .#... ..#.. ..#.. ..#.. ..... ..#..
#...# ....# ##### ...#. ..#.. .#... ..... .###.
..... .###. ..... ..... ..... ..... ..... .....

♦♥♠
..#.. .#.#. ..#..
.###. ##### .###.
.###. ##### #####
##### ##### #####
.###. .###. #.#.#
.###. ..#.. ..#..
..#.. ..... .###.
..... ..... .....
"""

# "small": 3x5 glyphs in a 4x6 cell, for the 72x40 Thumby.  Lowercase is
# drawn as uppercase.
SMALL_ART = r"""
 !"#$%&'
... .#. #.# #.# .## #.# .#. .#.
... .#. #.# ### ##. ..# #.# .#.
... .#. ... #.# .#. .#. .#. ...
... ... ... ### .## #.. #.# ...
... .#. ... #.# ##. #.# .## ...

()*+,-./
..# #.. ... ... ... ... ... ..#
.#. .#. #.# .#. ... ... ... ..#
.#. .#. .#. ### ... ### ... .#.
.#. .#. #.# .#. .#. ... ... #..
..# #.. ... ... #.. ... .#. #..

01234567
### .#. ##. ##. #.# ### ### ###
#.# ##. ..# ..# #.# #.. #.. ..#
#.# .#. .#. .#. ### ##. ### .#.
#.# .#. #.. ..# ..# ..# #.# .#.
### ### ### ##. ..# ##. ### .#.

89:;<=>?
### ### ... ... ..# ... #.. ##.
#.# #.# .#. .#. .#. ### .#. ..#
### ### ... ... #.. ... ..# .#.
#.# ..# .#. .#. .#. ### .#. ...
### ### ... #.. ..# ... #.. .#.

@ABCDEFG
.#. .#. ##. .## ##. ### ### .##
#.# #.# #.# #.. #.# #.. #.. #..
### ### ##. #.. #.# ##. ##. #.#
#.. #.# #.# #.. #.# #.. #.. #.#
.## #.# ##. .## ##. ### #.. .##

HIJKLMNO
#.# ### ..# #.# #.. #.# ##. .#.
#.# .#. ..# #.# #.. ### #.# #.#
### .#. ..# ##. #.. ### #.# #.#
#.# .#. #.# #.# #.. #.# #.# #.#
#.# ### .#. #.# ### #.# #.# .#.

PQRSTUVW
##. .#. ##. .## ### #.# #.# #.#
#.# #.# #.# #.. .#. #.# #.# #.#
##. #.# ##. .#. .#. #.# #.# ###
#.. ##. #.# ..# .#. #.# #.# ###
#.. .## #.# ##. .#. ### .#. #.#

XYZ[\]^_
#.# #.# ### ##. #.. .## .#. ...
#.# #.# ..# #.. #.. ..# #.# ...
.#. .#. .#. #.. .#. ..# ... ...
#.# .#. #.. #.. ..# ..# ... ...
#.# .#. ### ##. ..# .## ... ###

`{|}~
#.. .## .#. ##. ...
.#. .#. .#. .#. ##.
... #.. .#. ..# .##
... .#. .#. .#. ...
... .## .#. ##. ...

♣♦♥♠
.#. .#. #.# .#.
### ### ### ###
.#. ### ### ###
.#. ### .#. .#.
### .#. ... ###
"""

FONTS = (
    # name, drawing, glyph width, glyph height, cell width, cell height
    ("NORMAL", NORMAL_ART, 5, 8, 6, 8),
    ("SMALL", SMALL_ART, 3, 5, 4, 6),
)
CHARS = "".join(chr(c) for c in range(32, 127)) + SUITS


def parse(art: str, glyph_w: int, glyph_h: int) -> dict[str, list[str]]:
    """Each character's rows of '.'/'#' from a drawing of bands."""
    glyphs: dict[str, list[str]] = {}
    lines = art.strip("\n").split("\n")
    i = 0
    while i < len(lines):
        header = lines[i]
        rows = lines[i + 1 : i + 1 + glyph_h]
        i += glyph_h + 2  # the band, then one blank line
        for n, ch in enumerate(header):
            start = n * (glyph_w + 1)
            glyph = [row[start : start + glyph_w] for row in rows]
            if any(len(r) != glyph_w or set(r) - set(".#") for r in glyph) or len(glyph) != glyph_h:
                raise ValueError("bad drawing of %r" % ch)
            if ch in glyphs:
                raise ValueError("%r drawn twice" % ch)
            glyphs[ch] = glyph
    return glyphs


def pack(glyphs: dict[str, list[str]], cell_w: int) -> bytes:
    """Column bytes for every character of CHARS; lowercase falls back on uppercase."""
    out = bytearray()
    for ch in CHARS:
        rows = glyphs.get(ch) or glyphs[ch.upper()]
        for x in range(cell_w):
            column = 0
            for y, row in enumerate(rows):
                if x < len(row) and row[x] == "#":
                    column |= 1 << y
            out.append(column)
    return bytes(out)


def bytes_literal(name: str, data: bytes) -> str:
    """`NAME = (b"..." b"...")`, 16 bytes to a line."""
    lines = []
    for i in range(0, len(data), 16):
        lines.append('    b"' + "".join("\\x%02x" % b for b in data[i : i + 16]) + '"')
    return name + " = (\n" + "\n".join(lines) + "\n)\n"


TARGET = os.path.join(
    os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "firmware", "sixtysix_app", "font.py"
)
BEGIN = "# --- the tables, written by tools/make_font.py from its drawings ---\n"
END = "# --- end of the tables ---\n"


def render(text: str | None = None) -> str:
    """font.py (`text`, or the file as it is) with the tables between its
    BEGIN and END lines written afresh from the drawings; the constants and
    functions around them are font.py's own."""
    if text is None:
        with open(TARGET, encoding="utf-8") as f:
            text = f.read()
    start = text.index(BEGIN) + len(BEGIN)
    stop = text.index(END)
    parts = []
    for name, art, glyph_w, glyph_h, cell_w, _cell_h in FONTS:
        glyphs = parse(art, glyph_w, glyph_h)
        missing = [ch for ch in CHARS if ch not in glyphs and ch.upper() not in glyphs]
        if missing:
            raise ValueError("%s lacks %r" % (name, "".join(missing)))
        parts.append(bytes_literal(name, pack(glyphs, cell_w)))
    return text[:start] + "\n" + "\n".join(parts) + "\n" + text[stop:]


def main(argv: list[str]) -> int:
    target = TARGET
    text = render()
    if "--check" in argv:
        with open(target, encoding="utf-8") as f:
            if f.read() != text:
                print("font.py is out of date: run python tools/make_font.py")
                return 1
        return 0
    with open(target, "w", encoding="utf-8") as f:
        f.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
