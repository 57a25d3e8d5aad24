// The liveness and readiness probes for orchestrators: answers of the process itself, never
// cached, too short to be compressed.
import type { Schema } from '../core/schemas.ts'
import { errorExample } from './error-examples.ts'
import { JSON_TYPE, type ExampleCall } from './example.ts'
import { route, type Route } from './route.ts'

const HEALTHY = Buffer.from('{"status":"ok"}')
/** Probes ask the process itself: no cache may answer for it. */
const PROBE_HEADERS = { 'cache-control': 'no-store' }
const READY = Buffer.from('{"status":"ready"}')

const probeStatusSchema: Schema = {
  type: 'object',
  description: 'A probe’s answer: `ok` (alive) or `ready` (every configured dependency answers).',
  required: ['status'],
  additionalProperties: false,
  properties: { status: { type: 'string', enum: ['ok', 'ready'] } },
}

/** A probe's answer: its fixed body, too short to be compressed. */
function probeResponse(description: string, body: Buffer) {
  return { description, schema: probeStatusSchema, schemaName: 'ProbeStatus', maxBytes: body.length }
}

function probeExample(path: string, body: Buffer): ExampleCall {
  const value = JSON.parse(body.toString()) as { status: string }
  return { name: value.status, summary: `“${value.status}”`, request: { path }, status: 200, type: JSON_TYPE, value }
}

/** Liveness and readiness probes; `ready` resolves when every configured dependency answers. */
export function probeRoutes(ready: () => Promise<void>): Route[] {
  return [
    route({
      method: 'GET',
      path: '/healthz',
      operationId: 'checkLiveness',
      access: 'public',
      summary: 'Liveness: the process serves requests',
      tag: 'operations',
      responses: { 200: probeResponse('`{ "status": "ok" }`', HEALTHY) },
      cacheControl: ['no-store'],
      examples: () => [probeExample('/healthz', HEALTHY)],
      handle: () => ({ bytes: HEALTHY, headers: PROBE_HEADERS }),
    }),
    route({
      method: 'GET',
      path: '/readyz',
      operationId: 'checkReadiness',
      access: 'public',
      summary: 'Readiness: the key store can be read (the key file, or Redis) and every configured dependency answers',
      tag: 'operations',
      errors: ['service_unavailable'],
      responses: { 200: probeResponse('`{ "status": "ready" }`', READY) },
      cacheControl: ['no-store'],
      examples: () => [probeExample('/readyz', READY), errorExample('service_unavailable', 'Redis is not reachable')],
      handle: async () => {
        await ready()
        return { bytes: READY, headers: PROBE_HEADERS }
      },
    }),
  ]
}
