import { describe, expect, test } from 'bun:test';
import { z } from 'zod';
import { delay } from '../../__fixtures__/tools';
import { createTool } from '../../tool/public';
import { getToolRevision } from '../../tool/tool-revision';
import { getToolboxInternals } from '../../toolbox/internals';
import { createToolbox } from '../../toolbox/public';
import type { ExecutionSnapshot } from './snapshot-types';

/** A tool that reports progress, then waits until released. */
function stepped() {
  const releases: (() => void)[] = [];
  const tool = createTool({
    name: 'stepped',
    description: 'Reports progress, then waits',
    input: { payload: z.string().optional() },
    async execute(_params, { progress }) {
      progress({ percent: 10, message: 'started' });
      await new Promise<void>((resolve) => releases.push(resolve));
      progress({ percent: 90, message: 'almost' });
      return 'done';
    },
  });
  return { tool, releases };
}

describe('executions from the first call', () => {
  test('subscribers see an admitted, running call as active, then each progress update, then terminal', async () => {
    const { tool, releases } = stepped();
    const toolbox = createToolbox([tool]);
    const seen: ExecutionSnapshot[] = [];
    toolbox.executions.subscribe((snapshot) => seen.push(snapshot));
    const running = toolbox.execute({ id: 'c1', name: 'stepped', arguments: {} });
    await delay(1);
    expect(seen.map((snapshot) => [snapshot.state, snapshot.activity.progress?.percent])).toEqual([
      ['active', undefined],
      ['active', 10],
    ]);
    expect(seen[1]?.activity.progress).toEqual({ percent: 10, message: 'started' });
    releases[0]?.();
    await running;
    expect(seen.map((snapshot) => [snapshot.state, snapshot.activity.progress?.percent])).toEqual([
      ['active', undefined],
      ['active', 10],
      ['active', 90],
      ['terminal', 90],
    ]);
    const revisions = seen.map((snapshot) => snapshot.revision);
    expect(revisions).toEqual([...revisions].sort((a, b) => a - b));
    expect(new Set(revisions).size).toBe(revisions.length);
  });

  test('a call that ends at once is seen active then terminal', async () => {
    const toolbox = createToolbox([createTool({ name: 'quick', description: 'q', execute: () => 1 })]);
    const seen: string[] = [];
    toolbox.executions.subscribe((snapshot) => seen.push(snapshot.state));
    await toolbox.execute({ name: 'quick', arguments: {} });
    expect(seen).toEqual(['active', 'terminal']);
  });

  test('inspect() shows executions that ended before the executions API was ever used', async () => {
    const tool = createTool({
      name: 'echo',
      description: 'Echo',
      input: { text: z.string() },
      execute: ({ text }) => text,
    });
    const toolbox = createToolbox([tool]);
    await toolbox.execute({ id: 'first', name: 'echo', arguments: { text: 'a' } });
    await toolbox.execute({ id: 'second', name: 'echo', arguments: { text: 1 } });
    const ended = toolbox.executions.inspect();
    expect(ended.map((snapshot) => [snapshot.callId, snapshot.state, snapshot.result?.outcome])).toEqual([
      ['first', 'terminal', 'success'],
      ['second', 'terminal', 'error'],
    ]);
    expect(ended[1]?.result?.errorCode).toBe('INVALID_ARGUMENTS');
    // A tool called directly keeps its own history the same way.
    await tool({ text: 'b' });
    expect(tool.executions.inspect().map((snapshot) => snapshot.state)).toEqual(['terminal']);
    expect(toolbox.executions.locate(ended[0]?.executionId ?? '')?.snapshot().state).toBe('terminal');
  });

  test('the history keeps the record, never the arguments or the result', async () => {
    const big = 'x'.repeat(1_000);
    const tool = createTool({
      name: 'big',
      description: 'b',
      input: { text: z.string() },
      execute: ({ text }) => text,
    });
    const toolbox = createToolbox([tool]);
    const result = await toolbox.execute({ name: 'big', arguments: { text: big } });
    expect(result.result).toBe(big);
    const [record] = getToolboxInternals(toolbox)?.owner.tracker.all() ?? [];
    expect(record?.result).toBeUndefined();
    expect(record?.params).toEqual({});
    expect(record?.call.arguments).toEqual({});
    const [snapshot] = toolbox.executions.inspectPrivileged();
    expect(snapshot?.result?.outcome).toBe('success');
  });

  test('the history is bounded', async () => {
    const toolbox = createToolbox([createTool({ name: 'n', description: 'n', execute: () => 1 })]);
    for (let index = 0; index < 300; index++)
      await toolbox.execute({ id: `c${index}`, name: 'n', arguments: {} });
    const ended = toolbox.executions.inspect();
    expect(ended.length).toBe(256);
    expect(ended[0]?.callId).toBe('c44');
    expect(ended.at(-1)?.callId).toBe('c299');
  });
});

describe('tool.id', () => {
  test('is the full tool revision, the one idempotency binds receipts to', () => {
    const charge = createTool({
      name: 'charge-card',
      description: 'Charge a card',
      input: { cents: z.number().int() },
      execute: () => 'charged',
    });
    expect(charge.id).toMatch(/^tooldef_[0-9a-f]{16}$/);
    expect(charge.id).toBe(getToolRevision(charge));
    expect(charge.id).toBe(createToolbox([charge]).getTool('charge-card')?.id as string);
    const changed = createTool({
      name: 'charge-card',
      description: 'Charge a card now',
      input: { cents: z.number().int() },
      execute: () => 'charged',
    });
    expect(changed.id).not.toBe(charge.id);
  });
});
