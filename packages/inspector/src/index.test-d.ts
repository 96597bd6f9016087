import { expectTypeOf, test } from 'bun:test';
import { createTool, createToolbox } from '@armorer/core';
import { z } from 'zod';
import { type InspectorOptions, type RunningInspector, startInspector } from './index';

test('any toolbox, whatever its tools and context, can be inspected', () => {
  const greet = createTool({
    name: 'greet',
    description: 'Greets',
    input: z.object({ name: z.string() }),
    execute: ({ name }) => `hello ${name}`,
  });
  const typed = createToolbox([greet], { context: { greeting: 'hello', retries: 3 } });
  expectTypeOf(startInspector).toBeCallableWith({ toolbox: typed });
  expectTypeOf(startInspector).toBeCallableWith({ toolbox: createToolbox([]), port: 0, hostname: '::1' });
  expectTypeOf(startInspector).returns.toEqualTypeOf<Promise<RunningInspector>>();
  expectTypeOf<RunningInspector['url']>().toEqualTypeOf<string>();
  expectTypeOf<RunningInspector['close']>().returns.toEqualTypeOf<Promise<void>>();
  // @ts-expect-error a toolbox is required
  expectTypeOf(startInspector).toBeCallableWith({ port: 0 });
  expectTypeOf<InspectorOptions['token']>().toEqualTypeOf<string | undefined>();
});
