import { afterAll, describe, expect, it, test } from 'bun:test';
import {
  approvalStateStoreConformance,
  defineToolResultCacheConformance,
  grantStateStoreConformance,
} from '@armorer/test';
import { fixtureGrant } from '@armorer/test/fixtures';
import { onServer, serverUrl } from '@armorer/test-servers';
import Redis from 'ioredis';
import { createRedisApprovalStateStore } from './approval/redis-approval-state-store';
import { createRedisToolResultCache } from './cache/redis-tool-result-cache';
import { createRedisGrantStateStore } from './grant/redis-grant-state-store';

onServer(serverUrl('redis'), 'the Redis store tests', (url) => {
  const client = new Redis(url, { maxRetriesPerRequest: 2, lazyConnect: false });
  // Each run gets its own prefix: runs sharing one server never see each other's keys.
  const keyPrefix = `armorer-test:${process.pid}-${Date.now().toString(36)}:`;
  afterAll(async () => {
    const keys = await client.keys(`${keyPrefix}*`);
    if (keys.length > 0) await client.del(...keys);
    client.disconnect();
  });

  approvalStateStoreConformance(
    ({ reservationLeaseMs }) => createRedisApprovalStateStore({ client, keyPrefix, reservationLeaseMs }),
    { describe, it },
  );
  grantStateStoreConformance(
    () => createRedisGrantStateStore({ client, keyPrefix: `${keyPrefix}${Math.random()}:` }),
    {
      describe,
      it,
    },
  );
  defineToolResultCacheConformance(() => createRedisToolResultCache({ client, keyPrefix }), {
    test,
    name: 'Redis ToolResultCache',
    seedLegacyStarted: async (_cache, key, startedAt) => {
      await client.hset(
        `${keyPrefix}{result:${key}}`,
        'e',
        JSON.stringify({ state: 'started', startedAt }),
        's',
        'started',
        't',
        String(startedAt),
      );
    },
  });

  const hmgetCalls = async () => {
    const stats = await client.info('commandstats');
    return Number(/cmdstat_hmget:calls=(\d+)/.exec(stats)?.[1] ?? 0);
  };

  describe('Redis keys and expiry', () => {
    it('every key carries a TTL and one hash tag', async () => {
      const prefix = `${keyPrefix}ttl:`;
      const cache = createRedisToolResultCache({ client, keyPrefix: prefix, retentionMs: 60_000 });
      const now = Date.now();
      await cache.claimStarted('k{with}braces', {
        version: 1,
        state: 'started',
        attemptId: 'a1',
        startedAt: now,
        leaseExpiresAt: now + 1000,
        leaseDeadlineAt: now + 5000,
      });
      const keys = await client.keys(`${prefix}*`);
      expect(keys).toEqual([`${prefix}{result:k%7Bwith%7Dbraces}`]);
      const ttl = await client.pttl(keys[0] as string);
      expect(ttl).toBeGreaterThan(50_000);
      expect(ttl).toBeLessThanOrEqual(60_000);
    });

    it("a grant lookup reads only the grants of its tenant, principal and tool, never every tenant's", async () => {
      const prefix = `${keyPrefix}lookup:`;
      const grants = createRedisGrantStateStore({ client, keyPrefix: prefix });
      // 300 grants of the same principal and tool in 100 other tenants, and 2 in the tenant looked up.
      for (let index = 0; index < 300; index++) {
        await grants.issue(
          fixtureGrant({ principalId: 'user-1', toolName: 'send-payment', tenantId: `other-${index % 100}` }),
        );
      }
      const mine = [
        fixtureGrant({ principalId: 'user-1', toolName: 'send-payment', tenantId: 'acme' }),
        fixtureGrant({ principalId: 'user-1', toolName: 'send-payment', tenantId: 'acme' }),
      ];
      for (const grant of mine) await grants.issue(grant);
      await grants.issue(fixtureGrant({ principalId: 'user-2', toolName: 'send-payment', tenantId: 'acme' }));
      /** How many grant records one list reads: HMGET calls made by its script (Redis counts those too). */
      const reads = async (filter: Parameters<typeof grants.list>[0]) => {
        const before = await hmgetCalls();
        const found = await grants.list(filter);
        return { reads: (await hmgetCalls()) - before, found: found.map((grant) => grant.id).sort() };
      };
      const exact = await reads({ tenantId: 'acme', principalId: 'user-1', toolName: 'send-payment' });
      expect(exact).toEqual({ reads: 2, found: mine.map((grant) => grant.id).sort() });
      expect((await reads({ tenantId: 'acme' })).reads).toBe(3);
      expect(await reads({ tenantId: null, principalId: 'user-1', toolName: 'send-payment' })).toEqual({
        reads: 0,
        found: [],
      });
      // The index keys expire with their last grant.
      for (const key of await client.keys(`${prefix}{grants}:[tl]:*`)) {
        expect(await client.pttl(key)).toBeGreaterThan(0);
      }
    });

    it('a key prefix with braces is refused', () => {
      expect(() => createRedisToolResultCache({ client, keyPrefix: 'a{b}:' })).toThrow(TypeError);
      expect(() => createRedisApprovalStateStore({ client: {} as never })).toThrow(TypeError);
    });

    it('a script flushed from the server is loaded again (NOSCRIPT falls back to EVAL)', async () => {
      const cache = createRedisToolResultCache({ client, keyPrefix });
      await client.script('FLUSH');
      expect(await cache.get('after-flush')).toBeUndefined();
    });
  });
});
