"""The board modules, the panel drivers and the button readers, on the host.

Every board module must import on CPython and on MicroPython and export the
names boards/__init__.py promises.  open_buttons() and open_canvas() run
against stand-ins for `machine`, `framebuf`, `board` and `keypad` put into
sys.modules, which record what the code did to pins, SPI and I2C: the
pulls and interrupts of the buttons, the window and bytes sent to each
panel.  The real hardware is not here; these tests pin down what we send it.
"""

import os
import subprocess
import sys
import time
import types

import pytest
from conftest import required_tool

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)

from sixtysix_app import events  # noqa: E402
from sixtysix_app.canvas import PALETTE, rgb565  # noqa: E402
from sixtysix_app.st7789 import expand_gs4_line, fill_lut  # noqa: E402
from sixtysix_tools.board_files import CONTRACT as NAMES  # noqa: E402
from sixtysix_tools.board_files import FUNCTIONS, boards_for, contract_problem  # noqa: E402

import boards  # noqa: E402

# The contract of boards/__init__.py, as `sixtysix boards` checks it.
CONTRACT = dict(NAMES)
EVENT_NAMES = {name for name in dir(events) if name.isupper()}
MICROPYTHON_BOARDS = boards_for("micropython")


def load(name):
    return __import__("boards." + name, None, None, ("NAME",))


# ---- the exported names -------------------------------------------------------


@pytest.mark.parametrize("name", boards.BOARDS)
def test_board_exports_every_name_with_its_type(name):
    board = load(name)
    for attr, kind in CONTRACT.items():
        assert isinstance(getattr(board, attr), kind), attr
    for attr in FUNCTIONS:
        assert callable(getattr(board, attr)), attr
    assert contract_problem(name, board) == ""
    public = {a for a in dir(board) if not a.startswith("_")}
    public = {a for a in public if not isinstance(getattr(board, a), types.ModuleType)}
    extra = public - set(CONTRACT) - set(FUNCTIONS) - EVENT_NAMES - {"const"}
    assert not extra, "names beyond the contract: %s" % sorted(extra)


@pytest.mark.parametrize("name", boards.BOARDS)
def test_board_values_are_sane(name):
    board = load(name)
    assert board.PORT in ("micropython", "circuitpython")
    assert board.ARCH == ("" if board.PORT == "circuitpython" else board.ARCH)
    if board.PORT == "micropython":
        assert board.ARCH in ("armv6m", "armv7emsp", "xtensawin")
        port, firmware = board.FIRMWARE  # e.g. ("rp2", "RPI_PICO")
        assert port.islower() and firmware.isupper() and " " not in port + firmware
    else:
        assert board.FIRMWARE == ()
    assert 64 <= board.WIDTH <= 320 and 32 <= board.HEIGHT <= 240
    assert board.WIDTH % 8 == 0 and board.HEIGHT % 8 in (0, 7)  # 135 = the 1.14" panel
    assert board.FONT in ("small", "normal") and board.SCALE in (1, 2)
    face, face_scale = board.FACE
    assert (face in ("small", "normal") and face_scale in (1, 2, 3)) or board.FACE == ("card", 1)
    assert 50 <= board.PIXEL_UM <= 500  # micrometres, not millimetres or inches
    assert board.NAME and board.SAVE_DIR.startswith("/")
    for what, pin in board.PINS:
        assert isinstance(what, str) and isinstance(pin, str) and what and pin


@pytest.mark.parametrize("name", boards.BOARDS)
def test_keymap_matches_buttons_and_reaches_every_event(name):
    board = load(name)
    assert len(board.BUTTONS) == len(board.KEYMAP) > 0
    assert len(set(board.BUTTONS)) == len(board.BUTTONS)
    reachable = set()
    for pair in board.KEYMAP:
        assert isinstance(pair, tuple) and len(pair) == 2
        short, long = pair
        assert events.PREV <= short <= events.HINT, "a button must do something when pressed"
        assert events.NONE <= long <= events.HINT
        reachable |= {short, long}
    assert events.PREV in reachable or events.NEXT in reachable
    for needed in (events.OK, events.BACK, events.HINT):
        assert needed in reachable, events.NAMES[needed]


def test_font_and_scale_per_board():
    assert (load("thumby").FONT, load("thumby").SCALE) == ("small", 1)
    assert (load("oled_128x64").FONT, load("oled_128x64").SCALE) == ("normal", 1)
    for name in ("pico_display", "t_display"):
        board = load(name)
        assert (board.WIDTH, board.HEIGHT, board.FONT, board.SCALE) == (240, 135, "normal", 2)
        assert board.FACE == ("normal", 3)  # the cards take the table's room
    assert load("pybadge").FACE[1] == 2  # terminalio at 2x


@pytest.mark.parametrize("name", MICROPYTHON_BOARDS)
def test_card_faces_leave_a_hand_of_six_side_by_side(name):
    """FACE sizes the cards (ui.Layout: two cells of the face font and a
    border): however large, six of them lie side by side, a pixel apart,
    within the panel, so only a hand of more than six overlaps."""
    from sixtysix_app import font

    board = load(name)
    face, scale = board.FACE
    _table, cell_w, _cell_h = font.font(face)
    card_w = 2 * cell_w * scale + 3
    assert 6 * card_w + 5 <= board.WIDTH, (name, card_w)


# ---- stand-ins for the hardware modules ----------------------------------------


class Log:
    """Everything the code did, in order: ("pin", id, level) and ("spi", bytes)
    and ("i2c", address, bytes)."""

    def __init__(self):
        self.entries = []
        self.pins = {}


class FakePin:
    IN = 0
    OUT = 1
    PULL_UP = 1
    PULL_DOWN = 2
    IRQ_FALLING = 4
    IRQ_RISING = 8

    log = Log()

    def __init__(self, id, mode=-1, pull=None, value=None):
        self.id = id
        self.mode = mode
        self.pull = pull
        self.level = 0 if pull == FakePin.PULL_DOWN else 1
        self.handler = None
        self.trigger = 0
        FakePin.log.pins[id] = self
        if value is not None:
            self.value(value)

    def value(self, v=None):
        if v is None:
            return self.level
        self.level = 1 if v else 0
        FakePin.log.entries.append(("pin", self.id, self.level))
        return None

    __call__ = value

    def irq(self, handler=None, trigger=0):
        self.handler = handler
        self.trigger = trigger


class FakeSPI:
    def __init__(self, id, baudrate=0, sck=None, mosi=None, **kw):
        self.id = id
        self.baudrate = baudrate
        self.sck = sck.id
        self.mosi = mosi.id

    def write(self, buf):
        FakePin.log.entries.append(("spi", bytes(buf)))


class FakeI2C:
    def __init__(self, id, sda=None, scl=None, freq=0):
        self.id = id
        self.sda = sda.id
        self.scl = scl.id

    def writeto(self, address, buf):
        FakePin.log.entries.append(("i2c", address, bytes(buf)))

    def writevto(self, address, parts):
        FakePin.log.entries.append(("i2c", address, b"".join(bytes(p) for p in parts)))


class FakeFrameBuffer:
    def __init__(self, buf, width, height, fmt):
        self.buf = buf
        self.format = fmt


@pytest.fixture
def hardware(monkeypatch):
    """Fake machine and framebuf modules, a fresh log, a sleep_ms that
    does not sleep; returns the log."""
    FakePin.log = Log()
    irq_state = {"disabled": 0, "enabled": 0}

    def disable_irq():
        irq_state["disabled"] += 1
        return 7

    def enable_irq(state):
        assert state == 7
        irq_state["enabled"] += 1

    machine = types.ModuleType("machine")
    machine.Pin = FakePin  # type: ignore[attr-defined]
    machine.SPI = FakeSPI  # type: ignore[attr-defined]
    machine.I2C = FakeI2C  # type: ignore[attr-defined]
    machine.disable_irq = disable_irq  # type: ignore[attr-defined]
    machine.enable_irq = enable_irq  # type: ignore[attr-defined]
    framebuf = types.ModuleType("framebuf")
    framebuf.MONO_VLSB = 0  # type: ignore[attr-defined]
    framebuf.RGB565 = 1  # type: ignore[attr-defined]
    framebuf.GS4_HMSB = 2  # type: ignore[attr-defined]
    framebuf.MONO_HLSB = 3  # type: ignore[attr-defined]
    framebuf.MONO_HMSB = 4  # type: ignore[attr-defined]
    framebuf.FrameBuffer = FakeFrameBuffer  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "machine", machine)
    monkeypatch.setitem(sys.modules, "framebuf", framebuf)
    monkeypatch.setattr(time, "sleep_ms", lambda ms: None, raising=False)
    FakePin.log.irq_state = irq_state  # type: ignore[attr-defined]
    return FakePin.log


def commands(log, dc_pin):
    """The SPI traffic as [(command byte, parameter bytes), ...], split by the
    level of the DC pin at each write."""
    dc = 1
    out = []
    for entry in log.entries:
        if entry[0] == "pin" and entry[1] == dc_pin:
            dc = entry[2]
        elif entry[0] == "spi":
            if dc == 0:
                out.append([entry[1][0], b""])
            else:
                out[-1][1] += entry[1]
    return out


# ---- buttons -------------------------------------------------------------------


def documented_pins(board):
    """{what: (GPIO number, the rest of the text)} for each PINS entry that
    names a GPIO ("GP12" on the RP2040, "IO35 (external pull-up)" on the
    ESP32), keyed by the first word of what it is."""
    found = {}
    for what, where in board.PINS:
        number, _, rest = where.partition(" ")
        if number[:2] in ("GP", "IO") and number[2:].isdigit():
            found[what.split(" ")[0]] = (int(number[2:]), rest)
    return found


@pytest.mark.parametrize("name", MICROPYTHON_BOARDS)
def test_open_buttons_sets_pulls_and_interrupts(hardware, name):
    """Each button on the pin PINS gives it, in BUTTONS order; a pin PINS
    says has an external pull-up gets no internal one."""
    board = load(name)
    documented = documented_pins(board)
    assert set(board.BUTTONS) <= set(documented), "PINS names no GPIO for some button"
    buttons = board.open_buttons()
    ids = [pin.id for pin in buttons.pins]
    assert ids == [documented[button][0] for button in board.BUTTONS]
    for pin, button in zip(buttons.pins, board.BUTTONS):
        assert pin.mode == FakePin.IN
        if "external pull-up" in documented[button][1]:
            assert pin.pull is None  # e.g. the ESP32's input-only IO35: no internal pull-up
        else:
            assert pin.pull == FakePin.PULL_UP
        assert pin.trigger == FakePin.IRQ_FALLING | FakePin.IRQ_RISING
        assert callable(pin.handler)
    assert buttons.read() == (0, 0)


def test_the_buttons_of_these_boards_by_number():
    """What the boards above were checked against before PINS was: the GPIO
    of each button, in BUTTONS order."""
    known = {
        "pico_display": [12, 13, 14, 15],
        "thumby": [3, 5, 4, 6, 27, 24],
        "t_display": [0, 35],
        "oled_128x64": [10, 11, 12, 13, 14],
    }
    for name, pins in known.items():
        board = load(name)
        assert [documented_pins(board)[button][0] for button in board.BUTTONS] == pins, name
    assert documented_pins(load("t_display"))["IO35"] == (35, "(external pull-up)")


def clocked_buttons(pins):
    from sixtysix_app.buttons import PinButtons

    clock = {"now": 1000}
    buttons = PinButtons(pins, clock=(lambda: clock["now"], lambda a, b: a - b))
    return buttons, clock


def press(pin, level):
    pin.level = level
    pin.handler(pin)


def test_press_made_and_released_between_reads_is_latched(hardware):
    buttons, clock = clocked_buttons((12, 13))
    b = buttons.pins[1]
    press(b, 0)
    clock["now"] += 80
    press(b, 1)
    assert buttons.read() == (0, 2)
    assert buttons.read() == (0, 0)
    assert hardware.irq_state["disabled"] == 2


def test_held_button_shows_in_down_mask(hardware):
    buttons, clock = clocked_buttons((12, 13))
    press(buttons.pins[0], 0)
    assert buttons.read() == (1, 1)
    assert buttons.read() == (1, 0)


def test_release_bounce_is_not_a_press(hardware):
    buttons, clock = clocked_buttons((12,))
    pin = buttons.pins[0]
    press(pin, 0)
    clock["now"] += 100
    assert buttons.read() == (1, 1)
    press(pin, 1)  # released...
    clock["now"] += 2
    press(pin, 0)  # ...a bounce 2 ms later
    clock["now"] += 1
    press(pin, 1)
    assert buttons.read() == (0, 0)
    clock["now"] += 200
    press(pin, 0)  # a real press again
    assert buttons.read() == (1, 1)


def test_a_press_exactly_the_bounce_time_after_a_release_counts(hardware):
    """The bounce window is 20 ms: an edge 19 ms after the release is a
    bounce, one 20 ms after it is a press."""
    buttons, clock = clocked_buttons((12,))
    pin = buttons.pins[0]
    press(pin, 0)
    clock["now"] += 100
    assert buttons.read() == (1, 1)
    press(pin, 1)
    clock["now"] += 19
    press(pin, 0)
    assert buttons.read() == (1, 0)
    press(pin, 1)
    clock["now"] += 20
    press(pin, 0)
    assert buttons.read() == (1, 1)


def test_every_read_enables_the_interrupts_it_disabled(hardware):
    buttons, clock = clocked_buttons((12, 13))
    for _ in range(3):
        buttons.read()
    assert hardware.irq_state["disabled"] == hardware.irq_state["enabled"] == 3


def test_two_buttons_pressed_between_reads_are_both_latched_and_both_held(hardware):
    buttons, clock = clocked_buttons((12, 13, 14))
    press(buttons.pins[0], 0)
    press(buttons.pins[2], 0)
    assert buttons.read() == (5, 5)
    press(buttons.pins[1], 0)
    assert buttons.read() == (7, 2)


def test_without_a_clock_the_buttons_count_milliseconds_of_the_host(hardware):
    """On CPython (tests, the simulator's stand-in pins) the default clock
    is time.monotonic in milliseconds, and ticks_diff(a, b) is a - b."""
    from sixtysix_app.buttons import PinButtons, _default_clock

    ticks_ms, ticks_diff = _default_clock()
    before = time.monotonic_ns() // 1000000
    now = ticks_ms()
    after = time.monotonic_ns() // 1000000
    assert before <= now <= after
    assert ticks_diff(1005, 1000) == 5 and ticks_diff(1000, 1005) == -5
    buttons = PinButtons((12,))
    press(buttons.pins[0], 0)
    assert buttons.read() == (1, 1)


def test_active_high_buttons_pull_down(hardware):
    from sixtysix_app.buttons import PinButtons

    buttons = PinButtons((2,), active_low=False, clock=(lambda: 0, lambda a, b: 100))
    assert buttons.pins[0].pull == FakePin.PULL_DOWN
    press(buttons.pins[0], 1)
    assert buttons.read() == (1, 1)


class FakeKeyEvent:
    def __init__(self):
        self.key_number = 0
        self.pressed = False


class FakeShiftRegisterKeys:
    def __init__(self, **kw):
        self.kw = kw
        self.pending = []
        self.events = self

    def get_into(self, event):
        if not self.pending:
            return False
        event.key_number, event.pressed = self.pending.pop(0)
        return True


@pytest.fixture
def circuitpython(monkeypatch):
    board = types.ModuleType("board")
    for pin in ("BUTTON_CLOCK", "BUTTON_OUT", "BUTTON_LATCH", "DISPLAY"):
        setattr(board, pin, pin.lower())
    keypad = types.ModuleType("keypad")
    keypad.Event = FakeKeyEvent  # type: ignore[attr-defined]
    keypad.ShiftRegisterKeys = FakeShiftRegisterKeys  # type: ignore[attr-defined]
    canvas_dio = types.ModuleType("sixtysix_app.canvas_dio")
    canvas_dio.DisplayioCanvas = lambda display, face_scale: ("canvas on", display, face_scale)  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "board", board)
    monkeypatch.setitem(sys.modules, "keypad", keypad)
    monkeypatch.setitem(sys.modules, "sixtysix_app.canvas_dio", canvas_dio)


def test_pybadge_reads_the_shift_register_in_key_order(circuitpython):
    pybadge = load("pybadge")
    buttons = pybadge.open_buttons()
    kw = buttons.keys.kw
    assert (kw["clock"], kw["data"], kw["latch"]) == ("button_clock", "button_out", "button_latch")
    assert kw["key_count"] == 8 and kw["value_when_pressed"] is True
    a = pybadge.BUTTONS.index("A")
    select = pybadge.BUTTONS.index("SELECT")
    assert (a, select) == (1, 3)  # adafruit_pybadger's order: b a start select right down up left
    buttons.keys.pending = [(a, True), (a, False), (select, True)]
    assert buttons.read() == (1 << select, (1 << a) | (1 << select))
    buttons.keys.pending = [(select, False)]
    assert buttons.read() == (0, 0)
    left = pybadge.BUTTONS.index("LEFT")
    buttons.keys.pending = [(left, True)]
    assert buttons.read() == (1 << 7, 1 << 7)  # the last key, bit 7
    assert pybadge.open_canvas() == ("canvas on", "display", pybadge.FACE[1])


# ---- panels --------------------------------------------------------------------


def expected_line(pixels):
    out = bytearray()
    for p in pixels:
        c = rgb565(PALETTE[p]) if p < len(PALETTE) else 0
        out += bytes(((c >> 8) & 0xFF, c & 0xFF))
    return bytes(out)


@pytest.mark.parametrize("name", ("pico_display", "t_display"))
def test_st7789_boards_push_the_gs4_frame_line_by_line(hardware, name):
    board = load(name)
    canvas = board.open_canvas()
    assert len(canvas.buf) == 240 * 135 // 2
    assert canvas.fb.format == sys.modules["framebuf"].GS4_HMSB
    dc = 16
    init = commands(hardware, dc)
    assert [c for c, _ in init][:2] == [0x01, 0x11]
    assert [0x36, b"\x60"] in init  # MX|MV: landscape
    assert [0x21, b""] in init  # the IPS panel needs inversion
    assert hardware.pins[4 if name == "t_display" else 20].level == 1  # backlight on
    if name == "t_display":
        assert ("pin", 23, 0) in hardware.entries  # reset pulsed
    hardware.entries.clear()
    canvas.buf[0] = 0x12  # pixels 0 and 1: roles 1 and 2
    canvas.buf[119] = 0x09  # the last two pixels of the first line
    canvas.buf[120] = 0x30  # the first pixel of the second line
    canvas.show()
    sent = commands(hardware, dc)
    assert sent[0] == [0x2A, bytes((0, 40, 1, 23))]  # columns 40..279
    assert sent[1] == [0x2B, bytes((0, 53, 0, 187))]  # rows 53..187
    assert sent[2][0] == 0x2C
    data = sent[2][1]
    assert len(data) == 240 * 135 * 2
    assert data[:480] == expected_line([1, 2] + [0] * 236 + [0, 9])
    assert data[480:960] == expected_line([3] + [0] * 239)
    assert data[960:] == expected_line([0] * 240) * 133
    lines = [e for e in hardware.entries if e[0] == "spi" and len(e[1]) == 480]
    assert len(lines) == 135  # one SPI write per line, from one line buffer


def test_thumby_pushes_its_72_columns_in_the_middle(hardware):
    canvas = load("thumby").open_canvas()
    assert len(canvas.buf) == 72 * 40 // 8
    assert canvas.fb.format == sys.modules["framebuf"].MONO_VLSB
    init = commands(hardware, 17)
    sequence = [c for c, _ in init]
    assert 0xAF in sequence and [0xA8, 39] == sequence[5:7]
    assert sequence[-3:] == [0xAD, 0x30, 0xAF]  # the Thumby's panel: internal current reference, then on
    assert ("pin", 20, 0) in hardware.entries  # reset pulsed
    hardware.entries.clear()
    canvas.buf[0] = 0x81
    canvas.show()
    sent = commands(hardware, 17)
    assert [c for c, _ in sent] == [0x21, 28, 99, 0x22, 0, 4]
    assert sent[-1][1] == bytes(canvas.buf)


def test_oled_pushes_over_i2c(hardware):
    board = load("oled_128x64")
    canvas = board.open_canvas()
    assert len(canvas.buf) == 128 * 64 // 8
    assert (canvas.face_w, canvas.face_h) == (8, 10)  # FACE: the "card" font's 8x10 cell
    init = [e for e in hardware.entries if e[0] == "i2c"]
    assert all(e[1] == 0x3C for e in init)
    assert init[-1][2] == b"\x80\xaf"  # display on, last
    hardware.entries.clear()
    canvas.buf[5] = 0xFF
    canvas.show()
    sent = [e[2] for e in hardware.entries]
    assert sent[:6] == [b"\x80\x21", b"\x80\x00", b"\x80\x7f", b"\x80\x22", b"\x80\x00", b"\x80\x07"]
    assert sent[6] == b"\x40" + bytes(canvas.buf)


# ---- the ST7789 line expansion --------------------------------------------------

PALETTE565 = (0x0000, 0xF800, 0x07E0, 0x001F, 0xFFFF, 0x1234)
SOURCE = bytes((0x77, 0x12, 0x34, 0x50, 0xF0))  # byte 0 and the 0xF nibble: outside the line
EXPANDED = bytes.fromhex("F800 07E0 001F FFFF 1234 0000")


def test_gs4_line_expands_to_big_endian_rgb565():
    lut = bytearray(32)
    fill_lut(lut, PALETTE565)
    line = bytearray(12)
    expand_gs4_line(line, SOURCE, 1, lut)
    assert bytes(line) == EXPANDED
    assert lut[30:32] == b"\x00\x00"  # entries past the palette are black


EXPANSION_SCRIPT = """
import sys
sys.path.insert(0, %r)
from sixtysix_app.st7789 import expand_gs4_line, fill_lut, viper_expander
lut = bytearray(32)
fill_lut(lut, %r)
viper = viper_expander()
print("viper" if viper else "no viper")
src = bytes(range(256)) + %r
for fn in (expand_gs4_line, viper):
    line = bytearray(12)
    fn(line, src, 257, lut)
    print(bytes(line).hex())
big = bytearray(480)
slow = bytearray(480)
expand_gs4_line(slow, src, 3, lut)
viper(big, src, 3, lut)
print(big == slow)
"""


def test_viper_and_plain_expansion_agree_on_micropython(tmp_path):
    micropython = required_tool("micropython")
    script = tmp_path / "expand.py"
    script.write_text(EXPANSION_SCRIPT % (os.path.join(ROOT, "firmware"), PALETTE565, SOURCE))
    proc = subprocess.run([micropython, str(script)], capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    lines = proc.stdout.split()
    assert lines == ["viper", EXPANDED.hex(), EXPANDED.hex(), "True"]


IMPORT_SCRIPT = """
import sys
sys.path.insert(0, %r)
sys.path.insert(0, %r)
for name in %r:
    board = __import__("boards." + name, None, None, ("NAME",))
    print(name, board.WIDTH, board.HEIGHT, len(board.KEYMAP))
"""


def test_every_board_module_imports_on_micropython(tmp_path):
    micropython = required_tool("micropython")
    script = tmp_path / "imports.py"
    script.write_text(IMPORT_SCRIPT % (os.path.join(ROOT, "firmware"), ROOT, boards.BOARDS))
    proc = subprocess.run(
        [micropython, "-X", "heapsize=64wK", str(script)], capture_output=True, text=True, timeout=60
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr
    expected = []
    for name in boards.BOARDS:
        board = load(name)
        expected.append("%s %d %d %d" % (name, board.WIDTH, board.HEIGHT, len(board.KEYMAP)))
    assert proc.stdout.splitlines() == expected


def test_a_missing_display_library_on_the_pybadge_says_how_to_add_it(monkeypatch):
    """README's PyBadge steps add adafruit_display_text before the game;
    a badge without it gets the circup command, not a traceback."""
    import importlib

    monkeypatch.setitem(sys.modules, "adafruit_display_text", None)  # import fails
    pybadge = importlib.import_module("boards.pybadge")
    with pytest.raises(ImportError) as caught:
        pybadge.open_canvas()
    assert "circup install adafruit_display_text" in str(caught.value)


@pytest.mark.parametrize(
    "failure,expected",
    [
        (ImportError("the library x is missing"), "sixtysix: fake cannot start: the library x is missing"),
        (OSError(19), "did not start (OSError 19): check the wiring against boards/fake.py"),
        # neither is the wiring's fault
        (MemoryError(), "sixtysix: not enough memory to open the display of fake: press reset"),
        (
            ValueError("incompatible .mpy file"),
            "sixtysix: fake cannot start: a module on the board is cut short or made for another version",
        ),
    ],
)
def test_a_board_that_cannot_open_its_display_gets_one_line_at_start(capsys, failure, expected):
    """Before the loop runs there is no fault screen: the start says what
    failed in one line and returns, and nothing is raised."""
    from sixtysix_app import boot

    def fail():
        raise failure

    board = types.SimpleNamespace(__name__="boards.fake", open_canvas=fail, open_buttons=fail)
    boot.run(board)
    out = capsys.readouterr().out
    assert out.count("\n") == 1 and expected in out


def test_a_start_failure_on_the_panel_draws_only_whole_rows():
    """The sentence is wrapped to the panel's columns and stops at the
    last row that fits whole: a row cut by the panel's edge is not drawn."""
    from sixtysix_app.start import say_on_panel

    class Panel:
        width, height, char_w, char_h = 48, 20, 6, 8  # 8 columns, 2 whole rows and half a third

        def __init__(self):
            self.rows = []
            self.shown = False

        def fill(self, colour):
            self.rows = []

        def text(self, s, x, y, colour):
            self.rows.append((y, s))

        def show(self):
            self.shown = True

    panel = Panel()
    say_on_panel(panel, "sixtysix: the display of fake did not start")
    assert panel.rows == [(0, "sixtysix"), (8, ": the")] and panel.shown


def test_a_start_failure_fills_a_panel_of_whole_rows_to_its_last_row_and_a_failing_panel_is_left_alone():
    """A panel exactly two rows high shows two rows (the last row ends on
    the panel's edge, it is not cut by it); and a panel that fails while
    the sentence goes up, in any way, is left as it is: the line is out
    on the console already, and a start never ends in a traceback.  A
    mutation audit found both open."""
    from sixtysix_app.start import say_on_panel

    class Panel:
        width, height, char_w, char_h = 48, 16, 6, 8  # 8 columns, 2 whole rows

        def __init__(self, fails=None):
            self.rows = []
            self.fails = fails

        def fill(self, colour):
            self.rows = []

        def text(self, s, x, y, colour):
            if self.fails is not None:
                raise self.fails
            self.rows.append((y, s))

        def show(self):
            pass

    panel = Panel()
    say_on_panel(panel, "sixtysix: the display of fake did not start")
    assert panel.rows == [(0, "sixtysix"), (8, ": the")]
    for failure in (OSError(5), RuntimeError("SPI bus"), MemoryError()):
        say_on_panel(Panel(failure), "sixtysix: the display of fake did not start")


def test_buttons_that_fail_after_the_panel_opened_are_said_on_the_panel_too(capsys):
    """The panel was up and blank while the reason went to a serial
    console nobody was reading."""
    from sixtysix_app import boot
    from sixtysix_tools.hostcanvas import HostCanvas
    from sixtysix_tools.textview import CellCanvas

    thumby = load("thumby")
    panel = CellCanvas(HostCanvas(thumby.WIDTH, thumby.HEIGHT, font=thumby.FONT, face=thumby.FACE))

    def fail():
        raise OSError(19)

    board = types.SimpleNamespace(__name__="boards.fake", open_canvas=lambda: panel, open_buttons=fail)
    boot.run(board)
    line = capsys.readouterr().out.strip()
    assert line.startswith("sixtysix: the display or buttons of fake did not start (OSError 19)")
    shown = " ".join(panel.lines()).split()
    assert len(shown) > 5 and shown == line.split()[: len(shown)], shown  # as many words as fit
