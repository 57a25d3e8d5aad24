// `ibanmint bic`: one line per BIC, exit 0 only when every BIC is valid.
import { validateBic, type BicResult } from '@ibanmint/iban'
import { parseCommand, type CommandSpec } from './usage.ts'

const HELP = `Usage: ibanmint bic <BIC>... [--json]

Looks up each BIC (ISO 9362; spaces and lower case are fine): its length (8 or
11), format, country (ISO 3166-1), whether it is a test BIC (location ending in
0), and the registered banks that carry it. Prints one line per BIC.

Options:
      --json           one JSON result per line (the API's BicResult)
  -h, --help           show this help

Exit codes: 0 every BIC is valid; 1 one is not; 2 bad usage (one line on
stderr).

Examples:
  $ ibanmint bic psstfrppbor
  PSSTFRPPBOR\tvalid\tFR 20041 LA BANQUE POSTALE
  $ ibanmint bic DEUTDEFF DEUTDE
  DEUTDEFF\tvalid\tDE 12070070 Deutsche Bank (and 38 more)
  DEUTDE\tinvalid: length 6, expected 8 or 11
`

function reasonOf(result: BicResult): string {
  const { checks } = result
  if (!checks.length) return `length ${result.bic.length}, expected 8 or 11`
  if (!checks.format) return 'not 4 letters, 2 letters, then letters or digits'
  if (!checks.country) return `country "${result.country}" is not an ISO 3166-1 code`
  return 'invalid'
}

/** The first registered bank and how many more, or that none is registered. */
function banksOf(result: BicResult): string {
  const [first] = result.banks
  if (first === undefined) return 'no registered bank'
  const more = result.banks.length - 1
  return `${first.country} ${first.code} ${first.name}${more > 0 ? ` (and ${more} more)` : ''}`
}

function lineOf(result: BicResult): string {
  if (!result.valid) return `${result.bic}\tinvalid: ${reasonOf(result)}`
  return `${result.bic}\tvalid${result.test_bic ? ' (test BIC)' : ''}\t${banksOf(result)}`
}

const SPEC: CommandSpec = {
  name: 'bic',
  usage: 'bic <BIC>... [--json]',
  options: { json: { type: 'boolean' } },
  arguments: { min: 1, max: Infinity, what: 'at least one BIC' },
}

export async function runBic(args: string[]): Promise<number> {
  const { values, positionals } = parseCommand(args, SPEC)
  if (values.help === true) {
    process.stdout.write(HELP)
    return 0
  }
  let allValid = true
  for (const input of positionals) {
    const result = validateBic(input)
    allValid &&= result.valid
    process.stdout.write((values.json === true ? JSON.stringify(result) : lineOf(result)) + '\n')
  }
  return allValid ? 0 : 1
}
