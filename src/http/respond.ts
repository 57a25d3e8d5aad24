// Writing responses: complete bodies (with Content-Length) and the one error writer that
// renders every ApiError as the error body and never throws. Every header of such a response
// goes out in one writeHead call with a flat name, value list: setHeader per header would
// validate and store each one in the response's header map first, to be read back and
// written out again, which on a one-IBAN reply costs as much as making the IBAN.
import { createHash } from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { errorBody, statusOf, type ApiError } from '../core/errors.ts'

export const JSON_TYPE = 'application/json; charset=utf-8'

/** Response headers as a flat list: name, value, name, value, ... (the form writeHead takes). */
export type HeaderList = string[]

/**
 * What every keyed answer (success or error) depends on besides its URL: the key that asked. With
 * it, a cache that stores one (a browser's; shared caches are told `no-store` or `private`) never
 * hands it to a request with another key or none.
 */
export const KEYED_VARY = 'x-api-key, authorization'

/** Sets a header in a list (lower-case name): replaces its value if it is there, else appends it. */
export function setHeader(list: HeaderList, name: string, value: string): void {
  for (let i = 0; i < list.length; i += 2) {
    if (list[i] === name) {
      list[i + 1] = value
      return
    }
  }
  list.push(name, value)
}

/** Sets each header of a map in a list (a reply's own headers win over the pipeline's). */
export function appendHeaders(list: HeaderList, headers: Record<string, string> | undefined): void {
  if (headers !== undefined) for (const name in headers) setHeader(list, name, headers[name] as string)
}

function hasHeader(list: HeaderList, name: string): boolean {
  for (let i = 0; i < list.length; i += 2) if (list[i] === name) return true
  return false
}

/**
 * Writes a complete body with its type and length after the given headers, all in one
 * writeHead (the list is appended to); HEAD gets the headers only.
 */
export function sendBody(
  res: ServerResponse,
  status: number,
  body: Buffer | string,
  headers: HeaderList,
  contentType = JSON_TYPE,
): void {
  // A reply's own content-type (in the list already) wins over the default.
  if (!hasHeader(headers, 'content-type')) headers.push('content-type', contentType)
  headers.push('content-length', String(Buffer.byteLength(body)))
  res.writeHead(status, headers)
  if (res.req.method === 'HEAD') res.end()
  else res.end(body)
}

/** Writes an answer without a body (204, 304): its headers alone, in one writeHead. */
export function sendHead(res: ServerResponse, status: number, headers: HeaderList): void {
  res.writeHead(status, headers)
  res.end()
}

/**
 * Renders an ApiError after the given headers (the request id, limits). Never throws: a
 * response already under way is cut off instead.
 */
export function sendError(res: ServerResponse, error: ApiError, headers: HeaderList = []): void {
  try {
    if (res.headersSent) {
      res.destroy(error)
      return
    }
    setHeader(headers, 'cache-control', 'no-store')
    appendHeaders(headers, error.headers)
    if (error.retryAfter !== undefined) headers.push('retry-after', String(error.retryAfter))
    const status = statusOf(error.code)
    const message = status === 500 ? 'internal error' : error.message
    sendBody(res, status, JSON.stringify(errorBody(error.code, message)), headers)
  } catch {
    res.destroy()
  }
}

/** A content hash for names and ETags: SHA-256, base64url, its first `length` characters. */
export function contentHash(body: Buffer | string, length = 16): string {
  return createHash('sha256').update(body).digest('base64url').slice(0, length)
}

/** Whether the request's If-None-Match names `etag` (weak or strong): its answer is then a 304. */
export function isNotModified(req: IncomingMessage, etag: string): boolean {
  const match = req.headers['if-none-match']
  return match !== undefined && match.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)
}
