// A pass-through HTTP proxy in front of a test server that records every request a browser
// makes through it and the status it got. Chromium fetches a page's icon from its browser
// process, which the page's own request events never report: seen from here, that request
// and its status are as visible as the page's own.
import { createServer, request, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'

export interface Exchange {
  method: string
  path: string
  status: number
}

export interface RecordingProxy {
  url: string
  /** Every request so far, in the order their answers began. */
  seen: Exchange[]
  close(): Promise<void>
}

/** Starts a proxy to `target` (an origin such as http://127.0.0.1:1234) on a free port. */
export async function startRecordingProxy(target: string): Promise<RecordingProxy> {
  const upstream = new URL(target)
  const seen: Exchange[] = []
  const server: Server = createServer((req, res) => {
    const forward = request(
      { host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers: req.headers },
      (answer) => {
        seen.push({ method: req.method ?? '', path: req.url ?? '', status: answer.statusCode ?? 0 })
        res.writeHead(answer.statusCode ?? 502, answer.headers)
        answer.pipe(res)
      },
    )
    forward.on('error', () => {
      seen.push({ method: req.method ?? '', path: req.url ?? '', status: 502 })
      res.writeHead(502).end()
    })
    req.pipe(forward)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    seen,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
