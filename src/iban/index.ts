// ibanmint's domain core, and the API of its library @ibanmint/iban (packages/iban): the
// country registry, MOD-97 and national checks, random sources, duplicate-free seeded datasets,
// generation and validation, BIC lookup, payment files (pain.001, pain.008 and the bank's
// pain.002 and camt.053), and the bank-level account checks of the account
// schemes (UK sort codes and accounts, Swedish clearing numbers, Swiss postal and Israeli accounts).
// Pure: no I/O and no Node-only modules, so the same code runs in browsers. This file is the
// documented API (packages/iban/README.md), name for name: test/iban/api.test.ts pins the list.
// What the ibanmint service needs beyond it is in internal.ts.

// Generation: one IBAN or many distinct ones, random or seeded, valid or failing one chosen
// check; DatasetError is what a request that cannot be met throws.
export { DatasetError, generateIban, generateIbans } from './dataset.ts'
export type { GenerateOptions } from './dataset.ts'
export type { Iban } from './generate.ts'
export { INVALID_CHECKS } from './invalid.ts'
export type { InvalidCheck } from './invalid.ts'
export { BANK_MIXES } from './bank-mix.ts'
export type { BankMix } from './bank-mix.ts'
// Building: an IBAN from its parts, with the national and IBAN check digits computed.
export { buildIban } from './build.ts'
export type { BuildIbanInput } from './build.ts'
// Validation: every check reported on its own, a yes/no that is faster, and the two written forms.
export { isValidIban, validateIban } from './validate.ts'
export type { NationalCheckResult, ValidateChecks, ValidateResult } from './validate.ts'
export { formatIban, normalizeIban } from './format.ts'
// QR-bills (CH, LI): the QR reference a payment to a QR-IBAN carries.
export { isQrReference, qrReferenceOf } from './qr-iban.ts'
// UK accounts: the modulus check of a sort code and account, as Vocalink's table has it.
export { checkUkAccount, isValidUkAccount } from './uk-account.ts'
export type { UkAccountCheck } from './uk-account.ts'
export { UK_MODULUS_TABLE } from './uk-modulus/index.ts'
// Swiss postal accounts: the check digit of a PostFinance account (IID 09000).
export { checkPostFinanceAccount } from './ch-postfinance/postal.ts'
export type { PostFinanceAccountCheck } from './ch-postfinance/postal.ts'
// Israeli accounts: MASAV's check of a bank code, branch and account.
export { checkIlAccount } from './il-account/check.ts'
export type { IlAccountCheck } from './il-account/check.ts'
// Swedish accounts: the check of a clearing number and account, by its range's rule, and its IBAN.
export { checkSeAccount, isValidSeAccount } from './se-account-check.ts'
export type { SeAccountCheck } from './se-account-check.ts'
// BIC lookup: the parts, each rule, and the registered banks that carry it.
export { validateBic } from './bic.ts'
export type { BicBank, BicChecks, BicResult } from './bic.ts'
// Countries: the registry's 91, the territories that use their IBANs, lookups, the API's shape.
export { COUNTRIES, REGISTRY_RELEASE, TERRITORIES, findCountry, resolveCountry, toCountry } from './registry.ts'
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
// Payment files: SEPA credit transfers and direct debits of generated transactions, with labelled
// defects, and the bank's status report and statement; the SEPA character set and creditor ids.
// Their names are listed in payments/api.ts (a part of its own: the CommonJS build loads it on
// first use).
export * from './payments/api.ts'
// Banks: the real banks that realistic IBANs carry and validation reports.
export { banksOf } from './banks.ts'
export type { BankRow, IbanBank } from './banks.ts'
