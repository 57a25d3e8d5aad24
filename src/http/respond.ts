// Writing responses: JSON bodies (with Content-Length), prebuilt bytes, and the one error
// writer that renders every ApiError as the error body and never throws.
import type { ServerResponse } from 'node:http'
import { errorBody, statusOf, type ApiError } from '../core/errors.ts'

export const JSON_TYPE = 'application/json; charset=utf-8'

/** Writes a complete body (bytes or a JSON value) with its length; HEAD gets headers only. */
export function sendBody(
  res: ServerResponse,
  status: number,
  body: Buffer | string,
  contentType = JSON_TYPE,
  headers?: Record<string, string>,
): void {
  res.statusCode = status
  res.setHeader('content-type', contentType)
  res.setHeader('content-length', Buffer.byteLength(body))
  if (headers !== undefined) for (const name in headers) res.setHeader(name, headers[name] as string)
  if (res.req.method === 'HEAD') res.end()
  else res.end(body)
}

/** Renders an ApiError. Never throws: a response already under way is cut off instead. */
export function sendError(res: ServerResponse, error: ApiError): void {
  try {
    if (res.headersSent) {
      res.destroy(error)
      return
    }
    const headers: Record<string, string> = { 'cache-control': 'no-store', ...error.headers }
    if (error.retryAfter !== undefined) headers['retry-after'] = String(error.retryAfter)
    const status = statusOf(error.code)
    const message = status === 500 ? 'internal error' : error.message
    sendBody(res, status, JSON.stringify(errorBody(error.code, message)), JSON_TYPE, headers)
  } catch {
    res.destroy()
  }
}
