import assert from 'node:assert/strict'
import { test } from 'node:test'
import { inflateSync } from 'node:zlib'
import { iconIco, iconSvg, touchIconPng } from '../../../src/http/site/icon.ts'

interface Png {
  width: number
  height: number
  /** RGBA, row by row. */
  pixel(x: number, y: number): number[]
}

/** Reads a PNG as icon.ts writes it (RGBA, 8 bits, no filter), checking every chunk's CRC against zlib's own. */
function readPng(bytes: Buffer): Png {
  assert.deepEqual([...bytes.subarray(0, 8)], [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
  const chunks = new Map<string, Buffer>()
  for (let at = 8; at < bytes.length;) {
    const length = bytes.readUInt32BE(at)
    const type = bytes.toString('latin1', at + 4, at + 8)
    const data = bytes.subarray(at + 8, at + 8 + length)
    assert.equal(bytes.readUInt32BE(at + 8 + length), crc32(bytes.subarray(at + 4, at + 8 + length)), `${type} CRC`)
    chunks.set(type, data)
    at += 12 + length
  }
  assert.deepEqual([...chunks.keys()], ['IHDR', 'IDAT', 'IEND'])
  const header = chunks.get('IHDR') as Buffer
  const width = header.readUInt32BE(0)
  const height = header.readUInt32BE(4)
  assert.deepEqual([...header.subarray(8)], [8, 6, 0, 0, 0], 'RGBA, 8 bits a channel')
  const rows = inflateSync(chunks.get('IDAT') as Buffer)
  assert.equal(rows.length, height * (width * 4 + 1))
  return {
    width,
    height,
    pixel: (x, y) => {
      const at = y * (width * 4 + 1) + 1 + x * 4
      assert.equal(rows[y * (width * 4 + 1)], 0, 'filter type none')
      return [...rows.subarray(at, at + 4)]
    },
  }
}

/** An independent CRC-32 (bit by bit, no table), to check the encoder's. */
function crc32(bytes: Buffer): number {
  let crc = 0xffffffff
  for (const byte of bytes) {
    crc ^= byte
    for (let bit = 0; bit < 8; bit++) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1
  }
  return (crc ^ 0xffffffff) >>> 0
}

const BLUE = [0x0b, 0x5c, 0xad, 255]
const MINT = [0x6e, 0xe7, 0xb7, 255]
const WHITE = [255, 255, 255, 255]

test('favicon.ico holds PNG images of 16, 32 and 48 px: blue square, rounded corners, mint and white bars', () => {
  const ico = iconIco()
  assert.equal(ico.readUInt16LE(0), 0)
  assert.equal(ico.readUInt16LE(2), 1, 'an icon, not a cursor')
  assert.equal(ico.readUInt16LE(4), 3)
  let end = 6 + 16 * 3
  for (const [i, size] of [16, 32, 48].entries()) {
    const entry = 6 + 16 * i
    assert.equal(ico[entry], size)
    assert.equal(ico[entry + 1], size)
    const length = ico.readUInt32LE(entry + 8)
    const offset = ico.readUInt32LE(entry + 12)
    assert.equal(offset, end, 'images follow each other')
    end += length
    const png = readPng(ico.subarray(offset, offset + length))
    assert.deepEqual([png.width, png.height], [size, size])
    const at = (x: number, y: number) => png.pixel(Math.floor((x * size) / 32), Math.floor((y * size) / 32))
    assert.equal(png.pixel(0, 0)[3], 0, 'the corner is cut round')
    assert.deepEqual(at(16, 2), BLUE)
    assert.deepEqual(at(8, 9), MINT)
    assert.deepEqual(at(20, 9), WHITE)
    assert.deepEqual(at(24, 22), BLUE, 'the last line is shorter')
  }
  assert.equal(end, ico.length)
})

test('the phone icon is 180 px with square corners (phones round them); the SVG draws the same shapes', () => {
  const png = readPng(touchIconPng())
  assert.deepEqual([png.width, png.height], [180, 180])
  assert.deepEqual(png.pixel(0, 0), BLUE)
  assert.deepEqual(png.pixel(45, 56), MINT)
  const svg = iconSvg()
  assert.match(svg, /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="0 0 32 32">/)
  assert.equal(svg.match(/<rect /g)?.length, 7)
  assert.match(svg, /<rect x="0" y="0" width="32" height="32" rx="7" fill="#0b5cad"\/>/)
  assert.match(svg, /fill="#6ee7b7"/)
})
