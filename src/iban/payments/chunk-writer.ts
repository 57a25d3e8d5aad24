// Bytes of an XML message, written straight into a buffer and handed out in chunks of about
// 64 KiB: constant markup is kept encoded once (xmlBytes), values in the SEPA set are ASCII and
// written by their char codes; only text outside the SEPA set (a defect)
// goes through escaping and UTF-8 encoding.

const UTF8 = new TextEncoder()

/** A constant piece of markup, encoded once. */
export function xmlBytes(text: string): Uint8Array {
  return UTF8.encode(text)
}

const CHUNK = 64 * 1024
/** A chunk is handed out once it holds this much: room is left for one more transaction. */
const FULL = CHUNK - 8 * 1024

export class ChunkWriter {
  #bytes = new Uint8Array(CHUNK)
  #length = 0

  /** True when the chunk should be taken before more is written. */
  get full(): boolean {
    return this.#length >= FULL
  }

  get length(): number {
    return this.#length
  }

  /** The bytes written so far, as a chunk of their own; the writer starts a new one. */
  take(): Uint8Array {
    const chunk = this.#bytes.subarray(0, this.#length)
    this.#bytes = new Uint8Array(CHUNK)
    this.#length = 0
    return chunk
  }

  #reserve(extra: number): void {
    const needed = this.#length + extra
    if (needed <= this.#bytes.length) return
    const grown = new Uint8Array(Math.max(needed, this.#bytes.length * 2))
    grown.set(this.#bytes.subarray(0, this.#length))
    this.#bytes = grown
  }

  /** Appends encoded markup. */
  raw(bytes: Uint8Array): void {
    this.#reserve(bytes.length)
    const out = this.#bytes
    let at = this.#length
    // A loop beats set() for the short tags most pieces are.
    if (bytes.length < 48) for (let i = 0; i < bytes.length; i++) out[at++] = bytes[i] as number
    else {
      out.set(bytes, at)
      at += bytes.length
    }
    this.#length = at
  }

  /** Appends text known to be ASCII without XML specials (the SEPA set, ids, codes, dates). */
  ascii(text: string): void {
    this.#reserve(text.length)
    const out = this.#bytes
    let at = this.#length
    for (let i = 0; i < text.length; i++) out[at++] = text.charCodeAt(i)
    this.#length = at
  }

  /** Appends any text, XML-escaped and UTF-8 encoded. */
  text(text: string): void {
    const escaped = text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
    this.#reserve(escaped.length * 3)
    this.#length += UTF8.encodeInto(escaped, this.#bytes.subarray(this.#length)).written
  }
}
