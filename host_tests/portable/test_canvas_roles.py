"""The colour roles (canvas.py) as a reader sees them: every role drawn on
the table stands out from it, the ink of a card face from the face, on the
two-colour panels (MONO) as on the colour ones (PALETTE); and the two
inks of a face, black and red, apart where there are colours to tell them
apart.  Runs on MicroPython too."""

from sixtysix_app.canvas import (
    BG,
    CARD,
    CARD_BACK,
    DIM,
    FG,
    INK,
    MONO,
    PALETTE,
    RED,
    ROLES,
    SEL,
    TITLE,
    WARN,
)

# The roles drawn straight on the table: text, the cursor, headings, a
# card's face and back, the fault mark.
ON_TABLE = (FG, CARD, SEL, DIM, CARD_BACK, TITLE, WARN)
# The roles inked on a card's face; a married card's face is TITLE on the
# colour panels, the save-failed mark's box WARN.
ON_FACE = (INK, RED)
FACES = (CARD, TITLE, WARN)


def test_every_role_has_a_mono_level_and_a_colour():
    assert len(MONO) == ROLES and len(PALETTE) == ROLES
    assert all(level in (0, 1) for level in MONO)
    assert all(0 <= rgb <= 0xFFFFFF for rgb in PALETTE)


def test_what_is_drawn_on_the_table_shows_on_a_mono_panel():
    for role in ON_TABLE:
        assert MONO[role] != MONO[BG], role


def test_a_card_face_is_lit_with_dark_ink_on_a_mono_panel():
    """canvas.py: "a card becomes a lit box with dark ink"."""
    assert MONO[CARD] == 1
    for role in ON_FACE:
        assert MONO[role] == 0, role
    for face in FACES:
        assert MONO[face] != MONO[INK], face


def test_what_is_drawn_on_the_table_shows_on_a_colour_panel():
    for role in ON_TABLE:
        assert PALETTE[role] != PALETTE[BG], role


def test_the_inks_of_a_face_show_on_it_and_red_is_not_black():
    for face in FACES:
        for role in ON_FACE:
            assert PALETTE[role] != PALETTE[face], (face, role)
    assert PALETTE[RED] != PALETTE[INK]
    red = PALETTE[RED]
    assert red >> 16 > (red >> 8) & 255 and red >> 16 > red & 255  # red the strongest part
