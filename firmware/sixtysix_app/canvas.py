"""The drawing interface every screen uses, and the colour roles.

Screens never name a colour; they name a role (the table, a card face, a
red suit...).  Each backend maps the roles onto what its panel can show:
16-colour panels use `PALETTE`, monochrome panels use `MONO`, where a card
becomes a lit box with dark ink, so one screen layout serves both.

A canvas has:
    width, height       pixels
    char_w, char_h      the text cell in pixels (fonts are fixed width)
    glyph_h             the height of a capital or a digit in pixels, what
                        a reader sees as the size of the text
    face_w, face_h      the text cell on card faces, which may be larger
                        than char_w x char_h (boards FACE)
    faces(on)           from here on draw text and suits in the card faces'
                        font (True) or the plain text font (False); char_w,
                        char_h and glyph_h follow
    mono                True on a two-colour panel
    fill(role)                          the whole screen
    fill_rect(x, y, w, h, role)
    rect(x, y, w, h, role)              a one-pixel outline
    hline(x, y, w, role)
    vline(x, y, h, role)
    text(s, x, y, role)                 printable ASCII, top-left at x, y;
                                        one char_w x char_h cell per char
    suit(n, x, y, role)                 suit n (0 clubs .. 3 spades) as a
                                        glyph filling one text cell
    show()                              push the frame to the panel
    spare(w, h)                         make room, once, to keep a w x h
                                        rectangle of the frame aside; False
                                        where the canvas cannot (no flight)
    keep(x, y)                          copy that rectangle at x, y aside
    restore()                           put it back where it was

Drawing off the edge is clipped, never an error.  Backends allocate their
buffers once, when made; drawing allocates nothing but the strings the
caller passes; keep and restore allocate nothing at all.
"""

from sixtysix.compat import const

# Colour roles.
BG = const(0)  # the table
FG = const(1)  # text on the table
CARD = const(2)  # a card face
INK = const(3)  # black text on a card face
RED = const(4)  # hearts and diamonds on a card face
SEL = const(5)  # the cursor, highlighted choices
DIM = const(6)  # secondary text on the table: counts, labels
CARD_BACK = const(7)  # a card's back (stock, the opponent's hand)
TITLE = const(8)  # headings, the title bar
WARN = const(9)  # fault screen, costs in a confirmation
ROLES = 10

# RGB 8-8-8 for each role on colour panels.
PALETTE = (
    0x0B5D2E,  # BG: green baize
    0xF0F0E8,  # FG
    0xFFFFFF,  # CARD
    0x101010,  # INK
    0xD01818,  # RED
    0xFFD020,  # SEL
    0x9CC8A8,  # DIM
    0x1F3C9C,  # CARD_BACK
    0xFFE070,  # TITLE
    0xFF6040,  # WARN
)

# 0 (dark) or 1 (lit) for each role on monochrome panels.
MONO = bytes((0, 1, 1, 0, 0, 1, 1, 1, 1, 1))


def rgb565(rgb: int) -> int:
    return ((rgb >> 8) & 0xF800) | ((rgb >> 5) & 0x07E0) | ((rgb >> 3) & 0x001F)
