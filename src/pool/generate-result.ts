// A GenerateResult rendered by the pool: the head written here, the `ibans` array by a worker,
// so that the bytes equal JSON.stringify(generate(request)) exactly.
import { generateResultHead, type GenerateRequest } from '../core/operations.ts'
import type { GenerationPool } from './pool.ts'

const CLOSE_BRACE = Buffer.from('}')

export async function generateOnPool(
  pool: GenerationPool,
  request: GenerateRequest,
  signal?: AbortSignal,
): Promise<Buffer> {
  const ibans = await pool.run(
    {
      countries: [request.country.code],
      count: request.count,
      realistic: request.realistic,
      seed: request.seed,
      batch: 0,
      format: 'records',
      first: true,
      last: true,
    },
    signal,
  )
  return Buffer.concat([Buffer.from(generateResultHead(request)), ibans, CLOSE_BRACE])
}
