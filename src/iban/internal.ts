// What the ibanmint service needs of the domain beyond the library's API (index.ts): the
// dataset engine its streams mint rows from, the validation core its row writers fill templates
// with, and the raw bank registries, bank weights and UK modulus table its web page serves as files. The package
// exports it as @ibanmint/iban/internal for the service alone: undocumented, and free to change
// in any release.
export { ACCOUNT_SCHEMES, accountCheckName, nationalFailure } from './account-schemes.ts'
export { bankRegistry } from './banks-registry-data.ts'
export { BANK_WEIGHTS } from './bank-weights.ts'
export type { CountryWeights } from './bank-weights.ts'
export { hasBankRegistry, tableAt } from './banks.ts'
export { Dataset, groupThousands, invalidKinds, nextRows, randomSeed, requireRows } from './dataset.ts'
export type { DatasetOptions } from './dataset.ts'
export { MAX_IBAN_LENGTH, planFor } from './generate.ts'
export type { MintPlan } from './generate.ts'
export { bicOutsideSepa } from './payment-scope.ts'
export { PARTY_COUNTRIES } from './parties/party.ts'
export { decimal } from './payments/amounts.ts'
export { resolvePaymentOptions } from './payments/options.ts'
export { Transactions } from './payments/transactions.ts'
export { INVALID_CHECK_TEXT } from './invalid.ts'
export { countryAt, findTerritory } from './registry.ts'
export { UK_SORT_CODE_SUBSTITUTIONS, UK_WEIGHT_ROWS } from './uk-modulus/table-data.ts'
export { bbanPartsOf, judgeIban } from './validate.ts'
export type { ValidIban } from './validate.ts'
