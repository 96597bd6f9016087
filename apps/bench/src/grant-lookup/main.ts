/**
 * Grant lookups (`bun run bench:grant-lookup`): the lookup one approval-gated call makes (its tenant,
 * principal and tool) in a store holding 100,000 grants across 1,000 tenants, against the same lookup in a
 * store holding only the looked-up tenant's grants, measured in the same run for each store (process-local,
 * SQLite, and Redis and PostgreSQL when their URLs are set). Every other tenant holds the same principal and
 * tool, so only an index by tenant keeps the lookup at the cost of the lone tenant's. The two stores
 * alternate in blocks within each round (which goes first alternates too); the verdict is the median of the
 * rounds' ratios. `--quick`: 10,000 grants across 100 tenants, fewer rounds.
 */
import type { GrantStateStore, ReusableApprovalGrant } from '@armorer/approval';
import { finishTargets, reportTarget } from '../targets';
import { type Backend, backends } from './backends';
import { LOOKED_UP_TENANT, LOOKUP, otherTenants, tenantGrants } from './grants';

const quick = process.argv.includes('--quick');
const TENANTS = quick ? 100 : 1000;
const PER_TENANT = 100;
const ROUNDS = quick ? 3 : 9;
const TARGET = 1.5;

async function fill(store: GrantStateStore, grants: readonly ReusableApprovalGrant[], inFlight: number) {
  let next = 0;
  await Promise.all(
    Array.from({ length: inFlight }, async () => {
      while (next < grants.length) await store.issue(grants[next++] as ReusableApprovalGrant);
    }),
  );
}

/** Microseconds per lookup over `count` sequential lookups. */
async function time(store: GrantStateStore, count: number): Promise<number> {
  const started = performance.now();
  for (let index = 0; index < count; index++) await store.list(LOOKUP);
  return ((performance.now() - started) * 1000) / count;
}

async function bench(backend: Backend): Promise<void> {
  const now = Date.now();
  const mine = tenantGrants(LOOKED_UP_TENANT, PER_TENANT, now);
  const alone = await backend.open('alone');
  const crowded = await backend.open('crowded');
  try {
    const filling = performance.now();
    await fill(alone.store, mine, alone.inFlight);
    await fill(crowded.store, mine, crowded.inFlight);
    for (const tenant of otherTenants(TENANTS)) {
      await fill(crowded.store, tenantGrants(tenant, PER_TENANT, now), crowded.inFlight);
    }
    const found = [(await alone.store.list(LOOKUP)).length, (await crowded.store.list(LOOKUP)).length];
    if (found[0] !== found[1] || found[0] === 0) {
      throw new Error(`${backend.name}: the lookup found ${found[0]} grants alone, ${found[1]} crowded`);
    }
    // Warm both, then blocks of about 20 ms of the slower store (at least 20 lookups each).
    await time(alone.store, 20);
    await time(crowded.store, 20);
    const probe = Math.max(await time(alone.store, 200), await time(crowded.store, 20));
    const block = Math.max(20, Math.min(20_000, Math.round(20_000 / Math.max(probe, 0.001))));
    const ratios: number[] = [];
    const best = { alone: Number.POSITIVE_INFINITY, crowded: Number.POSITIVE_INFINITY };
    for (let round = 0; round < ROUNDS; round++) {
      const order = round % 2 === 0 ? (['alone', 'crowded'] as const) : (['crowded', 'alone'] as const);
      const took = { alone: 0, crowded: 0 };
      for (const side of order) took[side] = await time((side === 'alone' ? alone : crowded).store, block);
      best.alone = Math.min(best.alone, took.alone);
      best.crowded = Math.min(best.crowded, took.crowded);
      ratios.push(took.crowded / took.alone);
    }
    const median = [...ratios].sort((a, b) => a - b)[Math.floor(ratios.length / 2)] as number;
    console.log(
      `${backend.name}: filled ${TENANTS * PER_TENANT} grants in ${((performance.now() - filling) / 1000).toFixed(1)} s; ${found[0]} found; best ${best.crowded.toFixed(1)} µs crowded, ${best.alone.toFixed(1)} µs alone (${ROUNDS} rounds of ${block})`,
    );
    reportTarget(
      `${backend.name}: lookup among ${TENANTS * PER_TENANT} grants of ${TENANTS} tenants / among one tenant's ${PER_TENANT}`,
      median,
      { atMost: TARGET, note: `median of ${ROUNDS} rounds` },
      '  ',
    );
  } finally {
    await alone.close();
    await crowded.close();
  }
}

console.log(`grant lookup: ${TENANTS} tenants of ${PER_TENANT} grants${quick ? ' (quick run)' : ''}`);
for (const backend of backends()) {
  if (typeof backend === 'string') {
    console.log(backend);
    continue;
  }
  try {
    await bench(backend);
  } finally {
    await backend.dispose();
  }
}
finishTargets();
