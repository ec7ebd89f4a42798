"""Drawing helpers shared by the screens: text with suit glyphs, wrapping,
cards, menus and pop-up boxes, all measured in the canvas's text cells so
one layout serves a 72x40 and a 240x135 panel."""

from sixtysix.cards import RANK_LETTERS, SUIT_LETTERS
from sixtysix.compat import const

from .canvas import BG, CARD, CARD_BACK, DIM, FG, INK, RED, SEL, TITLE, WARN

# Suit glyphs travel inside strings as the control characters 1..4, so a
# line like "Marry \x03" is one string that wraps and measures like text.
_FIRST_SUIT = const(1)


def suit_char(suit: int) -> str:
    return chr(_FIRST_SUIT + suit)


def card_text(card: int) -> str:
    """'K' + the suit glyph: two cells."""
    return RANK_LETTERS[card % 6] + chr(_FIRST_SUIT + card // 6)


def glyphs(text: str) -> str:
    """Card names as the core writes them ('9C', 'TH') with suit glyphs
    instead of suit letters, for texts made by the core (hints)."""
    out = ""
    n = len(text)
    i = 0
    while i < n:
        ch = text[i]
        if (
            i + 1 < n
            and ch in RANK_LETTERS
            and text[i + 1] in SUIT_LETTERS
            and (i == 0 or not text[i - 1].isalpha())
            and (i + 2 == n or not text[i + 2].isalpha())
        ):
            out += ch + chr(_FIRST_SUIT + SUIT_LETTERS.index(text[i + 1]))
            i += 2
        else:
            out += ch
            i += 1
    return out


def put(c, s: str, x: int, y: int, role: int = FG) -> int:
    """Draw a line that may hold suit glyphs; returns the x after it.
    Red suits are drawn red where the panel has colour; on a mono panel
    they keep the text's role so they stay visible on any background.
    A card's name (a rank and a suit) allocates nothing: one character is
    indexed, not sliced, and no tuple is built (a card moved frame by frame)."""
    cw = c.char_w
    start = 0
    n = len(s)
    for i in range(n):
        o = ord(s[i])
        if 1 <= o <= 4:
            if i > start:
                c.text(s[start] if i == start + 1 else s[start:i], x, y, role)
                x += (i - start) * cw
            suit = o - 1
            glyph_role = role
            if not c.mono and (suit == 1 or suit == 2) and (role == INK or role == FG or role == CARD):
                glyph_role = RED
            c.suit(suit, x, y, glyph_role)
            x += cw
            start = i + 1
    if start < n:
        c.text(s[start:] if start else s, x, y, role)
        x += (n - start) * cw
    return x


def wrap(text: str, cols: int) -> list:
    """Split text into lines of at most `cols` characters at spaces; a
    newline forces a break; a word longer than a line is cut."""
    lines = []
    for para in text.split("\n"):
        if len(para) <= cols:
            lines.append(para)  # kept as written: tables keep their columns
            continue
        line = ""
        for word in para.split(" "):
            while len(word) > cols:
                if line:
                    lines.append(line)
                    line = ""
                lines.append(word[:cols])
                word = word[cols:]
            if not line:
                line = word
            elif len(line) + 1 + len(word) <= cols:
                line += " " + word
            else:
                lines.append(line)
                line = word
        lines.append(line)
    return lines


def fit(text: str, cols: int) -> str:
    """Cut a line to `cols` characters."""
    return text if len(text) <= cols else text[:cols]


class Layout:
    """Sizes derived once from the canvas: text cells, card boxes and the
    rows of the table."""

    def __init__(self, c) -> None:
        self.w = c.width
        self.h = c.height
        self.cw = c.char_w
        self.ch = c.char_h
        self.cols = self.w // self.cw
        self.rows = self.h // self.ch
        # A card face holds two cells of the faces' font (rank, suit).
        self.card_w = 2 * c.face_w + 3
        self.card_h = c.face_h + 3
        # Room for a row of the opponent's card backs under the status line?
        self.roomy = self.h >= 2 * self.ch + 3 * (self.card_h + 3) + self.ch
        self.status_y = 0
        self.note_y = self.h - self.ch
        self.hand_y = self.note_y - self.card_h - 1
        top = self.ch + 1
        if self.roomy:
            self.opp_y = top + 1
            top = self.opp_y + self.card_h // 2 + 2
        else:
            self.opp_y = -1
        # The trick row sits between the status area and the raised hand.
        space = self.hand_y - 2 - top - self.card_h
        self.trick_y = top + (space // 2 if space > 0 else 0)


def draw_card(
    c, lay: Layout, card: int, x: int, y: int, face: bool = True, dim: bool = False, label: str = ""
) -> None:
    """A card box: face up (rank and suit; `label` for decks other than the
    24-card one), hollow when `dim`, or its back."""
    w = lay.card_w
    h = lay.card_h
    if not face:
        c.fill_rect(x, y, w, h, CARD_BACK)
        c.rect(x, y, w, h, FG if c.mono else CARD)
        if c.mono and w > 6 and h > 6:
            c.rect(x + 2, y + 2, w - 4, h - 4, BG)
        return
    if dim:
        c.fill_rect(x, y, w, h, BG)
        c.rect(x, y, w, h, DIM)
        ink = DIM
    else:
        c.fill_rect(x, y, w, h, CARD)
        if not c.mono:
            c.rect(x, y, w, h, INK)
        ink = INK
    c.faces(True)
    put(c, label or card_text(card), x + 2, y + 2, ink)
    c.faces(False)


def draw_title(c, lay: Layout, text: str) -> int:
    """A heading on the top row; returns the y where the body starts."""
    c.fill_rect(0, 0, lay.w, lay.ch + 1, TITLE if not c.mono else FG)
    put(c, fit(text, lay.cols), 0, 1 if lay.ch > 6 else 0, INK if not c.mono else BG)
    return lay.ch + 2


def draw_list(c, lay: Layout, y: int, lines, cursor: int, top: int, bottom: int) -> int:
    """Lines from y to `bottom`, the one at `cursor` highlighted, scrolled
    so the cursor shows; returns the first line shown (the new top)."""
    visible = (bottom - y) // lay.ch
    if visible < 1:
        visible = 1
    if cursor >= 0:
        if cursor < top:
            top = cursor
        elif cursor >= top + visible:
            top = cursor - visible + 1
    n = len(lines)
    for i in range(top, min(n, top + visible)):
        ly = y + (i - top) * lay.ch
        if i == cursor:
            c.fill_rect(0, ly, lay.w, lay.ch, SEL)
            put(c, fit(lines[i], lay.cols), 0, ly, INK if not c.mono else BG)
        else:
            put(c, fit(lines[i], lay.cols), 0, ly, FG)
    if top > 0:
        c.text("^", lay.w - lay.cw, y, DIM)
    if top + visible < n:
        c.text("v", lay.w - lay.cw, bottom - lay.ch, DIM)
    return top


def draw_box(c, lay: Layout, lines, first: int = 0) -> int:
    """A framed box in the middle of the screen holding wrapped lines
    (from `first`); returns how many lines fit."""
    n = len(lines)
    inner = lay.rows - 1
    shown = min(n - first, inner) if n > first else 1
    width = 0
    for i in range(first, first + shown):
        if i < n and len(lines[i]) > width:
            width = len(lines[i])
    bw = min(lay.w, width * lay.cw + 4)
    bh = min(lay.h, shown * lay.ch + 4)
    x = (lay.w - bw) // 2
    y = (lay.h - bh) // 2
    c.fill_rect(x, y, bw, bh, BG)
    c.rect(x, y, bw, bh, SEL)
    for i in range(shown):
        if first + i < n:
            put(c, lines[first + i], x + 2, y + 2 + i * lay.ch, FG)
    return inner


def draw_mark(c, lay: Layout) -> None:
    """A '!' in the top-right text cell, over any screen: the last save
    failed, and what is played now may be lost."""
    x = lay.w - lay.cw
    c.fill_rect(x, 0, lay.cw, lay.ch, WARN)
    c.text("!", x, 0, INK)
