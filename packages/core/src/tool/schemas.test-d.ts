import { expectTypeOf, test } from 'bun:test';
import { toStandardJsonSchema } from '@valibot/to-json-schema';
import { type } from 'arktype';
import * as v from 'valibot';
import { z } from 'zod';
import * as z3 from 'zod/v3';
import type { ToolResult } from '../execution/types';
import { createToolbox } from '../toolbox/public';
import { createTool } from './public';

test('output: the implementation must return the schema input; callers get the schema output', () => {
  const total = createTool({
    name: 'total',
    description: 'Totals',
    input: { items: z.array(z.number()) },
    output: z.object({ sum: z.number(), currency: z.string().default('EUR') }),
    execute: ({ items }) => ({ sum: items.reduce((a, b) => a + b, 0) }),
  });
  expectTypeOf(total({ items: [1] })).toEqualTypeOf<Promise<{ sum: number; currency: string }>>();
  expectTypeOf(total.execute({ id: '1', name: 'total', arguments: {} })).toEqualTypeOf<
    Promise<ToolResult<{ sum: number; currency: string }>>
  >();
  const toolbox = createToolbox([total]);
  expectTypeOf(toolbox.execute({ name: 'total', arguments: {} })).toEqualTypeOf<
    Promise<ToolResult<{ sum: number; currency: string }>>
  >();

  createTool({
    name: 'wrong',
    description: 'Wrong',
    output: z.object({ n: z.number() }),
    // @ts-expect-error the implementation must return what the output schema accepts
    execute: () => ({ n: 'not a number' }),
  });
  createTool({
    name: 'async-right',
    description: 'Async',
    output: z.object({ n: z.number() }),
    execute: async () => ({ n: 1 }),
  });
  createTool({
    name: 'async-wrong',
    description: 'Async',
    output: z.object({ n: z.number() }),
    // @ts-expect-error also for promises
    execute: async () => ({ n: '1' }),
  });
});

test('output: transforms type the result, Standard Schema outputs infer too', () => {
  const parsed = createTool({
    name: 'parsed',
    description: 'Parsed',
    output: z.string().transform((text) => text.length),
    execute: () => 'abc',
  });
  expectTypeOf(parsed()).toEqualTypeOf<Promise<number>>();
  const valibot = createTool({
    name: 'valibot',
    description: 'V',
    output: v.object({ ok: v.boolean() }),
    execute: () => ({ ok: true }),
  });
  expectTypeOf(valibot()).toEqualTypeOf<Promise<{ ok: boolean }>>();
  const ark = createTool({
    name: 'ark',
    description: 'A',
    output: type({ count: 'number' }),
    execute: () => ({ count: 1 }),
  });
  expectTypeOf(ark()).toEqualTypeOf<Promise<{ count: number }>>();
  // An array schema also accepts a stream of its elements (the collected chunks are validated).
  const streamed = createTool({
    name: 'streamed',
    description: 'S',
    output: z.array(z.string()),
    async *execute() {
      yield 'a';
    },
  });
  expectTypeOf(streamed()).toEqualTypeOf<Promise<string[]>>();
  createTool({
    name: 'streamed-wrong',
    description: 'S',
    output: z.array(z.string()),
    // @ts-expect-error chunks must be elements of the array schema
    async *execute() {
      yield 1;
    },
  });
  // Without output the result is what the implementation returns, as before.
  const plain = createTool({ name: 'plain', description: 'P', execute: () => 42 as const });
  expectTypeOf(plain()).toEqualTypeOf<Promise<42>>();
});

test('Standard Schema input: parameters from the output type, arguments from the input type', () => {
  const valibot = createTool({
    name: 'weather',
    description: 'Weather',
    input: toStandardJsonSchema(v.object({ city: v.string(), days: v.optional(v.number(), 3) })),
    execute: (params) => {
      expectTypeOf(params).toEqualTypeOf<{ city: string; days: number }>();
      return params.days;
    },
  });
  expectTypeOf(valibot).parameter(0).toEqualTypeOf<{ city: string; days?: number | undefined }>();
  // @ts-expect-error city is required
  void valibot({ days: 2 });

  const ark = createTool({
    name: 'ark',
    description: 'Ark',
    input: type({ query: 'string', 'limit?': 'number' }),
    execute: ({ query, limit }) => {
      expectTypeOf(query).toEqualTypeOf<string>();
      expectTypeOf(limit).toEqualTypeOf<number | undefined>();
      return query;
    },
  });
  expectTypeOf(ark({ query: 'x' })).toEqualTypeOf<Promise<string>>();

  const zod3 = createTool({
    name: 'zod3',
    description: 'Zod 3',
    input: z3.object({ n: z3.number() }),
    jsonSchema: { type: 'object', properties: { n: { type: 'number' } }, required: ['n'] },
    execute: ({ n }) => {
      expectTypeOf(n).toEqualTypeOf<number>();
      return n;
    },
  });
  expectTypeOf(zod3({ n: 1 })).toEqualTypeOf<Promise<number>>();
});

test('Zod 4 inputs infer exactly as before', () => {
  const add = createTool({
    name: 'add',
    description: 'Add',
    input: z.object({ a: z.number(), b: z.number().default(0) }),
    execute: ({ a, b }) => a + b,
  });
  expectTypeOf(add).parameter(0).toEqualTypeOf<{ a: number; b?: number | undefined }>();
  // @ts-expect-error a non-object schema is not an input
  createTool({ name: 'bad', description: 'Bad', input: v.string(), execute: () => 1 });
});
