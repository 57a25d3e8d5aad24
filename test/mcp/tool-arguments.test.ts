// Tool arguments as clients send them, through the official SDK clients of both eras against a
// real listening server: digit fields as JSON numbers (the MCP Inspector's CLI sends
// `--tool-arg bank=37040044` as a number), every refusal naming its field, and validate_iban
// over a list. The HTTP API stays strict: POST /api/v1/iban still refuses numbers.
import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { Client as LegacyClient } from '@modelcontextprotocol/sdk/client/index.js'
import { StreamableHTTPClientTransport as LegacyTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client'
import { Ajv2020 } from 'ajv/dist/2020.js'
import { assertError, startApp, type TestApp } from '../helpers/app.ts'

interface ToolClient {
  callTool(params: { name: string; arguments?: Record<string, unknown> }): Promise<Record<string, unknown>>
  listTools(): Promise<{ tools: { name: string; inputSchema: unknown; outputSchema?: unknown }[] }>
  close(): Promise<void>
}

type Era = 'SDK 1.x (2025-era)' | 'v2 (2026-07-28)'

async function connect(app: TestApp, era: Era): Promise<ToolClient> {
  const url = new URL(`${app.url}/mcp`)
  if (era === 'SDK 1.x (2025-era)') {
    const client = new LegacyClient({ name: 'ibanmint-tests', version: '1.0.0' })
    await client.connect(new LegacyTransport(url))
    return client
  }
  const client = new Client(
    { name: 'ibanmint-tests', version: '1.0.0' },
    { versionNegotiation: { mode: { pin: '2026-07-28' } } },
  )
  await client.connect(new StreamableHTTPClientTransport(url))
  return client
}

/** A successful call's structured result (the clients have checked it against the output schema). */
function structured(result: Record<string, unknown>): Record<string, unknown> {
  assert.notEqual(result['isError'], true, JSON.stringify(result))
  const value = result['structuredContent'] as Record<string, unknown>
  const content = result['content'] as { text: string }[]
  assert.deepEqual(JSON.parse(content[0]?.text ?? ''), value, 'the text is a copy')
  return value
}

/** A tool error: isError, no structured content, the REST error body as text. */
function errorOf(result: Record<string, unknown>): { code: string; message: string } {
  assert.equal(result['isError'], true, JSON.stringify(result))
  assert.equal(result['structuredContent'], undefined)
  const content = result['content'] as { text: string }[]
  const body = JSON.parse(content[0]?.text ?? '') as { error: { code: string; message: string } }
  assert.deepEqual(Object.keys(body), ['error'])
  assert.deepEqual(Object.keys(body.error), ['code', 'message'])
  return body.error
}

const IBAN = 'DE89370400440532013000'
const BEYOND = 2 ** 53

let app: TestApp
const cleanup: (() => unknown)[] = []
before(async () => {
  app = await startApp({ after: (fn) => cleanup.push(fn) }, { env: { MCP_RATE_LIMIT: '100000' } })
})
after(async () => {
  for (const fn of cleanup.reverse()) await fn()
})

for (const era of ['SDK 1.x (2025-era)', 'v2 (2026-07-28)'] as const) {
  describe(`tool arguments through the ${era} client`, () => {
    let client: ToolClient
    const call = (name: string, args: Record<string, unknown>) => client.callTool({ name, arguments: args })
    before(async () => {
      client = await connect(app, era)
      cleanup.push(() => client.close())
    })

    test('tools/list: digit fields take a string or an integer, one type per branch; every schema is JSON Schema 2020-12', async () => {
      const { tools } = await client.listTools()
      const ajv = new Ajv2020({ strict: true })
      for (const tool of tools) {
        for (const schema of [tool.inputSchema, tool.outputSchema] as Record<string, unknown>[]) {
          assert.equal(schema['$schema'], 'https://json-schema.org/draft/2020-12/schema', tool.name)
          assert.equal(schema['type'], 'object', `${tool.name}: an object at the root`)
          assert.ok(ajv.validateSchema(schema), `${tool.name}: ${ajv.errorsText(ajv.errors)}`)
          ajv.compile(schema) // strict: no type arrays (allowUnionTypes is off), no unknown keywords
        }
        const input = tool.inputSchema as Record<string, unknown>
        for (const keyword of ['oneOf', 'anyOf', 'allOf']) {
          assert.equal(input[keyword], undefined, `${tool.name}: no ${keyword} at the root of an input schema`)
        }
      }
      const properties = (name: string) =>
        (
          tools.find((tool) => tool.name === name)?.inputSchema as {
            properties: Record<string, Record<string, unknown>>
          }
        ).properties
      const stringOrWholeNumber = (field: Record<string, unknown> | undefined, name: string) => {
        assert.equal(field?.['type'], undefined, name)
        const [text, number] = field?.['anyOf'] as Record<string, unknown>[]
        assert.equal(text?.['type'], 'string', name)
        assert.deepEqual(
          [number?.['type'], number?.['minimum'], number?.['maximum']],
          ['integer', 0, Number.MAX_SAFE_INTEGER],
        )
        assert.match(String(field?.['description']), /whole number is read as its decimal digits/, name)
      }
      const build = properties('build_iban')
      for (const field of ['bank', 'branch', 'account', 'account_type', 'other'])
        stringOrWholeNumber(build[field], field)
      assert.deepEqual(build['bank']?.['anyOf'], [
        { type: 'string', minLength: 1, maxLength: 40 },
        { type: 'integer', minimum: 0, maximum: Number.MAX_SAFE_INTEGER },
      ])
      assert.deepEqual(build['country']?.['type'], 'string')
      const generate = properties('generate_iban')
      stringOrWholeNumber(generate['bank'], 'bank')
      const seed = generate['seed']?.['anyOf'] as Record<string, unknown>[]
      assert.deepEqual(seed, [
        { type: 'string', minLength: 1, maxLength: 128 },
        { type: 'integer', minimum: 0, maximum: Number.MAX_SAFE_INTEGER },
      ])
      const validate = properties('validate_iban')
      assert.deepEqual(Object.keys(validate), ['iban', 'ibans'])
      assert.equal(validate['ibans']?.['maxItems'], 1000)
    })

    test('build_iban: DE bank and account as numbers give the IBAN of the strings', async () => {
      const numbers = structured(await call('build_iban', { country: 'DE', bank: 37040044, account: 532013000 }))
      assert.equal(numbers['iban'], IBAN)
      const strings = structured(await call('build_iban', { country: 'DE', bank: '37040044', account: '0532013000' }))
      assert.deepEqual(numbers, strings)
      const padded = structured(await call('build_iban', { country: 'DE', bank: 37040044, account: '532013000' }))
      assert.deepEqual(padded, strings)
    })

    test('build_iban: a branch, an account type and other parts as numbers are zero-padded to their length', async () => {
      // FR branch 5n: 1005 is 01005; the account holds a letter and stays a string.
      const fr = { country: 'FR', bank: '20041', branch: '01005', account: '0500013M026' }
      const frNumbers = structured(await call('build_iban', { ...fr, bank: 20041, branch: 1005 }))
      assert.deepEqual(frNumbers, structured(await call('build_iban', fr)))
      assert.equal(frNumbers['iban'], 'FR1420041010050500013M02606')
      // IS: bank 2n, branch 2n, account type 2n, account 6n, other 10n, every one a number.
      const is = { country: 'IS', bank: '01', branch: '59', account_type: '26', account: '007654', other: '0101701234' }
      const isNumbers = structured(
        await call('build_iban', {
          country: 'IS',
          bank: 1,
          branch: 59,
          account_type: 26,
          account: 7654,
          other: 101701234,
        }),
      )
      assert.deepEqual(isNumbers, structured(await call('build_iban', is)))
      assert.equal(isNumbers['valid'], true)
      // A territory's country layout: GP uses FR's.
      assert.equal(
        structured(await call('build_iban', { country: 'gp', bank: 20041, branch: 1005, account: '0500013M026' }))[
          'iban'
        ],
        'FR1420041010050500013M02606',
      )
    })

    test('generate_iban: bank as a number is the bank code, zero-padded to the codes’ length', async () => {
      const seed = 'tool-arguments'
      const de = structured(await call('generate_iban', { country: 'DE', count: 3, seed, bank: 10011001 }))
      assert.deepEqual(de, structured(await call('generate_iban', { country: 'DE', count: 3, seed, bank: '10011001' })))
      assert.equal(de['bank'], '10011001')
      // IT bank codes are 5 digits: 1005 stands for 01005 (the lost leading zero restored).
      const italian = { country: 'IT', count: 2, seed, bank_details: true }
      const it = structured(await call('generate_iban', { ...italian, bank: 1005 }))
      assert.deepEqual(it, structured(await call('generate_iban', { ...italian, bank: '01005' })))
      assert.equal(it['bank'], '01005')
      assert.deepEqual(
        (it['banks'] as { code: string }[]).map((bank) => bank.code),
        ['01005'],
      )
    })

    test('every refusal of a digit field names the field', async () => {
      const de = { country: 'DE', bank: '37040044', account: '0532013000' }
      const cases: [string, Record<string, unknown>, RegExp][] = [
        [
          'build_iban',
          { ...de, account: 1.5 },
          /^account must be a string or a whole number, not a fraction \(got 1\.5\)$/,
        ],
        [
          'build_iban',
          { ...de, bank: -37040044 },
          /^bank must be a string or a whole number, not negative \(got -37040044\)$/,
        ],
        [
          'build_iban',
          { ...de, account: BEYOND },
          /^account must be sent as a string: 9007199254740992 is beyond 9007199254740991, where a JSON number may have lost digits$/,
        ],
        ['build_iban', { ...de, account: true }, /^account must be a string or a whole number \(got true\)$/],
        ['build_iban', { ...de, bank: null }, /^bank must be a string or a whole number \(got null\)$/],
        [
          'build_iban',
          { ...de, account: [532013000] },
          /^account must be a string or a whole number \(got an array\)$/,
        ],
        [
          'build_iban',
          { ...de, account: { digits: 1 } },
          /^account must be a string or a whole number \(got an object\)$/,
        ],
        ['build_iban', { ...de, account: '' }, /^account must be a string of 1 to 40 characters or a whole number$/],
        ['build_iban', { ...de, account: 'x'.repeat(41) }, /^account must be a string of 1 to 40 characters/],
        [
          'build_iban',
          { country: 'FR', bank: 20041, branch: 1005, account: '0500013M026', other: 7 },
          /^other: FR has no other part/,
        ],
        [
          'build_iban',
          { country: 'FR', bank: 20041, branch: 1005, account: '0500013M026', account_type: 2.5 },
          /^account_type must be a string or a whole number, not a fraction \(got 2\.5\)$/,
        ],
        [
          'build_iban',
          { country: 'IS', bank: 1, branch: false },
          /^branch must be a string or a whole number \(got false\)$/,
        ],
        ['build_iban', { ...de, bank: 370400440 }, /^bank must be 8 characters for DE, not 9$/],
        // MD bank codes are 2 letters or digits: 7 may be "07" or a code that lost more than zeros.
        [
          'build_iban',
          { country: 'MD', bank: 7, account: '100000000000001000' },
          /^bank must be sent as a string for MD: its 2 characters may be letters, so a number of fewer digits \(7\) is ambiguous$/,
        ],
        // GT's other part is 2 letters or digits.
        [
          'build_iban',
          { country: 'GT', bank: 'TRAJ', other: 1, account_type: '01', account: '0020001234567890' },
          /^other must be sent as a string for GT: its 2 characters may be letters/,
        ],
        [
          'generate_iban',
          { country: 'DE', bank: 1.25 },
          /^bank must be a string or a whole number, not a fraction \(got 1\.25\)$/,
        ],
        [
          'generate_iban',
          { country: 'DE', bank: -1 },
          /^bank must be a string or a whole number, not negative \(got -1\)$/,
        ],
        [
          'generate_iban',
          { country: 'DE', bank: BEYOND },
          /^bank must be sent as a string: 9007199254740992 is beyond/,
        ],
        ['generate_iban', { country: 'DE', bank: true }, /^bank must be a string or a whole number \(got true\)$/],
        [
          'generate_iban',
          { country: 'DE', bank: ['10011001'] },
          /^bank must be a string or a whole number \(got an array\)$/,
        ],
        [
          'generate_iban',
          { country: 'DE', bank: '' },
          /^bank must be a bank code of 1 to 34 letters and digits \(spaces and hyphens allowed within\) or a whole number$/,
        ],
        // NL bank codes are 4 letters: 12 cannot be one with its zeros restored.
        [
          'generate_iban',
          { country: 'NL', bank: 12 },
          /^bank must be sent as a string for NL: its bank codes hold letters, so a number of fewer digits \(12\) than the longest code's 4 is ambiguous$/,
        ],
        ['generate_iban', { country: 'DE', bank: 99999999 }, /^bank "99999999" is not a registered bank code of DE/],
        ['generate_iban', { country: 'DE', bank: 10011001, realistic: false }, /^bank needs realistic mode/],
      ]
      for (const [name, args, message] of cases) {
        const error = errorOf(await call(name, args))
        assert.equal(error.code, 'invalid_request', `${name} ${JSON.stringify(args)}`)
        assert.match(error.message, message, `${name} ${JSON.stringify(args)}`)
      }
      assert.equal(errorOf(await call('build_iban', { country: 'ZZ', bank: 1 })).code, 'not_found')
    })

    test('validate_iban: iban gives a ValidateResult, ibans the batch result with valid and invalid counts', async () => {
      // Listing first: the clients then check each structuredContent against the output schema.
      const { tools } = await client.listTools()
      const schema = tools.find((tool) => tool.name === 'validate_iban')?.outputSchema as object
      const one = structured(await call('validate_iban', { iban: 'de89 3704 0044 0532 0130 00' }))
      const rest = await app.call('POST', '/api/v1/validate', { headers: app.auth, json: { iban: IBAN } })
      assert.deepEqual(one, rest.body)
      const ibans = [IBAN, 'DE89370400440532013001', 'nl91 abna 0417 1643 00', 'XX00123']
      const list = structured(await call('validate_iban', { ibans }))
      const batch = await app.call('POST', '/api/v1/validate/batch', { headers: app.auth, json: { ibans } })
      assert.equal(batch.status, 200)
      assert.deepEqual({ ...(batch.body as object), invalid: 2 }, list)
      assert.deepEqual([list['count'], list['valid'], list['invalid']], [4, 2, 2])
      assert.deepEqual(Object.keys(list), ['count', 'valid', 'invalid', 'results'])
      const full = structured(await call('validate_iban', { ibans: new Array(1000).fill(IBAN) }))
      assert.deepEqual([full['count'], full['valid'], full['invalid']], [1000, 1000, 0])
      // Both shapes conform to the one advertised output schema.
      const check = new Ajv2020({ strict: false }).compile(schema)
      for (const value of [one, list, full]) assert.ok(check(value), JSON.stringify(check.errors))
    })

    test('validate_iban: refusals name iban, ibans or the item', async () => {
      const cases: [Record<string, unknown>, RegExp][] = [
        [{}, /^iban or ibans is required$/],
        [{ iban: IBAN, ibans: [IBAN] }, /^iban and ibans cannot both be given/],
        [{ ibans: new Array(1001).fill(IBAN) }, /^ibans must be an array of 1 to 1,000 strings$/],
        [{ ibans: [] }, /^ibans must be an array of 1 to 1,000 strings$/],
        [{ ibans: IBAN }, /^ibans must be an array of 1 to 1,000 strings$/],
        [{ ibans: [IBAN, IBAN, IBAN, 42] }, /^ibans\[3\] must be a string$/],
        [{ ibans: [IBAN, 'DE89-3704'] }, /^ibans\[1\] must be 1 to 64 letters and digits/],
        [{ iban: 42 }, /^iban must be a string/],
      ]
      for (const [args, message] of cases) {
        const error = errorOf(await call('validate_iban', args))
        assert.equal(error.code, 'invalid_request')
        assert.match(error.message, message, JSON.stringify(args).slice(0, 80))
      }
    })
  })
}

describe('the HTTP API stays strict', () => {
  test('POST /api/v1/iban refuses numbers with the messages it always gave', async () => {
    const numbers = await app.call('POST', '/api/v1/iban', {
      headers: app.auth,
      json: { country: 'DE', bank: 37040044, account: 532013000 },
    })
    assert.equal(assertError(numbers, 422, 'invalid_request'), 'bank must be a string of 1 to 40 characters')
    const account = await app.call('POST', '/api/v1/iban', {
      headers: app.auth,
      json: { country: 'DE', bank: '37040044', account: 532013000 },
    })
    assert.equal(assertError(account, 422, 'invalid_request'), 'account must be a string of 1 to 40 characters')
  })

  test('POST /api/v1/generate refuses a bank given as a number', async () => {
    const res = await app.call('POST', '/api/v1/generate', {
      headers: app.auth,
      json: { country: 'DE', bank: 10011001 },
    })
    assert.equal(
      assertError(res, 422, 'invalid_request'),
      'bank must be a bank code of 1 to 34 letters and digits (spaces and hyphens allowed within)',
    )
  })
})
