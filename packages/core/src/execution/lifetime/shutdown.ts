import type { CallState } from '../call-state';
import type { ExecutionSnapshot, ShutdownReport } from '../snapshots/snapshot-types';
import type { ExecutionTracker } from './tracker';

/**
 * The waiting half of `shutdown()` (admission is already closed): waits for the live executions, up to
 * `timeoutMs`, marks the ones still running as unknown-effect, and reports on every execution that was
 * live when the shutdown began. A chunk of its own: only owners that shut down load it. The tracker hands
 * it `snapshotOf`, so the chunk imports nothing the initial load needs (bundlers would split that off).
 */
export async function drain(
  tracker: ExecutionTracker,
  policy: 'drain' | 'abort',
  timeoutMs: number | undefined,
  tracked: readonly CallState[],
  snapshotOf: (state: CallState) => ExecutionSnapshot,
): Promise<ShutdownReport> {
  if (timeoutMs === undefined) await tracker.whenIdle();
  else await waitAtMost(tracker.whenIdle(), timeoutMs);
  for (const state of tracker.live()) markUnknownEffect(state);
  const snapshots = tracked.map(snapshotOf);
  return Object.freeze({
    policy,
    terminal: Object.freeze(snapshots.filter((snapshot) => snapshot.state === 'terminal')),
    unknownEffects: Object.freeze(snapshots.filter((snapshot) => snapshot.state === 'unknown-effect')),
    cleanupFailures: Object.freeze(snapshots.filter((snapshot) => snapshot.cleanup.status === 'failed')),
  });
}

/** Rejects `shutdown()` options that cannot work: a policy other than drain/abort, or a negative timeout. */
export function refuseOptions(policy: unknown): never {
  if (policy !== 'drain' && policy !== 'abort') {
    throw new RangeError(`shutdown() policy must be 'drain' or 'abort', got ${JSON.stringify(policy)}.`);
  }
  throw new RangeError('shutdown() timeoutMs must be >= 0.');
}

/** Shutdown gave up waiting: the effect of this execution cannot be confirmed. */
function markUnknownEffect(state: CallState): void {
  if (state.phase === 'terminal' || state.phase === 'unknown-effect') return;
  if (state.ext.cleanup === 'pending' || state.ext.cleanup === 'not-needed') state.ext.cleanup = 'unresolved';
  state.done = true;
  state.unwire();
  state.setPhase('unknown-effect');
  state.tracker.retire(state);
}

function waitAtMost(promise: Promise<void>, ms: number): Promise<void> {
  return new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    promise.then(() => {
      clearTimeout(timer);
      resolve();
    });
  });
}
