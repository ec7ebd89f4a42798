"""Turn button samples into logical events: short presses, long presses and
auto-repeat, on any board's keymap (see boards/__init__.py).

A button whose long event is NONE acts the moment it goes down; held, a
PREV or NEXT button repeats.  A button with a long event waits: released
before `long_ms` it gives its short event, held past `long_ms` it gives its
long event once (and nothing on release).

Nothing is lost while the app is busy: a press the reader latched and that
was already released by the next sample still gives its short event, and
when one sample brings several events they wait in a small queue, one
returned per call.  The clock is passed in, so the same code runs on the
device, in the simulator and in tests; a call allocates nothing.
"""

from sixtysix.compat import const

from .events import NEXT, NONE, PREV

_QUEUE = const(8)  # events waiting to be returned, one per feed()


class Keys:
    def __init__(self, keymap, long_ms: int = 500, repeat_ms: int = 150) -> None:
        """keymap: one (short, long) event pair per button, bit i = button i.
        repeat_ms: the auto-repeat period of a held PREV/NEXT button (0 for
        none); the first repeat comes long_ms after the press."""
        self.short = bytes([pair[0] for pair in keymap])
        self.long = bytes([pair[1] for pair in keymap])
        self.count = len(keymap)
        self.long_ms = long_ms
        self.repeat_ms = repeat_ms
        self.held = 0  # buttons seen going down and not yet seen released
        self.spent = 0  # held buttons whose long event (or a repeat) already fired
        self.since = [0] * self.count  # when a held button went down / repeats next
        self.queue = bytearray(_QUEUE)
        self.first = 0
        self.queued = 0

    def reset(self) -> None:
        """Forget held buttons and queued events (e.g. after a fault screen)."""
        self.held = 0
        self.spent = 0
        self.queued = 0

    def _put(self, event: int) -> None:
        if event != NONE and self.queued < _QUEUE:
            self.queue[(self.first + self.queued) % _QUEUE] = event
            self.queued += 1

    def feed(self, now_ms: int, down: int, pressed: int) -> int:
        """One sample: `down` the mask of buttons held now, `pressed` the mask
        of buttons that went down since the last sample.  Returns the next
        event, or NONE."""
        short = self.short
        long = self.long
        since = self.since
        for i in range(self.count):
            bit = 1 << i
            if not (down | pressed | self.held) & bit:
                continue
            if long[i] == NONE:
                self._feed_at_once(i, bit, now_ms, down, pressed, short[i])
                continue
            if pressed & bit:
                if self.held & bit and not self.spent & bit:
                    self._put(short[i])  # released and pressed again between samples
                self.spent &= ~bit
                if down & bit:
                    self.held |= bit
                    since[i] = now_ms
                else:
                    self.held &= ~bit
                    self._put(short[i])  # pressed and released while we were busy
            elif self.held & bit:
                if not down & bit:
                    self.held &= ~bit
                    if not self.spent & bit:
                        self._put(short[i])
                elif not self.spent & bit and now_ms - since[i] >= self.long_ms:
                    self.spent |= bit
                    self._put(long[i])
        if not self.queued:
            return NONE
        event = self.queue[self.first]
        self.first = (self.first + 1) % _QUEUE
        self.queued -= 1
        return event

    def _feed_at_once(self, i: int, bit: int, now_ms: int, down: int, pressed: int, event: int) -> None:
        """A button without a long event: its event on every press, and
        repeats while a PREV or NEXT button stays down."""
        if pressed & bit:
            self._put(event)
            self.since[i] = now_ms + self.long_ms
            self.spent &= ~bit
        elif down & bit and not self.held & bit:
            self.spent |= bit  # down with no press seen: no event, no repeat
        if not down & bit:
            self.held &= ~bit
            return
        if not self.held & bit or pressed & bit:
            self.held |= bit
            return
        if self.repeat_ms > 0 and not self.spent & bit and (event == PREV or event == NEXT):
            if now_ms - self.since[i] >= 0:
                self._put(event)
                self.since[i] = now_ms + self.repeat_ms
