import { describe, expect, test } from 'bun:test';
import { createProcessLocalGrantStateStore, matchGrant } from '@armorer/approval';
import { LOOKED_UP_TENANT, LOOKUP, otherTenants, tenantGrants } from './grants';

describe('the grant-lookup bench data', () => {
  test('the lookup answers the same grants with and without other tenants, and they match the call', async () => {
    const now = Date.now();
    const mine = tenantGrants(LOOKED_UP_TENANT, 100, now);
    const alone = createProcessLocalGrantStateStore();
    const crowded = createProcessLocalGrantStateStore();
    for (const grant of mine) {
      await alone.issue(grant);
      await crowded.issue(grant);
    }
    for (const tenant of otherTenants(20))
      for (const grant of tenantGrants(tenant, 100, now)) await crowded.issue(grant);
    const ids = async (store: typeof alone) => (await store.list(LOOKUP)).map((grant) => grant.id);
    expect(await ids(crowded)).toEqual(await ids(alone));
    const found = await alone.list(LOOKUP);
    expect(found).toHaveLength(2);
    // Every other tenant also holds the principal and tool looked up: only the tenant tells them apart.
    expect((await crowded.list({ principalId: 'user-1', toolName: 'send-payment' })).length).toBe(40);
    for (const grant of found) {
      expect(
        matchGrant(grant, {
          toolName: 'send-payment',
          arguments: { resource: 'reports/q1' },
          principalId: 'user-1',
          tenantId: LOOKED_UP_TENANT,
          ownerId: undefined,
          agentId: undefined,
          runId: undefined,
          sessionId: undefined,
          policyRevision: 'policy-1',
          now,
        }),
      ).toBeUndefined();
    }
  });
});
