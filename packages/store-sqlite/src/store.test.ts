import { afterAll, describe, expect, test } from 'bun:test';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  fixtureBinding,
  fixtureCompletedEntry,
  fixtureStartedEntry,
  fixtureView,
} from '@armorer/test/fixtures';
import { tempDatabase } from './__fixtures__/temp-db';
import { createSqliteStores } from './create-sqlite-stores';
import { SqliteDatabase } from './driver/sqlite-database';
import { StoreError } from './errors/store-error';
import { SCHEMA_VERSION } from './schema/migrations';

const temp = tempDatabase('store');
afterAll(() => temp.cleanup());
let files = 0;
const fresh = () => join(temp.dir, `db-${++files}.sqlite`);

async function failure(operation: () => unknown): Promise<unknown> {
  try {
    await operation();
  } catch (error) {
    return error;
  }
  throw new Error('expected a failure');
}

describe('opening a file', () => {
  test('creates the schema, switches to WAL and records the schema version', async () => {
    const path = fresh();
    const stores = createSqliteStores({ path });
    expect(stores.driver).toBe('bun:sqlite');
    stores.close();
    const raw = SqliteDatabase.open({ path });
    expect(raw.statement('PRAGMA journal_mode').get()).toEqual({ journal_mode: 'wal' });
    expect(raw.statement('SELECT version FROM armorer_schema_version').get()).toEqual({
      version: SCHEMA_VERSION,
    });
    raw.close();
    // Opening again is a no-op migration.
    createSqliteStores({ path }).close();
  });

  test('a file from a newer schema is refused with incompatible-schema', async () => {
    const path = fresh();
    const raw = SqliteDatabase.open({ path });
    raw.write('test', () =>
      raw.statement('UPDATE armorer_schema_version SET version = ?').run(SCHEMA_VERSION + 1),
    );
    raw.close();
    const error = await failure(() => createSqliteStores({ path }));
    expect(StoreError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ code: 'incompatible-schema', retryable: false });
  });

  test('a file that is not a database is corrupt; a missing directory is misconfigured, not retryable', async () => {
    const path = fresh();
    writeFileSync(
      path,
      'this is not a sqlite database, just text that is long enough to have a header'.repeat(20),
    );
    expect(await failure(() => createSqliteStores({ path }))).toMatchObject({
      name: 'StoreError',
      code: 'corrupt-record',
    });
    const missing = join(temp.dir, 'no-such-dir', 'x.db');
    const error = await failure(() => createSqliteStores({ path: missing }));
    expect(error).toMatchObject({ name: 'StoreError', code: 'misconfigured', retryable: false });
    expect((error as Error).message).toContain(`Cannot open the SQLite database ${missing}`);
    // A folder is not a file either.
    expect(await failure(() => createSqliteStores({ path: temp.dir }))).toMatchObject({
      code: 'misconfigured',
    });
  });

  test('bad options are refused with a misconfigured StoreError that names them', async () => {
    for (const [options, names] of [
      [{ path: '' }, 'needs a path'],
      [{ path: fresh(), operationTimeoutMs: -1 }, 'operationTimeoutMs'],
      [{ path: fresh(), busyTimeoutMs: 5 }, '"busyTimeoutMs" is now "operationTimeoutMs"'],
      [{ path: fresh(), approvals: { reservationLeaseMs: 5 } }, '"reservationLeaseMs" and "retainExpiredMs"'],
      [{ path: fresh(), synchronous: 'off' }, 'synchronous must be "full" or "normal"'],
      [{ path: fresh(), sweepEvery: 0 }, 'sweepEvery'],
      [{ path: fresh(), now: 5 }, 'now must be a function'],
      [{ path: fresh(), prefix: 'Bad-Prefix' }, 'prefix'],
      ['./armorer.db', "createSqliteStores({ path: './armorer.db' })"],
      [undefined, 'createSqliteStores({ path'],
    ] as const) {
      const error = await failure(() => createSqliteStores(options as never));
      expect(error).toMatchObject({ name: 'StoreError', code: 'misconfigured', retryable: false });
      expect((error as Error).message).toContain(names);
    }
  });

  test('a prefix gives the stores tables of their own in a shared file', () => {
    const path = fresh();
    const billing = createSqliteStores({ path, prefix: 'billing_' });
    const support = createSqliteStores({ path, prefix: 'support_' });
    billing.cache.claimStarted('k', fixtureStartedEntry('a1', { startedAt: Date.now() }));
    expect(support.cache.get('k')).toBeUndefined();
    expect(billing.cache.get('k')?.attemptId).toBe('a1');
    const raw = SqliteDatabase.open({ path, prefix: 'billing_' });
    const tables = raw
      .statement("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
      .all()
      .map((row) => row.name);
    expect(tables).toEqual([
      'billing_approvals',
      'billing_grants',
      'billing_results',
      'billing_schema_version',
      'billing_task_schema_version',
      'billing_tasks',
      'support_approvals',
      'support_grants',
      'support_results',
      'support_schema_version',
      'support_task_schema_version',
      'support_tasks',
    ]);
    raw.close();
    billing.close();
    support.close();
  });
});

describe('store failures are typed', () => {
  test('a closed store fails with closed, not retryable, on every store', async () => {
    const stores = createSqliteStores({ path: fresh() });
    await stores.ready();
    stores.close();
    stores.close();
    for (const operation of [
      () => stores.cache.get('k'),
      () => stores.approvalStateStore.state(fixtureBinding(Date.now())),
      () => stores.grantStateStore.get('g'),
      () => stores.ready(),
    ]) {
      expect(await failure(operation)).toMatchObject({
        name: 'StoreError',
        code: 'closed',
        retryable: false,
      });
    }
  });

  test('a lock held past the busy timeout fails busy (retryable), and service resumes after it', async () => {
    const path = fresh();
    const stores = createSqliteStores({ path, operationTimeoutMs: 20 });
    const cache = stores.cache;
    const holder = SqliteDatabase.open({ path });
    holder.statement('BEGIN IMMEDIATE').run();
    const error = await failure(() =>
      cache.claimStarted('k', fixtureStartedEntry('a1', { startedAt: Date.now() })),
    );
    expect(StoreError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ code: 'busy', retryable: true, retryAfterMs: 250 });
    expect((error as Error).message).toContain('for 20 ms (operationTimeoutMs)');
    holder.statement('COMMIT').run();
    expect(cache.claimStarted('k', fixtureStartedEntry('a1', { startedAt: Date.now() }))).toEqual({
      claimed: true,
    });
    holder.close();
    stores.close();
  });

  test('a row this package did not write reads as corrupt, never as an entry', async () => {
    const path = fresh();
    const stores = createSqliteStores({ path });
    const cache = stores.cache;
    const raw = SqliteDatabase.open({ path });
    raw.write('test', () =>
      raw
        .statement("INSERT INTO armorer_results (key, state, body, reclaim_at) VALUES (?, 'started', ?, 0)")
        .run(JSON.stringify('bad'), '{"state":"exploded"}'),
    );
    expect(await failure(() => cache.get('bad'))).toMatchObject({
      name: 'StoreError',
      code: 'corrupt-record',
    });
    expect(
      await failure(() => cache.claimStarted('bad', fixtureStartedEntry('a', { startedAt: 1 }))),
    ).toMatchObject({
      code: 'corrupt-record',
    });
    raw.close();
    stores.close();
  });

  test('malformed input is refused before the database is touched', async () => {
    const stores = createSqliteStores({ path: fresh() });
    expect(() => stores.cache.get('')).toThrow(TypeError);
    expect(() => stores.cache.claimStarted('k', { state: 'started' } as never)).toThrow(TypeError);
    expect(() =>
      stores.cache.completeStarted('k', 'a', fixtureCompletedEntry('b', { completedAt: 1, value: null })),
    ).toThrow(TypeError);
    expect(stores.cache.renewStarted('k', 42 as never, 1)).toBe(false);
    await expect(stores.approvalStateStore.issue({} as never)).rejects.toMatchObject({
      code: 'invalid-binding',
    });
    await expect(stores.grantStateStore.issue({ id: 'x' } as never)).rejects.toMatchObject({
      code: 'invalid-grant',
    });
    expect(await stores.grantStateStore.get(42 as never)).toBeUndefined();
    stores.close();
  });
});

describe('reservation leases', () => {
  test('a reservation whose process died is taken over after the lease, and the binding is consumed once', async () => {
    let now = 1_000_000;
    const stores = createSqliteStores({
      path: fresh(),
      now: () => now,
      reservationLeaseMs: 500,
    });
    const approval = fixtureBinding(now);
    await stores.approvalStateStore.issue(approval);
    await stores.approvalStateStore.reserve(approval, fixtureView(), now);
    await expect(stores.approvalStateStore.reserve(approval, fixtureView(), now)).rejects.toMatchObject({
      code: 'already-reserved',
    });
    await expect(stores.approvalStateStore.revoke(approval)).rejects.toMatchObject({
      code: 'already-reserved',
    });
    now += 500;
    await stores.approvalStateStore.reserve(approval, fixtureView(), now);
    await stores.approvalStateStore.commit(approval);
    // The first reservation's late commit finds nothing reserved: the tool runs once.
    await expect(stores.approvalStateStore.commit(approval)).rejects.toMatchObject({ code: 'not-reserved' });
    expect(await stores.approvalStateStore.state(approval)).toBe('consumed');
    stores.close();
  });

  test('an expired reservation can be revoked instead', async () => {
    let now = 1_000_000;
    const stores = createSqliteStores({
      path: fresh(),
      now: () => now,
      reservationLeaseMs: 100,
    });
    const approval = fixtureBinding(now);
    await stores.approvalStateStore.issue(approval);
    await stores.approvalStateStore.reserve(approval, fixtureView(), now);
    now += 100;
    await stores.approvalStateStore.revoke(approval);
    expect(await stores.approvalStateStore.state(approval)).toBe('revoked');
    await expect(stores.approvalStateStore.commit(approval)).rejects.toMatchObject({ code: 'not-reserved' });
    stores.close();
  });
});

describe('grant lookups', () => {
  test('a lookup by tenant (or none), principal and tool reads the lookup index, never the whole table', async () => {
    // Opening the file creates the schema (with its indexes).
    const raw = await SqliteDatabase.open({ path: fresh() });
    const { grantListQuery } = await import('./grant/sqlite-grant-state-store');
    const planOf = (filter: Parameters<typeof grantListQuery>[0]) => {
      const { sql, params } = grantListQuery(filter);
      return raw
        .statement(`EXPLAIN QUERY PLAN ${sql}`)
        .all(...params)
        .map((row) => String(row.detail))
        .join('; ');
    };
    // Every column of the lookup is a search term of the index: no other tenant's grant is read.
    for (const tenantId of ['tenant-1', null]) {
      const plan = planOf({ tenantId, principalId: 'user-1', toolName: 'send-payment' });
      expect(plan).toMatch(/^SEARCH armorer_grants USING INDEX armorer_grants_\w+ \(/);
      for (const column of ['tenant_id', 'principal_id', 'tool_name']) expect(plan).toContain(`${column}=`);
    }
    expect(planOf({ tenantId: 'tenant-1' })).toContain('USING INDEX armorer_grants_lookup (tenant_id=?)');
    expect(planOf({ principalId: 'user-1' })).toContain(
      'USING INDEX armorer_grants_principal (principal_id=?)',
    );
    raw.close();
  });
});
