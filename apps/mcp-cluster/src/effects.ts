import Redis from 'ioredis';
import pg from 'pg';

/** One run of a tool's side effect, as the database recorded it. */
export interface Effect {
  readonly ref: string;
  readonly tool: string;
  readonly instance: string;
}

/**
 * Where the tools of the cluster record their side effects: in the database the stores use (a Redis
 * list, a PostgreSQL table without a unique constraint), never in a process's memory, so an effect that
 * ran twice shows up twice whichever instance ran it, and survives the instance that ran it.
 */
export interface EffectLedger {
  record(effect: Effect): Promise<void>;
  all(): Promise<Effect[]>;
  close(): Promise<void>;
}

export type Backend = 'redis' | 'postgres';

/** The ledger on the backend at `url`, in the namespace `prefix`. */
export async function openLedger(backend: Backend, url: string, prefix: string): Promise<EffectLedger> {
  if (backend === 'redis') {
    const client = new Redis(url);
    client.on('error', () => undefined);
    const key = `${prefix}effects`;
    return {
      record: async (effect) => {
        await client.rpush(key, JSON.stringify(effect));
      },
      all: async () => (await client.lrange(key, 0, -1)).map((text) => JSON.parse(text) as Effect),
      close: async () => client.disconnect(),
    };
  }
  const pool = new pg.Pool({ connectionString: url, max: 4 });
  pool.on('error', () => undefined);
  const table = `${prefix}effects`;
  // Every instance opens the ledger as it starts, all at once: concurrent CREATE TABLE IF NOT EXISTS races on
  // PostgreSQL's catalog (a unique violation on pg_type), so creations are serialized by an advisory lock.
  await pool.query(
    `BEGIN;
SELECT pg_advisory_xact_lock(hashtext('armorer-mcp-cluster-effects:${table}'));
CREATE TABLE IF NOT EXISTS ${table} (ref text NOT NULL, tool text NOT NULL, instance text NOT NULL);
COMMIT;`,
  );
  return {
    record: async (effect) => {
      await pool.query(`INSERT INTO ${table} (ref, tool, instance) VALUES ($1, $2, $3)`, [
        effect.ref,
        effect.tool,
        effect.instance,
      ]);
    },
    all: async () => (await pool.query<Effect>(`SELECT ref, tool, instance FROM ${table}`)).rows,
    close: () => pool.end(),
  };
}
