import { describe, expect, jest, test } from 'bun:test';
import { delay } from '../__fixtures__/tools';
import { createTool } from '../tool/public';
import { createToolbox } from '../toolbox/public';
import type { ToolResult } from './types';

/** A small deterministic PRNG (mulberry32) so random timings are reproducible from a seed. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = Math.imul(state ^ (state >>> 15), 1 | state);
    value ^= value + Math.imul(value ^ (value >>> 7), 61 | value);
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
}

function mixedToolbox(next: () => number) {
  const pause = () => delay(Math.floor(next() * 8));
  const tools = [
    createTool({
      name: 'fast',
      description: 'x',
      async execute() {
        return 'fast';
      },
    }),
    createTool({
      name: 'slow',
      description: 'x',
      async execute(_params, { signal }) {
        await pause();
        if (signal.aborted) throw signal.reason;
        return 'slow';
      },
    }),
    createTool({
      name: 'streaming',
      description: 'x',
      async *execute() {
        for (let index = 0; index < 3; index++) {
          await pause();
          yield index;
        }
      },
    }),
    createTool({
      name: 'ignores-abort',
      description: 'x',
      async execute() {
        await pause();
        return 'ignored';
      },
    }),
    createTool({
      name: 'throws',
      description: 'x',
      async execute() {
        await pause();
        throw new Error('expected failure');
      },
    }),
  ];
  return createToolbox(tools);
}

const NAMES = ['fast', 'slow', 'streaming', 'ignores-abort', 'throws'];

async function shutdownUnderLoad(policy: 'drain' | 'abort', seed: number) {
  const next = random(seed);
  const toolbox = mixedToolbox(next);
  const settledCounts = new Map<string, number>();
  toolbox.addEventListener('settled', (event) => {
    settledCounts.set(event.executionId, (settledCounts.get(event.executionId) ?? 0) + 1);
  });
  const calls: Promise<ToolResult>[] = [];
  for (let index = 0; index < 1000; index++) {
    const name = NAMES[Math.floor(next() * NAMES.length)] as string;
    calls.push(toolbox.execute({ id: `c${index}`, name, arguments: {} }));
  }
  await delay(Math.floor(next() * 4));
  // Every tool settles on its own within milliseconds: the grace only bounds a shutdown that would hang,
  // far past what a loaded machine needs (an execution still running after it is an unknown effect).
  const report = await toolbox.shutdown({ policy, timeoutMs: 60_000 });
  const results = await Promise.all(calls);
  return { toolbox, report, results, settledCounts };
}

describe('shutdown under load', () => {
  for (const policy of ['drain', 'abort'] as const) {
    for (const seed of [1, 2, 3]) {
      test(`${policy}, seed ${seed}: every call settles exactly once and is reported`, async () => {
        const { toolbox, report, results, settledCounts } = await shutdownUnderLoad(policy, seed);
        expect(results).toHaveLength(1000);
        expect(new Set(results.map((result) => result.callId)).size).toBe(1000);
        const admitted = results.filter((result) => result.executionId !== undefined);
        for (const result of admitted) expect(settledCounts.get(result.executionId as string)).toBe(1);
        const reported = [...report.terminal, ...report.unknownEffects].map(
          (snapshot) => snapshot.executionId,
        );
        expect(new Set(reported).size).toBe(reported.length);
        const inFlight = new Set(reported);
        // Nothing that was still running at shutdown is missing from the report.
        for (const result of admitted) {
          if (!inFlight.has(result.executionId as string)) expect(result.outcome).not.toBe('cancelled');
        }
        expect(report.unknownEffects).toEqual([]);
        expect(toolbox.activeExecutions).toBe(0);
        if (policy === 'drain') {
          expect(results.every((result) => result.outcome !== 'cancelled')).toBe(true);
          expect(
            results
              .filter((result) => result.outcome === 'error')
              .every((result) => result.toolName === 'throws'),
          ).toBe(true);
        } else {
          expect(results.some((result) => result.outcome === 'cancelled')).toBe(true);
        }
      });
    }
  }
});

describe('hostile tools', () => {
  test('sync throws, rejections, non-Errors, never-settling promises under a timeout', async () => {
    const toolbox = createToolbox([
      createTool({
        name: 'sync-throw',
        description: 'x',
        execute: () => {
          throw new RangeError('sync');
        },
      }),
      createTool({ name: 'reject', description: 'x', execute: () => Promise.reject(new Error('async')) }),
      createTool({
        name: 'throw-string',
        description: 'x',
        execute: () => {
          throw 'plain string';
        },
      }),
      createTool({ name: 'hang', description: 'x', execute: () => new Promise(() => {}) }),
    ]);
    const results = await toolbox.execute(
      ['sync-throw', 'reject', 'throw-string', 'hang'].map((name) => ({ name, arguments: {} })),
      { timeout: 30 },
    );
    expect(results.map((result) => result.error?.code)).toEqual([
      'EXECUTION_FAILED',
      'EXECUTION_FAILED',
      'EXECUTION_FAILED',
      'TIMEOUT',
    ]);
    const report = await toolbox.shutdown({ policy: 'abort', timeoutMs: 20 });
    expect(report.unknownEffects.map((snapshot) => snapshot.toolName)).toEqual(['hang']);
  });

  test('streams that throw on the first or the last chunk, and streams that never end', async () => {
    const toolbox = createToolbox([
      createTool({
        name: 'first',
        description: 'x',
        async *execute() {
          if (Date.now() > 0) throw new Error('at once');
          yield 'unreachable';
        },
      }),
      createTool({
        name: 'last',
        description: 'x',
        async *execute() {
          yield 1;
          yield 2;
          throw new Error('at the end');
        },
      }),
      createTool({
        name: 'endless',
        description: 'x',
        async *execute() {
          for (;;) {
            await delay(1);
            yield 'tick';
          }
        },
      }),
    ]);
    const first = await toolbox.execute({ name: 'first', arguments: {} });
    expect([first.error?.code, first.result]).toEqual(['STREAM_FAILED', []]);
    const last = await toolbox.execute({ name: 'last', arguments: {} });
    expect([last.error?.code, last.result]).toEqual(['STREAM_FAILED', [1, 2]]);
    // On fake timers the stream ticks every millisecond before its 20 ms deadline passes, however late a
    // loaded machine would fire a real 1 ms timer.
    jest.useFakeTimers();
    try {
      const running = toolbox.execute({ name: 'endless', arguments: {} }, { timeout: 20 });
      for (let elapsed = 0; elapsed <= 20; elapsed++) {
        await new Promise((resolve) => setImmediate(resolve));
        jest.advanceTimersByTime(1);
      }
      const endless = await running;
      expect(endless.error?.code).toBe('TIMEOUT');
      expect((endless.result as unknown[]).length).toBeGreaterThan(0);
    } finally {
      jest.useRealTimers();
    }
  });

  test('a live stream is closed by shutdown; a never-consumed live stream does not block shutdown', async () => {
    let closed = false;
    const endless = createTool({
      name: 'endless',
      description: 'x',
      async *execute() {
        try {
          for (;;) {
            await delay(1);
            yield 'tick';
          }
        } finally {
          closed = true;
        }
      },
    });
    const toolbox = createToolbox([endless]);
    const consumed = await toolbox.execute({ name: 'endless', arguments: {} }, { stream: true });
    const ignored = await toolbox.execute({ name: 'endless', arguments: {} }, { stream: true });
    expect(ignored.outcome).toBe('success');
    const reading = (async () => {
      const chunks: unknown[] = [];
      for await (const chunk of consumed.stream ?? []) chunks.push(chunk);
      return chunks;
    })();
    await delay(10);
    expect(toolbox.executions.inspect().map((snapshot) => snapshot.state)).toEqual([
      'streaming',
      'streaming',
    ]);
    const report = await toolbox.shutdown({ policy: 'abort', timeoutMs: 500 });
    await expect(reading).rejects.toThrow(/cancelled/);
    expect(report.terminal).toHaveLength(2);
    expect(toolbox.activeExecutions).toBe(0);
    await delay(5);
    expect(closed).toBe(true);
  });

  test('a live stream ends its execution when the consumer stops early', async () => {
    const counting = createTool({
      name: 'counting',
      description: 'x',
      async *execute() {
        for (let index = 0; index < 100; index++) yield index;
      },
    });
    const toolbox = createToolbox([counting]);
    const { executions } = toolbox;
    const live = await toolbox.execute({ name: 'counting', arguments: {} }, { stream: true });
    for await (const chunk of live.stream ?? []) if (chunk === 2) break;
    expect(toolbox.activeExecutions).toBe(0);
    expect(executions.inspect()[0]?.activity.chunks).toBe(3);
  });
});
