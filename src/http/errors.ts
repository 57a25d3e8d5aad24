// Errors of the layers below HTTP, as the API's errors: the pool's (busy, a failed worker)
// become a retryable 503; anything unknown is an internal error. Used by every adapter that
// answers with the error body (the HTTP pipeline and the MCP tools).
import { ApiError, toApiError } from '../core/errors.ts'
import { GenerationFailedError, PoolBusyError } from '../pool/pool.ts'

export function toHttpError(error: unknown): ApiError {
  if (error instanceof PoolBusyError) {
    return new ApiError('service_unavailable', error.message, { retryAfter: error.retryAfter })
  }
  if (error instanceof GenerationFailedError) {
    return new ApiError('service_unavailable', error.message, { retryAfter: error.retryAfter, cause: error.cause })
  }
  return toApiError(error)
}
