"""The device application: screens, buttons, saves, for every board.

Layers, each knowing only the one below it:

- `sixtysix` (the core): cards, rules, hand, match, AI.  No I/O.
- `sixtysix_app` (this package): screens drawn on a `Canvas`, logical button
  events, saves.  It never touches pins; a board module hands it a canvas and
  a button reader (see `boards/__init__.py` for what a board exports).
- Canvas backends: `canvas_fb` (MicroPython `framebuf`), `canvas_dio`
  (CircuitPython `displayio`), and the simulator's host canvas in the tools.
"""
