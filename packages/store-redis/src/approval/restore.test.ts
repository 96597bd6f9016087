import { afterAll, describe, expect, it } from 'bun:test';
import type { ApprovalStateStore } from '@armorer/approval';
import { approvalRestoreConformance } from '@armorer/test';
import { fixtureBindingV3 } from '@armorer/test/fixtures';
import { onServer, redisServerBinary, startRedisServer } from '@armorer/test-servers';
import Redis from 'ioredis';
import { createRedisStores } from '../create-redis-stores';

// A server of these tests' own, without persistence: they flush it and restart it (losing every key).
const server = redisServerBinary() === undefined ? undefined : await startRedisServer({ persistence: false });

onServer(
  {
    url: server?.url,
    mustFail: Boolean(process.env.CI),
    missing:
      'redis-server is not installed (apt-get install redis-server): the Redis restore tests start one.',
  },
  'the Redis restore tests',
  (url) => {
    const client = new Redis(url, { maxRetriesPerRequest: 20, retryStrategy: () => 50 });
    afterAll(async () => {
      client.disconnect();
      await server?.dispose();
    });

    /** Each test's store has a key prefix of its own; this maps it back. */
    const prefixes = new Map<ApprovalStateStore, string>();
    let count = 0;
    const fresh = (): ApprovalStateStore => {
      const keyPrefix = `restore-${++count}:`;
      const store = createRedisStores({ client, prefix: keyPrefix }).approvalStateStore;
      prefixes.set(store, keyPrefix);
      return store;
    };

    approvalRestoreConformance(
      fresh,
      { describe, it },
      {
        name: 'Redis ApprovalStateStore restore conformance',
        losses: [
          {
            name: 'FLUSHALL',
            lose: async (store) => {
              await client.flushall();
              return store;
            },
          },
          {
            name: 'a restart without persistence',
            lose: async (store) => {
              await server?.stop();
              await server?.start();
              await client.ping(); // queued until ioredis reconnects
              return store;
            },
          },
        ],
        // The record's time to live passing: the binding expires, then its key goes.
        dropRecord: async (store, binding) => {
          await Bun.sleep(Math.max(0, binding.expiresAt - Date.now()) + 20);
          const prefix = prefixes.get(store) as string;
          await client.del(...(await client.keys(`${prefix}{approval:*`)));
        },
      },
    );

    describe('the Redis approval epoch', () => {
      it('joins the kept id with the server run id, and is shared by every store on the prefix', async () => {
        const store = fresh();
        const epoch = (await store.epoch?.()) ?? '';
        const info = await client.info('server');
        expect(epoch.endsWith(`:${/run_id:([0-9a-f]+)/.exec(info)?.[1]}`)).toBe(true);
        const other = createRedisStores({ client, prefix: prefixes.get(store) as string }).approvalStateStore;
        expect(await other.epoch?.()).toBe(epoch);
      });

      it('once the server has evicted any key, no restore is trusted', async () => {
        const store = fresh();
        const binding = fixtureBindingV3(Date.now(), (await store.epoch?.()) ?? null);
        const memory = Number(/used_memory:(\d+)/.exec(await client.info('memory'))?.[1]);
        await client.config('SET', 'maxmemory-policy', 'allkeys-random');
        await client.config('SET', 'maxmemory', String(memory + 512 * 1024));
        try {
          const filler = 'x'.repeat(4096);
          for (let index = 0; index < 400; index++) await client.set(`filler:${index}`, filler);
          expect(Number(/evicted_keys:(\d+)/.exec(await client.info('stats'))?.[1])).toBeGreaterThan(0);
        } finally {
          await client.config('SET', 'maxmemory', '0');
          await client.config('SET', 'maxmemory-policy', 'noeviction');
        }
        await expect(Promise.resolve(store.restore?.(binding))).rejects.toMatchObject({
          code: 'not-restorable',
        });
        // Until the server restarts (its run id, so the epoch, changes): a new epoch restores again.
        await server?.stop();
        await server?.start();
        await client.ping();
        const after = fixtureBindingV3(Date.now(), (await store.epoch?.()) ?? null);
        await store.restore?.(after);
        expect(await store.state(after)).toBe('issued');
      });
    });
  },
);
