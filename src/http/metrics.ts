// The HTTP service's metrics and the route that serves them all. Every response is counted by
// route, status and access kind, its duration observed and its body bytes added, through cells
// made once per route and status: a request allocates nothing to be counted. Handlers count the
// rows they generate or validate (Context.countRows). GET /metrics answers key holders only, in
// the Prometheus text format.
import type { Cell, HistogramCell, Registry, Snapshot } from '../metrics/registry.ts'
import { renderSnapshot } from '../metrics/registry.ts'
import { accessKind } from './access.ts'
import type { MatchedRoute } from './exchange.ts'
import { route, type Route } from './route.ts'

/**
 * Upper bounds of the duration buckets, in seconds: the keyed routes answer in well under a
 * millisecond, a bulk download of ten million rows takes tens of seconds.
 */
export const DURATION_BOUNDS = [
  0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300,
] as const

/** The rows a route generated and validated. */
export interface RowCells {
  generated: Cell
  validated: Cell
}

/** A cell made on its first change. */
class LazyCell implements Cell {
  readonly #make: () => Cell
  #cell: Cell | undefined = undefined

  constructor(make: () => Cell) {
    this.#make = make
  }

  get value(): number {
    return this.#cell?.value ?? 0
  }

  set value(value: number) {
    ;(this.#cell ??= this.#make()).value = value
  }
}

/** The cells of one route (or of the requests no route matched). */
export class RouteCells {
  readonly rows: RowCells
  readonly #statuses = new Map<number, Cell>()
  readonly #requests: (status: number) => Cell
  readonly #duration: HistogramCell
  readonly #bytes: Cell

  constructor(requests: (status: number) => Cell, duration: HistogramCell, bytes: Cell, rows: RowCells) {
    this.#requests = requests
    this.#duration = duration
    this.#bytes = bytes
    this.rows = rows
  }

  /** Counts a response that is over: its status, its duration in seconds, its body bytes. */
  ended(status: number, seconds: number, bytes: number): void {
    let cell = this.#statuses.get(status)
    if (cell === undefined) this.#statuses.set(status, (cell = this.#requests(status)))
    cell.value++
    this.#duration.observe(seconds)
    this.#bytes.value += bytes
  }
}

/** The route label of requests no route matched (404, 405): never the path, which clients choose. */
export const UNMATCHED = 'unmatched'

/** The first family of every scrape (its HELP and TYPE lines open the answer: the OpenAPI example). */
const REQUESTS = {
  name: 'ibanmint_http_requests_total',
  help: 'HTTP responses by route template, status and access kind (public, key, ip; none when no route matched).',
  type: 'counter',
} as const

export class HttpMetrics {
  /** Requests received and not yet over. */
  inFlight = 0
  /** Requests refused with 429, by limit: a key's, a client IP's (export, MCP), failed authentications'. */
  readonly refusals: Readonly<Record<'api' | 'export' | 'mcp' | 'authFailures', Cell>>
  readonly #requests: (...labels: string[]) => Cell
  readonly #duration: (...labels: string[]) => HistogramCell
  readonly #bytes: (...labels: string[]) => Cell
  readonly #generated: (...labels: string[]) => Cell
  readonly #validated: (...labels: string[]) => Cell
  readonly #byRoute = new Map<MatchedRoute, RouteCells>()
  readonly #byLabels = new Map<string, RouteCells>()
  readonly #unmatched: RouteCells

  constructor(registry: Registry) {
    this.#requests = registry.counter(REQUESTS.name, REQUESTS.help, ['route', 'status', 'access'])
    this.#duration = registry.histogram(
      'ibanmint_http_request_duration_seconds',
      'Time from a request’s arrival to the end of its response (the whole stream for downloads), by route.',
      DURATION_BOUNDS,
      ['route'],
    )
    this.#bytes = registry.counter(
      'ibanmint_http_response_body_bytes_total',
      'Response body bytes written (after compression), by route.',
      ['route'],
    )
    this.#generated = registry.counter(
      'ibanmint_rows_generated_total',
      'IBANs generated (API, downloads, MCP), by route.',
      ['route'],
    )
    this.#validated = registry.counter(
      'ibanmint_rows_validated_total',
      'IBANs validated (single, batch, stream, MCP), by route.',
      ['route'],
    )
    const refusals = registry.counter(
      'ibanmint_rate_limit_refusals_total',
      'Requests refused with 429, by limit: api (a key’s), export and mcp (a client IP’s), auth_failures (a client IP past AUTH_FAILURE_LIMIT).',
      ['bucket'],
    )
    this.refusals = {
      api: refusals('api'),
      export: refusals('export'),
      mcp: refusals('mcp'),
      authFailures: refusals('auth_failures'),
    }
    registry.collected(
      'gauge',
      'ibanmint_http_requests_in_flight',
      'Requests received whose response is not over.',
      () => this.inFlight,
    )
    this.#unmatched = this.#cells(UNMATCHED, 'none')
  }

  #cells(path: string, access: string): RouteCells {
    const labels = `${path} ${access}`
    let cells = this.#byLabels.get(labels)
    if (cells === undefined) {
      cells = new RouteCells(
        (status) => this.#requests(path, String(status), access),
        this.#duration(path),
        this.#bytes(path),
        this.rowsOf(path),
      )
      this.#byLabels.set(labels, cells)
    }
    return cells
  }

  /**
   * The rows cells of a route path (also for adapters outside the pipeline, such as MCP), made
   * when first counted: a route that never generates has no rows series.
   */
  rowsOf(path: string): RowCells {
    return {
      generated: new LazyCell(() => this.#generated(path)),
      validated: new LazyCell(() => this.#validated(path)),
    }
  }

  /** The cells of a matched route, or of the requests no route matched. */
  cellsOf(route: MatchedRoute | undefined): RouteCells {
    if (route === undefined) return this.#unmatched
    let cells = this.#byRoute.get(route)
    if (cells === undefined) this.#byRoute.set(route, (cells = this.#cells(route.path, accessKind(route.access))))
    return cells
  }
}

/** The media type of the Prometheus text format. */
export const METRICS_TYPE = 'text/plain; version=0.0.4; charset=utf-8'

/**
 * GET /metrics: keyed (X-API-Key, or Authorization: Bearer as Prometheus sends its credentials);
 * counts as one request against the key. `gather` gives the snapshot to render: this process's,
 * or every process's of a clustered server.
 */
export function metricsRoute(gather: () => Promise<Snapshot>): Route {
  return route({
    method: 'GET',
    path: '/metrics',
    operationId: 'getMetrics',
    access: 'key',
    summary: 'Metrics in the Prometheus text format (key holders only)',
    description:
      'Requests by route, status and access kind, latency histograms, response bytes, rows generated and validated, the worker pool (threads, busy threads, queue), rate-limit refusals, Redis health, and the process (CPU, memory, event-loop delay). A clustered server (`serve --workers N`) answers with the sum of its processes. Prometheus authenticates with `authorization: { type: Bearer, credentials: <key> }`.',
    tag: 'operations',
    cacheControl: ['no-store'],
    responses: { 200: { description: 'The Prometheus text exposition format 0.0.4.', contentTypes: ['text/plain'] } },
    examples: () => [
      {
        name: 'metrics',
        summary: 'The answer’s beginning: the first family’s HELP and TYPE lines, then its series',
        request: { path: '/metrics' },
        status: 200,
        type: 'text/plain',
        value: `# HELP ${REQUESTS.name} ${REQUESTS.help}\n# TYPE ${REQUESTS.name} ${REQUESTS.type}\n`,
        excerpt: true,
      },
    ],
    handle: async () => ({
      bytes: Buffer.from(renderSnapshot(await gather())),
      headers: { 'content-type': METRICS_TYPE, 'cache-control': 'no-store' },
    }),
  })
}
