// The one route table, assembled from each feature's routes: the API (api.ts), downloads,
// the MCP endpoint, the web page and the probes. The router, the service index's endpoint
// list, the OpenAPI document and request validation (ajv) are all derived from it; there is no
// second list. Each feature gets only its own dependencies.
import { compileValidator } from '../core/validation.ts'
import type { GenerationPool } from '../pool/pool.ts'
import { webRouteSpecs, type WebAssets } from '../web/page.ts'
import { apiRoutes, probeRoutes, type ApiDeps } from './api.ts'
import { bulkSpec, exportSpec } from './downloads.ts'
import { mcpRouteSpecs, type McpRouteDeps } from './mcp.ts'
import type { Route, RouteSpec } from './route.ts'

/** Every feature's dependencies. */
export interface RouteDeps {
  documents: ApiDeps['documents']
  /** Resolves when every configured dependency (Redis) answers. */
  ready: () => Promise<void>
  pool: GenerationPool
  poolInlineMax: number
  bulkMaxCount: number
  mcp: McpRouteDeps
  web: WebAssets
}

/** The route table. */
export function routeSpecs(deps: RouteDeps): RouteSpec[] {
  const { pool } = deps
  return [
    ...apiRoutes({ documents: deps.documents, pool, poolInlineMax: deps.poolInlineMax }),
    bulkSpec({ pool, bulkMaxCount: deps.bulkMaxCount }),
    exportSpec({ pool }),
    ...mcpRouteSpecs(deps.mcp),
    ...webRouteSpecs(deps.web),
    ...probeRoutes(deps.ready),
  ]
}

/** Compiles the table: validators built once from each route's schemas. */
export function compileRoutes(specs: readonly RouteSpec[]): Route[] {
  return specs.map((spec) => ({
    ...spec,
    validateQuery:
      spec.query === undefined ? undefined : compileValidator({ type: 'object', properties: spec.query }, 'query'),
    validateBody: spec.body === undefined ? undefined : compileValidator(spec.body, 'body'),
  }))
}
