// `ibanmint countries`: the registry as a table or JSON; one country with its banks and capacity.
import { bankList, countryDetail, countryList, type CountryDetail } from '../core/operations.ts'
import { ApiError } from '../core/errors.ts'
import { COUNTRIES, REGISTRY_RELEASE, TERRITORIES } from '@ibanmint/iban'
import { parseCommand, UsageError, type CommandSpec } from './usage.ts'
import { groupThousands } from '@ibanmint/iban/internal'

const HELP = `Usage: ibanmint countries [CC] [--banks] [--json]

Without CC, lists the ${COUNTRIES.length} supported countries, one per line: code, IBAN length,
BBAN format, structure, SEPA membership, how many distinct IBANs realistic and
random mode hold (rounded: 70.1B is 70.1 billion) and name; then the ${TERRITORIES.length}
territories that use another country's IBANs, with that country.
With CC (a territory code gives its country), shows that country: its format,
national check, how many distinct IBANs each mode holds, and the first banks
of its registry (generate --bank picks one; realistic rows leave out central
banks and codes for a bank's own operations).
The table follows the SWIFT IBAN Registry release ${REGISTRY_RELEASE.release} (${REGISTRY_RELEASE.published}).

Options:
      --banks          with CC: every bank (code, BIC, check method for DE,
                       name), one per line
      --json           JSON: the API's CountryList, each country with its
                       exact capacity per mode; with CC, the country as
                       GET /api/v1/countries/CC gives it
  -h, --help           show this help

Exit codes: 0 shown; 2 bad usage or an unknown country (one line on stderr).

Examples:
  $ ibanmint countries NO | head -4
  NO  Norway  (SEPA)
    IBAN length      15
    BBAN format      4n6n1n
    structure        NOkk bbbb cccc ccx
  $ ibanmint countries JE | head -2
  JE  Jersey: uses the IBANs of GB
  GB  United Kingdom  (SEPA)
  $ ibanmint countries DE --banks | grep -w 37040044
  37040044    COBADEFF     13  Commerzbank
  $ ibanmint countries --json > countries.json    # every country, exact figures
`

/** Banks shown in a country's summary; --banks lists them all. */
const SHOWN_BANKS = 20

const SPEC: CommandSpec = {
  name: 'countries',
  usage: 'countries [CC] [--banks] [--json]',
  options: { json: { type: 'boolean' }, banks: { type: 'boolean' } },
  arguments: { min: 0, max: 1, what: 'at most one country code' },
}

export async function runCountries(args: string[]): Promise<number> {
  const { values, positionals } = parseCommand(args, SPEC)
  if (values.help === true) {
    process.stdout.write(HELP)
    return 0
  }
  if (positionals.length === 1) {
    const code = positionals[0] as string
    return values.banks === true ? showBanks(code, values.json === true) : showCountry(code, values.json === true)
  }
  if (values.banks === true) throw new UsageError('--banks needs a country code')
  const list = listWithCapacity()
  if (values.json === true) {
    process.stdout.write(JSON.stringify(list, null, 2) + '\n')
    return 0
  }
  process.stdout.write(listTable(list).join('\n') + '\n')
  return 0
}

type ListedCountry = ReturnType<typeof countryList>['countries'][number] & Pick<CountryDetail, 'capacity'>

/** The API's CountryList, each country with its capacity per mode as GET /api/v1/countries/{code} gives it. */
function listWithCapacity(): Omit<ReturnType<typeof countryList>, 'countries'> & { countries: ListedCountry[] } {
  const list = countryList()
  const countries = list.countries.map((country) => ({
    ...country,
    capacity: countryDetail(country.code).country.capacity,
  }))
  return { ...list, countries }
}

// Capacities run from thousands to 10^15: "70.1B" reads at a glance (the exact figures: --json, or CC).
const COMPACT = new Intl.NumberFormat('en', { notation: 'compact', maximumFractionDigits: 1 })

const COLUMN_WIDTHS = [4, 5, 16, 42, 6, 11, 9]

/** The countries under a header line, then the territories and the country whose IBANs each uses. */
function listTable(list: ReturnType<typeof listWithCapacity>): string[] {
  const row = (columns: string[]) => columns.map((text, i) => text.padEnd(COLUMN_WIDTHS[i] ?? 0)).join('')
  const header = row(['CC', 'LEN', 'BBAN', 'STRUCTURE', 'SEPA', 'REALISTIC', 'RANDOM', 'NAME'])
  const countries = list.countries.map((c) =>
    row([
      c.code,
      String(c.iban_length),
      c.bban_format,
      c.structure,
      c.sepa ? 'SEPA' : '',
      COMPACT.format(c.capacity.realistic),
      COMPACT.format(c.capacity.random),
      c.name,
    ]),
  )
  const territories = list.territories.map((t) => `${t.code}  uses ${t.iban_country} IBANs   ${t.name}`)
  return [header, ...countries, '', 'Territories (the IBANs of another country):', ...territories]
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
    `  distinct IBANs   ${groupThousands(detail.capacity.realistic)} realistic, ${groupThousands(detail.capacity.random)} random`,
    `  banks            ${detail.bank_count === 0 ? 'none known (realistic mode draws bank codes)' : `${groupThousands(detail.bank_count)}${detail.bank_registry ? ' (national registry)' : ''}`}`,
    ...detail.banks.slice(0, SHOWN_BANKS).map((bank) => `    ${bankLine(bank)}`),
    ...(detail.bank_count > SHOWN_BANKS
      ? [`    … ${groupThousands(detail.bank_count - SHOWN_BANKS)} more: ibanmint countries ${detail.code} --banks`]
      : []),
  ]
  process.stdout.write(lines.join('\n') + '\n')
  return 0
}
