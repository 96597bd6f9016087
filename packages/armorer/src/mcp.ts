/**
 * armorer/mcp: re-exports `@armorer/mcp` (server-only; needs the optional peer `@modelcontextprotocol/sdk`).
 *
 * @module
 */
export * from '@armorer/mcp';
