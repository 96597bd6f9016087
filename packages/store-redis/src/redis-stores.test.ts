import { afterAll, beforeAll, describe, expect, it, test } from 'bun:test';
import {
  approvalStateStoreConformance,
  defineToolResultCacheConformance,
  grantStateStoreConformance,
} from '@armorer/test';
import { fixtureStartedEntry } from '@armorer/test/fixtures';
import { onServer, serverUrl } from '@armorer/test-servers';
import { CLIENT_KINDS, type TestClient } from './__fixtures__/clients';
import { createRedisStores } from './create-redis-stores';

onServer(serverUrl('redis'), 'the Redis store tests', (url) => {
  for (const kind of CLIENT_KINDS) {
    describe(`Redis stores over ${kind.name}`, () => {
      let connected: TestClient;
      // Each run and client gets its own prefix: runs sharing one server never see each other's keys.
      const prefix = `armorer-test:${process.pid}-${Date.now().toString(36)}-${kind.name.replace(/\W/g, '')}:`;
      const stores = (extra: { prefix?: string; retainResultsMs?: number } = {}) =>
        createRedisStores({ client: connected.client, prefix, ...extra });
      beforeAll(async () => {
        connected = await kind.connect(url);
      });
      afterAll(async () => {
        await connected.raw.del(await connected.raw.keys(`${prefix}*`));
        await connected.close();
      });

      approvalStateStoreConformance(() => stores().approvalStateStore, { describe, it });
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
});
