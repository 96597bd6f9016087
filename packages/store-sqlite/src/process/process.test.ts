import { afterAll, describe, expect, test } from 'bun:test';
import { join } from 'node:path';
import {
  runDurableClaimCrash,
  runDurableOutage,
  runDurableRace,
  runDurableReserveCrash,
  runDurableRestart,
} from '@armorer/test/durable';
import { tempDatabase } from '../__fixtures__/temp-db';
import { SqliteDatabase } from '../driver/sqlite-database';

const temp = tempDatabase('process');
afterAll(() => temp.cleanup());

const workerModule = join(import.meta.dir, 'sqlite-worker.ts');
// The workers run the sources, like this test.
const execArgv = ['--conditions=@armorer/source'];
const WORKERS = Number(process.env.ARMORER_DURABLE_WORKERS ?? 8);
const ROUNDS = Number(process.env.ARMORER_DURABLE_ROUNDS ?? 200);

describe('SQLite stores across processes', () => {
  test(`${WORKERS} workers x ${ROUNDS} rounds resume one approval and claim one key: exactly one execution each`, async () => {
    const report = await runDurableRace({
      workerModule,
      execArgv,
      storeOptions: { path: join(temp.dir, 'race.db') },
      workers: WORKERS,
      rounds: ROUNDS,
    });
    console.log(
      `durable race: ${report.workers} workers x ${report.rounds} rounds in ${Math.round(report.durationMs)} ms`,
      JSON.stringify({ resume: report.resumeOutcomes, execute: report.executeOutcomes }),
    );
    expect(report.violations).toEqual([]);
    expect(report.resumeOutcomes.success).toBe(ROUNDS);
    expect(report.executeOutcomes.fresh).toBe(ROUNDS);
  }, 120_000);

  test('a worker SIGKILLed between claim and completion leaves unknown-outcome, never a second run', async () => {
    const report = await runDurableClaimCrash({
      workerModule,
      execArgv,
      storeOptions: { path: join(temp.dir, 'claim.db') },
    });
    expect(report.violations).toEqual([]);
    expect(report.executions).toBe(1);
    expect(report.retries.map((retry) => retry.idempotency)).toEqual([
      'unknown-outcome',
      'unknown-outcome',
      'unknown-outcome',
    ]);
  }, 30_000);

  test('a worker SIGKILLed between reserve and commit: resumable once the reservation lease passed, run once', async () => {
    const report = await runDurableReserveCrash({
      workerModule,
      execArgv,
      storeOptions: { path: join(temp.dir, 'reserve.db'), approvals: { reservationLeaseMs: 300 } },
    });
    expect(report.violations).toEqual([]);
    expect(report.result).toBe('resumed');
    expect(report.executions).toBe(1);
    expect(report.waitedMs).toBeLessThan(10_000);
  }, 30_000);

  test('a pending approval and a completed result survive a process restart', async () => {
    const report = await runDurableRestart({
      workerModule,
      execArgv,
      storeOptions: { path: join(temp.dir, 'restart.db') },
    });
    expect(report.violations).toEqual([]);
    expect(report.resume.outcome).toBe('success');
    expect(report.execute.idempotency).toBe('deduped');
  }, 30_000);

  test('the database locked away gives typed store errors and no execution; unlocked, the same worker serves again', async () => {
    const path = join(temp.dir, 'outage.db');
    const holder = await SqliteDatabase.open({ path });
    const report = await runDurableOutage({
      workerModule,
      execArgv,
      storeOptions: { path, busyTimeoutMs: 100 },
      // Another process holding the write lock past the busy timeout is SQLite's "server away".
      outage: {
        begin: () => holder.statement('BEGIN IMMEDIATE').run(),
        end: () => holder.statement('COMMIT').run(),
      },
    });
    holder.close();
    expect(report.violations).toEqual([]);
    expect(report.during.execute.code).toBe('IDEMPOTENCY_STORE_FAILED');
    expect(report.during.resume.reason).toBe('busy');
    expect(report.after.execute.idempotency).toBe('fresh');
  }, 30_000);
});
