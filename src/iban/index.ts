// ibanmint's domain core: the 91-country registry, MOD-97 and national checks, random
// sources, generation and validation. Pure: no I/O and no Node-only modules.
export { COUNTRIES, findCountry, isSupportedCountry, toCountry } from './registry.ts'
export type { BbanSegment, CharClass, CheckPart, Country, CountrySpec, NationalCheck, SegmentName } from './registry.ts'
export {
  generateIban,
  generateIbans,
  mintInto,
  planFor,
  asciiString,
  toIbanRecord,
  MAX_IBAN_LENGTH,
} from './generate.ts'
export type { GenerateOptions, Iban, MintPlan } from './generate.ts'
export { validateIban, bbanPartsOf } from './validate.ts'
export type { NationalCheckResult, ValidateChecks, ValidateResult } from './validate.ts'
export { CryptoRandom, SeededRandom, randomBelow } from './random.ts'
export type { RandomSource } from './random.ts'
export { banksOf } from './banks.ts'
export type { BankRow } from './banks.ts'
export { NATIONAL_ALGORITHMS } from './national.ts'
export type { AlgorithmId } from './national.ts'
export { ibanCheckDigits, isMod97Valid } from './mod97.ts'
export { formatIban, normalizeIban } from './format.ts'
