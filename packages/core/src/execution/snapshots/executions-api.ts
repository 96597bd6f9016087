import type { CallState } from '../call-state';
import type { ExecutionTracker } from '../lifetime/tracker';
import { privilegedSnapshotOf, snapshotOf } from './snapshot';
import type { ExecutionState, Executions } from './snapshot-types';

type Filter = { readonly ownerId?: string; readonly state?: ExecutionState } | undefined;

/** The snapshots of an owner's executions that match a filter, frozen. */
function list<T>(tracker: ExecutionTracker, filter: Filter, build: (state: CallState) => T): readonly T[] {
  const ownerId = filter?.ownerId;
  const phase = filter?.state;
  return Object.freeze(
    tracker
      .all()
      .filter(
        (state) =>
          (ownerId === undefined || state.ownerId === ownerId) &&
          (phase === undefined || state.phase === phase),
      )
      .map(build),
  );
}

/**
 * The observation API over an owner's executions. Snapshots are built on demand from the live records
 * and the retained history; nothing is built while nobody inspects or subscribes.
 */
export function createExecutions(tracker: ExecutionTracker): Executions {
  tracker.observing = true;
  return Object.freeze({
    inspect: (filter?: Filter) => list(tracker, filter, snapshotOf),
    subscribe: (listener) => tracker.subscribe(listener),
    inspectPrivileged: (filter?: Filter) => list(tracker, filter, privilegedSnapshotOf),
    locate: (executionId) => {
      const state = tracker.all().find((candidate) => candidate.executionId === executionId);
      return (
        state &&
        Object.freeze({
          executionId,
          snapshot: () => snapshotOf(state),
          privilegedSnapshot: () => privilegedSnapshotOf(state),
          abort: (reason?: string) => tracker.cancelExecution(state, reason),
        })
      );
    },
  } satisfies Executions);
}
