// The MCP server over stdio: one connection for the life of the process, newline-delimited
// JSON-RPC on stdin and stdout, as MCP clients (Claude Desktop, Claude Code, VS Code, Cursor)
// run a local server. The SDK's stdio entry picks the protocol era from the opening message (a
// 2025-era initialize or a 2026-07-28 request) and pins one McpServer from the same factory the
// HTTP endpoint uses, so both transports serve the same tools on the same pool.
//
// The wire is ours, not the SDK's StdioServerTransport, which (2.4.0) aborts the requests in
// flight when stdin ends, closes the connection on a line over 10 MiB and answers neither a
// line that is not JSON nor one that is not JSON-RPC. A client that writes its requests and
// closes stdin (a script, a pipe) gets every answer here; a bad line gets a JSON-RPC error
// (JSON-RPC 2.0 §5.1: -32700 for a parse error, -32600 for an invalid request, id null when
// it cannot be read) and the next line is read.
import type { Readable, Writable } from 'node:stream'
import {
  parseJSONRPCMessage,
  serializeMessage,
  type JSONRPCMessage,
  type RequestId,
  type Transport,
} from '@modelcontextprotocol/server'
import { serveStdio } from '@modelcontextprotocol/server/stdio'
import type { McpDeps } from './info.ts'
import { mcpServerFactory } from './server.ts'
import { LineReader, MAX_LINE_BYTES, type LineEvent } from './stdio-lines.ts'

export interface StdioConnection {
  /** Settles when the connection ends: stdin ended and every request read was answered, stdout broke, or close() was called. */
  closed: Promise<void>
  close(): Promise<void>
}

const PARSE_ERROR = -32700
const INVALID_REQUEST = -32600

/**
 * A request whose answer is not owed before the connection ends: a 2026-07-28 subscription
 * stays open until the connection closes, when the SDK's entry answers it.
 */
const OPEN_ENDED = new Set(['subscriptions/listen'])

/** The id of a message that is not valid JSON-RPC, when it has a usable one (else null). */
function idOf(value: unknown): RequestId | null {
  if (typeof value !== 'object' || value === null) return null
  const id = (value as { id?: unknown }).id
  return typeof id === 'string' || (typeof id === 'number' && Number.isInteger(id)) ? id : null
}

/** Newline-delimited JSON-RPC on two streams; ends once stdin has ended and every request read is answered. */
class LineTransport implements Transport {
  onclose?: () => void
  onerror?: (error: Error) => void
  onmessage?: (message: JSONRPCMessage) => void

  readonly #stdin: Readable
  readonly #stdout: Writable
  readonly #reader = new LineReader(MAX_LINE_BYTES)
  /** Requests read and not yet answered, by id (a count: a client may reuse an id). */
  readonly #pending = new Map<RequestId, number>()
  #inputEnded = false
  #closed = false

  constructor(stdin: Readable, stdout: Writable) {
    this.#stdin = stdin
    this.#stdout = stdout
  }

  async start(): Promise<void> {
    this.#stdin.on('data', this.#onData)
    this.#stdin.on('end', this.#onEnd)
    this.#stdin.on('close', this.#onEnd)
    this.#stdin.on('error', this.#onInputError)
    this.#stdout.on('error', this.#onOutputError)
    if (this.#stdin.readableEnded || this.#stdin.destroyed) setImmediate(this.#onEnd)
  }

  async send(message: JSONRPCMessage): Promise<void> {
    if (this.#closed) throw new Error('the stdio connection is closed')
    try {
      await this.#write(serializeMessage(message))
    } finally {
      if (!('method' in message) && 'id' in message && message.id !== undefined) this.#settle(message.id)
    }
  }

  async close(): Promise<void> {
    if (this.#closed) return
    this.#closed = true
    this.#stdin.off('data', this.#onData)
    this.#stdin.off('end', this.#onEnd)
    this.#stdin.off('close', this.#onEnd)
    this.#stdin.off('error', this.#onInputError)
    // A late write failure (the client gone) must not become an unhandled 'error'.
    this.#stdout.off('error', this.#onOutputError)
    this.#stdout.on('error', () => undefined)
    this.#stdin.pause()
    this.onclose?.()
  }

  #write(text: string): Promise<void> {
    return new Promise((resolve, reject) => {
      this.#stdout.write(text, (error) => (error ? reject(error) : resolve()))
    })
  }

  readonly #onData = (chunk: Buffer | string): void => {
    for (const event of this.#reader.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk)) this.#read(event)
  }

  /** Input is over: the last unterminated line is read, and the connection closes once nothing is owed. */
  readonly #onEnd = (): void => {
    if (this.#inputEnded || this.#closed) return
    this.#inputEnded = true
    for (const event of this.#reader.end()) this.#read(event)
    this.#closeWhenAnswered()
  }

  readonly #onInputError = (error: Error): void => {
    this.onerror?.(error)
    this.#onEnd()
  }

  /** stdout is gone: nothing more can be answered. */
  readonly #onOutputError = (error: Error): void => {
    this.onerror?.(error)
    void this.close()
  }

  #read(event: LineEvent): void {
    if (event.kind === 'too-long') {
      this.#refuse(
        null,
        INVALID_REQUEST,
        `Invalid Request: a line of ${event.bytes} bytes is over the limit of ${MAX_LINE_BYTES} bytes (10 MiB); it was skipped`,
      )
      return
    }
    let value: unknown
    try {
      value = JSON.parse(event.text)
    } catch {
      this.#refuse(null, PARSE_ERROR, 'Parse error: the line is not JSON')
      return
    }
    if (Array.isArray(value)) {
      this.#refuse(
        null,
        INVALID_REQUEST,
        'Invalid Request: batches (arrays) are not supported; send one message a line',
      )
      return
    }
    let message: JSONRPCMessage
    try {
      message = parseJSONRPCMessage(value)
    } catch {
      this.#refuse(
        idOf(value),
        INVALID_REQUEST,
        'Invalid Request: not a JSON-RPC 2.0 request, notification or response',
      )
      return
    }
    this.#track(message)
    this.onmessage?.(message)
  }

  /** Counts a request as owed; a cancellation releases it (a cancelled request gets no answer). */
  #track(message: JSONRPCMessage): void {
    if (!('method' in message)) return
    if ('id' in message && message.id !== undefined) {
      if (!OPEN_ENDED.has(message.method)) this.#pending.set(message.id, (this.#pending.get(message.id) ?? 0) + 1)
    } else if (message.method === 'notifications/cancelled') {
      const id = (message.params as { requestId?: unknown } | undefined)?.requestId
      if (typeof id === 'string' || typeof id === 'number') this.#settle(id)
    }
  }

  #settle(id: RequestId): void {
    const count = this.#pending.get(id)
    if (count === undefined) return
    if (count > 1) this.#pending.set(id, count - 1)
    else this.#pending.delete(id)
    this.#closeWhenAnswered()
  }

  #closeWhenAnswered(): void {
    if (this.#inputEnded && this.#pending.size === 0) void this.close()
  }

  /** Answers a line that is no message with a JSON-RPC error, and reports it on the diagnostics channel. */
  #refuse(id: RequestId | null, code: number, message: string): void {
    this.onerror?.(new Error(message))
    if (this.#closed) return
    const answer = { jsonrpc: '2.0', id, error: { code, message } }
    this.#write(`${JSON.stringify(answer)}\n`).catch((error: unknown) => {
      this.onerror?.(error instanceof Error ? error : new Error(String(error)))
    })
  }
}

/** Serves the tools on `stdin`/`stdout` (default: the process's own). */
export function serveMcpStdio(deps: McpDeps, streams: { stdin?: Readable; stdout?: Writable } = {}): StdioConnection {
  const transport = new LineTransport(streams.stdin ?? process.stdin, streams.stdout ?? process.stdout)
  const handle = serveStdio(mcpServerFactory(deps), {
    transport,
    ...(deps.onProtocolError === undefined ? {} : { onerror: deps.onProtocolError }),
  })
  let ended!: () => void
  const closed = new Promise<void>((resolve) => (ended = resolve))
  // The entry has set the transport's onclose (it tears the pinned server down); ours runs after.
  const entryOnClose = transport.onclose
  transport.onclose = () => {
    entryOnClose?.()
    ended()
  }
  return {
    closed,
    close: async () => {
      await handle.close()
      ended()
    },
  }
}
