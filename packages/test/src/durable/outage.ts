import type { CallOutcome, StateAnswer, WorkerSpawnOptions } from './protocol';
import { withSession } from './session';

/** How the test takes the backend away and brings it back (stop and start a server, hold a lock). */
export interface Outage {
  begin(): unknown;
  end(): unknown;
}

/** What {@link runDurableOutage} saw. */
export interface OutageReport {
  /**
   * The idempotent call and the resume while the backend was away (each should fail, typed, not run), and
   * what the approval store answered when asked directly (`thrown` for a store that cannot read either).
   */
  readonly during: {
    readonly execute: CallOutcome;
    readonly resume: CallOutcome;
    readonly state: StateAnswer;
  };
  /**
   * The same calls in the same worker once it was back (each should run, once), then the idempotent call
   * repeated (`replay`, which should be deduplicated).
   */
  readonly after: {
    readonly resume: CallOutcome;
    readonly execute: CallOutcome;
    readonly replay: CallOutcome;
  };
  readonly violations: readonly string[];
}

/**
 * A backend fault: one worker pauses a call for approval; the backend goes away (`outage.begin()`); the
 * worker's idempotent call must end `IDEMPOTENCY_STORE_FAILED` and its resume be refused with the store's
 * error code as the reason, neither running the probe; the backend comes back (`outage.end()`) and the
 * same worker, without a restart, must run both once, and a repeat of the idempotent call must be
 * deduplicated. A client that reconnects in the background may still refuse the first resume after
 * `outage.end()` with the outage's reason: `recoverMs` (default 0) is how long that resume is retried.
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
  options: WorkerSpawnOptions & { readonly outage: Outage; readonly recoverMs?: number },
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
        state: await worker.request<StateAnswer>({ op: 'state', descriptor }),
      };
    } finally {
      await options.outage.end();
    }
    const ranDuring = {
      approval: session.count('approval', label),
      idempotent: session.count('idempotent', label),
    };
    const recoverBy = performance.now() + (options.recoverMs ?? 0);
    let resumed = await worker.request<CallOutcome>({ op: 'resume', descriptor });
    while (
      resumed.reason !== undefined &&
      resumed.reason === during.resume.reason &&
      performance.now() < recoverBy
    ) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      resumed = await worker.request<CallOutcome>({ op: 'resume', descriptor });
    }
    const after = {
      resume: resumed,
      execute: await worker.request<CallOutcome>({ op: 'execute', key, label }),
      replay: await worker.request<CallOutcome>({ op: 'execute', key, label }),
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
    if (after.replay.idempotency !== 'deduped')
      violations.push(`the repeated call after the outage answered ${JSON.stringify(after.replay)}`);
    for (const kind of ['approval', 'idempotent'] as const) {
      const ran = session.count(kind, label);
      if (ran !== 1) violations.push(`the ${kind} probe ran ${ran} times in all`);
    }
    return { during, after, violations };
  });
}
