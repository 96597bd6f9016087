import { describe, expect, test } from 'bun:test';
import { delay } from '../../__fixtures__/tools';
import { createTool } from '../../tool/public';
import { createToolbox } from '../../toolbox/public';
import { projectExecutionSnapshot } from './projection';
import type { ExecutionSnapshot } from './snapshot-types';

function gated() {
  const releases: (() => void)[] = [];
  const tool = createTool({
    name: 'gated',
    description: 'waits for a release',
    metadata: { concurrency: 1 },
    async execute(_params, { signal }) {
      await new Promise<void>((resolve, reject) => {
        releases.push(resolve);
        signal.addEventListener('abort', () => reject(signal.reason), { once: true });
      });
      return 'released';
    },
  });
  return { tool, releases };
}

const requestContext = {
  authority: { principalId: 'p-1', tenantId: 't-1', ownerId: 'owner-1', capabilities: ['read', 'write'] },
  audience: 'tenant',
  runId: 'run-1',
  apiToken: 'secret-token',
} as const;

describe('executions snapshots', () => {
  test('queued, active and terminal work, with queue and capacity details and monotonic revisions', async () => {
    const { tool, releases } = gated();
    const toolbox = createToolbox([tool], { toolboxRevision: 'tb-7', policyRevision: 'pol-3' });
    const seen: ExecutionSnapshot[] = [];
    toolbox.executions.subscribe((snapshot) => seen.push(snapshot));
    const first = toolbox.execute({ id: 'c1', name: 'gated', arguments: {} }, { requestContext });
    const second = toolbox.execute({ id: 'c2', name: 'gated', arguments: {} }, { ownerId: 'owner-2' });
    await delay(1);
    const live = toolbox.executions.inspect();
    expect(live.map((snapshot) => [snapshot.callId, snapshot.state])).toEqual([
      ['c1', 'active'],
      ['c2', 'queued'],
    ]);
    expect(live[1]?.queue?.position).toBe(1);
    expect(live[1]?.capacity).toEqual({ limit: 1, inUse: 1, queued: 1 });
    expect(live[0]?.ownerId).toBe('owner-1');
    expect(Object.isFrozen(live[0])).toBe(true);
    releases[0]?.();
    await first;
    await delay(1);
    releases[1]?.();
    await second;
    const ended = toolbox.executions.inspect();
    expect(ended.map((snapshot) => snapshot.state)).toEqual(['terminal', 'terminal']);
    expect(ended[0]?.result).toEqual({ outcome: 'success', errorCode: undefined, errorCategory: undefined });
    const revisions = seen.map((snapshot) => snapshot.revision);
    expect(revisions).toEqual([...revisions].sort((a, b) => a - b));
    expect(new Set(revisions).size).toBe(revisions.length);
    expect(toolbox.executions.inspect({ ownerId: 'owner-2' })).toHaveLength(1);
  });

  test('general snapshots never carry authority, credentials or payloads; privileged ones do', async () => {
    const echo = createTool({
      name: 'echo',
      description: 'x',
      async execute(params) {
        return params;
      },
    });
    const toolbox = createToolbox([echo], {
      toolboxRevision: 'tb-1',
      policyRevision: 'pol-1',
      approvalRevision: 'ap-1',
    });
    // Observation starts when the executions API is first used; ended executions are kept from then on.
    expect(toolbox.executions.inspect()).toEqual([]);
    await toolbox.execute({ name: 'echo', arguments: { password: 'hunter2' } }, { requestContext });
    await delay(1);
    const general = JSON.stringify(toolbox.executions.inspect());
    for (const secret of ['hunter2', 'secret-token', 'p-1', 't-1', 'read'])
      expect(general).not.toContain(secret);
    const [privileged] = toolbox.executions.inspectPrivileged();
    expect(privileged?.requestContext?.authority?.tenantId).toBe('t-1');
    expect(privileged?.revisions).toMatchObject({
      catalogRevision: 1,
      toolboxRevision: 'tb-1',
      policyRevision: 'pol-1',
      approvalRevision: 'ap-1',
    });
    expect(privileged?.revisions.toolDefinitionRevision).toMatch(/^tooldef_[0-9a-f]{16}$/);
    const handle = toolbox.executions.locate(privileged?.executionId ?? '');
    expect(handle?.privilegedSnapshot().requestContext?.runId).toBe('run-1');
    expect(handle?.abort()).toBe(false);
    expect(toolbox.executions.locate('missing')).toBeUndefined();
  });

  test('abort is scoped by execution, call or owner', async () => {
    const { tool } = gated();
    const loose = createTool({ ...tool.configuration, name: 'loose', metadata: {} } as never);
    const toolbox = createToolbox([loose]);
    const calls = [
      toolbox.execute({ id: 'a', name: 'loose', arguments: {} }, { ownerId: 'o1' }),
      toolbox.execute({ id: 'b', name: 'loose', arguments: {} }, { ownerId: 'o1' }),
      toolbox.execute({ id: 'c', name: 'loose', arguments: {} }, { ownerId: 'o2' }),
      toolbox.execute({ id: 'd', name: 'loose', arguments: {} }, { ownerId: 'o3' }),
    ];
    await delay(1);
    expect(toolbox.abort({ callId: 'c' })).toBe(1);
    expect(toolbox.abort({ ownerId: 'o1' }, 'user switched tasks')).toBe(2);
    const executionId = toolbox.executions.inspect({ ownerId: 'o3' })[0]?.executionId ?? '';
    expect(toolbox.abort({ executionId })).toBe(1);
    expect(toolbox.abort({ executionId })).toBe(0);
    const results = await Promise.all(calls);
    expect(results.map((result) => result.outcome)).toEqual([
      'cancelled',
      'cancelled',
      'cancelled',
      'cancelled',
    ]);
    expect(results[0]?.error?.message).toContain('user switched tasks');
  });

  test('a call cancelled while queued never runs and leaves the queue', async () => {
    const { tool, releases } = gated();
    const toolbox = createToolbox([tool]);
    const first = toolbox.execute({ id: 'first', name: 'gated', arguments: {} });
    const controller = new AbortController();
    const queued = toolbox.execute(
      { id: 'queued', name: 'gated', arguments: {} },
      { signal: controller.signal },
    );
    await delay(1);
    controller.abort();
    expect((await queued).outcome).toBe('cancelled');
    expect(releases).toHaveLength(1);
    releases[0]?.();
    expect((await first).result).toBe('released');
  });

  test('per-tool concurrency holds across concurrent execute calls (a queue, not a rejection)', async () => {
    let running = 0;
    let peak = 0;
    const limited = createTool({
      name: 'limited',
      description: 'x',
      metadata: { concurrency: 2 },
      async execute() {
        running++;
        peak = Math.max(peak, running);
        await delay(2);
        running--;
        return 'ok';
      },
    });
    const toolbox = createToolbox([limited]);
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        toolbox.execute({ id: String(index), name: 'limited', arguments: {} }),
      ),
    );
    expect(results.every((result) => result.outcome === 'success')).toBe(true);
    expect(peak).toBe(2);
  });
});

describe('request authority', () => {
  test('a policy narrows capabilities and can never add one', async () => {
    let seenByTool: readonly string[] | undefined;
    let seenByToolPolicy: readonly string[] | undefined;
    const tool = createTool({
      name: 'cap',
      description: 'x',
      policy: {
        beforeExecute({ requestContext: context }) {
          seenByToolPolicy = context?.authority?.capabilities;
        },
      },
      async execute(_params, { requestContext: context }) {
        seenByTool = context?.authority?.capabilities;
        return 'ok';
      },
    });
    const toolbox = createToolbox([tool], {
      policy: { beforeExecute: () => ({ status: 'allow', capabilities: ['read', 'admin'] }) },
    });
    await toolbox.execute({ name: 'cap', arguments: {} }, { requestContext });
    expect(seenByToolPolicy).toEqual(['read']);
    expect(seenByTool).toEqual(['read']);
    expect(requestContext.authority.capabilities).toEqual(['read', 'write']);
    const invalid = createToolbox([tool], {
      policy: { beforeExecute: () => ({ capabilities: 'read' as never }) },
    });
    expect((await invalid.execute({ name: 'cap', arguments: {} }, { requestContext })).error?.code).toBe(
      'POLICY_ERROR',
    );
  });

  test('the request context is frozen before policy runs', async () => {
    const toolbox = createToolbox(
      [
        createTool({
          name: 'x',
          description: 'x',
          async execute() {
            return 1;
          },
        }),
      ],
      {
        policy: {
          beforeExecute({ requestContext: context }) {
            (context?.authority?.capabilities as string[] | undefined)?.push('root');
          },
        },
      },
    );
    const result = await toolbox.execute(
      { name: 'x', arguments: {} },
      { requestContext: structuredClone(requestContext) },
    );
    expect(result.error?.code).toBe('POLICY_ERROR');
  });

  test('projections enforce tenant and audience and keep only classified fields', async () => {
    const echo = createTool({
      name: 'echo',
      description: 'x',
      async execute(params) {
        return params;
      },
    });
    const toolbox = createToolbox([echo]);
    const { executions } = toolbox;
    await toolbox.execute({ name: 'echo', arguments: { card: '4242' } }, { requestContext });
    await delay(1);
    const [privileged] = executions.inspectPrivileged();
    if (privileged === undefined) throw new Error('expected an execution');
    expect(projectExecutionSnapshot(privileged, { audience: 'tenant', tenantId: 'other' })).toBeUndefined();
    expect(projectExecutionSnapshot(privileged, { audience: 'public', tenantId: 't-1' })).toBeUndefined();
    const view = projectExecutionSnapshot(privileged, { audience: 'tenant', tenantId: 't-1' });
    expect(view?.projectionVersion).toBe(1);
    expect(view?.fields).toMatchObject({
      toolName: 'echo',
      state: 'terminal',
      result: { outcome: 'success' },
    });
    const text = JSON.stringify(view);
    for (const hidden of [
      '4242',
      'secret-token',
      'p-1',
      'owner-1',
      'capabilities',
      'requestContext',
      'revisions',
    ]) {
      expect(text).not.toContain(hidden);
    }
    const operator = projectExecutionSnapshot(privileged, { audience: 'operator', tenantId: 't-1' });
    expect(operator?.fields['ownerId']).toBe('owner-1');
    expect(() =>
      projectExecutionSnapshot(privileged, { audience: 'root' as never, tenantId: 't-1' }),
    ).toThrow(RangeError);
    expect(() =>
      projectExecutionSnapshot(toolbox.executions.inspect()[0] as never, {
        audience: 'tenant',
        tenantId: 't-1',
      }),
    ).toThrow(TypeError);
  });
});
