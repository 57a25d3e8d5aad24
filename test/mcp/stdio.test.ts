// `ibanmint mcp` as MCP clients run it: the built command in a child process, spoken to over
// its stdin and stdout by the official SDK's stdio clients of both eras, and byte by byte to
// show that stdout carries the protocol and nothing else.
import assert from 'node:assert/strict'
import { spawn, spawnSync, type ChildProcessWithoutNullStreams } from 'node:child_process'
import { once } from 'node:events'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, test } from 'node:test'
import { Client as LegacyClient } from '@modelcontextprotocol/sdk/client/index.js'
import { StdioClientTransport as LegacyStdioTransport } from '@modelcontextprotocol/sdk/client/stdio.js'
import { Client } from '@modelcontextprotocol/client'
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio'
import { generate, generateRequestOf, lookupBic } from '../../src/core/operations.ts'
import { COUNTRIES, validateIban } from '../../src/iban/index.ts'
import { lintTools } from './portability-rules.ts'

// The built command line (bin/ibanmint.js runs dist/), as users run it.
const BIN = join(import.meta.dirname, '..', '..', 'bin', 'ibanmint.js')
const TOOLS = [
  'list_countries',
  'list_banks',
  'generate_iban',
  'validate_iban',
  'build_iban',
  'lookup_bic',
  'generate_payment_file',
]

interface ToolClient {
  listTools(): Promise<{ tools: { name: string; inputSchema: unknown; outputSchema?: unknown }[] }>
  callTool(params: { name: string; arguments?: Record<string, unknown> }): Promise<Record<string, unknown>>
  close(): Promise<void>
}

async function connect(era: 'SDK 1.x (2025-era)' | 'v2 (2026-07-28)'): Promise<ToolClient> {
  const server = { command: process.execPath, args: [BIN, 'mcp'], stderr: 'ignore' as const }
  if (era === 'SDK 1.x (2025-era)') {
    const client = new LegacyClient({ name: 'ibanmint-tests', version: '1.0.0' })
    await client.connect(new LegacyStdioTransport(server))
    return client
  }
  const client = new Client(
    { name: 'ibanmint-tests', version: '1.0.0' },
    { versionNegotiation: { mode: { pin: '2026-07-28' } } },
  )
  await client.connect(new StdioClientTransport(server))
  assert.equal(client.getNegotiatedProtocolVersion(), '2026-07-28')
  return client
}

function structured(result: Record<string, unknown>): Record<string, unknown> {
  assert.notEqual(result['isError'], true, JSON.stringify(result))
  const content = result['content'] as { type: string; text: string }[]
  assert.deepEqual(JSON.parse(content[0]?.text ?? ''), result['structuredContent'], 'the text is the same JSON')
  return result['structuredContent'] as Record<string, unknown>
}

for (const era of ['SDK 1.x (2025-era)', 'v2 (2026-07-28)'] as const) {
  describe(`ibanmint mcp through the ${era} stdio client`, () => {
    test('lists the six tools with portable schemas and serves each of them', async (t) => {
      const client = await connect(era)
      t.after(() => client.close())
      const { tools } = await client.listTools()
      assert.deepEqual(
        tools.map((tool) => tool.name),
        TOOLS,
      )
      assert.deepEqual(lintTools(tools), [], 'no portability finding')

      const generated = structured(
        await client.callTool({ name: 'generate_iban', arguments: { country: 'fr', count: 5, seed: 42 } }),
      )
      const expected = generate(generateRequestOf('FR', { count: 5, seed: 42 }))
      assert.deepEqual(
        (generated['ibans'] as { iban: string }[]).map((row) => row.iban),
        expected.ibans.map((row) => row.iban),
      )
      assert.deepEqual([generated['seed'], generated['offset'], generated['next_offset']], ['42', 0, 5])
      for (const { iban } of generated['ibans'] as { iban: string }[]) assert.equal(validateIban(iban).valid, true)

      const built = structured(
        await client.callTool({ name: 'build_iban', arguments: { country: 'DE', bank: 37040044, account: 532013000 } }),
      )
      assert.equal(built['iban'], 'DE89370400440532013000')
      const checked = structured(await client.callTool({ name: 'validate_iban', arguments: { iban: 'de89 3704' } }))
      assert.equal(checked['valid'], false)
      const countries = structured(await client.callTool({ name: 'list_countries', arguments: {} }))
      assert.equal(countries['count'], COUNTRIES.length)
      assert.equal((countries['countries'] as unknown[]).length, COUNTRIES.length, 'all of them in one call')
      assert.equal(countries['next_offset'], undefined)
      const banks = structured(
        await client.callTool({ name: 'list_banks', arguments: { country: 'DE', search: 'deutsche bank', limit: 5 } }),
      )
      assert.deepEqual(
        (banks['banks'] as { name: string }[]).map((bank) => bank.name),
        Array(5).fill('Deutsche Bank'),
      )

      const bic = structured(await client.callTool({ name: 'lookup_bic', arguments: { bic: 'COBADEFFXXX' } }))
      const all = lookupBic('COBADEFFXXX').banks
      assert.ok(all.length > 60, 'the BIC has more banks than one page holds')
      assert.equal(bic['bank_count'], all.length)
      assert.deepEqual(bic['banks'], all.slice(0, 30))
      const carriers: unknown[] = []
      for (let offset: number | undefined = 0; offset !== undefined;) {
        const page = structured(
          await client.callTool({ name: 'lookup_bic', arguments: { bic: 'COBADEFFXXX', limit: 60, offset } }),
        )
        carriers.push(...(page['banks'] as unknown[]))
        offset = page['next_offset'] as number | undefined
      }
      assert.deepEqual(carriers, JSON.parse(JSON.stringify(all)))

      const refused = await client.callTool({ name: 'generate_iban', arguments: { country: 'DE', count: 101 } })
      assert.equal(refused['isError'], true)
      const body = JSON.parse((refused['content'] as { text: string }[])[0]?.text ?? '') as { error: { code: string } }
      assert.equal(body.error.code, 'invalid_request')
    })
  })
}

/** A raw exchange with `ibanmint mcp`: JSON-RPC lines in, stdout and stderr collected. */
class RawSession {
  readonly child: ChildProcessWithoutNullStreams
  stdout = ''
  stderr = ''
  readonly #waiting = new Map<number, (message: Record<string, unknown>) => void>()
  #watchers: ((message: Record<string, unknown>) => boolean)[] = []

  constructor(execArgv: string[] = [], env: Record<string, string> = {}) {
    this.child = spawn(process.execPath, [...execArgv, BIN, 'mcp'], { env: { ...process.env, ...env } })
    let pending = '' // a message split across chunks waits here for its newline
    this.child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      this.stdout += chunk
      const lines = (pending + chunk).split('\n')
      pending = lines.pop() ?? ''
      for (const line of lines) {
        let message: { id?: unknown }
        try {
          message = JSON.parse(line) as { id?: unknown }
        } catch {
          continue // not JSON: the test's check of every stdout line reports it
        }
        if (typeof message.id === 'number') this.#waiting.get(message.id)?.(message)
        this.#watchers = this.#watchers.filter((watch) => !watch(message as Record<string, unknown>))
      }
    })
    this.child.stderr.setEncoding('utf8').on('data', (chunk: string) => (this.stderr += chunk))
  }

  /** Resolves once the server has said on stderr that it serves (stdout is reserved by then). */
  async started(): Promise<void> {
    while (!this.stderr.includes('MCP server on stdio')) {
      const [event] = (await Promise.race([once(this.child.stderr, 'data'), once(this.child, 'exit')])) as unknown[]
      if (typeof event !== 'string') throw new Error(`ibanmint mcp exited before serving: ${this.stderr}`)
    }
  }

  /** The first message (an answer or an error) from now on that `matches` accepts. */
  next(matches: (message: Record<string, unknown>) => boolean): Promise<Record<string, unknown>> {
    return new Promise((resolve) =>
      this.#watchers.push((message) => (matches(message) ? (resolve(message), true) : false)),
    )
  }

  async exitCode(): Promise<number | null> {
    if (this.child.exitCode !== null) return this.child.exitCode
    const [code] = (await once(this.child, 'exit')) as [number | null]
    return code
  }

  send(message: unknown): void {
    this.child.stdin.write(`${typeof message === 'string' ? message : JSON.stringify(message)}\n`)
  }

  request(id: number, method: string, params: Record<string, unknown> = {}): Promise<Record<string, unknown>> {
    const answered = new Promise<Record<string, unknown>>((resolve) => this.#waiting.set(id, resolve))
    this.send({ jsonrpc: '2.0', id, method, params })
    return answered
  }

  async end(): Promise<number | null> {
    this.child.stdin.end()
    return this.exitCode()
  }
}

const INITIALIZE = {
  protocolVersion: '2025-11-25',
  capabilities: {},
  clientInfo: { name: 'raw', version: '1' },
}

describe('ibanmint mcp over raw stdio', () => {
  test('stdout carries JSON-RPC messages only, even when something else prints; results are sized for an assistant', async () => {
    // A stray console.log in the process, made on the first message the client sends.
    const stray = 'process.stdin.once("data",()=>console.log("stray output"))'
    const session = new RawSession([`--import=data:text/javascript,${encodeURIComponent(stray)}`])
    await session.started()
    const init = await session.request(1, 'initialize', INITIALIZE)
    assert.equal((init['result'] as { serverInfo: { name: string } }).serverInfo.name, 'ibanmint')
    session.send({ jsonrpc: '2.0', method: 'notifications/initialized' })
    session.send('this is not JSON')
    const answers = await Promise.all([
      session.request(2, 'tools/list'),
      session.request(3, 'tools/call', { name: 'generate_iban', arguments: { country: 'IT', count: 100 } }),
      session.request(4, 'tools/call', { name: 'generate_iban', arguments: { country: 'ZZ' } }),
      session.request(5, 'tools/call', { name: 'mint_money', arguments: {} }),
      session.request(6, 'resources/list'),
      session.request(7, 'tools/call', { name: 'list_countries', arguments: {} }),
      session.request(8, 'tools/call', { name: 'lookup_bic', arguments: { bic: 'COBADEFFXXX' } }),
    ])
    assert.equal(await session.end(), 0, session.stderr)

    assert.equal(
      ((answers[1]['result'] as Record<string, unknown>)['structuredContent'] as { ibans: [] }).ibans.length,
      100,
    )
    assert.equal((answers[2]['result'] as { isError: boolean }).isError, true)
    assert.equal((answers[3]['error'] as { code: number }).code, -32602)
    assert.equal((answers[4]['error'] as { code: number }).code, -32601)
    const lines = session.stdout.split('\n')
    assert.equal(lines.pop(), '', 'every message ends with a newline')
    for (const line of lines) {
      const message = JSON.parse(line) as Record<string, unknown>
      assert.equal(message['jsonrpc'], '2.0', line.slice(0, 200))
    }
    assert.ok(lines.length >= 8)
    assert.match(session.stderr, /stray output/)
    assert.match(session.stderr, /^ibanmint \d+\.\d+\.\d+\S*: MCP server on stdio \(1 generation thread\)/)
    // The calls an assistant makes first: the text a model reads, and the whole result on the
    // wire (structuredContent and its text copy).
    for (const [id, text, whole] of [
      [7, 8_000, 16_000],
      [8, 4_000, 8_000],
    ] as const) {
      const result = answers[id - 2]?.['result'] as { content: { text: string }[] }
      const textBytes = Buffer.byteLength(result.content[0]?.text ?? '')
      const wholeBytes = Buffer.byteLength(JSON.stringify(result))
      assert.ok(
        textBytes < text && wholeBytes < whole,
        `result ${id}: ${textBytes} bytes of text, ${wholeBytes} in all`,
      )
    }
    const parseError = lines.map((line) => JSON.parse(line) as Record<string, unknown>).find((m) => m['id'] === null)
    assert.deepEqual(parseError?.['error'], { code: -32700, message: 'Parse error: the line is not JSON' })
  })

  test('stdin closed right after the requests: every request is answered, then it exits 0', async () => {
    const session = new RawSession()
    await session.started()
    // Written at once and stdin closed, as a script or a pipe does: nothing waits for an answer.
    const lines = [
      { jsonrpc: '2.0', id: 1, method: 'initialize', params: INITIALIZE },
      { jsonrpc: '2.0', method: 'notifications/initialized' },
      ...['DE', 'PL', 'IT', 'FR'].map((country, i) => ({
        jsonrpc: '2.0',
        id: 2 + i,
        method: 'tools/call',
        params: { name: 'generate_iban', arguments: { country, count: 100, seed: 'end', bank_details: true } },
      })),
      { jsonrpc: '2.0', id: 6, method: 'tools/call', params: { name: 'list_banks', arguments: { country: 'DE' } } },
      { jsonrpc: '2.0', id: 7, method: 'tools/call', params: { name: 'list_countries', arguments: {} } },
      { jsonrpc: '2.0', id: 8, method: 'tools/list' },
    ]
    session.child.stdin.end(lines.map((line) => `${JSON.stringify(line)}\n`).join(''))
    const [code] = (await once(session.child, 'exit')) as [number | null]
    assert.equal(code, 0, session.stderr)
    const answers = session.stdout
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line) as { id: number; result?: { isError?: boolean; structuredContent?: unknown } })
    assert.deepEqual(
      answers.map((answer) => answer.id).sort((a, b) => a - b),
      [1, 2, 3, 4, 5, 6, 7, 8],
    )
    for (const answer of answers) assert.notEqual(answer.result?.isError, true, JSON.stringify(answer).slice(0, 300))
    for (const answer of answers.filter((a) => a.id >= 2 && a.id <= 5)) {
      assert.equal((answer.result?.structuredContent as { ibans: unknown[] }).ibans.length, 100)
    }
    assert.doesNotMatch(session.stderr, /failed|abort/i)
  })

  test('the last line needs no newline: it is answered when stdin ends', async () => {
    const session = new RawSession()
    await session.started()
    const call = { name: 'generate_iban', arguments: { country: 'NO', count: 3 } }
    session.child.stdin.end(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: call }))
    assert.equal(await session.exitCode(), 0, session.stderr)
    const answer = JSON.parse(session.stdout) as { id: number; result: { structuredContent: { ibans: unknown[] } } }
    assert.equal(answer.result.structuredContent.ibans.length, 3)
  })

  test('a line over 10 MiB gets a JSON-RPC error (id null) and the next line is still answered', async () => {
    const session = new RawSession()
    await session.started()
    const init = await session.request(1, 'initialize', INITIALIZE)
    assert.equal((init['result'] as { serverInfo: { name: string } }).serverInfo.name, 'ibanmint')
    // 11 MiB: an IBAN list no client needs, written in pieces as a pipe delivers it.
    const huge = JSON.stringify({
      jsonrpc: '2.0',
      id: 2,
      method: 'tools/call',
      params: { name: 'validate_iban', arguments: { ibans: ['x'.repeat(11 * 1024 * 1024)] } },
    })
    const refused = session.next((message) => message['id'] === null)
    for (let at = 0; at < huge.length; at += 1 << 20) session.child.stdin.write(huge.slice(at, at + (1 << 20)))
    session.child.stdin.write('\n')
    const error = (await refused)['error'] as { code: number; message: string }
    assert.equal(error.code, -32600)
    assert.match(error.message, /over the limit of 10485760 bytes/)
    const after = await session.request(3, 'tools/call', {
      name: 'validate_iban',
      arguments: { iban: 'DE89370400440532013000' },
    })
    assert.equal((after['result'] as { structuredContent: { valid: boolean } }).structuredContent.valid, true)
    assert.equal(await session.end(), 0, session.stderr)
    assert.doesNotMatch(session.stdout, /"id":2\b/, 'the long line was not read as a request')
  })

  test('a line that is not JSON is -32700, one that is not JSON-RPC -32600 (with its id when it has one)', async () => {
    const session = new RawSession()
    await session.started()
    const answers: Record<string, unknown>[] = []
    const collected = session.next((message) => {
      answers.push(message)
      return answers.length === 4
    })
    session.send('{"jsonrpc":"2.0","id":1,"method":"tools/list"')
    session.send('{"jsonrpc":"2.0","id":"a","params":{}}')
    session.send([{ jsonrpc: '2.0', id: 2, method: 'tools/list' }])
    session.send('{"jsonrpc":"1.0","id":3,"method":"tools/list"}')
    await collected
    assert.deepEqual(
      answers.map((answer) => [answer['id'], (answer['error'] as { code: number }).code]),
      [
        [null, -32700],
        ['a', -32600],
        [null, -32600],
        [3, -32600],
      ],
    )
    const listed = await session.request(4, 'tools/list')
    assert.equal((listed['result'] as { tools: unknown[] }).tools.length, TOOLS.length)
    assert.equal(await session.end(), 0, session.stderr)
    assert.match(session.stderr, /protocol error: Parse error: the line is not JSON\n/)
    assert.doesNotMatch(session.stderr, /ZodError|\n\s+at /, 'one line per refusal, no stack')
  })

  test('it exits 0 when stdin closes and on SIGTERM', async () => {
    const closed = new RawSession()
    await closed.started()
    await closed.request(1, 'initialize', INITIALIZE)
    assert.equal(await closed.end(), 0)
    const signalled = new RawSession()
    await signalled.started()
    signalled.child.kill('SIGTERM')
    const [code, signal] = (await once(signalled.child, 'exit')) as [number | null, string | null]
    assert.equal(code, 0, `${signal}: ${signalled.stderr}`)
    assert.equal(signalled.stdout, '')
  })

  test('--help prints the usage and a worked example that does what it shows; an argument or a bad POOL_THREADS is a usage error, stdout left empty', () => {
    const help = spawnSync(process.execPath, [BIN, 'mcp', '--help'], { encoding: 'utf8' })
    assert.equal(help.status, 0)
    assert.match(help.stdout, /^Usage: ibanmint mcp\n/)
    // Only commands that run what the user installed: `npx -y ibanmint` would run whatever the
    // registry holds under that name (ibanmint is not published there).
    assert.match(help.stdout, /\$ claude mcp add ibanmint -- ibanmint mcp\n/)
    assert.doesNotMatch(help.stdout, /npx/)
    assert.match(
      help.stdout,
      /\nTools:\n {2}list_countries, list_banks, generate_iban, validate_iban, build_iban,\n {2}lookup_bic, generate_payment_file\n/,
    )
    assert.ok(
      help.stdout.split('\n').every((line) => line.length <= 80),
      'lines of at most 80 characters',
    )
    // The worked example prints what the help shows below it.
    // The command goes on below a line that ends in "|"; what it prints follows.
    const [first = '', second = '', ...shown] = help.stdout.slice(help.stdout.indexOf('  $ echo')).trimEnd().split('\n')
    const command = `${first.slice(4)} ${second.trim()}`
    const shims = mkdtempSync(join(tmpdir(), 'ibanmint-bin-'))
    try {
      writeFileSync(join(shims, 'ibanmint'), `#!/bin/sh\nexec "${process.execPath}" "${BIN}" "$@"\n`, { mode: 0o755 })
      const example = spawnSync('bash', ['-o', 'pipefail', '-c', command], {
        encoding: 'utf8',
        env: { ...process.env, PATH: `${shims}:${process.env['PATH']}` },
      })
      assert.equal(example.stdout, shown.map((line) => line.slice(2)).join('\n') + '\n')
      assert.equal(shown.length, TOOLS.length)
    } finally {
      rmSync(shims, { recursive: true, force: true })
    }
    const extra = spawnSync(process.execPath, [BIN, 'mcp', 'now'], { encoding: 'utf8', input: '' })
    assert.equal(extra.status, 2)
    assert.equal(extra.stdout, '')
    assert.match(
      extra.stderr,
      /^ibanmint: unexpected argument "now": mcp takes no arguments\b.*Try "ibanmint mcp --help"\.\n$/,
    )
    const threads = spawnSync(process.execPath, [BIN, 'mcp'], {
      encoding: 'utf8',
      input: '',
      env: { ...process.env, POOL_THREADS: 'many' },
    })
    assert.equal(threads.status, 2)
    assert.equal(threads.stdout, '')
    assert.match(threads.stderr, /POOL_THREADS must be an integer between 1 and 256, got "many"/)
    const listed = spawnSync(process.execPath, [BIN, '--help'], { encoding: 'utf8' })
    assert.match(listed.stdout, /\n {2}mcp {2,}the MCP tools over stdio/)
  })
})
