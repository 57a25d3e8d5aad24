// Reference data copied into test/fixtures: the researched country table and the national check
// vectors. Tests compare the project's own tables against them.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'

const FIXTURES = join(import.meta.dirname, '..', 'fixtures')

function readJson<T>(name: string): T {
  return JSON.parse(readFileSync(join(FIXTURES, name), 'utf8')) as T
}

export interface ReferenceCountry {
  code: string
  name: string
  slug: string
  iban_length: number
  bban_length: number
  bban_format: string
  structure: string
  example: string
  segments: { name: string; length: number; chars: string; letter: string; label?: string; fixed?: string }[]
  national_check: { algorithm: string; status: string; positions: [number, number][] } | null
  sepa: boolean
}

export interface Vector {
  country: string
  iban: string
  valid: boolean
  kind: string
  algorithm: string | null
  note: string
}

export const referenceCountries = readJson<ReferenceCountry[]>('countries.json')
export const vectors = readJson<Vector[]>('national-check-vectors.json')

/** Larger samples when IBANMINT_LONG_TESTS=1 (soak runs); the default keeps CI fast. */
export const LONG = process.env['IBANMINT_LONG_TESTS'] === '1'
