import { describe, expect, test } from 'bun:test';
import fc from 'fast-check';
import { z } from 'zod';
import { createTool } from '../tool/public';
import { createToolbox } from '../toolbox/public';
import type { ToolCall, ToolResult } from './types';

const echo = createTool({
  name: 'echo',
  description: 'Returns its arguments',
  input: z.object({}).passthrough(),
  async execute(params) {
    return params;
  },
});

/** Calls `execute` and insists on the contract: a promise of a ToolResult, never a synchronous throw. */
async function run(
  toolbox: { execute(call: never, options?: never): Promise<unknown> },
  call: unknown,
  options?: unknown,
): Promise<ToolResult> {
  let returned: Promise<unknown> | undefined;
  expect(() => {
    returned = toolbox.execute(call as never, options as never);
  }).not.toThrow();
  return (await withDeadline(returned as Promise<unknown>, 2000)) as ToolResult;
}

function withDeadline<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`did not settle within ${ms} ms`)), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

const throwing = (what: string) => () => {
  throw new Error(`${what} getter threw`);
};

/** Host-built calls that used to throw synchronously or hang `toolbox.execute`. */
function hostileCalls(): unknown[] {
  const cyclic: Record<string, unknown> = { a: 1 };
  cyclic.self = cyclic;
  let dag: Record<string, unknown> = { leaf: 'x'.repeat(10) };
  for (let level = 0; level < 40; level++) dag = { left: dag, right: dag };
  return [
    Object.defineProperty({ name: 'echo' }, 'arguments', { get: throwing('arguments'), enumerable: true }),
    Object.defineProperty({ arguments: {} }, 'name', { get: throwing('name'), enumerable: true }),
    Object.defineProperty({ name: 'echo', arguments: {} }, 'id', { get: throwing('id') }),
    new Proxy({ name: 'echo', arguments: {} }, { get: throwing('proxy') }),
    new Proxy(
      {},
      {
        get: throwing('proxy'),
        has: throwing('has'),
        ownKeys: throwing('ownKeys'),
        getPrototypeOf: throwing('getPrototypeOf'),
      },
    ),
    (() => {
      const { proxy, revoke } = Proxy.revocable({ name: 'echo', arguments: {} }, {});
      revoke();
      return proxy;
    })(),
    { name: 'echo', arguments: { big: 10n } },
    { name: 'echo', arguments: cyclic },
    { name: 'echo', arguments: dag },
    { name: 'echo', arguments: new Proxy({}, { ownKeys: throwing('ownKeys') }) },
  ];
}

describe('hostile calls and options', () => {
  test('tool.execute never throws synchronously on host-built input', async () => {
    for (const input of hostileCalls()) {
      let returned: Promise<unknown> | undefined;
      expect(() => {
        returned = echo.execute(input as never);
      }).not.toThrow();
      // The call form ends as a ToolResult; anything else is arguments, so failures reject typed.
      const settled = await withDeadline(
        (returned as Promise<unknown>).then(
          (value) => ({ value }),
          (error: unknown) => ({ error }),
        ),
        2000,
      );
      if ('error' in settled) expect((settled.error as { name?: string }).name).toBe('ToolCallError');
    }
  });

  for (const loopDetection of [false, true]) {
    test(`execute never throws or hangs on host-built calls (loop detection ${loopDetection})`, async () => {
      const toolbox = createToolbox([echo], { loopDetection });
      for (const call of hostileCalls()) {
        const started = performance.now();
        const result = await run(toolbox, call);
        // 2^40 paths: anything but a bounded key would never return.
        expect(performance.now() - started).toBeLessThan(5000);
        expect(['success', 'error']).toContain(result.outcome);
        if (result.outcome === 'error') {
          expect(typeof result.error?.code).toBe('string');
          expect(typeof result.error?.message).toBe('string');
        }
      }
      // Batches too: one result per call, in order.
      const results = (await withDeadline(
        toolbox.execute(hostileCalls() as ToolCall[]) as Promise<ToolResult[]>,
        5000,
      )) as ToolResult[];
      expect(results).toHaveLength(hostileCalls().length);
      await withDeadline(toolbox.shutdown({ policy: 'drain' }), 2000);
    }, 30_000);
  }

  test('hostile options end as INVALID_TOOL_CALL', async () => {
    const toolbox = createToolbox([echo]);
    const call = { name: 'echo', arguments: {} };
    for (const options of [
      { signal: {} },
      { signal: 'abort' },
      { signal: { aborted: false } },
      Object.defineProperty({}, 'signal', { get: throwing('signal'), enumerable: true }),
      Object.defineProperty({}, 'requestContext', { get: throwing('requestContext'), enumerable: true }),
      new Proxy({}, { get: throwing('options') }),
    ]) {
      const result = await run(toolbox, call, options);
      expect(result.outcome).toBe('error');
      expect(result.error?.code).toBe('INVALID_TOOL_CALL');
    }
    expect((await run(toolbox, call, { signal: new AbortController().signal })).outcome).toBe('success');
    await withDeadline(toolbox.shutdown({ policy: 'drain' }), 2000);
  });

  test('property: arbitrary arguments and options never make execute throw or hang', async () => {
    const toolbox = createToolbox([echo], { loopDetection: true });
    // Hostile objects are built inside the property (fast-check itself would trip over their traps).
    const plain = fc.anything({
      withBigInt: true,
      withMap: true,
      withSet: true,
      withTypedArray: true,
      withDate: true,
    });
    const value = fc.oneof(
      plain.map((generated) => () => generated),
      fc.nat(hostileCalls().length - 1).map((index) => () => hostileCalls()[index]),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(fc.constant('echo'), fc.string()),
        value,
        fc.option(fc.tuple(value, value)),
        async (name, args, options) => {
          const call = { name, arguments: args() };
          const built = options === null ? undefined : { signal: options[0](), timeout: options[1]() };
          const result = await run(toolbox, call, built);
          expect(typeof result.outcome).toBe('string');
          if (result.outcome !== 'success') expect(typeof result.error?.code).toBe('string');
        },
      ),
      { numRuns: 300 },
    );
    await withDeadline(toolbox.shutdown({ policy: 'drain' }), 2000);
  }, 30_000);
});

/** Values an implementation can throw, return or stream that used to leak an execution. */
function hostileOutcomes(): { readonly name: string; readonly execute: () => unknown }[] {
  const messageThrows = new Error('x');
  Object.defineProperty(messageThrows, 'message', { get: throwing('message') });
  const nameThrows = new Error('');
  Object.defineProperty(nameThrows, 'name', { get: throwing('name') });
  const forged = { [Symbol.for('armorer.error')]: true, name: 'ToolFailureError', code: 'TIMEOUT' };
  const trap = new Proxy({}, { get: throwing('get'), getPrototypeOf: throwing('getPrototypeOf') });
  return [
    { name: 'throws an Error whose message getter throws', execute: () => Promise.reject(messageThrows) },
    {
      name: 'throws it synchronously',
      execute: () => {
        throw messageThrows;
      },
    },
    { name: 'throws an Error whose name getter throws', execute: () => Promise.reject(nameThrows) },
    { name: 'throws a Proxy', execute: () => Promise.reject(trap) },
    {
      name: 'throws a Proxy synchronously',
      execute: () => {
        throw trap;
      },
    },
    { name: 'throws a forged armorer error', execute: () => Promise.reject(forged) },
    {
      name: 'returns a thenable whose then getter throws',
      execute: () => ({
        // biome-ignore lint/suspicious/noThenProperty: a hostile thenable is what this test feeds the pipeline
        get then() {
          throw new Error('then getter threw');
        },
      }),
    },
    {
      name: 'returns a thenable whose then throws',
      execute: () => ({
        // biome-ignore lint/suspicious/noThenProperty: a hostile thenable is what this test feeds the pipeline
        then() {
          throw new Error('then threw');
        },
      }),
    },
    {
      name: 'returns a thenable that settles twice',
      execute: () => ({
        // biome-ignore lint/suspicious/noThenProperty: a hostile thenable is what this test feeds the pipeline
        then(resolve: (value: unknown) => void, reject: (error: unknown) => void) {
          resolve(1);
          reject(new Error('again'));
          resolve(2);
        },
      }),
    },
    {
      name: 'returns an object whose Symbol.asyncIterator getter throws',
      execute: async () => ({
        get [Symbol.asyncIterator]() {
          throw new Error('iterator getter threw');
        },
      }),
    },
    {
      name: 'returns it synchronously',
      execute: () => ({
        get [Symbol.asyncIterator]() {
          throw new Error('iterator getter threw');
        },
      }),
    },
    {
      name: 'returns a stream whose iterator throws a Proxy',
      execute: async () => ({
        [Symbol.asyncIterator]() {
          return { next: () => Promise.reject(trap) };
        },
      }),
    },
    { name: 'returns a Proxy', execute: async () => trap },
  ];
}

describe('hostile outcomes settle every execution exactly once', () => {
  for (const { name, execute } of hostileOutcomes()) {
    test(`an implementation that ${name}`, async () => {
      const tool = createTool({
        name: 'hostile',
        description: 'x',
        execute: execute as () => Promise<unknown>,
      });
      const toolbox = createToolbox([tool]);
      const settled: unknown[] = [];
      toolbox.on('settled', (event) => settled.push(event));
      for (const options of [undefined, { stream: true }, { timeout: 1000 }]) {
        const result = await run(toolbox, { name: 'hostile', arguments: {} }, options);
        if (result.stream !== undefined) {
          // A live stream is read to its end (or failure), as a consumer would.
          await withDeadline(
            (async () => {
              for await (const _chunk of result.stream ?? []) void _chunk;
            })().catch(() => undefined),
            2000,
          );
        }
        if (result.outcome === 'error') {
          expect(result.error).toBeDefined();
          expect(typeof result.error?.code).toBe('string');
          expect(typeof result.error?.message).toBe('string');
        } else {
          expect(result.outcome).toBe('success');
        }
      }
      expect(settled).toHaveLength(3);
      await withDeadline(toolbox.shutdown({ policy: 'drain' }), 2000);
      await withDeadline(toolbox.complete(), 2000);
      expect(toolbox.executions.inspect().every((snapshot) => snapshot.state === 'terminal')).toBe(true);
    });
  }
});
