// A GenerateResult rendered by the pool: the `ibans` array by a worker (format `records`, the
// renderer generateJson runs inline), completed here by the same head and close, so that the
// bytes equal JSON.stringify(generate(request)) exactly.
import { generateResultJson, requireDataset, type GenerateRequest } from '../core/operations.ts'
import type { WorkPool } from './pool.ts'

/**
 * The request's rows as the JSON of an Iban array, rendered by a worker, and how many rows its
 * dataset holds. Rows offset … offset + count − 1 of the dataset: the same rows a bulk download
 * with that seed and offset gives.
 */
export async function recordsOnPool(
  pool: WorkPool,
  request: GenerateRequest,
  signal?: AbortSignal,
): Promise<{ ibans: Uint8Array; capacity: number }> {
  const offset = request.offset ?? 0
  const { capacity } = requireDataset(request.dataset, request.count, offset)
  const ibans = await pool.run(
    { dataset: request.dataset, start: offset, count: request.count, format: 'records', first: true, last: true },
    signal,
  )
  return { ibans, capacity }
}

export async function generateOnPool(pool: WorkPool, request: GenerateRequest, signal?: AbortSignal): Promise<Buffer> {
  return generateResultJson(request, (await recordsOnPool(pool, request, signal)).ibans)
}
