import { describe, expect, test } from 'bun:test';
import { z } from 'zod';
import { createTool } from '../../tool/public';
import { getToolboxInternals } from '../../toolbox/internals';
import { createToolbox } from '../../toolbox/public';
import type { ToolResult } from '../types';
import { admitCall } from './admission';

function setup(execute: (params: { a: number }, context?: unknown) => unknown) {
  const tool = createTool({ name: 'echo', description: 'echo', input: z.object({ a: z.number() }), execute });
  const toolbox = createToolbox([tool]);
  const reg = getToolboxInternals(toolbox)?.registrations.get('echo');
  if (reg === undefined) throw new Error('no registration');
  return { toolbox, reg };
}

describe('failure descriptions load with the first failure', () => {
  test('a failed call ends with the described error; once loaded, failures end without waiting', async () => {
    const { toolbox, reg } = setup(({ a }) => a);
    const first = await toolbox.execute({ id: 'c1', name: 'echo', arguments: { a: 'x' } });
    expect(first.error?.code).toBe('INVALID_ARGUMENTS');
    expect(first.error?.message).toContain('Invalid arguments for tool "echo"');
    // The chunk is loaded now: the next invalid call has its result before any await.
    const started = admitCall(
      reg,
      { id: 'c2', name: 'echo', arguments: { a: 'y' } },
      'c2',
      undefined,
      undefined,
      undefined,
    );
    expect(started instanceof Promise).toBe(false);
    expect((started as ToolResult).error?.code).toBe('INVALID_ARGUMENTS');
    expect(toolbox.activeExecutions).toBe(0);
  });

  test('events of a failed call fire once, in order, before its result resolves', async () => {
    const { toolbox } = setup(() => {
      throw new Error('boom');
    });
    const seen: string[] = [];
    for (const type of ['execute-start', 'execute-error', 'settled', 'error'] as const) {
      toolbox.addEventListener(type, () => seen.push(type));
    }
    const result = await toolbox.execute({ id: 'c3', name: 'echo', arguments: { a: 1 } });
    expect(result.error).toMatchObject({ code: 'EXECUTION_FAILED', message: 'Tool "echo" failed: boom' });
    expect(seen).toEqual(['execute-start', 'execute-error', 'settled', 'error']);
  });

  test('refusals before a call runs keep their codes and messages', async () => {
    const { toolbox } = setup(({ a }) => a);
    const notACall = await toolbox.execute(42 as never);
    expect(notACall.error?.code).toBe('INVALID_TOOL_CALL');
    expect(notACall.error?.message).toContain('A tool call must be an object with a string "name"');
    const badTimeout = await toolbox.execute({ name: 'echo', arguments: { a: 1 } }, { timeout: -1 });
    expect(badTimeout.error?.message).toBe(
      'The timeout of a call must be a positive number of milliseconds.',
    );
    await toolbox.complete();
    const closed = await toolbox.execute({ name: 'echo', arguments: { a: 1 } });
    expect(closed.error?.code).toBe('TOOLBOX_CLOSED');
    expect(closed.error?.message).toContain('this toolbox no longer admits calls');
  });
});
