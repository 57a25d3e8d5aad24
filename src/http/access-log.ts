// Access log lines, one per response, written straight to the logger's destination. Their
// fields are fixed and print without escaping (an HTTP method token, a route from our table, a
// status, a number, a key id of letters and digits), so a template replaces pino's generic
// serializer: the line is the JSON pino would write (level, time, the logger's bindings, the
// fields) at a fraction of the cost per request. Every other log line goes through pino.
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

export function accessLogger(logger: Logger): (entry: AccessEntry) => void {
  const internals = logger as unknown as Record<symbol, unknown>
  const stream = internals[pino.symbols.streamSym] as Destination | undefined
  const bindings = (internals[pino.symbols.chindingsSym] as string | undefined) ?? ''
  const level = logger.levels.values['info'] as number
  return (entry) => {
    if (!logger.isLevelEnabled('info')) return
    if (stream === undefined || !TOKEN.test(entry.method) || !SAFE.test(entry.route) || !SAFE.test(entry.req)) {
      logger.info(entry)
      return
    }
    const key = entry.key === undefined ? '' : `,"key":"${entry.key}"`
    stream.write(
      `{"level":${level},"time":${Date.now()}${bindings},"req":"${entry.req}","method":"${entry.method}","route":"${entry.route}","status":${entry.status},"ms":${entry.ms}${key},"completed":${entry.completed}}\n`,
    )
  }
}
