// The 91 countries of the IBAN registry we serve (ISO 13616 / SWIFT IBAN Registry), in the
// service's order (DE, FR, IT, ES, ...). This table is the only place country facts are typed; everything else
// (lengths, structure, format regex, CSV columns) is derived from it in registry.ts.
//
// `bban` lists the BBAN segments in order: `<letter><length><chars>[=<fixed>][ <label>]`.
//   letter: b bank · s branch · c account · x national check · t account type · i holder id · n other
//   chars:  n digits · a upper-case letters · c upper-case letters and digits
// `format` is the registry's bban_format, kept only where the registry groups the BBAN
// differently from the segments or allows a wider class than we generate (BY, DO, PS, PK,
// MK, RU: README, Data sources, "Countries"); elsewhere it is the concatenation of the segments.
// `parts` places the national check digits: `<check positions> <- <input ranges>`, 0-based
// inclusive BBAN indices, input ranges concatenated in order.

export interface CountryRow {
  readonly code: string
  readonly name: string
  /**
   * A check of the account by the bank's own rules, beside the IBAN's (DE the Bundesbank's
   * method of the bank code, GB the modulus check of the sort code, …): the id names the scheme's
   * entry in account-schemes.ts, which says what it checks.
   */
  readonly account?: AccountSchemeId
  readonly bban: readonly string[]
  readonly format?: string
  readonly check?: NationalAlgorithmId
  readonly status?: 'probable'
  readonly advisory?: 'nl-elfproef'
  readonly parts?: readonly string[]
  readonly example: string
}

/**
 * The id of a bank-level account scheme (account-schemes.ts holds one entry per id: adding an
 * id here makes the compiler ask for its entry).
 */
export type AccountSchemeId = 'bundesbank' | 'uk-modulus' | 'se-clearing' | 'postfinance' | 'masav'

export type NationalAlgorithmId =
  | 'rib-key'
  | 'it-cin'
  | 'es-dc'
  | 'be-mod97'
  | 'iso7064-mod97-10'
  | 'no-mod11'
  | 'fi-luhn'
  | 'ee-731'
  | 'iso7064-mod11-10'
  | 'mod10-9731'
  | 'pl-3971'
  | 'cz-sk-mod11'
  | 'is-kennitala'
  | 'ru-bik-key'

/**
 * The SWIFT IBAN Registry edition the table follows: release 102 (June 2026), for names,
 * lengths, BBAN structures, bank positions and examples of its 89 countries. DZ and MA are not
 * in the registry (formats of the common unofficial lists). Examples the registry once printed
 * wrongly (NI, RU, ST) are the corrected ones.
 */
export const REGISTRY_RELEASE = {
  release: 102,
  published: '2026-06',
  note: 'SWIFT IBAN Registry release 102 (June 2026); DZ and MA are not in the registry',
} as const

/**
 * The registry's own SEPA column (release 102). It lags the EPC's list, which `sepa` follows:
 * it reads No for AL, MD, ME and MK, admitted to the SEPA schemes in 2024 and 2025.
 */
export const REGISTRY_SEPA: ReadonlySet<string> = new Set(
  'AD AT BE BG CH CY CZ DE DK EE ES FI FR GB GI GR HR HU IE IS IT LI LT LU LV MC MT NL NO PL PT RO SE SI SK SM VA'.split(
    ' ',
  ),
)

/** Countries that are not in the SWIFT IBAN Registry (their registry SEPA flag is unknown). */
export const NOT_IN_REGISTRY: ReadonlySet<string> = new Set(['DZ', 'MA'])

/** A territory that uses another country's IBANs (the registry's "includes" column). */
export interface TerritoryRow {
  readonly code: string
  readonly name: string
  /** The country whose IBANs the territory uses. */
  readonly ibanCountry: 'FR' | 'FI' | 'GB'
}

/** The 16 territories of release 102 that use the IBANs of FR, FI or GB. */
export const TERRITORY_ROWS: readonly TerritoryRow[] = [
  { code: 'AX', name: 'Åland Islands', ibanCountry: 'FI' },
  { code: 'GF', name: 'French Guiana', ibanCountry: 'FR' },
  { code: 'GP', name: 'Guadeloupe', ibanCountry: 'FR' },
  { code: 'MQ', name: 'Martinique', ibanCountry: 'FR' },
  { code: 'RE', name: 'Réunion', ibanCountry: 'FR' },
  { code: 'PF', name: 'French Polynesia', ibanCountry: 'FR' },
  { code: 'TF', name: 'French Southern Territories', ibanCountry: 'FR' },
  { code: 'YT', name: 'Mayotte', ibanCountry: 'FR' },
  { code: 'NC', name: 'New Caledonia', ibanCountry: 'FR' },
  { code: 'BL', name: 'Saint Barthélemy', ibanCountry: 'FR' },
  { code: 'MF', name: 'Saint Martin (French part)', ibanCountry: 'FR' },
  { code: 'PM', name: 'Saint Pierre and Miquelon', ibanCountry: 'FR' },
  { code: 'WF', name: 'Wallis and Futuna', ibanCountry: 'FR' },
  { code: 'IM', name: 'Isle of Man', ibanCountry: 'GB' },
  { code: 'JE', name: 'Jersey', ibanCountry: 'GB' },
  { code: 'GG', name: 'Guernsey', ibanCountry: 'GB' },
]

/**
 * Countries in the SEPA scheme's geographical scope, as published by the European Payments
 * Council (EPC409-09, "EPC list of countries and territories included in the SEPA schemes'
 * geographical scope"): the EU and EEA states (IS, LI, NO), CH, GB, MC, SM, VA, AD and GI, and
 * AL and ME (admitted November 2024) and MD and MK (admitted 2025). The registry's own SEPA
 * column (REGISTRY_SEPA) predates those admissions. RS has applied but is not in the scope yet.
 */
export const SEPA_COUNTRIES: ReadonlySet<string> = new Set([
  'DE',
  'FR',
  'IT',
  'ES',
  'NL',
  'BE',
  'GB',
  'AT',
  'CH',
  'LU',
  'LI',
  'MC',
  'SM',
  'VA',
  'AD',
  'IE',
  'GI',
  'SE',
  'NO',
  'FI',
  'DK',
  'IS',
  'EE',
  'LV',
  'LT',
  'PT',
  'GR',
  'CY',
  'MT',
  'RO',
  'BG',
  'HR',
  'SI',
  'SK',
  'CZ',
  'HU',
  'PL',
  'AL',
  'ME',
  'MK',
  'MD',
])

export const COUNTRY_ROWS: readonly CountryRow[] = [
  { code: 'DE', name: 'Germany', bban: ['b8n', 'c10n'], account: 'bundesbank', example: 'DE89370400440532013000' },
  {
    code: 'FR',
    name: 'France',
    bban: ['b5n', 's5n', 'c11c', 'x2n RIB key'],
    check: 'rib-key',
    parts: ['21-22 <- 0-20'],
    example: 'FR1420041010050500013M02606',
  },
  {
    code: 'IT',
    name: 'Italy',
    bban: ['x1a CIN', 'b5n ABI', 's5n CAB', 'c12c'],
    check: 'it-cin',
    parts: ['0 <- 1-22'],
    example: 'IT60X0542811101000000123456',
  },
  {
    code: 'ES',
    name: 'Spain',
    bban: ['b4n', 's4n', 'x1n DC digit 1 (bank and branch)', 'x1n DC digit 2 (account)', 'c10n'],
    check: 'es-dc',
    parts: ['8 <- 0-7', '9 <- 10-19'],
    example: 'ES9121000418450200051332',
  },
  {
    code: 'NL',
    name: 'Netherlands',
    bban: ['b4a', 'c10n'],
    advisory: 'nl-elfproef',
    parts: ['13 <- 4-12'],
    example: 'NL91ABNA0417164300',
  },
  {
    code: 'BE',
    name: 'Belgium',
    bban: ['b3n', 'c7n', 'x2n'],
    check: 'be-mod97',
    parts: ['10-11 <- 0-9'],
    example: 'BE68539007547034',
  },
  {
    code: 'GB',
    name: 'United Kingdom',
    bban: ['b4a', 's6n sort code', 'c8n'],
    account: 'uk-modulus',
    example: 'GB29NWBK60161331926819',
  },
  { code: 'AT', name: 'Austria', bban: ['b5n', 'c11n'], example: 'AT611904300234573201' },
  {
    code: 'CH',
    name: 'Switzerland',
    bban: ['b5n IID (clearing number)', 'c12c'],
    account: 'postfinance',
    example: 'CH9300762011623852957',
  },
  { code: 'LU', name: 'Luxembourg', bban: ['b3n', 'c13c'], example: 'LU280019400644750000' },
  { code: 'LI', name: 'Liechtenstein', bban: ['b5n IID (clearing number)', 'c12c'], example: 'LI21088100002324013AA' },
  {
    code: 'MC',
    name: 'Monaco',
    bban: ['b5n', 's5n', 'c11c', 'x2n RIB key'],
    check: 'rib-key',
    parts: ['21-22 <- 0-20'],
    example: 'MC5811222000010123456789030',
  },
  {
    code: 'SM',
    name: 'San Marino',
    bban: ['x1a CIN', 'b5n ABI', 's5n CAB', 'c12c'],
    check: 'it-cin',
    parts: ['0 <- 1-22'],
    example: 'SM86U0322509800000000270100',
  },
  { code: 'VA', name: 'Holy See', bban: ['b3n', 'c15n'], example: 'VA59001123000012345678' },
  { code: 'AD', name: 'Andorra', bban: ['b4n', 's4n', 'c12c'], example: 'AD1200012030200359100100' },
  { code: 'IE', name: 'Ireland', bban: ['b4a', 's6n sort code', 'c8n'], example: 'IE29AIBK93115212345678' },
  { code: 'GI', name: 'Gibraltar', bban: ['b4a', 'c15c'], example: 'GI75NWBK000000007099453' },
  {
    code: 'SE',
    name: 'Sweden',
    bban: ['b3n', 'c17n'],
    format: '3n16n1n',
    account: 'se-clearing',
    example: 'SE4550000000058398257466',
  },
  {
    code: 'NO',
    name: 'Norway',
    bban: ['b4n', 'c6n', 'x1n'],
    check: 'no-mod11',
    parts: ['10 <- 0-9'],
    example: 'NO9386011117947',
  },
  {
    code: 'FI',
    name: 'Finland',
    bban: ['b3n', 'c10n', 'x1n'],
    format: '3n11n',
    check: 'fi-luhn',
    parts: ['13 <- 0-12'],
    example: 'FI2112345600000785',
  },
  { code: 'DK', name: 'Denmark', bban: ['b4n', 'c10n'], format: '4n9n1n', example: 'DK5000400440116243' },
  {
    code: 'IS',
    name: 'Iceland',
    bban: ['b2n', 's2n', 't2n ledger (account type)', 'c6n', 'i10n account holder kennitala'],
    format: '4n2n6n10n',
    check: 'is-kennitala',
    parts: ['20 <- 12-19'],
    example: 'IS140159260076545510730339',
  },
  {
    code: 'EE',
    name: 'Estonia',
    bban: ['b2n', 'c13n', 'x1n'],
    format: '2n2n11n1n',
    check: 'ee-731',
    parts: ['15 <- 2-14'],
    example: 'EE382200221020145685',
  },
  { code: 'LV', name: 'Latvia', bban: ['b4a', 'c13c'], example: 'LV80BANK0000435195001' },
  { code: 'LT', name: 'Lithuania', bban: ['b5n', 'c11n'], example: 'LT121000011101001000' },
  { code: 'FO', name: 'Faroe Islands', bban: ['b4n', 'c10n'], format: '4n9n1n', example: 'FO6264600001631634' },
  { code: 'GL', name: 'Greenland', bban: ['b4n', 'c10n'], format: '4n9n1n', example: 'GL8964710001000206' },
  {
    code: 'PT',
    name: 'Portugal',
    bban: ['b4n', 's4n', 'c11n', 'x2n NIB check digits'],
    check: 'iso7064-mod97-10',
    parts: ['19-20 <- 0-18'],
    example: 'PT50000201231234567890154',
  },
  { code: 'GR', name: 'Greece', bban: ['b3n', 's4n', 'c16c'], example: 'GR1601101250000000012300695' },
  { code: 'CY', name: 'Cyprus', bban: ['b3n', 's5n', 'c16c'], example: 'CY17002001280000001200527600' },
  { code: 'MT', name: 'Malta', bban: ['b4a', 's5n', 'c18c'], example: 'MT84MALT011000012345MTLCAST001S' },
  { code: 'RO', name: 'Romania', bban: ['b4a', 'c16c'], example: 'RO49AAAA1B31007593840000' },
  { code: 'BG', name: 'Bulgaria', bban: ['b4a', 's4n', 't2n', 'c8c'], example: 'BG80BNBG96611020345678' },
  {
    code: 'HR',
    name: 'Croatia',
    bban: ['b6n', 'x1n bank code check digit', 'c9n', 'x1n account check digit'],
    format: '7n10n',
    check: 'iso7064-mod11-10',
    parts: ['6 <- 0-5', '16 <- 7-15'],
    example: 'HR1210010051863000160',
  },
  {
    code: 'SI',
    name: 'Slovenia',
    bban: ['b2n', 's3n', 'c8n', 'x2n'],
    format: '5n8n2n',
    check: 'iso7064-mod97-10',
    parts: ['13-14 <- 0-12'],
    example: 'SI56263300012039086',
  },
  {
    code: 'SK',
    name: 'Slovakia',
    bban: [
      'b4n',
      'c5n account prefix',
      'x1n prefix check digit',
      'c9n account number',
      'x1n account number check digit',
    ],
    format: '4n6n10n',
    check: 'cz-sk-mod11',
    parts: ['9 <- 4-8', '19 <- 10-18'],
    example: 'SK3112000000198742637541',
  },
  {
    code: 'CZ',
    name: 'Czechia',
    bban: [
      'b4n',
      'c5n account prefix',
      'x1n prefix check digit',
      'c9n account number',
      'x1n account number check digit',
    ],
    format: '4n6n10n',
    check: 'cz-sk-mod11',
    parts: ['9 <- 4-8', '19 <- 10-18'],
    example: 'CZ6508000000192000145399',
  },
  {
    code: 'HU',
    name: 'Hungary',
    bban: ['b3n', 's4n', 'x1n bank/branch check digit', 'c15n', 'x1n account check digit'],
    check: 'mod10-9731',
    parts: ['7 <- 0-6', '23 <- 8-22'],
    example: 'HU42117730161111101800000000',
  },
  {
    code: 'PL',
    name: 'Poland',
    bban: ['b3n', 's4n', 'x1n sort code check digit', 'c16n'],
    format: '8n16n',
    check: 'pl-3971',
    parts: ['7 <- 0-6'],
    example: 'PL61109010140000071219812874',
  },
  {
    code: 'AL',
    name: 'Albania',
    bban: ['b3n', 's4n', 'x1n', 'c16c'],
    format: '8n16c',
    check: 'mod10-9731',
    parts: ['7 <- 0-6'],
    example: 'AL47212110090000000235698741',
  },
  {
    code: 'BA',
    name: 'Bosnia and Herzegovina',
    bban: ['b3n', 's3n', 'c8n', 'x2n'],
    check: 'iso7064-mod97-10',
    parts: ['14-15 <- 0-13'],
    example: 'BA391290079401028494',
  },
  {
    code: 'XK',
    name: 'Kosovo',
    bban: ['b2n', 's2n', 'c10n', 'x2n'],
    format: '4n10n2n',
    check: 'iso7064-mod97-10',
    status: 'probable',
    parts: ['14-15 <- 0-13'],
    example: 'XK051212012345678906',
  },
  {
    code: 'ME',
    name: 'Montenegro',
    bban: ['b3n', 'c13n', 'x2n'],
    check: 'iso7064-mod97-10',
    parts: ['16-17 <- 0-15'],
    example: 'ME25505000012345678951',
  },
  {
    code: 'MK',
    name: 'North Macedonia',
    bban: ['b3n', 'c10n', 'x2n'],
    format: '3n10c2n',
    check: 'iso7064-mod97-10',
    parts: ['13-14 <- 0-12'],
    example: 'MK07250120000058984',
  },
  {
    code: 'RS',
    name: 'Serbia',
    bban: ['b3n', 'c13n', 'x2n'],
    check: 'iso7064-mod97-10',
    parts: ['16-17 <- 0-15'],
    example: 'RS35260005601001611379',
  },
  { code: 'AZ', name: 'Azerbaijan', bban: ['b4a', 'c20c'], example: 'AZ21NABZ00000000137010001944' },
  {
    code: 'BY',
    name: 'Belarus',
    bban: ['b4a', 't4n balance account number', 'c16c'],
    format: '4c4n16c',
    example: 'BY13NBRB3600900000002Z00AB00',
  },
  { code: 'GE', name: 'Georgia', bban: ['b2a', 'c16n'], example: 'GE29NB0000000101904917' },
  { code: 'MD', name: 'Moldova', bban: ['b2c', 'c18c'], example: 'MD24AG000225100013104168' },
  {
    code: 'RU',
    name: 'Russia',
    bban: [
      'b9n BIK',
      't5n balance account (first-order)',
      'n3n currency code',
      'x1n control key',
      's4n branch (division)',
      'c7n',
    ],
    format: '9n5n15c',
    check: 'ru-bik-key',
    parts: ['17 <- 6-8,9-16,18-28'],
    example: 'RU0304452522540817810538091310419',
  },
  { code: 'UA', name: 'Ukraine', bban: ['b6n MFO', 'c19c'], example: 'UA213223130000026007233566001' },
  { code: 'SA', name: 'Saudi Arabia', bban: ['b2n', 'c18c'], example: 'SA0380000000608010167519' },
  { code: 'AE', name: 'United Arab Emirates', bban: ['b3n', 'c16n'], example: 'AE070331234567890123456' },
  { code: 'JO', name: 'Jordan', bban: ['b4a', 's4n', 'c18c'], example: 'JO94CBJO0010000000000131000302' },
  { code: 'TR', name: 'Türkiye', bban: ['b5n', 'n1n=0 reserved digit', 'c16c'], example: 'TR330006100519786457841326' },
  { code: 'BH', name: 'Bahrain', bban: ['b4a', 'c14c'], example: 'BH67BMAG00001299123456' },
  { code: 'IQ', name: 'Iraq', bban: ['b4a', 's3n', 'c12n'], example: 'IQ98NBIQ850123456789012' },
  { code: 'IL', name: 'Israel', bban: ['b3n', 's3n', 'c13n'], account: 'masav', example: 'IL620108000000099999999' },
  { code: 'KW', name: 'Kuwait', bban: ['b4a', 'c22c'], example: 'KW81CBKU0000000000001234560101' },
  { code: 'LB', name: 'Lebanon', bban: ['b4n', 'c20c'], example: 'LB62099900000001001901229114' },
  { code: 'OM', name: 'Oman', bban: ['b3n', 'c16c'], example: 'OM810180000001299123456' },
  { code: 'PS', name: 'Palestine', bban: ['b4a', 'c21n'], format: '4a21c', example: 'PS92PALS000000000400123456702' },
  { code: 'QA', name: 'Qatar', bban: ['b4a', 'c21c'], example: 'QA58DOHB00001234567890ABCDEFG' },
  { code: 'YE', name: 'Yemen', bban: ['b4a', 's4n', 'c18c'], example: 'YE15CBYE0001018861234567891234' },
  { code: 'DZ', name: 'Algeria', bban: ['b5n', 's5n', 'c12n'], format: '22n', example: 'DZ580002100001113000000570' },
  {
    code: 'TN',
    name: 'Tunisia',
    bban: ['b2n', 's3n', 'c13n', 'x2n RIB key'],
    check: 'rib-key',
    parts: ['18-19 <- 0-17'],
    example: 'TN5910006035183598478831',
  },
  {
    code: 'MA',
    name: 'Morocco',
    bban: ['b3n', 's3n city (locality) code', 'c16n', 'x2n RIB key'],
    format: '24n',
    check: 'rib-key',
    status: 'probable',
    parts: ['22-23 <- 0-21'],
    example: 'MA64011519000001205000534921',
  },
  { code: 'EG', name: 'Egypt', bban: ['b4n', 's4n', 'c17n'], example: 'EG380019000500000000263180002' },
  {
    code: 'BI',
    name: 'Burundi',
    bban: ['b5n', 's5n', 'c11n', 'x2n RIB key'],
    check: 'rib-key',
    status: 'probable',
    parts: ['21-22 <- 0-20'],
    example: 'BI4210000100010000332045181',
  },
  {
    code: 'DJ',
    name: 'Djibouti',
    bban: ['b5n', 's5n', 'c11n', 'x2n RIB key'],
    check: 'rib-key',
    parts: ['21-22 <- 0-20'],
    example: 'DJ2100010000000154000100186',
  },
  { code: 'LY', name: 'Libya', bban: ['b3n', 's3n', 'c15n'], example: 'LY83002048000020100120361' },
  {
    code: 'MR',
    name: 'Mauritania',
    bban: ['b5n', 's5n', 'c11n', 'x2n RIB key'],
    check: 'rib-key',
    parts: ['21-22 <- 0-20'],
    example: 'MR1300020001010000123456753',
  },
  {
    code: 'MU',
    name: 'Mauritius',
    bban: ['b4a bank code (letters)', 'b2n bank code (digits)', 's2n', 'c12n', 'n3n=000 reserved', 'n3a currency code'],
    example: 'MU17BOMM0101101030300200000MUR',
  },
  {
    code: 'ST',
    name: 'Sao Tome and Principe',
    bban: ['b4n', 's4n', 'c11n', 'x2n'],
    check: 'iso7064-mod97-10',
    status: 'probable',
    parts: ['19-20 <- 0-18'],
    example: 'ST23000100010051845310146',
  },
  {
    code: 'SC',
    name: 'Seychelles',
    bban: ['b4a bank code (letters)', 'b2n bank code (digits)', 's2n', 'c16n', 'n3a currency code'],
    example: 'SC18SSCB11010000000000001497USD',
  },
  { code: 'SO', name: 'Somalia', bban: ['b4n', 's3n', 'c12n'], example: 'SO211000001001000100141' },
  { code: 'SD', name: 'Sudan', bban: ['b2n', 'c12n'], example: 'SD2129010501234001' },
  { code: 'PK', name: 'Pakistan', bban: ['b4a', 'c16n'], format: '4a16c', example: 'PK36SCBL0000001123456702' },
  { code: 'KZ', name: 'Kazakhstan', bban: ['b3n', 'c13c'], example: 'KZ86125KZT5004100100' },
  { code: 'MN', name: 'Mongolia', bban: ['b4n', 'c12n'], example: 'MN121234123456789123' },
  {
    code: 'TL',
    name: 'Timor-Leste',
    bban: ['b3n', 'c14n', 'x2n'],
    check: 'iso7064-mod97-10',
    parts: ['17-18 <- 0-16'],
    example: 'TL380080012345678910157',
  },
  {
    code: 'BR',
    name: 'Brazil',
    bban: ['b8n ISPB', 's5n', 'c10n', 't1a account type', 'i1c account holder position'],
    example: 'BR1800360305000010009795493C1',
  },
  { code: 'VG', name: 'Virgin Islands (British)', bban: ['b4a', 'c16n'], example: 'VG96VPVG0000012345678901' },
  { code: 'CR', name: 'Costa Rica', bban: ['b4n', 'c14n'], example: 'CR05015202001026284066' },
  {
    code: 'DO',
    name: 'Dominican Republic',
    bban: ['b4a', 'c20n'],
    format: '4c20n',
    example: 'DO28BAGR00000001212453611324',
  },
  { code: 'SV', name: 'El Salvador', bban: ['b4a', 'c20n'], example: 'SV62CENR00000000000000700025' },
  { code: 'FK', name: 'Falkland Islands', bban: ['b2a', 'c12n'], example: 'FK88SC123456789012' },
  {
    code: 'GT',
    name: 'Guatemala',
    bban: ['b4c', 'n2c currency code', 't2c', 'c16c'],
    format: '4c20c',
    example: 'GT82TRAJ01020000001210029690',
  },
  { code: 'HN', name: 'Honduras', bban: ['b4a', 'c20n'], example: 'HN88CABF00000000000250005469' },
  { code: 'NI', name: 'Nicaragua', bban: ['b4a', 'c20n'], example: 'NI45BAPR00000013000003558124' },
  { code: 'LC', name: 'Saint Lucia', bban: ['b4a', 'c24c'], example: 'LC55HEMM000100010012001200023015' },
]
