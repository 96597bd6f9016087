import type { CallOutcome, WorkerSpawnOptions } from './protocol';
import { withSession } from './session';

/** What {@link runDurableRestart} saw. */
export interface RestartReport {
  /** The resume in the second process of the approval the first one issued (should succeed). */
  readonly resume: CallOutcome;
  /** The second process's call under the key the first one completed (should be `deduped`). */
  readonly execute: CallOutcome;
  readonly violations: readonly string[];
}

/**
 * Restart: one worker process pauses a call for approval and completes an idempotent call, then exits;
 * a new process resumes the approval (it must run, once) and repeats the idempotent call (it must be
 * deduplicated, not run again).
 *
 * @example
 * ```ts
 * const report = await runDurableRestart({ workerModule, storeOptions: { path } });
 * expect(report.violations).toEqual([]);
 * ```
 */
export async function runDurableRestart(options: WorkerSpawnOptions): Promise<RestartReport> {
  return withSession(options, async (session) => {
    const label = `${session.runId}-restart`;
    const key = `key-${label}`;
    const [before] = await session.start(1);
    if (before === undefined) throw new Error('the worker did not start');
    const descriptor = await before.request({ op: 'issue', label });
    const first = await before.request<CallOutcome>({ op: 'execute', key, label });
    await before.exit();
    const [after] = await session.start(1);
    if (after === undefined) throw new Error('the worker did not start');
    const resume = await after.request<CallOutcome>({ op: 'resume', descriptor });
    const execute = await after.request<CallOutcome>({ op: 'execute', key, label });
    await after.exit();
    const violations: string[] = [];
    if (first.idempotency !== 'fresh') violations.push(`the first call answered ${JSON.stringify(first)}`);
    if (resume.outcome !== 'success')
      violations.push(`the resume after the restart answered ${JSON.stringify(resume)}`);
    if (execute.idempotency !== 'deduped')
      violations.push(`the call after the restart answered ${JSON.stringify(execute)}`);
    for (const kind of ['approval', 'idempotent'] as const) {
      const ran = session.count(kind, label);
      if (ran !== 1) violations.push(`the ${kind} probe ran ${ran} times`);
    }
    return { resume, execute, violations };
  });
}
