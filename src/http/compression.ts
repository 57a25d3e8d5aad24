// Response compression: the content coding a request accepts (Accept-Encoding with its q-values,
// RFC 9110 §12.5.3), complete bodies compressed off the main thread (zlib's thread pool), and
// streamed bodies (downloads, validation) through a zlib stream with backpressure kept both ways.
// Bodies under MIN_COMPRESSED_BYTES are never compressed and carry no Vary: they do not vary.
//
// Levels, measured with bench/compression.ts on DE CSV and JSON rows (one core; see the
// CHANGELOG for the table): gzip level 1 compresses CSV about 2.5× at ~75 MB/s, level 6 2.8× at
// less than half that speed, level 9 gains another 0.5%; brotli quality 1 reaches gzip 6's ratio at
// twice gzip 1's speed, and quality 4 and up double the ratio at a third of the speed or less.
// A bulk download is limited by the compressor (one stream, one thread), so the fast levels,
// gzip 1 and brotli 1, are used for every body made per request; brotli is preferred where a
// client accepts both equally. Bodies that never change (marked with sharedBody) are compressed
// once, at the levels that give the smallest bodies.
import type { IncomingMessage, ServerResponse } from 'node:http'
import { pipeline } from 'node:stream'
import {
  brotliCompress,
  constants,
  createBrotliCompress,
  createGzip,
  gzip,
  type BrotliCompress,
  type BrotliOptions,
  type Gzip,
} from 'node:zlib'
import { BoundedCache } from '../bounded-cache.ts'
import type { HeaderList } from './respond.ts'

export type Coding = 'br' | 'gzip' | 'identity'

/**
 * Bodies shorter than this go out as they are: with the headers they fit one TCP segment
 * (1460 bytes) anyway, and compressing them would cost more than the bytes saved.
 */
export const MIN_COMPRESSED_BYTES = 1400

const GZIP_LEVEL = 1
const BROTLI_QUALITY = 1
const SHARED_GZIP_LEVEL = 9
const SHARED_BROTLI_QUALITY = 11
/** zlib's output chunks: 64 KiB rather than 16, a quarter of the writes to the socket. */
const CHUNK_BYTES = 64 * 1024

/** The q-value of each coding we offer, as a request's Accept-Encoding gives them. */
interface Accepted {
  br: number
  gzip: number
  identity: number
}

const NOTHING_ACCEPTED: Accepted = Object.freeze({ br: 0, gzip: 0, identity: 1 })
const QVALUE = /^(?:0(?:\.\d{0,3})?|1(?:\.0{0,3})?)$/

/** The q-values of an Accept-Encoding value (RFC 9110 §12.5.3); elements with a malformed q are ignored. */
export function parseAcceptEncoding(text: string): Accepted {
  const listed: Partial<Record<'br' | 'gzip' | 'identity' | '*', number>> = {}
  let lowest = 1
  for (const element of text.split(',')) {
    const [token = '', ...parameters] = element.split(';')
    const name = token.trim().toLowerCase()
    if (name === '') continue
    let q = 1
    for (const parameter of parameters) {
      const equals = parameter.indexOf('=')
      if (parameter.slice(0, equals).trim().toLowerCase() !== 'q') continue
      const value = parameter.slice(equals + 1).trim()
      q = QVALUE.test(value) ? Number(value) : NaN
    }
    if (Number.isNaN(q)) continue
    if (q > 0) lowest = Math.min(lowest, q)
    // x-gzip is gzip (RFC 9110 §8.4.1.3); a coding listed twice counts with its higher q.
    const coding = name === 'x-gzip' ? 'gzip' : name
    if (coding === 'br' || coding === 'gzip' || coding === 'identity' || coding === '*')
      listed[coding] = Math.max(q, listed[coding] ?? 0)
  }
  const any = listed['*']
  return {
    br: listed.br ?? any ?? 0,
    gzip: listed.gzip ?? any ?? 0,
    // Identity is acceptable unless excluded by name or by "*;q=0" (RFC 9110 §12.5.3); not
    // listed, it ranks with the least preferred coding listed (as the negotiator package ranks it).
    identity: listed.identity ?? any ?? lowest,
  }
}

// Clients send a handful of distinct values ("gzip, deflate, br", ...): each is parsed once.
const ACCEPTED = new BoundedCache<string, Accepted>(256)

function acceptedBy(req: IncomingMessage): Accepted {
  const header = req.headers['accept-encoding']
  if (header === undefined || header === '') return NOTHING_ACCEPTED
  return ACCEPTED.get(header) ?? ACCEPTED.set(header, Object.freeze(parseAcceptEncoding(header)))
}

/**
 * The coding to answer `req` with, among those offered: the one with the highest q (brotli first
 * on a tie: smaller and faster at the levels used), unless identity is preferred. A request that
 * accepts nothing offered gets identity, even one that excludes identity (RFC 9110 §12.5.3 lets
 * the server send it; a 406 would help no client).
 */
export function negotiate(req: IncomingMessage, offered: readonly Coding[] = ['br', 'gzip']): Coding {
  const accepted = acceptedBy(req)
  let best: Coding = 'identity'
  let bestQ = 0
  for (const coding of offered) {
    const q = accepted[coding]
    if (q > bestQ) {
      best = coding
      bestQ = q
    }
  }
  return bestQ > 0 && bestQ >= accepted.identity ? best : 'identity'
}

const SHARED = new WeakSet<Buffer>()
const SHARED_ENCODED = new WeakMap<Buffer, Partial<Record<Coding, Promise<Buffer>>>>()

/**
 * Marks a body that stays the same for the life of the process: it is compressed once, to the
 * smallest size, or not at all where `gzipped` gives that coding already (made by the build).
 */
export function sharedBody<B extends Buffer>(body: B, gzipped?: Buffer): B {
  SHARED.add(body)
  if (gzipped !== undefined) SHARED_ENCODED.set(body, { gzip: Promise.resolve(gzipped) })
  return body
}

function compress(body: Buffer | string, coding: 'br' | 'gzip', smallest: boolean): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const done = (error: Error | null, result: Buffer) => (error === null ? resolve(result) : reject(error))
    if (coding === 'gzip') {
      gzip(body, { level: smallest ? SHARED_GZIP_LEVEL : GZIP_LEVEL }, done)
      return
    }
    brotliCompress(
      body,
      brotliOptions(smallest ? SHARED_BROTLI_QUALITY : BROTLI_QUALITY, Buffer.byteLength(body)),
      done,
    )
  })
}

function brotliOptions(quality: number, size?: number): BrotliOptions {
  return {
    chunkSize: CHUNK_BYTES,
    params: {
      [constants.BROTLI_PARAM_QUALITY]: quality,
      ...(size === undefined ? {} : { [constants.BROTLI_PARAM_SIZE_HINT]: size }),
    },
  }
}

/** A complete body in `coding`: a shared body from its one compression, any other compressed now. */
export function encodeBody(body: Buffer | string, coding: 'br' | 'gzip'): Promise<Buffer> {
  if (typeof body === 'string' || !SHARED.has(body)) return compress(body, coding, false)
  let encoded = SHARED_ENCODED.get(body)
  if (encoded === undefined) SHARED_ENCODED.set(body, (encoded = {}))
  let result = encoded[coding]
  if (result === undefined) {
    result = encoded[coding] = compress(body, coding, true)
    result.catch(() => delete encoded[coding])
  }
  return result
}

function headerAt(headers: HeaderList, name: string): number {
  for (let i = 0; i < headers.length; i += 2) if (headers[i] === name) return i + 1
  return -1
}

/** A Vary value that names Accept-Encoding (added to what it names already). */
export function withVary(vary: string | undefined): string {
  if (vary === undefined || vary === '') return 'accept-encoding'
  return /(?:^|,)\s*(?:accept-encoding|\*)\s*(?:,|$)/i.test(vary) ? vary : `${vary}, accept-encoding`
}

/** Media types whose bodies are compressed already (images but SVG, archives): compressing them again saves nothing. */
const COMPRESSED_TYPES = /^(?:image\/(?!svg)|application\/(?:zip|gzip|x-gzip|zstd)\b|font\/woff2?\b)/i

/**
 * Whether an answer of media type `type` is compressed (where its request accepts it) at
 * `bytes` long: long enough, and not of a compressed kind. The OpenAPI document asks it of each
 * answer a route declares, at its longest (unknown: long enough).
 */
export function isCompressibleAs(type: string, bytes: number = MIN_COMPRESSED_BYTES): boolean {
  return bytes >= MIN_COMPRESSED_BYTES && !COMPRESSED_TYPES.test(type)
}

/** Whether a complete body may be compressed: long enough, not encoded already, and not of a compressed kind. */
export function isCompressible(body: Buffer | string, headers: HeaderList): boolean {
  if (body.length < MIN_COMPRESSED_BYTES || headerAt(headers, 'content-encoding') >= 0) return false
  const type = headerAt(headers, 'content-type')
  return isCompressibleAs(type < 0 ? '' : (headers[type] ?? ''), body.length)
}

/**
 * A complete body as `req` accepts it. The headers get Vary (the answer depended on
 * Accept-Encoding) and, when compressed, Content-Encoding, with a strong ETag made weak: the
 * compressed bytes are not those the tag names (RFC 9110 §8.8.1).
 */
export async function encodeReply(
  req: IncomingMessage,
  body: Buffer | string,
  headers: HeaderList,
): Promise<Buffer | string> {
  const vary = headerAt(headers, 'vary')
  if (vary < 0) headers.push('vary', 'accept-encoding')
  else headers[vary] = withVary(headers[vary])
  const coding = negotiate(req)
  if (coding === 'identity') return body
  const encoded = await encodeBody(body, coding)
  headers.push('content-encoding', coding)
  const etag = headerAt(headers, 'etag')
  if (etag >= 0 && headers[etag]?.startsWith('"') === true) headers[etag] = `W/${headers[etag]}`
  return encoded
}

/** Where a streamed response's body is written: the response itself, or a compressor in front of it. */
export interface ResponseBody {
  /** Writes a chunk; `done` runs once the chunk's memory is no longer needed. */
  write(chunk: Uint8Array, done?: (error?: Error | null) => void): boolean
  /** Ends the body, after `tail` when given. */
  end(tail?: string | Uint8Array): void
  once(event: 'drain' | 'close', listener: () => void): unknown
  readonly destroyed: boolean
}

/**
 * How a streamed response's body is coded, negotiated once per response: the coding, whether
 * the body is known to be small (sent as it is, whatever the client accepts: it does not vary),
 * and what the body holds besides its chunks, which a stream's admission counts.
 */
export interface StreamedCoding {
  readonly coding: Coding
  readonly small: boolean
  readonly memoryBytes: number
}

/**
 * The coding of a streamed body for `req`. `expectedBytes`, a lower bound of the body's size
 * when one is known: under MIN_COMPRESSED_BYTES, the body is not compressed.
 */
export function streamedCoding(req: IncomingMessage, options: { expectedBytes?: number } = {}): StreamedCoding {
  const small = options.expectedBytes !== undefined && options.expectedBytes < MIN_COMPRESSED_BYTES
  const coding = small ? 'identity' : negotiate(req)
  return { coding, small, memoryBytes: STREAMED_BODY_BYTES[coding] }
}

/**
 * The body of a streamed response in its coding (streamedCoding); sets Vary. A compressed body
 * begins with its first write: until then the response may still become an error body (nothing
 * is sent), from then on its headers are sent at once, so `res.headersSent` tells, as it does for
 * an uncompressed stream, whether an error can still be a status. With `flush`, what was written
 * is sent at once (a validation's rows, while its body is still arriving) rather than when the
 * compressor's buffer fills.
 */
export function streamedBody(
  res: ServerResponse,
  streamed: StreamedCoding,
  options: { flush?: boolean } = {},
): ResponseBody {
  if (streamed.small) return res
  res.setHeader('vary', withVary(res.getHeader('vary') as string | undefined))
  return streamed.coding === 'identity' ? res : new EncodedBody(res, streamed.coding, options.flush === true)
}

/**
 * What a streamed body holds besides the chunks written to it, by coding, for the memory budget:
 * a compressor's state and its output chunks; an uncompressed body, the response's own buffers.
 * Measured in a server with 40 downloads whose clients had stopped reading (resident memory over
 * idle, per stream, less that of uncompressed ones): gzip 0.25 MB at level 1, brotli 1.2 MB at
 * quality 1 whatever its window (lgwin 16 to 22 measured alike). A smaller gzip window or
 * memLevel saves 0.1 MB a stream for 0.3 to 0.6% of ratio: the defaults stay.
 */
const STREAMED_BODY_BYTES: Readonly<Record<Coding, number>> = {
  identity: 64 * 1024,
  gzip: 384 * 1024,
  br: 1280 * 1024,
}

/** Resolves once `res` has ended (its last bytes handed to the connection) or closed. */
export function endOf(res: ServerResponse): Promise<void> {
  if (res.writableFinished || res.destroyed) return Promise.resolve()
  return new Promise((resolve) => {
    const done = () => {
      res.off('finish', done)
      res.off('close', done)
      resolve()
    }
    res.once('finish', done)
    res.once('close', done)
  })
}

/**
 * Writes `tail` as the last bytes of a body that is cut rather than ended (a download that
 * failed after its 200), and resolves once they are in the response: at once for an
 * uncompressed body; through a compressor, once flushed (so that the client can decode them)
 * and handed on. The compressor is never ended: the body must not look complete.
 */
export function writeLast(body: ResponseBody, res: ServerResponse, tail: string): Promise<void> {
  if (body instanceof EncodedBody) return body.writeLast(tail)
  res.write(tail)
  return Promise.resolve()
}

class EncodedBody implements ResponseBody {
  readonly #res: ServerResponse
  readonly #coding: 'br' | 'gzip'
  readonly #flush: boolean
  #encoder: Gzip | BrotliCompress | undefined = undefined

  constructor(res: ServerResponse, coding: 'br' | 'gzip', flush: boolean) {
    this.#res = res
    this.#coding = coding
    this.#flush = flush
  }

  #start(): Gzip | BrotliCompress {
    if (this.#encoder !== undefined) return this.#encoder
    const res = this.#res
    res.setHeader('content-encoding', this.#coding)
    res.removeHeader('content-length')
    res.flushHeaders()
    const encoder = (this.#encoder =
      this.#coding === 'gzip'
        ? createGzip({ level: GZIP_LEVEL, chunkSize: CHUNK_BYTES })
        : createBrotliCompress(brotliOptions(BROTLI_QUALITY)))
    // A client that leaves closes the response, which destroys the compressor (and the reverse).
    // The pipe adds six 'close' listeners to the response, beside the idle guard's, the stream
    // count's, the abort signal's and the access log's: a fixed eleven, past node:events' warning
    // at ten, which would call every compressed download a leak.
    res.setMaxListeners(Math.max(res.getMaxListeners(), 20))
    pipeline(encoder, res, () => {})
    return encoder
  }

  write(chunk: Uint8Array, done?: (error?: Error | null) => void): boolean {
    const encoder = this.#start()
    const room = done === undefined ? encoder.write(chunk) : encoder.write(chunk, done)
    if (this.#flush)
      encoder.flush(this.#coding === 'gzip' ? constants.Z_SYNC_FLUSH : constants.BROTLI_OPERATION_FLUSH, () => {})
    return room
  }

  writeLast(tail: string): Promise<void> {
    const encoder = this.#start()
    const res = this.#res
    encoder.write(tail)
    return new Promise((resolve) => {
      res.once('close', resolve)
      encoder.flush(this.#coding === 'gzip' ? constants.Z_SYNC_FLUSH : constants.BROTLI_OPERATION_FLUSH, () => {
        // The flushed bytes wait in the compressor's output (or are under way): handed on here,
        // not by the pipe, which would wait for the response to drain.
        encoder.unpipe(res)
        for (let chunk = encoder.read() as Buffer | null; chunk !== null; chunk = encoder.read() as Buffer | null)
          res.write(chunk)
        resolve()
      })
    })
  }

  end(tail?: string | Uint8Array): void {
    const encoder = this.#start()
    if (tail === undefined) encoder.end()
    else encoder.end(tail)
  }

  once(event: 'drain' | 'close', listener: () => void): this {
    if (event === 'close' || this.#encoder === undefined) this.#res.once(event, listener)
    else this.#encoder.once(event, listener)
    return this
  }

  // events.once() (drained() in the pool) listens through these and for 'error' as well.
  on(event: string, listener: (...args: unknown[]) => void): this {
    this.#emitterOf(event).on(event, listener)
    return this
  }

  removeListener(event: string, listener: (...args: unknown[]) => void): this {
    this.#emitterOf(event).removeListener(event, listener)
    return this
  }

  off(event: string, listener: (...args: unknown[]) => void): this {
    return this.removeListener(event, listener)
  }

  #emitterOf(event: string): NodeJS.EventEmitter {
    return event === 'close' || this.#encoder === undefined ? this.#res : this.#encoder
  }

  get destroyed(): boolean {
    return this.#res.destroyed || this.#encoder?.destroyed === true
  }
}
