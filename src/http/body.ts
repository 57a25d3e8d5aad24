// Reading a JSON request body: the media type must be JSON (415), the size is capped (413,
// checked on Content-Length before reading and while reading), and bad JSON is 400.
import type { IncomingMessage } from 'node:http'
import { ApiError } from '../core/errors.ts'

export const MAX_JSON_BODY = 16 * 1024

const JSON_MEDIA_TYPE = /^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i

export async function readJsonBody(req: IncomingMessage, limit = MAX_JSON_BODY): Promise<unknown> {
  const type = req.headers['content-type']
  if (type === undefined || !JSON_MEDIA_TYPE.test(type)) {
    throw new ApiError('unsupported_media_type', 'the request body must be JSON (Content-Type: application/json)')
  }
  const declared = Number(req.headers['content-length'] ?? 0)
  const tooLarge = () =>
    new ApiError('payload_too_large', `the request body must be at most ${limit / 1024} KiB`, {
      headers: { connection: 'close' },
    })
  if (declared > limit) throw tooLarge()
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length
    if (size > limit) throw tooLarge()
    chunks.push(chunk)
  }
  const text = Buffer.concat(chunks, size).toString('utf8')
  if (text.trim() === '') throw new ApiError('invalid_json', 'the request body is empty; send a JSON object')
  try {
    return JSON.parse(text)
  } catch (error) {
    throw new ApiError('invalid_json', `the request body is not valid JSON: ${(error as Error).message.slice(0, 120)}`)
  }
}
