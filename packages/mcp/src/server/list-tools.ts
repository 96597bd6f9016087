import { sha256Hex } from '@armorer/approval';
import { type AnyTool, getToolRevision, type Toolbox } from '@armorer/core';
import { toMcpTools } from '../declarations/to-mcp-tools';
import type { McpToolDeclaration } from '../declarations/types';

/** The `_meta` key of a `tools/list` result naming the revision of the listed catalog. */
export const CATALOG_REVISION_META_KEY = 'armorer/catalogRevision';

/** The `tools/list` result armorer answers with (cache hints are added by the 2026 codec). */
export interface ListToolsResult {
  readonly tools: McpToolDeclaration[];
  readonly _meta: { readonly [CATALOG_REVISION_META_KEY]: string };
}

/**
 * The revision of a list of tools: a digest of each tool's definition revision (name, description,
 * schemas, metadata), in order. Two servers serving the same toolbox answer the same revision; any change
 * a client could see changes it.
 */
export function catalogRevision(tools: readonly AnyTool[]): string {
  return `catalog_${sha256Hex(tools.map((tool) => getToolRevision(tool)).join('\n')).slice(0, 32)}`;
}

/**
 * Tools whose availability hook passes, as MCP declarations, in the toolbox's registration order (the
 * same order on every request and every instance, as the 2026 revision asks for caching), with the
 * catalog revision in `_meta`.
 */
export async function listTools(toolbox: Toolbox): Promise<ListToolsResult> {
  const tools = await toolbox.getAvailable();
  return { tools: toMcpTools(tools), _meta: { [CATALOG_REVISION_META_KEY]: catalogRevision(tools) } };
}
