// The metrics of a clustered server (`serve --workers N`). A scrape reaches one of its processes
// (the kernel shares the connections out), so that process asks the primary, which asks every
// process for its snapshot and sends back their sum: each scrape sees the whole server, and its
// counters only ever grow. A process that does not answer within GATHER_MS is left out; a
// primary that does not answer leaves the scraped process to answer with its own.
import cluster, { type Worker } from 'node:cluster'
import { mergeSnapshots, type Snapshot } from './registry.ts'

const GATHER = 'ibanmint:metrics-gather' // a process asks the primary for everyone's
const COLLECT = 'ibanmint:metrics-collect' // the primary asks each process for its own
const SNAPSHOT = 'ibanmint:metrics-snapshot' // a process answers the primary
const GATHERED = 'ibanmint:metrics-gathered' // the primary answers the process that asked

/** How long the primary waits for the processes, and a process for the primary. */
const GATHER_MS = 2_000

interface Message {
  type: string
  id: number
  snapshot?: Snapshot
}

function isMessage(message: unknown, type: string): message is Message {
  return (message as Message | null)?.type === type
}

/**
 * What a scrape of this process answers with: its own snapshot, or in a process of a clustered
 * server every process's. `close` stops answering the primary.
 */
export function scrapeSource(own: () => Promise<Snapshot>): { gather: () => Promise<Snapshot>; close: () => void } {
  if (!cluster.isWorker || process.send === undefined) return { gather: own, close: () => {} }
  const send = process.send.bind(process)
  const waiting = new Map<number, (snapshot: Snapshot | undefined) => void>()
  let asked = 0
  const onMessage = (message: unknown) => {
    if (isMessage(message, COLLECT))
      void own().then((snapshot) => send({ type: SNAPSHOT, id: message.id, snapshot } satisfies Message))
    else if (isMessage(message, GATHERED)) waiting.get(message.id)?.(message.snapshot)
  }
  process.on('message', onMessage)
  return {
    gather: async () => {
      const id = ++asked
      const gathered = await new Promise<Snapshot | undefined>((resolve) => {
        // Longer than the primary waits for the processes, so that a slow process leaves only itself out.
        const timer = setTimeout(() => resolve(undefined), GATHER_MS + 1_000)
        waiting.set(id, (snapshot) => {
          clearTimeout(timer)
          resolve(snapshot)
        })
        send({ type: GATHER, id } satisfies Message)
      })
      waiting.delete(id)
      return gathered ?? own()
    },
    close: () => process.off('message', onMessage),
  }
}

/** In the primary of a clustered server: answers each process's GATHER with the sum of every process's snapshot. */
export function gatherForProcesses(): void {
  let collections = 0
  cluster.on('message', (asker: Worker, message: unknown) => {
    if (!isMessage(message, GATHER)) return
    const workers = Object.values(cluster.workers ?? {}).filter((worker) => worker?.isConnected() === true) as Worker[]
    const id = ++collections
    const snapshots: Snapshot[] = []
    let left = workers.length
    const finish = () => {
      clearTimeout(timer)
      cluster.off('message', collect)
      if (asker.isConnected())
        asker.send({ type: GATHERED, id: message.id, snapshot: mergeSnapshots(snapshots) } satisfies Message)
    }
    const collect = (_worker: Worker, reply: unknown) => {
      if (!isMessage(reply, SNAPSHOT) || reply.id !== id || reply.snapshot === undefined) return
      snapshots.push(reply.snapshot)
      if (--left === 0) finish()
    }
    const timer = setTimeout(finish, GATHER_MS)
    cluster.on('message', collect)
    for (const worker of workers) worker.send({ type: COLLECT, id } satisfies Message)
  })
}
