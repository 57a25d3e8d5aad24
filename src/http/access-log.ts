// Access log lines, one per response, written straight to the logger's destination. Their
// fields are fixed and print without escaping in all but odd cases (an HTTP method token, a route
// from our table, a path and a client address of plain printable characters, numbers, a key id of
// letters and digits, an error code), so a template replaces pino's generic serializer: the line is
// the JSON pino would write (level, time, the logger's bindings, the fields) at a fraction of the
// cost per request. An entry with a field that would need escaping goes through pino itself, as
// does every other log line. The path arrives redacted (redact.ts): this module writes what it is given.
//
// Lines are handed to the destination in batches, at most FLUSH_MS after the first of them (or
// at 64 KiB), not one by one: the destination measures the UTF-8 length of its whole pending
// buffer on every write, and each of its writes is a round trip to a libuv thread, so under
// load line-by-line writes cost more than the lines themselves.
import { pino, type Logger } from 'pino'
import { BoundedCache } from '../bounded-cache.ts'

export interface AccessEntry {
  /** The request id (X-Request-Id), letters, digits, '.', '_' and '-' only. */
  req: string
  method: string
  route: string
  /** The request target as it may be logged (redact.ts): path and query, secrets left out. */
  path: string
  status: number
  ms: number
  /** Body bytes sent (after compression). */
  bytes: number
  /** The client's address, after TRUST_PROXY. */
  ip: string
  key: string | undefined
  /** The error code of a 4xx or 5xx answered with the error body. */
  error: string | undefined
  completed: boolean
}

const TOKEN = /^[A-Z]{1,16}$/
const SAFE = /^[\w/{}.-]*$/
/** Printable ASCII but '"' and '\\': written into a JSON string as it is. */
const PLAIN = /^[ !#-[\]-~]*$/
const CODE = /^[a-z_]{1,40}$/

type Destination = { write(line: string): unknown }

export interface AccessLog {
  /** Logs one response (at the info level). */
  write(entry: AccessEntry): void
  /** Hands the lines not yet written to the destination now (before shutting down). */
  flush(): void
}

const BATCH_CHARACTERS = 64 * 1024
/** ".00" … ".99": milliseconds print from whole hundredths, without formatting a fraction. */
const HUNDREDTHS = Array.from({ length: 100 }, (_, i) => (i < 10 ? `.0${i}` : `.${i}`))
const COMPLETED = ',"completed":true}\n'
const CUT_OFF = ',"completed":false}\n'
const FLUSH_MS = 25

export function accessLogger(logger: Logger): AccessLog {
  const internals = logger as unknown as Record<symbol, unknown>
  const stream = internals[pino.symbols.streamSym] as Destination | undefined
  const bindings = (internals[pino.symbols.chindingsSym] as string | undefined) ?? ''
  const level = logger.levels.values['info'] as number
  // A line is put together from a few pieces, most of them kept: its start for the current
  // millisecond, the method and route part (which also records that both print as they are)
  // and the key part.
  let millisecond = -1
  let start = ''
  // Routes come from the table (or 'unmatched'); methods and key ids from clients, so bounded.
  const routeParts = new Map<string, BoundedCache<string, string>>()
  const keyParts = new BoundedCache<string, string>(10_000)
  const routePart = (method: string, route: string): string | undefined => {
    let byMethod = routeParts.get(route)
    const part = byMethod?.get(method)
    if (part !== undefined) return part
    if (!TOKEN.test(method) || !SAFE.test(route)) return undefined
    if (byMethod === undefined) routeParts.set(route, (byMethod = new BoundedCache<string, string>(64)))
    return byMethod.set(method, `","method":"${method}","route":"${route}","path":"`)
  }
  const keyPart = (key: string | undefined): string => {
    if (key === undefined) return ''
    return keyParts.get(key) ?? keyParts.set(key, `,"key":"${key}"`)
  }
  // Error codes come from our own list; a code of another shape goes through pino.
  const errorParts = new Map<string, string>()
  const errorPart = (code: string | undefined): string | undefined => {
    if (code === undefined) return ''
    const part = errorParts.get(code)
    if (part !== undefined || !CODE.test(code)) return part
    errorParts.set(code, `,"error":"${code}"`)
    return errorParts.get(code)
  }
  // Lines are kept apart and joined once: appending each to one string would leave a chain
  // of hundreds of pieces for the destination to walk when it measures the batch.
  let pending: string[] = []
  let characters = 0
  let timer: NodeJS.Timeout | undefined
  const flush = () => {
    if (timer !== undefined) clearTimeout(timer)
    timer = undefined
    if (pending.length === 0 || stream === undefined) return
    const lines = pending.join('')
    pending = []
    characters = 0
    stream.write(lines)
  }
  return {
    write(entry) {
      if (!logger.isLevelEnabled('info')) return
      const hundredths = Math.round(entry.ms * 100)
      const plain =
        stream !== undefined &&
        SAFE.test(entry.req) &&
        hundredths >= 0 &&
        hundredths <= Number.MAX_SAFE_INTEGER &&
        Number.isSafeInteger(entry.bytes) &&
        PLAIN.test(entry.path) &&
        PLAIN.test(entry.ip)
      const route = plain ? routePart(entry.method, entry.route) : undefined
      const error = errorPart(entry.error)
      if (route === undefined || error === undefined) {
        flush()
        logger.info(entry)
        return
      }
      const now = Date.now()
      if (now !== millisecond) {
        millisecond = now
        start = `{"level":${level},"time":${now}${bindings},"req":"`
      }
      const ms = `${Math.trunc(hundredths / 100)}${HUNDREDTHS[hundredths % 100] as string}`
      const line = `${start}${entry.req}${route}${entry.path}","status":${entry.status},"ms":${ms},"bytes":${entry.bytes},"ip":"${entry.ip}"${keyPart(entry.key)}${error}${entry.completed ? COMPLETED : CUT_OFF}`
      pending.push(line)
      characters += line.length
      if (characters >= BATCH_CHARACTERS) flush()
      else timer ??= setTimeout(flush, FLUSH_MS).unref()
    },
    flush,
  }
}
