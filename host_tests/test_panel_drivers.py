"""The panel drivers (ssd1306.py, st7789.py) against what their own
comments say, over a fake bus that notes every pin change and every byte
sent: the commands of the start-up sequence, the window of a frame, chip
select left high between transfers, a new palette taken up, and sizes the
driver cannot push refused."""

import time

import pytest
from sixtysix_app import ssd1306, st7789


class Bus:
    """Chip select, data/command and SPI, noting everything in one list."""

    def __init__(self):
        self.events = []
        self.levels = {"cs": 1, "dc": 1}

    def pin(self, name):
        def set_level(v):
            self.levels[name] = 1 if v else 0
            self.events.append((name, self.levels[name]))

        return set_level

    def write(self, buf):
        assert self.levels["cs"] == 0, "SPI written with the chip deselected"
        self.events.append(("spi", "data" if self.levels["dc"] else "cmd", bytes(buf)))

    def transfers(self):
        """[(command byte, parameter bytes), ...] from the notes."""
        out = []
        for e in self.events:
            if e[0] == "spi":
                if e[1] == "cmd":
                    out.extend([b, b""] for b in e[2])
                else:
                    out[-1][1] += e[2]
        return out

    def command_bytes(self):
        return [b for e in self.events if e[0] == "spi" and e[1] == "cmd" for b in e[2]]


@pytest.fixture(autouse=True)
def no_sleep(monkeypatch):
    monkeypatch.setattr(time, "sleep_ms", lambda ms: None, raising=False)


def has_run(seq, run):
    return any(seq[i : i + len(run)] == run for i in range(len(seq)))


def ssd1306_spi(width, height, **kw):
    bus = Bus()
    panel = ssd1306.SSD1306_SPI(width, height, bus, bus.pin("dc"), bus.pin("cs"), **kw)
    return bus, panel


@pytest.mark.parametrize("width, height", [(128, 64), (128, 32), (72, 40)])
def test_ssd1306_starts_as_its_comments_say(width, height):
    bus, panel = ssd1306_spi(width, height)
    seq = bus.command_bytes()
    assert seq[0] == 0xAE and seq[-1] == 0xAF  # off while set up, on last
    assert has_run(seq, [0x20, 0x00])  # horizontal addressing
    assert 0xA1 in seq and 0xC8 in seq  # x left to right, y top to bottom
    assert has_run(seq, [0xA8, height - 1])  # multiplex: the panel's rows
    assert has_run(seq, [0xDA, 0x02 if (width, height) == (128, 32) else 0x12])  # COM pins
    assert has_run(seq, [0x8D, 0x14])  # charge pump on
    assert 0xA4 in seq and 0xA6 in seq and 0xA7 not in seq  # RAM shown, not inverted
    assert 0xAD not in seq  # the internal current reference only where asked
    assert bus.levels["cs"] == 1  # deselected once done
    bus, panel = ssd1306_spi(width, height, internal_iref=True)
    assert bus.command_bytes()[-3:] == [0xAD, 0x30, 0xAF]


@pytest.mark.parametrize(
    "width, col_offset, first", [(72, None, 28), (64, None, 32), (72, 30, 30), (128, None, 0)]
)
def test_ssd1306_pushes_its_columns_and_pages(width, col_offset, first):
    """A narrower panel sits in the middle of the 128 columns unless the
    board says where; the frame goes in one data write, then deselected."""
    bus, panel = ssd1306_spi(width, 40, col_offset=col_offset)
    bus.events.clear()
    frame = bytes(i * 7 & 255 for i in range(width * 5))
    panel.show(frame)
    sent = bus.transfers()
    assert [c for c, _ in sent[:-1]] == [0x21, first, first + width - 1, 0x22, 0]
    assert sent[-1] == [4, frame]  # the last page, then the frame as data
    assert bus.levels["cs"] == 1


def test_ssd1306_over_i2c_sends_control_bytes_to_0x3c():
    writes = []

    class I2C:
        def writeto(self, address, buf):
            writes.append((address, bytes(buf)))

        def writevto(self, address, parts):
            writes.append((address, b"".join(bytes(p) for p in parts)))

    panel = ssd1306.SSD1306_I2C(128, 64, I2C())
    assert {a for a, _ in writes} == {0x3C}  # the address README gives the OLED
    assert all(len(w) == 2 and w[0] == 0x80 for _, w in writes)  # one command a write
    writes.clear()
    panel.show(b"\x01\x02\x03")
    assert writes[-1] == (0x3C, b"\x40\x01\x02\x03")  # data follows


def st7789_panel(**kw):
    bus = Bus()
    lights = []
    kw.setdefault("backlight", lights.append)
    panel = st7789.ST7789(bus, 240, 135, bus.pin("dc"), cs=bus.pin("cs"), **kw)
    return bus, panel, lights


@pytest.mark.parametrize("invert", [True, False])
def test_st7789_starts_as_its_comments_say(invert):
    bus, panel, lights = st7789_panel(invert=invert, madctl=st7789.MY | st7789.MV)
    sent = bus.transfers()
    commands = [c for c, _ in sent]
    assert commands[:2] == [0x01, 0x11]  # reset, out of sleep
    assert [0x3A, b"\x55"] in sent  # 16 bits a pixel
    assert [0x36, bytes((st7789.MY | st7789.MV,))] in sent  # the board's orientation
    assert (0x21 in commands) == invert  # inverted only where asked
    assert commands[-1] == 0x29 and lights == [1]  # display on, then the light
    assert bus.levels["cs"] == 1


def test_st7789_window_is_big_endian_past_255():
    bus, panel, _ = st7789_panel()
    bus.events.clear()
    panel.set_window(250, 200, 259, 209)  # + offsets (40, 53): columns 290..299, rows 253..262
    sent = bus.transfers()
    assert sent[0] == [0x2A, bytes((1, 34, 1, 43))]
    assert sent[1] == [0x2B, bytes((0, 253, 1, 6))]
    assert sent[2] == [0x2C, b""]
    assert bus.levels["cs"] == 1


def test_st7789_frame_takes_up_a_new_palette_and_deselects():
    bus, panel, _ = st7789_panel()
    frame = bytearray(120 * 135)
    frame[0] = 0x12
    first = [0x0000, 0xF800, 0x07E0]
    second = [0x0000, 0x001F, 0xFFFF]
    for palette in (first, second, first):
        bus.events.clear()
        panel.show_gs4(frame, palette)
        data = bus.transfers()[-1][1]
        assert data[:4] == bytes((palette[1] >> 8, palette[1] & 255, palette[2] >> 8, palette[2] & 255))
        assert bus.levels["cs"] == 1


def test_st7789_refuses_an_odd_width_and_takes_any_even_one():
    """Two pixels a byte: an odd width would split a byte across lines."""
    for width in (135, 241):
        bus = Bus()
        with pytest.raises(ValueError):
            st7789.ST7789(bus, width, 240, bus.pin("dc"), cs=bus.pin("cs"))
    for width in (130, 240):
        bus = Bus()
        assert st7789.ST7789(bus, width, 64, bus.pin("dc"), cs=bus.pin("cs")).width == width
