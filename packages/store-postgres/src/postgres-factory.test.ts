import { afterAll, describe, expect, it, test } from 'bun:test';
import { createTool, createToolbox, StoreError } from '@armorer/core';
import { withToolboxIdempotency } from '@armorer/idempotency';
import { storeFactoryConformance } from '@armorer/test';
import { freePort, onServer, serverUrl, startSilentServer } from '@armorer/test-servers';
import pg from 'pg';
import { z } from 'zod';
import { createPostgresStores } from './create-postgres-stores';

/** A pool on `url` that never throws from its idle clients, for stores made with `options`. */
function storesAt(url: string, options: Record<string, unknown> = {}, after?: () => Promise<void>) {
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  pool.on('error', () => undefined);
  return {
    pool,
    stores: createPostgresStores({ client: pool, prefix: 'conformance_', ...options }),
    async dispose() {
      // A pool whose connection attempts hang (a silent server) would wait for them: end it in the background.
      void pool.end().catch(() => undefined);
      await after?.();
    },
  };
}

async function failure(operation: () => unknown): Promise<StoreError> {
  const error = await Promise.resolve()
    .then(operation)
    .then(
      () => undefined,
      (thrown: unknown) => thrown,
    );
  expect(StoreError.isInstance(error)).toBe(true);
  return error as StoreError;
}

onServer(serverUrl('postgres'), 'the PostgreSQL store factory tests', (url) => {
  const pool = new pg.Pool({ connectionString: url, max: 8 });
  pool.on('error', () => undefined);
  const prefix = `f${process.pid}_${Date.now().toString(36)}_`;
  afterAll(async () => {
    const { rows } = await pool.query<{ tablename: string }>(
      `SELECT tablename FROM pg_tables WHERE tablename LIKE '${prefix}%'`,
    );
    for (const { tablename } of rows) await pool.query(`DROP TABLE IF EXISTS ${tablename} CASCADE`);
    await pool.end();
  });

  storeFactoryConformance(
    {
      name: 'createPostgresStores',
      factory: (options) => createPostgresStores(options as never),
      connection: { name: 'client', value: () => pool },
      prefix,
      defaultPrefix: 'armorer_',
      wrongConnections: [
        [
          'an ioredis client',
          { evalsha() {}, eval() {}, status: 'ready' },
          'use createRedisStores({ client })',
        ],
        ['a connection string', url, 'not a connection string'],
        ['an object of another kind', { execute() {} }, 'needs a pg Pool'],
      ],
      async stalled(options) {
        const silent = await startSilentServer();
        return storesAt(silent.postgresUrl, options, () => silent.close());
      },
      async unreachable(options) {
        return storesAt(`postgres://armorer@127.0.0.1:${await freePort()}/armorer`, options);
      },
    },
    { describe, it },
  );

  describe("a newcomer's mistakes end in a clear typed error within 5 s (default operationTimeoutMs)", () => {
    const redis = serverUrl('redis').url;
    if (redis !== undefined) {
      test('a pg pool pointed at the Redis port fails with timeout, naming the address', async () => {
        const made = storesAt(`postgres://postgres@127.0.0.1:${new URL(redis).port}/postgres`);
        try {
          const error = await failure(() => made.stores.cache.get('k'));
          expect(error).toMatchObject({ code: 'timeout', retryable: true, retryAfterMs: 1000 });
          expect(error.message).toContain(`127.0.0.1:${new URL(redis).port} did not answer within 3000 ms`);
        } finally {
          await made.dispose();
        }
      }, 5_000);
    }

    test('a database that does not exist is misconfigured, not retryable', async () => {
      const missing = new URL(url);
      missing.pathname = '/no_such_database';
      const made = storesAt(missing.toString());
      try {
        const error = await failure(() => made.stores.ready());
        expect(error).toMatchObject({ code: 'misconfigured', retryable: false });
        expect(error.message).toContain('3D000');
        expect('retryAfterMs' in error).toBe(false);
      } finally {
        await made.dispose();
      }
    }, 5_000);

    test('a user the server does not know is misconfigured', async () => {
      const stranger = new URL(url);
      stranger.username = 'no_such_user';
      const made = storesAt(stranger.toString());
      try {
        expect(await failure(() => made.stores.ready())).toMatchObject({
          code: 'misconfigured',
          retryable: false,
        });
      } finally {
        await made.dispose();
      }
    }, 5_000);

    test('a host that does not exist is misconfigured', async () => {
      const made = storesAt('postgres://armorer@no-such-host.invalid:5432/armorer');
      try {
        expect(await failure(() => made.stores.ready())).toMatchObject({ code: 'misconfigured' });
      } finally {
        await made.dispose();
      }
    }, 5_000);

    test('a pg Client that was never connected fails at the deadline, saying to connect it', async () => {
      const client = new pg.Client({ connectionString: url });
      const stores = createPostgresStores({ client, prefix, operationTimeoutMs: 200 });
      const error = await failure(() => stores.ready());
      expect(error).toMatchObject({ code: 'timeout', retryable: true });
      expect(error.message).toContain('await client.connect()');
    }, 5_000);

    test('an ended pool is closed, not retryable, and a call through the toolbox says so', async () => {
      const made = storesAt(url, { prefix });
      await made.stores.ready();
      await made.pool.end();
      expect(await failure(() => made.stores.cache.get('k'))).toMatchObject({
        code: 'closed',
        retryable: false,
      });
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
      expect(result.error).toMatchObject({ code: 'IDEMPOTENCY_STORE_FAILED', retryable: false });
      expect(result.error?.message).not.toContain('Retry later');
    }, 5_000);
  });
});
