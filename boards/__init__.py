"""One module per supported board, all exporting the same names.

The application only ever reads these names; adding a board means adding one
file here, boards/NAME.py, and running `sixtysix boards`, which writes from
the board modules everything else that names a board: BOARDS below, each
MicroPython board's mip package boards/NAME.json and its freezing manifest
manifests/NAME/manifest.py (`sixtysix boards --check`, run by the tests,
says when one of them is stale).  Hardware is touched only inside the two
`open_*` functions, so the host simulator and the tests can import every
board module on CPython and read its geometry and button map.

    NAME      str    the board as a shop sells it
    PORT      str    "micropython" or "circuitpython"
    ARCH      str    mpy-cross -march for compiled firmware ("armv6m",
                     "xtensawin"); "" for CircuitPython (copied as source)
    FIRMWARE  tuple  (port, board) of the MicroPython firmware the board
                     runs, such as ("rp2", "RPI_PICO"): the image from
                     micropython.org/download/BOARD/, or built frozen with
                     `make -C ports/PORT BOARD=BOARD`; () for CircuitPython
    WIDTH     int    drawing area in pixels, after any rotation
    HEIGHT    int
    PIXEL_UM  int    the panel's pixel pitch in micrometres, so screens and
                     tests can size text in millimetres (docs/DEVICE.md,
                     "Readable sizes")
    MONO      bool   a two-colour panel
    FONT      str    "small" (3x5 glyphs in a 4x6 cell) or "normal" (5x7 in
                     a 6x8 cell); framebuf boards only
    SCALE     int    1 or 2: each font pixel drawn as SCALE x SCALE
    FACE      tuple  (font, scale) of the ranks and suits on card faces,
                     which sizes the cards (ui.Layout): as large as the
                     panel has room for, and at least 1.4 mm tall where it
                     allows: a FONT at scale 1, 2 or 3, or "card" (7x9
                     glyphs in an 8x10 cell, faces only) at scale 1; on a
                     displayio board only the scale applies (terminalio)
    BUTTONS   tuple  physical button names; bit i of a button mask is BUTTONS[i]
    KEYMAP    tuple  one (short press event, long press event) pair per button,
                     from sixtysix_app.events; a long event of NONE means the
                     button acts as soon as it goes down (no long press)
    PINS      tuple  (what, pin) pairs for the README's board table
    SAVE_DIR  str    directory for the save and statistics files
    open_canvas()    make the panel and return a Canvas (sixtysix_app.canvas)
    open_buttons()   return an object whose read() gives (down, pressed):
                     the mask of buttons held now, and the mask of buttons
                     that went down since the last read (so a press during
                     a long AI think is not lost)
"""

# The board modules in this folder, written by `sixtysix boards`.  On the
# device only the installed board's module is here; the list lets boot.py
# find a board frozen into the firmware image, where no folder can be listed.
BOARDS = ("oled_128x64", "pico_display", "pybadge", "t_display", "thumby")
