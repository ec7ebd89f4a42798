"""Drawing helpers shared by the screens: text with suit glyphs, wrapping,
cards, menus and pop-up boxes, all measured in the canvas's text cells so
one layout serves a 72x40 and a 240x135 panel."""

from sixtysix.cards import KING, QUEEN, RANK_LETTERS, SUIT_LETTERS
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
        # A card face holds two cells of the faces' font (rank, suit): the
        # board's FACE sizes the cards, and the rows below follow from it.
        self.card_w = 2 * c.face_w + 3
        self.card_h = c.face_h + 3
        self.note_y = self.h - self.ch
        # A card you may not play sinks this far below the playable ones.
        self.sink = max(2, self.card_h // 3)
        self.hand_y = self.note_y - self.card_h - 1 - self.sink
        # From the top: the status line, then (where there is room) a row of
        # whole cards, the opponent's backs or the upcard (opp_y), then the
        # trick row, then the hand, raised 2 px under the cursor.  `roomy`:
        # that row fits, the trick row clearing it and the raised hand.
        top = self.ch + 1
        opp_y = top + 1
        below = opp_y + self.card_h + 2
        self.roomy = below + self.card_h + 2 <= self.hand_y
        if self.roomy:
            self.opp_y = opp_y
            top = below
        else:
            self.opp_y = -1
        # The trick row sits between the status area and the raised hand.
        space = self.hand_y - 2 - top - self.card_h
        self.trick_y = top + (space // 2 if space > 0 else 0)
        self.flight = Flight(c, self)


# Marks on a card face (draw_card's `mark`).
FRESH = const(1)  # the card the computer played last
MARRIED = const(2)  # a king or queen you may marry now
CURSOR = const(3)  # the cursor on a card you may not play: framed, not underlined


def draw_card(
    c,
    lay: Layout,
    card: int,
    x: int,
    y: int,
    face: bool = True,
    dim: bool = False,
    label: str = "",
    mark: int = 0,
) -> None:
    """A card box: face up (rank and suit; `label` for decks other than the
    24-card one), or its back.  A card you may not play (`dim`) is hollow
    and sinks lay.sink below the others, framed in the cursor's colour
    when the cursor is on it (`mark` CURSOR: an underline there would cross
    the sunk face); the computer's last card (the
    flight's) has a bar over it and a frame in the cursor's colour; `mark`
    MARRIED (a card in your hand) gives a gold face, or on a mono panel a
    dotted line under the hand.  The card in flight is not drawn: its place
    is noted for the flight to land on."""
    f = lay.flight
    if face and card == f.card:
        if f.flying:
            f.x = x
            f.y = y
            return
        mark = FRESH
        bar = max(1, lay.card_h // 6)
        if y - 1 - bar >= lay.ch:  # below the status line
            c.fill_rect(x, y - 1 - bar, lay.card_w, bar, SEL)
    if dim:
        y += lay.sink
    _face(c, lay, card, x, y, face, dim, label, mark)


def _face(c, lay: Layout, card: int, x: int, y: int, face: bool, dim: bool, label: str, mark: int) -> None:
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
        c.rect(x, y, w, h, SEL if mark == CURSOR else DIM)
        ink = DIM
    else:
        c.fill_rect(x, y, w, h, TITLE if mark == MARRIED and not c.mono else CARD)
        if c.mono:
            if mark == MARRIED:  # a ring would touch the glyphs: dots under the hand instead
                for i in range(0, w, 2):
                    c.fill_rect(x + i, lay.hand_y + h + 2, 1, 1, FG)
        elif mark == FRESH:
            c.rect(x, y, w, h, SEL)
            c.rect(x + 1, y + 1, w - 2, h - 2, SEL)
        else:
            c.rect(x, y, w, h, INK)
        ink = INK
    c.faces(True)
    put(c, label or card_text(card), x + 2, y + 2, ink)
    c.faces(False)


def marriages(actions) -> int:
    """The suits (bit per suit) of the marriages among `actions`, the
    codes of the 24-card games (hand.MARRY + suit)."""
    from sixtysix.hand import MARRY  # loaded by then: the tables play with it

    mask = 0
    for a in actions:
        if MARRY <= a < MARRY + 4:
            mask |= 1 << (a - MARRY)
    return mask


def marriage_mark(card: int, suits: int) -> int:
    """MARRIED for a king or queen of a suit in `suits` (marriages()), else 0."""
    rank = card % 6
    return MARRIED if (rank == KING or rank == QUEEN) and card < 24 and (suits >> (card // 6)) & 1 else 0


def draw_status(c, lay: Layout, text: str) -> None:
    """The table's status line.  A leading suit glyph is the trump: it goes
    on a card-coloured badge in the faces' font, to be seen at a glance
    (in the text font where the faces' would not fit the line)."""
    x = 0
    o = ord(text[0]) if text else 0
    if 1 <= o <= 4:
        c.faces(c.face_h <= lay.ch + 2)
        w = c.char_w + 2
        c.fill_rect(0, 0, w, min(c.char_h, lay.ch + 1), CARD)
        c.suit(o - 1, 2, 1 if c.char_h < lay.ch + 1 else 0, RED if not c.mono and (o == 2 or o == 3) else INK)
        c.faces(False)
        text = text[1:]
        x = w
    put(c, text, x, 0, FG)


def draw_stock(c, lay: Layout, x: int, y: int, n: int) -> None:
    """The stock: a card back with the number of cards left on it, in the
    text font (a card font may have no digits but the ranks')."""
    draw_card(c, lay, 0, x, y, face=False)
    w = lay.card_w
    if c.mono:  # no inner ring through the digits
        c.fill_rect(x + 1, y + 1, w - 2, lay.card_h - 2, CARD_BACK)
    s = "%d" % n
    c.text(s, x + (w - len(s) * lay.cw) // 2, y + (lay.card_h - lay.ch) // 2 + 1, BG if c.mono else FG)


def draw_note(c, lay: Layout, text: str, yours: bool) -> None:
    """The bottom line; when it is your turn, on a bar in the cursor's
    colour, so whose turn it is shows from across the room."""
    if yours:
        c.fill_rect(0, lay.note_y, lay.w, lay.ch, SEL)
        put(c, fit(text, lay.cols), 0, lay.note_y, BG if c.mono else INK)
    else:
        put(c, fit(text, lay.cols), 0, lay.note_y, FG)


# How long the computer's card takes from its hand to the table.
_FLIGHT_MS = const(240)


class Flight:
    """The computer's card on its way to the table, then marked there (FRESH)
    until it leaves the table or another takes its place.

    start() is called by a table when the computer plays a card; the next
    full drawing notes where the card belongs (draw_card) without drawing
    it; from then on step(), called from the table's tick, draws one frame:
    the frame under the card's last place put back (canvas.restore), the
    frame under its next place kept (canvas.keep), the card drawn there and
    the frame pushed.  No frame allocates: the label is made at start() and
    the room under the card once, here.  A canvas with no spare room
    (displayio) lands the card at once."""

    def __init__(self, c, lay: Layout) -> None:
        self.c = c
        self.lay = lay
        self.room = c.spare(lay.card_w, lay.card_h)
        self.card = -1  # the computer's last card, -1 for none
        self.label = ""
        self.owner = None  # the screen that started it
        self.flying = False
        self.t0 = -1  # the time of the first frame
        self.x = -1  # where the card belongs, from the last full drawing; -1: not drawn
        self.y = 0
        self.kept = False  # the frame under the card is kept aside

    def start(self, card: int, owner, label: str = "") -> None:
        self.card = card
        self.owner = owner
        self.label = label or card_text(card)
        self.flying = self.room
        self.t0 = -1
        self.x = -1
        self.kept = False

    def drawn(self) -> None:
        """A full drawing follows: nothing is kept; the card's place is noted anew."""
        self.kept = False
        self.x = -1

    def shown(self, screen, stays: bool) -> None:
        """The app shows `screen`: the card lands; it is forgotten unless the
        screen is its table or one that `stays` over it (a menu)."""
        self.flying = False
        if screen is not self.owner and not stays:
            self.card = -1
            self.owner = None

    def step(self, now: int) -> bool:
        """One frame of the flight; True when the card has landed and the
        table must be drawn whole."""
        if self.t0 < 0:
            self.t0 = now
        t = now - self.t0
        if t >= _FLIGHT_MS or self.x < 0:
            self.flying = False
            return True
        lay = self.lay
        x0 = (lay.w - lay.card_w) // 2
        y0 = lay.opp_y if lay.opp_y > 0 else 0
        x = x0 + (self.x - x0) * t // _FLIGHT_MS
        y = y0 + (self.y - y0) * t // _FLIGHT_MS
        c = self.c
        if self.kept:
            c.restore()
        c.keep(x, y)
        self.kept = True
        _face(c, lay, self.card, x, y, True, False, self.label, FRESH)
        c.show()
        return False


def draw_title(c, lay: Layout, text: str) -> int:
    """A heading on the top row; returns the y where the body starts."""
    c.fill_rect(0, 0, lay.w, lay.ch + 1, TITLE if not c.mono else FG)
    put(c, fit(text, lay.cols), 0, 1 if lay.ch > 6 else 0, INK if not c.mono else BG)
    return body_top(lay)


def body_top(lay: Layout) -> int:
    """The y where a screen's body starts, under draw_title's heading."""
    return lay.ch + 2


def body_rows(lay: Layout, bottom: int) -> int:
    """The lines draw_list shows between the heading and `bottom`."""
    return max(1, (bottom - body_top(lay)) // lay.ch)


def draw_list(c, lay: Layout, y: int, lines, cursor: int, top: int, bottom: int) -> int:
    """Lines from y to `bottom`, the one at `cursor` highlighted, scrolled
    so the cursor shows; returns the first line shown (the new top).  The
    last column is the scroll marks' where the lines do not all fit, so a
    line is cut one short there rather than drawn under a mark (callers
    wrap their text and right-align their values a column short)."""
    visible = (bottom - y) // lay.ch
    if visible < 1:
        visible = 1
    n = len(lines)
    cols = lay.cols - 1 if n > visible else lay.cols
    if cursor >= 0:
        if cursor < top:
            top = cursor
        elif cursor >= top + visible:
            top = cursor - visible + 1
    for i in range(top, min(n, top + visible)):
        ly = y + (i - top) * lay.ch
        if i == cursor:
            c.fill_rect(0, ly, lay.w, lay.ch, SEL)
            put(c, fit(lines[i], cols), 0, ly, INK if not c.mono else BG)
        else:
            put(c, fit(lines[i], cols), 0, ly, FG)
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
