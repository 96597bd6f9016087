import { afterAll, beforeAll, describe, expect, it } from 'bun:test';
import { taskStateStoreConformance } from '@armorer/test';
import { fixtureTask } from '@armorer/test/fixtures';
import { onServer, serverUrl } from '@armorer/test-servers';
import { CLIENT_KINDS, type TestClient } from '../__fixtures__/clients';
import { createRedisStores } from '../create-redis-stores';

onServer(serverUrl('redis'), 'the Redis task store tests', (url) => {
  // The suite on ioredis and on the newest node-redis: the scripts are the same for every client.
  for (const kind of CLIENT_KINDS.filter((each) => each.name === 'ioredis' || each.name === 'node-redis 5')) {
    describe(`Redis task store over ${kind.name}`, () => {
      let connected: TestClient;
      let peer: TestClient;
      const prefix = `armorer-test:${process.pid}-${Date.now().toString(36)}-tasks-${kind.name.replace(/\W/g, '')}:`;
      beforeAll(async () => {
        connected = await kind.connect(url);
        peer = await kind.connect(url);
      });
      afterAll(async () => {
        await connected.raw.del(await connected.raw.keys(`${prefix}*`));
        await connected.close();
        await peer.close();
      });

      taskStateStoreConformance(
        () => createRedisStores({ client: connected.client, prefix }).taskStateStore,
        { describe, it },
        {
          name: `Redis TaskStateStore (${kind.name})`,
          // Another client on the same server, as another process has.
          createPeer: () => createRedisStores({ client: peer.client, prefix }).taskStateStore,
        },
      );

      it('the keys of a scope share one hash tag, and expire with their tasks', async () => {
        const own = `${prefix}keys:`;
        const now = Date.now();
        const task = fixtureTask(now, { expiresAt: now + 60_000 });
        await createRedisStores({ client: connected.client, prefix: own }).taskStateStore.create(task);
        const keys = await connected.raw.keys(`${own}*`);
        expect(keys).toHaveLength(3);
        const tags = new Set(keys.map((key) => /\{[^}]*\}/.exec(key)?.[0]));
        expect(tags.size).toBe(1);
        for (const key of keys) {
          const ttl = await connected.raw.pttl(key);
          expect(ttl).toBeGreaterThan(50_000);
          expect(ttl).toBeLessThanOrEqual(60_000);
        }
      });
    });
  }
});
