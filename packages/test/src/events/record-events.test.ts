import { describe, expect, test } from 'bun:test';
import { createMockTool } from '../mock-tool/create-mock-tool';
import { createTestRegistry } from '../test-registry/create-test-registry';
import { TOOL_EVENT_TYPES, TOOLBOX_EVENT_TYPES } from './event-types';
import { recordEvents } from './record-events';
import { waitForEvent } from './wait-for-event';

describe('recordEvents', () => {
  test('records the lifecycle of a call in order, and of a type on demand', async () => {
    const mock = createMockTool({ name: 'weather' }).mockResolve({ temp: 72 });
    const toolbox = createTestRegistry({ tools: [mock] });
    const recorder = recordEvents(toolbox);
    await toolbox.execute({ name: 'weather', arguments: {} });
    expect(recorder.types()).toEqual([
      'call',
      'execute-start',
      'validate-success',
      'execute-success',
      'settled',
      'complete',
    ]);
    expect(recorder.of('settled')[0]?.detail.result.result).toEqual({ temp: 72 });
    recorder.clear();
    await toolbox.execute({ name: 'nope', arguments: {} });
    expect(recorder.types()).toEqual(['call', 'not-found', 'error']);
    recorder.stop();
    await toolbox.execute({ name: 'weather', arguments: {} });
    expect(recorder.events).toHaveLength(3);
  });

  test('listens only to the given types, on a toolbox or a tool', async () => {
    const mock = createMockTool({ name: 'weather' }).mockReject(new Error('down'));
    const onTool = recordEvents(mock, ['execute-error']);
    const onToolAll = recordEvents(mock);
    await mock.execute({ name: 'weather', arguments: {} });
    expect(onTool.types()).toEqual(['execute-error']);
    expect(onToolAll.types()).toContain('settled');
    onTool.stop();
    onToolAll.stop();
  });

  test('the type lists hold no duplicates (completeness is checked in event-types.test-d.ts)', () => {
    expect(new Set(TOOLBOX_EVENT_TYPES).size).toBe(TOOLBOX_EVENT_TYPES.length);
    expect(new Set(TOOL_EVENT_TYPES).size).toBe(TOOL_EVENT_TYPES.length);
    expect(TOOL_EVENT_TYPES).toContain('policy-action-required');
  });

  test('rejects targets that are not event sources and bad type lists', () => {
    expect(() => recordEvents({} as never)).toThrow(TypeError);
    const toolbox = createTestRegistry();
    expect(() => recordEvents(toolbox, 'settled' as never)).toThrow(TypeError);
    expect(() => recordEvents(toolbox, [1] as never)).toThrow(TypeError);
  });
});

describe('waitForEvent', () => {
  test('resolves with the next event', async () => {
    const toolbox = createTestRegistry({ tools: [createMockTool({ name: 'weather' }).mockResolve(1)] });
    const settled = waitForEvent(toolbox, 'settled');
    void toolbox.execute({ name: 'weather', arguments: {} });
    expect((await settled).detail.result.outcome).toBe('success');
  });

  test('rejects after the timeout, on abort, and for bad input', async () => {
    const toolbox = createTestRegistry();
    await expect(waitForEvent(toolbox, 'settled', { timeoutMs: 5 })).rejects.toThrow(
      /No "settled" event within 5 ms/,
    );
    await expect(
      waitForEvent(toolbox, 'settled', { signal: AbortSignal.abort(new Error('stop')) }),
    ).rejects.toThrow('stop');
    await expect(waitForEvent(toolbox, 'settled', { timeoutMs: 0 })).rejects.toThrow(RangeError);
    await expect(waitForEvent({} as never, 'settled')).rejects.toThrow(TypeError);
  });
});
