// The one route table, assembled from each feature's routes: the service's documents, the API
// (api.ts), downloads, the streamed validation, the MCP endpoint, the guide, the web page, the
// API reference page, the probes and the metrics. The router, the service index, the OpenAPI
// document and request validation are all derived from it; there is no second list. Each
// feature gets only its own dependencies.
import { StreamLimits } from '../limits/streams.ts'
import type { Snapshot } from '../metrics/registry.ts'
import type { InlineLimits } from '../pool/inline.ts'
import type { WorkPool } from '../pool/pool.ts'
import { apiRoutes } from './api.ts'
import { documentRoutes } from './documents.ts'
import { bulkRoute, exportRoute } from './downloads.ts'
import { sharedBody } from './compression.ts'
import { mcpRoutes, type McpRouteDeps } from './mcp.ts'
import { metricsRoute } from './metrics.ts'
import { probeRoutes } from './probes.ts'
import { guideRoutes } from './guide.ts'
import { pageRoutes, type WebAssets } from './page.ts'
import { buildOpenApi } from './openapi.ts'
import { referenceAssets, referenceRoutes } from './reference.ts'
import type { Route } from './route.ts'
import { buildIndex } from './service-index.ts'
import { validateStreamRoute } from './validate-stream.ts'

/** Every feature's dependencies. */
export interface RouteDeps {
  publicUrl: string
  /** Resolves when every configured dependency (Redis) answers. */
  ready: () => Promise<void>
  pool: WorkPool
  /** How much work is done without the pool. */
  inline: InlineLimits
  bulkMaxCount: number
  /** The most lines of one streamed validation (VALIDATE_MAX_ROWS). */
  validateMaxRows: number
  /** Streams (downloads, streamed validations) one key may have open at once (STREAMS_PER_KEY). */
  streamsPerKey: number
  mcp: McpRouteDeps
  web: WebAssets
  /** The metrics a scrape of GET /metrics answers with. */
  metrics: () => Promise<Snapshot>
}

/**
 * The route table, with the service index and the OpenAPI document made from it. The document
 * (160 KB, with its examples) is made on its first request, not at start: few requests ask for
 * it, and a start should not wait for it.
 */
export function serviceRoutes(deps: RouteDeps): Route[] {
  const { pool } = deps
  let index = Buffer.alloc(0)
  let openapi: Buffer | undefined
  const streams = new StreamLimits(deps.streamsPerKey)
  // The two documents describe the finished table, which serves them: made once it is complete.
  const documents = {
    get index(): Buffer {
      return index
    },
    get openapi(): Buffer {
      openapi ??= sharedBody(Buffer.from(JSON.stringify(buildOpenApi(routes, deps.publicUrl))))
      return openapi
    },
  }
  const routes = [
    ...documentRoutes(documents, deps.publicUrl),
    ...apiRoutes({ pool, inline: deps.inline }),
    validateStreamRoute({ pool, maxRows: deps.validateMaxRows, streams }),
    bulkRoute({ pool, bulkMaxCount: deps.bulkMaxCount, streams }),
    exportRoute({ pool, streams }),
    ...mcpRoutes(deps.mcp),
    ...guideRoutes(deps.web.frame),
    ...pageRoutes(deps.web),
    ...referenceRoutes(referenceAssets),
    ...probeRoutes(deps.ready),
    metricsRoute(deps.metrics),
  ]
  index = sharedBody(Buffer.from(JSON.stringify(buildIndex(routes, deps.publicUrl))))
  return routes
}
