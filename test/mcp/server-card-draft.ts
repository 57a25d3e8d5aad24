// The server card's JSON Schema as the draft defines it, for the tests that check our card.
/**
 * The server card's JSON Schema as the draft defines it (SEP-2127, maintained in
 * modelcontextprotocol/experimental-ext-server-card, schema.ts): the fields a card may carry,
 * closed at the top level, as the draft's generated schema is.
 */
export const SERVER_CARD_DRAFT = {
  type: 'object',
  required: ['$schema', 'name', 'version', 'description'],
  additionalProperties: false,
  properties: {
    $schema: {
      type: 'string',
      pattern: '^https://static\\.modelcontextprotocol\\.io/schemas/v1/server-card\\.schema\\.json$',
    },
    name: { type: 'string', minLength: 3, maxLength: 200, pattern: '^[a-zA-Z0-9.-]+/[a-zA-Z0-9._-]+$' },
    version: { type: 'string', maxLength: 255, not: { type: 'string', pattern: '^[\\^~<>=]|\\.[x*]$' } },
    description: { type: 'string', minLength: 1, maxLength: 100 },
    title: { type: 'string', minLength: 1, maxLength: 100 },
    websiteUrl: { type: 'string', pattern: '^https?://' },
    repository: { type: 'object' },
    icons: { type: 'array' },
    remotes: {
      type: 'array',
      items: {
        type: 'object',
        required: ['type', 'url'],
        additionalProperties: false,
        properties: {
          type: { enum: ['streamable-http', 'sse'] },
          url: { type: 'string', pattern: '^(https?://[^\\s]+|\\{[a-zA-Z_][a-zA-Z0-9_]*\\}[^\\s]*)$' },
          headers: { type: 'array' },
          variables: { type: 'object' },
          supportedProtocolVersions: { type: 'array', items: { type: 'string' } },
        },
      },
    },
    _meta: { type: 'object' },
  },
}
