// The HTTP service on plain node:http: a server whose every request goes through the pipeline
// (pipeline.ts) over a route table it is given. It knows no feature: main.ts assembles the
// routes (routes.ts) and the pipeline's dependencies.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { CountedResponse } from './counted-response.ts'
import { Exchange } from './exchange.ts'
import { serve, type PipelineDeps } from './pipeline.ts'
import { looksLikeKey } from './redact.ts'
import type { Route } from './route.ts'
import { Router } from './router.ts'

// Timeouts chosen so that slow or idle clients cannot hold sockets: a request's headers must
// arrive within 10 s and its body within 30 s; idle keep-alive sockets close after 5 s; and
// the server checks those deadlines every second (Node's default is every 30 s).
// A streamed or large response on whose connection nothing moves for 60 s (a reader that stopped
// reading a download) is closed, which also cancels its remaining batches. Small replies go out
// in one write and need no such guard, so the per-request timer is not armed for them.
export const SERVER_TIMEOUTS: Readonly<{
  headersTimeout: number
  requestTimeout: number
  keepAliveTimeout: number
  connectionsCheckingInterval: number
  socketTimeout: number
}> = {
  headersTimeout: 10_000,
  requestTimeout: 30_000,
  keepAliveTimeout: 5_000,
  connectionsCheckingInterval: 1_000,
  socketTimeout: 60_000,
}

// Request ids: a client's (or proxy's) X-Request-Id when it is a plain token (and not shaped like
// an API key: a client that sends its key there by mistake must not have it logged), else this
// process's boot prefix and a counter. Sent back in X-Request-Id and written in every log line
// of the request.
const REQUEST_ID = /^[\w.-]{1,64}$/
const BOOT = Date.now().toString(36)
let requestCount = 0

function requestId(req: IncomingMessage): string {
  const given = req.headers['x-request-id']
  if (typeof given === 'string' && REQUEST_ID.test(given) && !looksLikeKey(given)) return given
  return `${BOOT}-${(++requestCount).toString(36)}`
}

export interface App {
  server: Server
  /** Hands buffered access log lines to the logger's destination (before shutting down). */
  flushLogs(): void
}

/**
 * The server over `routes`, or over the routes `routes(port)` makes once the server listens
 * (for what names the port it got, as with PORT=0): they are made when 'listening' is emitted,
 * which comes before any connection is taken, so no request meets a server without them. An
 * error making them is the server's 'error'.
 */
export function createApp(
  routes: readonly Route[] | ((port: number) => readonly Route[]),
  deps: Omit<PipelineDeps, 'router'>,
  timeouts: Partial<typeof SERVER_TIMEOUTS> = {},
): App {
  const pipeline: PipelineDeps = { ...deps, router: new Router(typeof routes === 'function' ? [] : routes) }
  const { socketTimeout, ...serverTimeouts } = { ...SERVER_TIMEOUTS, ...timeouts }
  // Responses count their body bytes (counted-response.ts) for the access log and the metrics.
  const options = { ...serverTimeouts, ServerResponse: CountedResponse }
  const server = createServer(options, (req: IncomingMessage, res: ServerResponse) => {
    void serve(new Exchange(req, res, requestId(req), socketTimeout), pipeline)
  })
  server.keepAliveTimeout = serverTimeouts.keepAliveTimeout
  if (typeof routes === 'function') {
    server.prependListener('listening', () => {
      try {
        pipeline.router = new Router(routes((server.address() as AddressInfo).port))
      } catch (error) {
        server.close()
        server.emit('error', error)
      }
    })
  }
  return { server, flushLogs: () => deps.access.flush() }
}
