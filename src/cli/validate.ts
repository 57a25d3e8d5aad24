// `ibanmint validate`: one line per input, exit 0 only when every IBAN is valid.
import { validateIban, type ValidateResult } from '../iban/index.ts'
import { parseCommand, UsageError } from './usage.ts'

const HELP = `Usage: ibanmint validate <IBAN>... [--json]

Checks each IBAN (spaces and lower case are fine; quote an IBAN that contains spaces):
MOD-97, length, format, country support and the national check digits.
Prints one line per IBAN and exits 0 when all are valid, 1 otherwise.

Options:
      --json           one JSON result per line (the API's ValidateResult)
  -h, --help           show this help

Example:
  $ ibanmint validate DE89370400440532013000 'DE89 3704 0044 0532 0130 01'
  DE89 3704 0044 0532 0130 00\tvalid
  DE89 3704 0044 0532 0130 01\tinvalid: MOD-97 check digits are wrong
`

function reasonOf(result: ValidateResult): string {
  const { checks } = result
  if (!checks.country_supported) return `country "${result.country_code}" is not supported`
  if (checks.length === false) return `length ${result.length}, expected ${result.expected_length}`
  if (!checks.format) return 'BBAN does not match the country format'
  if (!checks.mod97) return 'MOD-97 check digits are wrong'
  if (checks.national === false) return `national check digits are wrong (${result.national_check?.algorithm})`
  return 'invalid'
}

export async function runValidate(args: string[]): Promise<number> {
  const { values, positionals } = parseCommand(args, { json: { type: 'boolean' } })
  if (values.help === true) {
    process.stdout.write(HELP)
    return 0
  }
  if (positionals.length === 0) throw new UsageError('validate needs at least one IBAN')
  let allValid = true
  for (const input of positionals) {
    const result = validateIban(input)
    allValid &&= result.valid
    if (values.json === true) process.stdout.write(JSON.stringify(result) + '\n')
    else process.stdout.write(`${result.formatted}\t${result.valid ? 'valid' : 'invalid: ' + reasonOf(result)}\n`)
  }
  return allValid ? 0 : 1
}
