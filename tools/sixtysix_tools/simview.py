"""Showing the simulated board: a pygame window, or the terminal.

In the window a key held down is a button held down, so long presses work
as on the board.  A terminal reports no key releases, so there a key is a
short press and the same key with Shift (or Caps) is a long press.
"""

import os
import select
import sys
import time

from .sim import LONG_MS, TAP_MS, Sim

QUIT = "ctrl-c: quit  shift+key: long press"


def help_line(sim: Sim, keys: list, window: bool = False) -> str:
    """The keys of the board's buttons; in the terminal the way out comes
    first, so a narrow terminal never cuts it off."""
    parts = _key_parts(sim, keys)
    if window:
        return "keys: " + "  ".join(parts) + "  (hold a key for a long press)"
    return QUIT + "  keys: " + " ".join(parts)


def key_part(key: str, button: str, short: int, long: int) -> str:
    """`key:what` for a button: what its short press does, and after a
    slash its long press's ("b:back/hint"), so no one needs the board's
    table in the README to play; `key=BUTTON:what` where the key is not
    the button's name ("1=IO0:next/back")."""
    from sixtysix_app.events import NAMES, NONE

    does = NAMES[short] + ("/" + NAMES[long] if long != NONE else "")
    return "%s:%s" % (key if key == button.lower() else "%s=%s" % (key, button), does)


def _key_parts(sim: Sim, keys: list) -> list:
    board = sim.board
    return [key_part(k, b, s, lp) for b, k, (s, lp) in zip(board.BUTTONS, keys, board.KEYMAP, strict=True)]


def help_lines(sim: Sim, keys: list, cols: int) -> list:
    """The terminal's key lines, none wider than cols: one line where it
    fits, else the buttons' keys over as many lines as they need and the
    way out on the last line (cut short only in a terminal narrower than
    it)."""
    line = help_line(sim, keys)
    if len(line) <= cols:
        return [line]
    lines: list[str] = []
    words = ["keys:"] + _key_parts(sim, keys)
    for word in words:
        if lines and len(lines[-1]) + 1 + len(word) <= cols:
            lines[-1] += " " + word
        else:
            lines.append(word)
    return lines + [QUIT]


def interactive(sim: Sim, keys: list, terminal: bool = False, zoom: int = 0) -> int:
    why = "in the terminal, as asked (--terminal)"
    if not terminal:
        why = "no window: no display found, so the board is drawn here"
        if _window_possible():
            try:
                return _window(sim, keys, zoom)
            except ImportError as e:
                why = "no window: %s" % e
    if not sys.stdin.isatty() or not sys.stdout.isatty():
        print(
            "sixtysix sim: %s, but this is not a terminal either; "
            "use --keys '...' --screenshot DIR to run without one" % why.split(":")[0],
            file=sys.stderr,
        )
        return 2
    return _terminal(sim, keys, why)


def _window_possible() -> bool:
    return bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")) or sys.platform in (
        "darwin",
        "win32",
    )


# --- pygame -----------------------------------------------------------------------

# SDL's video drivers that show nothing on any screen.
HIDDEN_DRIVERS = ("offscreen", "dummy", "evdev")


def _window(sim: Sim, keys: list, zoom: int) -> int:
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    try:
        import pygame  # optional: pip install -e '.[sim]'
    except ImportError:
        raise ImportError("pygame is not installed: pip install -e '.[sim]'") from None

    c = sim.canvas
    if zoom <= 0:
        zoom = max(2, min(8, 720 // max(c.width, c.height)))
    try:
        pygame.display.init()  # the display only: no sound device wanted
    except pygame.error:
        pygame.quit()
        raise ImportError("no display") from None
    # A DISPLAY no X server answers at (a stale `ssh -X`, a container that
    # inherited it) makes SDL fall back to a driver that draws nowhere: the
    # match would run in a window nobody can see.  Only asked for by name.
    if pygame.display.get_driver() in HIDDEN_DRIVERS and not os.environ.get("SDL_VIDEODRIVER"):
        pygame.quit()
        where = os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY", "")
        raise ImportError("the display %s cannot be reached" % where)
    try:
        screen = pygame.display.set_mode((c.width * zoom, c.height * zoom))
    except pygame.error:
        pygame.quit()
        raise ImportError("no display") from None
    pygame.display.set_caption("Sixty-Six on %s" % sim.board.NAME)
    print(help_line(sim, keys, window=True))
    code_of = {}
    for i, name in enumerate(keys):
        code_of[pygame.key.key_code(name)] = i
    surface = pygame.Surface((c.width, c.height))
    shown = -1
    clock = pygame.time.Clock()
    start = time.monotonic()
    try:
        while True:
            for event in pygame.event.get():
                if event.type == pygame.QUIT:
                    return 0
                if event.type in (pygame.KEYDOWN, pygame.KEYUP) and event.key in code_of:
                    i = code_of[event.key]
                    if event.type == pygame.KEYDOWN:
                        sim.buttons.press(i)
                    else:
                        sim.buttons.release(i)
            now = int((time.monotonic() - start) * 1000)
            sim.step(now - sim.now)
            if c.frames != shown:
                shown = c.frames
                rows = c.rgb_rows()
                for y, row in enumerate(rows):
                    for x, rgb in enumerate(row):
                        surface.set_at((x, y), ((rgb >> 16) & 255, (rgb >> 8) & 255, rgb & 255))
                pygame.transform.scale(surface, screen.get_size(), screen)
                pygame.display.flip()
            clock.tick(100)
    finally:
        pygame.quit()


# --- terminal ------------------------------------------------------------------------

_ARROWS = {"A": "up", "B": "down", "C": "right", "D": "left"}


def render_terminal(c, cols: int, rows: int) -> str:
    """The canvas in half-block characters (two pixels a cell, 24-bit
    colour), shrunk by the smallest whole factor that fits cols x rows."""
    pixels = c.rgb_rows()
    w, h = c.width, c.height
    f = 1
    while w // f > cols or (h // f + 1) // 2 > rows:
        f += 1
    out = []
    for ty in range(0, h // f, 2):
        line = []
        last = None
        for tx in range(w // f):
            top = pixels[ty * f][tx * f]
            y2 = (ty + 1) * f
            bottom = pixels[y2][tx * f] if y2 < h else 0
            if (top, bottom) != last:  # colours only where they change: a lighter stream
                last = (top, bottom)
                fg = "\x1b[38;2;%d;%d;%dm" % (top >> 16, (top >> 8) & 255, top & 255)
                line.append(fg + "\x1b[48;2;%d;%d;%dm" % (bottom >> 16, (bottom >> 8) & 255, bottom & 255))
            line.append("\u2580")
        out.append("".join(line) + "\x1b[0m")
    return "\n".join(out)


def _read_key(fd):
    """One key as (name, shifted) or None; arrows come as escape codes,
    ESC [ X, or ESC O X from a terminal a program left in its "application
    cursor" mode (tmux and screen keep it after some editors).  Shift or
    Ctrl with an arrow sends its modifiers too (ESC [ 1 ; 2 A): the arrow
    still, and the rest of any escape code is read with it, never taken
    for keys.  Shift with a digit types the sign above it (on a US
    keyboard), read as the digit's long press.  A terminal that has hung
    up reads as the end of input: EOFError, as Ctrl-C's KeyboardInterrupt
    (else select would find the dead terminal ready for ever)."""
    byte = os.read(fd, 1)
    if not byte:
        raise EOFError
    ch = byte.decode("latin-1")
    if ch == "\x1b":
        return _escape(fd)
    if ch in ("\r", "\n"):
        return "return", False
    if ch in ("\x7f", "\x08"):
        return "backspace", False
    if ch == "\x03":
        raise KeyboardInterrupt
    if ch in SHIFTED_DIGITS:
        return str((SHIFTED_DIGITS.index(ch) + 1) % 10), True
    return ch.lower(), ch.isupper()


SHIFTED_DIGITS = "!@#$%^&*()"  # what Shift with 1 to 9 and 0 types on a US keyboard


def _escape(fd):
    """The arrow an escape code names, or None, its last byte read."""

    def following() -> str:
        if select.select([fd], [], [], 0.05)[0]:
            return os.read(fd, 1).decode("latin-1")
        return ""

    kind = following()
    if kind not in ("[", "O"):
        return None
    last = following()
    for _ in range(16):  # a control sequence's parameters and intermediates, 0x20 to 0x3f
        if not " " <= last <= "?":
            break
        last = following()
    return (_ARROWS[last], False) if last in _ARROWS else None


def terminal_frame(sim: Sim, keys: list, cols: int, lines: int, why: str) -> str:
    """What the terminal shows, at most cols x lines: the board's pixels in
    half-blocks when they fit whole, else its text one character per font
    cell (readable in 80x24 on every board), else what size is needed; then
    why it is in the terminal, how the board is drawn, and the keys, the way
    out on the last line (alone on one line, cut short, in a terminal too
    small for more)."""
    from .textview import CellCanvas, render_cells

    c = sim.canvas
    keys_shown = help_lines(sim, keys, cols)
    if len(keys_shown) + 3 > lines:  # no room for them all: the way out, cut short
        keys_shown = [help_line(sim, keys)]
    room = lines - 2 - len(keys_shown)

    def below(width: int) -> int:  # the lines under a picture that wide
        return 2 + len(help_lines(sim, keys, width))

    pixels = (c.width, (c.height + 1) // 2 + below(c.width))  # the terminal that shows every pixel
    if c.width <= cols and (c.height + 1) // 2 <= room:
        picture = render_terminal(c, cols, room)
        how = "every pixel of the board"
    elif isinstance(c, CellCanvas) and c.cols <= cols and c.rows <= room:
        picture = render_cells(c)
        how = "the board's text, a character per letter (%dx%d or more shows its pixels)" % pixels
    else:
        need = (c.cols, c.rows + below(c.cols)) if isinstance(c, CellCanvas) else pixels
        picture = _needs(need, cols, room)
        how = "too small to show the board"
    status = [why, how] + keys_shown
    return picture + "".join("\n" + line[:cols] + "\x1b[K" for line in status)


def _needs(need: tuple, cols: int, room: int) -> str:
    """The size the board needs, in lines of at most cols characters and
    at most `room` of them (at least one): the sentence wrapped where it
    fits, else the size alone, whose digits come first."""
    import textwrap

    lines = textwrap.wrap("The board needs a terminal of %dx%d or more." % need, max(cols, 1))
    if len(lines) <= max(room, 1) and all(len(line) <= cols for line in lines):
        return "\n".join(lines)
    return ("%dx%d needed" % need)[: max(cols, 1)]


def _terminal(sim: Sim, keys: list, why: str = "drawn in the terminal") -> int:
    import termios
    import tty

    fd = sys.stdin.fileno()
    saved = termios.tcgetattr(fd)
    index = {name: i for i, name in enumerate(keys)}
    shown = -1
    try:
        tty.setraw(fd)
        sys.stdout.write("\x1b[2J")
        while True:
            sim.settle()
            if sim.canvas.frames != shown:
                shown = sim.canvas.frames
                size = os.get_terminal_size()
                text = "\x1b[H\x1b[2J" + terminal_frame(sim, keys, size.columns, size.lines, why)
                sys.stdout.write(text.replace("\n", "\r\n"))
                sys.stdout.flush()
            if select.select([fd], [], [], 0.1)[0]:
                key = _read_key(fd)
                if key and key[0] in index:
                    sim.hold(index[key[0]], LONG_MS if key[1] else TAP_MS)
            else:
                sim.step(100)
    except (KeyboardInterrupt, EOFError):
        return 0
    finally:
        try:
            termios.tcsetattr(fd, termios.TCSADRAIN, saved)
            sys.stdout.write("\x1b[0m\r\n")
        except (termios.error, OSError):
            pass  # the terminal is gone: nothing to give back
