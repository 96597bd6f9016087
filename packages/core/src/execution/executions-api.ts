import type { CallState } from './call-state';
import { privilegedSnapshotOf, snapshotOf } from './snapshot';
import type { ExecutionHandle, ExecutionState, Executions } from './snapshot-types';
import type { ExecutionTracker } from './tracker';

function matches(
  state: CallState,
  filter: { readonly ownerId?: string; readonly state?: ExecutionState } | undefined,
) {
  if (filter === undefined) return true;
  if (filter.ownerId !== undefined && state.ownerId !== filter.ownerId) return false;
  if (filter.state !== undefined && state.phase !== filter.state) return false;
  return true;
}

/**
 * The observation API over an owner's executions. Snapshots are built on demand from the live records
 * and the retained history; nothing is built while nobody inspects or subscribes.
 */
export function createExecutions(tracker: ExecutionTracker): Executions {
  tracker.observing = true;
  const handleOf = (state: CallState): ExecutionHandle =>
    Object.freeze({
      executionId: state.executionId,
      snapshot: () => snapshotOf(state),
      privilegedSnapshot: () => privilegedSnapshotOf(state),
      abort: (reason?: string) => tracker.cancelExecution(state, reason),
    });
  return Object.freeze({
    inspect: (filter) =>
      Object.freeze(
        tracker
          .all()
          .filter((state) => matches(state, filter))
          .map(snapshotOf),
      ),
    subscribe: (listener) => tracker.subscribe(listener),
    inspectPrivileged: (filter) =>
      Object.freeze(
        tracker
          .all()
          .filter((state) => matches(state, filter))
          .map(privilegedSnapshotOf),
      ),
    locate: (executionId) => {
      const state = tracker.all().find((candidate) => candidate.executionId === executionId);
      return state === undefined ? undefined : handleOf(state);
    },
  } satisfies Executions);
}
