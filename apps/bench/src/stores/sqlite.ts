import { Database } from 'bun:sqlite';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createSqliteStores } from '@armorer/store-sqlite';
import type { StoreBenchSubject, StoreBenchTarget } from './types';

/**
 * `@armorer/store-sqlite` on a file in WAL mode with `synchronous: normal` (so the figures show the
 * store's own cost rather than the disk's fsync), against `bun:sqlite` on the same file running the
 * same transaction by hand: `BEGIN IMMEDIATE`, the one statement (or the read and the write a reserve
 * needs), `COMMIT`.
 */
export const sqliteTarget: StoreBenchTarget = {
  name: 'sqlite (bun:sqlite, WAL, synchronous=normal)',
  async open(): Promise<StoreBenchSubject> {
    const dir = mkdtempSync(join(tmpdir(), 'armorer-bench-sqlite-'));
    const path = join(dir, 'bench.db');
    const stores = createSqliteStores({ path, synchronous: 'normal' });
    const db = new Database(path, { strict: true });
    db.exec('PRAGMA busy_timeout = 5000');
    db.exec('PRAGMA synchronous = NORMAL');
    // The raw client writes its own table of the same shape, so both sides pay the same index costs.
    db.exec('CREATE TABLE raw_approvals AS SELECT * FROM armorer_approvals WHERE 0');
    db.exec('CREATE UNIQUE INDEX raw_approvals_key ON raw_approvals (key)');
    db.exec('CREATE INDEX raw_approvals_reclaim ON raw_approvals (reclaim_at)');
    db.exec('CREATE TABLE raw_results AS SELECT * FROM armorer_results WHERE 0');
    db.exec('CREATE UNIQUE INDEX raw_results_key ON raw_results (key)');
    db.exec('CREATE INDEX raw_results_reclaim ON raw_results (reclaim_at)');
    const begin = db.prepare('BEGIN IMMEDIATE');
    const commit = db.prepare('COMMIT');
    const inTransaction = <T>(body: () => T): T => {
      begin.run();
      const result = body();
      commit.run();
      return result;
    };
    const issue = db.prepare(
      "INSERT INTO raw_approvals (key, signature, state, reserved_at, reclaim_at) VALUES (?, ?, 'issued', NULL, ?) ON CONFLICT (key) DO NOTHING",
    );
    const select = db.prepare('SELECT signature, state, reserved_at FROM raw_approvals WHERE key = ?');
    const reserve = db.prepare("UPDATE raw_approvals SET state = 'reserved', reserved_at = ? WHERE key = ?");
    const consume = db.prepare(
      "UPDATE raw_approvals SET state = 'consumed', reserved_at = NULL WHERE key = ? AND signature = ? AND state = 'reserved'",
    );
    const claim = db.prepare(
      "INSERT INTO raw_results (key, state, attempt_id, started_at, lease_expires_at, body, reclaim_at) VALUES (?, 'started', ?, ?, ?, ?, ?) ON CONFLICT (key) DO NOTHING",
    );
    const complete = db.prepare(
      "UPDATE raw_results SET state = 'completed', lease_expires_at = NULL, body = ?, reclaim_at = ? WHERE key = ? AND state = 'started' AND attempt_id = ?",
    );
    return {
      approvals: stores.approvalStateStore,
      results: stores.cache,
      raw: {
        issue: (key, binding) => inTransaction(() => issue.run(key, binding.signature, binding.expiresAt)),
        reserve: (key) =>
          inTransaction(() => {
            const row = select.get(key) as { state: string } | null;
            if (row?.state !== 'issued') throw new Error('raw reserve: not issued');
            return reserve.run(Date.now(), key);
          }),
        commit: (key, binding) => inTransaction(() => consume.run(key, binding.signature)),
        claim: (key, entry) =>
          inTransaction(() =>
            claim.run(
              key,
              entry.attemptId,
              entry.startedAt,
              entry.leaseExpiresAt,
              JSON.stringify(entry),
              entry.leaseDeadlineAt,
            ),
          ),
        complete: (key, entry) =>
          inTransaction(() => complete.run(JSON.stringify(entry), entry.completedAt, key, entry.attemptId)),
      },
      // With synchronous=normal the WAL is fsynced only when it is checkpointed; SQLite checkpoints
      // automatically at the commit that grows the WAL past 1,000 pages, so a few milliseconds of fsync
      // fell inside whichever side's block made that commit. Checkpointing between blocks keeps the WAL
      // short, and both sides are timed without the disk's flush, as the comment above intends.
      settle() {
        db.exec('PRAGMA wal_checkpoint(PASSIVE)');
      },
      close() {
        db.close();
        stores.close();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  },
};
