import assert from 'node:assert/strict'
import { test } from 'node:test'
import { parseCommand, UsageError, usageErrorLine, type CommandSpec } from '../../src/cli/usage.ts'

const SPEC: CommandSpec = {
  name: 'generate',
  usage: 'generate <CC>[,<CC>...] [options]',
  options: {
    count: { type: 'string', short: 'n', value: 'N' },
    random: { type: 'boolean' },
    file: { type: 'string', value: 'FILE' },
  },
  hints: { json: '--format json' },
  arguments: { min: 1, max: 1, what: 'one country code' },
}

/** The UsageError parseCommand throws for `args`. */
function mistake(args: string[]): UsageError {
  try {
    parseCommand(args, SPEC)
  } catch (error) {
    assert.ok(error instanceof UsageError, String(error))
    return error
  }
  assert.fail(`${args.join(' ')} parsed`)
}

test('options, short options, attached values and positionals parse as node:util parseArgs does', () => {
  const valuesOf = (args: string[]) => ({ ...parseCommand(args, SPEC).values })
  assert.deepEqual(valuesOf(['DE', '-n', '5', '--random']), { count: '5', random: true })
  assert.deepEqual(parseCommand(['DE', '-n', '5', '--random'], SPEC).positionals, ['DE'])
  assert.deepEqual(valuesOf(['-n5', 'DE']), { count: '5' })
  assert.deepEqual(valuesOf(['--count=-5', 'DE']), { count: '-5' })
  assert.deepEqual(valuesOf(['--file', '-', 'DE']), { file: '-' }, '"-" is a value (stdin)')
  assert.deepEqual(parseCommand(['--', '--random'], SPEC).positionals, ['--random'], 'after --, a positional')
})

test('each kind of mistake gets a message of its own, never parseArgs text', () => {
  const cases: [string[], string, boolean][] = [
    [['DE', '--cuont', '5'], 'unknown option --cuont; did you mean --count?', true],
    [['DE', '--bogus'], 'unknown option --bogus', true],
    [['DE', '-x'], 'unknown option -x', true],
    [['DE', '--json'], 'unknown option --json; did you mean --format json?', true],
    [['DE', '--constructor'], 'unknown option --constructor', true],
    [['DE', '--count'], '--count needs a value: --count N', false],
    [['DE', '-n'], '-n needs a value: -n N', false],
    [['DE', '--count', '--random'], '--count needs a value: --count N', false],
    [['DE', '-n', '-5'], '-n needs a value: -n N (a value that starts with "-" is written --count=-5)', false],
    [['DE', '--random=yes'], '--random takes no value (give --random alone, not --random=yes)', false],
    [['DE', '--help=1'], '--help takes no value (give --help alone, not --help=1)', false],
    [[], 'generate needs one country code', true],
    [['DE', 'FR'], 'unexpected argument "FR": generate takes one country code', true],
  ]
  for (const [args, message, withUsage] of cases) {
    const error = mistake(args)
    assert.equal(error.message, message, args.join(' '))
    assert.equal(error.usage, withUsage ? SPEC.usage : undefined, `${args.join(' ')}: usage`)
    assert.doesNotMatch(error.message, /Unknown option '|argument missing|ambiguous|To specify/)
  }
})

test('--help wins over any other mistake in the same command', () => {
  assert.equal(parseCommand(['--bogus', '--help'], SPEC).values['help'], true)
  assert.equal(parseCommand(['-h', 'DE', 'FR', '--count'], SPEC).values['help'], true)
})

test('a usage error is one line: message, short usage when the words were wrong, the help to read', () => {
  assert.equal(
    usageErrorLine(new UsageError('unknown option --cuont; did you mean --count?', { usage: SPEC.usage }), 'generate'),
    'ibanmint: unknown option --cuont; did you mean --count? Usage: ibanmint generate <CC>[,<CC>...] [options]. Try "ibanmint generate --help".\n',
  )
  assert.equal(
    usageErrorLine(new UsageError('--count must be an integer between 1 and 10'), 'generate'),
    'ibanmint: --count must be an integer between 1 and 10. Try "ibanmint generate --help".\n',
  )
  assert.equal(
    usageErrorLine(new UsageError('no command.'), undefined),
    'ibanmint: no command. Try "ibanmint --help".\n',
  )
  assert.equal(
    usageErrorLine(new UsageError('a message\nover two lines'), 'keys'),
    'ibanmint: a message over two lines. Try "ibanmint keys --help".\n',
  )
})
