import { expectTypeOf, test } from 'bun:test';
import { createToolbox } from '@armorer/core';
import { createSearchTool } from './create-search-tool';
import type { SearchToolResult } from './types';

test('the search tool is typed by its name, input and result', async () => {
  const toolbox = createToolbox();
  const search = createSearchTool(toolbox);
  expectTypeOf(search.name).toEqualTypeOf<'search-tools'>();
  expectTypeOf(
    createSearchTool(toolbox, { name: 'find-tools', register: false }).name,
  ).toEqualTypeOf<'find-tools'>();
  expectTypeOf(search).parameter(0).toEqualTypeOf<{
    query: string;
    tags?: string[] | undefined;
    limit?: number | undefined;
  }>();
  expectTypeOf(await search({ query: 'x' })).toEqualTypeOf<SearchToolResult[]>();
});
