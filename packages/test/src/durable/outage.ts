import type { CallOutcome, WorkerSpawnOptions } from './protocol';
import { withSession } from './session';

/** How the test takes the backend away and brings it back (stop and start a server, hold a lock). */
export interface Outage {
  begin(): unknown;
  end(): unknown;
}

/** What {@link runDurableOutage} saw. */
export interface OutageReport {
  /** The idempotent call and the resume while the backend was away (each should fail, typed, not run). */
  readonly during: { readonly execute: CallOutcome; readonly resume: CallOutcome };
  /** The same calls in the same worker once it was back (each should run, once). */
  readonly after: { readonly execute: CallOutcome; readonly resume: CallOutcome };
  readonly violations: readonly string[];
}

/**
 * A backend fault: one worker pauses a call for approval; the backend goes away (`outage.begin()`); the
 * worker's idempotent call must end `IDEMPOTENCY_STORE_FAILED` and its resume be refused with the store's
 * error code as the reason, neither running the probe; the backend comes back (`outage.end()`) and the
 * same worker, without a restart, must run both once.
 *
 * @example
 * ```ts
 * const report = await runDurableOutage({
 *   workerModule, storeOptions: { url },
 *   outage: { begin: () => stopServer(), end: () => startServer() },
 * });
 * expect(report.violations).toEqual([]);
 * ```
 */
export async function runDurableOutage(
  options: WorkerSpawnOptions & { readonly outage: Outage },
): Promise<OutageReport> {
  if (typeof options?.outage?.begin !== 'function' || typeof options.outage.end !== 'function') {
    throw new TypeError('runDurableOutage() needs outage: { begin(), end() }.');
  }
  return withSession(options, async (session) => {
    const [worker] = await session.start(1);
    if (worker === undefined) throw new Error('the worker did not start');
    const label = `${session.runId}-outage`;
    const key = `key-${label}`;
    const descriptor = await worker.request({ op: 'issue', label });
    await options.outage.begin();
    let during: OutageReport['during'];
    try {
      during = {
        execute: await worker.request<CallOutcome>({ op: 'execute', key, label }),
        resume: await worker.request<CallOutcome>({ op: 'resume', descriptor }),
      };
    } finally {
      await options.outage.end();
    }
    const ranDuring = {
      approval: session.count('approval', label),
      idempotent: session.count('idempotent', label),
    };
    const after = {
      execute: await worker.request<CallOutcome>({ op: 'execute', key, label }),
      resume: await worker.request<CallOutcome>({ op: 'resume', descriptor }),
    };
    await worker.exit();
    const violations: string[] = [];
    if (during.execute.code !== 'IDEMPOTENCY_STORE_FAILED') {
      violations.push(`the call during the outage answered ${JSON.stringify(during.execute)}`);
    }
    if (during.resume.outcome === 'success' || during.resume.code !== 'APPROVAL_INVALID') {
      violations.push(`the resume during the outage answered ${JSON.stringify(during.resume)}`);
    }
    if (ranDuring.approval + ranDuring.idempotent !== 0) violations.push('the probe ran during the outage');
    if (after.execute.idempotency !== 'fresh')
      violations.push(`the call after the outage answered ${JSON.stringify(after.execute)}`);
    if (after.resume.outcome !== 'success')
      violations.push(`the resume after the outage answered ${JSON.stringify(after.resume)}`);
    for (const kind of ['approval', 'idempotent'] as const) {
      const ran = session.count(kind, label);
      if (ran !== 1) violations.push(`the ${kind} probe ran ${ran} times in all`);
    }
    return { during, after, violations };
  });
}
