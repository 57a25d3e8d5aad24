// docs/mcp.md's client configurations, read from the file and used as each client uses them:
// every block is checked against its client's format, then what it names is started the way
// the client starts it (the command spawned with its arguments and environment, spoken to over
// stdio) or connected to (its URL, with the documented default address replaced by the test
// server's), through the official SDK's clients. `ibanmint` is on the client's PATH as
// `npm install --global` of the tarball puts it there (a link to this checkout's build).
import assert from 'node:assert/strict'
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, before, test } from 'node:test'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { getDefaultEnvironment, StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import { buildServerCard } from '../../src/mcp/card.ts'
import { startApp, type TestApp } from '../helpers/app.ts'

const ROOT = join(import.meta.dirname, '..', '..')
const DOCS = readFileSync(join(ROOT, 'docs', 'mcp.md'), 'utf8')
const DOCUMENTED_ORIGIN = 'http://127.0.0.1:8080'
const CLIENTS = ['Claude Desktop', 'Claude Code', 'VS Code', 'Cursor'] as const
type ClientName = (typeof CLIENTS)[number]

type Launch =
  | { transport: 'stdio'; command: string; args: string[]; env: Record<string, string> }
  | { transport: 'http'; url: string }

interface Block {
  client: ClientName
  language: string
  text: string
}

/** The fenced blocks of each `## ` section, by heading. */
function sectionBlocks(markdown: string): { heading: string; language: string; text: string }[] {
  return markdown
    .split(/^## /m)
    .slice(1)
    .flatMap((section) => {
      const heading = section.slice(0, section.indexOf('\n')).trim()
      return [...section.matchAll(/^```(\w*)\n([\s\S]*?)^```$/gm)].map((match) => ({
        heading,
        language: match[1] ?? '',
        text: match[2] ?? '',
      }))
    })
}

/** The fenced blocks under each client's `## ` heading. */
function blocksOf(markdown: string): Block[] {
  return sectionBlocks(markdown).flatMap(({ heading, language, text }) => {
    const client = CLIENTS.find((name) => name === heading)
    return client === undefined ? [] : [{ client, language, text }]
  })
}

function isStringList(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((item) => typeof item === 'string')
}

/** One server entry of a JSON configuration, checked against its client's format. */
function launchOfEntry(client: ClientName, entry: Record<string, unknown>): Launch {
  const keys = Object.keys(entry).sort()
  const env = (entry['env'] ?? {}) as Record<string, string>
  if (typeof entry['url'] === 'string') {
    assert.notEqual(client, 'Claude Desktop', 'Claude Desktop starts only stdio servers from its configuration file')
    // VS Code and Claude Code name the transport; Cursor tells it by the url.
    if (client === 'Cursor') assert.deepEqual(keys, ['url'])
    else assert.deepEqual([keys, entry['type']], [['type', 'url'], 'http'])
    return { transport: 'http', url: entry['url'] }
  }
  assert.equal(typeof entry['command'], 'string')
  assert.ok(isStringList(entry['args']))
  const allowed = client === 'VS Code' ? ['args', 'command', 'env', 'type'] : ['args', 'command', 'env']
  assert.ok(
    keys.every((key) => allowed.includes(key)),
    `${client}: ${keys.join(', ')}`,
  )
  if (client === 'VS Code') assert.equal(entry['type'], 'stdio', 'VS Code names each server’s type')
  return { transport: 'stdio', command: entry['command'] as string, args: entry['args'], env }
}

/** A JSON block: `servers` for VS Code, `mcpServers` for the others; one server, ibanmint. */
function launchOfJson(block: Block): Launch {
  const config = JSON.parse(block.text) as Record<string, Record<string, Record<string, unknown>>>
  const key = block.client === 'VS Code' ? 'servers' : 'mcpServers'
  assert.deepEqual(Object.keys(config), [key], `${block.client} reads "${key}"`)
  assert.deepEqual(Object.keys(config[key] ?? {}), ['ibanmint'])
  return launchOfEntry(block.client, config[key]?.['ibanmint'] ?? {})
}

/** `claude mcp add [--transport http|stdio] [--scope S] [-e K=V] <name> (<url> | -- <command> <args>)`. */
function launchOfClaudeMcpAdd(line: string): Launch {
  const words = line.trim().split(/\s+/)
  assert.deepEqual(words.slice(0, 3), ['claude', 'mcp', 'add'], line)
  const separator = words.indexOf('--')
  const options = words.slice(3, separator < 0 ? undefined : separator)
  let transport = 'stdio'
  const env: Record<string, string> = {}
  const positionals: string[] = []
  for (let i = 0; i < options.length; i++) {
    const word = options[i] as string
    if (word === '--transport') transport = options[++i] as string
    else if (word === '--scope' || word === '-s') i++
    else if (word === '-e' || word === '--env') {
      const [name, ...value] = (options[++i] as string).split('=')
      env[name as string] = value.join('=')
    } else positionals.push(word)
  }
  assert.equal(positionals[0], 'ibanmint', line)
  if (transport === 'http') {
    assert.equal(separator, -1, line)
    assert.equal(positionals.length, 2, line)
    return { transport: 'http', url: positionals[1] as string }
  }
  assert.equal(transport, 'stdio', line)
  assert.equal(positionals.length, 1, line)
  const [command, ...args] = words.slice(separator + 1)
  assert.ok(command, line)
  return { transport: 'stdio', command, args, env }
}

function launchOf(block: Block): Launch {
  if (block.language === 'json') return launchOfJson(block)
  assert.equal(block.language, 'sh', `${block.client}: a ${block.language} block`)
  assert.equal(block.client, 'Claude Code', 'only Claude Code is configured by a command')
  const lines = block.text.trim().split('\n')
  assert.equal(lines.length, 1, block.text)
  return launchOfClaudeMcpAdd(lines[0] as string)
}

let app: TestApp
let install: string
const cleanup: (() => unknown)[] = []
before(async () => {
  app = await startApp({ after: (fn) => cleanup.push(fn) }, { env: { MCP_RATE_LIMIT: '100000' } })
  // ibanmint as `npm install --global` of its tarball installs it: the package in a prefix's
  // lib/node_modules, and its command in the prefix's bin, which is on the PATH.
  install = mkdtempSync(join(tmpdir(), 'ibanmint-docs-'))
  mkdirSync(join(install, 'lib', 'node_modules'), { recursive: true })
  mkdirSync(join(install, 'bin'))
  symlinkSync(ROOT, join(install, 'lib', 'node_modules', 'ibanmint'))
  symlinkSync('../lib/node_modules/ibanmint/bin/ibanmint.js', join(install, 'bin', 'ibanmint'))
})
after(async () => {
  for (const fn of cleanup.reverse()) await fn()
  rmSync(install, { recursive: true, force: true })
})

/** Connects as the client would; the same launch is made once for every block that names it. */
async function connect(launch: Launch): Promise<Client> {
  const client = new Client({ name: 'ibanmint-docs', version: '1.0.0' })
  if (launch.transport === 'http') {
    assert.ok(launch.url.startsWith(`${DOCUMENTED_ORIGIN}/`), launch.url)
    const url = new URL(launch.url.replace(DOCUMENTED_ORIGIN, app.url))
    await client.connect(new StreamableHTTPClientTransport(url))
    return client
  }
  const transport = new StdioClientTransport({
    command: launch.command,
    args: launch.args,
    // A client's environment: the variables it passes on (PATH with the global prefix's bin),
    // the entry's own, and npm kept offline.
    env: {
      ...getDefaultEnvironment(),
      PATH: `${join(install, 'bin')}:${process.env['PATH'] ?? ''}`,
      npm_config_offline: 'true',
      ...launch.env,
    },
    cwd: install,
    stderr: 'ignore',
  })
  await client.connect(transport)
  return client
}

test('docs/mcp.md configures Claude Desktop, Claude Code, VS Code and Cursor, each in its own format', () => {
  const blocks = blocksOf(DOCS)
  const launches = blocks.map((block) => ({ client: block.client, launch: launchOf(block) }))
  for (const client of CLIENTS) {
    const own = launches.filter((entry) => entry.client === client).map((entry) => entry.launch.transport)
    assert.ok(own.includes('stdio'), `${client}: the local server`)
    // Claude Desktop adds remote servers in its settings, not in a file (the docs say how).
    if (client !== 'Claude Desktop') assert.ok(own.includes('http'), `${client}: the /mcp URL`)
  }
  assert.equal(blocks.length, 9)
})

test('every configuration in docs/mcp.md starts or reaches ibanmint, and its tools answer', async () => {
  const launches = new Map<string, { launch: Launch; clients: ClientName[] }>()
  for (const block of blocksOf(DOCS)) {
    const launch = launchOf(block)
    const key = JSON.stringify(launch)
    const entry = launches.get(key) ?? { launch, clients: [] }
    entry.clients.push(block.client)
    launches.set(key, entry)
  }
  for (const { launch, clients } of launches.values()) {
    const client = await connect(launch)
    try {
      const { tools } = await client.listTools()
      assert.deepEqual(
        tools.map((tool) => tool.name),
        [
          'list_countries',
          'list_banks',
          'generate_iban',
          'validate_iban',
          'build_iban',
          'lookup_bic',
          'generate_payment_file',
        ],
        clients.join(', '),
      )
      const built = await client.callTool({
        name: 'build_iban',
        arguments: { country: 'DE', bank: '37040044', account: '0532013000' },
      })
      assert.equal((built.structuredContent as { iban: string }).iban, 'DE89370400440532013000', clients.join(', '))
    } finally {
      await client.close()
    }
  }
  assert.deepEqual(
    [...launches.values()].map(({ launch }) => launch.transport).sort(),
    ['http', 'stdio'],
    'one local command and one URL across the clients',
  )
})

test('docs/mcp.md’s example result is what generate_iban answers', async () => {
  const examples = sectionBlocks(DOCS).filter((block) => block.heading === 'Results' && block.language === 'json')
  assert.equal(examples.length, 1)
  const client = await connect({ transport: 'http', url: `${DOCUMENTED_ORIGIN}/mcp` })
  try {
    const result = await client.callTool({
      name: 'generate_iban',
      arguments: { country: 'DE', count: 2, seed: 42, bank_details: true },
    })
    assert.deepEqual(result.structuredContent, JSON.parse(examples[0]?.text ?? ''))
  } finally {
    await client.close()
  }
})

/** What tells a user how to start ibanmint for a client: the MCP page, the README, `ibanmint mcp --help`, the card. */
function launchTexts(): [string, string][] {
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8')
  const help = spawnSync(process.execPath, [join(ROOT, 'bin', 'ibanmint.js'), 'mcp', '--help'], { encoding: 'utf8' })
  return [
    ['docs/mcp.md', DOCS],
    [
      'README.md (MCP)',
      readme.slice(
        readme.indexOf('**MCP.**'),
        readme.indexOf('\n\n', readme.indexOf('```sh', readme.indexOf('**MCP.**'))),
      ),
    ],
    ['ibanmint mcp --help', help.stdout],
    ['the server card', JSON.stringify(buildServerCard('https://mint.example.com'))],
  ]
}

test('no command shown for MCP clients can fetch ibanmint from the registry: npx only with --no-install', () => {
  for (const [where, text] of launchTexts()) {
    assert.ok(text.length > 100, where)
    assert.doesNotMatch(text, /npx\s+(-y|--yes)\b/, where)
    // Every npx that names ibanmint refuses to install it; the Inspector is a published package.
    for (const [line] of text.matchAll(/npx\b[^\n`]*/g)) {
      if (/ibanmint/.test(line) && !/@modelcontextprotocol\/inspector/.test(line)) {
        assert.match(line, /--no-install/, `${where}: ${line}`)
      }
    }
  }
})

test('`npx --no-install ibanmint mcp` runs a project’s installed copy, and installs nothing where there is none', async () => {
  assert.match(DOCS, /"command": "npx", "args": \["--no-install", "ibanmint", "mcp"\]/)
  // A project with the tarball installed: the package in node_modules, its command in .bin.
  const project = mkdtempSync(join(tmpdir(), 'ibanmint-project-'))
  const elsewhere = mkdtempSync(join(tmpdir(), 'ibanmint-elsewhere-'))
  try {
    writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'app', dependencies: { ibanmint: '0.3.0' } }))
    mkdirSync(join(project, 'node_modules', '.bin'), { recursive: true })
    symlinkSync(ROOT, join(project, 'node_modules', 'ibanmint'))
    symlinkSync('../ibanmint/bin/ibanmint.js', join(project, 'node_modules', '.bin', 'ibanmint'))
    // npm offline: a command that reached for the registry would fail here.
    const env = { ...getDefaultEnvironment(), npm_config_offline: 'true', npm_config_update_notifier: 'false' }
    const client = new Client({ name: 'ibanmint-docs', version: '1.0.0' })
    await client.connect(
      new StdioClientTransport({
        command: 'npx',
        args: ['--no-install', 'ibanmint', 'mcp'],
        env,
        cwd: project,
        stderr: 'ignore',
      }),
    )
    try {
      const { tools } = await client.listTools()
      assert.equal(tools.length, 7)
    } finally {
      await client.close()
    }
    writeFileSync(join(elsewhere, 'package.json'), JSON.stringify({ name: 'other' }))
    const refused = spawnSync('npx', ['--no-install', 'ibanmint', 'mcp'], {
      cwd: elsewhere,
      env,
      encoding: 'utf8',
      input: '',
    })
    assert.notEqual(refused.status, 0, 'nothing to run, nothing installed')
    assert.doesNotMatch(refused.stdout, /jsonrpc/)
    assert.equal(existsSync(join(elsewhere, 'node_modules')), false)
  } finally {
    rmSync(project, { recursive: true, force: true })
    rmSync(elsewhere, { recursive: true, force: true })
  }
})
