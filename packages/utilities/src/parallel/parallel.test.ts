import { describe, expect, test } from 'bun:test';
import { createTool } from '@armorer/core';
import { z } from 'zod';
import { double, parseNumber } from '../__fixtures__/tools';
import { CompositionError } from '../errors/composition-error';
import { getPipelineError } from '../errors/error-utilities';
import { parallel } from './parallel';

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('parallel', () => {
  test('runs every tool with the same input at once and returns outputs in order', async () => {
    const started: string[] = [];
    const slow = createTool({
      name: 'slow',
      description: 'Slow',
      input: z.object({ str: z.string() }),
      async execute({ str }) {
        started.push('slow');
        await delay(20);
        started.push('slow done');
        return `slow ${str}`;
      },
    });
    const fast = createTool({
      name: 'fast',
      description: 'Fast',
      input: z.object({ str: z.string(), loud: z.boolean().default(false) }),
      async execute({ str, loud }) {
        started.push('fast');
        return loud ? str.toUpperCase() : str;
      },
    });
    const both = parallel(slow, fast, parseNumber);
    expect(await both({ str: '7', loud: true })).toEqual(['slow 7', '7', { value: 7 }]);
    // At once: the fast tool ran while the slow one waited, whatever the machine's load.
    expect(started).toEqual(['slow', 'fast', 'slow done']);
    expect(Object.keys(both.schema.shape).sort()).toEqual(['loud', 'str']);
    expect(both.name).toBe('parallel-slow-fast-parse-number');
  });

  test('the first failure ends the call and cancels the other steps', async () => {
    let cancelled = false;
    const waits = createTool({
      name: 'waits',
      description: 'Waits for cancellation',
      input: z.object({ str: z.string() }),
      async execute(_params, { signal }) {
        await new Promise((resolve) => signal.addEventListener('abort', resolve));
        cancelled = true;
        return 'cancelled';
      },
    });
    const both = parallel([waits, parseNumber], { name: 'race' });
    const result = await both.execute({ name: 'race', arguments: { str: 'nope' } });
    expect(result.error?.code).toBe('EXECUTION_FAILED');
    expect(getPipelineError(result)).toMatchObject({
      stepIndex: 1,
      stepName: 'parse-number',
      composition: 'parallel',
    });
    await delay(5);
    expect(cancelled).toBe(true);
  });

  test("the caller's cancellation reaches every step", async () => {
    let seen = 0;
    const waits = createTool({
      name: 'waits',
      description: 'Waits',
      async execute(_params, { signal }) {
        await new Promise((resolve) => signal.addEventListener('abort', resolve));
        seen++;
        return 'x';
      },
    });
    const controller = new AbortController();
    const both = parallel(waits, bindName(waits));
    const pending = both.execute({ name: both.name, arguments: {} }, { signal: controller.signal });
    await delay(5);
    controller.abort();
    expect((await pending).outcome).toBe('cancelled');
    await delay(5);
    expect(seen).toBe(2);
  });

  test('rejects an empty list, non-tools and bad options', () => {
    expect(() => parallel([] as never)).toThrow(CompositionError);
    expect(() => parallel(double, 5 as never)).toThrow(/not a tool/);
    expect(() => parallel([double], 'name' as never)).toThrow(/options must be an object/);
  });
});

/** The same implementation under another name, so two copies can run side by side. */
function bindName<T extends { readonly configuration: { readonly execute: unknown } }>(tool: T) {
  return createTool({
    name: 'waits-too',
    description: 'Waits',
    execute: tool.configuration.execute as never,
  });
}
