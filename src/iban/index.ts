// ibanmint's domain core: the country registry, MOD-97 and national checks, random sources,
// duplicate-free seeded datasets, generation and validation, BIC lookup. Pure: no I/O and no
// Node-only modules, so the same code runs in browsers.
export {
  COUNTRIES,
  REGISTRY_RELEASE,
  TERRITORIES,
  findCountry,
  findTerritory,
  isSupportedCountry,
  resolveCountry,
  toCountry,
} from './registry.ts'
export type {
  BbanSegment,
  CharClass,
  CheckPart,
  Country,
  CountrySpec,
  NationalCheck,
  SegmentName,
  Territory,
} from './registry.ts'
export { toIbanRecord, MAX_IBAN_LENGTH, COUNTRY_CAPACITY_LIMIT } from './generate.ts'
export type { Iban, MintPlan } from './generate.ts'
export { Dataset, DatasetError, generateIban, generateIbans, randomSeed, requireBank } from './dataset.ts'
export type { DatasetOptions, GenerateOptions } from './dataset.ts'
export { INVALID_CHECKS, INVALID_CHECK_TEXT } from './invalid.ts'
export type { InvalidCheck } from './invalid.ts'
export { buildIban } from './build.ts'
export type { BuildIbanInput } from './build.ts'
export { validateIban, isValidIban, bbanPartsOf } from './validate.ts'
export type { NationalCheckResult, ValidateChecks, ValidateResult } from './validate.ts'
export { CryptoRandom, SeededRandom, randomBelow } from './random.ts'
export type { RandomSource } from './random.ts'
export { banksOf, bankOf, findBank, hasBankRegistry, toIbanBank } from './banks.ts'
export type { BankRow, IbanBank } from './banks.ts'
export { validateBic } from './bic.ts'
export type { BicBank, BicChecks, BicResult } from './bic.ts'
export { NATIONAL_ALGORITHMS } from './national.ts'
export { DE_ACCOUNT_METHODS, DE_METHOD_IDS } from './de-account/index.ts'
export type { AccountLayout, AccountMethod, DeMethodId, Digits } from './de-account/index.ts'
export type { AlgorithmId } from './national.ts'
export { ibanCheckDigits, isMod97Valid } from './mod97.ts'
export { checkUkAccount, isValidUkAccount } from './uk-account.ts'
export type { UkAccountCheck } from './uk-account.ts'
export { UK_MODULUS_TABLE } from './uk-modulus/index.ts'
export { formatIban, normalizeIban } from './format.ts'
