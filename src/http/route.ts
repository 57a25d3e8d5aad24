// What a route is: the types every feature's routes are written against. This module imports
// no feature, so features (the API, downloads, MCP, the web page) depend on it and routes.ts
// assembles them, with no cycle between them.
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { ErrorCode } from '../core/errors.ts'
import type { Schema } from '../core/schemas.ts'
import type { Validator } from '../core/validation.ts'
import type { KeyRecord } from '../keys/key.ts'

/** Who may call a route: anyone, API key holders, or anyone limited per client IP. */
export type Access = 'public' | 'key' | 'ip'

/** A request as a handler sees it: parameters decoded and validated, the key authenticated. */
export interface Context<Query = Record<string, unknown>, Body = Record<string, unknown>> {
  req: IncomingMessage
  res: ServerResponse
  params: Record<string, string>
  query: Query
  body: Body
  key: KeyRecord | null
  /** Aborts when the client goes away before the response is complete. */
  signal: AbortSignal
}

/** A handler's answer: a JSON value or prebuilt bytes; or 'sent' when it wrote the response itself. */
export type Reply = { status?: number; json?: unknown; bytes?: Buffer; headers?: Record<string, string> } | 'sent'

export interface ResponseSpec {
  description: string
  /** JSON body schema; or, for files, the media types the response may have. */
  schema?: Schema
  contentTypes?: string[]
}

export interface RouteSpec<Query = Record<string, unknown>, Body = Record<string, unknown>> {
  method: 'GET' | 'POST' | 'OPTIONS'
  path: string
  access: Access
  /** Rate-limit bucket: keyed routes count against the key; 'ip' routes against the client IP. */
  bucket?: 'api' | 'export' | 'mcp'
  summary: string
  description?: string
  tag: string
  pathParams?: Record<string, Schema>
  query?: Record<string, Schema>
  body?: Schema
  /** A body the handler reads itself (documented only; not validated by the pipeline). */
  requestBody?: { description: string; schema: Schema }
  /** Body size cap in bytes (default 16 KiB). */
  maxBody?: number
  /**
   * Errors the handler itself can answer (unknown country, generator busy, ...). Those of the
   * pipeline (authentication, limits, parameters, bodies, methods) follow from the other fields.
   */
  errors?: readonly ErrorCode[]
  responses: Record<number, ResponseSpec>
  handle(context: Context<Query, Body>): Reply | Promise<Reply>
}

/** Erases a route's parameter types so that routes of every kind fit in one table. */
export function route<Query = Record<string, unknown>, Body = Record<string, unknown>>(
  spec: RouteSpec<Query, Body>,
): RouteSpec {
  return spec as unknown as RouteSpec
}

/** A route with its compiled validators. */
export interface Route extends RouteSpec {
  validateQuery: Validator | undefined
  validateBody: Validator | undefined
}
