// What a streamed validation (POST /api/v1/validate/stream) reads and writes, as the OpenAPI
// document describes it: the bodies it takes, by media type, and each line of its answer. The
// summary line is written here, beside its schema.
import { errorSchema, validateResultSchema, type Schema } from '../core/schemas.ts'
import { FAILED_CHECKS } from '../formats/validate-batch.ts'
import type { ValidateFormat } from '../formats/validate-batch.ts'
import type { ValidateSummary } from '../pool/validate-stream.ts'
import { ndjsonOf } from './openapi-schemas.ts'

const FAILED_DESCRIPTION =
  'The check the IBAN failed first (input: no IBAN at all; then country, length, format, mod97, national); null when valid.'

/** A row of a streamed validation (ndjson): the line number, the ValidateResult, and why it is not valid. */
export const validateStreamRowSchema: Schema = {
  type: 'object',
  description:
    'The ValidateResult of one input line, with its line number and, when invalid, the check it failed first.',
  required: ['line', ...(validateResultSchema['required'] as string[]), 'failed', 'reason'],
  additionalProperties: false,
  properties: {
    line: {
      type: 'integer',
      minimum: 1,
      description: 'The input line (1-based; blank lines count, they are no rows).',
    },
    ...(validateResultSchema['properties'] as Record<string, Schema>),
    failed: { type: ['string', 'null'], enum: [...FAILED_CHECKS, null], description: FAILED_DESCRIPTION },
    reason: { type: ['string', 'null'], description: 'What is wrong, in words; null when valid.' },
  },
}

/** A line of a streamed validation that holds no IBAN candidate. */
export const validateStreamInputRowSchema: Schema = {
  type: 'object',
  description:
    'An input line that holds no IBAN (binary data, other characters, more than 64 letters and digits, a missing column or `iban` field).',
  required: ['line', 'input', 'valid', 'failed', 'reason'],
  additionalProperties: false,
  properties: {
    line: { type: 'integer', minimum: 1 },
    input: { type: 'string', description: 'The line as read (cut short when long).' },
    valid: { type: 'boolean', const: false },
    failed: { type: 'string', const: 'input' },
    reason: { type: 'string' },
  },
}

/** The last line of a streamed validation. */
export const validateStreamSummarySchema: Schema = {
  type: 'object',
  description: 'The last line: how many rows, how many valid, and the invalid ones by the check each failed first.',
  required: ['summary'],
  additionalProperties: false,
  properties: {
    summary: {
      type: 'object',
      required: ['rows', 'valid', 'invalid', 'failed', 'seconds', 'complete'],
      additionalProperties: false,
      properties: {
        rows: { type: 'integer', description: 'IBANs read (blank lines are no rows).' },
        valid: { type: 'integer' },
        invalid: { type: 'integer' },
        failed: {
          type: 'object',
          description: 'Invalid rows by the check each failed first.',
          propertyNames: { enum: [...FAILED_CHECKS] },
          additionalProperties: { type: 'integer' },
        },
        seconds: { type: 'number' },
        complete: {
          type: 'boolean',
          description:
            'false when the body held more than VALIDATE_MAX_ROWS lines; an error line (`payload_too_large`) precedes the summary then.',
        },
      },
    },
  },
}

/** Each line of a streamed validation's ndjson answer. */
export const validateStreamLineSchema: Schema = {
  description:
    'Each line of the answer (NDJSON: one JSON value per line) is one of these: a row per input line, in input order; an error line if the answer had to stop early; the summary, last.',
  oneOf: [validateStreamRowSchema, validateStreamInputRowSchema, errorSchema, validateStreamSummarySchema],
}

const text: Schema = { type: 'string' }

/** The bodies a streamed validation reads, by media type. */
export const VALIDATE_STREAM_BODIES: Readonly<Record<string, Schema>> = {
  'text/plain': { ...text, description: 'One IBAN per line.' },
  'application/x-ndjson': {
    ...ndjsonOf({
      oneOf: [
        { type: 'object', required: ['iban'], properties: { iban: { type: 'string' } } },
        { type: 'string', description: 'The IBAN as a JSON string.' },
      ],
    }),
    description:
      'NDJSON: one `{"iban": "…"}` object (or JSON string) per line. Also taken as application/ndjson, application/jsonl and application/x-jsonlines.',
  },
  'text/csv': {
    ...text,
    description: 'CSV with the IBANs in the column `column` names.',
    contentMediaType: 'text/csv',
  },
}

/** The summary as the answer's last line: JSON in ndjson, a `# summary` comment line in csv and text. */
export function summaryLine(
  format: ValidateFormat,
  summary: Pick<ValidateSummary, 'rows' | 'valid' | 'invalid' | 'failed' | 'seconds' | 'complete'>,
): string {
  const json = JSON.stringify({
    rows: summary.rows,
    valid: summary.valid,
    invalid: summary.invalid,
    failed: summary.failed,
    seconds: Math.round(summary.seconds * 1000) / 1000,
    complete: summary.complete,
  })
  return format === 'ndjson' ? `{"summary":${json}}\n` : `# summary ${json}\n`
}
