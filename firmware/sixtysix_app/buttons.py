"""Button readers: each read() gives (down, pressed), the mask of buttons
held now and the mask of buttons that went down since the last read.

Presses are latched as they happen (a pin interrupt, or CircuitPython's
keypad event queue), so a press made and released while the computer is
thinking still reaches sixtysix_app.keys when the app samples again.
"""

from sixtysix.compat import const

_DEBOUNCE_MS = const(20)  # an edge this soon after the previous one is contact bounce


def _default_clock():
    try:
        from time import ticks_diff, ticks_ms  # type: ignore[attr-defined]
    except ImportError:  # CPython, for tests with stand-in pins
        import time

        def ticks_ms() -> int:
            return time.monotonic_ns() // 1000000

        def ticks_diff(a: int, b: int) -> int:
            return a - b

    return ticks_ms, ticks_diff


class PinButtons:
    """MicroPython buttons on GPIO pins.

    pins: one entry per button, bit i = pins[i]; a pin number is set up as an
    input with the pull resistor that holds it idle (pull-up when active
    low), while a ready Pin object is used as it is (for a pin with no
    internal pull, like the ESP32's GPIO 34-39, make it Pin(n, Pin.IN)).
    """

    def __init__(self, pins, active_low: bool = True, clock=None) -> None:
        from machine import Pin  # type: ignore[import-not-found]

        self.active_low = active_low
        self.pins = []
        self.pressed = 0
        self.ticks_ms, self.ticks_diff = clock or _default_clock()
        self.last_edge = [0] * len(pins)
        for i, pin in enumerate(pins):
            if isinstance(pin, int):
                pin = Pin(pin, Pin.IN, Pin.PULL_UP if active_low else Pin.PULL_DOWN)
            self.pins.append(pin)
            pin.irq(handler=self._handler(i), trigger=Pin.IRQ_FALLING | Pin.IRQ_RISING)

    def _handler(self, i: int):
        """The interrupt handler of button i: latch a press edge unless it
        follows another edge within the bounce time (a release bouncing)."""
        bit = 1 << i
        pin = self.pins[i]
        active = 0 if self.active_low else 1

        def edge(_pin) -> None:
            now = self.ticks_ms()
            if pin.value() == active and self.ticks_diff(now, self.last_edge[i]) >= _DEBOUNCE_MS:
                self.pressed |= bit
            self.last_edge[i] = now

        return edge

    def down(self) -> int:
        mask = 0
        active = 0 if self.active_low else 1
        for i, pin in enumerate(self.pins):
            if pin.value() == active:
                mask |= 1 << i
        return mask

    def read(self):
        from machine import disable_irq, enable_irq

        down = self.down()
        state = disable_irq()  # take the latch and clear it with no press slipping between
        pressed = self.pressed
        self.pressed = 0
        enable_irq(state)
        return down, pressed


class KeypadButtons:
    """CircuitPython buttons through a keypad scanner (Keys, ShiftRegisterKeys,
    KeyMatrix): the scanner debounces and queues every transition, and
    read() drains the queue."""

    def __init__(self, keys) -> None:
        import keypad  # type: ignore[import-not-found]

        self.keys = keys
        self.event = keypad.Event()  # refilled by get_into, never reallocated
        self.held = 0

    def read(self):
        pressed = 0
        event = self.event
        get_into = self.keys.events.get_into
        while get_into(event):
            bit = 1 << event.key_number
            if event.pressed:
                self.held |= bit
                pressed |= bit
            else:
                self.held &= ~bit
        return self.held, pressed
