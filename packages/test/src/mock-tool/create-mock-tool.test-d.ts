import { expectTypeOf, test } from 'bun:test';
import type { ToolResult } from '@armorer/core';
import { z } from 'zod';
import { createTestRegistry } from '../test-registry/create-test-registry';
import { createMockTool } from './create-mock-tool';

test('a mock is typed by its name, input and result', () => {
  const weather = createMockTool<{ temp: number }>({ name: 'weather' });
  weather.mockResolve({ temp: 72 });
  // @ts-expect-error the result type is { temp: number }
  weather.mockResolve('hot');
  expectTypeOf(weather({ anything: true })).toEqualTypeOf<Promise<{ temp: number }>>();

  const greet = createMockTool<string, 'greet', z.ZodObject<{ name: z.ZodString }>>({
    name: 'greet',
    input: z.object({ name: z.string() }),
  });
  expectTypeOf(greet.name).toEqualTypeOf<'greet'>();
  expectTypeOf(greet.calls[0]?.params).toEqualTypeOf<{ name: string } | undefined>();
  greet.mockImplementation(({ name }) => `hi ${name}`);
  // @ts-expect-error name is required
  void greet({});

  const inferred = createMockTool({ name: 'ping' });
  expectTypeOf(inferred.name).toEqualTypeOf<'ping'>();
});

test('a test registry is a toolbox with a history', () => {
  const toolbox = createTestRegistry();
  expectTypeOf(toolbox.execute({ name: 'weather', arguments: {} })).toEqualTypeOf<
    Promise<ToolResult<unknown>>
  >();
  expectTypeOf(toolbox.history[0]?.call.name).toEqualTypeOf<string | undefined>();
});
