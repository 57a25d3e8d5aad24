// `ibanmint countries`: the registry as a table or JSON; one country with its banks and capacity.
import { countryDetail, countryList, requireCountry } from '../core/operations.ts'
import { ApiError } from '../core/errors.ts'
import { COUNTRIES, REGISTRY_RELEASE } from '../iban/index.ts'
import { parseCommand, UsageError } from './usage.ts'

const HELP = `Usage: ibanmint countries [CC] [--json]

Without CC, lists the ${COUNTRIES.length} supported countries: code, IBAN length, BBAN format,
structure, SEPA membership and name. With CC, shows that country: its format, national check,
how many distinct IBANs each mode holds, and the real banks realistic mode uses (--bank).
The table follows the SWIFT IBAN Registry release ${REGISTRY_RELEASE.release} (${REGISTRY_RELEASE.published}).

Options:
      --json           JSON (the API's CountryList, or the country as GET /api/v1/countries/CC)
  -h, --help           show this help
`

export async function runCountries(args: string[]): Promise<number> {
  const { values, positionals } = parseCommand(args, { json: { type: 'boolean' } })
  if (values.help === true) {
    process.stdout.write(HELP)
    return 0
  }
  if (positionals.length > 1) throw new UsageError('countries takes at most one country code')
  if (positionals.length === 1) return showCountry(positionals[0] as string, values.json === true)
  if (values.json === true) {
    process.stdout.write(JSON.stringify(countryList(), null, 2) + '\n')
    return 0
  }
  const lines = COUNTRIES.map(
    (c) =>
      `${c.code}  ${String(c.ibanLength).padStart(2)}  ${c.bbanFormat.padEnd(16)}${c.structure.padEnd(42)}${c.sepa ? 'SEPA  ' : '      '}${c.name}`,
  )
  process.stdout.write(lines.join('\n') + '\n')
  return 0
}

function showCountry(code: string, json: boolean): number {
  let detail
  try {
    detail = countryDetail(requireCountry(code)).country
  } catch (error) {
    if (error instanceof ApiError) throw new UsageError(`${error.message} (see "ibanmint countries")`)
    throw error
  }
  if (json) {
    process.stdout.write(JSON.stringify({ country: detail }, null, 2) + '\n')
    return 0
  }
  const check = detail.national_check
  const lines = [
    `${detail.code}  ${detail.name}${detail.sepa ? '  (SEPA)' : ''}`,
    `  IBAN length      ${detail.iban_length}`,
    `  BBAN format      ${detail.bban_format}`,
    `  structure        ${detail.structure}`,
    `  example          ${detail.example}`,
    `  national check   ${check === null ? 'none' : `${check.algorithm} (${check.status})`}`,
    `  distinct IBANs   ${detail.capacity.realistic.toLocaleString('en')} realistic, ${detail.capacity.random.toLocaleString('en')} random`,
    `  banks            ${detail.banks.length === 0 ? 'none curated (realistic mode draws bank codes)' : ''}`,
    ...detail.banks.map((bank) => `    ${bank.code.padEnd(12)}${(bank.bic ?? '').padEnd(13)}${bank.name}`),
  ]
  process.stdout.write(lines.join('\n') + '\n')
  return 0
}
