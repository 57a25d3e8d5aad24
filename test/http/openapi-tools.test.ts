// The OpenAPI document as the ecosystem's own tools read it: Redocly's linter, with its
// recommended rules, finds neither an error nor a warning in it; and a client made from it
// (types by openapi-typescript, calls by openapi-fetch) compiles under the project's strict
// compiler options and works against a listening server.
import assert from 'node:assert/strict'
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { after, test } from 'node:test'
import { fileURLToPath } from 'node:url'
import openapiTS, { astToString } from 'openapi-typescript'
import ts from 'typescript'
import { COUNTRIES, validateIban } from '../../src/iban/index.ts'
import { startApp } from '../helpers/app.ts'

const ROOT = fileURLToPath(new URL('../..', import.meta.url))
// Resolved as modules are, so that knip sees the client program and Redocly's CLI in use.
const CLIENT = fileURLToPath(import.meta.resolve('./fixtures/openapi-client.ts'))
const REDOCLY = fileURLToPath(import.meta.resolve('@redocly/cli/bin/cli.js'))

const dir = mkdtempSync(join(tmpdir(), 'ibanmint-openapi-tools-'))
after(() => rmSync(dir, { recursive: true, force: true }))

interface Run {
  status: number | null
  stdout: string
  stderr: string
}

/**
 * Runs a Node program from the project's root to its end; the caller judges its status. Neither
 * program is ibanmint's code, so neither writes coverage data.
 */
function runNode(args: string[], env: Record<string, string> = {}): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, {
      cwd: ROOT,
      env: { ...process.env, NODE_V8_COVERAGE: undefined, ...env },
    })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()))
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
    child.once('error', reject)
    child.once('close', (status) => resolve({ status, stdout, stderr }))
  })
}

interface LintProblem {
  ruleId: string
  severity: string
  message: string
  location: { pointer: string }[]
}

interface OpenApiDocument {
  paths: Record<string, Record<string, { security: unknown[]; responses: Record<string, unknown> }>>
}

/** A problem as one line: severity, rule, place and message. */
function lineOf({ severity, ruleId, location, message }: LintProblem): string {
  return `${severity} ${ruleId} at ${location[0]?.pointer}: ${message}`
}

/** Redocly's problems with the document. */
async function redoclyLint(file: string): Promise<LintProblem[]> {
  const { stdout, stderr } = await runNode([REDOCLY, 'lint', '--extends', 'recommended', '--format', 'json', file], {
    // A test sends no usage data and asks no registry for a newer release.
    REDOCLY_TELEMETRY: 'off',
    REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true',
  })
  assert.ok(stdout.startsWith('{'), `redocly lint gave no report: ${stderr}`)
  return (JSON.parse(stdout) as { problems: LintProblem[] }).problems
}

/**
 * Type-checks `file` with the project's compiler options (strict), its `./openapi-schema.ts`
 * resolved in `generated` (rootDirs join the two directories). Returns the errors as text.
 */
function typeErrors(file: string, generated: string): string[] {
  const config: unknown = ts.readConfigFile(join(ROOT, 'tsconfig.json'), (path) => ts.sys.readFile(path)).config
  const { options } = ts.parseJsonConfigFileContent(config, ts.sys, ROOT)
  const program = ts.createProgram([file], { ...options, noEmit: true, rootDirs: [dirname(file), generated] })
  const host: ts.FormatDiagnosticsHost = {
    getCanonicalFileName: (name) => name,
    getCurrentDirectory: () => ROOT,
    getNewLine: () => '\n',
  }
  return ts.getPreEmitDiagnostics(program).map((diagnostic) => ts.formatDiagnostic(diagnostic, host).trim())
}

// One server for both checks: they read the same document.
const app = await startApp({ after })
const served = (await app.call('GET', '/api/v1/openapi.json')).text

/**
 * The recommended rules' two exceptions, each where the rule cannot hold: an operation that
 * answers every request (a public document, page or probe) has no 4XX to describe, and a
 * redirect's answer is a 3XX, not a 2XX. Describing answers they never give would mislead clients.
 */
function exempt(problem: LintProblem, doc: OpenApiDocument): boolean {
  const [, path, method] = /^#\/paths\/([^/]+)\/(\w+)\/responses$/.exec(problem.location[0]?.pointer ?? '') ?? []
  if (path === undefined || method === undefined) return false
  const operation = doc.paths[path.replaceAll('~1', '/').replaceAll('~0', '~')]?.[method]
  if (operation === undefined) return false
  const statuses = Object.keys(operation.responses).map(Number)
  if (problem.ruleId === 'operation-4xx-response')
    return operation.security.length === 0 && statuses.every((status) => status < 400 || status >= 500)
  if (problem.ruleId === 'operation-2xx-response') return statuses.every((status) => status < 200 || status >= 300)
  return false
}

test('redocly lint with the recommended rules finds no error and no warning (but where a rule cannot hold)', async () => {
  const file = join(dir, 'openapi.json')
  writeFileSync(file, served)
  const doc = JSON.parse(served) as OpenApiDocument
  const problems = await redoclyLint(file)
  const exempted = problems.filter((problem) => exempt(problem, doc))
  assert.deepEqual(problems.filter((problem) => !exempt(problem, doc)).map(lineOf), [])
  // The exceptions are the public documents, pages and probes, and the one redirect.
  assert.deepEqual(
    exempted.map((problem) => problem.ruleId).filter((rule) => rule === 'operation-2xx-response'),
    ['operation-2xx-response'],
  )
  assert.ok(exempted.length <= 12, exempted.map(lineOf).join('\n'))
})

/** What the client program printed: see test/http/fixtures/openapi-client.ts. */
interface Seen {
  countries: { count: number; codes: string[] }
  validated: { iban: string; valid: boolean; national: boolean | null; bank: string | null }
  built: { iban: string; formatted: string; bankName?: string }
  generated: { country: string; seed?: string; ibans: string[] }
  streamed: { rows: { line: number; iban: string; valid: boolean; failed: string | null }[]; summary: string }
  unknownCountry: { status: number; code: string; message: string }
  withoutKey: { status: number; code: string }
}

test('a client generated by openapi-typescript (Iban, ValidateResult by name) compiles strictly, and its openapi-fetch calls work, validate/stream included', async () => {
  const generated = await openapiTS(served, { rootTypes: true, rootTypesNoSchemaPrefix: true })
  writeFileSync(join(dir, 'openapi-schema.ts'), astToString(generated))
  assert.deepEqual(typeErrors(CLIENT, dir), [])

  const { status, stdout, stderr } = await runNode(['--import', 'tsx', CLIENT, app.url, app.auth['x-api-key'] ?? ''])
  assert.equal(status, 0, stderr)
  const seen = JSON.parse(stdout) as Seen
  assert.deepEqual(seen.countries, { count: COUNTRIES.length, codes: COUNTRIES.map((country) => country.code) })
  assert.deepEqual(seen.validated, { iban: 'DE89370400440532013000', valid: true, national: true, bank: 'Commerzbank' })
  assert.deepEqual(seen.built, {
    iban: 'DE89370400440532013000',
    formatted: 'DE89 3704 0044 0532 0130 00',
    bankName: 'Commerzbank',
  })
  const { country, seed, ibans } = seen.generated
  assert.deepEqual(
    { country, seed, distinct: new Set(ibans).size },
    { country: 'NO', seed: 'openapi-client', distinct: 3 },
  )
  for (const iban of ibans) assert.ok(iban.startsWith('NO') && validateIban(iban).valid, iban)
  assert.deepEqual(seen.streamed, {
    rows: [
      { line: 1, iban: 'DE89370400440532013000', valid: true, failed: null },
      { line: 2, iban: 'DE89370400440532013001', valid: false, failed: 'mod97' },
    ],
    summary: '2 rows, 1 valid',
  })
  const { message, ...unknownCountry } = seen.unknownCountry
  assert.deepEqual(unknownCountry, { status: 404, code: 'not_found' })
  assert.match(message, /XX/)
  assert.deepEqual(seen.withoutKey, { status: 401, code: 'unauthorized' })
})
