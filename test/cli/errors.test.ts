// Every usage error of every command, run against the built bin in a child process: one line on
// stderr, exit 2, nothing on stdout, the help of the command it happened in, and for a mistyped
// word the nearest right one.
import assert from 'node:assert/strict'
import { spawnSync } from 'node:child_process'
import { closeSync, mkdtempSync, openSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, test } from 'node:test'
import { BIN, runBin } from '../helpers/process.ts'

// keys must never reach a real store here: each case fails before the store opens, and a
// mistake would land in this empty directory rather than ./data.
const scratch = mkdtempSync(join(tmpdir(), 'ibanmint-errors-'))
after(() => rmSync(scratch, { recursive: true, force: true }))
const ENV = { KEYS_FILE: join(scratch, 'keys.json'), REDIS_URL: '' }

interface Case {
  args: string[]
  /** Text the line must hold (the message). */
  says: string
  /** The command whose --help it points at; undefined: the program's. */
  help?: string
  /** The short usage shown: the words after "Usage: ibanmint". */
  usage?: string
  env?: NodeJS.ProcessEnv
}

const TOP = 'generate|iban|validate|bic|slices|countries|serve|mcp|keys [options]'
const GENERATE = 'generate <CC>[,<CC>...] [options]'
const SLICES = 'slices check MANIFEST... [--json]'

const CASES: Case[] = [
  // The program: unknown commands and options.
  { args: ['generat', 'DE'], says: 'unknown command "generat"; did you mean "generate"?', usage: TOP },
  { args: ['vaildate', 'DE89'], says: 'unknown command "vaildate"; did you mean "validate"?', usage: TOP },
  { args: ['frobnicate'], says: 'unknown command "frobnicate".', usage: TOP },
  { args: ['help', 'contries'], says: 'unknown command "contries"; did you mean "countries"?', usage: TOP },
  { args: ['--verison'], says: 'unknown option --verison; did you mean --version?', usage: TOP },
  { args: ['-x'], says: 'unknown option -x.', usage: TOP },
  // generate: each kind of parse mistake, then the values.
  {
    args: ['generate', 'DE', '--cuont', '5'],
    says: 'unknown option --cuont; did you mean --count?',
    help: 'generate',
    usage: GENERATE,
  },
  {
    args: ['generate', 'DE', '--thread', '2'],
    says: 'unknown option --thread; did you mean --threads?',
    help: 'generate',
    usage: GENERATE,
  },
  {
    args: ['generate', 'DE', '--json'],
    says: 'unknown option --json; did you mean --format json?',
    help: 'generate',
    usage: GENERATE,
  },
  { args: ['generate', 'DE', '--count'], says: '--count needs a value: --count N.', help: 'generate' },
  { args: ['generate', 'DE', '-n', '--random'], says: '-n needs a value: -n N.', help: 'generate' },
  {
    args: ['generate', 'DE', '--seed', '-5'],
    says: 'a value that starts with "-" is written --seed=-5',
    help: 'generate',
  },
  { args: ['generate', 'DE', '--random=yes'], says: '--random takes no value', help: 'generate' },
  {
    args: ['generate'],
    says: 'generate needs one country code, or several joined by commas',
    help: 'generate',
    usage: GENERATE,
  },
  {
    args: ['generate', 'DE', 'FR'],
    says: 'unexpected argument "FR": generate takes one country code',
    help: 'generate',
    usage: GENERATE,
  },
  {
    args: ['generate', 'DE', '-n', '0'],
    says: '--count must be an integer between 1 and 1,000,000,000.',
    help: 'generate',
  },
  { args: ['generate', 'DE', '-f', 'xml'], says: '--format must be one of', help: 'generate' },
  {
    args: ['generate', 'DE', '--threads', '0'],
    says: '--threads must be an integer between 1 and 256.',
    help: 'generate',
  },
  { args: ['generate', 'XX'], says: 'country "XX" is not supported', help: 'generate' },
  {
    args: ['generate', 'DE', '-o', join(tmpdir(), 'ibanmint-no-such-dir', 'x.txt')],
    says: 'no such directory',
    help: 'generate',
  },
  { args: ['generate', 'DE', '-o', tmpdir()], says: 'it is a directory', help: 'generate' },
  // iban
  {
    args: ['iban', 'DE', '--bnak', '37040044'],
    says: 'unknown option --bnak; did you mean --bank?',
    help: 'iban',
    usage: 'iban <CC> --bank CODE --account NUMBER [options]',
  },
  { args: ['iban', 'DE', '--bank'], says: '--bank needs a value: --bank CODE.', help: 'iban' },
  { args: ['iban', 'DE', '--json=1'], says: '--json takes no value', help: 'iban' },
  {
    args: ['iban'],
    says: 'iban needs one country code.',
    help: 'iban',
    usage: 'iban <CC> --bank CODE --account NUMBER [options]',
  },
  {
    args: ['iban', 'DE', '--bank', '3704004', '--account', '1'],
    says: '--bank must be 8 characters for DE, not 7',
    help: 'iban',
  },
  // validate
  {
    args: ['validate', '--flie', 'x.txt'],
    says: 'unknown option --flie; did you mean --file?',
    help: 'validate',
    usage: 'validate <IBAN>... | --file FILE [options]',
  },
  {
    args: ['validate', '--csv', 'x'],
    says: 'unknown option --csv; did you mean --format csv?',
    help: 'validate',
    usage: 'validate <IBAN>... | --file FILE [options]',
  },
  { args: ['validate', '--file'], says: '--file needs a value: --file FILE.', help: 'validate' },
  { args: ['validate', '--json=yes', 'DE89370400440532013000'], says: '--json takes no value', help: 'validate' },
  {
    args: ['validate'],
    says: 'validate needs IBANs as arguments, or --file FILE',
    help: 'validate',
    usage: 'validate <IBAN>... | --file FILE [options]',
  },
  {
    args: ['validate', '--file', 'in.txt', 'DE89370400440532013000'],
    says: 'unexpected argument "DE89370400440532013000"',
    help: 'validate',
    usage: 'validate <IBAN>... | --file FILE [options]',
  },
  {
    args: ['validate', '--format', 'xml', 'DE89370400440532013000'],
    says: '--format must be one of',
    help: 'validate',
  },
  { args: ['validate', '--file', join(tmpdir(), 'ibanmint-no-such-file.txt')], says: 'no such file', help: 'validate' },
  // bic
  {
    args: ['bic', '--jsno', 'DEUTDEFF'],
    says: 'unknown option --jsno; did you mean --json?',
    help: 'bic',
    usage: 'bic <BIC>... [--json]',
  },
  { args: ['bic'], says: 'bic needs at least one BIC.', help: 'bic', usage: 'bic <BIC>... [--json]' },
  { args: ['bic', '--json=1', 'DEUTDEFF'], says: '--json takes no value', help: 'bic' },
  // countries
  {
    args: ['countries', '--bnaks'],
    says: 'unknown option --bnaks; did you mean --banks?',
    help: 'countries',
    usage: 'countries [CC] [--banks] [--json]',
  },
  {
    args: ['countries', 'DE', 'FR'],
    says: 'unexpected argument "FR": countries takes at most one country code',
    help: 'countries',
    usage: 'countries [CC] [--banks] [--json]',
  },
  { args: ['countries', 'XX'], says: 'country "XX" is not supported', help: 'countries' },
  { args: ['countries', '--banks'], says: '--banks needs a country code', help: 'countries' },
  // serve: every mistake is found before anything listens
  {
    args: ['serve', '--wrokers', '2'],
    says: 'unknown option --wrokers; did you mean --workers?',
    help: 'serve',
    usage: 'serve [--host ADDRESS] [--port N] [--workers N|auto]',
  },
  {
    args: ['serve', 'extra'],
    says: 'unexpected argument "extra": serve takes no arguments',
    help: 'serve',
    usage: 'serve [--host ADDRESS] [--port N] [--workers N|auto]',
  },
  { args: ['serve', '--workers'], says: '--workers needs a value: --workers N|auto.', help: 'serve' },
  { args: ['serve', '--workers', '0'], says: '--workers must be auto or an integer between 1 and 64.', help: 'serve' },
  {
    args: ['serve'],
    env: { PORT: 'eighty' },
    says: 'PORT must be an integer between 0 and 65535, got "eighty"',
    help: 'serve',
  },
  // slices: one action, found and told as keys' are
  { args: ['slices'], says: 'slices needs an action: check.', help: 'slices', usage: SLICES },
  {
    args: ['slices', 'chek'],
    says: 'unknown slices action "chek"; did you mean "check"?',
    help: 'slices',
    usage: SLICES,
  },
  { args: ['slices', 'zzzzzz'], says: 'unknown slices action "zzzzzz" (check).', help: 'slices', usage: SLICES },
  // keys: the actions are its subcommands
  {
    args: ['keys'],
    says: 'keys needs an action: create, list or revoke.',
    help: 'keys',
    usage: 'keys create|list|revoke [options]',
  },
  {
    args: ['keys', 'creat', '--name', 'ci'],
    says: 'unknown keys action "creat"; did you mean "create"?',
    help: 'keys',
    usage: 'keys create|list|revoke [options]',
  },
  {
    args: ['keys', 'lsit'],
    says: 'unknown keys action "lsit"; did you mean "list"?',
    help: 'keys',
    usage: 'keys create|list|revoke [options]',
  },
  {
    args: ['keys', 'create', '--nmae', 'ci'],
    says: 'unknown option --nmae; did you mean --name?',
    help: 'keys',
    usage: 'keys create --name NAME [--limit N] [--expires DATE] [--json]',
  },
  {
    args: ['keys', 'list', '--limit', '5'],
    says: 'unknown option --limit.',
    help: 'keys',
    usage: 'keys list [--json]',
  },
  { args: ['keys', 'create'], says: '--name is required (1 to 200 characters)', help: 'keys' },
  {
    args: ['keys', 'create', '--name', 'ci', '--limit', 'many'],
    says: '--limit must be an integer between 1 and 1,000,000,000.',
    help: 'keys',
  },
  {
    args: ['keys', 'create', '--name', 'ci', '--expires', 'soon'],
    says: '--expires must be an ISO 8601 date',
    help: 'keys',
  },
  { args: ['keys', 'revoke'], says: 'keys revoke needs one key id', help: 'keys', usage: 'keys revoke ID' },
  {
    args: ['keys', 'list', 'extra'],
    says: 'unexpected argument "extra": keys list takes no arguments',
    help: 'keys',
    usage: 'keys list [--json]',
  },
]

for (const { args, says, help, usage, env } of CASES) {
  test(`"ibanmint ${args.join(' ')}" is a usage error: ${says}`, () => {
    const { code, stdout, stderr } = runBin(args, { ...ENV, ...env })
    assert.equal(code, 2, stderr)
    assert.equal(stdout, '')
    assert.equal(stderr.split('\n').length, 2, `one line: ${JSON.stringify(stderr)}`)
    assert.ok(stderr.startsWith('ibanmint: '), stderr)
    assert.ok(stderr.includes(says), `${JSON.stringify(stderr)} does not say ${JSON.stringify(says)}`)
    assert.ok(stderr.endsWith(` Try "ibanmint ${help === undefined ? '' : `${help} `}--help".\n`), stderr)
    if (usage === undefined) assert.doesNotMatch(stderr, /Usage:/)
    else assert.ok(stderr.includes(` Usage: ibanmint ${usage}. `), `${stderr} lacks the usage ${usage}`)
    // node:util parseArgs' own wording never reaches a person.
    assert.doesNotMatch(
      stderr,
      /Unknown option '|argument missing|argument is ambiguous|does not take an argument|To specify/,
    )
  })
}

test('"ibanmint" alone shows the whole help on stderr, exit 2: the bare name asks what it does', () => {
  const { code, stdout, stderr } = runBin([])
  assert.equal(code, 2)
  assert.equal(stdout, '')
  assert.match(stderr, /^ibanmint: test IBANs/)
  assert.match(stderr, /\nCommands:\n/)
})

test('"ibanmint help generate" is "ibanmint generate --help"; --help wins over any mistake beside it', () => {
  const help = runBin(['generate', '--help'])
  assert.equal(help.code, 0)
  assert.deepEqual(runBin(['help', 'generate']), help)
  assert.deepEqual(runBin(['generate', '--cuont', '5', '--help']), help)
  const keys = runBin(['keys', '--help'])
  assert.deepEqual(runBin(['keys', 'create', '--help']), keys)
  assert.deepEqual(runBin(['keys', 'creat', '-h']), keys)
})

test('a runtime failure keeps its code and is one line: revoking an unknown key is 1, not 2', () => {
  const { code, stdout, stderr } = runBin(['keys', 'revoke', 'nosuchkey123'], ENV)
  assert.equal(code, 1)
  assert.equal(stdout, '')
  assert.equal(
    stderr,
    `ibanmint: no key with id "nosuchkey123" in key file ${ENV.KEYS_FILE} (see "ibanmint keys list")\n`,
  )
})

test('standard output on a full disk stops the command with one line and exit 1', () => {
  // Redirected to a file, standard output writes synchronously: /dev/full refuses every write.
  const full = openSync('/dev/full', 'w')
  try {
    for (const args of [
      ['generate', 'DE', '-n', '5', '--threads', '1'],
      ['generate', 'DE', '-n', '50000', '--threads', '1'],
      ['generate', 'DE', '-n', '50000'],
      ['countries'],
    ]) {
      const { status, stderr } = spawnSync(process.execPath, [BIN, ...args], {
        stdio: ['ignore', full, 'pipe'],
        encoding: 'utf8',
      })
      assert.equal(status, 1, `${args.join(' ')}: ${stderr}`)
      assert.equal(stderr, 'ibanmint: cannot write standard output: no space left on device\n', args.join(' '))
    }
  } finally {
    closeSync(full)
  }
})

test('a file that fails while it is written stops the command with one line and exit 1', () => {
  // /dev/full accepts the open and refuses every write (ENOSPC), as a full disk does.
  for (const count of ['5', '50000']) {
    const { code, stderr } = runBin(['generate', 'DE', '-n', count, '-o', '/dev/full'])
    assert.equal(code, 1, `${count}: ${stderr}`)
    assert.equal(stderr, 'ibanmint: cannot write /dev/full: no space left on device\n')
  }
})
