// Unit tests of the runner's own parts (node --test); they need no image.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadImage, flashErase, flashProgram, ST7789Decoder } from './pico.mjs';

function uf2Block(address, payload, flags = 0x2000) {
  const b = Buffer.alloc(512);
  b.writeUInt32LE(0x0a324655, 0);
  b.writeUInt32LE(0x9e5d5157, 4);
  b.writeUInt32LE(flags, 8);
  b.writeUInt32LE(address, 12);
  b.writeUInt32LE(payload.length, 16);
  Buffer.from(payload).copy(b, 32);
  b.writeUInt32LE(0x0ab16f30, 508);
  return b;
}

test('a raw image lands at flash offset 0', () => {
  const flash = new Uint8Array(64).fill(0xff);
  loadImage(flash, Buffer.from([1, 2, 3]));
  assert.deepEqual([...flash.subarray(0, 4)], [1, 2, 3, 0xff]);
});

test('UF2 blocks land at their addresses; "not main flash" blocks are skipped', () => {
  const flash = new Uint8Array(0x400).fill(0xff);
  const data = Buffer.concat([uf2Block(0x10000100, [7, 8]), uf2Block(0x10000200, [9], 0x2001)]);
  loadImage(flash, data);
  assert.deepEqual([...flash.subarray(0x100, 0x103)], [7, 8, 0xff]);
  assert.equal(flash[0x200], 0xff);
});

test('a damaged UF2 block is refused', () => {
  const block = uf2Block(0x10000000, [1]);
  block.writeUInt32LE(0, 508);
  assert.throws(() => loadImage(new Uint8Array(16), block), /damaged UF2/);
});

test('flash programming only clears bits, erasing sets them again', () => {
  const flash = new Uint8Array(8).fill(0xff);
  flashProgram(flash, 2, Uint8Array.of(0xf0, 0x0f));
  flashProgram(flash, 2, Uint8Array.of(0x3c, 0xff));
  assert.deepEqual([...flash], [0xff, 0xff, 0x30, 0x0f, 0xff, 0xff, 0xff, 0xff]);
  flashErase(flash, 0, 4);
  assert.deepEqual([...flash.subarray(0, 4)], [0xff, 0xff, 0xff, 0xff]);
});

test('the ST7789 decoder fills the addressed window row by row', () => {
  const d = new ST7789Decoder();
  const cmd = (c, ...params) => { d.commandByte(c); params.forEach((p) => d.dataByte(p)); };
  cmd(0x2a, 0, 40, 0, 41); // columns 40..41
  cmd(0x2b, 0, 53, 0, 54); // rows 53..54
  cmd(0x2c, 0x12, 0x34, 0xab, 0xcd, 0x00, 0x01, 0xff, 0xff);
  const px = d.crop(40, 53, 2, 2);
  assert.deepEqual([px.readUInt16LE(0), px.readUInt16LE(2), px.readUInt16LE(4), px.readUInt16LE(6)], [0x1234, 0xabcd, 0x0001, 0xffff]);
  assert.equal(d.frames, 1);
});

test('pixel data goes on after a command without parameters, and wraps in its window', () => {
  const d = new ST7789Decoder();
  const cmd = (c, ...params) => { d.commandByte(c); params.forEach((p) => d.dataByte(p)); };
  cmd(0x2a, 0, 0, 0, 0);
  cmd(0x2b, 0, 0, 0, 0);
  cmd(0x2c, 0, 1, 0, 2); // two pixels into a 1x1 window: the second overwrites it
  assert.equal(d.crop(0, 0, 1, 1).readUInt16LE(0), 2);
  cmd(0x00, 0xaa, 0xbb); // another command's data draws nothing
  assert.equal(d.crop(0, 0, 1, 1).readUInt16LE(0), 2);
});
