// The HTTP service on plain node:http: a server whose every request goes through the pipeline
// (pipeline.ts) over a route table it is given. It knows no feature: main.ts assembles the
// routes (routes.ts) and the pipeline's dependencies.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Duplex } from 'node:stream'
import { errorBody } from '../core/errors.ts'
import { CountedResponse } from './counted-response.ts'
import { Exchange } from './exchange.ts'
import { serve, type PipelineDeps } from './pipeline.ts'
import { looksLikeKey } from './redact.ts'
import { JSON_TYPE } from './respond.ts'
import type { Route } from './route.ts'
import { Router } from './router.ts'

// Timeouts chosen so that slow or idle clients cannot hold sockets: a request's headers must
// arrive within 10 s, and its body within 30 s of the server waiting for it (body.ts: time the
// server spends elsewhere does not count; Node's own request timeout, which counts from the
// request's start, is off); idle keep-alive sockets close after 5 s; and the server checks the
// headers' deadline every second (Node's default is every 30 s). A streamed or large response
// whose client takes none of its bytes for 60 s (a reader that stopped reading a download) is
// closed, which also cancels its remaining batches (idle-guard.ts). Small replies go out in one
// write and need no such guard, so it is not armed for them.
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

/** The answer to headers that did not arrive in time, with the error body every error has. */
const REQUEST_TIMEOUT_BODY = JSON.stringify(
  errorBody('request_timeout', 'the request headers did not arrive in time (10 s); send them at once'),
)
const RAW_ERRORS: Readonly<Record<string, string>> = {
  ERR_HTTP_REQUEST_TIMEOUT: `HTTP/1.1 408 Request Timeout\r\nConnection: close\r\nCache-Control: no-store\r\nContent-Type: ${JSON_TYPE}\r\nContent-Length: ${Buffer.byteLength(REQUEST_TIMEOUT_BODY)}\r\n\r\n${REQUEST_TIMEOUT_BODY}`,
  // Node's own answers to the others.
  HPE_HEADER_OVERFLOW: 'HTTP/1.1 431 Request Header Fields Too Large\r\nConnection: close\r\n\r\n',
  HPE_CHUNK_EXTENSIONS_OVERFLOW: 'HTTP/1.1 413 Payload Too Large\r\nConnection: close\r\n\r\n',
}
const BAD_REQUEST = 'HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n'

/**
 * Answers a connection's protocol error as Node does (an answer only when no response is under
 * way on it), except that a 408 carries the error body.
 */
function answerClientError(error: NodeJS.ErrnoException, socket: Duplex): void {
  const inFlight = (socket as { _httpMessage?: { headersSent?: boolean } | null })._httpMessage
  if (socket.writable && inFlight?.headersSent !== true) socket.write(RAW_ERRORS[error.code ?? ''] ?? BAD_REQUEST)
  socket.destroy(error)
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
  deps: Omit<PipelineDeps, 'router' | 'requestTimeout'>,
  timeouts: Partial<typeof SERVER_TIMEOUTS> = {},
): App {
  const { socketTimeout, requestTimeout, ...serverTimeouts } = { ...SERVER_TIMEOUTS, ...timeouts }
  const pipeline: PipelineDeps = {
    ...deps,
    router: new Router(typeof routes === 'function' ? [] : routes),
    requestTimeout,
  }
  // Responses count their body bytes (counted-response.ts) for the access log and the metrics.
  const options = { ...serverTimeouts, requestTimeout: 0, ServerResponse: CountedResponse }
  const server = createServer(options, (req: IncomingMessage, res: ServerResponse) => {
    void serve(new Exchange(req, res, requestId(req), socketTimeout), pipeline)
  })
  server.keepAliveTimeout = serverTimeouts.keepAliveTimeout
  server.on('clientError', answerClientError)
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
