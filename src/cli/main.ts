// The ibanmint command line: argv → core → stdout. Exit codes: 0 success; 1 a runtime failure,
// or an IBAN or BIC that failed validation; 2 bad usage, always one line on stderr (usage.ts);
// 130 interrupted. The commands are the one table below: its order is the help's.
import { VERSION } from '../version.ts'
import { reasonOf } from './reason.ts'
import { closest } from './suggest.ts'
import { UsageError, usageErrorLine } from './usage.ts'

type Command = (args: string[]) => Promise<number>

interface CommandEntry {
  /** One line for the program's help. */
  summary: string
  /** The command's module is loaded when it runs: a command pays for its own imports only
   * (the generator's schemas, the server's dependencies), and --help answers at once. */
  load: () => Promise<Command>
}

const COMMANDS: Record<string, CommandEntry> = {
  generate: {
    summary: 'test IBANs for one or more countries (txt, csv, json, ndjson, sql)',
    load: async () => (await import('./generate.ts')).runGenerate,
  },
  iban: {
    summary: 'the IBAN of a bank code and account number, check digits computed',
    load: async () => (await import('./iban.ts')).runIban,
  },
  validate: {
    summary: 'check IBANs given as arguments, or a file of them (--file)',
    load: async () => (await import('./validate.ts')).runValidate,
  },
  bic: {
    summary: 'check BICs and find the registered banks that carry them',
    load: async () => (await import('./bic.ts')).runBic,
  },
  slices: {
    summary: 'slices check: whether the parts of a sliced dataset are whole',
    load: async () => (await import('./slices.ts')).runSlices,
  },
  countries: {
    summary: 'the supported countries, or one country with its format and banks',
    load: async () => (await import('./countries.ts')).runCountries,
  },
  serve: {
    summary: 'run the HTTP API, the web page and the MCP server',
    load: async () => (await import('./serve.ts')).runServe,
  },
  mcp: {
    summary: 'the MCP tools over stdio for an AI assistant (no server, no key)',
    load: async () => (await import('./mcp.ts')).runMcp,
  },
  keys: {
    summary: 'create, list and revoke the API keys the server accepts',
    load: async () => (await import('./keys.ts')).runKeys,
  },
}

const NAMES = Object.keys(COMMANDS)
const NAME_WIDTH = Math.max(...NAMES.map((name) => name.length)) + 2

/** The short usage shown with an unknown command or option. */
const USAGE = `${NAMES.join('|')} [options]`

/** The whole help; the country count from the library, loaded only when the help is shown. */
async function helpText(): Promise<string> {
  const countries = (await import('@ibanmint/iban')).COUNTRIES.length
  return `ibanmint: test IBANs for ${countries} countries (test data only, never for payments)

Usage: ibanmint <command> [options]

Commands:
${NAMES.map((name) => `  ${name.padEnd(NAME_WIDTH)}${COMMANDS[name]?.summary}`).join('\n')}

Options:
  -h, --help     show this help; "ibanmint <command> --help" shows a command's
                 options, defaults, environment variables and examples
  -v, --version  print the version

Exit codes: 0 success; 1 an IBAN or BIC is invalid, or a runtime failure;
2 bad usage (one line on stderr); 130 interrupted.

Examples:
  $ ibanmint generate DE -n 2 --seed 42
  DE09683500481280902865
  DE60701696934633318451
  $ ibanmint iban DE --bank 37040044 --account 0532013000
  DE89370400440532013000
  $ ibanmint validate DE89370400440532013000
  DE89 3704 0044 0532 0130 00\tvalid
`
}

/** The entry of a command name, or a usage error that names the nearest one. */
function commandOf(name: string): CommandEntry {
  const entry = Object.hasOwn(COMMANDS, name) ? COMMANDS[name] : undefined
  if (entry !== undefined) return entry
  const nearest = closest(name, NAMES)
  const hint = nearest === undefined ? '' : `; did you mean "${nearest}"?`
  throw new UsageError(`unknown command "${name}"${hint}`, { usage: USAGE })
}

/** The program's own options: help and version; anything else that starts with "-" is unknown. */
async function topLevelOption(option: string): Promise<number> {
  if (option === '--help' || option === '-h') {
    process.stdout.write(await helpText())
    return 0
  }
  if (option === '--version' || option === '-v') {
    process.stdout.write(`ibanmint ${VERSION}\n`)
    return 0
  }
  const nearest = option.startsWith('--') ? closest(option.slice(2), ['help', 'version']) : undefined
  const hint = nearest === undefined ? '' : `; did you mean --${nearest}?`
  throw new UsageError(`unknown option ${option}${hint}`, { usage: USAGE })
}

/** The command the arguments name, for the help a usage error points at. */
function commandNamed(argv: string[]): string | undefined {
  const [first, second] = argv
  const name = first === 'help' ? second : first
  return name !== undefined && Object.hasOwn(COMMANDS, name) ? name : undefined
}

async function main(argv: string[]): Promise<number> {
  const [command, ...args] = argv
  if (command === undefined) {
    // The bare name is a question, not a mistake: the whole help, on stderr as usage errors are.
    process.stderr.write(await helpText())
    return 2
  }
  if (command === 'help') {
    // "ibanmint help generate" is "ibanmint generate --help".
    if (args.length === 0) return await topLevelOption('--help')
    return (await commandOf(args[0] as string).load())(['--help'])
  }
  if (command.startsWith('-')) return await topLevelOption(command)
  return (await commandOf(command).load())(args)
}

// A closed pipe (`ibanmint generate DE -n 1e6 | head`) is a normal way to stop reading; any
// other failure of standard output (redirected to a full disk) is one line and exit 1.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(0)
  process.stderr.write(`ibanmint: cannot write standard output: ${reasonOf(error)}\n`)
  process.exit(1)
})

const argv = process.argv.slice(2)
try {
  process.exitCode = await main(argv)
} catch (error) {
  if (error instanceof UsageError) {
    process.stderr.write(usageErrorLine(error, commandNamed(argv)))
    process.exitCode = 2
  } else {
    const message = error instanceof Error ? error.message : String(error)
    process.stderr.write(`ibanmint: ${message.replace(/\s*\n\s*/g, ' ')}\n`)
    process.exitCode = 1
  }
}
