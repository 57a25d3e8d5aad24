// An IBAN from its parts: bank, branch and account (plus any other part the country's BBAN
// has), with the national check digits and the IBAN check digits computed. The parts are the
// ones validation reports in `bban_parts`, without national check digits.
import { schemeOf } from './account-schemes.ts'
import { bankOf, toIbanBank } from './banks.ts'
import { DatasetError } from './dataset.ts'
import { toIbanRecord, type Iban } from './generate.ts'
import { ibanCheckDigits } from './mod97.ts'
import { computePart } from './national.ts'
import { resolveCountry, type CharClass, type NationalCheck, type SegmentName } from './registry.ts'

/** The parts of a BBAN by name; `account` may be shorter than its field (zero-padded). */
export interface BuildIbanInput {
  country: string
  bank?: string | undefined
  branch?: string | undefined
  account?: string | undefined
  account_type?: string | undefined
  other?: string | undefined
}

/** The parts a caller may give, as validation names them in `bban_parts`. */
export const PART_NAMES = [
  'bank',
  'branch',
  'account',
  'account_type',
  'other',
] as const satisfies readonly SegmentName[]

const CLASS_TEST: Readonly<Record<CharClass, RegExp>> = { n: /^[0-9]$/, a: /^[A-Z]$/, c: /^[0-9A-Z]$/ }
const CLASS_WORDS: Readonly<Record<CharClass, string>> = {
  n: 'a digit',
  a: 'a letter',
  c: 'a letter or digit',
}

/** The registry format's class of every BBAN position. */
function positionClasses(format: string): CharClass[] {
  const classes: CharClass[] = []
  for (const [, count, chars] of format.matchAll(/(\d+)([nac])/g)) {
    for (let i = 0; i < Number(count); i++) classes.push(chars as CharClass)
  }
  return classes
}

/**
 * Builds the IBAN of `input.country` (a territory code gives its parent's IBAN) from its
 * parts. Throws DatasetError naming the field for an unsupported country, a missing or unknown
 * part, a wrong length or character, an account for which the national check has no digit
 * (such numbers are never issued), or an account its country's account scheme refuses (DE: its
 * bank's check method; GB: its sort code's modulus check; SE: its clearing number's check).
 */
export function buildIban(input: BuildIbanInput): Iban {
  const spec = resolveCountry(input.country)
  if (spec === undefined) throw new DatasetError('country', `country "${input.country.slice(0, 16)}" is not supported`)
  const classes = positionClasses(spec.bbanFormat)
  const given = input as unknown as Record<string, string | undefined>
  for (const name of PART_NAMES) {
    if (given[name] !== undefined && !spec.partNames.includes(name)) {
      throw new DatasetError(
        name,
        `${name}: ${spec.code} has no ${name} part (its parts: ${spec.partNames.filter((p) => p !== 'national_check').join(', ')})`,
      )
    }
  }
  const bban: string[] = new Array<string>(spec.bbanLength).fill('0')
  for (const [index, name] of spec.partNames.entries()) {
    if (name === 'national_check') continue
    const ranges = spec.partRanges[index] as readonly (readonly [number, number])[]
    const segments = spec.segments.filter((s) => s.name === name)
    const length = ranges.reduce((sum, [from, to]) => sum + to - from, 0)
    let value = given[name]?.replace(/[\s-]+/g, '').toUpperCase()
    if (value === undefined || value === '') {
      if (segments.every((s) => s.fixed !== undefined)) value = segments.map((s) => s.fixed).join('')
      else throw new DatasetError(name, `${name} is required for ${spec.code} (${length} characters)`)
    }
    if (name === 'account' && value.length < length && /^[0-9]+$/.test(value)) value = value.padStart(length, '0')
    if (value.length !== length) {
      throw new DatasetError(name, `${name} must be ${length} characters for ${spec.code}, not ${value.length}`)
    }
    let k = 0
    for (const [from, to] of ranges) {
      for (let i = from; i < to; i++, k++) {
        const char = value[k] as string
        const chars = classes[i] as CharClass
        if (!CLASS_TEST[chars].test(char)) {
          throw new DatasetError(
            name,
            `${name}: character ${k + 1} ("${char}") must be ${CLASS_WORDS[chars]} for ${spec.code}`,
          )
        }
        bban[i] = char
      }
    }
  }
  for (const segment of spec.segments) {
    if (
      segment.fixed !== undefined &&
      bban.slice(segment.offset, segment.offset + segment.length).join('') !== segment.fixed
    ) {
      throw new DatasetError(
        segment.name,
        `${segment.name}: ${spec.code} reserves "${segment.fixed}" at BBAN position ${segment.offset + 1}`,
      )
    }
  }
  let text = bban.join('')
  const national = spec.nationalCheck
  for (const part of national === null ? [] : national.parts) {
    const check = computePart((national as NationalCheck).algorithm, text, part)
    if (check === null) {
      const last = part.input[part.input.length - 1]?.[1] ?? 0
      const name: SegmentName =
        spec.segments.find((s) => s.offset <= last && last < s.offset + s.length)?.name ?? 'account'
      throw new DatasetError(
        name,
        `${name}: ${spec.code} numbers like this one have no national check digit, so no bank issues them`,
      )
    }
    text = text.slice(0, part.check[0]) + check + text.slice(part.check[1] + 1)
  }
  const bank = bankOf(spec.code, text)
  // An account its bank's scheme refuses is one no bank issued (DE: the bank's method; GB: the
  // sort code's modulus check; SE: the clearing number's check).
  try {
    schemeOf(spec)?.requirePasses(spec, text, bank)
  } catch (error) {
    if (error instanceof RangeError) throw new DatasetError('account', error.message)
    throw error
  }
  const iban = spec.code + ibanCheckDigits(spec.code, text) + text
  return toIbanRecord(iban, true, bank === undefined ? undefined : toIbanBank(bank))
}
