import { describe, expect, test } from 'bun:test';
import { join } from 'node:path';
import {
  runDurableClaimCrash,
  runDurableOutage,
  runDurableRace,
  runDurableReserveCrash,
  runDurableRestart,
} from '@armorer/test/durable';
import { postgresBinDir, serverUrl, startPostgresServer } from '../../store-redis/src/testing/servers';
import type { PostgresWorkerOptions } from './process/postgres-worker';

const server = serverUrl('postgres');
const run = `${process.pid}-${Date.now().toString(36)}`;
const workerModule = join(import.meta.dir, 'process', 'postgres-worker.ts');
// The workers run the sources, like this test.
const execArgv = ['--conditions=@armorer/source'];
const WORKERS = Number(process.env.ARMORER_DURABLE_WORKERS ?? 8);
const ROUNDS = Number(process.env.ARMORER_DURABLE_ROUNDS ?? 200);

if (server.url === undefined) {
  if (server.mustFail) {
    test('PostgreSQL process tests: the server is missing', () => {
      throw new Error(server.missing);
    });
  } else {
    console.warn(`skipping the PostgreSQL process tests: ${server.missing}`);
  }
} else {
  const url = server.url;
  // Tables of their own per test.
  const storeOptions = (label: string, reservationLeaseMs?: number): PostgresWorkerOptions => ({
    url,
    tablePrefix: `p${run.replace(/-/g, '_')}_${label.replace(/-/g, '_')}_`,
    ...(reservationLeaseMs === undefined ? {} : { reservationLeaseMs }),
  });

  describe('PostgreSQL: worker processes', () => {
    test(`${WORKERS} workers x ${ROUNDS} rounds resume one approval and claim one key at once: one execution each`, async () => {
      const report = await runDurableRace({
        workerModule,
        execArgv,
        storeOptions: storeOptions('race'),
        workers: WORKERS,
        rounds: ROUNDS,
      });
      console.log(
        `PostgreSQL durable race: ${report.workers} workers x ${report.rounds} rounds in ${Math.round(report.durationMs)} ms`,
        JSON.stringify({ resume: report.resumeOutcomes, execute: report.executeOutcomes }),
      );
      expect(report.violations).toEqual([]);
      expect(report.resumeOutcomes.success).toBe(ROUNDS);
      expect(report.executeOutcomes.fresh).toBe(ROUNDS);
    }, 600_000);

    test('SIGKILL between claim and completion leaves unknown-outcome, also after the lease, never a second run', async () => {
      const report = await runDurableClaimCrash({
        workerModule,
        execArgv,
        storeOptions: storeOptions('crash-claim'),
        idempotencyLeaseMs: 500,
      });
      expect(report.violations).toEqual([]);
      expect(report.executions).toBe(1);
      expect(report.retries.map((retry) => retry.idempotency)).toEqual([
        'unknown-outcome',
        'unknown-outcome',
        'unknown-outcome',
      ]);
      expect(report.afterLease).toMatchObject({
        idempotency: 'unknown-outcome',
        code: 'IDEMPOTENCY_UNKNOWN_OUTCOME',
      });
    }, 120_000);

    test('SIGKILL between reserve and commit: refused while reserved, resumable after the lease, once', async () => {
      // The lease leaves room for a slow, shared machine between the kill and the first resume.
      const report = await runDurableReserveCrash({
        workerModule,
        execArgv,
        storeOptions: storeOptions('crash-reserve', 3000),
      });
      expect(report.violations).toEqual([]);
      expect(report.stateAfterKill).toEqual({ state: 'reserved' });
      expect(report.first).toMatchObject({ outcome: 'denied', reason: 'already-reserved' });
      expect(report.result).toBe('resumed');
      expect(report.executions).toBe(1);
      expect(report.again).toMatchObject({ reason: 'already-consumed' });
      expect(report.stateAtEnd).toEqual({ state: 'consumed' });
    }, 120_000);

    test('a restart: a pending approval resumes in a new process; a completed result is deduped', async () => {
      const report = await runDurableRestart({
        workerModule,
        execArgv,
        storeOptions: storeOptions('restart'),
      });
      expect(report.violations).toEqual([]);
      expect(report.resume.outcome).toBe('success');
      expect(report.execute.idempotency).toBe('deduped');
    }, 120_000);
  });
}

describe('PostgreSQL server faults', () => {
  const binary = postgresBinDir();
  test('the server stopped mid-run: a typed StoreError and no execution; started again: served again', async () => {
    if (binary === undefined) {
      const message =
        'PostgreSQL is not installed (apt-get install postgresql): the fault test starts its own.';
      if (process.env.CI) throw new Error(message);
      console.warn(`skipping: ${message}`);
      return;
    }
    // Its own server on its own port: stopping it never disturbs the shared one.
    const own = await startPostgresServer();
    try {
      const report = await runDurableOutage({
        workerModule,
        execArgv,
        storeOptions: {
          url: own.url,
          tablePrefix: `f${run.replace(/-/g, '_')}_`,
        } satisfies PostgresWorkerOptions,
        outage: { begin: () => own.stop(), end: () => own.start() },
        // The pool opens new connections once the server is back; the first resume may still find it away.
        recoverMs: 10_000,
      });
      expect(report.violations).toEqual([]);
      expect(report.during.resume).toMatchObject({ code: 'APPROVAL_INVALID', reason: 'unavailable' });
      expect(report.during.execute.code).toBe('IDEMPOTENCY_STORE_FAILED');
      expect(report.during.state.thrown).toEqual({
        name: 'StoreError',
        code: 'unavailable',
        retryable: true,
      });
      expect(report.after.resume.outcome).toBe('success');
      expect(report.after.execute.idempotency).toBe('fresh');
      expect(report.after.replay.idempotency).toBe('deduped');
    } finally {
      await own.dispose();
    }
  }, 120_000);
});
