/**
 * The raw clients' round trips, each the equivalent of one store operation: the same reads, the same
 * fields or columns written and the same expiry renewed, in one EVALSHA (Redis) or one prepared statement
 * (PostgreSQL), without the store's argument checks, key encoding or refusal mapping.
 *
 * Earlier versions of this bench let the raw side do less than the store must: the Redis claim wrote one
 * hash field instead of five and the Redis complete renewed no TTL; on PostgreSQL the raw table lacked the
 * store's lease and attempt columns, the raw claim wrote three columns instead of seven, the raw reserve
 * no reservation time and the raw complete no purge time. Those gaps counted against the stores.
 */
import type Redis from 'ioredis';
import type pg from 'pg';
import type { RawRoundTrips } from './cases';

const HOUR = 60 * 60 * 1000;
const WEEK = 7 * 24 * HOUR;

const scripts = {
  issue: `if redis.call('EXISTS', KEYS[1]) == 1 then return 0 end
redis.call('HSET', KEYS[1], 's', 'issued', 'sig', ARGV[1])
redis.call('PEXPIREAT', KEYS[1], ARGV[2])
return 1`,
  reserve: `local cur = redis.call('HMGET', KEYS[1], 's', 'sig', 'r')
if cur[1] ~= 'issued' or cur[2] ~= ARGV[1] then return 0 end
redis.call('HSET', KEYS[1], 's', 'reserved', 'r', ARGV[2])
return 1`,
  commit: `local cur = redis.call('HMGET', KEYS[1], 's', 'sig')
if cur[1] ~= 'reserved' or cur[2] ~= ARGV[1] then return 0 end
redis.call('HSET', KEYS[1], 's', 'consumed')
return 1`,
  claim: `local cur = redis.call('HMGET', KEYS[1], 'e', 'l')
if cur[1] then return cur end
redis.call('HSET', KEYS[1], 'e', ARGV[1], 's', 'started', 'a', ARGV[2], 'l', ARGV[3], 'd', ARGV[4])
redis.call('PEXPIREAT', KEYS[1], ARGV[5])
return 1`,
  complete: `local cur = redis.call('HMGET', KEYS[1], 's', 'a', 'l')
if cur[1] ~= 'started' or cur[2] ~= ARGV[1] then return 0 end
redis.call('HDEL', KEYS[1], 'l', 'd')
redis.call('HSET', KEYS[1], 'e', ARGV[2], 's', 'completed')
redis.call('PEXPIREAT', KEYS[1], ARGV[3])
return 1`,
} as const;

/** Raw EVALSHA round trips on keys under `prefix` (hash-tagged as the store's are). */
export async function redisRaw(client: Redis, prefix: string): Promise<RawRoundTrips> {
  const sha: Record<string, string> = {};
  for (const [name, source] of Object.entries(scripts))
    sha[name] = String(await client.script('LOAD', source));
  const approval = (key: string) => `${prefix}raw:{approval:${key}}`;
  const result = (key: string) => `${prefix}raw:{result:${key}}`;
  return {
    issue: (key, b) => client.evalsha(sha.issue as string, 1, approval(key), b.signature, b.expiresAt + HOUR),
    reserve: (key, b, now) => client.evalsha(sha.reserve as string, 1, approval(key), b.signature, now),
    commit: (key, b) => client.evalsha(sha.commit as string, 1, approval(key), b.signature),
    claim: (key, entry) =>
      client.evalsha(
        sha.claim as string,
        1,
        result(key),
        JSON.stringify(entry),
        entry.attemptId,
        entry.leaseExpiresAt,
        entry.leaseDeadlineAt,
        Date.now() + WEEK,
      ),
    complete: (key, entry) =>
      client.evalsha(
        sha.complete as string,
        1,
        result(key),
        entry.attemptId,
        JSON.stringify(entry),
        Date.now() + WEEK,
      ),
  };
}

/**
 * Raw single statements on two tables shaped exactly as the store's (the same columns, primary keys and
 * `purge_at` indexes), each named so it is parsed and planned once per connection, as the store's are.
 */
export async function postgresRaw(pool: pg.Pool, prefix: string): Promise<RawRoundTrips> {
  const a = `${prefix}raw_approvals`;
  const r = `${prefix}raw_results`;
  await pool.query(`CREATE TABLE ${a} (key text PRIMARY KEY, signature text NOT NULL, state text NOT NULL,
    reserved_at double precision, purge_at bigint NOT NULL);
    CREATE INDEX ${a}_purge ON ${a} (purge_at);
    CREATE TABLE ${r} (key text PRIMARY KEY, state text NOT NULL, attempt_id text,
      lease_expires_at double precision, lease_deadline_at double precision,
      legacy_started_at double precision, entry text NOT NULL, purge_at bigint NOT NULL);
    CREATE INDEX ${r}_purge ON ${r} (purge_at);`);
  const run = (name: string, text: string, values: unknown[]) =>
    pool.query({ name: `bench_raw_${name}`, text, values });
  const sql = {
    issue: `INSERT INTO ${a} (key, signature, state, purge_at) VALUES ($1, $2, 'issued', $3)
      ON CONFLICT (key) DO NOTHING`,
    reserve: `UPDATE ${a} SET state = 'reserved', reserved_at = $3::double precision
      WHERE key = $1 AND signature = $2 AND state = 'issued'`,
    commit: `UPDATE ${a} SET state = 'consumed' WHERE key = $1 AND signature = $2 AND state = 'reserved'`,
    claim: `INSERT INTO ${r} (key, state, attempt_id, lease_expires_at, lease_deadline_at, entry, purge_at)
      VALUES ($1, 'started', $2, $3, $4, $5, $6) ON CONFLICT (key) DO NOTHING`,
    complete: `UPDATE ${r} SET state = 'completed', entry = $3, lease_expires_at = NULL,
      lease_deadline_at = NULL, purge_at = $4 WHERE key = $1 AND state = 'started' AND attempt_id = $2`,
  };
  return {
    issue: (key, b) => run('issue', sql.issue, [key, b.signature, b.expiresAt + HOUR]),
    reserve: (key, b, now) => run('reserve', sql.reserve, [key, b.signature, now]),
    commit: (key, b) => run('commit', sql.commit, [key, b.signature]),
    claim: (key, entry) =>
      run('claim', sql.claim, [
        key,
        entry.attemptId,
        entry.leaseExpiresAt,
        entry.leaseDeadlineAt,
        JSON.stringify(entry),
        Date.now() + WEEK,
      ]),
    complete: (key, entry) =>
      run('complete', sql.complete, [key, entry.attemptId, JSON.stringify(entry), Date.now() + WEEK]),
  };
}
