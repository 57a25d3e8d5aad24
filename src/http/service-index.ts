// The service index (GET /api/v1): what the service is, where its documentation is, how to
// authenticate, and every endpoint of the route table, with the schema of that answer.
import { REGISTRY } from '../core/operations.ts'
import { registrySchema, type Schema } from '../core/schemas.ts'
import { COUNTRIES } from '@ibanmint/iban'
import { accessKind } from './access.ts'
import { REFERENCE_PATH } from './reference.ts'
import type { RouteInfo } from './route.ts'

export const SERVICE_NAME = 'ibanmint'
export const DISCLAIMER =
  'Generated IBANs are test data: no bank issued them. Use them for testing, QA and education, never for payments.'

const absoluteUrl: Schema = { type: 'string', format: 'uri' }

/** The service index (GET /api/v1), as buildIndex makes it. */
export const serviceIndexSchema: Schema = {
  type: 'object',
  description: 'What the service is, where its documentation is, how to authenticate, and every endpoint.',
  required: ['name', 'version', 'documentation', 'authentication', 'endpoints'],
  properties: {
    name: { type: 'string', const: 'ibanmint' },
    version: { type: 'string', const: 'v1', description: 'The API version, as in the path.' },
    description: { type: 'string' },
    registry: registrySchema,
    documentation: { ...absoluteUrl, description: 'The API reference page (this service’s /docs).' },
    openapi: { ...absoluteUrl, description: 'The OpenAPI 3.1 document the reference page renders.' },
    authentication: {
      type: 'object',
      required: ['type', 'header'],
      properties: {
        type: { type: 'string', const: 'api_key' },
        header: { type: 'string', const: 'X-API-Key' },
        alternatives: { type: 'array', items: { type: 'string' } },
      },
    },
    disclaimer: { type: 'string' },
    endpoints: {
      type: 'array',
      items: {
        type: 'object',
        required: ['method', 'path', 'access', 'summary'],
        properties: {
          method: { type: 'string', enum: ['GET', 'POST', 'OPTIONS'] },
          path: { type: 'string' },
          access: {
            type: 'string',
            enum: ['public', 'key', 'ip'],
            description: 'public: no key; key: an API key; ip: no key, limited per client IP.',
          },
          summary: { type: 'string' },
        },
      },
    },
  },
}

/** The service index, with the endpoint list from the same table. */
export function buildIndex(routes: readonly RouteInfo[], publicUrl: string): Record<string, unknown> {
  return {
    name: SERVICE_NAME,
    version: 'v1',
    description: `Test IBANs for ${COUNTRIES.length} countries with correct national check digits, and IBAN validation.`,
    registry: REGISTRY,
    documentation: `${publicUrl}${REFERENCE_PATH}`,
    openapi: `${publicUrl}/api/v1/openapi.json`,
    authentication: { type: 'api_key', header: 'X-API-Key', alternatives: ['Authorization: Bearer <key>'] },
    disclaimer: DISCLAIMER,
    endpoints: routes.map((route) => ({
      method: route.method,
      path: route.path,
      access: accessKind(route.access),
      summary: route.summary,
    })),
  }
}
