// The ibanmint command line: argv → core → stdout. Exit codes: 0 success, 1 an IBAN failed
// validation, 2 bad usage.
import { COUNTRIES } from '../iban/registry.ts'
import { VERSION } from '../version.ts'
import { UsageError } from './usage.ts'

const HELP = `ibanmint: test IBANs for ${COUNTRIES.length} countries (test data only, never for payments)

Usage:
  ibanmint generate <CC,...> [--count N] [--format txt|csv|json|ndjson|sql] [--random] [--seed S]
                    [--offset N] [--bank CODE] [--invalid CHECK] [--output FILE]
  ibanmint iban <CC> --bank CODE [--branch CODE] --account NUMBER
  ibanmint validate <IBAN>...
  ibanmint bic <BIC>...                look up BICs: checks and registered banks
  ibanmint countries [CC] [--json]
  ibanmint serve [--workers N|auto]   run the HTTP API (configured by environment variables)
  ibanmint mcp                        serve the MCP tools over stdio, for an AI assistant
  ibanmint keys create --name NAME [--limit N] [--expires DATE] [--json]
  ibanmint keys list [--json]
  ibanmint keys revoke ID

Run "ibanmint <command> --help" for the options and examples of a command.

Examples:
  $ ibanmint generate DE -n 2 --seed 42
  DE29781600694538705160
  DE34342400504894478794
  $ ibanmint iban DE --bank 37040044 --account 0532013000
  DE89370400440532013000
`

type Command = (args: string[]) => Promise<number>

// Each command's module is loaded when it runs: a command pays for its own imports only (the
// generator's schemas, the server's dependencies), and --help answers at once.
const COMMANDS: Record<string, () => Promise<Command>> = {
  generate: async () => (await import('./generate.ts')).runGenerate,
  iban: async () => (await import('./iban.ts')).runIban,
  validate: async () => (await import('./validate.ts')).runValidate,
  bic: async () => (await import('./bic.ts')).runBic,
  countries: async () => (await import('./countries.ts')).runCountries,
  serve: async () => (await import('./serve.ts')).runServe,
  mcp: async () => (await import('./mcp.ts')).runMcp,
  keys: async () => (await import('./keys.ts')).runKeys,
}

async function main(argv: string[]): Promise<number> {
  const [command, ...args] = argv
  if (command === undefined) {
    process.stderr.write(HELP)
    return 2
  }
  if (command === '--help' || command === '-h' || command === 'help') {
    process.stdout.write(HELP)
    return 0
  }
  if (command === '--version' || command === '-v') {
    process.stdout.write(`ibanmint ${VERSION}\n`)
    return 0
  }
  const load = Object.hasOwn(COMMANDS, command) ? COMMANDS[command] : undefined
  if (load === undefined) throw new UsageError(`unknown command "${command}"`)
  return (await load())(args)
}

// A closed pipe (`ibanmint generate DE -n 1e6 | head`) is a normal way to stop reading.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(0)
  throw error
})

try {
  process.exitCode = await main(process.argv.slice(2))
} catch (error) {
  if (error instanceof UsageError) {
    process.stderr.write(`ibanmint: ${error.message}\nTry "ibanmint --help".\n`)
    process.exitCode = 2
  } else {
    process.stderr.write(`ibanmint: ${error instanceof Error ? error.message : String(error)}\n`)
    process.exitCode = 1
  }
}
