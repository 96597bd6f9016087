import { describe, expect, test } from 'bun:test';
import {
  createProcessLocalGrantStateStore,
  GRANT_VERSION,
  type GrantStateStore,
  type ReusableApprovalGrant,
  signGrant,
} from '@armorer/approval';
import { z } from 'zod';
import { SECRET } from '../__fixtures__/approval';
import { createTool } from '../tool/public';
import { createToolbox } from '../toolbox/public';

/**
 * Red-team: reusable grants. A grant must never authorize more executions than its uses, a call outside
 * its resource pattern, a call at or after its expiry, or a call a capability denies; a store that hangs
 * must not hang the call past its own timeout; a forged grant is absent and reveals nothing.
 */

function setup(options: { grants?: GrantStateStore; now?: () => number; slow?: boolean } = {}) {
  const runs: string[] = [];
  const readFile = createTool({
    name: 'read-file',
    description: 'Read a report',
    input: z.object({ resource: z.string(), format: z.string().optional() }),
    async execute({ resource }) {
      if (options.slow) await new Promise((resolve) => setTimeout(resolve, 1));
      runs.push(resource);
      return `contents of ${resource}`;
    },
  });
  const toolbox = createToolbox([readFile], {
    approvalSecret: SECRET,
    approvalPolicy: { mode: 'always', requiredCapabilities: { 'read-file': ['files:read'] } },
    grantStateStore: options.grants ?? createProcessLocalGrantStateStore(),
    policyRevision: 'policy-1',
    ...(options.now === undefined ? {} : { approvalNow: options.now }),
  });
  return { runs, toolbox };
}

const context = {
  authority: { principalId: 'p1', tenantId: 't1', ownerId: 'o1', capabilities: ['files:read'] },
  agentId: 'a1',
  runId: 'r1',
  sessionId: 's1',
};

const grantRequest = {
  principalId: 'p1',
  tenantId: 't1',
  ownerId: 'o1',
  agentId: 'a1',
  toolName: 'read-file',
  resourcePattern: 'reports/**',
  scope: 'principal' as const,
  expiresAt: Date.now() + 3_600_000,
  maxUses: 3,
};

const read = (resource: string, id = `call-${resource}-${Math.random()}`) => ({
  id,
  name: 'read-file',
  arguments: { resource },
});

describe('reusable grants under attack', () => {
  test('50 concurrent matching calls never run more often than the grant has uses', async () => {
    const { toolbox, runs } = setup({ slow: true });
    await toolbox.issueGrant(grantRequest);
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, index) =>
        toolbox.execute(read(`reports/q${index}`), { requestContext: context }),
      ),
    );
    const outcomes = results.map((result) => result.outcome);
    expect(outcomes.filter((outcome) => outcome === 'success')).toHaveLength(3);
    expect(outcomes.filter((outcome) => outcome === 'action_required')).toHaveLength(47);
    expect(runs).toHaveLength(3);
    expect((await toolbox.listGrants({ principalId: 'p1', includeRevoked: true }))[0]?.usesRemaining).toBe(0);
  });

  test('a wildcard never walks out of its directory through a dot segment', async () => {
    const { toolbox, runs } = setup();
    await toolbox.issueGrant({ ...grantRequest, maxUses: 100 });
    for (const resource of [
      'reports/../secrets/keys',
      'reports/2026/../../etc/passwd',
      'reports/..',
      'reports/.',
      'reports/./../x',
    ]) {
      const result = await toolbox.execute(read(resource), { requestContext: context });
      expect(`${resource}: ${result.outcome}`).toBe(`${resource}: action_required`);
    }
    expect(runs).toEqual([]);
    const single = setup();
    await single.toolbox.issueGrant({ ...grantRequest, resourcePattern: 'reports/*', maxUses: 100 });
    for (const resource of ['reports/..', 'reports/.']) {
      const result = await single.toolbox.execute(read(resource), { requestContext: context });
      expect(`${resource}: ${result.outcome}`).toBe(`${resource}: action_required`);
    }
    // Names that merely contain dots still match.
    const ok = await toolbox.execute(read('reports/q1..v2/.hidden'), { requestContext: context });
    expect(ok.outcome).toBe('success');
  });

  test('expiry at the exact instant: one millisecond before runs, the instant itself asks', async () => {
    let now = 1_000;
    const { toolbox, runs } = setup({ now: () => now });
    await toolbox.issueGrant({ ...grantRequest, expiresAt: 2_000 });
    now = 1_999;
    expect((await toolbox.execute(read('reports/a'), { requestContext: context })).outcome).toBe('success');
    now = 2_000;
    expect((await toolbox.execute(read('reports/b'), { requestContext: context })).outcome).toBe(
      'action_required',
    );
    expect(runs).toEqual(['reports/a']);
  });

  test('a grant store that never answers does not hang a call past its timeout', async () => {
    const never = new Promise<never>(() => {});
    const hanging: GrantStateStore = {
      issue: () => undefined,
      get: () => never,
      list: () => never,
      decrementUse: () => never,
      revoke: () => undefined,
    };
    const { toolbox, runs } = setup({ grants: hanging });
    const result = await Promise.race([
      toolbox.execute(read('reports/q1'), { requestContext: context, timeout: 50 }),
      new Promise<'hung'>((resolve) => setTimeout(() => resolve('hung'), 1000)),
    ]);
    expect(result === 'hung' ? 'hung' : result.outcome).not.toBe('hung');
    expect(runs).toEqual([]);
  });

  test('a forged grant in the store is absent, and neither events nor results carry the secret', async () => {
    const grants = createProcessLocalGrantStateStore();
    const { toolbox, runs } = setup({ grants });
    const seen: unknown[] = [];
    for (const type of ['grant.used', 'error', 'settled'] as const)
      toolbox.on(type, (event) => seen.push(event));
    const forged: ReusableApprovalGrant = {
      ...grantRequest,
      version: GRANT_VERSION,
      id: 'grant:forged',
      issuedAt: Date.now() - 1000,
      usesRemaining: 3,
      policyRevision: 'policy-1',
      revoked: false,
      delegationBehavior: 'does-not-propagate',
      signature: '',
    };
    await grants.issue({ ...forged, signature: signGrant(forged, 'attacker-secret') });
    await grants.issue({ ...forged, id: 'grant:unsigned', signature: 'f'.repeat(64) });
    const result = await toolbox.execute(read('reports/q1'), { requestContext: context });
    expect(result.outcome).toBe('action_required');
    expect(runs).toEqual([]);
    const text = JSON.stringify([result, seen, await grants.list()]);
    expect(text).not.toContain(SECRET);
  });

  test('resource fields and constraints that name prototype keys never match', async () => {
    const { toolbox, runs } = setup();
    await toolbox.issueGrant({ ...grantRequest, resourceField: '__proto__', resourcePattern: '**' });
    await toolbox.issueGrant({ ...grantRequest, resourceField: 'constructor', resourcePattern: '**' });
    const { resourcePattern: _pattern, ...anyResource } = grantRequest;
    await toolbox.issueGrant({
      ...anyResource,
      argumentConstraints: JSON.parse('{"__proto__":{"resource":"x"}}'),
    });
    const result = await toolbox.execute(read('anything'), { requestContext: context });
    expect(result.outcome).toBe('action_required');
    expect(runs).toEqual([]);
  });

  test('a grant never lifts a capability the policy narrowed away', async () => {
    const runs: string[] = [];
    const tool = createTool({
      name: 'read-file',
      description: 'Read a report',
      input: z.object({ resource: z.string() }),
      execute: ({ resource }) => {
        runs.push(resource);
        return resource;
      },
    });
    const toolbox = createToolbox([tool], {
      approvalSecret: SECRET,
      approvalPolicy: { mode: 'always', requiredCapabilities: { 'read-file': ['files:read'] } },
      policyRevision: 'policy-1',
      policy: { beforeExecute: () => ({ allow: true, capabilities: [] }) },
    });
    await toolbox.issueGrant(grantRequest);
    const result = await toolbox.execute(read('reports/q1'), { requestContext: context });
    expect(result.outcome).toBe('denied');
    expect(runs).toEqual([]);
    expect((await toolbox.listGrants({ principalId: 'p1' }))[0]?.usesRemaining).toBe(3);
  });
});
