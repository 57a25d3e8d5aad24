// A bounded load loop for the reliability cases: `workers` concurrent clients repeat a request
// until stopped (or a deadline passes), recording each status and latency.
import { request } from 'undici'

export interface LoadResult {
  statuses: Map<number, number>
  latencies: number[]
  errors: string[]
  count: number
  fiveHundreds: number
}

export interface Load {
  /** Requests answered (or failed) so far: what a case waits on before and after a fault. */
  readonly count: number
  stop(): Promise<LoadResult>
}

export function startLoad(
  url: string,
  options: { workers?: number; headers?: Record<string, string>; maxSeconds?: number } = {},
): Load {
  const { workers = 8, headers = {}, maxSeconds = 30 } = options
  const deadline = Date.now() + maxSeconds * 1000
  let running = true
  const result: LoadResult = { statuses: new Map(), latencies: [], errors: [], count: 0, fiveHundreds: 0 }
  const loops = Array.from({ length: workers }, async () => {
    while (running && Date.now() < deadline) {
      const started = performance.now()
      try {
        const response = await request(url, { headers, headersTimeout: 10_000, bodyTimeout: 10_000 })
        await response.body.dump()
        result.statuses.set(response.statusCode, (result.statuses.get(response.statusCode) ?? 0) + 1)
        if (response.statusCode >= 500) result.fiveHundreds++
      } catch (error) {
        result.errors.push(String(error))
      }
      result.latencies.push(performance.now() - started)
      result.count++
    }
  })
  return {
    get count() {
      return result.count
    },
    async stop() {
      running = false
      await Promise.all(loops)
      return result
    },
  }
}

/** For a duration that is the scenario itself (Redis down for 3 s), never for a condition. */
export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
