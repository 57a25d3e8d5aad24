// Access log lines, one per response, written straight to the logger's destination. Their
// fields are fixed and print without escaping (an HTTP method token, a route from our table, a
// status, a number, a key id of letters and digits), so a template replaces pino's generic
// serializer: the line is the JSON pino would write (level, time, the logger's bindings, the
// fields) at a fraction of the cost per request. Every other log line goes through pino.
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
  status: number
  ms: number
  key: string | undefined
  completed: boolean
}

const TOKEN = /^[A-Z]{1,16}$/
const SAFE = /^[\w/{}.-]*$/

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
    return byMethod.set(method, `","method":"${method}","route":"${route}","status":`)
  }
  const keyPart = (key: string | undefined): string => {
    if (key === undefined) return ''
    return keyParts.get(key) ?? keyParts.set(key, `,"key":"${key}"`)
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
      const route =
        stream === undefined || !SAFE.test(entry.req) || !(hundredths >= 0 && hundredths <= Number.MAX_SAFE_INTEGER)
          ? undefined
          : routePart(entry.method, entry.route)
      if (route === undefined) {
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
      const line = `${start}${entry.req}${route}${entry.status},"ms":${ms}${keyPart(entry.key)}${entry.completed ? COMPLETED : CUT_OFF}`
      pending.push(line)
      characters += line.length
      if (characters >= BATCH_CHARACTERS) flush()
      else timer ??= setTimeout(flush, FLUSH_MS).unref()
    },
    flush,
  }
}
