// `ibanmint iban`: an IBAN from bank, branch and account, check digits computed.
import { ApiError } from '../core/errors.ts'
import { build } from '../core/operations.ts'
import { parseCommand, UsageError } from './usage.ts'

const HELP = `Usage: ibanmint iban <CC> --bank CODE [--branch CODE] --account NUMBER [options]

Builds the IBAN of country CC from its parts, computing the national check digits (where the
country has them) and the IBAN check digits. An account shorter than its field is padded with
zeros on the left. Parts are those "ibanmint validate --json" reports in bban_parts, without
the national check digits.

Example:
  $ ibanmint iban DE --bank 37040044 --account 0532013000
  DE89370400440532013000

Options:
      --bank CODE          bank code
      --branch CODE        branch or sort code (countries that have one)
      --account NUMBER     account number
      --account-type CODE  account type (countries that have one)
      --other TEXT         the country's other BBAN part (holder id, currency, ...)
      --json               the Iban record as JSON (as POST /api/v1/iban answers)
  -h, --help               show this help
`

export async function runIban(args: string[]): Promise<number> {
  const { values, positionals } = parseCommand(args, {
    bank: { type: 'string' },
    branch: { type: 'string' },
    account: { type: 'string' },
    'account-type': { type: 'string' },
    other: { type: 'string' },
    json: { type: 'boolean' },
  })
  if (values.help === true) {
    process.stdout.write(HELP)
    return 0
  }
  if (positionals.length !== 1) throw new UsageError('iban takes exactly one country code')
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
