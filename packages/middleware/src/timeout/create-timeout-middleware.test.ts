import { describe, expect, test } from 'bun:test';
import { createTool, createToolbox } from '@armorer/core';
import { z } from 'zod';
import { delay } from '../__fixtures__/tools';
import { MiddlewareOptionsError } from '../errors/middleware-options-error';
import { createTimeoutMiddleware } from './create-timeout-middleware';

function waitForAbort(signal: AbortSignal): Promise<unknown> {
  return new Promise((resolve) =>
    signal.addEventListener('abort', () => resolve(signal.reason), { once: true }),
  );
}

describe('createTimeoutMiddleware', () => {
  test('aborts the call through its signal and reports TIMEOUT', async () => {
    let reason: unknown;
    const slow = createTool({
      name: 'slow',
      description: 'Waits for its signal',
      async execute(_params, { signal }) {
        reason = await waitForAbort(signal);
        return 'finished after abort';
      },
    });
    const toolbox = createToolbox([slow], { middleware: [createTimeoutMiddleware({ timeoutMs: 20 })] });
    // The tool waits for its signal and nothing else: only the deadline can end this call.
    const result = await toolbox.execute({ name: 'slow', arguments: {} });
    expect(result.outcome).toBe('error');
    expect(result.error).toMatchObject({
      code: 'TIMEOUT',
      category: 'timeout',
      retryable: true,
      details: { timeoutMs: 20 },
    });
    expect((reason as Error).name).toBe('TimeoutError');
  });

  test('ends the call at the deadline even when the implementation ignores the signal', async () => {
    let finished = false;
    const stubborn = createTool({
      name: 'stubborn',
      description: 'Ignores cancellation',
      async execute() {
        await delay(300);
        finished = true;
        return 'late';
      },
    });
    const toolbox = createToolbox([stubborn], { middleware: [createTimeoutMiddleware(15)] });
    const result = await toolbox.execute({ name: 'stubborn', arguments: {} });
    expect(result.error?.code).toBe('TIMEOUT');
    // The call ended at its deadline, while the implementation still ran.
    expect(finished).toBe(false);
  });

  test('fast calls, sync results and thrown errors pass through unchanged', async () => {
    let signal: AbortSignal | undefined;
    const fast = createTool({
      name: 'fast',
      description: 'Answers at once',
      execute(_params, context) {
        signal = context.signal;
        return 42;
      },
    });
    const broken = createTool({
      name: 'broken',
      description: 'Throws',
      execute() {
        throw new Error('bad input');
      },
    });
    const rejecting = createTool({
      name: 'rejecting',
      description: 'Rejects',
      async execute() {
        throw new Error('bad state');
      },
    });
    const toolbox = createToolbox([fast, broken, rejecting], {
      middleware: [createTimeoutMiddleware({ timeoutMs: 10 })],
    });
    expect((await toolbox.execute({ name: 'fast', arguments: {} })).result).toBe(42);
    await delay(20);
    // The deadline was released: the signal the tool saw never aborted.
    expect(signal?.aborted).toBe(false);
    expect((await toolbox.execute({ name: 'broken', arguments: {} })).error?.message).toContain('bad input');
    expect((await toolbox.execute({ name: 'rejecting', arguments: {} })).error?.message).toContain(
      'bad state',
    );
  });

  test("the caller's cancellation still reaches the implementation and ends the call as cancelled", async () => {
    let reason: unknown;
    const slow = createTool({
      name: 'slow',
      description: 'Waits for its signal',
      async execute(_params, { signal }) {
        reason = await waitForAbort(signal);
        throw reason;
      },
    });
    const toolbox = createToolbox([slow], { middleware: [createTimeoutMiddleware({ timeoutMs: 5000 })] });
    const controller = new AbortController();
    const pending = toolbox.execute({ name: 'slow', arguments: {} }, { signal: controller.signal });
    await delay(5);
    controller.abort(new Error('user pressed stop'));
    const result = await pending;
    expect(result.outcome).toBe('cancelled');
    expect((reason as Error).message).toContain('user pressed stop');
    const aborted = await toolbox.execute({ name: 'slow', arguments: {} }, { signal: AbortSignal.abort() });
    expect(aborted.outcome).toBe('cancelled');
  });

  test("a tool's metadata.timeoutMs overrides the default", async () => {
    const patient = createTool({
      name: 'patient',
      description: 'Takes a while',
      metadata: { timeoutMs: 500 },
      async execute() {
        await delay(30);
        return 'done';
      },
    });
    const toolbox = createToolbox([patient], { middleware: [createTimeoutMiddleware({ timeoutMs: 5 })] });
    expect((await toolbox.execute({ name: 'patient', arguments: {} })).result).toBe('done');
    const invalid = createTool({
      name: 'invalid',
      description: 'x',
      metadata: { timeoutMs: -1 },
      execute: () => 1,
    });
    expect(() => createToolbox([invalid], { middleware: [createTimeoutMiddleware(5)] })).toThrow(
      MiddlewareOptionsError,
    );
    // A timeoutMs that is not a number is refused when the tool is created (typed metadata), before
    // any toolbox sees it.
    expect(() =>
      createTool({
        name: 'nan',
        description: 'x',
        metadata: { timeoutMs: '5' as unknown as number },
        execute: () => 1,
      }),
    ).toThrow(/metadata.timeoutMs/);
  });

  test('a stream must finish within the deadline; one that does passes through', async () => {
    let closed = false;
    const endless = createTool({
      name: 'endless',
      description: 'Streams forever',
      async *execute() {
        try {
          for (;;) {
            await delay(5);
            yield 'tick';
          }
        } finally {
          closed = true;
        }
      },
    });
    const quick = createTool({
      name: 'quick',
      description: 'Streams two chunks',
      async *execute() {
        yield 'a';
        yield 'b';
      },
    });
    const toolbox = createToolbox([endless, quick], {
      middleware: [createTimeoutMiddleware({ timeoutMs: 40 })],
    });
    const result = await toolbox.execute({ name: 'endless', arguments: {} });
    expect(result.outcome).toBe('error');
    expect(JSON.stringify(result.error)).toContain('did not finish within 40 ms');
    await delay(10);
    expect(closed).toBe(true);
    expect((await toolbox.execute({ name: 'quick', arguments: {} })).result).toEqual(['a', 'b']);
    const live = await toolbox.execute({ name: 'quick', arguments: {} }, { stream: true });
    const chunks: unknown[] = [];
    for await (const chunk of live.stream ?? []) chunks.push(chunk);
    expect(chunks).toEqual(['a', 'b']);
  });

  test('1,000 concurrent calls: those past the deadline time out, the others are untouched', async () => {
    const mixed = createTool({
      name: 'mixed',
      description: 'Hangs on odd indexes',
      input: z.object({ index: z.number() }),
      async execute({ index }, { signal }) {
        if (index % 2 === 0) return index;
        await waitForAbort(signal);
        return -1;
      },
    });
    const toolbox = createToolbox([mixed], { middleware: [createTimeoutMiddleware({ timeoutMs: 30 })] });
    const results = await Promise.all(
      Array.from({ length: 1000 }, (_, index) => toolbox.execute({ name: 'mixed', arguments: { index } })),
    );
    const timedOut = results.filter((result) => result.error?.code === 'TIMEOUT');
    expect(timedOut).toHaveLength(500);
    expect(results.filter((result) => result.outcome === 'success').map((result) => result.result)).toEqual(
      Array.from({ length: 500 }, (_, index) => index * 2),
    );
    // Later calls still get a working deadline once the queue has drained and compacted.
    expect((await toolbox.execute({ name: 'mixed', arguments: { index: 1 } })).error?.code).toBe('TIMEOUT');
  });

  test('rejects zero, negative, non-finite and oversized timeouts', () => {
    for (const options of [
      0,
      -1,
      Number.NaN,
      Number.POSITIVE_INFINITY,
      2 ** 31,
      { timeoutMs: 0 },
      {},
      { timeoutMs: '10' },
    ]) {
      expect(() => createTimeoutMiddleware(options as never)).toThrow(MiddlewareOptionsError);
    }
    expect(() => createTimeoutMiddleware(null as never)).toThrow(MiddlewareOptionsError);
  });
});
