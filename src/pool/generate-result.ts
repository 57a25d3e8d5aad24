// A GenerateResult rendered by the pool: the `ibans` array by a worker (format `records`, the
// renderer generateJson runs inline), completed here by the same head and close, so that the
// bytes equal JSON.stringify(generate(request)) exactly.
import { datasetOptions, generateResultJson, requireDataset, type GenerateRequest } from '../core/operations.ts'
import type { GenerationPool } from './pool.ts'

export async function generateOnPool(
  pool: GenerationPool,
  request: GenerateRequest,
  signal?: AbortSignal,
): Promise<Buffer> {
  requireDataset(datasetOptions(request), request.count)
  const ibans = await pool.run(
    {
      countries: [request.country.code],
      realistic: request.realistic,
      seed: request.seed,
      bank: request.bank,
      invalid: request.invalid,
      bankMix: request.bankMix,
      qrIban: request.qrIban,
      start: 0,
      count: request.count,
      format: 'records',
      first: true,
      last: true,
    },
    signal,
  )
  return generateResultJson(request, ibans)
}
