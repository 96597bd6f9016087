/**
 * @armorer/tools: ready-made tools for armorer toolboxes. `createSearchTool` adds `search-tools`, which lets
 * an agent discover the tools of its toolbox by describing what it wants to do.
 *
 * @example
 * ```ts
 * import { createToolbox } from '@armorer/core';
 * import { createSearchTool } from '@armorer/tools';
 *
 * const toolbox = createToolbox(manyTools);
 * createSearchTool(toolbox);
 * await toolbox.execute({ name: 'search-tools', arguments: { query: 'contact someone' } });
 * ```
 *
 * @module
 */
export type { SearchToolInput } from './search/create-search-tool';
export { createSearchTool } from './search/create-search-tool';
export type { CreateSearchToolOptions, SearchToolResult } from './search/types';
