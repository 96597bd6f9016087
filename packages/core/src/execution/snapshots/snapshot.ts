import type { CallState } from '../call-state';
import { definitionRevision } from '../definition-revision';
import type { ExecutionSnapshot, PrivilegedExecutionSnapshot } from './snapshot-types';

/** The version of the rules `projectExecutionSnapshot` applies. */
export const REDACTION_REVISION = 'armorer.redaction.v1';

/** Builds the immutable, tenant-neutral snapshot of an execution (no payloads, no authority). */
export function snapshotOf(state: CallState): ExecutionSnapshot {
  const gate = state.reg.gate;
  const outcome = state.outcome;
  const failure = state.failure;
  return Object.freeze({
    version: 1,
    revision: state.x?.revision ?? 0,
    executionId: state.executionId,
    callId: state.callId,
    toolName: state.reg.config.name,
    ownerId: state.ownerId,
    state: state.phase,
    queue:
      state.phase === 'queued' && gate !== undefined && state.ext.queuedAt !== undefined
        ? Object.freeze({ position: gate.positionOf(state), queuedAt: state.ext.queuedAt })
        : undefined,
    capacity:
      state.reg.concurrency === undefined
        ? undefined
        : Object.freeze({
            limit: state.reg.concurrency,
            inUse: gate?.inUse ?? 0,
            queued: gate?.queued ?? 0,
          }),
    deadline: state.ext.deadline,
    activity: Object.freeze({
      admittedAt: state.ext.admittedAt,
      startedAt: state.ext.startedAt,
      lastActivityAt: state.ext.lastActivityAt,
      settledAt: state.ext.settledAt,
      progress:
        state.ext.progressSeen === undefined ? undefined : Object.freeze({ ...state.ext.progressSeen }),
      chunks: state.ext.chunks,
    }),
    result:
      outcome === undefined
        ? undefined
        : Object.freeze({
            outcome,
            errorCode: failure?.code,
            errorCategory: failure?.category,
          }),
    cleanup: Object.freeze({ status: state.ext.cleanup, error: state.ext.cleanupError }),
  });
}

/** The snapshot for trusted host code: adds the effective request context and the revisions. */
export function privilegedSnapshotOf(state: CallState): PrivilegedExecutionSnapshot {
  const owner = state.reg.owner;
  return Object.freeze({
    ...snapshotOf(state),
    privileged: true as const,
    requestContext: state.requestContext,
    revisions: Object.freeze({
      catalogRevision: owner.catalogRevision(),
      toolboxRevision: owner.revisions.toolboxRevision,
      toolDefinitionRevision: definitionRevision(state.reg.config),
      policyRevision: owner.revisions.policyRevision,
      approvalRevision: owner.revisions.approvalRevision,
      redactionRevision: REDACTION_REVISION,
    }),
  });
}
