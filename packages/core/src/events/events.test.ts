import { describe, expect, test } from 'bun:test';
import { z } from 'zod';
import { delay, makeAddTool } from '../__fixtures__/tools';
import { createTool } from '../tool/public';
import { createToolbox } from '../toolbox/public';

type AnyEvent = { type: string; executionId?: string; ownerId?: string; detail: unknown };

function record(
  target: { addEventListener(type: never, listener: never): unknown },
  types: readonly string[],
) {
  const events: AnyEvent[] = [];
  for (const type of types)
    target.addEventListener(type as never, ((event: AnyEvent) => events.push(event)) as never);
  return events;
}

const PER_CALL = [
  'execute-start',
  'validate-success',
  'validate-error',
  'execute-success',
  'execute-error',
  'policy-denied',
  'settled',
  'progress',
  'tool.started',
  'tool.finished',
  'stream-start',
  'stream-chunk',
  'stream-end',
  'stream-error',
  'output-chunk',
  'log',
  'cancelled',
  'status-update',
  'status:update',
  'complete',
  'error',
];
const ADMISSION = ['call', 'not-found', 'budget-exceeded', 'loop-warning', 'loop-blocked', 'name-resolved'];

describe('tool events', () => {
  test('the documented lifecycle with progress, on the tool', async () => {
    const tool = createTool({
      name: 'my-tool',
      description: 'A tool with events',
      input: z.object({ input: z.string() }),
      async execute({ input }, { dispatch, progress }) {
        dispatch({ type: 'progress', detail: { percent: 50, message: 'Processing...' } });
        progress({ percent: 100, message: 'Done', checkpoint: { phase: 'end' } });
        dispatch({ type: 'status-update', detail: { state: 'writing' } });
        dispatch({ type: 'log', detail: { level: 'info', message: 'hi' } });
        return input.toUpperCase();
      },
    });
    const events = record(tool, [
      'execute-start',
      'validate-success',
      'progress',
      'status-update',
      'log',
      'execute-success',
      'settled',
    ]);
    await tool.execute({ id: 'c1', name: 'my-tool', arguments: { input: 'x' } }, { ownerId: 'run-1' });
    expect(events.map((event) => event.type)).toEqual([
      'execute-start',
      'validate-success',
      'progress',
      'progress',
      'status-update',
      'log',
      'execute-success',
      'settled',
    ]);
    expect(events[2]?.detail).toEqual({ percent: 50, message: 'Processing...' });
    expect(events[3]?.detail).toEqual({ percent: 100, message: 'Done', checkpoint: { phase: 'end' } });
    const ids = new Set(events.map((event) => event.executionId));
    expect(ids.size).toBe(1);
    expect([...ids][0]).toMatch(/^exec_/);
    expect(events.every((event) => event.ownerId === 'run-1')).toBe(true);
  });

  test('progress and dispatch are no-ops after the call ended', async () => {
    let later: ((update: { percent: number }) => void) | undefined;
    const tool = createTool({
      name: 'leaky',
      description: 'x',
      async execute(_params, { progress }) {
        later = progress;
        return 1;
      },
    });
    const events = record(tool, ['progress']);
    await tool();
    later?.({ percent: 99 });
    expect(events).toHaveLength(0);
  });

  test('a throwing listener never breaks the call', async () => {
    const tool = makeAddTool();
    const original = console.error;
    const reported: unknown[] = [];
    console.error = (...args: unknown[]) => reported.push(args);
    try {
      tool.addEventListener('execute-start', () => {
        throw new Error('listener bug');
      });
      tool.addEventListener('settled', async () => {
        throw new Error('async listener bug');
      });
      expect(await tool({ a: 1, b: 1 })).toBe(2);
      await delay(1);
    } finally {
      console.error = original;
    }
    expect(reported).toHaveLength(2);
  });

  test('unsubscribe, once, removeEventListener and signal', async () => {
    const tool = makeAddTool();
    const seen: string[] = [];
    const off = tool.addEventListener('settled', () => seen.push('a'));
    const listener = () => seen.push('b');
    tool.on('settled', listener);
    tool.addEventListener('settled', () => seen.push('once'), { once: true });
    const controller = new AbortController();
    tool.addEventListener('settled', () => seen.push('signal'), { signal: controller.signal });
    const next = tool.once('settled');
    await tool({ a: 1, b: 1 });
    expect((await next).detail.result.result).toBe(2);
    off();
    off();
    tool.removeEventListener('settled', listener);
    controller.abort();
    await tool({ a: 1, b: 1 });
    expect(seen).toEqual(['a', 'b', 'once', 'signal']);
  });
});

describe('toolbox events and identity', () => {
  test('per-call events bubble to the toolbox with executionId and ownerId', async () => {
    const toolbox = createToolbox([makeAddTool()], { telemetry: true });
    const events = record(toolbox, PER_CALL);
    await toolbox.execute(
      { id: 'c1', name: 'add-numbers', arguments: { a: 1, b: 2 } },
      { ownerId: 'owner-9' },
    );
    expect(events.map((event) => event.type)).toEqual([
      'tool.started',
      'execute-start',
      'validate-success',
      'execute-success',
      'tool.finished',
      'settled',
      'complete',
    ]);
    for (const event of events) {
      expect(event.executionId).toMatch(/^exec_/);
      expect(event.ownerId).toBe('owner-9');
    }
    const finished = events.find((event) => event.type === 'tool.finished')?.detail as {
      status: string;
      durationMs: number;
    };
    expect(finished.status).toBe('success');
    expect(finished.durationMs).toBeGreaterThanOrEqual(0);
  });

  test('ownerId comes from requestContext.authority.ownerId and is never invented', async () => {
    const toolbox = createToolbox([makeAddTool()]);
    const events = record(toolbox, ['settled']);
    const viaAuthority = await toolbox.execute(
      { name: 'add-numbers', arguments: { a: 1, b: 2 } },
      { requestContext: { authority: { ownerId: 'session-7' } } },
    );
    const none = await toolbox.execute({ name: 'add-numbers', arguments: { a: 1, b: 2 } });
    expect(viaAuthority.ownerId).toBe('session-7');
    expect(none.ownerId).toBeUndefined();
    expect(events.map((event) => event.ownerId)).toEqual(['session-7', undefined]);
    expect(Object.hasOwn(events[1] as object, 'ownerId')).toBe(true);
    expect(events[0]?.executionId).not.toBe(events[1]?.executionId);
  });

  test('admission events carry no execution identity; admission errors carry it as undefined', async () => {
    const toolbox = createToolbox([makeAddTool()]);
    const events = record(toolbox, [...ADMISSION, 'error', 'settled']);
    await toolbox.execute({ id: 'x', name: 'nope', arguments: {} }, { ownerId: 'o' });
    expect(events.map((event) => event.type)).toEqual(['call', 'not-found', 'error']);
    for (const event of events.slice(0, 2)) {
      expect(Object.hasOwn(event, 'executionId')).toBe(false);
      expect(Object.hasOwn(event, 'ownerId')).toBe(false);
    }
    const error = events[2] as AnyEvent;
    expect(Object.hasOwn(error, 'executionId')).toBe(true);
    expect(error.executionId).toBeUndefined();
    expect(error.ownerId).toBeUndefined();
  });

  test('validation and execution failures fire their events and the toolbox error event', async () => {
    const failing = createTool({
      name: 'failing',
      description: 'x',
      async execute() {
        throw new Error('no');
      },
    });
    const toolbox = createToolbox([makeAddTool(), failing]);
    const events = record(toolbox, ['validate-error', 'execute-error', 'error', 'complete']);
    await toolbox.execute({ name: 'add-numbers', arguments: { a: 'x' } });
    await toolbox.execute({ name: 'failing', arguments: {} });
    expect(events.map((event) => event.type)).toEqual(['validate-error', 'error', 'execute-error', 'error']);
    expect(events.every((event) => typeof event.executionId === 'string')).toBe(true);
  });

  test('stream events fire in collect and live modes', async () => {
    const streaming = createTool({
      name: 'tokens',
      description: 'x',
      async *execute() {
        yield 'a';
        yield 'b';
      },
    });
    const toolbox = createToolbox([streaming]);
    const events = record(toolbox, ['stream-start', 'stream-chunk', 'output-chunk', 'stream-end']);
    await toolbox.execute({ name: 'tokens', arguments: {} });
    const collectTypes = events.map((event) => event.type);
    expect(collectTypes).toEqual([
      'stream-start',
      'stream-chunk',
      'output-chunk',
      'stream-chunk',
      'output-chunk',
      'stream-end',
    ]);
    events.length = 0;
    const live = await toolbox.execute({ name: 'tokens', arguments: {} }, { stream: true });
    for await (const _chunk of live.stream ?? []) {
      // consume
    }
    expect(events.map((event) => event.type)).toEqual(collectTypes);
  });

  test('cancelled fires with identity', async () => {
    const slow = createTool({
      name: 'slow',
      description: 'x',
      async execute() {
        await delay(100);
        return 1;
      },
    });
    const toolbox = createToolbox([slow]);
    const events = record(toolbox, ['cancelled']);
    const controller = new AbortController();
    const pending = toolbox.execute(
      { name: 'slow', arguments: {} },
      { signal: controller.signal, ownerId: 'me' },
    );
    controller.abort();
    expect((await pending).outcome).toBe('cancelled');
    expect(events).toHaveLength(1);
    expect(events[0]?.ownerId).toBe('me');
  });

  test('execute-start and validate-error carry the parsed arguments; metadata denials fire policy-denied', async () => {
    const writer = createTool({
      name: 'writer',
      description: 'x',
      metadata: { mutates: true },
      async execute() {
        return 1;
      },
    });
    const toolbox = createToolbox([makeAddTool(), writer], { readOnly: true });
    const events = record(toolbox, ['execute-start', 'validate-error', 'policy-denied']);
    await toolbox.execute({ name: 'add-numbers', arguments: '{"a":"x","b":2}' });
    await toolbox.execute({ name: 'add-numbers', arguments: '{"a":' });
    await toolbox.execute({ name: 'writer', arguments: {} });
    expect(events.map((event) => event.type)).toEqual([
      'execute-start',
      'validate-error',
      'execute-start',
      'validate-error',
      'execute-start',
      'policy-denied',
    ]);
    expect((events[0]?.detail as { params: unknown } | undefined)?.params).toEqual({ a: 'x', b: 2 });
    expect((events[1]?.detail as { params: unknown } | undefined)?.params).toEqual({ a: 'x', b: 2 });
    expect((events[3]?.detail as { params: unknown } | undefined)?.params).toBe('{"a":');
    expect((events[5]?.detail as { error: { code: string } } | undefined)?.error.code).toBe(
      'MUTATION_DENIED',
    );
  });
});

describe('the implementation context', () => {
  test('an implementation with a defaulted context parameter still receives the context', async () => {
    const fallback = { toolName: 'fallback' };
    const tool = createTool({
      name: 'defaulted',
      description: 'x',
      execute: async (_params: Record<string, never>, context = fallback) => context.toolName,
    });
    expect(await tool()).toBe('defaulted');
  });
});
