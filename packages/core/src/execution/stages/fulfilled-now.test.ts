import { afterEach, beforeEach, describe, expect, test } from 'bun:test';
import fc from 'fast-check';
import { z } from 'zod';
import { createTool } from '../../tool/public';
import { createToolbox } from '../../toolbox/public';
import { fulfilledValue, NOT_FULFILLED } from './fulfilled-now';

describe('fulfilledValue', () => {
  test('reads a fulfilled promise, never a pending or rejected one', async () => {
    expect(fulfilledValue(Promise.resolve(3))).toBe(3);
    expect(fulfilledValue(Promise.resolve(undefined))).toBeUndefined();
    expect(fulfilledValue((async () => 'ready')())).toBe('ready');
    expect(fulfilledValue(new Promise(() => undefined))).toBe(NOT_FULFILLED);
    const later = (async () => {
      await null;
      return 1;
    })();
    expect(fulfilledValue(later)).toBe(NOT_FULFILLED);
    await later;
    expect(fulfilledValue(later)).toBe(1);
    const rejected = Promise.reject(new Error('no'));
    expect(fulfilledValue(rejected)).toBe(NOT_FULFILLED);
    await expect(rejected).rejects.toThrow('no');
  });
});

describe('an async implementation that never awaits', () => {
  const unhandled: unknown[] = [];
  const onUnhandled = (reason: unknown): void => {
    unhandled.push(reason);
  };
  beforeEach(() => {
    unhandled.length = 0;
    process.on('unhandledRejection', onUnhandled);
  });
  afterEach(() => {
    process.off('unhandledRejection', onUnhandled);
  });

  test('ends inside execute(), as a synchronous one does', async () => {
    const events: string[] = [];
    const toolbox = createToolbox([
      createTool({
        name: 'add',
        description: 'Adds',
        input: z.object({ a: z.number(), b: z.number() }),
        execute: async ({ a, b }) => a + b,
      }),
    ]);
    toolbox.addEventListener('settled', () => events.push('settled'));
    const pending = toolbox.execute({ id: 'c1', name: 'add', arguments: { a: 1, b: 2 } });
    events.push('returned');
    expect(events).toEqual(['settled', 'returned']);
    expect(await pending).toMatchObject({ outcome: 'success', result: 3, content: 3, callId: 'c1' });
    // Nothing is left running: the execution is already in the history, ended.
    expect(toolbox.activeExecutions).toBe(0);
    expect(toolbox.executions.inspect().map((snapshot) => [snapshot.callId, snapshot.state])).toEqual([
      ['c1', 'terminal'],
    ]);
  });

  test('gives the result a synchronous or a waiting implementation gives, for any value or error', async () => {
    const shapes = {
      sync: (value: unknown, fail: boolean) => () => {
        if (fail) throw value;
        return value;
      },
      ready: (value: unknown, fail: boolean) => async () => {
        if (fail) throw value;
        return value;
      },
      waiting: (value: unknown, fail: boolean) => async () => {
        await null;
        if (fail) throw value;
        return value;
      },
    };
    const view = (result: { outcome: string; result?: unknown; content?: unknown; error?: unknown }) => ({
      outcome: result.outcome,
      result: result.result,
      content: result.content,
      error: result.error,
    });
    await fc.assert(
      fc.asyncProperty(fc.jsonValue(), fc.boolean(), async (value, fail) => {
        const thrown = fail ? new Error(`failed with ${JSON.stringify(value)}`) : value;
        const results = [];
        for (const make of Object.values(shapes)) {
          const tool = createTool({ name: 'shape', description: 'One shape', execute: make(thrown, fail) });
          results.push(
            view(await createToolbox([tool]).execute({ id: 'same', name: 'shape', arguments: {} })),
          );
        }
        expect(results[1]).toEqual(results[0] as (typeof results)[number]);
        expect(results[2]).toEqual(results[0] as (typeof results)[number]);
      }),
      { numRuns: 150 },
    );
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(unhandled).toEqual([]);
  });

  test('a stream, a deadline and an after-execute policy still take their paths', async () => {
    async function* numbers() {
      yield 1;
      yield 2;
    }
    const toolbox = createToolbox([
      createTool({ name: 'stream', description: 'Streams', execute: async () => numbers() }),
      createTool({
        name: 'checked',
        description: 'Checked after',
        policy: { afterExecute: () => ({ status: 'deny', reason: 'withheld' }) },
        execute: async () => 'secret',
      }),
    ]);
    const streamed = await toolbox.execute({ name: 'stream', arguments: {} }, { timeout: 1_000 });
    expect(streamed.outcome).toBe('success');
    expect(streamed.result).toEqual([1, 2]);
    const checked = await toolbox.execute({ name: 'checked', arguments: {} }, { timeout: 1_000 });
    expect(checked.outcome).toBe('denied');
    expect(JSON.stringify(checked)).not.toContain('secret');
    expect(toolbox.activeExecutions).toBe(0);
    expect(
      toolbox.executions.inspect().map((snapshot) => [snapshot.state, snapshot.result?.outcome]),
    ).toEqual([
      ['terminal', 'success'],
      ['terminal', 'denied'],
    ]);
  });
});
