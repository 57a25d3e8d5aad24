// Start-up of `ibanmint mcp` as an MCP client sees it: from spawning the command to the answer
// to `initialize`, and to the first generate_iban (which waits for the pool's worker thread).
// Measured in the same run next to a bare stdio server on the official SDK (serveStdio and one
// constant tool, no ibanmint code: the floor of Node plus the SDK), and through `npx
// --no-install ibanmint mcp` as the documented project configuration starts it (from a local
// install, so npm resolves it without the network). Rounds alternate between the three. Beside wall time,
// the CPU time the server process had used when it answered initialize (/proc, every thread):
// on a busy machine wall time mostly measures the wait for a core, CPU time does not.
// Usage: npm run build && node --import tsx bench/mcp-stdio.ts [--rounds N]
import { spawn } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

const argument = process.argv.indexOf('--rounds')
const ROUNDS = argument > 0 ? Number(process.argv[argument + 1]) : 10
const ROOT = join(import.meta.dirname, '..')

const BARE = `
import { McpServer, fromJsonSchema } from '@modelcontextprotocol/server'
import { serveStdio } from '@modelcontextprotocol/server/stdio'
const schema = fromJsonSchema({ type: 'object' })
serveStdio(() => {
  const server = new McpServer({ name: 'bare', version: '1.0.0' })
  server.registerTool('generate_iban', { description: 'constant', inputSchema: schema }, async () => ({
    content: [{ type: 'text', text: '{"ibans":[]}' }],
  }))
  return server
})
`

interface Launch {
  name: string
  command: string
  args: string[]
  cwd: string
  env?: Record<string, string>
}

interface Timing {
  initialize: number
  firstCall: number
  /** CPU ms of the spawned process (not of its children) when initialize was answered. */
  cpu: number
}

/** User and system CPU time of a process so far, in ms. */
function cpuOf(pid: number | undefined): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? []
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100 // USER_HZ
  } catch {
    return NaN
  }
}

const INITIALIZE = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'bench', version: '1' } },
}
const CALL = {
  jsonrpc: '2.0',
  id: 2,
  method: 'tools/call',
  params: { name: 'generate_iban', arguments: { country: 'DE', count: 1 } },
}

/** Spawns the server, sends initialize, then one tools/call; the times of their answers, in ms. */
function timeOne(launch: Launch): Promise<Timing> {
  return new Promise((resolve, reject) => {
    const started = performance.now()
    const child = spawn(launch.command, launch.args, {
      cwd: launch.cwd,
      env: { ...process.env, ...launch.env },
      stdio: ['pipe', 'pipe', 'ignore'],
    })
    let buffered = ''
    let initialize = 0
    let cpu = NaN
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      buffered += chunk
      let newline: number
      while ((newline = buffered.indexOf('\n')) >= 0) {
        const message = JSON.parse(buffered.slice(0, newline)) as { id?: number }
        buffered = buffered.slice(newline + 1)
        if (message.id === 1) {
          initialize = performance.now() - started
          cpu = cpuOf(child.pid)
          child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' })}\n`)
          child.stdin.write(`${JSON.stringify(CALL)}\n`)
        } else if (message.id === 2) {
          resolve({ initialize, firstCall: performance.now() - started, cpu })
          child.stdin.end()
        }
      }
    })
    child.once('error', reject)
    child.once('exit', (code) => {
      if (initialize === 0) reject(new Error(`${launch.name} exited (${code}) before answering`))
    })
    child.stdin.write(`${JSON.stringify(INITIALIZE)}\n`)
  })
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)] ?? NaN
}

// `npx --no-install ibanmint mcp` finds ibanmint installed in the folder it runs in, as after
// `npm install ./ibanmint-0.3.0.tgz` (it never installs: the name is not on the registry).
const install = mkdtempSync(join(tmpdir(), 'ibanmint-npx-'))
mkdirSync(join(install, 'node_modules', '.bin'), { recursive: true })
symlinkSync(ROOT, join(install, 'node_modules', 'ibanmint'))
symlinkSync('../ibanmint/bin/ibanmint.js', join(install, 'node_modules', '.bin', 'ibanmint'))

const LAUNCHES: Launch[] = [
  { name: 'bare SDK stdio server', command: process.execPath, args: ['--input-type=module', '-e', BARE], cwd: ROOT },
  { name: 'ibanmint mcp', command: process.execPath, args: [join(ROOT, 'bin', 'ibanmint.js'), 'mcp'], cwd: ROOT },
  {
    name: 'npx --no-install ibanmint mcp',
    command: 'npx',
    args: ['--no-install', 'ibanmint', 'mcp'],
    cwd: install,
    env: { npm_config_offline: 'true' },
  },
]

try {
  const timings = new Map<string, Timing[]>(LAUNCHES.map((launch) => [launch.name, []]))
  for (const launch of LAUNCHES) await timeOne(launch) // warm the file cache
  for (let round = 0; round < ROUNDS; round++) {
    for (const launch of LAUNCHES) timings.get(launch.name)?.push(await timeOne(launch))
  }
  const floor = median(timings.get('bare SDK stdio server')?.map((t) => t.initialize) ?? [])
  console.log(`MCP over stdio, start-up (median of ${ROUNDS} rounds, Node ${process.version})`)
  const floorCpu = median(timings.get('bare SDK stdio server')?.map((t) => t.cpu) ?? [])
  console.log(
    '| launch | to initialize answered | × bare SDK | CPU used by then | × bare SDK | to first generate_iban answered |',
  )
  console.log('|---|---|---|---|---|---|')
  for (const [name, values] of timings) {
    const initialize = median(values.map((t) => t.initialize))
    const firstCall = median(values.map((t) => t.firstCall))
    const cpu = median(values.map((t) => t.cpu))
    // npx's own process only waits for the ibanmint process it starts: its CPU says nothing.
    const cpuCells = name.startsWith('npx') ? 'n/a | n/a' : `${cpu.toFixed(0)} ms | ${(cpu / floorCpu).toFixed(2)}×`
    console.log(
      `| ${name} | ${initialize.toFixed(0)} ms | ${(initialize / floor).toFixed(2)}× | ${cpuCells} | ${firstCall.toFixed(0)} ms |`,
    )
  }
} finally {
  rmSync(install, { recursive: true, force: true })
}
