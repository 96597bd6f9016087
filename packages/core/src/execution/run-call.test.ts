import { describe, expect, test } from 'bun:test';
import { z } from 'zod';
import { delay, makeAddTool } from '../__fixtures__/tools';
import { createTool } from '../tool/public';
import { createToolbox } from '../toolbox/public';

const toolbox = createToolbox([makeAddTool()]);
const call = (args: unknown) => toolbox.execute({ id: 'c', name: 'add-numbers', arguments: args as never });

describe('arguments', () => {
  test('a JSON string that parses is accepted (providers send strings)', async () => {
    expect((await call('{"a": 2, "b": 40}')).result).toBe(42);
  });

  test('malformed or truncated JSON is a validation error, never {}', async () => {
    for (const raw of ['{"a": 2, "b": 4', 'not json', '{a:1}', '{"a": 1,}']) {
      const result = await call(raw);
      expect(result.outcome).toBe('error');
      expect(result.error?.category).toBe('validation');
      expect(result.error?.code).toBe('MALFORMED_ARGUMENTS');
      expect(result.error?.message).toContain('not valid JSON');
    }
  });

  test('non-object arguments are refused, as values or as JSON', async () => {
    for (const raw of [null, 5, true, [1, 2], '[1,2]', '"text"', '12', 'null']) {
      const result = await call(raw);
      expect(result.error?.code).toBe('INVALID_ARGUMENTS');
      expect(result.error?.message).toContain('must be a JSON object');
    }
  });

  test('missing arguments and an empty string mean {}', async () => {
    const noInput = createTool({
      name: 'ping',
      description: 'ping',
      async execute() {
        return 'pong';
      },
    });
    const box = createToolbox([noInput]);
    expect((await box.execute({ name: 'ping' })).result).toBe('pong');
    expect((await box.execute({ name: 'ping', arguments: '' })).result).toBe('pong');
    expect((await box.execute({ name: 'ping', arguments: '  ' })).result).toBe('pong');
  });

  test('invalid arguments carry the Zod issues as structured data', async () => {
    const result = await call({ a: 'one' });
    expect(result.error?.code).toBe('INVALID_ARGUMENTS');
    expect(result.error?.details?.issues).toEqual([
      expect.objectContaining({ path: ['a'], code: 'invalid_type', expected: 'number' }),
      expect.objectContaining({ path: ['b'], code: 'invalid_type', expected: 'number' }),
    ]);
    expect(result.error?.message).toContain('a:');
    expect(JSON.parse(JSON.stringify(result))).toMatchObject({ error: { code: 'INVALID_ARGUMENTS' } });
  });

  test('deeply nested hostile JSON does not crash', async () => {
    const deep = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;
    const result = await call(`{"a": ${deep}}`);
    expect(result.outcome).toBe('error');
    expect(result.error?.category).toBe('validation');
  });

  test('async refinements are validated', async () => {
    const tool = createTool({
      name: 'async-check',
      description: 'x',
      input: z.object({ n: z.number().refine(async (value) => value > 0, 'must be positive') }),
      async execute({ n }) {
        return n;
      },
    });
    expect(await tool({ n: 3 })).toBe(3);
    const result = await tool.execute({ name: 'async-check', arguments: { n: -1 } });
    expect(result.error?.message).toContain('must be positive');
  });

  test('a schema that throws becomes a validation error', async () => {
    const tool = createTool({
      name: 'throwing-schema',
      description: 'x',
      input: z.object({
        n: z.number().refine(() => {
          throw new Error('refine exploded');
        }),
      }),
      async execute() {
        return 1;
      },
    });
    const result = await tool.execute({ name: 'throwing-schema', arguments: { n: 1 } });
    expect(result.error?.category).toBe('validation');
    expect(result.error?.message).toContain('refine exploded');
  });

  test('validated data (defaults, transforms) reaches the implementation', async () => {
    const tool = createTool({
      name: 'defaults',
      description: 'x',
      input: z.object({
        units: z.enum(['c', 'f']).default('c'),
        city: z.string().transform((s) => s.trim()),
      }),
      async execute(params) {
        return params;
      },
    });
    expect(await tool({ city: ' Denver ' })).toEqual({ units: 'c', city: 'Denver' });
  });
});

describe('implementation failures', () => {
  test('thrown non-Error values are reported with their type', async () => {
    const values: unknown[] = ['text', 42, null, undefined, { code: 7 }, Symbol('s')];
    for (const value of values) {
      const tool = createTool({
        name: 'thrower',
        description: 'x',
        async execute() {
          throw value;
        },
      });
      const result = await tool.execute({ name: 'thrower', arguments: {} });
      expect(result.outcome).toBe('error');
      expect(result.error?.code).toBe('EXECUTION_FAILED');
      expect(result.error?.message).toContain('non-Error');
    }
  });

  test('a hostile thrown object whose toJSON throws does not crash the call', async () => {
    const hostile = {
      toJSON() {
        throw new Error('gotcha');
      },
      toString() {
        throw new Error('gotcha');
      },
    };
    const tool = createTool({
      name: 'hostile',
      description: 'x',
      async execute() {
        throw hostile;
      },
    });
    const result = await tool.execute({ name: 'hostile', arguments: {} });
    expect(result.error?.code).toBe('EXECUTION_FAILED');
  });

  test('synchronous throws and synchronous returns both work', async () => {
    const sync = createTool({ name: 'sync', description: 'x', execute: () => 'sync value' });
    expect(await sync()).toBe('sync value');
    const syncThrow = createTool({
      name: 'sync-throw',
      description: 'x',
      execute: () => {
        throw new TypeError('bad');
      },
    });
    expect((await syncThrow.execute({ name: 'sync-throw', arguments: {} })).error?.message).toContain('bad');
  });
});

describe('deadlines and cancellation', () => {
  test('a timeout ends the call with a TIMEOUT error and aborts context.signal', async () => {
    let aborted = false;
    let finished = false;
    const slow = createTool({
      name: 'slow',
      description: 'x',
      async execute(_params, { signal }) {
        signal.addEventListener('abort', () => {
          aborted = true;
        });
        await delay(200);
        finished = true;
        return 'late';
      },
    });
    const result = await slow.executeWith({ params: {}, timeout: 20 });
    // The call ended at its deadline, while the implementation still ran.
    expect(finished).toBe(false);
    expect(result.outcome).toBe('error');
    expect(result.error).toMatchObject({ category: 'timeout', code: 'TIMEOUT', retryable: true });
    expect(aborted).toBe(true);
  });

  test('an invalid timeout is refused', async () => {
    for (const timeout of [0, -5, Number.NaN]) {
      const result = await makeAddTool().executeWith({ params: { a: 1, b: 1 }, timeout });
      expect(result.error?.code).toBe('INVALID_TOOL_CALL');
    }
  });

  test('the caller signal cancels a running call without being aborted by armorer', async () => {
    const controller = new AbortController();
    let seen: AbortSignal | undefined;
    const tool = createTool({
      name: 'waits',
      description: 'x',
      async execute(_params, { signal }) {
        seen = signal;
        await delay(500);
        return 'done';
      },
    });
    const pending = tool.executeWith({ params: {}, signal: controller.signal });
    await delay(10);
    controller.abort(new Error('user pressed stop'));
    const result = await pending;
    expect(result.outcome).toBe('cancelled');
    expect(result.error?.code).toBe('CANCELLED');
    expect(result.error?.message).toContain('user pressed stop');
    expect(seen?.aborted).toBe(true);
    expect(seen).not.toBe(controller.signal);
  });

  test('a timeout never aborts the caller signal', async () => {
    const controller = new AbortController();
    const tool = createTool({
      name: 'slow2',
      description: 'x',
      async execute() {
        await delay(100);
        return 1;
      },
    });
    await tool.executeWith({ params: {}, timeout: 5, signal: controller.signal });
    expect(controller.signal.aborted).toBe(false);
  });

  test('an already-aborted signal never calls the implementation', async () => {
    let called = false;
    const tool = createTool({
      name: 'never',
      description: 'x',
      async execute() {
        called = true;
        return 1;
      },
    });
    const controller = new AbortController();
    controller.abort();
    const result = await tool.executeWith({ params: {}, signal: controller.signal });
    expect(result.outcome).toBe('cancelled');
    expect(called).toBe(false);
  });

  test('a late rejection after a timeout is swallowed, not unhandled', async () => {
    const tool = createTool({
      name: 'late-reject',
      description: 'x',
      async execute() {
        await delay(30);
        throw new Error('too late');
      },
    });
    const result = await tool.executeWith({ params: {}, timeout: 5 });
    expect(result.error?.code).toBe('TIMEOUT');
    await delay(50);
  });
});

describe('streaming', () => {
  const streamTool = createTool({
    name: 'stream-tool',
    description: 'Emits tokens',
    input: z.object({}),
    async execute() {
      return {
        async *[Symbol.asyncIterator]() {
          yield 'hello';
          yield 'world';
        },
      };
    },
  });

  test('chunks are collected by default', async () => {
    const collected = await streamTool.execute({ id: 'collect-1', name: 'stream-tool', arguments: {} });
    expect(collected.result).toEqual(['hello', 'world']);
    expect(await streamTool({})).toEqual(['hello', 'world']);
  });

  test('stream: true returns the live stream on stream and result', async () => {
    const live = await streamTool.execute(
      { id: 'live-1', name: 'stream-tool', arguments: {} },
      { stream: true },
    );
    expect(live.stream).toBe(live.result as never);
    const chunks: unknown[] = [];
    for await (const chunk of live.stream ?? []) chunks.push(chunk);
    expect(chunks).toEqual(['hello', 'world']);
  });

  test('an error mid-stream ends the call as an error and keeps the chunks delivered', async () => {
    const broken = createTool({
      name: 'broken-stream',
      description: 'x',
      async *execute() {
        yield 1;
        yield 2;
        throw new Error('socket closed');
      },
    });
    const result = await broken.execute({ name: 'broken-stream', arguments: {} });
    expect(result.outcome).toBe('error');
    expect(result.error?.code).toBe('STREAM_FAILED');
    expect(result.result).toEqual([1, 2]);
    const live = await broken.executeWith({ params: {}, stream: true });
    const seen: unknown[] = [];
    await expect(
      (async () => {
        for await (const chunk of live.stream ?? []) seen.push(chunk);
      })(),
    ).rejects.toThrow('socket closed');
    expect(seen).toEqual([1, 2]);
  });

  test('a timeout stops collecting a slow stream', async () => {
    const endless = createTool({
      name: 'endless',
      description: 'x',
      async *execute() {
        for (;;) {
          await delay(5);
          yield 'tick';
        }
      },
    });
    const result = await endless.executeWith({ params: {}, timeout: 30 });
    expect(result.error?.code).toBe('TIMEOUT');
    expect(Array.isArray(result.result)).toBe(true);
  });

  test('strings are results, never streams', async () => {
    const text = createTool({
      name: 'text',
      description: 'x',
      async execute() {
        return 'abc';
      },
    });
    expect(await text()).toBe('abc');
  });
});

describe('streams that end with a precise error', () => {
  test('a ToolFailureError thrown by a stream keeps its own error', async () => {
    const { ToolFailureError } = await import('../errors/tool-call-error');
    const { createToolError } = await import('../errors/create-tool-error');
    const limited = createTool({
      name: 'limited-stream',
      description: 'x',
      async *execute() {
        yield 'first';
        throw new ToolFailureError(createToolError('TIMEOUT', 'The stream ran past its deadline.'));
      },
    });
    const result = await limited.execute({ name: 'limited-stream', arguments: {} });
    expect(result.error?.code).toBe('TIMEOUT');
    expect(result.result).toEqual(['first']);
  });
});
