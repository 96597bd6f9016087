import type { ApprovalBinding, ApprovalRequestView, ApprovalStateStore } from '@armorer/approval';
import type { CompletedEntry, StartedEntry, ToolResultCache } from '@armorer/idempotency';

/**
 * One raw round trip per operation, written directly against the store's own client (a SQLite
 * statement in a transaction, a Redis command or script, a SQL statement): what the store's operation
 * is measured against. Each gets a key never used before.
 */
export interface RawOperations {
  issue(key: string, binding: ApprovalBinding): unknown;
  reserve(key: string, binding: ApprovalBinding): unknown;
  commit(key: string, binding: ApprovalBinding): unknown;
  claim(key: string, entry: StartedEntry): unknown;
  complete(key: string, entry: CompletedEntry): unknown;
}

/** An opened store under benchmark: the armorer stores and the raw client on the same backend. */
export interface StoreBenchSubject {
  readonly approvals: ApprovalStateStore;
  readonly results: ToolResultCache;
  readonly raw: RawOperations;
  /**
   * Runs between two timed blocks, outside the timing: backend housekeeping that would otherwise land on
   * whichever side happened to cross its threshold (SQLite's WAL checkpoint and its fsync).
   */
  settle?(): void;
  close(): Promise<void> | void;
}

/**
 * A backend of `bun run bench:stores`. To add one (Redis, PostgreSQL), write `<name>.ts` exporting a
 * target and append it to `TARGETS` in `targets.ts`. `open` answers a string instead of a subject when
 * the backend is not reachable (the reason is printed and the target skipped).
 */
export interface StoreBenchTarget {
  readonly name: string;
  open(): Promise<StoreBenchSubject | string>;
}

/** The request view every benchmark binding is issued under. */
export const BENCH_VIEW: ApprovalRequestView = {
  principalId: 'bench-user',
  tenantId: 'bench-tenant',
  ownerId: null,
  audience: null,
  agentId: null,
  runId: null,
  authorizationRevision: null,
  capabilities: null,
  toolboxRevision: null,
  toolDefinitionRevision: 'bench-tooldef',
  policyRevision: null,
  approvalRevision: null,
};
