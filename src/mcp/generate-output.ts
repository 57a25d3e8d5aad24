// generate_iban's result, shaped for a model's context window: what every IBAN shares (country,
// mode, seed, validity) is said once, and each row carries only its IBAN. Per row, the REST
// GenerateResult repeats country, formatted, check digits, BBAN, length and validity (all read
// from the IBAN itself) and the bank: 100 German IBANs were 24.6 KB of text. Here they are
// 3.5 KB; with bank_details, each distinct bank is listed once and rows point at it by index
// (10.9 KB: realistic German IBANs are at about 88 distinct banks in 100).
import { rowOptionFields, type GenerateRequest } from '../core/operations.ts'
import { generateResultSchema, type Schema } from '../core/schemas.ts'
import { INVALID_CHECKS, type Iban, type InvalidCheck } from '@ibanmint/iban'

export interface CompactBank {
  code: string
  name: string
  bic: string | null
}

export interface CompactRow {
  iban: string
  /** Labelled negative data: the check the IBAN fails (absent when it is valid). */
  invalid?: InvalidCheck
  /** Index of the IBAN's bank in `banks` (with bank_details, where the IBAN carries a real bank). */
  bank?: number
}

export interface CompactGenerateResult {
  country: { code: string; name: string; iban_length: number }
  count: number
  realistic: boolean
  territory?: string
  seed?: string
  offset?: number
  next_offset?: number
  bank?: string
  invalid?: string
  invalid_share?: number
  bank_mix?: 'uniform'
  qr_iban?: true
  valid: boolean
  banks?: CompactBank[]
  ibans: CompactRow[]
}

/** Where a seeded request's rows lie in its dataset, and where the next call starts (if any rows remain). */
interface Slice {
  offset: number
  capacity: number
}

/**
 * The compact result of a request whose rows (the REST records) are given. `slice` for a
 * seeded request; `bankDetails` adds the banks table.
 */
export function compactGenerateResult(
  request: GenerateRequest,
  records: readonly Iban[],
  slice: Slice | undefined,
  bankDetails: boolean,
): CompactGenerateResult {
  const { country, count, territory } = request
  const { realistic, seed } = request.dataset
  const result: CompactGenerateResult = {
    country: { code: country.code, name: country.name, iban_length: country.ibanLength },
    count,
    realistic: realistic !== false,
  } as CompactGenerateResult
  if (territory !== undefined) result.territory = territory
  if (seed !== undefined) result.seed = String(seed)
  if (slice !== undefined) {
    result.offset = slice.offset
    if (slice.offset + count < slice.capacity) result.next_offset = slice.offset + count
  }
  Object.assign(result, rowOptionFields(request.dataset))
  // A row made with `invalid` fails its check; every other row passes them all.
  result.valid = records.every((record) => record.valid)
  const labelled = records.some((record) => record.invalid !== undefined)
  if (!bankDetails) {
    result.ibans = records.map((record) => rowOf(record, labelled))
    return result
  }
  const banks: CompactBank[] = []
  const indexes = new Map<string, number>()
  const rows = records.map((record): CompactRow => {
    const row = rowOf(record, labelled)
    if (record.bank === undefined) return row
    let index = indexes.get(record.bank.code)
    if (index === undefined) {
      index = banks.length
      indexes.set(record.bank.code, index)
      banks.push({ code: record.bank.code, name: record.bank.name, bic: record.bank.bic })
    }
    row.bank = index
    return row
  })
  result.banks = banks
  result.ibans = rows
  return result
}

/** A record's row: its IBAN, and in labelled results the check it fails (if any). */
function rowOf(record: Iban, labelled: boolean): CompactRow {
  return labelled && typeof record.invalid === 'string'
    ? { iban: record.iban, invalid: record.invalid }
    : { iban: record.iban }
}

const restFields = generateResultSchema['properties'] as Record<string, Schema>
const restBank = ((restFields['ibans'] as Schema)['items'] as Schema)['properties'] as Record<string, Schema>

/** The compact result's schema: the REST fields it keeps, and the rows and banks table. */
export const compactGenerateSchema: Schema = {
  type: 'object',
  description:
    'Generated test IBANs, distinct, with the options that made them. Fields every IBAN shares are given once; each row is its IBAN (spaces every four characters make the printed form).',
  required: ['country', 'count', 'realistic', 'valid', 'ibans'],
  additionalProperties: false,
  properties: {
    country: restFields['country'],
    count: restFields['count'],
    realistic: restFields['realistic'],
    territory: restFields['territory'],
    seed: restFields['seed'],
    offset: {
      type: 'integer',
      minimum: 0,
      description: 'With a seed: the row of the seeded dataset the first IBAN is.',
    },
    next_offset: {
      type: 'integer',
      minimum: 1,
      description:
        'With a seed, when the dataset holds more rows: call again with the same arguments and this offset for the IBANs that follow.',
    },
    bank: restFields['bank'],
    invalid: restFields['invalid'],
    invalid_share: restFields['invalid_share'],
    bank_mix: restFields['bank_mix'],
    qr_iban: restFields['qr_iban'],
    valid: {
      type: 'boolean',
      description:
        'Every IBAN passes every check (true), or not (false): each fails the check `invalid` names, or with a list or invalid_share, the rows that carry `invalid` fail that check.',
    },
    banks: {
      type: 'array',
      description: 'With bank_details: each distinct bank of the IBANs once, in order of first use.',
      items: {
        ...(restBank['bank'] as Schema),
        description: 'A real bank: its code (as the IBAN holds it), name and BIC (null where unknown).',
      },
    },
    ibans: {
      type: 'array',
      items: {
        type: 'object',
        required: ['iban'],
        additionalProperties: false,
        properties: {
          iban: (restBank['iban'] as Schema) ?? { type: 'string' },
          invalid: {
            type: 'string',
            enum: [...INVALID_CHECKS],
            description: 'With a list of checks or invalid_share: the check this IBAN fails (absent when it is valid).',
          },
          bank: {
            type: 'integer',
            minimum: 0,
            description: 'With bank_details: the index of the IBAN’s bank in `banks` (absent when it has none).',
          },
        },
      },
    },
  },
}
