// Who may call a route, and what its requests count against: one value on the route decides
// both, so a keyless route cannot be declared without the limit it is counted in. The pipeline
// authenticates and limits by it; the index, the metrics and the OpenAPI document name its kind.

/** The per-client-IP limits of the keyless routes (EXPORT_RATE_LIMIT, MCP_RATE_LIMIT). */
export type IpLimit = 'export' | 'mcp'

/**
 * `public`: anyone, counted against nothing; `key`: API key holders, each request counted
 * against its key's limit; `{ ip }`: anyone, counted per client IP against that limit.
 */
export type Access = 'public' | 'key' | { readonly ip: IpLimit }

/** How the index, the metrics and the OpenAPI document name an access: public, key or ip. */
export type AccessKind = 'public' | 'key' | 'ip'

export function accessKind(access: Access): AccessKind {
  return typeof access === 'string' ? access : 'ip'
}
