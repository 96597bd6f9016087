/**
 * armorer/mcp: re-exports `@armorer/mcp` (server-only; needs an optional peer: `@modelcontextprotocol/server`
 * 2.x for the 2026-07-28 and 2025 revisions, or `@modelcontextprotocol/sdk` 1.x for the 2025 revisions).
 *
 * @module
 */
export * from '@armorer/mcp';
