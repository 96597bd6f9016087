/**
 * The process tests of the server stores (Redis, PostgreSQL), registered by each store's test file over
 * `@armorer/test/durable`: the multi-process race, the two SIGKILL crashes, a restart, and the server
 * stopped and started again. Test code: nothing in the exports map points here.
 */
import { describe, expect, test } from 'bun:test';
import {
  runDurableClaimCrash,
  runDurableOutage,
  runDurableRace,
  runDurableReserveCrash,
  runDurableRestart,
} from '@armorer/test/durable';
import type { ServerHandle, ServerUrl } from './servers';

/** One server store under test. */
export interface ServerStoreProcessTests {
  /** `Redis`, `PostgreSQL`: names the tests. */
  readonly name: string;
  /** Absolute path of the worker module (it calls `runDurableWorker`). */
  readonly workerModule: string;
  /** The shared server of the run (`serverUrl(kind)`). */
  readonly server: ServerUrl;
  /** Worker options on `url`, under a prefix of the test's own (`label`), with a reservation lease. */
  readonly storeOptions: (url: string, label: string, reservationLeaseMs?: number) => unknown;
  /** Starts a server of the test's own for the fault test, or undefined when the binary is missing. */
  readonly ownServer: (() => Promise<ServerHandle>) | undefined;
  /** What to install when the binary is missing. */
  readonly missingBinary: string;
}

// The workers run the sources, like these tests.
const execArgv = ['--conditions=@armorer/source'];
const WORKERS = Number(process.env.ARMORER_DURABLE_WORKERS ?? 8);
const ROUNDS = Number(process.env.ARMORER_DURABLE_ROUNDS ?? 200);

/** Registers the process and fault tests of one server store. */
export function defineServerStoreProcessTests(store: ServerStoreProcessTests): void {
  const { name, workerModule, server } = store;
  if (server.url === undefined) {
    if (server.mustFail) {
      test(`${name} process tests: the server is missing`, () => {
        throw new Error(server.missing);
      });
    } else {
      console.warn(`skipping the ${name} process tests: ${server.missing}`);
    }
  } else {
    const url = server.url;
    const options = (label: string, lease?: number) => store.storeOptions(url, label, lease);
    describe(`${name}: worker processes`, () => {
      test(`${WORKERS} workers x ${ROUNDS} rounds resume one approval and claim one key at once: one execution each`, async () => {
        const report = await runDurableRace({
          workerModule,
          execArgv,
          storeOptions: options('race'),
          workers: WORKERS,
          rounds: ROUNDS,
        });
        console.log(
          `${name} durable race: ${report.workers} workers x ${report.rounds} rounds in ${Math.round(report.durationMs)} ms`,
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
          storeOptions: options('crash_claim'),
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
          storeOptions: options('crash_reserve', 3000),
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
        const report = await runDurableRestart({ workerModule, execArgv, storeOptions: options('restart') });
        expect(report.violations).toEqual([]);
        expect(report.resume.outcome).toBe('success');
        expect(report.execute.idempotency).toBe('deduped');
      }, 120_000);
    });
  }

  describe(`${name} server faults`, () => {
    test('the server stopped mid-run: a typed StoreError and no execution; started again: served again', async () => {
      if (store.ownServer === undefined) {
        const message = `${store.missingBinary}: the fault test starts its own server.`;
        if (process.env.CI) throw new Error(message);
        console.warn(`skipping: ${message}`);
        return;
      }
      // Its own server on its own port: stopping it never disturbs the shared one.
      const own = await store.ownServer();
      try {
        const report = await runDurableOutage({
          workerModule,
          execArgv,
          storeOptions: store.storeOptions(own.url, 'fault'),
          outage: { begin: () => own.stop(), end: () => own.start() },
          // A client reconnects in the background: the first resume after the start may still find it away.
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
}
