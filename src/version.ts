// The software version: package.json's version (a test keeps them equal). The MCP server and
// its card report it.
export const VERSION = '0.3.0'
