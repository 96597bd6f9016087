import { describe, expect, test } from 'bun:test';
import { join } from 'node:path';
import {
  runDurableClaimCrash,
  runDurableOutage,
  runDurableRace,
  runDurableReserveCrash,
  runDurableRestart,
} from '@armorer/test/durable';
import type { RedisWorkerOptions } from './process/redis-worker';
import { redisServerBinary, serverUrl, startRedisServer } from './testing/servers';

const server = serverUrl('redis');
const run = `${process.pid}-${Date.now().toString(36)}`;
const workerModule = join(import.meta.dir, 'process', 'redis-worker.ts');
// The workers run the sources, like this test.
const execArgv = ['--conditions=@armorer/source'];
const WORKERS = Number(process.env.ARMORER_DURABLE_WORKERS ?? 8);
const ROUNDS = Number(process.env.ARMORER_DURABLE_ROUNDS ?? 200);

if (server.url === undefined) {
  if (server.mustFail) {
    test('Redis process tests: the server is missing', () => {
      throw new Error(server.missing);
    });
  } else {
    console.warn(`skipping the Redis process tests: ${server.missing}`);
  }
} else {
  const url = server.url;
  // A key prefix of its own per test.
  const storeOptions = (label: string, reservationLeaseMs?: number): RedisWorkerOptions => ({
    url,
    keyPrefix: `armorer-proc:${run}:${label}:`,
    ...(reservationLeaseMs === undefined ? {} : { reservationLeaseMs }),
  });

  describe('Redis: worker processes', () => {
    test(`${WORKERS} workers x ${ROUNDS} rounds resume one approval and claim one key at once: one execution each`, async () => {
      const report = await runDurableRace({
        workerModule,
        execArgv,
        storeOptions: storeOptions('race'),
        workers: WORKERS,
        rounds: ROUNDS,
      });
      console.log(
        `Redis durable race: ${report.workers} workers x ${report.rounds} rounds in ${Math.round(report.durationMs)} ms`,
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

describe('Redis server faults', () => {
  const binary = redisServerBinary();
  test('the server stopped mid-run: a typed StoreError and no execution; started again: served again', async () => {
    if (binary === undefined) {
      const message =
        'redis-server is not installed (apt-get install redis-server): the fault test starts its own.';
      if (process.env.CI) throw new Error(message);
      console.warn(`skipping: ${message}`);
      return;
    }
    // Its own server on its own port: stopping it never disturbs the shared one.
    const own = await startRedisServer();
    try {
      const report = await runDurableOutage({
        workerModule,
        execArgv,
        storeOptions: { url: own.url, keyPrefix: `armorer-fault:${run}:` } satisfies RedisWorkerOptions,
        outage: { begin: () => own.stop(), end: () => own.start() },
        // ioredis reconnects in the background: the first resume after the restart may still find it away.
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
