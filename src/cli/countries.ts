// `ibanmint countries`: the registry as a table or JSON.
import { COUNTRIES, toCountry } from '../iban/index.ts'
import { parseCommand, UsageError } from './usage.ts'

const HELP = `Usage: ibanmint countries [--json]

Lists the 91 supported countries: code, IBAN length, BBAN format, structure and name.

Options:
      --json           the list as JSON (the API's CountryList)
  -h, --help           show this help
`

export async function runCountries(args: string[]): Promise<number> {
  const { values, positionals } = parseCommand(args, { json: { type: 'boolean' } })
  if (values.help === true) {
    process.stdout.write(HELP)
    return 0
  }
  if (positionals.length > 0) throw new UsageError('countries takes no arguments')
  if (values.json === true) {
    const list = { count: COUNTRIES.length, countries: COUNTRIES.map(toCountry) }
    process.stdout.write(JSON.stringify(list, null, 2) + '\n')
    return 0
  }
  const lines = COUNTRIES.map(
    (c) =>
      `${c.code}  ${String(c.ibanLength).padStart(2)}  ${c.bbanFormat.padEnd(16)}${c.structure.padEnd(42)}${c.name}`,
  )
  process.stdout.write(lines.join('\n') + '\n')
  return 0
}
