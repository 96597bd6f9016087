/**
 * Redis and PostgreSQL stores against their raw clients in the same run: the per-operation latency of
 * issue / reserve / commit (approval) and claim / complete (idempotency), each next to the raw client doing
 * one equivalent round trip (`raw.ts`: the same reads, writes and expiry in one EVALSHA of a one-key
 * script, or one prepared single-row statement), and the throughput of claims with 16 in flight. Target:
 * at most 1.3x the raw round trip, checked on the median ratio of the rounds (each round alternates the
 * sides in blocks of 100 calls; `measure.ts`). Needs ARMORER_REDIS_URL / ARMORER_POSTGRES_URL:
 * `bun run bench:store-servers` starts throwaway servers (scripts/services.ts). A benchmark, not a test:
 * the exit code is 0 either way.
 */
import { createPostgresStores } from '@armorer/store-postgres';
import { createRedisStores } from '@armorer/store-redis';
import Redis from 'ioredis';
import pg from 'pg';
import { bindings, type Items, type Phase, phases, type RawRoundTrips } from './cases';
import { median, type RoundTiming, throughput, timeRound } from './measure';
import { postgresRaw, redisRaw } from './raw';

const TARGET = 1.3;
const quick = process.argv.includes('--quick');
const rounds = quick ? 2 : 7;
const perRound = quick ? 100 : 400;
const throughputRounds = quick ? 1 : 5;
const run = `${process.pid}_${Date.now().toString(36)}`;

function itemsFor(label: string, count: number): Items {
  return {
    bindings: bindings(count, `${label}-${run}`),
    keys: Array.from({ length: count }, (_, i) => `idem:v1|bench|${label}-${run}-${i}`),
  };
}

type Stores = Parameters<typeof phases>[0];

async function bench(label: string, stores: Stores, raw: RawRoundTrips): Promise<void> {
  // Items: a warm-up round, the timed rounds, then a first throughput pass and the timed throughput rounds.
  const warm = perRound / 2;
  const total = warm + rounds * perRound + (1 + throughputRounds) * perRound;
  const all = phases(stores, raw, itemsFor(`${label}-s`, total), itemsFor(`${label}-r`, total));
  for (const phase of all) await timeRound(phase, 0, warm); // statements prepared, code optimized
  const timings = new Map<string, RoundTiming[]>(all.map((phase) => [phase.name, []]));
  for (let round = 0; round < rounds; round++) {
    const offset = warm + round * perRound;
    for (const phase of all) timings.get(phase.name)?.push(await timeRound(phase, offset, perRound));
  }
  console.log(
    `${label}: ${rounds} rounds of ${perRound} sequential operations per side, alternating in blocks of 100; best time and median ratio${quick ? ' (quick run)' : ''}`,
  );
  for (const [name, list] of timings) {
    const store = Math.min(...list.map((t) => t.store));
    const rawBest = Math.min(...list.map((t) => t.raw));
    const ratio = median(list.map((t) => t.store / t.raw));
    const cpu = median(list.map((t) => t.storeCpu / t.rawCpu));
    console.log(
      `  ${ratio <= TARGET ? 'PASS' : 'MISS'} ${name.padEnd(9)} store ${store.toFixed(1).padStart(7)} µs  raw ${rawBest.toFixed(1).padStart(7)} µs  ${ratio.toFixed(2)}x (<= ${TARGET}x; best/best ${(store / rawBest).toFixed(2)}x, client CPU ${cpu.toFixed(2)}x)`,
    );
  }
  await claimThroughput(all.find((phase) => phase.name === 'claim') as Phase, warm + rounds * perRound);
}

/**
 * Claims with 16 in flight. The first pass opens the pool's connections (and prepares the statements on
 * each): it is printed, not judged, since whichever side runs first pays for that. Then the timed rounds,
 * the side going first alternating.
 */
async function claimThroughput(claim: Phase, start: number): Promise<void> {
  const firstStore = await throughput(perRound / 2, (i) => claim.store(i), start);
  const firstRaw = await throughput(perRound / 2, (i) => claim.raw(i), start);
  const store: number[] = [];
  const raw: number[] = [];
  for (let round = 0; round < throughputRounds; round++) {
    const offset = start + (round + 1) * perRound;
    const sides = round % 2 === 0 ? (['store', 'raw'] as const) : (['raw', 'store'] as const);
    for (const side of sides) {
      const ops = await throughput(perRound, (i) => claim[side](i), offset);
      (side === 'store' ? store : raw).push(ops);
    }
  }
  const ratios = store.map((ops, index) => (raw[index] as number) / ops);
  console.log(
    `  throughput, claims with 16 in flight (median of ${throughputRounds}): store ${median(store).toFixed(0)}/s, raw ${median(raw).toFixed(0)}/s (raw/store ${median(ratios).toFixed(2)}x); first pass (cold: connections opened, statements prepared): store ${firstStore.toFixed(0)}/s, raw ${firstRaw.toFixed(0)}/s`,
  );
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
  const stores = createRedisStores({ client, prefix: keyPrefix });
  await stores.ready(); // the check of the first use, before timing
  await bench(
    'Redis',
    { approvals: stores.approvalStateStore, cache: stores.cache },
    await redisRaw(client, keyPrefix),
  );
  let cursor = '0';
  do {
    const [next, keys] = await client.scan(cursor, 'MATCH', `${keyPrefix}*`, 'COUNT', 1000);
    if (keys.length > 0) await client.unlink(...keys);
    cursor = next;
  } while (cursor !== '0');
  client.disconnect();
}

if (postgresUrl) {
  const pool = new pg.Pool({ connectionString: postgresUrl, max: 16 });
  pool.on('error', () => undefined);
  const tablePrefix = `bench_${run}_`;
  const stores = createPostgresStores({ client: pool, prefix: tablePrefix });
  const raw = await postgresRaw(pool, tablePrefix);
  await stores.ready(); // creates the store's tables before timing
  await bench('PostgreSQL', { approvals: stores.approvalStateStore, cache: stores.cache }, raw);
  for (const table of ['raw_approvals', 'raw_results', 'approval_bindings', 'grants', 'tool_results']) {
    await pool.query(`DROP TABLE IF EXISTS ${tablePrefix}${table}`);
  }
  await pool.query(`DROP TABLE IF EXISTS ${tablePrefix}schema_version`);
  await pool.end();
}
