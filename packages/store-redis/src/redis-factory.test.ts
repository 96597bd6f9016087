import { afterAll, beforeAll, describe, expect, it, test } from 'bun:test';
import { createTool, createToolbox, StoreError } from '@armorer/core';
import { withToolboxIdempotency } from '@armorer/idempotency';
import { storeFactoryConformance } from '@armorer/test';
import { freePort, onServer, serverUrl, startSilentServer } from '@armorer/test-servers';
import { z } from 'zod';
import { CLIENT_KINDS, type ClientKind, type TestClient } from './__fixtures__/clients';
import { createRedisStores } from './create-redis-stores';

/** Stores over a client of `kind` asked to connect to `url`, disposed with it (and `after`). */
function storesAt(
  kind: ClientKind,
  url: string,
  options: Record<string, unknown>,
  after?: () => Promise<void>,
) {
  const started = kind.start(url);
  return {
    stores: createRedisStores({ client: started.client, prefix: 'conformance:', ...options }),
    async dispose() {
      await started.close();
      await after?.();
    },
  };
}

onServer(serverUrl('redis'), 'the Redis store factory tests', (url) => {
  for (const kind of CLIENT_KINDS) {
    describe(`createRedisStores over ${kind.name}`, () => {
      let connected: TestClient;
      const prefix = `armorer-factory:${process.pid}-${Date.now().toString(36)}-${kind.name.replace(/\W/g, '')}:`;
      beforeAll(async () => {
        connected = await kind.connect(url);
      });
      afterAll(async () => {
        await connected.raw.del(await connected.raw.keys(`${prefix}*`));
        await connected.close();
      });

      storeFactoryConformance(
        {
          name: `createRedisStores (${kind.name})`,
          factory: (options) => createRedisStores(options as never),
          connection: { name: 'client', value: () => connected.client },
          prefix,
          defaultPrefix: 'armorer:',
          wrongConnections: [
            [
              'a pg Pool',
              { query() {}, connect() {}, totalCount: 0 },
              'use createPostgresStores({ client })',
            ],
            ['a URL', 'redis://127.0.0.1:6379', 'not a URL'],
            [
              'an object of another kind',
              { get() {}, set() {} },
              'an ioredis Redis or Cluster, or a node-redis client',
            ],
          ],
          async stalled(options) {
            const silent = await startSilentServer();
            return storesAt(kind, silent.redisUrl, options, () => silent.close());
          },
          async unreachable(options) {
            return storesAt(kind, `redis://127.0.0.1:${await freePort()}`, options);
          },
        },
        { describe, it },
      );

      test('a prefix with braces is refused with the rule', () => {
        expect(() => createRedisStores({ client: connected.client, prefix: 'a{b}:' })).toThrow(
          'without "{" or "}"',
        );
      });
    });
  }

  test("a dead server with the client's default options: a call fails at once, typed and retryable", async () => {
    const kind = CLIENT_KINDS[0] as ClientKind;
    const made = storesAt(kind, `redis://127.0.0.1:${await freePort()}`, {});
    try {
      const error = await Promise.resolve()
        .then(() => made.stores.cache.get('k'))
        .catch((thrown: unknown) => thrown);
      expect(StoreError.isInstance(error)).toBe(true);
      expect(error).toMatchObject({ code: 'unavailable', retryable: true, retryAfterMs: 1000 });
      expect((error as Error).message).toContain('cannot be reached');
      const charge = createTool({
        name: 'charge',
        description: 'Charges a card',
        input: z.object({ cents: z.number() }),
        execute: ({ cents }) => ({ cents }),
      });
      const idempotent = withToolboxIdempotency(createToolbox([charge]), { ...made.stores, tenantId: 't' });
      const result = await idempotent.execute(
        { id: 'c1', name: 'charge', arguments: { cents: 5 } },
        { idempotencyKey: 'order-1', requestContext: { authority: { tenantId: 't', principalId: 'p' } } },
      );
      expect(result.error).toMatchObject({
        code: 'IDEMPOTENCY_STORE_FAILED',
        retryable: true,
        details: { retryAfterMs: 1000 },
      });
    } finally {
      await made.dispose();
    }
  }, 5_000);
});
