import { afterAll, beforeAll, describe, expect, it, test } from 'bun:test';
import {
  approvalStateStoreConformance,
  defineToolResultCacheConformance,
  grantStateStoreConformance,
} from '@armorer/test';
import { fixtureGrant, fixtureStartedEntry } from '@armorer/test/fixtures';
import { onServer, serverUrl } from '@armorer/test-servers';
import Redis from 'ioredis';
import { CLIENT_KINDS, type TestClient } from './__fixtures__/clients';
import { createRedisStores } from './create-redis-stores';

onServer(serverUrl('redis'), 'the Redis store tests', (url) => {
  for (const kind of CLIENT_KINDS) {
    describe(`Redis stores over ${kind.name}`, () => {
      let connected: TestClient;
      // Each run and client gets its own prefix: runs sharing one server never see each other's keys.
      const prefix = `armorer-test:${process.pid}-${Date.now().toString(36)}-${kind.name.replace(/\W/g, '')}:`;
      const stores = (
        extra: { prefix?: string; retainResultsMs?: number; reservationLeaseMs?: number } = {},
      ) => createRedisStores({ client: connected.client, prefix, ...extra });
      beforeAll(async () => {
        connected = await kind.connect(url);
      });
      afterAll(async () => {
        await connected.raw.del(await connected.raw.keys(`${prefix}*`));
        await connected.close();
      });

      approvalStateStoreConformance(
        ({ reservationLeaseMs }) => stores({ reservationLeaseMs }).approvalStateStore,
        { describe, it },
      );
      grantStateStoreConformance(() => stores({ prefix: `${prefix}${Math.random()}:` }).grantStateStore, {
        describe,
        it,
      });
      defineToolResultCacheConformance(() => stores().cache, {
        test,
        name: 'Redis ToolResultCache',
        seedLegacyStarted: async (_cache, key, startedAt) => {
          await connected.raw.hset(`${prefix}{result:${key}}`, {
            e: JSON.stringify({ state: 'started', startedAt }),
            s: 'started',
            t: String(startedAt),
          });
        },
      });

      describe('Redis keys and expiry', () => {
        it('every key carries a TTL of retainResultsMs and one hash tag', async () => {
          const own = `${prefix}ttl:`;
          await stores({ prefix: own, retainResultsMs: 60_000 }).cache.claimStarted(
            'k{with}braces',
            fixtureStartedEntry('a1'),
          );
          const keys = await connected.raw.keys(`${own}*`);
          expect(keys).toEqual([`${own}{result:k%7Bwith%7Dbraces}`]);
          const ttl = await connected.raw.pttl(keys[0] as string);
          expect(ttl).toBeGreaterThan(50_000);
          expect(ttl).toBeLessThanOrEqual(60_000);
        });

        it('a script flushed from the server is loaded again (NOSCRIPT falls back to EVAL)', async () => {
          const cache = stores().cache;
          await cache.get('before-flush');
          await connected.raw.scriptFlush();
          expect(await cache.get('after-flush')).toBeUndefined();
        });
      });
    });
  }
  describe('Redis grant indexes', () => {
    const client = new Redis(url);
    const prefix = `armorer-test:${process.pid}-${Date.now().toString(36)}-lookup:`;
    afterAll(async () => {
      const keys = await client.keys(`${prefix}*`);
      if (keys.length > 0) await client.del(...keys);
      client.disconnect();
    });
    const hmgetCalls = async () => {
      const stats = await client.info('commandstats');
      return Number(/cmdstat_hmget:calls=(\d+)/.exec(stats)?.[1] ?? 0);
    };

    it("a grant lookup reads only the grants of its tenant, principal and tool, never every tenant's", async () => {
      const grants = createRedisStores({ client, prefix }).grantStateStore;
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
  });
});
