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
import { SqliteDatabase } from './driver/sqlite-database';
import { StoreError } from './errors/store-error';
import { openSqliteStores, openSqliteToolResultCache } from './open-sqlite-stores';
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
    const stores = await openSqliteStores({ path });
    expect(stores.driver).toBe('bun:sqlite');
    stores.close();
    const raw = await SqliteDatabase.open({ path });
    expect(raw.statement('PRAGMA journal_mode').get()).toEqual({ journal_mode: 'wal' });
    expect(raw.statement('SELECT version FROM armorer_schema_version').get()).toEqual({
      version: SCHEMA_VERSION,
    });
    raw.close();
    // Opening again is a no-op migration.
    (await openSqliteStores({ path })).close();
  });

  test('a file from a newer schema is refused with incompatible-schema', async () => {
    const path = fresh();
    const raw = await SqliteDatabase.open({ path });
    raw.write('test', () =>
      raw.statement('UPDATE armorer_schema_version SET version = ?').run(SCHEMA_VERSION + 1),
    );
    raw.close();
    const error = await failure(() => openSqliteStores({ path }));
    expect(StoreError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ code: 'incompatible-schema', retryable: false });
  });

  test('a file that is not a database is corrupt; a missing directory is unavailable', async () => {
    const path = fresh();
    writeFileSync(
      path,
      'this is not a sqlite database, just text that is long enough to have a header'.repeat(20),
    );
    expect(await failure(() => openSqliteStores({ path }))).toMatchObject({
      name: 'StoreError',
      code: 'corrupt-record',
    });
    const missing = join(temp.dir, 'no-such-dir', 'x.db');
    expect(await failure(() => openSqliteStores({ path: missing }))).toMatchObject({
      name: 'StoreError',
      code: 'unavailable',
      retryable: true,
    });
  });

  test('bad options are refused with a TypeError', async () => {
    for (const options of [
      { path: '' },
      { path: fresh(), busyTimeoutMs: -1 },
      { path: fresh(), synchronous: 'off' },
    ]) {
      expect(await failure(() => openSqliteStores(options as never))).toBeInstanceOf(TypeError);
    }
    expect(await failure(() => openSqliteStores(undefined as never))).toBeInstanceOf(TypeError);
  });
});

describe('store failures are typed', () => {
  test('a closed store fails with closed, on every store', async () => {
    const stores = await openSqliteStores({ path: fresh() });
    stores.close();
    stores.close();
    for (const operation of [
      () => stores.results.get('k'),
      () => stores.approvals.state(fixtureBinding(Date.now())),
      () => stores.grants.get('g'),
    ]) {
      expect(await failure(operation)).toMatchObject({ name: 'StoreError', code: 'closed' });
    }
  });

  test('a lock held past the busy timeout fails busy (retryable), and service resumes after it', async () => {
    const path = fresh();
    const cache = await openSqliteToolResultCache({ path, busyTimeoutMs: 20 });
    const holder = await SqliteDatabase.open({ path });
    holder.statement('BEGIN IMMEDIATE').run();
    const error = await failure(() =>
      cache.claimStarted('k', fixtureStartedEntry('a1', { startedAt: Date.now() })),
    );
    expect(StoreError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ code: 'busy', retryable: true });
    holder.statement('COMMIT').run();
    expect(cache.claimStarted('k', fixtureStartedEntry('a1', { startedAt: Date.now() }))).toEqual({
      claimed: true,
    });
    holder.close();
    cache.close();
  });

  test('a row this package did not write reads as corrupt, never as an entry', async () => {
    const path = fresh();
    const cache = await openSqliteToolResultCache({ path });
    const raw = await SqliteDatabase.open({ path });
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
    cache.close();
  });

  test('malformed input is refused before the database is touched', async () => {
    const stores = await openSqliteStores({ path: fresh() });
    expect(() => stores.results.get('')).toThrow(TypeError);
    expect(() => stores.results.claimStarted('k', { state: 'started' } as never)).toThrow(TypeError);
    expect(() =>
      stores.results.completeStarted('k', 'a', fixtureCompletedEntry('b', { completedAt: 1, value: null })),
    ).toThrow(TypeError);
    expect(stores.results.renewStarted('k', 42 as never, 1)).toBe(false);
    await expect(stores.approvals.issue({} as never)).rejects.toMatchObject({ code: 'invalid-binding' });
    await expect(stores.grants.issue({ id: 'x' } as never)).rejects.toMatchObject({ code: 'invalid-grant' });
    expect(await stores.grants.get(42 as never)).toBeUndefined();
    stores.close();
  });
});

describe('reservation leases', () => {
  test('a reservation whose process died is taken over after the lease, and the binding is consumed once', async () => {
    let now = 1_000_000;
    const stores = await openSqliteStores({
      path: fresh(),
      now: () => now,
      approvals: { reservationLeaseMs: 500 },
    });
    const approval = fixtureBinding(now);
    await stores.approvals.issue(approval);
    await stores.approvals.reserve(approval, fixtureView(), now);
    await expect(stores.approvals.reserve(approval, fixtureView(), now)).rejects.toMatchObject({
      code: 'already-reserved',
    });
    await expect(stores.approvals.revoke(approval)).rejects.toMatchObject({ code: 'already-reserved' });
    now += 500;
    await stores.approvals.reserve(approval, fixtureView(), now);
    await stores.approvals.commit(approval);
    // The first reservation's late commit finds nothing reserved: the tool runs once.
    await expect(stores.approvals.commit(approval)).rejects.toMatchObject({ code: 'not-reserved' });
    expect(await stores.approvals.state(approval)).toBe('consumed');
    stores.close();
  });

  test('an expired reservation can be revoked instead', async () => {
    let now = 1_000_000;
    const stores = await openSqliteStores({
      path: fresh(),
      now: () => now,
      approvals: { reservationLeaseMs: 100 },
    });
    const approval = fixtureBinding(now);
    await stores.approvals.issue(approval);
    await stores.approvals.reserve(approval, fixtureView(), now);
    now += 100;
    await stores.approvals.revoke(approval);
    expect(await stores.approvals.state(approval)).toBe('revoked');
    await expect(stores.approvals.commit(approval)).rejects.toMatchObject({ code: 'not-reserved' });
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
