// Negative test data: IBANs that are wrong in exactly one way. Each kind takes a freshly minted
// valid IBAN and breaks one check while keeping every other one passing, so a form that should
// reject it can be shown to. Every change is a function of the row's own characters and draws,
// and leaves the row's free characters apart from one injective substitution, so distinct rows
// stay distinct.
import type { BankRow } from './banks.ts'
import { DE_ACCOUNT_METHODS } from './de-account/index.ts'
import { BBAN, MAX_IBAN_LENGTH } from './layout.ts'
import { accountChecked } from './account-check.ts'
import { writeIbanCheckDigits, type MintPlan } from './generate.ts'
import { randomBelow, type RandomSource } from './random.ts'
import { withSortCodes } from './realistic-banks.ts'
import type { CheckPart, CountrySpec } from './registry.ts'
import { tailChoices } from './uk-modulus/index.ts'

/** The checks validation reports, as `invalid=` names them. */
export const INVALID_CHECKS = ['national', 'mod97', 'length', 'format', 'country'] as const
/** A check that negative test data fails (INVALID_CHECKS lists them). */
export type InvalidCheck = (typeof INVALID_CHECKS)[number]

/** What each kind breaks, in a user's words (OpenAPI, CLI help, MCP). */
export const INVALID_CHECK_TEXT: Readonly<Record<InvalidCheck, string>> = {
  national:
    'national check digits wrong (DE: the account fails its bank’s check method; GB: the account fails its sort code’s modulus check), MOD-97 right (only countries with a national or account check)',
  mod97: 'IBAN check digits wrong',
  length: 'one character too many (or, at the maximum length of 34, too few), MOD-97 right',
  format: 'a letter where the country format has a digit, MOD-97 right',
  country: 'a country code that has no IBAN (US, CA, ...), MOD-97 right',
}

/** Real ISO 3166 codes of countries that do not use IBANs. */
const NON_IBAN_COUNTRIES = ['US', 'CA', 'AU', 'JP', 'CN', 'IN', 'ZA', 'NZ', 'SG', 'MX']

/**
 * Why `check` cannot be broken alone for this country (in this mode, for this bank filter), or
 * undefined when it can: `national` needs national check digits, or (DE) a real bank whose
 * account method checks something, or (GB) sort codes of a real bank that the modulus check
 * covers; `format` a position that is not open to both letters and digits.
 */
export function unbreakable(
  spec: CountrySpec,
  check: InvalidCheck,
  realistic = true,
  bank?: BankRow,
): string | undefined {
  if (check === 'national' && spec.accountCheck === 'uk-modulus') {
    if (!realistic)
      return 'has, in random mode, free sort codes, many of which no modulus check covers (use realistic mode: sort codes of real banks)'
    if (bank !== undefined && !failsSomewhere(bank))
      return `has no sort code of bank ${bank.code}${bank.branches?.length === 1 ? ` (${bank.branches[0]})` : ''} where an account can fail the modulus check: the modulus table does not check ${bank.branches?.length === 1 ? 'it' : 'its known sort codes, or none is known'}`
    return undefined
  }
  if (check === 'national' && spec.accountCheck !== null) {
    if (!realistic)
      return 'has, in random mode, bank codes no bank uses, so no account check applies (use realistic mode)'
    if (bank !== undefined && !accountChecked(bank)) {
      return `has no account check for bank ${bank.code}: its method ${bank.method ?? '(none)'} checks nothing`
    }
    return undefined
  }
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

/** GB: some sort code of the bank (its own, or its known ones) has accounts that fail the modulus check. */
function failsSomewhere(bank: BankRow): boolean {
  const named = bank.branches ?? []
  if (named.length > 0) return named.some((code) => tailChoices(Number(code), 'fail') > 0)
  return withSortCodes(bank, 'fail') !== undefined
}

const ACCOUNT = new Uint8Array(10)
const BANK_DIGITS = new Uint8Array(8)

/**
 * Makes the account of a valid German IBAN in `out` fail its bank's method: one derived digit
 * of the method's layout (the check digit) becomes another digit that the method refuses.
 * The row's free digits stay as they were, so distinct rows stay distinct.
 */
function breakAccount(spec: CountrySpec, bank: BankRow | undefined, out: Uint8Array, random: RandomSource): void {
  if (bank?.method === undefined) throw new RangeError(`${spec.code}: a row without a bank's account method`)
  const method = DE_ACCOUNT_METHODS[bank.method]
  const accountAt = BBAN + (spec.segments.find((s) => s.name === 'account')?.offset ?? 0)
  const bankAt = BBAN + (spec.segments.find((s) => s.name === 'bank')?.offset ?? 0)
  for (let k = 0; k < 10; k++) ACCOUNT[k] = (out[accountAt + k] as number) - 48
  for (let k = 0; k < 8; k++) BANK_DIGITS[k] = (out[bankAt + k] as number) - 48
  const start = randomBelow(random, 9)
  const positions = method.layout.positions
  for (let k = 9; k >= 0; k--) {
    if (positions[k] !== '') continue
    const digit = ACCOUNT[k] as number
    for (let step = 0; step < 9; step++) {
      ACCOUNT[k] = (digit + 1 + ((start + step) % 9)) % 10
      if (!method.valid(ACCOUNT, BANK_DIGITS)) {
        out[accountAt + k] = 48 + (ACCOUNT[k] as number)
        return
      }
    }
    ACCOUNT[k] = digit
  }
  throw new RangeError(`${spec.code}: no check digit breaks method ${bank.method} for bank ${bank.code}`)
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
      // GB: the plan made the account to fail its sort code's check (uk-modulus/accounts.ts).
      if (spec.accountCheck === 'uk-modulus') {
        if (!plan.checkedOnly) throw new RangeError('GB: negative data of the modulus check needs its own plan')
        return length
      }
      if (spec.accountCheck !== null) {
        breakAccount(spec, bank, out, random)
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
