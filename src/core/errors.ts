// The only error ibanmint throws on purpose. Codes are permanent (clients key on them);
// messages name the offending parameter and its rule, and may improve over time.

export type ErrorCode =
  | 'invalid_request'
  | 'invalid_json'
  | 'batch_not_supported'
  | 'unauthorized'
  | 'forbidden'
  | 'not_found'
  | 'method_not_allowed'
  | 'payload_too_large'
  | 'unsupported_media_type'
  | 'rate_limited'
  | 'service_unavailable'
  | 'internal_error'

export interface ApiErrorOptions extends ErrorOptions {
  /** Seconds until a retry may succeed (429, 503). */
  retryAfter?: number
  /** Extra response headers (Allow for 405, WWW-Authenticate for 401). */
  headers?: Record<string, string>
}

export class ApiError extends Error {
  readonly code: ErrorCode
  readonly retryAfter: number | undefined
  readonly headers: Record<string, string> | undefined

  constructor(code: ErrorCode, message: string, options: ApiErrorOptions = {}) {
    super(message, options)
    this.name = 'ApiError'
    this.code = code
    this.retryAfter = options.retryAfter
    this.headers = options.headers
  }
}

/** The spec §2.8 error body. */
export interface ErrorBody {
  error: { code: ErrorCode; message: string }
}

export function errorBody(code: ErrorCode, message: string): ErrorBody {
  return { error: { code, message } }
}

/** Any thrown value as an ApiError: ApiErrors pass through, the rest become internal_error. */
export function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error
  return new ApiError('internal_error', 'internal error', { cause: error })
}
