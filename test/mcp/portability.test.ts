// The tools' listed schemas are portable (the MCP Inspector's rules: portability-rules.ts)
// and accept exactly what the schemas they are made from accept.
import assert from 'node:assert/strict'
import { after, test } from 'node:test'
import { Ajv2020 } from 'ajv/dist/2020.js'
import { build, generateRequestOf, lookupBic, validate, validateBatch } from '../../src/core/operations.ts'
import { publishedSchema, type Schema } from '../../src/core/schemas.ts'
import { portableSchema } from '../../src/mcp/portable-schema.ts'
import { generateIbans } from '../../src/iban/index.ts'
import { compactGenerateResult } from '../../src/mcp/generate-output.ts'
import { listBanks, listCountries } from '../../src/mcp/lists.ts'
import { listedSchema, toolDefinitions } from '../../src/mcp/tools.ts'
import { runningPoolLimits } from '../../src/pool/inline.ts'
import { WorkPool } from '../../src/pool/pool.ts'
import { lintTools } from './portability-rules.ts'

const GB = generateRequestOf('GB', { count: 3, seed: 1 })
const pool = new WorkPool({ threads: 1 })
after(() => pool.close())
const tools = toolDefinitions({ pool, inline: runningPoolLimits(100) })

/** The listing as it was before schemas were made portable: our annotations stripped, nothing more. */
const unported = tools.map((tool) => ({
  name: tool.name,
  inputSchema: publishedSchema(tool.inputSchema),
  outputSchema: publishedSchema(tool.outputSchema),
}))
const listed = tools.map((tool) => ({
  name: tool.name,
  inputSchema: listedSchema(tool.inputSchema),
  outputSchema: listedSchema(tool.outputSchema),
}))

test('the listed tool schemas pass every portability rule; the unported ones have 31 type unions', () => {
  assert.deepEqual(lintTools(listed), [])
  const before = lintTools(unported)
  // 22 before validation named a GB sort code's bank; sort_code_bank's bic is the 23rd and 24th;
  // a country's sepa_registry (list_countries with country) and a bank's bic (list_banks) the
  // 25th and 26th; qr_iban (CH, LI: one result and the results of a list) the 27th and 28th; an
  // Iban's invalid (labelled negative data: a check or null, build_iban's Iban) the 29th;
  // generate_payment_file's seed (a string or an integer) and reason (a code or null) the 30th and 31st.
  assert.equal(before.length, 31)
  assert.ok(
    before.some((f) => f.tool === 'list_banks' && f.path === 'outputSchema.properties.banks.items.properties.bic'),
    'list_banks: a bank’s bic is a string or null',
  )
  assert.ok(before.some((f) => f.tool === 'validate_iban' && f.path.endsWith('properties.qr_iban')))
  assert.ok(before.some((f) => f.tool === 'validate_iban' && f.path.endsWith('sort_code_bank.oneOf[1].properties.bic')))
  assert.ok(before.every((finding) => finding.rule === 'type-union'))
  assert.ok(before.some((f) => f.tool === 'generate_iban' && f.path === 'inputSchema.properties.seed'))
  assert.ok(before.some((f) => f.tool === 'lookup_bic' && f.path === 'outputSchema.properties.branch'))
})

test('a type array becomes anyOf branches of one type, each with its own keywords', () => {
  const schema: Schema = {
    type: 'object',
    properties: {
      seed: { type: ['string', 'integer'], minLength: 1, maximum: 9, description: 'd', examples: ['a'] },
      flag: { type: ['boolean', 'null'] },
      level: { type: ['string', 'integer'], enum: ['low', 1, 2] },
      list: { type: 'array', items: { type: ['string', 'null'], maxLength: 3 } },
      either: { type: ['string', 'null'], anyOf: [{ minLength: 2 }, { const: null }] },
    },
  }
  assert.deepEqual(portableSchema(schema), {
    type: 'object',
    properties: {
      seed: {
        description: 'd',
        examples: ['a'],
        anyOf: [
          { type: 'string', minLength: 1 },
          { type: 'integer', maximum: 9 },
        ],
      },
      flag: { anyOf: [{ type: 'boolean' }, { type: 'null' }] },
      level: {
        anyOf: [
          { type: 'string', enum: ['low'] },
          { type: 'integer', enum: [1, 2] },
        ],
      },
      list: { type: 'array', items: { anyOf: [{ type: 'string', maxLength: 3 }, { type: 'null' }] } },
      either: {
        allOf: [{ anyOf: [{ minLength: 2 }, { const: null }] }, { anyOf: [{ type: 'string' }, { type: 'null' }] }],
      },
    },
  })
})

test('each tool’s listed schemas accept exactly what its own schemas accept', () => {
  const loose = new Ajv2020({ strict: false, allowUnionTypes: true })
  const strict = new Ajv2020({ strict: true })
  const arguments_: unknown[] = [
    {},
    { country: 'DE' },
    { country: 'DE', seed: 42 },
    { country: 'DE', seed: '42' },
    { country: 'DE', seed: -1 },
    { country: 'DE', seed: 1.5 },
    { country: 'DE', seed: '' },
    { country: 'DE', seed: null },
    { country: 'DE', seed: true },
    { country: 'DE', bank: 37040044, account: 532013000 },
    { country: 'DE', bank: '37040044', account: '0532013000' },
    { country: 'DE', bank: 'x'.repeat(41) },
    { country: 'DE', bank: [1] },
    { iban: 'DE89370400440532013000' },
    { ibans: ['DE89370400440532013000', 'XX'] },
    { bic: 'COBADEFFXXX', limit: 5, offset: 10 },
    { bic: 'COBADEFFXXX', limit: 0 },
    { country: 'DE', search: 'Deutsche Bank', limit: 100, offset: 50 },
    { country: 'DE', search: 'D' },
    { country: 'DE', limit: 101 },
    { country: 'DE', seed: 7, offset: 100, bank_details: true },
    { country: 'DE', offset: -1 },
    { country: 'DE', bank_details: 'yes' },
    { limit: 25 },
    { offset: -1 },
  ]
  const results: unknown[] = [
    validate('DE89370400440532013000'),
    validate('XX00123'),
    validate('NO9386011117948'),
    validateBatch(['DE89370400440532013000', 'GB82WEST12345698765432']),
    lookupBic('COBADEFFXXX'),
    lookupBic('COBADEFF'),
    lookupBic('COBAQQ'),
    build({ country: 'DE', bank: '37040044', account: '0532013000' }),
    { ...validate('DE89370400440532013000'), sepa: 'yes' },
    { ...lookupBic('COBADEFF'), bank_count: 1, offset: 0 },
    { ...lookupBic('COBADEFF'), bank_count: 1, offset: 0, branch: 7 },
    listCountries(undefined),
    listCountries('GP'),
    listBanks('DE', 'Deutsche Bank', 0, 3),
    listBanks('FR', undefined, 200, 50),
    compactGenerateResult(GB, generateIbans('GB', 3, { seed: 1 }), { offset: 0, capacity: 10 }, true),
    compactGenerateResult(GB, generateIbans('GB', 3, { seed: 1 }), undefined, false),
    { ...compactGenerateResult(GB, generateIbans('GB', 1, { seed: 1 }), undefined, true), banks: [{ code: 'X' }] },
  ].map((value) => JSON.parse(JSON.stringify(value)) as unknown)
  const acceptedBy = new Set<string>()
  for (const tool of tools) {
    for (const [schema, samples] of [
      [tool.inputSchema, arguments_],
      [tool.outputSchema, results],
    ] as const) {
      const own = loose.compile(publishedSchema(schema))
      const portable = strict.compile(listedSchema(schema))
      for (const sample of samples) {
        const accepted = own(sample)
        assert.equal(portable(sample), accepted, `${tool.name}: ${JSON.stringify(sample).slice(0, 120)}`)
        if (accepted) acceptedBy.add(tool.name)
      }
    }
  }
  assert.deepEqual([...acceptedBy].sort(), tools.map((tool) => tool.name).sort(), 'every tool accepts some sample')
})
