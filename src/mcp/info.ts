// What the MCP server reports about itself (initialize, server/discover, the server card),
// and the endpoint's interface. Free of the SDK: the SDK is loaded on the first MCP request
// (src/mcp/lazy.ts), so a server that never sees one does not carry it.
import { VERSION } from '../version.ts'
import { COUNTRIES } from '@ibanmint/iban'
import type { InlineLimits } from '../pool/inline.ts'
import type { WorkPool } from '../pool/pool.ts'

/** What the server reports in initialize / server/discover, and what the server card repeats. */
export const MCP_SERVER_INFO = {
  name: 'ibanmint',
  title: 'ibanmint test IBANs',
  version: VERSION,
} as const

/** The 2026-07-28 revision, then every older revision the SDK serves, newest first (a test keeps this equal to the SDK's list). */
export const MCP_PROTOCOL_VERSIONS: readonly string[] = [
  '2026-07-28',
  '2025-11-25',
  '2025-06-18',
  '2025-03-26',
  '2024-11-05',
  '2024-10-07',
]

/**
 * The tools, in the order tools/list gives them: the one list every mention of a tool name
 * comes from (the tools themselves, the instructions, the help, the endpoint's summary).
 */
export const TOOL_NAMES = [
  'list_countries',
  'list_banks',
  'generate_iban',
  'validate_iban',
  'build_iban',
  'lookup_bic',
  'generate_payment_file',
] as const

export type ToolName = (typeof TOOL_NAMES)[number]

/** What each tool is for, as the instructions tell a client. */
const TOOL_USES: Record<ToolName, string> = {
  list_countries: 'for country codes, IBAN lengths and one country’s format',
  list_banks: 'to find a bank’s code by its name or BIC',
  generate_iban: 'for test IBANs (or invalid ones, to test rejection)',
  validate_iban: 'to check IBANs',
  build_iban: 'to make the IBAN of a bank code and account number',
  lookup_bic: 'to check a BIC and find its banks',
  generate_payment_file:
    'for a small SEPA payment file (pain.001, pain.008) or the bank’s answer to it (pain.002, camt.053)',
}

export const MCP_INSTRUCTIONS = `ibanmint generates and validates IBANs for ${COUNTRIES.length} countries. Generated IBANs pass MOD-97 and national check digits but are test data: no bank issued them; never use them for payments. Call ${TOOL_NAMES.map((name) => `${name} ${TOOL_USES[name]}`).join('; ')}.`

export interface McpEndpoint {
  /** Serves one MCP request (a web Request with its already-parsed JSON-RPC message). */
  fetch(request: Request, parsedBody: unknown): Promise<Response>
  close(): Promise<void>
}

/** What the tools need: the pool, how much work is done without it, and where they count the rows they make. */
export interface ToolDeps {
  pool: WorkPool
  inline: InlineLimits
  /** Counts the IBANs a tool generated or validated (the service's metrics). */
  countRows?: (kind: 'generated' | 'validated', rows: number) => void
}

export interface McpDeps extends ToolDeps {
  /** Reports failures of our own code inside a tool (logged, answered as internal_error). */
  onInternalError: (error: unknown, tool: string) => void
  /** Reports SDK-level errors and rejected requests (diagnostics only). */
  onProtocolError?: (error: Error) => void
}

/** A tool's name where text mentions it: checked against TOOL_NAMES when the code compiles. */
export function toolName(name: ToolName): ToolName {
  return name
}
