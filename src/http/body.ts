// Reading request bodies: a body's bytes as they arrive, timed against the client, and a JSON
// body: the media type must be JSON (415), the size is capped (413, checked on Content-Length
// before reading and while reading), and bad JSON is 400; and whether a client broke one off.
//
// The request timeout (REQUEST_TIMEOUT_MS) counts only the time the client makes the server
// wait: the time a reader of the body spent waiting for its next bytes. Time the server spends
// elsewhere (its pool busy, a response waiting to drain) is the server's, and does not count:
// Node's own request timeout, which counts from the request's start, cut streamed validations
// whose bodies the server read slowly because its pool was busy (28 of 30 concurrent 1M-row
// bodies sent at full speed were reset at 30 s). A body nobody reads (a request answered
// without it) may keep arriving for what is left of the time, then its connection is closed.
import type { IncomingMessage, ServerResponse } from 'node:http'
import { ApiError } from '../core/errors.ts'

export const MAX_JSON_BODY = 16 * 1024

const JSON_MEDIA_TYPE = /^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i

/** The time a request's client may still keep the server waiting for its body. */
class ClientClock {
  readonly budget: number
  #left: number

  constructor(budget: number) {
    this.budget = budget
    this.#left = budget
  }

  get left(): number {
    return this.#left
  }

  /** Awaits the client's next bytes, counting the wait; rejects with 408 once the time is used up. */
  async wait<T>(pending: Promise<T>): Promise<T> {
    const started = performance.now()
    let timer: NodeJS.Timeout | undefined
    try {
      return await Promise.race([
        pending,
        new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(this.#timeout()), Math.max(0, this.#left))
        }),
      ])
    } finally {
      clearTimeout(timer)
      this.#left -= performance.now() - started
    }
  }

  #timeout(): ApiError {
    return new ApiError(
      'request_timeout',
      `the request body did not arrive in time: the server waited ${(this.budget / 1000).toFixed(0)} s for it in all (REQUEST_TIMEOUT_MS)`,
      { headers: { connection: 'close' } },
    )
  }
}

const CLOCKS = new WeakMap<IncomingMessage, ClientClock>()

/** Whether a request says it has a body. */
function hasBody(req: IncomingMessage): boolean {
  const length = req.headers['content-length']
  return (length !== undefined && length !== '0') || req.headers['transfer-encoding'] !== undefined
}

/**
 * Whether the client broke off its request before its body was complete (it closed or reset its
 * connection mid-body): Node then destroys the request, and a reader of the body fails with
 * `aborted`. The client's doing, never the server's fault; and nobody is left to read an answer.
 */
export function isRequestAborted(req: IncomingMessage): boolean {
  return !req.complete && req.destroyed
}

/**
 * Times the body of `req` (if it has one) against `budget` milliseconds of waiting for the
 * client; once `res` is finished, a body nobody read gets what is left, then its connection closes.
 */
export function timeBody(req: IncomingMessage, res: ServerResponse, budget: number): void {
  if (!hasBody(req)) return
  const clock = new ClientClock(budget)
  CLOCKS.set(req, clock)
  res.once('finish', () => {
    if (req.complete) return
    const timer = setTimeout(() => req.socket.destroy(), Math.max(0, clock.left))
    timer.unref()
    req.once('end', () => clearTimeout(timer))
    req.once('close', () => clearTimeout(timer))
  })
}

/**
 * The body's bytes as they arrive, each wait timed (timeBody); stopping early leaves the request
 * as it is (it is not destroyed: an answer may still go out on its connection).
 */
export async function* bodyOf(req: IncomingMessage): AsyncGenerator<Uint8Array> {
  const clock = CLOCKS.get(req)
  const chunks = req.iterator({ destroyOnReturn: false })[Symbol.asyncIterator]()
  try {
    for (;;) {
      const next = clock === undefined ? await chunks.next() : await clock.wait(chunks.next())
      if (next.done === true) return
      yield next.value as Uint8Array
    }
  } finally {
    // Not awaited: after a timeout, a read is still pending, and return() would wait for it.
    chunks.return?.().catch(() => {})
  }
}

export async function readJsonBody(req: IncomingMessage, limit = MAX_JSON_BODY): Promise<unknown> {
  const type = req.headers['content-type']
  if (type === undefined || !JSON_MEDIA_TYPE.test(type)) {
    throw new ApiError('unsupported_media_type', 'the request body must be JSON (Content-Type: application/json)')
  }
  const declared = Number(req.headers['content-length'] ?? 0)
  const tooLarge = () =>
    new ApiError('payload_too_large', `the request body must be at most ${limit / 1024} KiB`, {
      headers: { connection: 'close' },
    })
  if (declared > limit) throw tooLarge()
  const chunks: Uint8Array[] = []
  let size = 0
  for await (const chunk of bodyOf(req)) {
    size += chunk.length
    if (size > limit) throw tooLarge()
    chunks.push(chunk)
  }
  const text = Buffer.concat(chunks, size).toString('utf8')
  if (text.trim() === '') throw new ApiError('invalid_json', 'the request body is empty; send a JSON object')
  try {
    return JSON.parse(text)
  } catch (error) {
    throw new ApiError('invalid_json', `the request body is not valid JSON: ${(error as Error).message.slice(0, 120)}`)
  }
}
