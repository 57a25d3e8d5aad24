// The only error ibanmint throws on purpose. Codes are permanent (clients key on them);
// messages name the offending parameter and its rule, and may improve over time.

/**
 * The one table of error codes: each code's HTTP status and what it means. The ErrorCode type,
 * the status map, the Error schema's enum and the OpenAPI error responses derive from it.
 */
export const ERRORS = {
  invalid_json: { status: 400, description: 'The body is not valid JSON, or empty (`invalid_json`).' },
  batch_not_supported: { status: 400, description: 'A JSON-RPC batch (array) sent to /mcp (`batch_not_supported`).' },
  unauthorized: {
    status: 401,
    description:
      'API key missing, invalid, revoked or expired, or two different keys presented (`unauthorized`), with WWW-Authenticate.',
  },
  forbidden: { status: 403, description: 'The request’s Origin is not allowed to call the MCP server (`forbidden`).' },
  not_found: { status: 404, description: 'Unknown country or endpoint (`not_found`).' },
  method_not_allowed: {
    status: 405,
    description: 'Method not allowed for this path (`method_not_allowed`); see the Allow header.',
  },
  request_timeout: {
    status: 408,
    description:
      'The request did not arrive in time (`request_timeout`): its headers within 10 s, or its body within REQUEST_TIMEOUT_MS of the server waiting for it.',
  },
  payload_too_large: {
    status: 413,
    description: 'Request body too large (`payload_too_large`): 16 KiB; 64 KiB for batch validation and /mcp.',
  },
  unsupported_media_type: { status: 415, description: 'Request body is not JSON (`unsupported_media_type`).' },
  invalid_request: {
    status: 422,
    description: 'Invalid parameter (`invalid_request`); the message names it and its rule.',
  },
  rate_limited: { status: 429, description: 'Rate limit exceeded (`rate_limited`); see Retry-After.' },
  internal_error: { status: 500, description: 'Unexpected failure (`internal_error`), without internals.' },
  service_unavailable: {
    status: 503,
    description: 'A dependency or the generator is unavailable (`service_unavailable`); see Retry-After.',
  },
} as const satisfies Record<string, { status: number; description: string }>

/** A permanent error code (clients key on it). */
export type ErrorCode = keyof typeof ERRORS

/** Every error code, in the table's order. */
export const ERROR_CODES = Object.keys(ERRORS) as ErrorCode[]

/** The HTTP status of an error code. */
export function statusOf(code: ErrorCode): number {
  return ERRORS[code].status
}

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

/** The error body every error response has: `{ error: { code, message } }`. */
export interface ErrorBody {
  error: { code: ErrorCode; message: string }
}

export function errorBody(code: ErrorCode, message: string): ErrorBody {
  return { error: { code, message } }
}

/**
 * A failure of a layer below the adapters that a retry may cure (the generator busy, a worker
 * lost): every adapter answers it as service_unavailable with Retry-After.
 */
export class UnavailableError extends Error {
  readonly retryAfter: number

  constructor(message: string, retryAfter: number, options?: ErrorOptions) {
    super(message, options)
    this.name = 'UnavailableError'
    this.retryAfter = retryAfter
  }
}

/**
 * Any thrown value as an ApiError: ApiErrors pass through, an UnavailableError is a retryable
 * 503 (its cause kept for the log), the rest become internal_error.
 */
export function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error
  if (error instanceof UnavailableError) {
    return new ApiError('service_unavailable', error.message, { retryAfter: error.retryAfter, cause: error.cause })
  }
  return new ApiError('internal_error', 'internal error', { cause: error })
}
