// Usage errors of the command line (exit code 2) and the argument parsing every command shares.
// node:util's parseArgs splits the arguments (tokens, not strict), and the checks are ours, so
// that no parseArgs message reaches a person: each kind of mistake gets one line of its own.
import { parseArgs } from 'node:util'
import { ConfigError, readConfig, type Config } from '../config.ts'
import { isDigits } from '../core/digits.ts'
import { closest } from './suggest.ts'

/** A mistake in how the command was called: one line on stderr, exit 2 (see main.ts). */
export class UsageError extends Error {
  /** The command's short usage, shown after the message when the words themselves were wrong. */
  readonly usage: string | undefined

  constructor(message: string, options: { usage?: string } = {}) {
    super(message)
    this.usage = options.usage
  }
}

export interface OptionSpec {
  type: 'string' | 'boolean'
  short?: string
  /** How the help names the value (`N`, `FILE`), for "--count needs a value: --count N". */
  value?: string
}

/** What a command takes: the parser checks the options and the number of positionals. */
export interface CommandSpec {
  /** The command's words after "ibanmint": "generate", "keys". */
  name: string
  /** The short usage after "ibanmint ", shown with an unknown option or wrong arguments. */
  usage: string
  options: Record<string, OptionSpec>
  /** Options people try that the command spells otherwise: `{ json: '--format json' }`. */
  hints?: Record<string, string>
  /** How many positionals, and what they are ("one country code"); unchecked when absent. */
  arguments?: { min: number; max: number; what: string }
}

/** What a command's arguments parse into: option values by name, and the positionals. */
export interface ParsedCommand {
  values: Record<string, string | boolean | undefined>
  positionals: string[]
}

const HELP_OPTION: OptionSpec = { type: 'boolean', short: 'h' }

/**
 * The options and positionals of `args`. --help (or -h) anywhere wins over every other
 * mistake; otherwise the first wrong option, or a wrong number of positionals, is a UsageError.
 */
export function parseCommand(args: string[], spec: CommandSpec): ParsedCommand {
  const options: Record<string, OptionSpec> = { ...spec.options, help: HELP_OPTION }
  const { values, positionals, tokens } = parseArgs({
    args,
    options: Object.fromEntries(
      Object.entries(options).map(([name, { type, short }]) => [
        name,
        short === undefined ? { type } : { type, short },
      ]),
    ),
    allowPositionals: true,
    strict: false,
    tokens: true,
  })
  const parsed = { values: values as ParsedCommand['values'], positionals }
  if (values['help'] === true) return parsed
  for (const token of tokens) {
    if (token.kind !== 'option') continue
    const option = Object.hasOwn(options, token.name) ? options[token.name] : undefined
    if (option === undefined) throw unknownOption(token.rawName, spec)
    if (option.type === 'boolean' && token.value !== undefined)
      throw new UsageError(
        `${token.rawName} takes no value (give ${token.rawName} alone, not ${token.rawName}=${token.value})`,
      )
    if (option.type === 'string') checkValue(token.name, token.rawName, token.value, token.inlineValue, options)
  }
  if (spec.arguments !== undefined) checkArguments(positionals, spec, spec.arguments)
  return parsed
}

/** "unknown option --cuont; did you mean --count?", with the command's usage. */
function unknownOption(rawName: string, spec: CommandSpec): UsageError {
  const long = rawName.startsWith('--') ? rawName.slice(2).split('=')[0] : undefined
  const hints = spec.hints ?? {}
  const hinted = long !== undefined && Object.hasOwn(hints, long) ? hints[long] : undefined
  const nearest = long === undefined ? undefined : closest(long, [...Object.keys(spec.options), 'help'])
  const suggestion = hinted ?? (nearest === undefined ? undefined : `--${nearest}`)
  const hint = suggestion === undefined ? '' : `; did you mean ${suggestion}?`
  return new UsageError(`unknown option ${rawName}${hint}`, { usage: spec.usage })
}

/** A string option needs a value; one that starts with "-" must be attached (--seed=-1). */
function checkValue(
  name: string,
  rawName: string,
  value: string | undefined,
  inline: boolean | undefined,
  options: Record<string, OptionSpec>,
): void {
  const form = `${rawName} ${options[name]?.value ?? 'VALUE'}`
  if (value === undefined) throw new UsageError(`${rawName} needs a value: ${form}`)
  if (inline === true || value.length < 2 || !value.startsWith('-')) return
  // parseArgs took the next word as the value: "--count --json" means the value was forgotten.
  const isOption = /^--?[\w-]+$/.test(value) && isKnownOption(value, options)
  throw new UsageError(
    isOption
      ? `${rawName} needs a value: ${form}`
      : `${rawName} needs a value: ${form} (a value that starts with "-" is written --${name}=${value})`,
  )
}

function isKnownOption(word: string, options: Record<string, OptionSpec>): boolean {
  if (word.startsWith('--')) return Object.hasOwn(options, word.slice(2))
  return Object.values(options).some((option) => option.short === word.slice(1))
}

/** Too few or too many positionals: "unexpected argument "FR": generate takes one country code". */
function checkArguments(
  positionals: string[],
  spec: CommandSpec,
  { min, max, what }: NonNullable<CommandSpec['arguments']>,
) {
  if (positionals.length < min) throw wrongArguments(spec, `${spec.name} needs ${what}`)
  if (positionals.length > max) {
    const takes = max === 0 ? 'no arguments' : what
    throw wrongArguments(spec, `unexpected argument "${positionals[max]}": ${spec.name} takes ${takes}`)
  }
}

/** Words as a sentence lists them: "check", "create, list or revoke". */
function listed(words: readonly string[]): string {
  return words.length < 2 ? words.join('') : `${words.slice(0, -1).join(', ')} or ${words.at(-1)}`
}

/**
 * The action of a command that takes one (`keys create`, `slices check`) and the arguments
 * around it. The first positional is the action, read with every action's options so that an
 * option's value is not taken for it (`keys --name ci create` works); without a known action,
 * --help is 'help', otherwise a usage error lists the actions or names the nearest one.
 */
export function actionOf<Action extends string>(
  command: string,
  actions: Readonly<Record<Action, Pick<CommandSpec, 'options'>>>,
  args: string[],
  usage: string,
): { action: Action; rest: string[] } | 'help' {
  const names = Object.keys(actions) as Action[]
  const options = Object.assign({ help: HELP_OPTION }, ...names.map((name) => actions[name].options)) as Record<
    string,
    OptionSpec
  >
  const { values, tokens } = parseArgs({ args, options, allowPositionals: true, strict: false, tokens: true })
  const first = tokens.find((token) => token.kind === 'positional')
  if (first !== undefined && Object.hasOwn(actions, first.value))
    return { action: first.value as Action, rest: args.filter((_, i) => i !== first.index) }
  if (values['help'] === true) return 'help'
  if (first === undefined) throw new UsageError(`${command} needs an action: ${listed(names)}`, { usage })
  const nearest = closest(first.value, names)
  const hint = nearest === undefined ? ` (${listed(names)})` : `; did you mean "${nearest}"?`
  throw new UsageError(`unknown ${command} action "${first.value}"${hint}`, { usage })
}

/** A usage error about the positionals, shown with the command's usage. */
export function wrongArguments(spec: Pick<CommandSpec, 'usage'>, message: string): UsageError {
  return new UsageError(message, { usage: spec.usage })
}

/** --threads N: worker threads, 1 to 256 (undefined when the option was not given). */
export function threadsOption(text: string | undefined): number | undefined {
  if (text === undefined) return undefined
  const threads = Number(text)
  if (!isDigits(text) || threads < 1 || threads > 256)
    throw new UsageError('--threads must be an integer between 1 and 256')
  return threads
}

/** The service configuration from the environment; a bad value is a usage error (exit 2). */
export function readCliConfig(env: NodeJS.ProcessEnv = process.env): Config {
  try {
    return readConfig(env)
  } catch (error) {
    if (error instanceof ConfigError) throw new UsageError(error.message)
    throw error
  }
}

/**
 * The one line a usage error prints: the message, the short usage when the words were wrong,
 * and the help of the command it happened in.
 * `ibanmint: unknown option --cuont; did you mean --count? Usage: ibanmint generate <CC>[,<CC>...] [options]. Try "ibanmint generate --help".`
 */
export function usageErrorLine(error: UsageError, command: string | undefined): string {
  const message = error.message.replace(/\s*\n\s*/g, ' ').trim()
  const sentence = /[.?!]$/.test(message) ? message : `${message}.`
  const usage = error.usage === undefined ? '' : ` Usage: ibanmint ${error.usage}.`
  return `ibanmint: ${sentence}${usage} Try "ibanmint ${command === undefined ? '' : `${command} `}--help".\n`
}
