// A growable byte buffer for ASCII output: serializers write rows straight into it, with no
// intermediate strings, and hand the filled view on. It keeps its own end: every method makes
// room for what it appends, and an encoder (encode) writes only into the room made for it.

const SPACE = 32
const UTF8 = new TextEncoder()

export class ByteWriter {
  #bytes: Uint8Array
  #length = 0

  constructor(capacity = 64 * 1024) {
    this.#bytes = new Uint8Array(capacity)
  }

  /** Bytes written since the last clear(). */
  get length(): number {
    return this.#length
  }

  /** Starts again from empty (the last view's bytes are then overwritten). */
  clear(): void {
    this.#length = 0
  }

  /** Makes room for `extra` more bytes. */
  #reserve(extra: number): void {
    const needed = this.#length + extra
    if (needed <= this.#bytes.length) return
    let capacity = this.#bytes.length * 2
    while (capacity < needed) capacity *= 2
    const grown = new Uint8Array(capacity)
    grown.set(this.#bytes.subarray(0, this.#length))
    this.#bytes = grown
  }

  /** Takes back the last `count` bytes written (a row's end, to write more before it or end it otherwise). */
  unwrite(count: number): void {
    this.#length = Math.max(0, this.#length - count)
  }

  byte(value: number): void {
    this.#reserve(1)
    this.#bytes[this.#length++] = value
  }

  /** Appends an ASCII string. */
  ascii(text: string): void {
    this.#reserve(text.length)
    const bytes = this.#bytes
    let at = this.#length
    for (let i = 0; i < text.length; i++) bytes[at++] = text.charCodeAt(i)
    this.#length = at
  }

  /** Appends any string as UTF-8. */
  text(text: string): void {
    this.#reserve(text.length * 3)
    this.#length += UTF8.encodeInto(text, this.#bytes.subarray(this.#length)).written
  }

  /**
   * Appends the print form of an IBAN given in any notation (groups of four, upper case): the
   * letters and digits of `text`, whatever else it holds (spaces) left out.
   */
  printForm(text: string): void {
    this.#reserve(text.length + (text.length >> 2))
    const bytes = this.#bytes
    let at = this.#length
    let written = 0
    for (let i = 0; i < text.length; i++) {
      let code = text.charCodeAt(i)
      if (code >= 97 && code <= 122) code -= 32
      else if (!((code >= 48 && code <= 57) || (code >= 65 && code <= 90))) continue
      if (written > 0 && (written & 3) === 0) bytes[at++] = SPACE
      bytes[at++] = code
      written++
    }
    this.#length = at
  }

  /** Appends `bytes` whole (a memory copy). */
  append(bytes: Uint8Array): void {
    this.#reserve(bytes.length)
    this.#bytes.set(bytes, this.#length)
    this.#length += bytes.length
  }

  /** Appends `source[from, to)`: a loop, faster than a memory copy for the few bytes of an IBAN. */
  copy(source: Uint8Array, from: number, to: number): void {
    this.#reserve(to - from)
    const bytes = this.#bytes
    let at = this.#length
    for (let i = from; i < to; i++) bytes[at++] = source[i] as number
    this.#length = at
  }

  /** Appends `source[0, length)` in groups of four separated by spaces: an IBAN's print form. */
  grouped(source: Uint8Array, length: number): void {
    this.#reserve(length + (length >> 2))
    const bytes = this.#bytes
    let at = this.#length
    for (let i = 0; i < length; i++) {
      if (i > 0 && (i & 3) === 0) bytes[at++] = SPACE
      bytes[at++] = source[i] as number
    }
    this.#length = at
  }

  /**
   * Appends what `encoder` writes of `value` into `out` from `at` on, at most `most` bytes;
   * the encoder returns where it stopped. For rows of many small fields: written through one
   * local cursor, rather than one method call each.
   */
  encode<T>(most: number, encoder: (out: Uint8Array, at: number, value: T) => number, value: T): void {
    this.#reserve(most)
    const at = this.#length
    const end = encoder(this.#bytes, at, value)
    if (!(end >= at && end <= at + most)) throw new RangeError(`an encoder wrote ${end - at} bytes, not 0 to ${most}`)
    this.#length = end
  }

  /**
   * Appends `template`, then fills its holes: `holes` holds pairs (offset in the template,
   * index in `source`). For rows that are mostly constant text around an IBAN's characters.
   */
  fill(template: Uint8Array, source: Uint8Array, holes: Uint16Array): void {
    this.#reserve(template.length)
    const bytes = this.#bytes
    const at = this.#length
    bytes.set(template, at)
    for (let i = 0; i < holes.length; i += 2)
      bytes[at + (holes[i] as number)] = source[holes[i + 1] as number] as number
    this.#length = at + template.length
  }

  /** The written bytes (a view; copy or transfer before writing again). */
  view(): Uint8Array {
    return this.#bytes.subarray(0, this.#length)
  }
}
