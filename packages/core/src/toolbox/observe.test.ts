import { describe, expect, test } from 'bun:test';
import { z } from 'zod';
import { delay, makeAddTool } from '../__fixtures__/tools';
import type { ExecutionObserver, ObservedCall } from '../execution/observer';
import type { ToolResult } from '../execution/types';
import { createTool } from '../tool/public';
import { createToolbox } from './public';
import { observeToolbox, previewToolCall } from './satellite';

interface Seen {
  started: ObservedCall[];
  ended: { token: number; result: ToolResult }[];
  ran: number[];
}

function recorder(withRun: boolean): { observer: ExecutionObserver<number>; seen: Seen } {
  const seen: Seen = { started: [], ended: [], ran: [] };
  let next = 0;
  const observer: ExecutionObserver<number> = {
    specificationVersion: 'v1',
    start(call) {
      seen.started.push(call);
      return ++next;
    },
    end(token, result) {
      seen.ended.push({ token, result });
    },
  };
  if (withRun) {
    (observer as { run?: unknown }).run = (
      token: number,
      fn: (...args: unknown[]) => unknown,
      ...args: unknown[]
    ) => {
      seen.ran.push(token);
      return fn(...args);
    };
  }
  return { observer, seen };
}

describe('observeToolbox', () => {
  test('start, run and end once per admitted call, with the options and never reordering', async () => {
    const toolbox = createToolbox([makeAddTool()]);
    const { observer, seen } = recorder(true);
    const stop = observeToolbox(toolbox, observer);
    const parentContext = { getValue: () => undefined };
    const ok = await toolbox.execute(
      { id: 'c1', name: 'add-numbers', arguments: { a: 1, b: 2 } },
      { parentContext },
    );
    const bad = await toolbox.execute({ id: 'c2', name: 'add-numbers', arguments: { a: 'x' } });
    expect(ok.result).toBe(3);
    expect(bad.outcome).toBe('error');
    expect(seen.started.map((call) => call.callId)).toEqual(['c1', 'c2']);
    expect(seen.started[0]?.options?.parentContext).toBe(parentContext);
    expect(seen.started[0]?.description).toBe('Add two numbers together');
    expect(seen.ended.map((entry) => [entry.token, entry.result.outcome])).toEqual([
      [1, 'success'],
      [2, 'error'],
    ]);
    expect(seen.ran).toEqual([1]);
    stop();
    await toolbox.execute({ id: 'c3', name: 'add-numbers', arguments: { a: 1, b: 2 } });
    expect(seen.started).toHaveLength(2);
  });

  test('batches, cancellation and a throwing observer never change results', async () => {
    const slow = createTool({
      name: 'slow',
      description: '',
      async execute(_params, { signal }) {
        await delay(50);
        signal.throwIfAborted();
        return 'late';
      },
    });
    const toolbox = createToolbox([makeAddTool(), slow]);
    const { observer, seen } = recorder(false);
    observeToolbox(toolbox, observer);
    const controller = new AbortController();
    const pending = toolbox.execute(
      [
        { id: 'b1', name: 'add-numbers', arguments: { a: 1, b: 1 } },
        { id: 'b2', name: 'slow', arguments: {} },
      ],
      { signal: controller.signal },
    );
    await delay(10);
    controller.abort('secret reason');
    const results = await pending;
    expect(results.map((result) => result.outcome)).toEqual(['success', 'cancelled']);
    expect(seen.ended.map((entry) => entry.result.callId).sort()).toEqual(['b1', 'b2']);
    expect(seen.started[1]?.description).toBeUndefined();

    const throwing: ExecutionObserver = {
      specificationVersion: 'v1',
      start() {
        throw new Error('observer bug');
      },
      end() {
        throw new Error('never reached');
      },
    };
    observeToolbox(toolbox, throwing);
    const result = await toolbox.execute({ id: 'b3', name: 'add-numbers', arguments: { a: 2, b: 2 } });
    expect(result.result).toBe(4);
  });

  test('rejects what is not a toolbox or not an observer', () => {
    expect(() => observeToolbox({}, recorder(false).observer)).toThrow(TypeError);
    expect(() => observeToolbox(createToolbox(), {} as never)).toThrow(TypeError);
  });
});

describe('previewToolCall', () => {
  const guarded = createTool({
    name: 'send',
    description: 'send',
    input: z.object({ to: z.string() }),
    policy: {
      beforeExecute({ params }) {
        if (params.to === 'boss') return { status: 'needs_approval', reason: 'boss mail' };
        if (params.to === 'spam') return { allow: false, reason: 'no spam' };
        return undefined;
      },
    },
    execute: () => 'sent',
  });
  const dangerous = createTool({
    name: 'rm',
    description: 'rm',
    metadata: { dangerous: true },
    execute: () => 'gone',
  });

  test('reports every stage before the implementation without running it', async () => {
    let runs = 0;
    const counted = createTool({
      name: 'counted',
      description: '',
      execute: () => {
        runs++;
      },
    });
    const toolbox = createToolbox([guarded, dangerous, counted], { allowDangerous: false });
    const status = async (name: string, args: unknown) =>
      (await previewToolCall(toolbox, { name, arguments: args as string })).status;
    expect(await status('send', { to: 'friend' })).toBe('allow');
    expect(await status('send', '{"to":"boss"}')).toBe('needs_approval');
    expect(await status('send', { to: 'spam' })).toBe('deny');
    expect(await status('send', { to: 1 })).toBe('invalid');
    expect(await status('send', '{not json')).toBe('invalid');
    expect(await status('rm', {})).toBe('deny');
    expect(await status('missing', {})).toBe('not_found');
    expect(await status('counted', {})).toBe('allow');
    expect(runs).toBe(0);
    expect(toolbox.activeExecutions).toBe(0);
    const denied = await previewToolCall(toolbox, { name: 'send', arguments: { to: 'spam' } });
    expect(denied.error?.code).toBe('POLICY_DENIED');
  });

  test('an unavailable tool previews as unavailable', async () => {
    const hidden = createTool({
      name: 'hidden',
      description: '',
      availability: () => false,
      execute: () => 1,
    });
    expect((await previewToolCall(createToolbox([hidden]), { name: 'hidden' })).status).toBe('unavailable');
  });
});
