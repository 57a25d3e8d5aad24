// One request on its way through the pipeline. The pipeline fills it in (route, key) and
// collects the headers it adds to the response (request id, limits), which go out with the
// reply in one writeHead. A handler sees it as a Context: the request, the key, an abort
// signal, and the response only when it asks for it.
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { KeyRecord } from '../keys/key.ts'
import type { Access } from './access.ts'
import { guardIdle } from './idle-guard.ts'
import type { HeaderList } from './respond.ts'

/** What a handler may use of its request besides its validated inputs. */
export interface Context {
  readonly req: IncomingMessage
  /** The authenticated key of a keyed route; null elsewhere. */
  readonly key: KeyRecord | null
  /** Aborts when the client goes away before the response is complete. */
  signal(): AbortSignal
  /**
   * The response, for a handler that writes it itself (a stream, a proxied reply): the
   * pipeline's headers are set on it and the idle guard armed. The handler then replies 'sent'.
   */
  takeResponse(): ServerResponse
  /** Counts rows the request generated or validated (metrics); may be called as they stream. */
  countRows(kind: 'generated' | 'validated', rows: number): void
}

/** What the pipeline keeps of a request's route: its template, access and documented query (a Route). */
export interface MatchedRoute {
  readonly path: string
  readonly access: Access
  readonly query?: Readonly<Record<string, unknown>>
}

/** Where a request's rows are counted: its route's metric cells. */
export interface RowCounters {
  readonly generated: { value: number }
  readonly validated: { value: number }
}

const NOT_COUNTED: RowCounters = { generated: { value: 0 }, validated: { value: 0 } }

const NO_PARAMS: Readonly<Record<string, string>> = Object.freeze({})

export class Exchange implements Context {
  readonly req: IncomingMessage
  /** Where the pipeline writes the reply or the error; handlers call takeResponse() instead. */
  readonly response: ServerResponse
  readonly id: string
  readonly started = performance.now()
  /** Response headers the pipeline adds, as a flat name, value list (the form writeHead takes). */
  readonly headers: HeaderList
  /** The matched route's path template (for the access log), until then undefined. */
  routePath: string | undefined = undefined
  /** The matched route, until then undefined. */
  route: MatchedRoute | undefined = undefined
  /** The path parameters as the router matched them (still percent-encoded). */
  rawParams: Readonly<Record<string, string>> = NO_PARAMS
  key: KeyRecord | null = null
  /** The client's address (after TRUST_PROXY), once the pipeline needed it. */
  ip: string | undefined = undefined
  /** The error code of a 4xx or 5xx the pipeline answered (for the access log). */
  errorCode: string | undefined = undefined
  /** Where countRows counts: the matched route's cells (set by the pipeline). */
  rows: RowCounters = NOT_COUNTED
  readonly #idleTimeout: number
  #signal: AbortSignal | undefined = undefined
  #guarded = false

  constructor(req: IncomingMessage, res: ServerResponse, id: string, idleTimeout: number) {
    this.req = req
    this.response = res
    this.id = id
    this.headers = ['x-request-id', id]
    this.#idleTimeout = idleTimeout
  }

  /** The query string, without its '?' ('' when there is none). */
  search(): string {
    const url = this.req.url ?? ''
    const mark = url.indexOf('?')
    return mark < 0 ? '' : url.slice(mark + 1)
  }

  // Made on first call: most handlers answer at once and never need one.
  signal(): AbortSignal {
    this.#signal ??= abortOnClose(this.response)
    return this.#signal
  }

  takeResponse(): ServerResponse {
    const { headers, response } = this
    for (let i = 0; i < headers.length; i += 2) response.setHeader(headers[i] as string, headers[i + 1] as string)
    headers.length = 0
    this.guardIdle()
    return response
  }

  countRows(kind: 'generated' | 'validated', rows: number): void {
    this.rows[kind].value += rows
  }

  /**
   * Closes the connection when its client takes none of this response's bytes for the idle
   * timeout while some wait for it (idle-guard.ts), until the response is done.
   */
  guardIdle(): void {
    if (this.#guarded) return
    this.#guarded = true
    guardIdle(this.response, this.#idleTimeout)
  }
}

/** A signal that aborts when the connection closes before the response was complete. */
function abortOnClose(res: ServerResponse): AbortSignal {
  const controller = new AbortController()
  if (res.closed) controller.abort()
  else
    res.once('close', () => {
      if (!res.writableFinished) controller.abort()
    })
  return controller.signal
}
