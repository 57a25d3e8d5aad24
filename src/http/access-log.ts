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
const FLUSH_MS = 25

export function accessLogger(logger: Logger): AccessLog {
  const internals = logger as unknown as Record<symbol, unknown>
  const stream = internals[pino.symbols.streamSym] as Destination | undefined
  const bindings = (internals[pino.symbols.chindingsSym] as string | undefined) ?? ''
  const level = logger.levels.values['info'] as number
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
      if (stream === undefined || !TOKEN.test(entry.method) || !SAFE.test(entry.route) || !SAFE.test(entry.req)) {
        flush()
        logger.info(entry)
        return
      }
      const key = entry.key === undefined ? '' : `,"key":"${entry.key}"`
      const line = `{"level":${level},"time":${Date.now()}${bindings},"req":"${entry.req}","method":"${entry.method}","route":"${entry.route}","status":${entry.status},"ms":${entry.ms}${key},"completed":${entry.completed}}\n`
      pending.push(line)
      characters += line.length
      if (characters >= BATCH_CHARACTERS) flush()
      else timer ??= setTimeout(flush, FLUSH_MS).unref()
    },
    flush,
  }
}
