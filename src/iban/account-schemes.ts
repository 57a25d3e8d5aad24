// The bank-level account schemes by id, beside the national algorithms (national.ts): one entry
// per scheme (account-scheme.ts says what an entry answers). Generation, negative data,
// validation and building reach a country's scheme through this table only, so a new scheme is
// a folder with its rules and data, its id in registry-data.ts and one entry here; the type of
// the table makes the compiler ask for it.
import type { AccountScheme } from './account-scheme.ts'
import { POSTFINANCE } from './ch-postfinance/scheme.ts'
import { BUNDESBANK } from './de-account/scheme.ts'
import { MASAV } from './il-account/scheme.ts'
import type { NationalCheckResult } from './national.ts'
import type { AccountSchemeId } from './registry-data.ts'
import { countryAt, type CountrySpec } from './registry.ts'
import { SE_CLEARING } from './se-account/scheme.ts'
import { UK_MODULUS } from './uk-modulus/scheme.ts'

/** Every account scheme by id. */
export const ACCOUNT_SCHEMES: Readonly<Record<AccountSchemeId, AccountScheme>> = {
  bundesbank: BUNDESBANK,
  'uk-modulus': UK_MODULUS,
  postfinance: POSTFINANCE,
  masav: MASAV,
  'se-clearing': SE_CLEARING,
}

/** The account scheme of a country, or undefined where it has none. */
export function schemeOf(spec: CountrySpec): AccountScheme | undefined {
  return spec.accountCheck === null ? undefined : ACCOUNT_SCHEMES[spec.accountCheck]
}

/** The schemes by country slot (registry.ts letterIndex), for validation's hot path; null: none. */
const BY_SLOT: (AccountScheme | null | undefined)[] = new Array<AccountScheme | null | undefined>(26 * 26)

/** The account scheme of the country at a letterIndex slot, or undefined. */
export function schemeAt(slot: number): AccountScheme | undefined {
  let scheme = BY_SLOT[slot]
  if (scheme === undefined) {
    const spec = countryAt(slot)
    BY_SLOT[slot] = scheme = (spec === undefined ? undefined : schemeOf(spec)) ?? null
  }
  return scheme ?? undefined
}

/** Why a failed national check failed, as validation's `reason` says it (the country's scheme words its own). */
export function nationalFailure(spec: CountrySpec | undefined, check: NationalCheckResult | null): string {
  const scheme = spec === undefined ? undefined : schemeOf(spec)
  if (scheme !== undefined && check !== null) return scheme.failure(check)
  return `national check digits are wrong (${check?.algorithm ?? 'national'})`
}

/** What a country's account check is called, or undefined where it has no account scheme. */
export function accountCheckName(spec: CountrySpec | undefined): string | undefined {
  return spec === undefined ? undefined : schemeOf(spec)?.checkName
}
