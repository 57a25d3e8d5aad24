// Newline-delimited messages from a byte stream, as MCP's stdio transport frames them, with a
// cap on one line's length: a line over the cap is skipped up to its newline and reported, so
// that the reader carries on with the next line and its memory stays bounded. Free of the SDK,
// so that `ibanmint mcp --help` can name the cap without loading it.

/** The longest line read as a message: the official SDK's stdio buffer limit (10 MiB). */
export const MAX_LINE_BYTES = 10 * 1024 * 1024

const NEWLINE = 0x0a

/** What the reader found: a line's text (without its newline), or a line over the cap. */
export type LineEvent = { kind: 'line'; text: string } | { kind: 'too-long'; bytes: number }

export class LineReader {
  readonly #maxBytes: number
  /** The current line's chunks so far (none once it went over the cap). */
  #chunks: Buffer[] = []
  #bytes = 0
  #skipping = false

  constructor(maxBytes = MAX_LINE_BYTES) {
    this.#maxBytes = maxBytes
  }

  /** The lines a chunk completes, in order. Only each chunk is searched: a long line costs O(length). */
  push(chunk: Buffer): LineEvent[] {
    const events: LineEvent[] = []
    let start = 0
    for (;;) {
      const newline = chunk.indexOf(NEWLINE, start)
      const end = newline < 0 ? chunk.length : newline
      this.#take(chunk.subarray(start, end))
      if (newline < 0) return events
      const event = this.#finish()
      if (event !== undefined) events.push(event)
      start = newline + 1
    }
  }

  /** The last line, when the stream ended without a newline after it. */
  end(): LineEvent[] {
    const event = this.#finish()
    return event === undefined ? [] : [event]
  }

  #take(part: Buffer): void {
    this.#bytes += part.length
    if (this.#skipping) return
    if (this.#bytes > this.#maxBytes) {
      this.#skipping = true
      this.#chunks = []
      return
    }
    if (part.length > 0) this.#chunks.push(Buffer.from(part)) // a copy: the stream may reuse its buffer
  }

  /** The line read so far, as an event (none for an empty line), and a fresh start. */
  #finish(): LineEvent | undefined {
    const bytes = this.#bytes
    const skipped = this.#skipping
    const text = skipped ? '' : Buffer.concat(this.#chunks).toString('utf8').replace(/\r$/, '')
    this.#chunks = []
    this.#bytes = 0
    this.#skipping = false
    if (skipped) return { kind: 'too-long', bytes }
    return text.trim() === '' ? undefined : { kind: 'line', text }
  }
}
