// The site's icon, drawn once from one geometry: an SVG for the page's <link rel="icon">, a
// favicon.ico (PNG images of 16, 32 and 48 px) for the request every browser makes on its own
// on every page (the JSON documents, the README, the API reference), and a 180 px PNG for
// phones' home screens. The geometry sits on a 32-unit grid whose bars land on whole pixels at
// 16 and 32 px, so the small sizes stay sharp; the rasteriser averages 4 × 4 samples per pixel.
import { crc32, deflateSync } from 'node:zlib'

/** A rounded rectangle on the 32-unit grid. */
interface Shape {
  x: number
  y: number
  w: number
  h: number
  r: number
  rgb: readonly [number, number, number]
}

const BLUE = [0x0b, 0x5c, 0xad] as const
const MINT = [0x6e, 0xe7, 0xb7] as const
const WHITE = [0xff, 0xff, 0xff] as const

/** Three lines of grouped characters: the country and check digits (mint), then the BBAN. */
function shapesOf(cornerRadius: number): Shape[] {
  const bar = (x: number, y: number, w: number, rgb: Shape['rgb']): Shape => ({ x, y, w, h: 4, r: 2, rgb })
  return [
    { x: 0, y: 0, w: 32, h: 32, r: cornerRadius, rgb: BLUE },
    bar(6, 8, 6, MINT),
    bar(14, 8, 12, WHITE),
    bar(6, 14, 6, MINT),
    bar(14, 14, 12, WHITE),
    bar(6, 20, 6, MINT),
    bar(14, 20, 6, WHITE),
  ]
}

const hex = (rgb: Shape['rgb']) => `#${rgb.map((v) => v.toString(16).padStart(2, '0')).join('')}`

/** The icon as SVG (rounded corners, as on a browser tab). */
export function iconSvg(): string {
  const rects = shapesOf(7).map(
    (s) => `<rect x="${s.x}" y="${s.y}" width="${s.w}" height="${s.h}" rx="${s.r}" fill="${hex(s.rgb)}"/>`,
  )
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">${rects.join('')}</svg>`
}

function covers(s: Shape, x: number, y: number): boolean {
  if (x < s.x || y < s.y || x > s.x + s.w || y > s.y + s.h) return false
  const cx = Math.min(Math.max(x, s.x + s.r), s.x + s.w - s.r)
  const cy = Math.min(Math.max(y, s.y + s.r), s.y + s.h - s.r)
  return (x - cx) ** 2 + (y - cy) ** 2 <= s.r ** 2
}

const SAMPLES = 4

/** RGBA pixels of the icon at `size` px: each pixel the average of 4 × 4 samples. */
function rasterise(size: number, shapes: readonly Shape[]): Buffer {
  const pixels = Buffer.alloc(size * size * 4)
  const unit = 32 / size
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      let r = 0
      let g = 0
      let b = 0
      let a = 0
      for (let sy = 0; sy < SAMPLES; sy++) {
        for (let sx = 0; sx < SAMPLES; sx++) {
          const x = (px + (sx + 0.5) / SAMPLES) * unit
          const y = (py + (sy + 0.5) / SAMPLES) * unit
          let top: Shape | undefined
          for (const shape of shapes) if (covers(shape, x, y)) top = shape
          if (top === undefined) continue
          r += top.rgb[0]
          g += top.rgb[1]
          b += top.rgb[2]
          a++
        }
      }
      const at = (py * size + px) * 4
      // Colours averaged over the covered samples only (straight alpha), coverage as alpha.
      if (a > 0) pixels.set([Math.round(r / a), Math.round(g / a), Math.round(b / a)], at)
      pixels[at + 3] = Math.round((a / SAMPLES ** 2) * 255)
    }
  }
  return pixels
}

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8)
  head.writeUInt32BE(data.length, 0)
  head.write(type, 4, 'latin1')
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0)
  return Buffer.concat([head, data, crc])
}

/** A PNG of RGBA pixels (8 bits a channel, no filter). */
function png(size: number, pixels: Buffer): Buffer {
  const header = Buffer.alloc(13)
  header.writeUInt32BE(size, 0)
  header.writeUInt32BE(size, 4)
  header.set([8, 6, 0, 0, 0], 8)
  const rows = Buffer.alloc(size * (size * 4 + 1))
  for (let y = 0; y < size; y++) pixels.copy(rows, y * (size * 4 + 1) + 1, y * size * 4, (y + 1) * size * 4)
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ])
}

/** An ICO file holding one PNG image per size (every browser reads PNG inside ICO). */
export function iconIco(sizes: readonly number[] = [16, 32, 48]): Buffer {
  const images = sizes.map((size) => png(size, rasterise(size, shapesOf(7))))
  const head = Buffer.alloc(6 + 16 * images.length)
  head.writeUInt16LE(1, 2)
  head.writeUInt16LE(images.length, 4)
  let offset = head.length
  images.forEach((image, i) => {
    const entry = 6 + 16 * i
    const size = sizes[i] as number
    head.writeUInt8(size % 256, entry)
    head.writeUInt8(size % 256, entry + 1)
    head.writeUInt16LE(1, entry + 4)
    head.writeUInt16LE(32, entry + 6)
    head.writeUInt32LE(image.length, entry + 8)
    head.writeUInt32LE(offset, entry + 12)
    offset += image.length
  })
  return Buffer.concat([head, ...images])
}

/** The icon for phones' home screens: square corners (the phone rounds them), 180 px. */
export function touchIconPng(): Buffer {
  return png(180, rasterise(180, shapesOf(0)))
}
