/**
 * The grant stores the grant-lookup bench measures: each opens an empty store under a name of its own
 * (a file, a key prefix, a table prefix), so the crowded store and the one holding a single tenant never
 * share data. Redis and PostgreSQL need ARMORER_REDIS_URL / ARMORER_POSTGRES_URL (scripts/services.ts).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createProcessLocalGrantStateStore, type GrantStateStore } from '@armorer/approval';
import { createPostgresStores } from '@armorer/store-postgres';
import { createRedisStores } from '@armorer/store-redis';
import { createSqliteStores } from '@armorer/store-sqlite';
import Redis from 'ioredis';
import pg from 'pg';

/** One opened store and how to drop it. */
export interface OpenedStore {
  readonly store: GrantStateStore;
  /** How many grants to issue at once while filling it. */
  readonly inFlight: number;
  close(): Promise<void>;
}

/** A backend: opens empty stores, or says why it cannot. */
export interface Backend {
  readonly name: string;
  /** Opens an empty store named `label`, or answers why the backend is skipped. */
  open(label: string): Promise<OpenedStore>;
  /** Closes the connections the stores shared. */
  dispose(): Promise<void>;
}

const run = `${process.pid}_${Date.now().toString(36)}`;

export function backends(): (Backend | string)[] {
  const list: (Backend | string)[] = [
    {
      name: 'process-local',
      async open() {
        return { store: createProcessLocalGrantStateStore(), inFlight: 1, close: async () => {} };
      },
      async dispose() {},
    },
  ];
  const dir = mkdtempSync(join(tmpdir(), 'armorer-bench-grants-'));
  list.push({
    name: 'sqlite',
    async open(label) {
      const stores = createSqliteStores({ path: join(dir, `${label}.db`), synchronous: 'normal' });
      return { store: stores.grantStateStore, inFlight: 1, close: async () => stores.close() };
    },
    async dispose() {
      rmSync(dir, { recursive: true, force: true });
    },
  });
  const redisUrl = process.env.ARMORER_REDIS_URL;
  if (redisUrl) {
    const client = new Redis(redisUrl);
    list.push({
      name: 'redis',
      async open(label) {
        const keyPrefix = `armorer-bench-grants:${run}:${label}:`;
        return {
          store: createRedisStores({ client, prefix: keyPrefix }).grantStateStore,
          inFlight: 256,
          async close() {
            let cursor = '0';
            do {
              const [next, keys] = await client.scan(cursor, 'MATCH', `${keyPrefix}*`, 'COUNT', 1000);
              if (keys.length > 0) await client.unlink(...keys);
              cursor = next;
            } while (cursor !== '0');
          },
        };
      },
      async dispose() {
        client.disconnect();
      },
    });
  } else list.push('redis: skipped (set ARMORER_REDIS_URL, or run under scripts/services.ts)');
  const postgresUrl = process.env.ARMORER_POSTGRES_URL;
  if (postgresUrl) {
    const pool = new pg.Pool({ connectionString: postgresUrl, max: 16 });
    pool.on('error', () => undefined);
    list.push({
      name: 'postgres',
      async open(label) {
        const tablePrefix = `bench_grants_${run}_${label}_`;
        const store = createPostgresStores({ client: pool, prefix: tablePrefix }).grantStateStore;
        await store.get('warm-up'); // creates the tables
        return {
          store,
          inFlight: 32,
          async close() {
            for (const table of ['approval_bindings', 'grants', 'tool_results', 'schema_version']) {
              await pool.query(`DROP TABLE IF EXISTS ${tablePrefix}${table}`);
            }
          },
        };
      },
      async dispose() {
        await pool.end();
      },
    });
  } else list.push('postgres: skipped (set ARMORER_POSTGRES_URL, or run under scripts/services.ts)');
  return list;
}
