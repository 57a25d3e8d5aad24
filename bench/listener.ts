// Calling a server's request listener in this process, as node:http calls it, on node:http's own
// IncomingMessage and ServerResponse over sockets that discard what they are given: 50 requests
// per event-loop turn, no network, no kernel, no load generator. Shared by bench/pipeline.ts and
// bench/ops.ts.
import { IncomingMessage, ServerResponse, type Server } from 'node:http'
import { Duplex } from 'node:stream'

export type Listener = (req: IncomingMessage, res: ServerResponse) => void
export type ResponseClass = typeof ServerResponse

const BATCH = 50

// Strings are handed on as they are, as a net.Socket does (a Duplex would encode each to a Buffer).
class Discard extends Duplex {
  constructor() {
    super({ decodeStrings: false })
  }

  override _read(): void {}
  override _write(_chunk: unknown, _encoding: BufferEncoding, done: () => void): void {
    done()
  }
  override _writev(_chunks: unknown, done: () => void): void {
    done()
  }
}

// One socket per request of a batch, as a keep-alive connection has one response at a time.
const sockets = Array.from({ length: BATCH }, () => {
  const socket = new Discard()
  Object.defineProperty(socket, 'remoteAddress', { value: '127.0.0.1' })
  return socket
})

function call(listener: Listener, socket: Discard, path: string, key: string, Response: ResponseClass): ServerResponse {
  const previous = (socket as unknown as { _httpMessage: ServerResponse | null })._httpMessage
  previous?.detachSocket(socket as never)
  const req = new IncomingMessage(socket as never)
  req.method = 'GET'
  req.url = path
  req.httpVersionMajor = 1
  req.httpVersionMinor = 1
  req.headers = { host: '127.0.0.1', 'x-api-key': key }
  req.complete = true
  req.push(null)
  const res = new Response(req)
  res.shouldKeepAlive = true
  res.assignSocket(socket as never)
  listener(req, res)
  return res
}

/** `requests` requests; throws unless the last batch was answered in full, each with a 200. */
export async function run(
  listener: Listener,
  path: string,
  key: string,
  requests: number,
  Response: ResponseClass,
): Promise<void> {
  let last: ServerResponse[] = []
  for (let done = 0; done < requests; done += BATCH) {
    last = sockets.map((socket) => call(listener, socket, path, key, Response))
    await new Promise((resolve) => setImmediate(resolve))
  }
  const failed = last.find((res) => res.statusCode !== 200 || !res.writableEnded)
  if (failed !== undefined) throw new Error(`${path}: answered ${failed.statusCode}, ended ${failed.writableEnded}`)
}

/** The response class a node:http server makes its responses of (its ServerResponse option). */
export function responseClassOf(server: Server): ResponseClass {
  const symbol = Object.getOwnPropertySymbols(server).find((s) => s.description === 'ServerResponse')
  return (
    (symbol === undefined ? ServerResponse : (server as unknown as Record<symbol, ResponseClass>)[symbol]) ??
    ServerResponse
  )
}
