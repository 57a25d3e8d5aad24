// POST /api/v1/validate/stream: validation at volume over HTTP. The body (one IBAN per line,
// NDJSON objects, or CSV with a column) is read as it arrives and validated on the worker pool;
// the results stream back in input order while the body is still coming, with backpressure
// both ways, and a summary closes the answer. One request, one count against the key.
import type { IncomingMessage, ServerResponse } from 'node:http'
import { ApiError, toApiError } from '../core/errors.ts'
import { parseColumn } from '../core/csv-column.ts'
import { flagOf, flagSchema } from '../core/flags.ts'
import { objectOf } from '../core/schemas.ts'
import { VALIDATE_FORMATS, type InputKind, type ValidateFormat } from '../formats/validate-batch.ts'
import type { WorkPool } from '../pool/pool.ts'
import { validateStream, ValidateInputError, type ValidateSummary } from '../pool/validate-stream.ts'
import type { StreamLimits } from '../limits/streams.ts'
import { bodyOf } from './body.ts'
import { endOf, streamedBody, streamedCoding } from './compression.ts'
import { validateStreamExamples } from './data-examples.ts'
import type { Context } from './exchange.ts'
import { route, type Route } from './route.ts'
import { dropRestOfBody, failureLine, holdKeyStream } from './stream-reply.ts'
import { summaryLine, validateStreamLineSchema, VALIDATE_STREAM_BODIES } from './validate-stream-schemas.ts'
import { groupThousands } from '@ibanmint/iban/internal'

export interface ValidateStreamDeps {
  pool: WorkPool
  /** The most lines one body may hold (VALIDATE_MAX_ROWS). */
  maxRows: number
  /** Streams each key may have open at once (STREAMS_PER_KEY). */
  streams: StreamLimits
}

const CONTENT_TYPES: Record<ValidateFormat, string> = {
  ndjson: 'application/x-ndjson; charset=utf-8',
  csv: 'text/csv; charset=utf-8',
  text: 'text/plain; charset=utf-8',
}

/** The input kinds by the body's media type. */
const BODY_TYPES: Readonly<Record<string, InputKind>> = {
  'text/plain': 'lines',
  'application/x-ndjson': 'ndjson',
  'application/ndjson': 'ndjson',
  'application/jsonl': 'ndjson',
  'application/x-jsonlines': 'ndjson',
  'text/csv': 'csv',
}

function inputKindOf(req: IncomingMessage): InputKind {
  const type = (req.headers['content-type'] ?? 'text/plain').split(';')[0]?.trim().toLowerCase() ?? ''
  const kind = Object.hasOwn(BODY_TYPES, type) ? BODY_TYPES[type] : undefined
  if (kind === undefined)
    throw new ApiError(
      'unsupported_media_type',
      'the body must be text/plain (one IBAN per line), application/x-ndjson ({"iban": …} per line) or text/csv (with column)',
    )
  if (req.headers['content-encoding'] !== undefined && req.headers['content-encoding'] !== 'identity')
    throw new ApiError('unsupported_media_type', 'the body must not be encoded (Content-Encoding)')
  return kind
}

const query = objectOf({
  format: {
    type: 'string',
    enum: VALIDATE_FORMATS,
    default: 'ndjson',
    description:
      'ndjson (default): one JSON row per IBAN (`line`, the ValidateResult fields, `failed`, `reason`), then `{"summary": …}`; csv: a header, one row per IBAN, then a `# summary {…}` line; text: the IBAN’s print form and its verdict per line, then the `# summary` line.',
    'x-message': `format must be one of ${VALIDATE_FORMATS.join(', ')}`,
  },
  invalid_only: flagSchema(
    'invalid_only',
    'true: write only the rows that are not valid (the summary still counts every row).',
    'false',
  ),
  column: {
    type: 'string',
    minLength: 1,
    maxLength: 256,
    description:
      'For a text/csv body (required there): the IBAN column, by its name in the header line or as a number (1 is the first column).',
    'x-message': 'column must be a header name or a column number of 1 to 256 characters',
  },
  header: flagSchema(
    'header',
    'For a text/csv body with a column number: the first line is a header (implied by a column name).',
  ),
  delimiter: {
    type: 'string',
    enum: [',', ';', 'tab', '|'],
    default: ',',
    description: 'For a text/csv body: the field separator.',
    'x-message': 'delimiter must be one of ",", ";", "tab", "|"',
  },
})

function errorLine(format: ValidateFormat, error: ApiError): string {
  return failureLine(format === 'ndjson' ? 'json' : 'hash', error)
}

/** An error answered before the 200: the rest of the body, if any, is dropped after it. */
function refusal(error: unknown, res: ServerResponse): ApiError {
  dropRestOfBody(res)
  return toApiError(error)
}

async function streamValidation(
  deps: ValidateStreamDeps,
  context: Context,
  options: {
    input: InputKind
    format: ValidateFormat
    invalidOnly: boolean
    column: string | undefined
    header: boolean
    delimiter: string
  },
): Promise<'sent'> {
  const { req } = context
  const res = context.takeResponse()
  const signal = context.signal()
  const column = options.column === undefined ? undefined : parseColumn(options.column)
  try {
    holdKeyStream(deps.streams, context, res)
  } catch (error) {
    throw refusal(error, res)
  }
  res.statusCode = 200
  res.setHeader('content-type', CONTENT_TYPES[options.format])
  res.setHeader('cache-control', 'no-store')
  res.setHeader('x-content-type-options', 'nosniff')
  // Rows are sent as they are validated, compressed or not: the client may still be sending.
  const coding = streamedCoding(req)
  const body = streamedBody(res, coding, { flush: true })
  let counted = 0
  const countRows = (rows: number) => {
    context.countRows('validated', rows - counted)
    counted = rows
  }
  let summary: ValidateSummary
  try {
    summary = await validateStream(
      bodyOf(req),
      {
        input: options.input,
        column,
        header: options.header,
        delimiter: options.delimiter === 'tab' ? '\t' : options.delimiter,
        format: options.format,
        invalidOnly: options.invalidOnly,
        maxRecords: deps.maxRows,
      },
      body,
      signal,
      // Its compressor's memory counts in the stream's admission.
      {
        pool: () => deps.pool,
        buffers: deps.pool.buffers,
        otherBytes: coding.memoryBytes,
      },
      countRows,
    )
  } catch (error) {
    if (signal.aborted) return 'sent'
    if (!res.headersSent) {
      // Refused before the 200 (input that cannot be read as asked, a full pool): the error body.
      throw refusal(error instanceof ValidateInputError ? new ApiError('invalid_request', error.message) : error, res)
    }
    // Rows were sent: the failure (a worker lost, the body not arriving) is the answer's last line.
    const apiError = toApiError(error)
    dropRestOfBody(res)
    body.end(errorLine(options.format, apiError))
    // Compressed, the answer ends once the compressor has finished: the pipeline must not cut it first.
    if (!res.writableEnded) await endOf(res)
    throw apiError
  }
  if (signal.aborted) return 'sent'
  let tail = summaryLine(options.format, summary)
  if (summary.exceeded) {
    tail =
      errorLine(
        options.format,
        new ApiError(
          'payload_too_large',
          `the body holds more than ${groupThousands(deps.maxRows)} lines (VALIDATE_MAX_ROWS); the first ${groupThousands(deps.maxRows)} were validated`,
        ),
      ) + tail
    dropRestOfBody(res)
  }
  body.end(tail)
  return 'sent'
}

/** POST /api/v1/validate/stream: keyed; counted as one request however many lines. */
export function validateStreamRoute(deps: ValidateStreamDeps): Route {
  return route({
    method: 'POST',
    path: '/api/v1/validate/stream',
    operationId: 'validateIbanStream',
    access: 'key',
    summary: `Validate up to ${groupThousands(deps.maxRows)} IBANs streamed in the body (ibanmint extension)`,
    description:
      'The body is text/plain (one IBAN per line; spaces, lower case, CRLF and a UTF-8 byte order mark are fine, blank lines are skipped), application/x-ndjson (`{"iban": "…"}` per line) or text/csv (with `column`). The results stream back in input order while the body is still being sent (read the answer as you send: curl does), one row per IBAN, then a summary line: rows, valid, invalid by the check each failed first. A line that holds no IBAN (binary data, more than 64 letters and digits, longer than 64 KiB, a missing column or `iban` field) is an invalid row whose `failed` is `input`. The body may hold up to VALIDATE_MAX_ROWS lines: past them, the answer ends with an error line (`payload_too_large`) and a summary with `complete: false`. Memory stays constant whatever the body’s size; the whole request counts once against the key.',
    tag: 'validate',
    query,
    requestBody: {
      description: 'IBANs: text/plain, one per line; application/x-ndjson, `{"iban": "…"}` per line; or text/csv.',
      types: VALIDATE_STREAM_BODIES,
    },
    errors: ['unsupported_media_type', 'service_unavailable'],
    cacheControl: ['no-store'],
    responses: {
      200: {
        description:
          'The rows, streamed (chunked) in input order, and the summary. ndjson: one object per IBAN, then `{"summary": Summary}`; csv and text: a last line `# summary {…}`.',
        contentTypes: Object.values(CONTENT_TYPES).map((type) => type.split(';')[0] as string),
        media: { 'application/x-ndjson': validateStreamLineSchema },
      },
    },
    examples: validateStreamExamples,
    handle: ({ query }, context) => {
      const input = inputKindOf(context.req)
      if (input === 'csv' && query.column === undefined)
        throw new ApiError('invalid_request', 'column is required for a text/csv body (a header name or a number)')
      if (input !== 'csv' && (query.column !== undefined || query.header !== undefined))
        throw new ApiError(
          'invalid_request',
          `${query.column !== undefined ? 'column' : 'header'} is for text/csv bodies only`,
        )
      return streamValidation(deps, context, {
        input,
        format: query.format,
        invalidOnly: flagOf(query.invalid_only, false),
        column: query.column,
        header: flagOf(query.header, false),
        delimiter: query.delimiter,
      })
    },
  })
}
