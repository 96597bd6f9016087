import { expectTypeOf, test } from 'bun:test';
import { z } from 'zod';
import type { ToolResult } from './execution/types';
import { combineToolboxes, createTool, createToolbox, withContext } from './index';
import type { ToolContext } from './tool/types';

const add = createTool({
  name: 'add-numbers',
  description: 'Add two numbers',
  input: z.object({ a: z.number(), b: z.number() }),
  async execute({ a, b }) {
    expectTypeOf(a).toEqualTypeOf<number>();
    return a + b;
  },
});

const greet = createTool({
  name: 'greet-user',
  description: 'Greet',
  input: { name: z.string(), formal: z.boolean().optional() },
  async execute(params) {
    expectTypeOf(params).toEqualTypeOf<{ name: string; formal?: boolean | undefined }>();
    return `hi ${params.name}`;
  },
});

const streaming = createTool({
  name: 'tokens',
  description: 'Streams tokens',
  async *execute() {
    yield 'a';
  },
});

test('parameters and results are inferred from the schema and the implementation', () => {
  expectTypeOf(add.name).toEqualTypeOf<'add-numbers'>();
  expectTypeOf(add).parameter(0).toEqualTypeOf<{ a: number; b: number }>();
  expectTypeOf(add({ a: 1, b: 2 })).toEqualTypeOf<Promise<number>>();
  expectTypeOf(greet({ name: 'x' })).toEqualTypeOf<Promise<string>>();
  // @ts-expect-error b is required
  void add({ a: 1 });
  // @ts-expect-error a must be a number
  void add({ a: '1', b: 2 });
});

test('collected streams are arrays of chunks; a tool without input takes no arguments', () => {
  expectTypeOf(streaming()).toEqualTypeOf<Promise<string[]>>();
});

test('execute(toolCall) returns a ToolResult, execute(params) the value', () => {
  expectTypeOf(add.execute({ id: '1', name: 'add-numbers', arguments: {} })).toEqualTypeOf<
    Promise<ToolResult<number>>
  >();
  expectTypeOf(add.execute({ a: 1, b: 2 })).toEqualTypeOf<Promise<number>>();
  expectTypeOf(add.executeWith({ params: { a: 1, b: 2 } })).toEqualTypeOf<Promise<ToolResult<number>>>();
});

test('toolbox.execute narrows the result by tool name', () => {
  const toolbox = createToolbox([add, greet]);
  expectTypeOf(toolbox.execute({ name: 'add-numbers', arguments: {} })).toEqualTypeOf<
    Promise<ToolResult<number>>
  >();
  expectTypeOf(toolbox.execute({ name: 'greet-user', arguments: {} })).toEqualTypeOf<
    Promise<ToolResult<string>>
  >();
  const dynamicName: string = 'from-a-model';
  expectTypeOf(toolbox.execute({ name: dynamicName, arguments: '{}' })).toEqualTypeOf<
    Promise<ToolResult<unknown>>
  >();
  expectTypeOf(toolbox.execute([{ name: 'add-numbers' }])).toEqualTypeOf<Promise<ToolResult[]>>();
  expectTypeOf(toolbox.names()).toEqualTypeOf<readonly ('add-numbers' | 'greet-user')[]>();
});

test('contexts: withContext, toolbox context and composition', () => {
  const withUser = withContext({ userId: 'u1' });
  withUser({
    name: 'who',
    description: 'who',
    async execute(_params, context) {
      expectTypeOf(context.userId).toEqualTypeOf<string>();
      expectTypeOf(context.signal).toEqualTypeOf<AbortSignal>();
      return context.userId;
    },
  });
  const box = createToolbox([], { context: { region: 'eu' } });
  createTool(
    {
      name: 'regional',
      description: 'x',
      async execute(_params, context: ToolContext<{ region: string }>) {
        return context.region;
      },
    },
    box,
  );
  const admin = createToolbox([greet], { context: { role: 'admin' as const } });
  const merged = createToolbox([add], { context: { region: 'eu', role: 'user' as const } }).extend(admin);
  expectTypeOf(merged.context).toEqualTypeOf<Readonly<{ region: string; role: 'admin' }>>();
  expectTypeOf(merged.names()).toEqualTypeOf<readonly ('add-numbers' | 'greet-user')[]>();
  const combined = combineToolboxes(createToolbox([add], { context: { a: 1 } }), admin);
  expectTypeOf(combined.context).toEqualTypeOf<Readonly<{ a: number; role: 'admin' }>>();
  expectTypeOf(combined.execute({ name: 'greet-user' })).toEqualTypeOf<Promise<ToolResult<string>>>();
});

test('tools created inline in createToolbox keep their types', () => {
  const toolbox = createToolbox(
    [
      createTool({
        name: 'inline',
        description: 'x',
        input: z.object({ n: z.number() }),
        async execute({ n }) {
          return n * 2;
        },
      }),
    ],
    { readOnly: true },
  );
  expectTypeOf(toolbox.execute({ name: 'inline', arguments: {} })).toEqualTypeOf<
    Promise<ToolResult<number>>
  >();
  expectTypeOf(createToolbox().activeExecutions).toEqualTypeOf<number>();
  expectTypeOf(toolbox.shutdown({ policy: 'abort' })).resolves.toHaveProperty('unknownEffects');
});
