import { expectTypeOf, test } from 'bun:test';
import { type AnyTool, createTool, createToolbox, type ToolConfiguration } from '@armorer/core';
import { z } from 'zod';
import { searchTools } from '../search/search-tools';
import type { ToolMatch } from '../search/types';
import { queryTools } from './query-tools';
import type { ToolSummary } from './types';

const add = createTool({
  name: 'add-numbers',
  description: 'Add two numbers',
  input: z.object({ a: z.number(), b: z.number() }),
  execute: async ({ a, b }) => a + b,
});
const greet = createTool({ name: 'greet', description: 'Greet', execute: async () => 'hi' });
const toolbox = createToolbox([add, greet]);

test('the result type follows select', () => {
  expectTypeOf(queryTools(toolbox, { select: 'name' })).toEqualTypeOf<('add-numbers' | 'greet')[]>();
  expectTypeOf(queryTools(toolbox, { select: 'summary' })).toEqualTypeOf<ToolSummary[]>();
  expectTypeOf(queryTools(toolbox, { select: 'configuration' })).toEqualTypeOf<ToolConfiguration[]>();
  expectTypeOf(queryTools(toolbox, { text: 'add' })[0]?.name).toEqualTypeOf<
    'add-numbers' | 'greet' | undefined
  >();
  expectTypeOf(queryTools([add], { tags: { any: ['math'] } })).toEqualTypeOf<(typeof add)[]>();
  expectTypeOf(queryTools(new Set<AnyTool>())).toEqualTypeOf<AnyTool[]>();
});

test('searchTools keeps the tool type', () => {
  expectTypeOf(searchTools(toolbox, { query: 'add' })).resolves.toExtend<
    ToolMatch<typeof add | typeof greet>[]
  >();
});

test('unknown keys and wrong selections do not compile', () => {
  // @ts-expect-error: `tag` is not a criterion
  queryTools(toolbox, { tag: { any: ['x'] } });
  // @ts-expect-error: not a selection mode
  queryTools(toolbox, { select: 'names' });
  // @ts-expect-error: not a text mode
  queryTools(toolbox, { text: { query: 'x', mode: 'regex' } });
});
