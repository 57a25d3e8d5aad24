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
import { generate, lookupBic, requireCountry } from '../../src/core/operations.ts'
import { COUNTRIES, validateIban } from '../../src/iban/index.ts'
import { lintTools } from './portability-rules.ts'

// The built command line (bin/ibanmint.js runs dist/), as users run it.
const BIN = join(import.meta.dirname, '..', '..', 'bin', 'ibanmint.js')
const TOOLS = ['list_countries', 'generate_iban', 'validate_iban', 'build_iban', 'lookup_bic']

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
    test('lists the five tools with portable schemas and serves each of them', async (t) => {
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
      const expected = generate({
        country: requireCountry('FR'),
        territory: undefined,
        count: 5,
        realistic: true,
        seed: '42',
        bank: undefined,
        invalid: undefined,
      })
      assert.deepEqual(generated, JSON.parse(JSON.stringify(expected)))
      for (const { iban } of generated['ibans'] as { iban: string }[]) assert.equal(validateIban(iban).valid, true)

      const built = structured(
        await client.callTool({ name: 'build_iban', arguments: { country: 'DE', bank: 37040044, account: 532013000 } }),
      )
      assert.equal(built['iban'], 'DE89370400440532013000')
      const checked = structured(await client.callTool({ name: 'validate_iban', arguments: { iban: 'de89 3704' } }))
      assert.equal(checked['valid'], false)
      const countries = structured(await client.callTool({ name: 'list_countries', arguments: {} }))
      assert.equal(countries['count'], COUNTRIES.length)
      assert.equal(countries['next_offset'], 15)

      const bic = structured(await client.callTool({ name: 'lookup_bic', arguments: { bic: 'COBADEFFXXX' } }))
      const all = lookupBic('COBADEFFXXX').banks
      assert.ok(all.length > 60, 'the BIC has more banks than one page holds')
      assert.equal(bic['bank_count'], all.length)
      assert.deepEqual(bic['banks'], all.slice(0, 30))
      const banks: unknown[] = []
      for (let offset: number | undefined = 0; offset !== undefined;) {
        const page = structured(
          await client.callTool({ name: 'lookup_bic', arguments: { bic: 'COBADEFFXXX', limit: 60, offset } }),
        )
        banks.push(...(page['banks'] as unknown[]))
        offset = page['next_offset'] as number | undefined
      }
      assert.deepEqual(banks, JSON.parse(JSON.stringify(all)))

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
    const [code] = (await once(this.child, 'exit')) as [number | null]
    return code
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
    // Whole results (structuredContent and its text copy) of the calls an assistant makes first.
    for (const id of [7, 8]) {
      const line = lines.find((candidate) => candidate.includes(`"id":${id}}`) || candidate.includes(`"id":${id},`))
      const bytes = Buffer.byteLength(JSON.stringify((JSON.parse(line ?? '{}') as { result: unknown }).result))
      assert.ok(bytes < 10_000, `result ${id}: ${bytes} bytes`)
    }
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
    assert.match(help.stdout, /claude mcp add ibanmint -- npx -y ibanmint mcp/)
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
