// A GenerateResult rendered by the pool: the head written here, the `ibans` array by a worker,
// so that the bytes equal JSON.stringify(generate(request)) exactly.
import { datasetOptions, generateResultHead, requireDataset, type GenerateRequest } from '../core/operations.ts'
import type { GenerationPool } from './pool.ts'

const CLOSE_BRACE = Buffer.from('}')

export async function generateOnPool(
  pool: GenerationPool,
  request: GenerateRequest,
  signal?: AbortSignal,
): Promise<Buffer> {
  const options = datasetOptions(request)
  requireDataset(options, request.count)
  const ibans = await pool.run(
    {
      countries: [request.country.code],
      realistic: request.realistic,
      seed: request.seed,
      bank: request.bank,
      invalid: request.invalid,
      start: 0,
      count: request.count,
      format: 'records',
      first: true,
      last: true,
    },
    signal,
  )
  return Buffer.concat([Buffer.from(generateResultHead(request)), ibans, CLOSE_BRACE])
}
