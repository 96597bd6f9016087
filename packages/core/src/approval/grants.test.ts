import { describe, expect, test } from 'bun:test';
import {
  createProcessLocalGrantStateStore,
  GrantError,
  type GrantStateStore,
  type ReusableApprovalGrant,
} from '@armorer/approval';
import { z } from 'zod';
import { SECRET } from '../__fixtures__/approval';
import type { ToolboxEventMap } from '../events/types';
import { createTool } from '../tool/public';
import { createToolbox } from '../toolbox/public';

function setup(
  grantStateStore: GrantStateStore = createProcessLocalGrantStateStore(),
  clock: { offset: number } = { offset: 0 },
) {
  const runs = { count: 0 };
  const readFile = createTool({
    name: 'read-file',
    description: 'Read a report',
    input: z.object({ resource: z.string(), format: z.string().optional() }),
    execute: ({ resource }) => {
      runs.count++;
      return `contents of ${resource}`;
    },
  });
  const toolbox = createToolbox([readFile], {
    approvalSecret: SECRET,
    approvalPolicy: { mode: 'always', requiredCapabilities: { 'read-file': ['files:read'] } },
    grantStateStore,
    policyRevision: 'policy-1',
    approvalNow: () => Date.now() + clock.offset,
  });
  return { runs, toolbox, grantStateStore };
}

const context = {
  authority: {
    principalId: 'principal-1',
    tenantId: 'tenant-1',
    ownerId: 'owner-1',
    capabilities: ['files:read'],
  },
  agentId: 'agent-1',
  runId: 'run-1',
  sessionId: 'session-1',
};

const request = {
  principalId: 'principal-1',
  tenantId: 'tenant-1',
  ownerId: 'owner-1',
  agentId: 'agent-1',
  toolName: 'read-file',
  resourcePattern: 'reports/*',
  scope: 'session' as const,
  sessionId: 'session-1',
  expiresAt: Date.now() + 60 * 60 * 1000,
  maxUses: 2,
};

const call = (resource: string, id = `call-${resource}`) => ({
  id,
  name: 'read-file',
  arguments: { resource },
});

describe('reusable approval grants', () => {
  test('issueGrant mints, signs and stores; a matching call runs without asking and fires grant.used', async () => {
    const { toolbox, runs } = setup();
    const grant = await toolbox.issueGrant(request);
    expect(grant).toMatchObject({
      version: 1,
      usesRemaining: 2,
      maxUses: 2,
      policyRevision: 'policy-1',
      revoked: false,
      delegationBehavior: 'does-not-propagate',
    });
    expect(grant.id).toStartWith('grant:');
    expect(grant.signature).toMatch(/^[0-9a-f]{64}$/);
    const used: ToolboxEventMap['grant.used'][] = [];
    toolbox.on('grant.used', (event) => used.push(event));
    const result = await toolbox.execute(call('reports/q1'), { requestContext: context });
    expect(result.outcome).toBe('success');
    expect(runs.count).toBe(1);
    expect(used).toHaveLength(1);
    expect(used[0]?.detail).toMatchObject({
      grantId: grant.id,
      principalId: 'principal-1',
      usesRemaining: 1,
      call: call('reports/q1'),
    });
    expect(used[0]?.executionId).toBe(result.executionId as string);
    expect((await toolbox.listGrants({ principalId: 'principal-1' }))[0]?.usesRemaining).toBe(1);
  });

  test('uses run out; then the call asks again', async () => {
    const { toolbox, runs } = setup();
    await toolbox.issueGrant(request);
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        toolbox.execute(call('reports/q1', `c${index}`), { requestContext: context }),
      ),
    );
    expect(results.filter((result) => result.outcome === 'success')).toHaveLength(2);
    expect(results.filter((result) => result.outcome === 'action_required')).toHaveLength(8);
    expect(runs.count).toBe(2);
  });

  test('a call outside the grant asks as usual: resource, session, principal, tenant, agent, tool arguments', async () => {
    const { toolbox, runs } = setup();
    await toolbox.issueGrant({ ...request, argumentConstraints: { format: 'text' } });
    const outside = [
      [{ id: 'a', name: 'read-file', arguments: { resource: 'secrets/key', format: 'text' } }, context],
      [{ id: 'b', name: 'read-file', arguments: { resource: 'reports/q1', format: 'pdf' } }, context],
      [{ id: 'c', name: 'read-file', arguments: { resource: 'reports/q1' } }, context],
      [
        { id: 'd', name: 'read-file', arguments: { resource: 'reports/q1', format: 'text' } },
        { ...context, sessionId: 'session-2' },
      ],
      [
        { id: 'e', name: 'read-file', arguments: { resource: 'reports/q1', format: 'text' } },
        { ...context, agentId: 'agent-2' },
      ],
      [
        { id: 'f', name: 'read-file', arguments: { resource: 'reports/q1', format: 'text' } },
        { ...context, authority: { ...context.authority, principalId: 'principal-2' } },
      ],
      [
        { id: 'g', name: 'read-file', arguments: { resource: 'reports/q1', format: 'text' } },
        { ...context, authority: { ...context.authority, tenantId: 'tenant-2' } },
      ],
    ] as const;
    for (const [outsideCall, requestContext] of outside) {
      const result = await toolbox.execute(outsideCall, { requestContext });
      expect(result.outcome).toBe('action_required');
    }
    expect(runs.count).toBe(0);
    const inside = await toolbox.execute(
      { id: 'h', name: 'read-file', arguments: { resource: 'reports/q1', format: 'text' } },
      { requestContext: context },
    );
    expect(inside.outcome).toBe('success');
  });

  test('a grant never overrides a capability deny', async () => {
    const { toolbox, runs } = setup();
    await toolbox.issueGrant(request);
    const withoutCapability = { ...context, authority: { ...context.authority, capabilities: [] } };
    const result = await toolbox.execute(call('reports/q1'), { requestContext: withoutCapability });
    expect(result).toMatchObject({ outcome: 'denied', error: { code: 'POLICY_DENIED' } });
    expect(runs.count).toBe(0);
    expect((await toolbox.listGrants())[0]?.usesRemaining).toBe(2);
  });

  test('a grant that fails verification is treated as absent', async () => {
    const inner = createProcessLocalGrantStateStore();
    let tamper: ((grant: ReusableApprovalGrant) => ReusableApprovalGrant) | undefined;
    const store: GrantStateStore = {
      ...inner,
      list: async (filter) => (await inner.list(filter)).map((grant) => (tamper ? tamper(grant) : grant)),
    };
    const { toolbox, runs } = setup(store);
    await toolbox.issueGrant(request);
    for (const change of [
      (grant: ReusableApprovalGrant) => ({ ...grant, resourcePattern: '**' }),
      (grant: ReusableApprovalGrant) => ({ ...grant, maxUses: 1000 }),
      (grant: ReusableApprovalGrant) => ({ ...grant, expiresAt: grant.expiresAt + 1 }),
      (grant: ReusableApprovalGrant) => ({ ...grant, signature: 'f'.repeat(64) }),
      (grant: ReusableApprovalGrant) => ({ ...grant, version: 2 }) as never,
      () => null as never,
    ]) {
      tamper = change;
      const result = await toolbox.execute(call('secrets/key'), { requestContext: context });
      expect(result.outcome).toBe('action_required');
    }
    expect(runs.count).toBe(0);
    tamper = undefined;
    expect((await toolbox.execute(call('reports/q1'), { requestContext: context })).outcome).toBe('success');
  });

  test('a grant from another secret, a stale policy revision, expired or revoked is absent', async () => {
    const clock = { offset: 0 };
    const { toolbox, runs, grantStateStore } = setup(undefined, clock);
    const other = createToolbox([], {
      approvalSecret: 'a-different-secret, 32 bytes or more',
      grantStateStore,
      policyRevision: 'policy-1',
    });
    await other.issueGrant(request);
    const stale = createToolbox([], { approvalSecret: SECRET, grantStateStore, policyRevision: 'policy-0' });
    await stale.issueGrant(request);
    // The toolbox's clock moves a minute past the expiring grant after issuing it: no real waiting, so a
    // busy machine cannot make the grant expire before it is issued.
    const expiring = await toolbox.issueGrant({ ...request, expiresAt: Date.now() + 60_000 });
    clock.offset = 120_000;
    const revoked = await toolbox.issueGrant(request);
    await toolbox.revokeGrant(revoked.id);
    await toolbox.revokeGrant(revoked.id);
    await toolbox.revokeGrant('grant:unknown');
    const result = await toolbox.execute(call('reports/q1'), { requestContext: context });
    expect(result.outcome).toBe('action_required');
    expect(runs.count).toBe(0);
    expect(expiring.usesRemaining).toBe(2);
    expect((await toolbox.listGrants({ includeRevoked: true })).length).toBe(4);
  });

  test('issueGrant refuses a run grant without runId, a session grant without sessionId, bad input, no secret', async () => {
    const { toolbox } = setup();
    const { sessionId: _sessionId, ...sessionless } = request;
    await expect(toolbox.issueGrant(sessionless as never)).rejects.toMatchObject({ code: 'invalid-scope' });
    await expect(toolbox.issueGrant({ ...sessionless, scope: 'run' })).rejects.toMatchObject({
      code: 'invalid-scope',
    });
    await expect(toolbox.issueGrant({ ...request, maxUses: 0 })).rejects.toMatchObject({
      code: 'invalid-grant',
    });
    await expect(toolbox.issueGrant({ ...request, expiresAt: 0 })).rejects.toMatchObject({
      code: 'invalid-grant',
    });
    await expect(toolbox.issueGrant(null as never)).rejects.toBeInstanceOf(GrantError);
    await expect(createToolbox([]).issueGrant(request)).rejects.toMatchObject({ code: 'missing-secret' });
    const run = await toolbox.issueGrant({ ...sessionless, scope: 'run', runId: 'run-1' });
    expect(run.runId).toBe('run-1');
    expect('sessionId' in run).toBe(false);
  });

  test('a run-scoped grant matches only its run', async () => {
    const { toolbox, runs } = setup();
    const { sessionId: _sessionId, ...sessionless } = request;
    await toolbox.issueGrant({ ...sessionless, scope: 'run', runId: 'run-1' });
    expect(
      (await toolbox.execute(call('reports/a'), { requestContext: { ...context, runId: 'run-2' } })).outcome,
    ).toBe('action_required');
    expect((await toolbox.execute(call('reports/a'), { requestContext: context })).outcome).toBe('success');
    expect(runs.count).toBe(1);
  });
});

describe('the grant lookup of a call', () => {
  /** A grant store that records the filters it is asked for. */
  function recording() {
    const inner = createProcessLocalGrantStateStore();
    const filters: unknown[] = [];
    const store: GrantStateStore = {
      ...inner,
      list(filter) {
        filters.push(filter);
        return inner.list(filter);
      },
    };
    return { store, filters };
  }

  test('names the tenant, principal and tool, so a store reads only the grants that can match', async () => {
    const { store, filters } = recording();
    const { toolbox, runs } = setup(store);
    await toolbox.issueGrant(request);
    const result = await toolbox.execute(call('reports/q1'), { requestContext: context });
    expect(result.outcome).toBe('success');
    expect(runs.count).toBe(1);
    expect(filters).toEqual([{ tenantId: 'tenant-1', principalId: 'principal-1', toolName: 'read-file' }]);
  });

  test('a call without a tenant looks up the grants issued without one (tenantId null), and they match', async () => {
    const { store, filters } = recording();
    const { toolbox, runs } = setup(store);
    const { tenantId: _tenantId, ...tenantless } = request;
    await toolbox.issueGrant(tenantless);
    await toolbox.issueGrant(request); // another tenant's grant of the same principal: never a candidate
    const { tenantId: _none, ...authority } = context.authority;
    const result = await toolbox.execute(call('reports/q2'), {
      requestContext: { ...context, authority },
    });
    expect(result.outcome).toBe('success');
    expect(runs.count).toBe(1);
    expect(filters).toEqual([{ tenantId: null, principalId: 'principal-1', toolName: 'read-file' }]);
  });

  test('a tenant that is not a string matches no grant and asks the store nothing', async () => {
    const { store, filters } = recording();
    const { toolbox, runs } = setup(store);
    await toolbox.issueGrant(request);
    const result = await toolbox.execute(call('reports/q3'), {
      requestContext: { ...context, authority: { ...context.authority, tenantId: 7 as unknown as string } },
    });
    expect(result.outcome).not.toBe('success');
    expect(runs.count).toBe(0);
    expect(filters).toEqual([]);
  });
});
