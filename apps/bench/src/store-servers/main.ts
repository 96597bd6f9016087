/**
 * Redis and PostgreSQL stores against their raw clients in the same run: the per-operation latency of
 * issue / reserve / commit (approval) and claim / complete (idempotency), each next to the raw client doing
 * one equivalent round trip (EVALSHA of a one-key script; one single-row statement), and the throughput
 * of claims with 16 in flight. Target: at most 1.3x the raw round trip. Rounds are interleaved (store, raw,
 * raw, store, ...) and each side keeps its fastest round. Needs ARMORER_REDIS_URL / ARMORER_POSTGRES_URL:
 * `bun run bench:store-servers` starts throwaway servers (scripts/services.ts). A benchmark, not a test:
 * the exit code is 0 either way.
 */
import { createPostgresStores } from '@armorer/store-postgres';
import { createRedisStores } from '@armorer/store-redis';
import Redis from 'ioredis';
import pg from 'pg';
import { bindings, type Phase, phases } from './cases';

const TARGET = 1.3;
const quick = process.argv.includes('--quick');
const rounds = quick ? 2 : 6;
const perRound = quick ? 100 : 400;
const run = `${process.pid}_${Date.now().toString(36)}`;

async function time(count: number, call: (i: number) => Promise<unknown>, offset: number): Promise<number> {
  const started = performance.now();
  for (let i = 0; i < count; i++) await call(offset + i);
  return ((performance.now() - started) * 1000) / count; // µs per operation
}

async function throughput(
  count: number,
  call: (i: number) => Promise<unknown>,
  offset: number,
): Promise<number> {
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: 16 }, async () => {
      while (next < count) await call(offset + next++);
    }),
  );
  return count / ((performance.now() - started) / 1000);
}

async function bench(label: string, make: (items: ReturnType<typeof itemsFor>) => Phase[]) {
  const total = rounds * perRound * 2 + perRound * 2;
  const storeItems = itemsFor(`${label}-s`, total);
  const rawIndex = (i: number) => i;
  const all = make(storeItems);
  const best = new Map<string, { store: number; raw: number }>();
  for (const phase of all)
    best.set(phase.name, { store: Number.POSITIVE_INFINITY, raw: Number.POSITIVE_INFINITY });
  for (let round = 0; round < rounds; round++) {
    const offset = round * perRound;
    for (const phase of all) {
      const slot = best.get(phase.name) as { store: number; raw: number };
      const storeFirst = round % 2 === 0;
      for (const side of storeFirst ? ['store', 'raw'] : ['raw', 'store']) {
        const perOp =
          side === 'store'
            ? await time(perRound, (i) => phase.store(i), offset)
            : await time(perRound, (i) => phase.raw(rawIndex(i)), offset);
        if (side === 'store') slot.store = Math.min(slot.store, perOp);
        else slot.raw = Math.min(slot.raw, perOp);
      }
    }
  }
  console.log(
    `${label}: ${rounds} interleaved rounds of ${perRound} sequential operations per side${quick ? ' (quick run)' : ''}`,
  );
  for (const [name, { store, raw }] of best) {
    const ratio = store / raw;
    console.log(
      `  ${ratio <= TARGET ? 'PASS' : 'MISS'} ${name.padEnd(9)} store ${store.toFixed(1).padStart(7)} µs  raw ${raw.toFixed(1).padStart(7)} µs  ${ratio.toFixed(2)}x (<= ${TARGET}x)`,
    );
  }
  const claim = all.find((phase) => phase.name === 'claim') as Phase;
  const offset = rounds * perRound;
  const storeOps = await throughput(perRound, (i) => claim.store(i), offset);
  const rawOps = await throughput(perRound, (i) => claim.raw(i), offset);
  console.log(
    `  throughput, claims with 16 in flight: store ${storeOps.toFixed(0)}/s, raw ${rawOps.toFixed(0)}/s (${(rawOps / storeOps).toFixed(2)}x)`,
  );
}

function itemsFor(label: string, count: number) {
  return {
    bindings: bindings(count, `${label}-${run}`),
    keys: Array.from({ length: count }, (_, i) => `idem:v1|bench|${label}-${run}-${i}`),
  };
}

const redisUrl = process.env.ARMORER_REDIS_URL;
const postgresUrl = process.env.ARMORER_POSTGRES_URL;
if (!redisUrl && !postgresUrl) {
  console.log(
    'store-servers bench: set ARMORER_REDIS_URL and/or ARMORER_POSTGRES_URL, or run `bun run bench:store-servers`.',
  );
}

if (redisUrl) {
  const client = new Redis(redisUrl);
  const keyPrefix = `armorer-bench:${run}:`;
  const stores = createRedisStores({ client, keyPrefix });
  const scripts: Record<string, string> = {
    issue: `if redis.call('EXISTS', KEYS[1]) == 1 then return 0 end redis.call('HSET', KEYS[1], 's', 'issued', 'sig', ARGV[1]) redis.call('PEXPIREAT', KEYS[1], ARGV[2]) return 1`,
    reserve: `if redis.call('HGET', KEYS[1], 's') ~= 'issued' then return 0 end redis.call('HSET', KEYS[1], 's', 'reserved', 'r', ARGV[2]) return 1`,
    commit: `if redis.call('HGET', KEYS[1], 's') ~= 'reserved' then return 0 end redis.call('HSET', KEYS[1], 's', 'consumed') return 1`,
    claim: `if redis.call('EXISTS', KEYS[1]) == 1 then return 0 end redis.call('HSET', KEYS[1], 'e', ARGV[1]) redis.call('PEXPIREAT', KEYS[1], ARGV[2]) return 1`,
    complete: `if redis.call('HGET', KEYS[1], 's') == 'completed' then return 0 end redis.call('HSET', KEYS[1], 'e', ARGV[1], 's', 'completed') return 1`,
  };
  const shas: Record<string, string> = {};
  for (const [name, source] of Object.entries(scripts))
    shas[name] = String(await client.script('LOAD', source));
  const payload = JSON.stringify({ version: 1, state: 'started', attemptId: 'a', startedAt: Date.now() });
  const expireAt = Date.now() + 3_600_000;
  await bench('Redis', (items) =>
    phases(
      { approvals: stores.approvalStateStore, cache: stores.toolResultCache },
      (phase, i) => {
        const key = `${keyPrefix}raw:${phase === 'claim' || phase === 'complete' ? 'c' : 'a'}:${i}`;
        const arg = phase === 'issue' || phase === 'reserve' ? String(Date.now()) : payload;
        return client.evalsha(shas[phase] as string, 1, key, arg, expireAt);
      },
      items,
    ),
  );
  const keys = await client.keys(`${keyPrefix}*`);
  for (let i = 0; i < keys.length; i += 500) await client.del(...keys.slice(i, i + 500));
  client.disconnect();
}

if (postgresUrl) {
  const pool = new pg.Pool({ connectionString: postgresUrl, max: 16 });
  pool.on('error', () => undefined);
  const tablePrefix = `bench_${run}_`;
  const stores = createPostgresStores({ client: pool, tablePrefix });
  const raw = `${tablePrefix}raw`;
  // The raw table is shaped like the store's (a primary key and an index on purge_at): the same writes.
  await pool.query(
    `CREATE TABLE ${raw} (key text PRIMARY KEY, signature text, state text, entry text, purge_at bigint)`,
  );
  await pool.query(`CREATE INDEX ${raw}_purge ON ${raw} (purge_at)`);
  await stores.toolResultCache.get('warm-up'); // creates the store's tables before timing
  const statements: Record<string, string> = {
    issue: `INSERT INTO ${raw} (key, signature, state, purge_at) VALUES ($1, $2, 'issued', $3) ON CONFLICT (key) DO NOTHING`,
    reserve: `UPDATE ${raw} SET state = 'reserved' WHERE key = $1 AND signature = $2 AND state = 'issued' AND $3::bigint > 0`,
    commit: `UPDATE ${raw} SET state = 'consumed' WHERE key = $1 AND signature = $2 AND state = 'reserved' AND $3::bigint > 0`,
    claim: `INSERT INTO ${raw} (key, signature, state, entry, purge_at) VALUES ($1, $2, 'started', $2, $3) ON CONFLICT (key) DO NOTHING`,
    complete: `UPDATE ${raw} SET state = 'completed', entry = $2 WHERE key = $1 AND state = 'started' AND $3::bigint > 0`,
  };
  const payload = JSON.stringify({ version: 1, state: 'started', attemptId: 'a', startedAt: Date.now() });
  await bench('PostgreSQL', (items) =>
    phases(
      { approvals: stores.approvalStateStore, cache: stores.toolResultCache },
      (phase, i) => {
        const key = `${phase === 'claim' || phase === 'complete' ? 'c' : 'a'}:${i}`;
        // Named, as the store's statements are: each connection parses and plans them once.
        return pool.query({
          name: `bench_raw_${phase}`,
          text: statements[phase] as string,
          values: [key, payload, Date.now() + 3_600_000],
        });
      },
      items,
    ),
  );
  for (const table of ['raw', 'approval_bindings', 'grants', 'tool_results', 'schema_version']) {
    await pool.query(`DROP TABLE IF EXISTS ${tablePrefix}${table}`);
  }
  await pool.end();
}
