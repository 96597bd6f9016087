import { check, sameData } from '../conformance/assert';
import { runDurableClaimCrash, runDurableReserveCrash } from './crash';
import { runDurableOutage } from './outage';
import type { WorkerSpawnOptions } from './protocol';
import { runDurableRace } from './race';
import { runDurableRestart } from './restart';
import type {
  DurableScenario,
  DurableScenarioSettings,
  DurableStoreAdapter,
  DurableTestApi,
  DurableTestStore,
} from './suite-types';

/** The workers' idempotency lease in the claim crash: short, so the retry after it runs out is quick. */
const CLAIM_LEASE_MS = 500;
/** The reservation lease of the reserve crash: room for a slow, shared machine between kill and resume. */
const RESERVATION_LEASE_MS = 3_000;
const RACE_TIMEOUT_MS = 600_000;
const SCENARIO_TIMEOUT_MS = 120_000;

/** Fails with `what` unless `actual` holds every field of `expected` (JSON-like data). */
function holds(actual: unknown, expected: Record<string, unknown>, what: string): void {
  const record = (actual ?? {}) as Record<string, unknown>;
  const picked = Object.fromEntries(Object.keys(expected).map((key) => [key, record[key]]));
  check(
    sameData(picked, expected),
    `${what}: expected ${JSON.stringify(expected)}, got ${JSON.stringify(actual)}`,
  );
}

function none(violations: readonly string[]): void {
  check(violations.length === 0, `the store broke the scenario:\n${violations.join('\n')}`);
}

/** Registers what to do when a store is unreachable: a failing test, or a warning. */
function unreachable(api: DurableTestApi, name: string, reason: string, fail: boolean): void {
  if (fail) {
    api.test(
      `${name}: ${reason}`,
      async () => {
        throw new Error(reason);
      },
      SCENARIO_TIMEOUT_MS,
    );
  } else {
    console.warn(`skipping ${name}: ${reason}`);
  }
}

/**
 * Registers the multi-process tests of a durable store with your test runner, the same scenarios for
 * every store: the race of `workers` processes over `rounds` rounds, a SIGKILL between claim and
 * completion (retries answer `unknown-outcome`, also once the dead attempt's lease ran out), a SIGKILL
 * between reserve and commit (refused while reserved, resumable after the reservation lease, run once),
 * a restart (a pending approval resumes and a completed result is deduplicated in a new process), and an
 * outage of the backend (typed failures and no execution while away, served again by the same worker
 * after). Each scenario gets a store of its own from the adapter, disposed of when it ends. A broken rule
 * throws a `ConformanceError` (exported by `@armorer/test`) naming it.
 *
 * @example
 * ```ts
 * import { describe, test } from 'bun:test';
 * import { defineDurableStoreProcessTests } from '@armorer/test/durable';
 *
 * defineDurableStoreProcessTests(
 *   {
 *     name: 'SQLite',
 *     workerModule: join(import.meta.dir, 'sqlite-worker.ts'),
 *     store: (scenario, { reservationLeaseMs }) => {
 *       const dir = mkdtempSync(join(tmpdir(), scenario));
 *       const lease = reservationLeaseMs === undefined ? {} : { reservationLeaseMs };
 *       return { storeOptions: { path: join(dir, 'db'), ...lease }, dispose: () => rmSync(dir, { recursive: true }) };
 *     },
 *     outage: () => lockedDatabase(), // { storeOptions, begin, end, dispose, reason: 'busy', state: { state: 'issued' } }
 *   },
 *   { describe, test },
 * );
 * ```
 */
export function defineDurableStoreProcessTests<TOptions>(
  adapter: DurableStoreAdapter<TOptions>,
  api: DurableTestApi,
): void {
  const { name } = adapter;
  const workers = adapter.workers ?? 8;
  const rounds = adapter.rounds ?? 200;
  const fail = adapter.failWhenUnavailable === true;
  const spawn = (store: DurableTestStore<TOptions>): WorkerSpawnOptions => ({
    workerModule: adapter.workerModule,
    storeOptions: store.storeOptions,
    ...(adapter.execArgv === undefined ? {} : { execArgv: adapter.execArgv }),
    ...(adapter.runtime === undefined ? {} : { runtime: adapter.runtime }),
  });
  const on = async <T>(
    scenario: DurableScenario,
    settings: DurableScenarioSettings,
    run: (options: WorkerSpawnOptions) => Promise<T>,
  ): Promise<T> => {
    const store = await adapter.store(scenario, settings);
    try {
      return await run(spawn(store));
    } finally {
      await store.dispose?.();
    }
  };

  if (adapter.unavailable !== undefined) {
    unreachable(api, `${name} process tests`, adapter.unavailable, fail);
  } else {
    api.describe(`${name}: worker processes`, () => {
      api.test(
        `${workers} workers x ${rounds} rounds resume one approval and claim one key at once: one execution each`,
        async () => {
          const report = await on('race', {}, (options) => runDurableRace({ ...options, workers, rounds }));
          console.log(
            `${name} durable race: ${report.workers} workers x ${report.rounds} rounds in ${Math.round(report.durationMs)} ms`,
            JSON.stringify({ resume: report.resumeOutcomes, execute: report.executeOutcomes }),
          );
          none(report.violations);
          holds(report.resumeOutcomes, { success: rounds }, 'successful resumes');
          holds(report.executeOutcomes, { fresh: rounds }, 'fresh idempotent calls');
        },
        RACE_TIMEOUT_MS,
      );

      api.test(
        'SIGKILL between claim and completion leaves unknown-outcome, also after the lease, never a second run',
        async () => {
          const report = await on('claim-crash', {}, (options) =>
            runDurableClaimCrash({ ...options, idempotencyLeaseMs: CLAIM_LEASE_MS }),
          );
          none(report.violations);
          check(report.executions === 1, `the probe ran ${report.executions} times, not once`);
          const retries = report.retries.map((retry) => retry.idempotency);
          check(
            sameData(retries, ['unknown-outcome', 'unknown-outcome', 'unknown-outcome']),
            `the retries answered ${JSON.stringify(retries)}`,
          );
          holds(
            report.afterLease,
            { idempotency: 'unknown-outcome', code: 'IDEMPOTENCY_UNKNOWN_OUTCOME' },
            'the retry after the lease',
          );
        },
        SCENARIO_TIMEOUT_MS,
      );

      api.test(
        'SIGKILL between reserve and commit: refused while reserved, resumable after the lease, once',
        async () => {
          const settleMs = 10_000;
          const report = await on('reserve-crash', { reservationLeaseMs: RESERVATION_LEASE_MS }, (options) =>
            runDurableReserveCrash({ ...options, settleMs }),
          );
          none(report.violations);
          check(
            sameData(report.stateAfterKill, { state: 'reserved' }),
            `the state after the kill: ${JSON.stringify(report.stateAfterKill)}, not reserved`,
          );
          holds(report.first, { outcome: 'denied', reason: 'already-reserved' }, 'the first resume');
          check(report.result === 'resumed', `the binding ended ${report.result}, not resumed`);
          check(report.executions === 1, `the probe ran ${report.executions} times, not once`);
          check(report.waitedMs < settleMs, `the resume took ${Math.round(report.waitedMs)} ms`);
          holds(report.again, { reason: 'already-consumed' }, 'the resume after the resume');
          check(
            sameData(report.stateAtEnd, { state: 'consumed' }),
            `the state at the end: ${JSON.stringify(report.stateAtEnd)}, not consumed`,
          );
        },
        SCENARIO_TIMEOUT_MS,
      );

      api.test(
        'a restart: a pending approval resumes in a new process; a completed result is deduped',
        async () => {
          const report = await on('restart', {}, (options) => runDurableRestart(options));
          none(report.violations);
          holds(report.resume, { outcome: 'success' }, 'the resume after the restart');
          holds(report.execute, { idempotency: 'deduped' }, 'the call after the restart');
        },
        SCENARIO_TIMEOUT_MS,
      );
    });
  }

  if (adapter.outageUnavailable !== undefined) {
    unreachable(api, `${name} backend outage`, adapter.outageUnavailable, fail);
    return;
  }
  api.describe(`${name}: backend outage`, () => {
    api.test(
      'the store taken away: typed store errors and no execution; back, the same worker serves again',
      async () => {
        const store = await adapter.outage();
        let report: Awaited<ReturnType<typeof runDurableOutage>>;
        try {
          report = await runDurableOutage({
            ...spawn(store),
            outage: store,
            ...(store.recoverMs === undefined ? {} : { recoverMs: store.recoverMs }),
          });
        } finally {
          await store.dispose?.();
        }
        none(report.violations);
        holds(
          report.during.resume,
          { code: 'APPROVAL_INVALID', reason: store.reason },
          'the resume while away',
        );
        holds(report.during.execute, { code: 'IDEMPOTENCY_STORE_FAILED' }, 'the call while away');
        const state = store.state ?? { thrown: { name: 'StoreError', code: store.reason, retryable: true } };
        check(
          sameData(report.during.state, state),
          `the store asked directly while away: ${JSON.stringify(report.during.state)}, expected ${JSON.stringify(state)}`,
        );
        holds(report.after.resume, { outcome: 'success' }, 'the resume once back');
        holds(report.after.execute, { idempotency: 'fresh' }, 'the call once back');
        holds(report.after.replay, { idempotency: 'deduped' }, 'the repeated call once back');
      },
      SCENARIO_TIMEOUT_MS,
    );
  });
}
