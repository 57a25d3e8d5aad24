// The second baseline of the HTTP benchmarks: what the keyed generate route does, written as a
// plain node:http handler with nothing else. It looks the key up in a Map, counts it with
// rate-limiter-flexible's memory limiter and answers one generated IBAN as JSON. ibanmint's
// `GET /api/v1/generate/DE?count=1` is measured against it: the difference is the price of the
// service's own pipeline (routing, validation, key hashing, logging, headers).
import type { IncomingMessage, ServerResponse } from 'node:http'
import { RateLimiterMemory } from 'rate-limiter-flexible'
import { generateIban } from '../dist/src/iban/index.js'

const COUNTRY = { code: 'DE', name: 'Germany', iban_length: 22 }

export function plainHandler(key: string): (req: IncomingMessage, res: ServerResponse) => void {
  const keys = new Map([[key, { id: 'plain', limit: 1_000_000_000 }]])
  const limiter = new RateLimiterMemory({ points: 1_000_000_000, duration: 60 })
  return (req, res) => {
    const record = keys.get(String(req.headers['x-api-key']))
    if (record === undefined) {
      res.writeHead(401, { 'content-type': 'application/json; charset=utf-8' })
      res.end('{"error":{"code":"unauthorized","message":"a valid API key is required"}}')
      return
    }
    limiter.consume(record.id).then(
      () => {
        const body = JSON.stringify({ country: COUNTRY, count: 1, realistic: true, ibans: [generateIban('DE')] })
        res.writeHead(200, {
          'content-type': 'application/json; charset=utf-8',
          'content-length': Buffer.byteLength(body),
        })
        res.end(body)
      },
      () => {
        res.writeHead(429, { 'content-type': 'application/json; charset=utf-8' })
        res.end('{"error":{"code":"rate_limited","message":"rate limit exceeded"}}')
      },
    )
  }
}
