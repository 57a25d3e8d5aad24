// What every streamed answer (downloads, streamed validation) shares: the key's place among its
// open streams (STREAMS_PER_KEY), taken before the 200 and given back when the response closes;
// how an answer that fails after its 200 ends: a last line naming the failure, in the answer's
// own syntax, then the end of the response (a validation: its protocol says so) or a cut
// connection (a file: no client may take it for complete); and the rest of a body nobody reads.
import type { ServerResponse } from 'node:http'
import type { ApiError } from '../core/errors.ts'
import { failureText, type FailureStyle } from '../formats/failure-line.ts'
import type { StreamLimits } from '../limits/streams.ts'
import { writeLast, type ResponseBody } from './compression.ts'
import type { Context } from './exchange.ts'

/** Counts the stream against its key until the response closes; 429 when the key has too many open. */
export function holdKeyStream(limits: StreamLimits, context: Context, res: ServerResponse): void {
  if (context.key === null) return
  res.once('close', limits.open(context.key.id))
}

/** The failure line of an error in a style (the format table's: formats/failure-line.ts). */
export function failureLine(style: FailureStyle, error: ApiError): string {
  const message = error.code === 'internal_error' ? 'internal error' : error.message
  return failureText(style, JSON.stringify({ error: { code: error.code, message } }))
}

/**
 * Once the answer is out, the rest of a request body nobody will read is read and dropped, so
 * that the client, still sending it, gets to read the answer: a connection closed with bytes
 * unread is reset, and a client loses the answer with it (100 streams refused while their
 * bodies were coming: some clients saw EPIPE, not their 503). How long that may go on is the
 * request timeout's (body.ts: what is left of it, then the connection is closed).
 */
export function dropRestOfBody(res: ServerResponse): void {
  res.once('finish', () => res.req.resume())
}

/**
 * Cuts the connection: ended now, destroyed if the client has not closed it in 2 s. Ending the
 * socket here, before the pipeline destroys the response (fail() in pipeline.ts), is what lets
 * the failure line out: without it the line was lost (reliability case P6).
 */
function closeConnection(res: ServerResponse): void {
  const socket = res.socket
  socket?.end()
  setTimeout(() => socket?.destroy(), 2_000).unref()
}

/**
 * Ends a file download that failed after its 200: the failure line (through the compressor of a
 * compressed body), then the connection cut (no last chunk).
 */
export async function cutDownload(
  res: ServerResponse,
  body: ResponseBody,
  style: FailureStyle,
  error: ApiError,
): Promise<void> {
  await writeLast(body, res, failureLine(style, error))
  closeConnection(res)
}
