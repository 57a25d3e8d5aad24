// What an example of a route is: a request, and the answer the service gives it. A route names
// its examples (RouteInfo.examples), made by the code when the OpenAPI document is built: a
// generated IBAN is what the generator gives for that seed, a page's beginning what the page
// begins with. The document shows the answers (and the bodies of the requests); the tests make
// every call against a listening server and compare, so an example cannot drift from what the
// service does. Here: the shapes, the builders the routes share, and the inputs they use.

/** A request, as a client sends it. */
export interface ExampleRequest {
  /** The path with its query. */
  path: string
  headers?: Readonly<Record<string, string>>
  /** The body: its media type and its text, exactly as sent. */
  body?: { type: string; text: string }
  /** Sent without an API key (a keyed route's request carries one otherwise). */
  anonymous?: boolean
}

/** An example: the request that gets an answer, and the answer. */
export interface ExampleCall {
  /** Its name in the document's `examples` maps; unique among an answer's examples. */
  name: string
  summary: string
  /** Absent where no request gets the answer without a failing dependency (503, 500). */
  request?: ExampleRequest
  status: number
  /** The answer's media type. */
  type: string
  /** The answer's body: a JSON value for a JSON media type, else its text. */
  value: unknown
  /** The answer is longer: lists cut short, fields left out, only the text's beginning. */
  excerpt?: boolean
  /** The request's body is not one to show (an oversized or broken body, or a repeat of another example's). */
  hideRequest?: boolean
}

export const JSON_TYPE = 'application/json'

/** The inputs the examples share: a seed, IBANs (valid, one digit off, British), a BIC, a broken JSON body, a foreign origin. */
export const SEED = 'example'
export const IBAN = 'DE89370400440532013000'
export const IBAN_WRONG_CHECK = 'DE89370400440532013001'
export const GB_IBAN = 'GB82WEST12345698765432'
export const BIC = 'COBADEFFXXX'
export const BAD_JSON = '{"country": "DE",'
export const FOREIGN_ORIGIN = 'https://elsewhere.example'

/** A JSON body. */
export function jsonBody(value: unknown): { type: string; text: string } {
  return { type: JSON_TYPE, text: JSON.stringify(value) }
}

/** A value as it travels: through JSON and back (no undefined fields, no class instances). */
export function asJson(value: unknown): Record<string, unknown> {
  return JSON.parse(JSON.stringify(value)) as Record<string, unknown>
}

/** Lists cut to `n` items, for excerpts. */
export function firstOf<T>(list: readonly T[], n: number): T[] {
  return list.slice(0, n)
}

/** The first `lines` lines of a text, each with its newline. */
export function firstLines(text: Buffer, lines: number): string {
  // The first 4 KB hold them (a whole script or registry would be read for nothing).
  return text
    .subarray(0, 4096)
    .toString()
    .split('\n')
    .slice(0, lines)
    .map((line) => `${line}\n`)
    .join('')
}

/** The beginning of a page (its first four lines) at `path`. */
export function pageExample(name: string, summary: string, path: string, page: Buffer): ExampleCall {
  const value = firstLines(page, 4)
  return { name, summary, request: { path }, status: 200, type: 'text/html', value, excerpt: true }
}

/** One example per media type of a route that serves files: the beginning of the first file of each. */
export function fileExamples(
  prefix: string,
  files: Iterable<{ name: string; type: string; body: Buffer }>,
): ExampleCall[] {
  const calls: ExampleCall[] = []
  for (const file of files) {
    const type = file.type.split(';')[0] as string
    if (calls.some((call) => call.type === type)) continue
    calls.push({
      name: file.name.replace(/[^\w-]/g, '_'),
      summary: `The beginning of ${file.name}`,
      request: { path: `${prefix}${file.name}` },
      status: 200,
      type,
      value: firstLines(file.body, 1).slice(0, 400),
      excerpt: true,
    })
  }
  return calls
}
