import { heapStats } from 'bun:jsc';
import { describe, expect, test } from 'bun:test';
import { z } from 'zod';
import { createTool } from '../tool/public';
import { createToolbox } from '../toolbox/public';

/**
 * Objects of each JavaScriptCore type that `calls` runs of `run` leave on the heap, per run. A garbage
 * collection during the runs only lowers the figures, so an upper bound is a safe assertion.
 */
async function allocatedPerRun(run: () => Promise<unknown>, calls: number): Promise<Record<string, number>> {
  for (let index = 0; index < calls; index++) await run();
  Bun.gc(true);
  const before = heapStats().objectTypeCounts;
  for (let index = 0; index < calls; index++) await run();
  const after = heapStats().objectTypeCounts;
  const perRun: Record<string, number> = {};
  for (const type of Object.keys(after)) perRun[type] = ((after[type] ?? 0) - (before[type] ?? 0)) / calls;
  return perRun;
}

describe('what a plain call allocates', () => {
  const schema = z.object({ a: z.number(), b: z.number() });
  const calls = Array.from({ length: 64 }, (_, index) => ({
    id: `call-${index}`,
    name: 'add',
    arguments: { a: 1, b: 2 },
  }));

  test('an implementation still running: no closure scope beyond the promise that settles it', async () => {
    // An implementation that awaits once: its own frame allocates scopes, counted apart and subtracted.
    const implementation = async ({ a, b }: { a: number; b: number }): Promise<number> => {
      await null;
      return a + b;
    };
    const add = createTool({ name: 'add', description: 'Adds', input: schema, execute: implementation });
    const toolbox = createToolbox([add]);
    const alone = await allocatedPerRun(() => implementation({ a: 1, b: 2 }), 2000);
    const own = alone.JSLexicalEnvironment ?? 0;
    let next = 0;
    const perCall = await allocatedPerRun(
      async () => (await toolbox.execute(calls[next++ & 63] as (typeof calls)[number])).result,
      2000,
    );
    // The settling promise's resolving functions share one scope, and the reactions on the implementation's
    // promise another (they capture the call). A closure in a stage every call passes (policy, streams,
    // cleanup, async validation) would add one per call: those branches live in functions of their own.
    expect((perCall.JSLexicalEnvironment ?? 0) - own).toBeLessThanOrEqual(2.05);
    // The callable form adds a reaction on the result, without an async frame of its own.
    const perCallable = await allocatedPerRun(() => add({ a: 1, b: 2 }), 2000);
    expect((perCallable.JSLexicalEnvironment ?? 0) - own).toBeLessThanOrEqual(2.05);
    expect(
      (perCallable.AsyncFunctionGenerator ?? 0) - (alone.AsyncFunctionGenerator ?? 0),
    ).toBeLessThanOrEqual(0.05);
    // Full collections and heap censuses of the whole test process: seconds on a loaded machine (it took
    // 12 s). What is checked is a count, not a time.
  }, 60_000);

  test('an async implementation that never awaits ends without a closure or a promise of its own (Bun)', async () => {
    const add = createTool({
      name: 'add',
      description: 'Adds',
      input: schema,
      execute: async ({ a, b }) => a + b,
    });
    const toolbox = createToolbox([add]);
    let next = 0;
    const perCall = await allocatedPerRun(
      async () => (await toolbox.execute(calls[next++ & 63] as (typeof calls)[number])).result,
      2000,
    );
    // Its promise is already fulfilled when it returns: the call reads the value and ends at once, so the
    // promises are the implementation's, the resolved result and the timed function's own.
    expect(perCall.JSLexicalEnvironment ?? 0).toBeLessThanOrEqual(0.05);
    expect(perCall.Promise ?? 0).toBeLessThanOrEqual(3.05);
    const perCallable = await allocatedPerRun(() => add({ a: 1, b: 2 }), 2000);
    expect(perCallable.JSLexicalEnvironment ?? 0).toBeLessThanOrEqual(0.05);
    // Full collections and heap censuses: seconds on a loaded machine. What is checked is a count.
  }, 60_000);
});
