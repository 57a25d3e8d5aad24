// What the MCP server reports about itself (initialize, server/discover, the server card),
// and the endpoint's interface. Free of the SDK: the SDK is loaded on the first MCP request
// (src/mcp/lazy.ts), so a server that never sees one does not carry it.
import { VERSION } from '../version.ts'
import { COUNTRIES } from '@ibanmint/iban'
import type { ToolDeps } from './tools.ts'

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

export const MCP_INSTRUCTIONS = `ibanmint generates and validates IBANs for ${COUNTRIES.length} countries. Generated IBANs pass MOD-97 and national check digits but are test data: no bank issued them; never use them for payments. Call list_countries for country codes, generate_iban for test IBANs (or invalid ones, to test rejection), build_iban to make the IBAN of a bank and account, validate_iban to check one, and lookup_bic to check a BIC and find its banks.`

export interface McpEndpoint {
  /** Serves one MCP request (a web Request with its already-parsed JSON-RPC message). */
  fetch(request: Request, parsedBody: unknown): Promise<Response>
  close(): Promise<void>
}

export interface McpDeps extends ToolDeps {
  /** Reports failures of our own code inside a tool (logged, answered as internal_error). */
  onInternalError: (error: unknown, tool: string) => void
  /** Reports SDK-level errors and rejected requests (diagnostics only). */
  onProtocolError?: (error: Error) => void
}
