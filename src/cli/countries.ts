// `ibanmint countries`: the registry as a table or JSON; one country with its banks and capacity.
import { bankList, countryDetail, countryList } from '../core/operations.ts'
import { ApiError } from '../core/errors.ts'
import { COUNTRIES, REGISTRY_RELEASE, TERRITORIES } from '../iban/index.ts'
import { parseCommand, UsageError } from './usage.ts'

const HELP = `Usage: ibanmint countries [CC] [--banks] [--json]

Without CC, lists the ${COUNTRIES.length} supported countries (code, IBAN length, BBAN format,
structure, SEPA membership and name), then the ${TERRITORIES.length} territories that use another
country's IBANs. With CC (a territory code gives its country), shows that country: its format,
national check, how many distinct IBANs each mode holds, and the first of the real banks
realistic mode draws from (--bank picks one); --banks lists every bank.
The table follows the SWIFT IBAN Registry release ${REGISTRY_RELEASE.release} (${REGISTRY_RELEASE.published}).

Options:
      --banks          with CC: every bank (code, BIC, method for DE, name), one per line
      --json           JSON (the API's CountryList, or the country as GET /api/v1/countries/CC)
  -h, --help           show this help

Example:
  ibanmint countries DE --banks | grep -i sparkasse
`

/** Banks shown in a country's summary; --banks lists them all. */
const SHOWN_BANKS = 20

export async function runCountries(args: string[]): Promise<number> {
  const { values, positionals } = parseCommand(args, { json: { type: 'boolean' }, banks: { type: 'boolean' } })
  if (values.help === true) {
    process.stdout.write(HELP)
    return 0
  }
  if (positionals.length > 1) throw new UsageError('countries takes at most one country code')
  if (positionals.length === 1) {
    const code = positionals[0] as string
    return values.banks === true ? showBanks(code, values.json === true) : showCountry(code, values.json === true)
  }
  if (values.banks === true) throw new UsageError('--banks needs a country code')
  if (values.json === true) {
    process.stdout.write(JSON.stringify(countryList(), null, 2) + '\n')
    return 0
  }
  const lines = COUNTRIES.map(
    (c) =>
      `${c.code}  ${String(c.ibanLength).padStart(2)}  ${c.bbanFormat.padEnd(16)}${c.structure.padEnd(42)}${c.sepa ? 'SEPA  ' : '      '}${c.name}`,
  )
  const territories = TERRITORIES.map((t) => `${t.code}  uses ${t.iban_country} IBANs   ${t.name}`)
  process.stdout.write([...lines, '', 'Territories:', ...territories].join('\n') + '\n')
  return 0
}

/** A command-line error for an unknown country. */
function orUsage<T>(make: () => T): T {
  try {
    return make()
  } catch (error) {
    if (error instanceof ApiError) throw new UsageError(`${error.message} (see "ibanmint countries")`)
    throw error
  }
}

function bankLine(bank: { code: string; bic: string | null; name: string; method?: string }): string {
  return `${bank.code.padEnd(12)}${(bank.bic ?? '').padEnd(13)}${bank.method === undefined ? '' : `${bank.method}  `}${bank.name}`
}

function showBanks(code: string, json: boolean): number {
  const list = orUsage(() => bankList(code, 0, Number.MAX_SAFE_INTEGER))
  if (json) process.stdout.write(JSON.stringify(list, null, 2) + '\n')
  else process.stdout.write(list.banks.map(bankLine).join('\n') + (list.banks.length > 0 ? '\n' : ''))
  return 0
}

function showCountry(code: string, json: boolean): number {
  const found = orUsage(() => countryDetail(code))
  const detail = found.country
  if (json) {
    process.stdout.write(JSON.stringify(found, null, 2) + '\n')
    return 0
  }
  const check = detail.national_check
  const lines = [
    ...(found.territory === undefined
      ? []
      : [`${found.territory.code}  ${found.territory.name}: uses the IBANs of ${detail.code}`]),
    `${detail.code}  ${detail.name}${detail.sepa ? '  (SEPA)' : ''}`,
    `  IBAN length      ${detail.iban_length}`,
    `  BBAN format      ${detail.bban_format}`,
    `  structure        ${detail.structure}`,
    `  example          ${detail.example}`,
    `  national check   ${check === null ? 'none' : `${check.algorithm} (${check.status})`}`,
    `  distinct IBANs   ${detail.capacity.realistic.toLocaleString('en')} realistic, ${detail.capacity.random.toLocaleString('en')} random`,
    `  banks            ${detail.bank_count === 0 ? 'none known (realistic mode draws bank codes)' : `${detail.bank_count.toLocaleString('en')}${detail.bank_registry ? ' (national registry)' : ''}`}`,
    ...detail.banks.slice(0, SHOWN_BANKS).map((bank) => `    ${bankLine(bank)}`),
    ...(detail.bank_count > SHOWN_BANKS
      ? [
          `    … ${(detail.bank_count - SHOWN_BANKS).toLocaleString('en')} more: ibanmint countries ${detail.code} --banks`,
        ]
      : []),
  ]
  process.stdout.write(lines.join('\n') + '\n')
  return 0
}
