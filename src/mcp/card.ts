// The MCP server card and the MCP catalog that points at it: what a client reads before it
// connects. Shapes after the server-card draft (SEP-2127, maintained as the experimental
// extension modelcontextprotocol/experimental-ext-server-card: schema.ts, docs/discovery.md):
// identity, the remote endpoint and its protocol versions, and nothing the protocol lists at
// run time (tools). The values are the ones the MCP server itself reports, so they cannot drift.
import { COUNTRIES } from '@ibanmint/iban'
import { MCP_PROTOCOL_VERSIONS, MCP_SERVER_INFO } from './info.ts'

export const SERVER_CARD_MEDIA_TYPE = 'application/mcp-server-card+json'
export const SERVER_CARD_SCHEMA = 'https://static.modelcontextprotocol.io/schemas/v1/server-card.schema.json'

export interface ServerCard {
  $schema: string
  name: string
  version: string
  description: string
  title: string
  websiteUrl: string
  remotes: { type: 'streamable-http'; url: string; supportedProtocolVersions: string[] }[]
}

/** The host of a public URL as the draft's names want it: letters, digits, dots and hyphens. */
function hostOf(publicUrl: string): string {
  return new URL(publicUrl).hostname.replace(/^\[|\]$/g, '').replace(/[^a-zA-Z0-9.-]/g, '-')
}

/**
 * The reverse-DNS namespace of the public host: `mint.example.com` → `com.example.mint`. An IP
 * address or a single label (`localhost`) is kept as it is: it has no domain order to reverse.
 */
export function namespaceOf(publicUrl: string): string {
  const host = hostOf(publicUrl)
  if (/^[\d.]+$/.test(host) || !host.includes('.')) return host
  return host.split('.').reverse().join('.')
}

/** The card: `<namespace of PUBLIC_URL's host>/ibanmint`, its version, and the /mcp endpoint. */
export function buildServerCard(publicUrl: string): ServerCard {
  return {
    $schema: SERVER_CARD_SCHEMA,
    name: `${namespaceOf(publicUrl)}/${MCP_SERVER_INFO.name}`,
    version: MCP_SERVER_INFO.version,
    description: `Generate and validate test IBANs for ${COUNTRIES.length} countries, national check digits included.`,
    title: MCP_SERVER_INFO.title,
    websiteUrl: publicUrl,
    remotes: [
      { type: 'streamable-http', url: `${publicUrl}/mcp`, supportedProtocolVersions: [...MCP_PROTOCOL_VERSIONS] },
    ],
  }
}

/**
 * The MCP catalog (`/.well-known/mcp/catalog.json`): the entry point of the draft's discovery,
 * listing this one server and the URL of its card (the draft's reserved `<endpoint>/server-card`).
 */
export function buildCatalog(publicUrl: string): Record<string, unknown> {
  return {
    specVersion: 'draft',
    entries: [
      {
        identifier: `urn:air:${hostOf(publicUrl)}:${MCP_SERVER_INFO.name}`,
        displayName: MCP_SERVER_INFO.title,
        type: SERVER_CARD_MEDIA_TYPE,
        url: `${publicUrl}/mcp/server-card`,
      },
    ],
  }
}

/** The catalog's JSON Schema, for the OpenAPI document: the site's MCP servers and their cards. */
export const catalogSchema = {
  type: 'object',
  description: 'The MCP servers of this site and where their server cards are.',
  required: ['specVersion', 'entries'],
  properties: {
    specVersion: { type: 'string' },
    entries: {
      type: 'array',
      items: {
        type: 'object',
        required: ['identifier', 'type', 'url'],
        properties: {
          identifier: { type: 'string' },
          displayName: { type: 'string' },
          type: { type: 'string', description: 'The media type of what `url` answers.' },
          url: { type: 'string', format: 'uri' },
        },
      },
    },
  },
}

/** The card's JSON Schema, for the OpenAPI document (the draft's rules for the fields served). */
export const serverCardSchema = {
  type: 'object',
  required: ['$schema', 'name', 'version', 'description'],
  properties: {
    $schema: { type: 'string', const: SERVER_CARD_SCHEMA },
    name: {
      type: 'string',
      minLength: 3,
      maxLength: 200,
      pattern: '^[a-zA-Z0-9.-]+/[a-zA-Z0-9._-]+$',
      description: 'Reverse-DNS namespace of the public host, then the server name: com.example.mint/ibanmint.',
    },
    version: { type: 'string', maxLength: 255 },
    description: { type: 'string', minLength: 1, maxLength: 100 },
    title: { type: 'string', minLength: 1, maxLength: 100 },
    websiteUrl: { type: 'string', pattern: '^https?://' },
    remotes: {
      type: 'array',
      items: {
        type: 'object',
        required: ['type', 'url'],
        properties: {
          type: { type: 'string', enum: ['streamable-http', 'sse'] },
          url: { type: 'string', pattern: '^https?://[^\\s]+$' },
          supportedProtocolVersions: { type: 'array', items: { type: 'string' } },
        },
      },
    },
  },
}
