import { describe, expect, jest, test } from 'bun:test';
import { z } from 'zod';
import { delay, makeAddTool } from '../../__fixtures__/tools';
import { createTool } from '../../tool/public';
import { createToolbox } from '../../toolbox/public';

const waiting = (calls: { count: number }) =>
  createTool({
    name: 'wait-for-abort',
    description: 'Waits until cancelled',
    async execute(_params, { signal }) {
      calls.count++;
      await new Promise((_resolve, reject) => {
        signal.addEventListener('abort', () => reject(signal.reason), { once: true });
      });
      return 'never';
    },
  });

describe('execution lifetime', () => {
  test('the documented example: complete() cancels pending work and the toolbox becomes idle', async () => {
    const calls = { count: 0 };
    const toolbox = createToolbox([waiting(calls)]);
    const pending = toolbox.execute({ name: 'wait-for-abort', arguments: {} });
    await delay(1);
    expect(toolbox.activeExecutions).toBe(1);
    await toolbox.complete();
    await toolbox.whenIdle();
    expect([toolbox.completed, toolbox.activeExecutions]).toEqual([true, 0]);
    const result = await pending;
    expect(result.outcome).toBe('cancelled');
    expect(result.error?.code).toBe('CANCELLED');
    expect(toolbox.executionSignal.aborted).toBe(true);
    await toolbox.complete(); // idempotent
    const late = await toolbox.execute({ name: 'wait-for-abort', arguments: {} });
    expect(late.error).toMatchObject({ category: 'unavailable', code: 'TOOLBOX_CLOSED' });
    expect(calls.count).toBe(1);
  });

  test('closeAdmission rejects new calls while admitted work finishes', async () => {
    const slow = createTool({
      name: 'slow',
      description: 'x',
      async execute() {
        await delay(20);
        return 'done';
      },
    });
    const toolbox = createToolbox([slow]);
    const admitted = toolbox.execute({ name: 'slow', arguments: {} });
    toolbox.closeAdmission();
    expect(toolbox.admissionClosed).toBe(true);
    expect((await toolbox.execute({ name: 'slow', arguments: {} })).error?.code).toBe('TOOLBOX_CLOSED');
    expect((await admitted).result).toBe('done');
    expect(toolbox.completed).toBe(false);
  });

  test('the owner signal option completes the toolbox', async () => {
    const controller = new AbortController();
    const calls = { count: 0 };
    const toolbox = createToolbox([waiting(calls)], { signal: controller.signal });
    const pending = toolbox.execute({ name: 'wait-for-abort', arguments: {} });
    await delay(1);
    controller.abort();
    expect((await pending).outcome).toBe('cancelled');
    expect(toolbox.completed).toBe(true);
  });

  test('a callback that ignores cancellation stays cleanup-pending until it settles', async () => {
    let release: () => void = () => {};
    const stubborn = createTool({
      name: 'stubborn',
      description: 'ignores its signal',
      async execute() {
        await new Promise<void>((resolve) => {
          release = resolve;
        });
        return 'finished anyway';
      },
    });
    const toolbox = createToolbox([stubborn]);
    const states: string[] = [];
    toolbox.executions.subscribe((snapshot) => states.push(snapshot.state));
    const pending = toolbox.execute({ name: 'stubborn', arguments: {} });
    await delay(1);
    toolbox.abort();
    const result = await pending;
    expect(result.outcome).toBe('cancelled');
    expect(toolbox.activeExecutions).toBe(1);
    const [snapshot] = toolbox.executions.inspect();
    expect(snapshot?.state).toBe('cleanup-pending');
    expect(snapshot?.cleanup.status).toBe('pending');
    let idle = false;
    void toolbox.whenIdle().then(() => {
      idle = true;
    });
    await delay(5);
    expect(idle).toBe(false);
    release();
    await toolbox.whenIdle();
    expect(toolbox.executions.inspect()[0]).toMatchObject({
      state: 'terminal',
      cleanup: { status: 'completed' },
    });
    expect(states).toEqual(['active', 'abort-requested', 'cleanup-pending', 'terminal']);
  });

  test('shutdown drain awaits admitted work; abort cancels it; both report every execution', async () => {
    const toolbox = createToolbox([
      createTool({
        name: 'slow',
        description: 'x',
        async execute() {
          await delay(10);
          return 1;
        },
      }),
      createTool({
        name: 'next-turn',
        description: 'Ends on the next turn of the microtask queue',
        async execute() {
          await null;
          return 2;
        },
      }),
    ]);
    // Both are in flight when shutdown starts (an implementation whose promise is already fulfilled ends
    // inside execute(), as a synchronous one does: see 'an async implementation that never awaits').
    const a = toolbox.execute({ name: 'slow', arguments: {} });
    const b = toolbox.execute({ name: 'next-turn', arguments: {} });
    const report = await toolbox.shutdown({ policy: 'drain' });
    expect((await a).outcome).toBe('success');
    expect((await b).outcome).toBe('success');
    expect(report.policy).toBe('drain');
    expect(report.terminal.map((snapshot) => snapshot.result?.outcome).sort()).toEqual([
      'success',
      'success',
    ]);
    expect(report.unknownEffects).toEqual([]);

    const calls = { count: 0 };
    const aborting = createToolbox([waiting(calls)]);
    const pending = [1, 2, 3].map(() => aborting.execute({ name: 'wait-for-abort', arguments: {} }));
    await delay(1);
    const abortReport = await aborting.shutdown({ policy: 'abort' });
    expect(abortReport.terminal).toHaveLength(3);
    expect((await Promise.all(pending)).map((result) => result.outcome)).toEqual([
      'cancelled',
      'cancelled',
      'cancelled',
    ]);
    await expect(aborting.shutdown({ policy: 'maybe' as never })).rejects.toThrow(RangeError);
  });

  test('shutdown closes admission before its report loads; bad options reject instead of throwing', async () => {
    const toolbox = createToolbox([makeAddTool()]);
    const report = toolbox.shutdown();
    expect(toolbox.admissionClosed).toBe(true);
    const refused = await toolbox.execute({ name: 'add-numbers', arguments: { a: 1, b: 1 } });
    expect(refused.error?.code).toBe('TOOLBOX_CLOSED');
    expect((await report).policy).toBe('drain');
    const other = createToolbox([]);
    const bad = other.shutdown({ policy: 'later' as never });
    await expect(bad).rejects.toBeInstanceOf(RangeError);
    await expect(other.shutdown({ timeoutMs: -1 })).rejects.toBeInstanceOf(RangeError);
    expect(other.admissionClosed).toBe(false);
  });

  test('an unresolved cleanup becomes unknown-effect in the shutdown report', async () => {
    const never = createTool({ name: 'never', description: 'x', execute: () => new Promise(() => {}) });
    const failing = createTool({
      name: 'fails-on-cleanup',
      description: 'x',
      async execute() {
        await delay(15);
        throw new Error('disk full while rolling back');
      },
    });
    const toolbox = createToolbox([never, failing]);
    const calls = [
      toolbox.execute({ name: 'never', arguments: {} }),
      toolbox.execute({ name: 'fails-on-cleanup', arguments: {} }),
    ];
    await delay(1);
    const report = await toolbox.shutdown({ policy: 'abort', timeoutMs: 40 });
    expect((await Promise.all(calls)).map((result) => result.outcome)).toEqual(['cancelled', 'cancelled']);
    expect(report.unknownEffects.map((snapshot) => snapshot.toolName)).toEqual(['never']);
    expect(report.unknownEffects[0]?.cleanup.status).toBe('unresolved');
    expect(report.cleanupFailures.map((snapshot) => snapshot.toolName)).toEqual(['fails-on-cleanup']);
    expect(report.cleanupFailures[0]?.cleanup.error).toContain('disk full');
    expect(toolbox.activeExecutions).toBe(0);
  });

  test('tools expose the lifetime of calls made on them directly', async () => {
    const calls = { count: 0 };
    const tool = waiting(calls);
    const pending = tool.execute({ name: 'wait-for-abort', arguments: {} });
    await delay(1);
    expect(tool.activeExecutions).toBe(1);
    await tool.complete();
    expect((await pending).outcome).toBe('cancelled');
    expect(tool.completed).toBe(true);
    await expect(tool()).rejects.toThrow(/no longer admits/);
  });

  test('context.signal composes caller signal, deadline and owner shutdown; progress never extends a timeout', async () => {
    const seen: string[] = [];
    const tool = createTool({
      name: 'chatty',
      description: 'x',
      input: z.object({}),
      async execute(_params, { signal, progress }) {
        for (let index = 0; index < 20 && !signal.aborted; index++) {
          progress({ percent: index * 5 });
          await delay(5);
        }
        seen.push(String(signal.reason?.name));
        return 'done';
      },
    });
    // On fake timers the deadline falls exactly 25 ms in, however late a loaded machine runs the test.
    jest.useFakeTimers();
    try {
      let ended = false;
      const running = tool.executeWith({ params: {}, timeout: 25 }).finally(() => {
        ended = true;
      });
      for (let elapsed = 1; elapsed <= 25; elapsed++) {
        jest.advanceTimersByTime(1);
        await new Promise((resolve) => setImmediate(resolve));
        // Progress every 5 ms, the last at 20 ms, does not move the deadline.
        expect([elapsed, ended]).toEqual([elapsed, elapsed === 25]);
      }
      expect((await running).error?.code).toBe('TIMEOUT');
      jest.advanceTimersByTime(5);
      await new Promise((resolve) => setImmediate(resolve));
      expect(seen).toEqual(['TimeoutError']);
    } finally {
      jest.useRealTimers();
    }
  });
});
