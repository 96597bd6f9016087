/**
 * armorer/integrations/mcp: an alias of `armorer/mcp`, re-exporting `@armorer/mcp`.
 *
 * @module
 */
export * from '@armorer/mcp';
