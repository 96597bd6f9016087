import type { CallOutcome, StateAnswer, WorkerSpawnOptions } from './protocol';
import { withSession } from './session';

/** What {@link runDurableClaimCrash} saw. */
export interface ClaimCrashReport {
  /** The retries after the kill (each should be `unknown-outcome`). */
  readonly retries: readonly CallOutcome[];
  /**
   * With `idempotencyLeaseMs` set: one more retry once the killed attempt's lease ran out (it should still
   * be `unknown-outcome`: an expired lease never makes the call run again).
   */
  readonly afterLease?: CallOutcome;
  /** Real executions of the probe for that key (1: the killed worker's). */
  readonly executions: number;
  readonly violations: readonly string[];
}

/**
 * Crash between claim and completion: worker A claims a key and runs the probe, which hangs after its side
 * effect; A is SIGKILLed; worker B (another process) retries the same key `retries` times (default 3).
 * Every retry must answer `unknown-outcome` and the probe must have run once. With `idempotencyLeaseMs`,
 * B retries once more after the dead attempt's lease ran out, which must still answer `unknown-outcome`.
 *
 * @example
 * ```ts
 * const report = await runDurableClaimCrash({ workerModule, storeOptions: { path } });
 * expect(report.violations).toEqual([]);
 * ```
 */
export async function runDurableClaimCrash(
  options: WorkerSpawnOptions & { readonly retries?: number },
): Promise<ClaimCrashReport> {
  return withSession(options, async (session) => {
    const [victim, survivor] = await session.start(2);
    if (victim === undefined || survivor === undefined) throw new Error('workers did not start');
    const label = `${session.runId}-claim-crash`;
    const key = `key-${label}`;
    const entered = victim.entered();
    victim.request({ op: 'execute', key, label, hang: true }).catch(() => undefined);
    await entered;
    await victim.kill();
    const retries: CallOutcome[] = [];
    for (let attempt = 0; attempt < (options.retries ?? 3); attempt++) {
      retries.push(await survivor.request<CallOutcome>({ op: 'execute', key, label }));
    }
    let afterLease: CallOutcome | undefined;
    if (options.idempotencyLeaseMs !== undefined) {
      await new Promise((resolve) => setTimeout(resolve, (options.idempotencyLeaseMs ?? 0) + 100));
      afterLease = await survivor.request<CallOutcome>({ op: 'execute', key, label });
    }
    const executions = session.count('idempotent', label);
    const violations: string[] = [];
    if (executions !== 1)
      violations.push(`the probe ran ${executions} times (expected only the killed attempt)`);
    const named: [string, CallOutcome][] = retries.map((retry, index) => [`retry ${index}`, retry]);
    if (afterLease !== undefined) named.push(['the retry after the lease', afterLease]);
    for (const [name, retry] of named) {
      if (retry.idempotency !== 'unknown-outcome' || retry.code !== 'IDEMPOTENCY_UNKNOWN_OUTCOME') {
        violations.push(`${name} answered ${JSON.stringify(retry)}, not unknown-outcome`);
      }
    }
    await survivor.exit();
    return { retries, ...(afterLease === undefined ? {} : { afterLease }), executions, violations };
  });
}

/** What {@link runDurableReserveCrash} saw. */
export interface ReserveCrashReport {
  /**
   * `resumed`: after the crash the binding became resumable (a lease or a release) and ran once;
   * `refused`: it was clearly refused (`revoked`, `expired`, ...; see `reason`) and never ran;
   * `still-reserved`: it stayed reserved for the whole `settleMs` (never ran; nothing can resume it).
   */
  readonly result: 'resumed' | 'refused' | 'still-reserved';
  readonly reason?: string;
  /** The approval store's state of the binding right after the kill, asked by the surviving process. */
  readonly stateAfterKill: StateAnswer;
  /** The surviving process's first resume after the kill (`already-reserved` while the lease runs). */
  readonly first: CallOutcome;
  /** The resume tried once more at the end (never a success: `already-consumed` after a resume). */
  readonly again: CallOutcome;
  /** The approval store's state of the binding at the end (`consumed` after a resume). */
  readonly stateAtEnd: StateAnswer;
  /** How long after the kill the resume succeeded or was refused for good. */
  readonly waitedMs: number;
  /** Real executions of the probe for that approval (0 or 1). */
  readonly executions: number;
  readonly violations: readonly string[];
}

/**
 * Crash between reserve and commit: worker A resumes an approval and is parked by policy after the store
 * reserved the binding and before it committed it; A is SIGKILLed; worker B then resumes the same
 * approval every `pollMs` (default 50) for up to `settleMs` (default 10 000). The binding must end
 * resumable and run once, or be clearly refused; it must never run twice (B tries once more after).
 *
 * @example
 * ```ts
 * const report = await runDurableReserveCrash({ workerModule, storeOptions: { path, reservationLeaseMs: 300 } });
 * expect(report.result).toBe('resumed');
 * ```
 */
export async function runDurableReserveCrash(
  options: WorkerSpawnOptions & { readonly settleMs?: number; readonly pollMs?: number },
): Promise<ReserveCrashReport> {
  return withSession(options, async (session) => {
    const [victim, survivor] = await session.start(2);
    if (victim === undefined || survivor === undefined) throw new Error('workers did not start');
    const label = `${session.runId}-reserve-crash`;
    const descriptor = await victim.request({ op: 'issue', label });
    const entered = victim.entered();
    victim.request({ op: 'resume', descriptor, hang: true }).catch(() => undefined);
    await entered;
    await victim.kill();
    const killedAt = performance.now();
    const settle = options.settleMs ?? 10_000;
    const stateAfterKill = await survivor.request<StateAnswer>({ op: 'state', descriptor });
    const first = await survivor.request<CallOutcome>({ op: 'resume', descriptor });
    let last: CallOutcome = first;
    while (
      last.outcome !== 'success' &&
      last.reason === 'already-reserved' &&
      performance.now() - killedAt < settle
    ) {
      await new Promise((resolve) => setTimeout(resolve, options.pollMs ?? 50));
      last = await survivor.request<CallOutcome>({ op: 'resume', descriptor });
    }
    const waitedMs = performance.now() - killedAt;
    const again = await survivor.request<CallOutcome>({ op: 'resume', descriptor });
    const stateAtEnd = await survivor.request<StateAnswer>({ op: 'state', descriptor });
    const executions = session.count('approval', label);
    const violations: string[] = [];
    const result =
      last.outcome === 'success'
        ? 'resumed'
        : last.reason === 'already-reserved'
          ? 'still-reserved'
          : 'refused';
    if (executions !== (result === 'resumed' ? 1 : 0))
      violations.push(`the probe ran ${executions} times (${result})`);
    if (again.outcome === 'success') violations.push('a second resume after the crash succeeded');
    await survivor.exit();
    return {
      result,
      ...(result === 'refused' && last.reason !== undefined ? { reason: last.reason } : {}),
      stateAfterKill,
      first,
      again,
      stateAtEnd,
      waitedMs,
      executions,
      violations,
    };
  });
}
