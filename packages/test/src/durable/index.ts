/**
 * @armorer/test/durable: process tests for durable stores (server-only). Point them at a worker module
 * that opens your stores and they spawn real worker processes running the real approval and idempotency
 * paths: a multi-process race (N workers, R rounds, exactly one execution per round), crashes (SIGKILL
 * between claim and completion, between reserve and commit), a restart, and a backend outage. Executions are counted from a
 * side file the probe tool appends to, never from what the workers claim.
 *
 * @example
 * ```ts
 * // sqlite-worker.ts
 * import { runDurableWorker } from '@armorer/test/durable';
 * import { createSqliteStores } from '@armorer/store-sqlite';
 * runDurableWorker((options: { path: string }) => createSqliteStores(options));
 *
 * // sqlite.process.test.ts
 * import { runDurableRace } from '@armorer/test/durable';
 * const report = await runDurableRace({ workerModule: '/abs/path/sqlite-worker.ts', storeOptions: { path } });
 * expect(report.violations).toEqual([]);
 * ```
 *
 * @module
 */
export type { ClaimCrashReport, ReserveCrashReport } from './crash';
export { runDurableClaimCrash, runDurableReserveCrash } from './crash';
export type { Outage, OutageReport } from './outage';
export { runDurableOutage } from './outage';
export type {
  CallOutcome,
  DurableStores,
  OpenDurableStores,
  StateAnswer,
  WorkerSpawnOptions,
} from './protocol';
export type { DurableRaceOptions, DurableRaceReport } from './race';
export { runDurableRace } from './race';
export type { RestartReport } from './restart';
export { runDurableRestart } from './restart';
export { defineDurableStoreProcessTests } from './suite';
export type {
  DurableOutageStore,
  DurableScenario,
  DurableScenarioSettings,
  DurableStoreAdapter,
  DurableTestApi,
  DurableTestStore,
} from './suite-types';
export { runDurableWorker } from './worker';
