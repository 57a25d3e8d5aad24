// The Fastify 5 peer: ibanmint's keyed `GET /api/v1/generate/{country}` written the way the
// Fastify documentation writes a service. Per request: a request id (genReqId: the client's
// plain token, else a counter) sent back in X-Request-Id; the API key checked in an
// onRequest hook by its SHA-256 hash in constant time (keys.ts); @fastify/rate-limit counting
// the key (its keyGenerator and max read the key; in memory, or on Redis through its `redis`
// option with an ioredis client) and sending the draft-spec RateLimit headers, the hook adding
// RateLimit-Policy; the path and query validated by ajv from JSON Schemas; the GenerateResult
// made by the library and serialized by fast-json-stringify from the response schema; and one
// line per response from Fastify's own request logger, through a LogController, on the pino
// instance it is given (`loggerInstance`: shared.ts's asynchronous, buffered file destination;
// Fastify's `logger.file` option would write every line synchronously). Schemas, hooks and
// serializers are compiled once at start, as Fastify does by design.
import rateLimit from '@fastify/rate-limit'
import { LogController, fastify, type FastifyBaseLogger, type FastifyError, type FastifyInstance } from 'fastify'
import { INVALID_CHECKS } from '@ibanmint/iban'
import { presentedKey, type PeerKey } from './keys.ts'
import {
  MAX_COUNT,
  PeerError,
  UNAUTHORIZED,
  WWW_AUTHENTICATE,
  generateResult,
  rateLimitedMessage,
  requestId,
  type PeerOptions,
} from './shared.ts'

declare module 'fastify' {
  interface FastifyRequest {
    apiKey: PeerKey | null
  }
}

const paramsSchema = {
  type: 'object',
  properties: { country: { type: 'string', minLength: 2, maxLength: 2 } },
  required: ['country'],
} as const

const querySchema = {
  type: 'object',
  properties: {
    count: { type: 'integer', minimum: 1, maximum: MAX_COUNT, default: 1 },
    realistic: { type: 'string', enum: ['1', '0', 'true', 'false'], default: 'true' },
    seed: { type: 'string', minLength: 1, maxLength: 128 },
    bank: { type: 'string', minLength: 1, maxLength: 34, pattern: '^[0-9A-Za-z]+$' },
    invalid: { type: 'string', enum: INVALID_CHECKS },
  },
} as const

interface Query {
  count: number
  realistic: '1' | '0' | 'true' | 'false'
  seed?: string
  bank?: string
  invalid?: (typeof INVALID_CHECKS)[number]
}

const text = { type: 'string' } as const

// Properties in ibanmint's order: fast-json-stringify writes the required ones first, then the
// others in the schema's order, so `ibans` (always there) is not declared required: it comes
// after `seed`, `bank` and `invalid`, as in ibanmint's results.
const resultSchema = {
  type: 'object',
  required: ['country', 'count', 'realistic'],
  properties: {
    country: {
      type: 'object',
      required: ['code', 'name', 'iban_length'],
      properties: { code: text, name: text, iban_length: { type: 'integer' } },
    },
    count: { type: 'integer' },
    realistic: { type: 'boolean' },
    seed: text,
    bank: text,
    invalid: text,
    ibans: {
      type: 'array',
      items: {
        type: 'object',
        required: ['iban', 'formatted', 'country', 'check_digits', 'bban', 'length', 'valid'],
        properties: {
          iban: text,
          formatted: text,
          country: text,
          check_digits: text,
          bban: text,
          length: { type: 'integer' },
          valid: { type: 'boolean' },
          bank: {
            type: 'object',
            required: ['code', 'name', 'bic'],
            properties: { code: text, name: text, bic: { type: ['string', 'null'] } },
          },
        },
      },
    },
  },
} as const

const errorSchema = {
  type: 'object',
  required: ['error'],
  properties: { error: { type: 'object', required: ['code', 'message'], properties: { code: text, message: text } } },
} as const

/** One access line per response (and none when a request comes in), with the key and route. */
class AccessLines extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(...[error, request, reply]: Parameters<LogController['requestCompleted']>): void {
    // The status as a field of its own, as the other servers log it: `res: reply` would go
    // through pino's serializers for an object holding only the status.
    const line = {
      method: request.method,
      route: request.routeOptions.url ?? 'unmatched',
      status: reply.statusCode,
      responseTime: reply.elapsedTime,
      key: request.apiKey?.id,
    }
    if (error) reply.log.error({ ...line, err: error }, 'request errored')
    else reply.log.info(line, 'request completed')
  }
}

/** The error as ibanmint's error: validation failures are 422, anything unforeseen a 500. */
function toPeerError(error: FastifyError | PeerError): PeerError {
  if (error instanceof PeerError) return error
  if (error.validation !== undefined) return new PeerError(422, 'invalid_request', error.message)
  return new PeerError(500, 'internal_error', 'internal error')
}

export async function fastifyPeer(options: PeerOptions): Promise<FastifyInstance> {
  // Typed as Fastify's logger, so that the instance is a plain FastifyInstance (pino's Logger
  // type would become one of its type parameters).
  const logger: FastifyBaseLogger = options.log
  const app = fastify({
    loggerInstance: logger,
    logController: new AccessLines(),
    genReqId: (req) => requestId(req.headers['x-request-id']),
  })
  app.decorateRequest('apiKey', null)
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id)
    const key = options.keys.verify(presentedKey(request.headers))
    if (key === undefined) {
      reply.header('www-authenticate', WWW_AUTHENTICATE)
      done(new PeerError(401, 'unauthorized', UNAUTHORIZED))
      return
    }
    request.apiKey = key
    reply.header('ratelimit-policy', key.policy)
    done()
  })
  await app.register(rateLimit, {
    enableDraftSpec: true,
    timeWindow: 60_000,
    keyGenerator: (request) => (request.apiKey as PeerKey).id,
    max: (request) => (request.apiKey as PeerKey).limit,
    redis: options.redis,
    errorResponseBuilder: (_request, context) =>
      new PeerError(429, 'rate_limited', rateLimitedMessage(context.max, Math.ceil(context.ttl / 1000))),
  })
  app.setErrorHandler<FastifyError | PeerError>((error, _request, reply) => {
    const known = toPeerError(error)
    return reply
      .code(known.status)
      .header('cache-control', 'no-store')
      .send({ error: { code: known.code, message: known.message } })
  })
  app.setNotFoundHandler((_request, reply) =>
    reply
      .code(404)
      .header('cache-control', 'no-store')
      .send({ error: { code: 'not_found', message: 'no such endpoint' } }),
  )
  app.get<{ Params: { country: string }; Querystring: Query }>(
    '/api/v1/generate/:country',
    {
      schema: {
        params: paramsSchema,
        querystring: querySchema,
        response: { 200: resultSchema, '4xx': errorSchema, '5xx': errorSchema },
      },
    },
    (request) => {
      const { count, realistic, seed, bank, invalid } = request.query
      return generateResult(request.params.country, {
        count,
        realistic: realistic === '1' || realistic === 'true',
        seed,
        bank,
        invalid,
      })
    },
  )
  await app.ready()
  return app
}
