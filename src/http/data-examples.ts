// The examples of the routes that answer with the code's data, each a function its route names
// (RouteInfo.examples): what the API, the downloads and the streamed validation answer for fixed
// inputs, made by the same code that answers them, and the errors they answer in their own
// words. They need the data's tables and indexes (the first BIC lookup indexes every registry),
// so they are made when the OpenAPI document is, on its first request.
import {
  bankList,
  build,
  countryDetail,
  countryList,
  datasetOf,
  generate,
  generateRequestOf,
  lookupBic,
  validate,
  validateBatch,
} from '../core/operations.ts'
import { ByteWriter } from '../formats/byte-writer.ts'
import { FORMATS, isPaymentFormat } from '../formats/format-names.ts'
import { resolvePaymentRequest } from '../core/payment-request.ts'
import { fileTypeOf, renderBatch } from '../formats/render.ts'
import { FAILED_CHECKS, VALIDATE_CSV_HEADER, type ValidateFormat } from '../formats/validate-batch.ts'
import { validateBatchInto } from '../formats/verdict-rows.ts'
import { errorExample, messageOf, unknownCountry } from './error-examples.ts'
import {
  asJson,
  BIC,
  firstOf,
  GB_IBAN,
  IBAN,
  IBAN_WRONG_CHECK,
  JSON_TYPE,
  jsonBody,
  SEED,
  type ExampleCall,
  type ExampleRequest,
} from './example.ts'
import { summaryLine } from './validate-stream-schemas.ts'

/** A JSON answer to a GET of `path`. */
function answer(name: string, summary: string, path: string, value: unknown, excerpt = false): ExampleCall {
  return { name, summary, request: { path }, status: 200, type: JSON_TYPE, value, ...(excerpt ? { excerpt } : {}) }
}

/** A JSON answer to a POST of `body` to `path`. */
function posted(name: string, summary: string, path: string, body: unknown, value: unknown): ExampleCall {
  return { name, summary, request: { path, body: jsonBody(body) }, status: 200, type: JSON_TYPE, value }
}

export function countryListExamples(): ExampleCall[] {
  const countries = countryList()
  const excerpt = {
    ...asJson(countries),
    countries: firstOf(countries.countries, 2),
    territories: firstOf(countries.territories, 1),
  }
  const summary = `Two of the ${countries.count} countries and one territory shown`
  return [answer('countries', summary, '/api/v1/countries', excerpt, true)]
}

/** A country's detail with two of its banks. */
function detail(code: string): Record<string, unknown> {
  const value = asJson(countryDetail(code)) as { country: { banks: unknown[] } }
  value.country.banks = firstOf(value.country.banks, 2)
  return value
}

export function countryExamples(): ExampleCall[] {
  return [
    answer('DE', 'Germany (two of its banks shown)', '/api/v1/countries/DE', detail('DE'), true),
    answer(
      'territory',
      'A territory (French Guiana) gives the country whose IBANs it uses',
      '/api/v1/countries/GF',
      detail('GF'),
      true,
    ),
    errorExample('not_found', unknownCountry(), { path: '/api/v1/countries/XX' }),
  ]
}

export function bankListExamples(): ExampleCall[] {
  return [
    answer('DE', 'The first three German banks', '/api/v1/countries/DE/banks?limit=3', asJson(bankList('DE', 0, 3))),
    errorExample('not_found', unknownCountry(), { path: '/api/v1/countries/XX/banks' }),
  ]
}

/** What the generator gives for the examples' seed. */
function generated(country: string, count: number, realistic: boolean): Record<string, unknown> {
  const request = generateRequestOf(country, { count, realistic, seed: SEED })
  return generate(request) as unknown as Record<string, unknown>
}

export function generateExamples(): ExampleCall[] {
  return [
    answer(
      'realistic',
      'Two realistic German IBANs (seeded: the same on every machine)',
      `/api/v1/generate/DE?count=2&seed=${SEED}`,
      generated('DE', 2, true),
    ),
    answer(
      'random',
      'Two fully random Norwegian IBANs',
      `/api/v1/generate/NO?count=2&realistic=false&seed=${SEED}`,
      generated('NO', 2, false),
    ),
    errorExample('not_found', unknownCountry(), { path: '/api/v1/generate/XX' }),
  ]
}

export function generateBodyExamples(): ExampleCall[] {
  const body = { country: 'FR', count: 2, seed: SEED }
  return [
    posted('FR', 'Two realistic French IBANs, RIB key included', '/api/v1/generate', body, generated('FR', 2, true)),
    errorExample('not_found', unknownCountry(), { path: '/api/v1/generate', body: jsonBody({ country: 'XX' }) }),
  ]
}

export function validateExamples(): ExampleCall[] {
  return [
    answer(
      'valid',
      'A valid German IBAN, its account checked by its bank’s method',
      `/api/v1/validate/${IBAN}`,
      asJson(validate(IBAN, 'iban', false)),
    ),
    answer(
      'invalid',
      'One digit off: MOD-97 fails',
      `/api/v1/validate/${IBAN_WRONG_CHECK}`,
      asJson(validate(IBAN_WRONG_CHECK, 'iban', false)),
    ),
    errorExample(
      'invalid_request',
      messageOf(() => validate('DE89-3704', 'iban', false)),
      { path: '/api/v1/validate/DE89-3704' },
    ),
  ]
}

export function validateBodyExamples(): ExampleCall[] {
  const iban = 'GB82 WEST 1234 5698 7654 32'
  return [posted('GB', 'A British IBAN in its print form', '/api/v1/validate', { iban }, asJson(validate(iban)))]
}

export function validateBatchExamples(): ExampleCall[] {
  const ibans = [IBAN, IBAN_WRONG_CHECK]
  return [posted('batch', 'Two IBANs, one valid', '/api/v1/validate/batch', { ibans }, asJson(validateBatch(ibans)))]
}

export function buildExamples(): ExampleCall[] {
  const body = { country: 'DE', bank: '37040044', account: '0532013000' }
  const unknown = { country: 'XX', bank: '1', account: '1' }
  return [
    posted('DE', 'A German IBAN from its bank code and account number', '/api/v1/iban', body, asJson(build(body))),
    errorExample(
      'not_found',
      messageOf(() => build(unknown)),
      { path: '/api/v1/iban', body: jsonBody(unknown) },
    ),
  ]
}

export function bicExamples(): ExampleCall[] {
  const bic = asJson(lookupBic(BIC, false)) as { banks: unknown[] }
  bic.banks = firstOf(bic.banks, 2)
  return [
    answer(
      'COBADEFFXXX',
      'A primary office’s BIC (two of its registered banks shown)',
      `/api/v1/bic/${BIC}`,
      bic,
      true,
    ),
    errorExample(
      'invalid_request',
      messageOf(() => lookupBic('COBA-DEFF', false)),
      { path: '/api/v1/bic/COBA-DEFF' },
    ),
  ]
}

const EXAMPLE_DATE = '2026-03-02'

/** Two rows of `countries` in each format, downloaded from `base`; and a list with an unknown country. */
export function downloadExamples(base: string, countries: string[], unknown: string): ExampleCall[] {
  const files = FORMATS.map((format): ExampleCall => {
    // A payment file's example is of a fixed day: the same bytes on every day the document is served.
    const payment = isPaymentFormat(format)
      ? resolvePaymentRequest(format, { countries, count: 2, offset: 0, seed: SEED }, { date: EXAMPLE_DATE })
      : undefined
    const bytes = renderBatch({
      dataset: datasetOf(countries, { seed: SEED }),
      start: 0,
      count: 2,
      format,
      first: true,
      last: true,
      payment,
    })
    const text = new TextDecoder().decode(bytes)
    const type = fileTypeOf(format).contentType.split(';')[0] as string
    return {
      name: format,
      summary: `${format}: ${fileTypeOf(format).summary}`,
      request: {
        path: `${base}/${countries.join(',')}?format=${format}&count=2&seed=${SEED}${payment === undefined ? '' : `&date=${EXAMPLE_DATE}`}`,
      },
      status: 200,
      type,
      value: type === JSON_TYPE || type.endsWith('+json') ? (JSON.parse(text) as unknown) : text,
    }
  })
  return [...files, errorExample('not_found', unknownCountry(), { path: `${base}/${unknown}` })]
}

const STREAM_TEXT = `${IBAN}\n${GB_IBAN}\n${IBAN_WRONG_CHECK}\n`

/** A streamed validation's answer to `text` (one IBAN per line), as the stream writes it. */
function streamAnswer(text: string, format: ValidateFormat): string {
  const out = new ByteWriter()
  const counts = validateBatchInto(
    {
      input: 'lines',
      column: 0,
      delimiter: 44,
      format,
      invalidOnly: false,
      bytes: new TextEncoder().encode(text),
      firstLine: 1,
      damaged: [],
      skipHeader: false,
    },
    out,
  )
  const rows = new TextDecoder().decode(out.view())
  const [total = 0, valid = 0] = counts
  const failed = Object.fromEntries(FAILED_CHECKS.map((check, i) => [check, counts[2 + i] ?? 0])) as Record<
    (typeof FAILED_CHECKS)[number],
    number
  >
  const summary = { rows: total, valid, invalid: total - valid, failed, seconds: 0.001, complete: true }
  return `${format === 'csv' ? VALIDATE_CSV_HEADER : ''}${rows}${summaryLine(format, summary)}`
}

/** Three IBANs in each body type, the answer in each format; and the bodies it refuses. */
export function validateStreamExamples(): ExampleCall[] {
  const path = '/api/v1/validate/stream'
  const lines = { type: 'text/plain', text: STREAM_TEXT }
  const ndjsonAnswer = streamAnswer(STREAM_TEXT, 'ndjson')
  const streamed = (name: string, summary: string, request: ExampleRequest, type: string, value: string) => ({
    name,
    summary,
    request,
    status: 200,
    type,
    value,
  })
  return [
    streamed(
      'ndjson',
      'One IBAN per line in, a JSON row per IBAN and the summary out (the default)',
      { path, body: lines },
      'application/x-ndjson',
      ndjsonAnswer,
    ),
    {
      ...streamed(
        'csv',
        '`format=csv`: a CSV row per IBAN, then the summary',
        { path: `${path}?format=csv`, body: lines },
        'text/csv',
        streamAnswer(STREAM_TEXT, 'csv'),
      ),
      hideRequest: true,
    },
    {
      ...streamed(
        'text',
        '`format=text`: each IBAN’s print form and its verdict, then the summary',
        { path: `${path}?format=text`, body: lines },
        'text/plain',
        streamAnswer(STREAM_TEXT, 'text'),
      ),
      hideRequest: true,
    },
    streamed(
      'ndjson_in',
      'NDJSON in: one `{"iban": …}` per line',
      {
        path,
        body: { type: 'application/x-ndjson', text: STREAM_TEXT.replace(/(\w+)\n/g, '{"iban": "$1"}\n') },
      },
      'application/x-ndjson',
      ndjsonAnswer,
    ),
    streamed(
      'csv_in',
      'CSV in: the IBANs in the second column, no header line (`column=2`)',
      {
        path: `${path}?column=2`,
        body: {
          type: 'text/csv',
          text: STREAM_TEXT.replace(/(\w+)\n/g, (_, iban: string, at: number) => `${at},${iban}\n`),
        },
      },
      'application/x-ndjson',
      ndjsonAnswer,
    ),
    errorExample(
      'unsupported_media_type',
      'the body must be text/plain (one IBAN per line), application/x-ndjson ({"iban": …} per line) or text/csv (with column)',
      { path, body: jsonBody({ iban: IBAN }) },
    ),
    errorExample('invalid_request', 'column is required for a text/csv body (a header name or a number)', {
      path,
      body: { type: 'text/csv', text: `iban\n${IBAN}\n` },
    }),
  ]
}
