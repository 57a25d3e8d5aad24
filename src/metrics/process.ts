// The process and Node.js runtime metrics, named as prom-client's default metrics are so that
// existing dashboards read them: CPU time, resident memory, heap, start time, event-loop delay
// and the versions. All of them are read when scraped; nothing runs per request.
import { monitorEventLoopDelay } from 'node:perf_hooks'
import type { Registry } from './registry.ts'

const RESOLUTION_MS = 10
const START_SECONDS = Math.round(Date.now() / 1000 - process.uptime())

/** Registers the process metrics; returns what stops the event-loop delay sampling. */
export function registerProcessMetrics(registry: Registry, version: string): () => void {
  registry.collected('counter', 'process_cpu_user_seconds_total', 'User CPU time spent, in seconds.', () => {
    return process.cpuUsage().user / 1e6
  })
  registry.collected('counter', 'process_cpu_system_seconds_total', 'System CPU time spent, in seconds.', () => {
    return process.cpuUsage().system / 1e6
  })
  registry.collected('counter', 'process_cpu_seconds_total', 'User and system CPU time spent, in seconds.', () => {
    const { user, system } = process.cpuUsage()
    return (user + system) / 1e6
  })
  registry.collected('gauge', 'process_resident_memory_bytes', 'Resident memory size, in bytes.', () =>
    process.memoryUsage.rss(),
  )
  registry.collected(
    'gauge',
    'process_start_time_seconds',
    'Start time of the process since the Unix epoch, in seconds.',
    () => START_SECONDS,
    { merge: 'min' },
  )
  registry.collected(
    'gauge',
    'nodejs_heap_size_used_bytes',
    'V8 heap in use (main thread), in bytes.',
    () => process.memoryUsage().heapUsed,
  )
  registry.collected(
    'gauge',
    'nodejs_heap_size_total_bytes',
    'V8 heap allocated (main thread), in bytes.',
    () => process.memoryUsage().heapTotal,
  )
  registry.collected(
    'gauge',
    'nodejs_external_memory_bytes',
    'Memory of C++ objects bound to JavaScript (buffers, shared memory), in bytes.',
    () => process.memoryUsage().external,
  )
  // A timer every 10 ms: what it measures is the time between its runs, so the interval itself is
  // taken off (an idle loop reads 0). The percentiles cover the time since the previous scrape.
  const delay = monitorEventLoopDelay({ resolution: RESOLUTION_MS })
  delay.enable()
  const lag = (nanoseconds: number) => Math.max(0, nanoseconds / 1e9 - RESOLUTION_MS / 1000)
  registry.collected(
    'gauge',
    'nodejs_eventloop_lag_seconds',
    'Event-loop delay since the previous scrape, by quantile (0.5, 0.99, 1 = the largest), in seconds.',
    () => {
      const samples = [
        [['0.5'], lag(delay.percentile(50))],
        [['0.99'], lag(delay.percentile(99))],
        [['1'], lag(delay.max)],
      ] as const
      delay.reset()
      return samples
    },
    { labelNames: ['quantile'], merge: 'max' },
  )
  registry.collected('gauge', 'nodejs_version_info', 'The Node.js version (value 1).', () => [[[process.version], 1]], {
    labelNames: ['version'],
    merge: 'max',
  })
  registry.collected('gauge', 'ibanmint_build_info', 'The ibanmint version (value 1).', () => [[[version], 1]], {
    labelNames: ['version'],
    merge: 'max',
  })
  return () => delay.disable()
}
