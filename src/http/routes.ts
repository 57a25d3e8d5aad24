// The one route table, assembled from each feature's routes: the API (api.ts), downloads,
// the MCP endpoint, the web page and the probes. The router, the service index, the OpenAPI
// document and request validation are all derived from it; there is no second list. Each
// feature gets only its own dependencies.
import type { Snapshot } from '../metrics/registry.ts'
import type { GenerationPool } from '../pool/pool.ts'
import { webRoutes, type WebAssets } from '../web/page.ts'
import { apiRoutes, probeRoutes } from './api.ts'
import { bulkRoute, exportRoute } from './downloads.ts'
import { sharedBody } from './compression.ts'
import { mcpRoutes, type McpRouteDeps } from './mcp.ts'
import { metricsRoute } from './metrics.ts'
import { buildIndex, buildOpenApi } from './openapi.ts'
import type { Route } from './route.ts'
import { validateStreamRoute } from './validate-stream.ts'

/** Every feature's dependencies. */
export interface RouteDeps {
  publicUrl: string
  /** Resolves when every configured dependency (Redis) answers. */
  ready: () => Promise<void>
  pool: GenerationPool
  poolInlineMax: number
  bulkMaxCount: number
  /** The most lines of one streamed validation (VALIDATE_MAX_ROWS). */
  validateMaxRows: number
  mcp: McpRouteDeps
  web: WebAssets
  /** The metrics a scrape of GET /metrics answers with. */
  metrics: () => Promise<Snapshot>
}

/** The route table, with the service index and the OpenAPI document made from it. */
export function serviceRoutes(deps: RouteDeps): Route[] {
  const { pool } = deps
  // The two documents describe the finished table, which serves them: made once it is complete.
  const documents = { index: Buffer.alloc(0), openapi: Buffer.alloc(0) }
  const routes = [
    ...apiRoutes({ documents, pool, poolInlineMax: deps.poolInlineMax }),
    validateStreamRoute({ pool, maxRows: deps.validateMaxRows }),
    bulkRoute({ pool, bulkMaxCount: deps.bulkMaxCount }),
    exportRoute({ pool }),
    ...mcpRoutes(deps.mcp),
    ...webRoutes(deps.web),
    ...probeRoutes(deps.ready),
    metricsRoute(deps.metrics),
  ]
  documents.index = sharedBody(Buffer.from(JSON.stringify(buildIndex(routes, deps.publicUrl))))
  documents.openapi = sharedBody(Buffer.from(JSON.stringify(buildOpenApi(routes, deps.publicUrl))))
  return routes
}
