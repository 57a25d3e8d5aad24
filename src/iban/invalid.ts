// Negative test data: IBANs that are wrong in exactly one way. Each kind takes a freshly minted
// valid IBAN and breaks one check while keeping every other one passing, so a form that should
// reject it can be shown to. Every change is a function of the row's own characters and draws,
// and leaves the row's free characters apart from one injective substitution, so distinct rows
// stay distinct.
import { ACCOUNT_SCHEMES, schemeOf } from './account-schemes.ts'
import type { BankRow } from './banks.ts'
import { BBAN, MAX_IBAN_LENGTH } from './layout.ts'
import { writeIbanCheckDigits, type MintPlan } from './generate.ts'
import type { InvalidCheck } from './invalid-checks.ts'
import { randomBelow, type RandomSource } from './random.ts'
import type { CheckPart, CountrySpec } from './registry.ts'

export { INVALID_CHECKS, type InvalidCheck } from './invalid-checks.ts'

/** What each kind breaks, in a user's words (OpenAPI, CLI help, MCP). */
export const INVALID_CHECK_TEXT: Readonly<Record<InvalidCheck, string>> = {
  national: `national check digits wrong (${Object.values(ACCOUNT_SCHEMES)
    .map((scheme) => scheme.failingAccount)
    .join('; ')}), MOD-97 right (only countries with a national or account check)`,
  mod97: 'IBAN check digits wrong',
  length: 'one character too many (or, at the maximum length of 34, too few), MOD-97 right',
  format: 'a letter where the country format has a digit, MOD-97 right',
  country: 'a country code that has no IBAN (US, CA, ...), MOD-97 right',
}

/** Real ISO 3166 codes of countries that do not use IBANs. */
const NON_IBAN_COUNTRIES = ['US', 'CA', 'AU', 'JP', 'CN', 'IN', 'ZA', 'NZ', 'SG', 'MX']

/**
 * Why `check` cannot be broken alone for this country (in this mode, for this bank filter), or
 * undefined when it can: `national` needs national check digits, or an account scheme that can
 * check the rows' accounts (AccountScheme.unbreakable); `format` a position that is not open to
 * both letters and digits.
 */
export function unbreakable(
  spec: CountrySpec,
  check: InvalidCheck,
  realistic = true,
  bank?: BankRow,
): string | undefined {
  const scheme = schemeOf(spec)
  if (check === 'national' && scheme !== undefined) return scheme.unbreakable(realistic, bank)
  if (check === 'national' && spec.nationalCheck === null) return 'has no national check digits'
  if (check === 'format' && !/[na]/.test(spec.positionClasses))
    return 'allows letters and digits everywhere (format ' + spec.bbanFormat + ')'
  return undefined
}

/**
 * The national check parts `national` may break in a row of `bank`: those outside the bank's
 * code, so the row keeps a registered bank (HR breaks the account's check digit, not the bank
 * code's); where every part lies in the code (PL's sort code), all of them.
 */
function breakableParts(spec: CountrySpec, bank: BankRow | undefined): readonly CheckPart[] {
  const parts = spec.nationalCheck?.parts ?? []
  if (bank === undefined) return parts
  const key = `${spec.code}${bank.code.length}`
  let kept = BREAKABLE.get(key)
  if (kept === undefined) {
    const from = spec.segments.find((s) => s.name === 'bank')?.offset ?? 0
    const outside = parts.filter((part) => part.check[1] < from || part.check[0] >= from + bank.code.length)
    kept = outside.length > 0 ? outside : parts
    BREAKABLE.set(key, kept)
  }
  return kept
}

const BREAKABLE = new Map<string, readonly CheckPart[]>()

/** True when a row of `bank` keeps its bank code whole once `check` is broken (see breakableParts). */
export function keepsBank(spec: CountrySpec, check: InvalidCheck, bank: BankRow | undefined): boolean {
  if (check !== 'national' || bank === undefined || spec.accountCheck !== null) return true
  const from = spec.segments.find((s) => s.name === 'bank')?.offset ?? 0
  return breakableParts(spec, bank).every((part) => part.check[1] < from || part.check[0] >= from + bank.code.length)
}

const FORMAT_POSITIONS = new Map<string, { position: number; digit: boolean }>()

/**
 * The BBAN position the `format` kind changes: a digit position of the registry format,
 * outside the national check's input and digits where the country has one; in a BBAN without
 * digit positions (GI), its first letter position, the bank code's.
 */
function formatPosition(spec: CountrySpec): { position: number; digit: boolean } {
  const known = FORMAT_POSITIONS.get(spec.code)
  if (known !== undefined) return known
  const classes: string[] = []
  for (const [, count, chars] of spec.bbanFormat.matchAll(/(\d+)([nac])/g)) {
    for (let i = 0; i < Number(count); i++) classes.push(chars as string)
  }
  const national = new Set<number>()
  for (const part of spec.nationalCheck?.parts ?? []) {
    for (const [from, to] of [part.check, ...part.input]) for (let i = from; i <= to; i++) national.add(i)
  }
  const digits = classes.flatMap((chars, index) => (chars === 'n' ? [index] : []))
  const digit = digits.find((index) => !national.has(index)) ?? digits[digits.length - 1]
  const found =
    digit !== undefined ? { position: digit, digit: true } : { position: classes.indexOf('a'), digit: false }
  FORMAT_POSITIONS.set(spec.code, found)
  return found
}

/**
 * Breaks `check` in the valid IBAN `out[0, length)` minted by `plan` (under `bank`, the row's
 * real bank, if any); returns the new length.
 * `out` must hold MAX_IBAN_LENGTH bytes.
 */
export function breakCheck(
  check: InvalidCheck,
  plan: MintPlan,
  bank: BankRow | undefined,
  out: Uint8Array,
  length: number,
  random: RandomSource,
): number {
  const spec = plan.spec
  switch (check) {
    case 'national': {
      const scheme = schemeOf(spec)
      if (scheme !== undefined) {
        // A plan of the scheme's negative kind made the account fail already (GB); else break it.
        if (!plan.checkedOnly)
          throw new RangeError(`${spec.code}: negative data of its account check needs its own plan`)
        if (scheme.breakAccount(spec, bank, out, random))
          writeIbanCheckDigits(out, spec.code, spec.bbanLength, plan.countryTail)
        return length
      }
      const parts = breakableParts(spec, bank)
      const part = parts[parts.length === 1 ? 0 : randomBelow(random, parts.length)]
      if (part === undefined) throw new RangeError(`${spec.code} has no national check`)
      const at = BBAN + part.check[1]
      const code = out[at] as number
      out[at] =
        code >= 65
          ? 65 + ((code - 65 + 1 + randomBelow(random, 25)) % 26)
          : 48 + ((code - 48 + 1 + randomBelow(random, 9)) % 10)
      writeIbanCheckDigits(out, spec.code, spec.bbanLength, plan.countryTail)
      return length
    }
    case 'mod97': {
      const digits = ((out[2] as number) - 48) * 10 + (out[3] as number) - 48
      const wrong = 2 + ((digits - 2 + 1 + randomBelow(random, 96)) % 97)
      out[2] = 48 + Math.floor(wrong / 10)
      out[3] = 48 + (wrong % 10)
      return length
    }
    case 'length': {
      const bban = length < MAX_IBAN_LENGTH ? spec.bbanLength + 1 : spec.bbanLength - 1
      if (bban > spec.bbanLength) out[BBAN + spec.bbanLength] = 48 + randomBelow(random, 10)
      writeIbanCheckDigits(out, spec.code, bban)
      return BBAN + bban
    }
    case 'format': {
      const { position, digit } = formatPosition(spec)
      const at = BBAN + position
      const code = out[at] as number
      // A digit d becomes the letter A + d; a letter, a digit.
      out[at] = digit ? 65 + code - 48 : 48 + ((code - 65) % 10)
      writeIbanCheckDigits(out, spec.code, spec.bbanLength, plan.countryTail)
      return length
    }
    case 'country': {
      const code = NON_IBAN_COUNTRIES[randomBelow(random, NON_IBAN_COUNTRIES.length)] as string
      writeIbanCheckDigits(out, code, spec.bbanLength)
      return length
    }
  }
}
