// A ServerResponse that counts the body bytes it is given, for the access log and the metrics:
// whoever writes the response (the pipeline, a stream, a compressor, the MCP SDK's adapter),
// every body byte passes through write() or end(). The server makes its responses of this class
// (node:http's ServerResponse option), so counting costs a field and an addition per write.
import { ServerResponse, type IncomingMessage } from 'node:http'

function sizeOf(chunk: unknown, encoding: unknown): number {
  if (typeof chunk === 'string')
    return Buffer.byteLength(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8')
  return chunk instanceof Uint8Array ? chunk.byteLength : 0
}

export class CountedResponse<Request extends IncomingMessage = IncomingMessage> extends ServerResponse<Request> {
  /** Body bytes handed to node:http so far (after compression; headers and chunk framing not included). */
  bodyBytes: number

  // node:http passes its options (highWaterMark, rejectNonStandardBodyWrites) on; named
  // parameters rather than a default constructor's rest array, as there is one per request.
  constructor(req: Request, options?: object) {
    // @ts-expect-error -- @types/node declares the constructor with the request alone
    super(req, options)
    this.bodyBytes = 0
  }

  // Every overload of write() and end() takes the chunk first, then an encoding or a callback:
  // node:http sorts them out, and reads an argument left undefined as one not given. (Named
  // parameters rather than a rest array: nothing is allocated per call.)
  override write(chunk: unknown, encoding?: unknown, callback?: unknown): boolean {
    this.bodyBytes += sizeOf(chunk, encoding)
    return super.write(chunk, encoding as BufferEncoding, callback as () => void)
  }

  override end(chunk?: unknown, encoding?: unknown, callback?: unknown): this {
    if (typeof chunk !== 'function' && chunk != null) this.bodyBytes += sizeOf(chunk, encoding)
    return super.end(chunk, encoding as BufferEncoding, callback as () => void)
  }
}

/** The body bytes of a response (0 for HEAD, and for a response not made by the server). */
export function bodyBytesOf(res: ServerResponse): number {
  return res.req.method !== 'HEAD' && res instanceof CountedResponse ? res.bodyBytes : 0
}
