// An emulated Raspberry Pi Pico for the test rig, on rp2040js.
//
// It boots an RP2040 image (.bin at flash offset 0, or .uf2) with a bootrom
// given by the caller, and talks to the Python side over four pipes:
//   fd 0  bytes for the chip's REPL (UART0, or USB CDC with --usb)
//   fd 1  bytes the REPL printed
//   control lines from Python, JSON, one command a line, on the pipe named
//   by --control R,W (R to read them, W to answer, a JSON line each)
// stderr carries the runner's own complaints.
//
// What it adds to the plain emulator, each for a reason:
// - Flash that keeps what is written. rp2040js ignores the flash chip's
//   program and erase commands, so a filesystem made or written by the
//   firmware reads back as 0xFF. The bootrom's flash_range_erase and
//   flash_range_program entries are replaced by BKPT instructions, and the
//   runner does the erase or program on its copy of the flash and returns.
// - UART transmit interrupt kept masked (a UART build hangs at boot without
//   it: the emulator raises TXIM again at every check), and a received byte
//   fed only once the receive FIFO is empty (there is no flow control).
// - Button presses in emulated time: a pin goes low for the press and high
//   again after it, counted in the chip's own nanoseconds, so a press is
//   as long for the firmware whatever the host's speed.
// - Every I2C address acknowledged, so an I2C panel is found.
// - SPI bytes that take their time (see below), and the ST7789 on SPI0 decoded from its command and data stream into a
//   picture of the window it was written to.

import { readFileSync, writeFileSync, writeSync, existsSync } from 'node:fs';
import { Socket } from 'node:net';
import { Simulator, USBCDC, GPIOPinState } from 'rp2040js';

const FLASH_BASE = 0x10000000;
const NANOS_PER_CYCLE = 8; // 125 MHz
const BKPT_ERASE = 0xe0;
const BKPT_PROGRAM = 0xe1;
const UARTIMSC = 0x38;
const UART_TXIM = 1 << 5;

function parseArgs(argv) {
  const args = { usb: false, display: null, flash: null };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--usb') args.usb = true;
    else if (a === '--image') args.image = argv[++i];
    else if (a === '--bootrom') args.bootrom = argv[++i];
    else if (a === '--flash') args.flash = argv[++i];
    else if (a === '--control') args.control = argv[++i].split(',').map(Number);
    else if (a === '--display') args.display = argv[++i]; // "spi,dc,cs,x,y,w,h"
    else throw new Error(`unknown argument ${a}`);
  }
  if (!args.image || !args.bootrom || !args.control) throw new Error('--image, --bootrom and --control are required');
  return args;
}

// A .uf2 is 512-byte blocks, each naming its flash address; anything else is
// taken as a raw image for flash offset 0.
export function loadImage(flash, data) {
  const isUf2 = data.length >= 512 && data.readUInt32LE(0) === 0x0a324655 && data.readUInt32LE(4) === 0x9e5d5157;
  if (!isUf2) {
    flash.set(data, 0);
    return;
  }
  for (let off = 0; off + 512 <= data.length; off += 512) {
    const target = data.readUInt32LE(off + 12);
    const size = data.readUInt32LE(off + 16);
    if (data.readUInt32LE(off + 508) !== 0x0ab16f30 || size > 476) throw new Error('damaged UF2 block');
    if (data.readUInt32LE(off + 8) & 1) continue; // "not main flash"
    flash.set(data.subarray(off + 32, off + 32 + size), target - FLASH_BASE);
  }
}

// The bootrom's function table: halfword pairs (code, address) from the
// pointer at 0x14, ending at code 0. Codes are two letters, low byte first.
function romFunction(mcu, letters) {
  const code = letters.charCodeAt(0) | (letters.charCodeAt(1) << 8);
  let p = mcu.readUint16(0x14);
  for (;;) {
    const c = mcu.readUint16(p);
    if (c === 0) throw new Error(`not an RP2040 bootrom: its function table has no ${letters}`);
    if (c === code) return mcu.readUint16(p + 2) & ~1;
    p += 4;
  }
}

function putHalfword(words, address, value) {
  const i = address >> 2;
  if (address & 2) words[i] = (words[i] & 0x0000ffff) | (value << 16);
  else words[i] = (words[i] & 0xffff0000) | value;
}

// Erase sets bytes to 0xFF; programming can only clear bits, as on NOR flash.
export function flashErase(flash, offset, count) {
  flash.fill(0xff, offset, offset + count);
}

export function flashProgram(flash, offset, bytes) {
  for (let i = 0; i < bytes.length; i++) flash[offset + i] &= bytes[i];
}

// ST7789 stream decoder: CASET/RASET give the window, RAMWR starts pixels
// (RGB565, high byte first) filling it row by row. The picture kept is the
// controller's 320x320 address space; the caller crops the panel's window.
export class ST7789Decoder {
  constructor() {
    this.ram = new Uint16Array(320 * 320);
    this.command = 0;
    this.params = [];
    this.x0 = 0; this.x1 = 0; this.y0 = 0; this.y1 = 0;
    this.x = 0; this.y = 0;
    this.high = -1;
    this.frames = 0;
  }
  commandByte(value) {
    this.command = value;
    this.params = [];
    this.high = -1;
    if (value === 0x2c) { this.x = this.x0; this.y = this.y0; this.frames++; }
  }
  dataByte(value) {
    const c = this.command;
    if (c === 0x2a || c === 0x2b) {
      this.params.push(value);
      if (this.params.length === 4) {
        const a = (this.params[0] << 8) | this.params[1];
        const b = (this.params[2] << 8) | this.params[3];
        if (c === 0x2a) { this.x0 = a; this.x1 = b; } else { this.y0 = a; this.y1 = b; }
      }
    } else if (c === 0x2c) {
      if (this.high < 0) { this.high = value; return; }
      const pixel = (this.high << 8) | value;
      this.high = -1;
      if (this.x < 320 && this.y < 320) this.ram[this.y * 320 + this.x] = pixel;
      if (++this.x > this.x1) { this.x = this.x0; if (++this.y > this.y1) this.y = this.y0; }
    }
  }
  crop(x, y, w, h) {
    const out = Buffer.alloc(w * h * 2);
    for (let r = 0; r < h; r++) for (let c = 0; c < w; c++) out.writeUInt16LE(this.ram[(y + r) * 320 + x + c], (r * w + c) * 2);
    return out;
  }
}

function main() {
  const args = parseArgs(process.argv.slice(2));
  const simulator = new Simulator(); // only for its clock and chip: the loop below is ours
  const clock = simulator.clock;
  const mcu = simulator.rp2040;
  mcu.logger = { debug() {}, info() {}, warn() {}, error(c, m) { process.stderr.write(`${c}: ${m}\n`); } };
  const rom = readFileSync(args.bootrom);
  mcu.loadBootrom(new Uint32Array(rom.buffer, rom.byteOffset, rom.length >> 2));
  loadImage(mcu.flash, readFileSync(args.image));
  if (args.flash && existsSync(args.flash)) {
    const saved = readFileSync(args.flash);
    mcu.flash.set(saved.subarray(0, mcu.flash.length));
    loadImage(mcu.flash, readFileSync(args.image)); // the image wins over a stale copy
  }

  // Flash writes: BKPT at the two bootrom entries, done here, then return.
  const eraseAt = romFunction(mcu, 'RE');
  const programAt = romFunction(mcu, 'RP');
  putHalfword(mcu.bootrom, eraseAt, 0xbe00 | BKPT_ERASE);
  putHalfword(mcu.bootrom, programAt, 0xbe00 | BKPT_PROGRAM);
  let flashDirty = false;
  const core = mcu.core;
  mcu.onBreak = (code) => {
    const r = core.registers;
    if (code === BKPT_ERASE) {
      flashErase(mcu.flash, r[0] >>> 0, r[1] >>> 0);
    } else if (code === BKPT_PROGRAM) {
      const src = r[1] >>> 0;
      const bytes = new Uint8Array(r[2] >>> 0);
      for (let i = 0; i < bytes.length; i++) bytes[i] = mcu.readUint8(src + i);
      flashProgram(mcu.flash, r[0] >>> 0, bytes);
    } else {
      process.stderr.write(`breakpoint ${code} at ${(core.PC - 2).toString(16)}\n`);
      return;
    }
    flashDirty = true;
    core.PC = core.registers[14] & ~1; // bx lr
  };

  // The REPL: UART0 unless --usb.
  const toChip = [];
  let sendByte;
  let canSend;
  if (args.usb) {
    const cdc = new USBCDC(mcu.usbCtrl);
    let connected = false;
    cdc.onDeviceConnected = () => { connected = true; };
    cdc.onSerialData = (value) => process.stdout.write(Buffer.from(value));
    sendByte = (b) => cdc.sendSerialByte(b);
    canSend = () => connected;
  } else {
    const uart = mcu.uart[0];
    const write = uart.writeUint32.bind(uart);
    uart.writeUint32 = (offset, value) => write(offset, offset === UARTIMSC ? value & ~UART_TXIM : value);
    uart.onByte = (b) => process.stdout.write(Buffer.of(b));
    sendByte = (b) => uart.feedByte(b);
    canSend = () => uart.rxFIFO.empty;
  }
  process.stdin.on('data', (chunk) => { for (const b of chunk) toChip.push(b); });
  process.stdin.on('end', () => { stopping = true; });

  // SPI: a byte takes its time on the wire. rp2040js answers a transmitted
  // byte at once by default, which overruns the receive FIFO when both DMA
  // channels of a MicroPython spi.write run (the receive side drains one byte
  // per DMA alarm), and the write never ends. Here each byte completes after
  // eight clocks of the SPI's own rate.
  let decoder = null;
  let window = null;
  let display = null;
  if (args.display) {
    const [spiId, dc, cs, x, y, w, h] = args.display.split(',').map(Number);
    decoder = new ST7789Decoder();
    window = { x, y, w, h };
    display = { spiId, dc, cs };
  }
  mcu.spi.forEach((spi, spiId) => {
    const done = clock.createAlarm(() => spi.completeTransmit(0));
    spi.onTransmit = (value) => {
      if (display && display.spiId === spiId && mcu.gpio[display.cs].value === GPIOPinState.Low) {
        if (mcu.gpio[display.dc].value === GPIOPinState.Low) decoder.commandByte(value);
        else decoder.dataByte(value);
      }
      const hz = spi.clockFrequency || 1_000_000;
      done.schedule(Math.max(NANOS_PER_CYCLE, Math.round(8e9 / hz)));
    };
  });

  // I2C: every address answers and takes every byte, so an I2C panel (the
  // SSD1306 of oled_128x64) finds its device; reads give 0.
  for (const i2c of mcu.i2c) {
    i2c.onStart = () => i2c.completeStart();
    i2c.onConnect = () => i2c.completeConnect(true);
    i2c.onWriteByte = () => i2c.completeWrite(true);
    i2c.onReadByte = () => i2c.completeRead(0);
    i2c.onStop = () => i2c.completeStop();
  }

  // Control: presses in emulated time, questions answered in order.
  const answer = (obj) => writeSync(args.control[1], JSON.stringify(obj) + '\n');
  const pending = []; // commands waiting for emulated time
  let stopping = false;
  let buffered = '';
  new Socket({ fd: args.control[0], readable: true, writable: false }).on('data', (chunk) => {
    buffered += chunk.toString();
    let nl;
    while ((nl = buffered.indexOf('\n')) >= 0) {
      const line = buffered.slice(0, nl);
      buffered = buffered.slice(nl + 1);
      if (line.trim()) pending.push(JSON.parse(line));
    }
  }).on('end', () => { stopping = true; });

  for (let pin = 0; pin < 30; pin++) mcu.gpio[pin].setInputValue(true); // pulled up, as unpressed buttons read

  let busyUntil = 0; // emulated nanos the current press ends at
  let pressStage = null;
  function serviceControl() {
    const now = clock.nanos;
    if (pressStage) {
      if (now < busyUntil) return;
      if (pressStage.stage === 'down') {
        mcu.gpio[pressStage.pin].setInputValue(true);
        pressStage.stage = 'up';
        busyUntil = now + pressStage.gap * 1e6;
        return;
      }
      answer({ done: pressStage.pin < 0 ? 'run' : 'press', pin: pressStage.pin, nanos: now });
      pressStage = null;
    }
    while (pending.length && !pressStage) {
      const cmd = pending.shift();
      if (cmd.press !== undefined) {
        pressStage = { pin: cmd.press, stage: 'down', gap: cmd.gap ?? 100 };
        mcu.gpio[cmd.press].setInputValue(false);
        busyUntil = now + (cmd.hold ?? 80) * 1e6;
      } else if (cmd.run !== undefined) {
        pressStage = { pin: -1, stage: 'up', gap: 0 }; // wait cmd.run ms of emulated time
        busyUntil = now + cmd.run * 1e6;
      } else if (cmd.screen) {
        if (!decoder) answer({ error: 'no display decoded' });
        else answer({ screen: decoder.crop(window.x, window.y, window.w, window.h).toString('base64'), frames: decoder.frames, width: window.w, height: window.h });
      } else if (cmd.time) {
        answer({ nanos: now, cycles: core.cycles, pc: core.PC >>> 0, });
      } else if (cmd.quit) {
        stopping = true;
      } else {
        answer({ error: `unknown command ${JSON.stringify(cmd)}` });
      }
    }
  }

  function finish() {
    if (args.flash && flashDirty) writeFileSync(args.flash, mcu.flash);
    process.exit(0);
  }

  core.PC = FLASH_BASE;
  function slice() {
    const until = Date.now() + 25;
    while (Date.now() < until) {
      for (let n = 0; n < 64; n++) {
        for (let i = 0; i < 256; i++) {
          if (core.waiting) {
            const step = Math.min(clock.nanosToNextAlarm, 1_000_000);
            clock.tick(step > 0 ? step : NANOS_PER_CYCLE);
            if (toChip.length || pending.length || pressStage) break;
          } else {
            clock.tick(core.executeInstruction() * NANOS_PER_CYCLE);
          }
        }
        if (toChip.length && canSend()) sendByte(toChip.shift());
      }
      serviceControl();
      if (stopping) return finish();
    }
    setImmediate(slice);
  }
  slice();
}

if (import.meta.url === `file://${process.argv[1]}`) main();
