// Every --help as a new user reads it, from the built bin: it fits an 80-column terminal, its
// options line up, it says the exit codes, and its examples print what they show.
import assert from 'node:assert/strict'
import { spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { test } from 'node:test'
import { BIN, runBin } from '../helpers/process.ts'

const COMMANDS = ['generate', 'iban', 'validate', 'bic', 'countries', 'slices', 'serve', 'mcp', 'keys']

const HELPS: string[][] = [
  ['--help'],
  ...COMMANDS.map((command) => [command, '--help']),
  ['keys', 'create', '--help'],
  ['keys', 'list', '--help'],
  ['keys', 'revoke', '--help'],
  ['slices', 'check', '--help'],
]

const helpOf = (args: string[]) => {
  const { code, stdout, stderr } = runBin(args)
  assert.equal(code, 0, `${args.join(' ')}: ${stderr}`)
  assert.equal(stderr, '')
  return stdout
}

/** The width a terminal shows: tabs move to the next multiple of 8. */
function shownWidth(line: string): number {
  let width = 0
  for (const character of line) width = character === '\t' ? (Math.floor(width / 8) + 1) * 8 : width + 1
  return width
}

interface Example {
  command: string
  output: string[]
}

/**
 * The help's examples: `  $ ibanmint …` lines (a line ending in "\" or "|" goes on below),
 * each with the lines it prints below it, if any; "  # …" lines are comments.
 */
function examplesOf(help: string): Example[] {
  const examples: Example[] = []
  let current: Example | undefined
  let continues = false
  for (const line of help.split('\n')) {
    if (continues && current !== undefined) {
      current.command = `${current.command.replace(/\\$/, '')} ${line.trim()}`
      continues = /[\\|]$/.test(line)
    } else if (line.startsWith('  $ ')) {
      examples.push((current = { command: line.slice(4), output: [] }))
      continues = /[\\|]$/.test(line)
    } else if (!line.startsWith('  ')) current = undefined
    else if (!line.trimStart().startsWith('#')) current?.output.push(line.slice(2))
  }
  return examples
}

test('--help of the program and of every command shows a worked example; those that show output print it', () => {
  const shims = mkdtempSync(join(tmpdir(), 'ibanmint-bin-'))
  try {
    writeFileSync(join(shims, 'ibanmint'), `#!/bin/sh\nexec "${process.execPath}" "${BIN}" "$@"\n`, { mode: 0o755 })
    let checked = 0
    for (const args of HELPS) {
      const help = helpOf(args)
      assert.match(help, /Usage/)
      const examples = examplesOf(help)
      assert.ok(examples.length > 0, `${args.join(' ')}: no example`)
      for (const { command, output } of examples.filter((example) => example.output.length > 0)) {
        const shown = spawnSync('bash', ['-o', 'pipefail', '-c', command], {
          encoding: 'utf8',
          env: { ...process.env, PATH: `${shims}:${process.env['PATH']}` },
        })
        assert.equal(shown.stdout, output.join('\n') + '\n', command)
        checked++
      }
    }
    assert.ok(checked >= 10, `${checked} examples checked`)
  } finally {
    rmSync(shims, { recursive: true, force: true })
  }
})

test('every --help fits an 80-column terminal and says its exit codes', () => {
  for (const args of HELPS) {
    const help = helpOf(args)
    for (const line of help.split('\n'))
      assert.ok(shownWidth(line) <= 80, `${args.join(' ')}: ${shownWidth(line)} columns: ${line}`)
    assert.match(help, /\nExit codes: 0 /, args.join(' '))
  }
})

test("every command's options line up: each description starts in one column, its continuations too", () => {
  for (const command of COMMANDS) {
    const help = helpOf([command, '--help'])
    const section = /\nOptions:\n([\s\S]*?)\n\n/.exec(help)?.[1]
    assert.ok(section !== undefined, `${command}: no Options section`)
    const lines = section.split('\n')
    const columns = lines.flatMap((line) => {
      const match = /^( {2}-\w, | {6})--[\w-]+(?: [A-Z][\w|/]*)? +(?=\S)/.exec(line)
      return match === null ? [] : [match[0].length]
    })
    // `mcp` has no option but --help: nothing to line up with.
    assert.ok(columns.length >= (command === 'mcp' ? 1 : 2), `${command}: ${columns.length} options`)
    assert.equal(
      new Set(columns).size,
      1,
      `${command}: descriptions start at columns ${[...new Set(columns)].join(', ')}`,
    )
    const column = columns[0] as number
    for (const line of lines.filter((line) => !/^ {2}-\w, | {6}--/.test(line)))
      assert.ok((/^ +/.exec(line)?.[0].length ?? 0) >= column, `${command}: "${line}" starts left of column ${column}`)
    assert.match(section, /-h, --help +show this help/)
  }
})

test('the program help lists every command, and each command answers --help', () => {
  const help = helpOf(['--help'])
  for (const command of COMMANDS) {
    assert.match(help, new RegExp(`^ {2}${command} +\\S`, 'm'), command)
    assert.match(helpOf([command, '--help']), new RegExp(`Usage:[\\s\\S]*ibanmint ${command}`))
  }
})

test('serve --help names every environment variable the service reads, with its default', () => {
  const config = readFileSync(join(import.meta.dirname, '..', '..', 'src', 'config.ts'), 'utf8')
  const names = new Set([...config.matchAll(/env\['([A-Z_]+)'\]|integer\(env, '([A-Z_]+)'/g)].map((m) => m[1] ?? m[2]))
  assert.ok(names.size >= 15, [...names].join(', '))
  const help = helpOf(['serve', '--help'])
  for (const name of names) assert.match(help, new RegExp(`^ {2}${name} +\\S.*\\[.+\\]$`, 'm'), `${name} is not listed`)
  const keys = helpOf(['keys', '--help'])
  for (const name of ['KEYS_FILE', 'REDIS_URL', 'RATE_LIMIT']) assert.match(keys, new RegExp(name))
})
