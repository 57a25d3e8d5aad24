// GET /api/v1 and /api/v1/openapi.json: the service index and the OpenAPI document, both made from
// the finished route table (routes.ts) and served as the bytes made once.
import { firstOf, JSON_TYPE, type ExampleCall } from './example.ts'
import { OPENAPI_VERSION, openApiDocumentSchema } from './openapi.ts'
import { route, type Route } from './route.ts'
import { serviceIndexSchema } from './service-index.ts'

/** The two documents, made once from the finished table: read when served. */
export interface ServiceDocuments {
  readonly index: Buffer
  readonly openapi: Buffer
}

/** The index and the OpenAPI document: public, the same for every client, fixed for the process. */
const DOCUMENT_CACHING = 'public, max-age=3600'

/** The index as served (three of its endpoints shown). */
function indexExample(index: Buffer): ExampleCall {
  const value = JSON.parse(index.toString()) as Record<string, unknown>
  return {
    name: 'index',
    summary: 'The service index (three of its endpoints shown)',
    request: { path: '/api/v1' },
    status: 200,
    type: JSON_TYPE,
    value: { ...value, endpoints: firstOf(value['endpoints'] as unknown[], 3) },
    excerpt: true,
  }
}

/** The document's head: what a client reads first. */
function documentExample(publicUrl: string): ExampleCall {
  return {
    name: 'document',
    summary: 'The document’s head (paths left out)',
    request: { path: '/api/v1/openapi.json' },
    status: 200,
    type: JSON_TYPE,
    value: {
      openapi: '3.1.0',
      info: { title: 'ibanmint API', version: OPENAPI_VERSION },
      servers: [{ url: publicUrl }],
      paths: {},
    },
    excerpt: true,
  }
}

/** The index and the OpenAPI document; `publicUrl` is the document's server (PUBLIC_URL). */
export function documentRoutes(documents: ServiceDocuments, publicUrl: string): Route[] {
  return [
    route({
      method: 'GET',
      path: '/api/v1',
      operationId: 'getServiceIndex',
      access: 'public',
      summary: 'Service index: name, version, documentation, authentication and endpoints',
      tag: 'service',
      responses: {
        200: {
          description: 'The service index: name, version, links, endpoints.',
          schema: serviceIndexSchema,
          schemaName: 'ServiceIndex',
        },
      },
      cacheControl: [DOCUMENT_CACHING],
      examples: () => [indexExample(documents.index)],
      handle: () => ({ bytes: documents.index, headers: { 'cache-control': DOCUMENT_CACHING } }),
    }),
    route({
      method: 'GET',
      path: '/api/v1/openapi.json',
      operationId: 'getOpenApiDocument',
      access: 'public',
      summary: 'This OpenAPI 3.1 document',
      tag: 'service',
      responses: {
        200: {
          description: 'OpenAPI 3.1 description of the REST API.',
          schema: openApiDocumentSchema,
          schemaName: 'OpenApiDocument',
        },
      },
      cacheControl: [DOCUMENT_CACHING],
      examples: () => [documentExample(publicUrl)],
      handle: () => ({
        bytes: documents.openapi,
        headers: { 'access-control-allow-origin': '*', 'cache-control': DOCUMENT_CACHING },
      }),
    }),
  ]
}
