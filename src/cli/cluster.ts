// `ibanmint serve --workers N`: N HTTP processes on one port (node:cluster; each process accepts
// its own connections, see PortSharing in config.ts). The primary process serves nothing
// itself: it forks the processes, sizes each one's worker pool so that processes × threads
// fit the cores, keeps the rate-limit counters when there is no Redis
// (rate-limiter-flexible's cluster limiter, so a limit holds across the processes), replaces a
// process that dies (and logs it), adds up the processes' metrics for a scrape of any one of them,
// and on SIGTERM or SIGINT drains every process before it exits.
import cluster, { type Worker } from 'node:cluster'
import { RateLimiterClusterMaster } from 'rate-limiter-flexible'
import type { Config, PortSharing } from '../config.ts'
import { usableCores } from '../cpu-quota.ts'
import { describeKeyStore } from '../keys/location.ts'
import type { Logger } from 'pino'
import { createLogger } from '../main.ts'
import { gatherForProcesses } from '../metrics/cluster.ts'

/** What a process tells the primary once it listens. */
export interface ListeningMessage {
  type: 'ibanmint:listening'
  url: string
  /** The base of the service's links (PUBLIC_URL, else the address it listens on). */
  publicUrl: string
}

export function isListeningMessage(message: unknown): message is ListeningMessage {
  return (message as ListeningMessage | undefined)?.type === 'ibanmint:listening'
}

/** Worker threads per process: the usable cores shared out, at least one (POOL_THREADS wins when set). */
export function threadsPerProcess(processes: number, env: NodeJS.ProcessEnv = process.env): number {
  const set = env['POOL_THREADS']
  if (set !== undefined && set.trim() !== '') return Number(set)
  return Math.max(1, Math.floor(usableCores() / processes))
}

const SHARING_TEXT: Record<PortSharing, string> = {
  reuseport: 'each binding the port (SO_REUSEPORT)',
  shared: 'one listening socket shared',
}

/** A process that dies this soon after its start, this often in a row, stops the restarts. */
const EARLY_EXIT_MS = 2_000
const MAX_EARLY_EXITS = 5

/** The server processes the primary runs: forked with the port and threads they take, replaced when they die. */
class ServerProcesses {
  /** Set once the processes are stopped on purpose (a signal, or too many early exits): none is replaced. */
  stopping = false
  /** The port each process is told; undefined until the first one picked it (PORT=0 with reuseport). */
  port: number | undefined
  readonly #threads: number
  readonly #logger: Logger
  readonly #started = new Map<Worker, number>()
  #earlyExits = 0

  constructor(config: Config, threads: number, logger: Logger) {
    this.#threads = threads
    this.#logger = logger
    // PORT=0 (any free port). `reuseport`: each process binds the port itself, so the first one
    // picks it and the others, replacements included, are told which. `shared`: every process asks
    // for port 0 and node:cluster gives them all the one socket it bound for that request (asking
    // for the port it got would be a second bind of a port the primary already holds).
    this.port = config.port === 0 && config.portSharing === 'reuseport' ? undefined : config.port
  }

  fork(): Worker {
    const worker = cluster.fork({
      POOL_THREADS: String(this.#threads),
      ...(this.port === undefined ? {} : { PORT: String(this.port) }),
    })
    this.#started.set(worker, Date.now())
    return worker
  }

  /**
   * A process exited: replaced, unless the processes are stopping, or keep exiting at start
   * (then every other one is killed, and `giveUp` told why).
   */
  exited(worker: Worker, code: number, signal: string, giveUp: (error: Error) => void): void {
    const lived = Date.now() - (this.#started.get(worker) ?? 0)
    this.#started.delete(worker)
    if (this.stopping) return
    this.#earlyExits = lived < EARLY_EXIT_MS ? this.#earlyExits + 1 : 0
    if (this.#earlyExits >= MAX_EARLY_EXITS) {
      this.#logger.error({ pid: worker.process.pid, code, signal }, 'server processes keep exiting at start; giving up')
      this.#logger.flush()
      // The processes still running would keep the primary alive.
      this.stopping = true
      for (const other of Object.values(cluster.workers ?? {})) other?.process.kill('SIGKILL')
      giveUp(new Error('server processes keep exiting at start (see the log)'))
      return
    }
    const replacement = this.fork()
    this.#logger.warn(
      { pid: worker.process.pid, code, signal, replacement: replacement.process.pid },
      'a server process exited; a new one replaces it',
    )
    this.#logger.flush() // the primary logs rarely: written at once, not when a buffer fills
  }

  /**
   * Forks the processes; resolves with the last one's listening message once all of them listen.
   * With reuseport and PORT=0, the first one picks the port and the others are forked after it.
   */
  start(processes: number): Promise<ListeningMessage> {
    return new Promise<ListeningMessage>((resolve, reject) => {
      let ready = 0
      const onMessage = (_worker: Worker, message: unknown) => {
        if (!isListeningMessage(message)) return
        ready++
        if (this.port === undefined) {
          this.port = Number(new URL(message.url).port)
          for (let i = 1; i < processes; i++) this.fork()
        }
        if (ready === processes) {
          cluster.off('message', onMessage)
          resolve(message)
        }
      }
      cluster.on('message', onMessage)
      cluster.on('message', this.#watchPort())
      cluster.on('exit', (worker, code, signal) => this.exited(worker, code, signal, reject))
      for (let i = 0; i < (this.port === undefined ? 1 : processes); i++) this.fork()
    })
  }

  /**
   * A replacement on another port: with PORT=0 and every process gone at once, the socket of
   * port 0 was closed and the replacement was given a new one. Worth an error line.
   */
  #watchPort(): (worker: Worker, message: unknown) => void {
    let listeningPort: string | undefined
    return (worker, message) => {
      if (!isListeningMessage(message)) return
      const now = new URL(message.url).port
      listeningPort ??= now
      if (now !== listeningPort)
        this.#logger.error(
          { pid: worker.process.pid, port: now, was: listeningPort },
          'a server process listens on another port',
        )
      this.#logger.flush()
    }
  }

  /**
   * Resolves with 0 once a SIGTERM or SIGINT has drained every process (each finishes its
   * in-flight requests); a second signal kills them and exits at once.
   */
  drainOnSignal(): Promise<number> {
    return new Promise<number>((resolve) => {
      const stop = (signal: NodeJS.Signals) => {
        if (this.stopping) {
          process.stderr.write(`ibanmint: second ${signal}, exiting now\n`)
          for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGKILL')
          process.exit(1)
        }
        this.stopping = true
        process.stderr.write(`ibanmint: ${signal}, every process finishes its in-flight requests\n`)
        const workers = Object.values(cluster.workers ?? {}).filter((worker) => worker !== undefined)
        let left = workers.length
        if (left === 0) resolve(0)
        for (const worker of workers) {
          worker.once('exit', () => {
            if (--left === 0) {
              this.#logger.flush()
              resolve(0)
            }
          })
          worker.process.kill('SIGTERM')
        }
      }
      process.on('SIGTERM', stop)
      process.on('SIGINT', stop)
    })
  }
}

/** Runs the primary until a signal drains the processes; resolves with the exit code. */
export async function runPrimary(config: Config, processes: number): Promise<number> {
  const logger = createLogger(config.logLevel)
  // The counters of every in-memory limit, for all the processes (unused with Redis).
  new RateLimiterClusterMaster()
  // A scrape of /metrics reaching any process answers with the sum of all of them.
  gatherForProcesses()
  const threads = threadsPerProcess(processes)
  // `shared`: the primary binds the port once and hands the listening socket to every process,
  // which accepts from it itself (instead of node:cluster's default, where the primary accepts).
  if (config.portSharing === 'shared') cluster.schedulingPolicy = cluster.SCHED_NONE
  const servers = new ServerProcesses(config, threads, logger)
  const listening = await servers.start(processes)
  const store = `${describeKeyStore(config)}${config.redisUrl === undefined ? '; limits counted by the primary' : ''}`
  process.stderr.write(
    `ibanmint listening on ${listening.url} (${processes} processes × ${threads} generation threads, ${SHARING_TEXT[config.portSharing]}; public URL ${listening.publicUrl}; keys and limits: ${store})\n` +
      `  web page:      ${listening.publicUrl}/\n` +
      `  create a key:  ibanmint keys create --name my-app\n`,
  )
  return servers.drainOnSignal()
}
