// `ibanmint iban`: an IBAN from bank, branch and account, check digits computed.
import { ApiError } from '../core/errors.ts'
import { build } from '../core/operations.ts'
import { parseCommand, UsageError, type CommandSpec } from './usage.ts'

const HELP = `Usage: ibanmint iban <CC> --bank CODE [--branch CODE] --account NUMBER [options]

Builds the IBAN of country CC from its parts, computing the national check
digits (where the country has them) and the IBAN check digits. An account
shorter than its field is padded with zeros on the left. The parts are those
"ibanmint validate --json" reports in bban_parts, without the national check
digits; "ibanmint countries CC" shows the country's structure.

Options:
      --bank CODE          bank code
      --branch CODE        branch or sort code (countries that have one)
      --account NUMBER     account number
      --account-type CODE  account type (countries that have one)
      --other TEXT         the country's other BBAN part (holder id, currency)
      --json               the Iban record as JSON (POST /api/v1/iban's answer)
  -h, --help               show this help

Exit codes: 0 built; 2 bad usage or a part the country refuses, such as an
account that fails its bank's check method (one line on stderr).

Examples:
  $ ibanmint iban DE --bank 37040044 --account 0532013000
  DE89370400440532013000
  $ ibanmint iban GB --bank NWBK --branch 601613 --account 31926819
  GB29NWBK60161331926819
`

const SPEC: CommandSpec = {
  name: 'iban',
  usage: 'iban <CC> --bank CODE --account NUMBER [options]',
  options: {
    bank: { type: 'string', value: 'CODE' },
    branch: { type: 'string', value: 'CODE' },
    account: { type: 'string', value: 'NUMBER' },
    'account-type': { type: 'string', value: 'CODE' },
    other: { type: 'string', value: 'TEXT' },
    json: { type: 'boolean' },
  },
  arguments: { min: 1, max: 1, what: 'one country code' },
}

export async function runIban(args: string[]): Promise<number> {
  const { values, positionals } = parseCommand(args, SPEC)
  if (values.help === true) {
    process.stdout.write(HELP)
    return 0
  }
  const parts = {
    country: positionals[0] as string,
    bank: values.bank as string | undefined,
    branch: values.branch as string | undefined,
    account: values.account as string | undefined,
    account_type: values['account-type'] as string | undefined,
    other: values.other as string | undefined,
  }
  const input = Object.fromEntries(Object.entries(parts).filter(([, value]) => value !== undefined))
  try {
    const record = build(input as typeof parts & { country: string })
    process.stdout.write(values.json === true ? JSON.stringify(record) + '\n' : `${record.iban}\n`)
    return 0
  } catch (error) {
    if (error instanceof ApiError)
      throw new UsageError(
        error.message.replace(/^(bank|branch|account|account_type|other)\b/, (name) => `--${name.replace('_', '-')}`),
      )
    throw error
  }
}
