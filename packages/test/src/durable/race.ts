import type { CallOutcome, StateAnswer, WorkerSpawnOptions } from './protocol';
import { tally, withSession } from './session';

/** Options of {@link runDurableRace}. */
export interface DurableRaceOptions extends WorkerSpawnOptions {
  /** Worker processes (default 8). */
  readonly workers?: number;
  /** Rounds (default 200). */
  readonly rounds?: number;
}

/** What {@link runDurableRace} measured. An empty `violations` means every round executed exactly once. */
export interface DurableRaceReport {
  readonly workers: number;
  readonly rounds: number;
  readonly durationMs: number;
  /** Every broken round, in words (empty when the store held). */
  readonly violations: readonly string[];
  /** How the resumes ended: `success`, or the refusal reason (`already-consumed`, `already-reserved`). */
  readonly resumeOutcomes: Readonly<Record<string, number>>;
  /** How the idempotent calls ended (`fresh: 200`, `deduped: ...`, `unknown-outcome: ...`). */
  readonly executeOutcomes: Readonly<Record<string, number>>;
}

/**
 * The multi-process race: `workers` processes open your stores; each round one of them pauses a call for
 * approval, then, released together by a start barrier, every worker resumes that one approval and
 * executes one idempotent call under one key, through the real `toolbox.resumeApproval` and
 * `withToolboxIdempotency` paths. The probe tool appends each real execution to a side file; the report
 * lists every round where the approval or the key did not run exactly once, or where the approval store,
 * asked directly, does not hold the binding consumed.
 *
 * @example
 * ```ts
 * const report = await runDurableRace({
 *   workerModule: join(import.meta.dir, 'sqlite-worker.ts'),
 *   storeOptions: { path: '/tmp/race.db' },
 *   workers: 8,
 *   rounds: 200,
 * });
 * expect(report.violations).toEqual([]);
 * ```
 */
export async function runDurableRace(options: DurableRaceOptions): Promise<DurableRaceReport> {
  const count = options.workers ?? 8;
  const rounds = options.rounds ?? 200;
  if (!Number.isInteger(count) || count < 2 || !Number.isInteger(rounds) || rounds < 1) {
    throw new TypeError('runDurableRace() needs workers >= 2 and rounds >= 1 (integers).');
  }
  return withSession(options, async (session) => {
    const workers = await session.start(count);
    const violations: string[] = [];
    const resumeOutcomes: Record<string, number> = {};
    const executeOutcomes: Record<string, number> = {};
    const started = performance.now();
    for (let round = 0; round < rounds; round++) {
      const label = `${session.runId}-${round}`;
      const issuer = workers[round % count];
      const descriptor = await issuer?.request({ op: 'issue', label });
      const armed = await Promise.all(
        workers.map((worker) =>
          worker.prepare<[CallOutcome, CallOutcome]>({ op: 'both', descriptor, key: `key-${label}`, label }),
        ),
      );
      for (const worker of workers) worker.go();
      const results = await Promise.all(armed.map((item) => item.result));
      let resumed = 0;
      let fresh = 0;
      for (const [resume, execute] of results) {
        if (resume.outcome === 'success') resumed++;
        tally(resumeOutcomes, resume.reason ?? resume.code ?? resume.outcome);
        tally(executeOutcomes, execute.idempotency ?? execute.code ?? execute.outcome);
        if (execute.idempotency === 'fresh') fresh++;
      }
      if (resumed !== 1) violations.push(`round ${round}: ${resumed} resumes succeeded`);
      if (fresh !== 1) violations.push(`round ${round}: ${fresh} idempotent calls ran fresh`);
      // The store itself, asked by the issuing process, must hold the binding consumed.
      const stored = await issuer?.request<StateAnswer>({ op: 'state', descriptor });
      if (stored?.state !== 'consumed')
        violations.push(`round ${round}: the binding is ${JSON.stringify(stored)}, not consumed`);
    }
    const durationMs = performance.now() - started;
    const executions = session.executions();
    for (let round = 0; round < rounds; round++) {
      const label = `${session.runId}-${round}`;
      for (const kind of ['approval', 'idempotent'] as const) {
        const ran = executions.get(`${kind}\t${label}`) ?? 0;
        if (ran !== 1) violations.push(`round ${round}: the ${kind} probe ran ${ran} times`);
      }
    }
    await Promise.all(workers.map((worker) => worker.exit()));
    return { workers: count, rounds, durationMs, violations, resumeOutcomes, executeOutcomes };
  });
}
