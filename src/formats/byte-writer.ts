// A growable byte buffer for ASCII output: serializers write rows straight into it, with no
// intermediate strings, and hand the filled view on.

export class ByteWriter {
  bytes: Uint8Array
  length = 0

  constructor(capacity = 64 * 1024) {
    this.bytes = new Uint8Array(capacity)
  }

  /** Makes room for `extra` more bytes. */
  reserve(extra: number): void {
    const needed = this.length + extra
    if (needed <= this.bytes.length) return
    let capacity = this.bytes.length * 2
    while (capacity < needed) capacity *= 2
    const grown = new Uint8Array(capacity)
    grown.set(this.bytes.subarray(0, this.length))
    this.bytes = grown
  }

  /** Appends an ASCII string (callers reserve room first). */
  ascii(text: string): void {
    const bytes = this.bytes
    let at = this.length
    for (let i = 0; i < text.length; i++) bytes[at++] = text.charCodeAt(i)
    this.length = at
  }

  byte(value: number): void {
    this.bytes[this.length++] = value
  }

  /** Appends `source[from, to)`. */
  copy(source: Uint8Array, from: number, to: number): void {
    const bytes = this.bytes
    let at = this.length
    for (let i = from; i < to; i++) bytes[at++] = source[i] as number
    this.length = at
  }

  /** The written bytes (a view; copy or transfer before writing again). */
  view(): Uint8Array {
    return this.bytes.subarray(0, this.length)
  }
}
