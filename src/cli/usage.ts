// Usage errors of the command line (exit code 2) and argument parsing shared by the commands.
import { parseArgs, type ParseArgsConfig } from 'node:util'
import { ConfigError, readConfig, type Config } from '../config.ts'

export class UsageError extends Error {}

type Options = NonNullable<ParseArgsConfig['options']>

/** What a command's arguments parse into: option values by name, and the positionals. */
export interface ParsedCommand {
  values: Record<string, string | boolean | (string | boolean)[] | undefined>
  positionals: string[]
}

/** parseArgs with strict options; any parse failure becomes a one-line UsageError. */
export function parseCommand(args: string[], options: Options): ParsedCommand {
  try {
    return parseArgs({
      args,
      options: { ...options, help: { type: 'boolean', short: 'h' } },
      allowPositionals: true,
      strict: true,
    })
  } catch (error) {
    throw new UsageError(error instanceof Error ? (error.message.split('\n')[0] ?? 'bad arguments') : 'bad arguments')
  }
}

/** The service configuration from the environment; a bad value is a usage error (exit 2). */
export function readCliConfig(): Config {
  try {
    return readConfig()
  } catch (error) {
    if (error instanceof ConfigError) throw new UsageError(error.message)
    throw error
  }
}
