import { afterAll, describe, expect, test } from 'bun:test';
import {
  fixtureBinding,
  fixtureCompletedEntry,
  fixtureGrant,
  fixtureStartedEntry,
  fixtureView,
} from '@armorer/test/fixtures';
import { tempDatabase } from './__fixtures__/temp-db';
import { createSqliteStores } from './create-sqlite-stores';
import { SqliteDatabase } from './driver/sqlite-database';

const temp = tempDatabase('housekeeping');
afterAll(() => temp.cleanup());

function rows(raw: SqliteDatabase) {
  const count = (table: string) => Number(raw.statement(`SELECT count(*) AS n FROM ${table}`).get()?.n);
  return {
    approvals: count('armorer_approvals'),
    grants: count('armorer_grants'),
    results: count('armorer_results'),
    pages: Number(raw.statement('PRAGMA page_count').get()?.page_count),
  };
}

describe('lazy expiry housekeeping', () => {
  test('under steady load the tables and the file stop growing: expired rows are swept by writes', async () => {
    let now = 1_000_000;
    const stores = createSqliteStores({
      path: temp.path,
      synchronous: 'normal',
      now: () => now,
      retainExpiredMs: 1_000,
      retainResultsMs: 1_000,
    });
    const raw = SqliteDatabase.open({ path: temp.path });
    const perTick = 50;
    const samples: ReturnType<typeof rows>[] = [];
    for (let tick = 0; tick < 40; tick++) {
      for (let index = 0; index < perTick; index++) {
        const approval = fixtureBinding(now, { expiresAt: now + 1_000 });
        await stores.approvalStateStore.issue(approval);
        await stores.approvalStateStore.consume(approval, fixtureView(), now);
        const key = `steady-${tick}-${index}`;
        stores.cache.claimStarted(key, fixtureStartedEntry('a', { startedAt: now, leaseMs: 100 }));
        stores.cache.completeStarted(
          key,
          'a',
          fixtureCompletedEntry('a', { completedAt: now, value: { tick, index } }),
        );
        await stores.grantStateStore.issue(fixtureGrant({ issuedAt: now, expiresAt: now + 1_000 }));
      }
      now += 1_000;
      if (tick % 10 === 9) {
        raw.statement('PRAGMA wal_checkpoint(TRUNCATE)').run();
        samples.push(rows(raw));
      }
    }
    const last = samples.at(-1);
    // 2,000 rows were written per table; what lives is what the last ~3 s of writes left.
    for (const table of ['approvals', 'grants', 'results'] as const) {
      expect(last?.[table]).toBeLessThanOrEqual(4 * perTick);
    }
    // Freed pages are reused: the file is no bigger after 40 ticks than after 20.
    expect(last?.pages).toBeLessThanOrEqual((samples[1]?.pages ?? 0) + 2);
    raw.close();
    stores.close();
    // 10,000 writes to a file (the clock is the store's own, not the machine's): more than 8 s seen on a
    // loaded machine, where bun's default is 5 s.
  }, 120_000);

  test('a live record is never swept, and sweep() runs a batch on demand', async () => {
    let now = 5_000_000;
    const stores = createSqliteStores({
      path: `${temp.path}-live`,
      now: () => now,
      sweepEvery: 1,
      retainResultsMs: 10_000,
    });
    stores.cache.claimStarted('running', fixtureStartedEntry('a', { startedAt: now, leaseMs: 60_000 }));
    stores.cache.claimStarted('done', fixtureStartedEntry('b', { startedAt: now, leaseMs: 100 }));
    stores.cache.completeStarted('done', 'b', fixtureCompletedEntry('b', { completedAt: now, value: 1 }));
    now += 20_000;
    stores.sweep();
    // The lease deadline (10 minutes) plus retention is ahead: the unknown attempt stays unknown.
    expect(stores.cache.get('running')?.attemptId).toBe('a');
    expect(stores.cache.get('done')).toBeUndefined();
    stores.close();
  });
});
