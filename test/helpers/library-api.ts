// The library's API as documented (packages/iban/README.md), name by name: the tests of the
// sources (test/iban/api.test.ts) and of the packed tarball (test/package.test.ts) hold the
// exports to these lists.

/** The documented values, group by group (packages/iban/README.md). */
export const API_VALUES = [
  // Generation
  'generateIban',
  'generateIbans',
  'INVALID_CHECKS',
  'BANK_MIXES',
  'DatasetError',
  // Building
  'buildIban',
  // Validation
  'validateIban',
  'isValidIban',
  'formatIban',
  'normalizeIban',
  'qrReferenceOf',
  'isQrReference',
  // UK accounts
  'checkUkAccount',
  'isValidUkAccount',
  'UK_MODULUS_TABLE',
  // Swiss and Israeli accounts
  'checkPostFinanceAccount',
  'checkIlAccount',
  // Swedish accounts
  'checkSeAccount',
  'isValidSeAccount',
  // BIC
  'validateBic',
  // Countries
  'COUNTRIES',
  'TERRITORIES',
  'findCountry',
  'resolveCountry',
  'toCountry',
  'REGISTRY_RELEASE',
  // Banks
  'banksOf',
  // Payment files
  'PaymentFile',
  'paymentFileChunks',
  'writePaymentFile',
  'transactionAt',
  'PAYMENT_MESSAGES',
  'PAYMENT_DEFECTS',
  'PAYMENT_DOCUMENTS',
  'buildCreditorIdentifier',
  'isValidCreditorIdentifier',
  'toSepaText',
  'isSepaText',
] as const

/** The documented types: the shapes of the values' arguments and results. */
export const API_TYPES = [
  'Iban',
  'IbanBank',
  'GenerateOptions',
  'InvalidCheck',
  'BankMix',
  'BuildIbanInput',
  'ValidateResult',
  'ValidateChecks',
  'NationalCheckResult',
  'UkAccountCheck',
  'SeAccountCheck',
  'PostFinanceAccountCheck',
  'IlAccountCheck',
  'BicResult',
  'BicChecks',
  'BicBank',
  'CountrySpec',
  'BbanSegment',
  'SegmentName',
  'CharClass',
  'NationalCheck',
  'CheckPart',
  'Country',
  'Territory',
  'BankRow',
  'PaymentFileOptions',
  'AmountOptions',
  'InitiatorOptions',
  'ResolvedPaymentOptions',
  'PaymentMessageName',
  'PaymentDefect',
  'PaymentDocument',
  'PaymentFileSummary',
  'PaymentSink',
  'PaymentTransaction',
] as const

/** What the service takes beyond the API (values; its types follow them). */
export const INTERNAL_VALUES = [
  'ACCOUNT_SCHEMES',
  'bankRegistry',
  'BANK_WEIGHTS',
  'Dataset',
  'decimal',
  'groupThousands',
  'invalidKinds',
  'PARTY_COUNTRIES',
  'bicOutsideSepa',
  'INVALID_CHECK_TEXT',
  'MAX_IBAN_LENGTH',
  'accountCheckName',
  'bbanPartsOf',
  'countryAt',
  'findTerritory',
  'hasBankRegistry',
  'judgeIban',
  'nationalFailure',
  'nextRows',
  'planFor',
  'randomSeed',
  'requireRows',
  'resolvePaymentOptions',
  'tableAt',
  'Transactions',
  'UK_SORT_CODE_SUBSTITUTIONS',
  'UK_WEIGHT_ROWS',
]
