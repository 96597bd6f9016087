/**
 * The store-server bench cases: each store operation next to the raw client doing one equivalent round
 * trip (an EVALSHA of a one-key script on Redis, one single-row statement on PostgreSQL).
 */
import {
  APPROVAL_BINDING_VERSION,
  type ApprovalBinding,
  type ApprovalRequestView,
  parseApprovalBinding,
  signApprovalBinding,
} from '@armorer/approval';
import type { StartedEntry, ToolResultCache } from '@armorer/idempotency';

export const view: ApprovalRequestView = {
  principalId: 'principal-1',
  tenantId: 'tenant-1',
  ownerId: 'owner-1',
  audience: 'tenant',
  agentId: 'agent-1',
  runId: 'run-1',
  authorizationRevision: 7,
  capabilities: ['files:read'],
  toolboxRevision: 'toolbox-1',
  toolDefinitionRevision: 'tooldef-1',
  policyRevision: 'policy-1',
  approvalRevision: 'approval-1',
};

/**
 * `count` signed bindings with fresh nonces, signed and parsed before timing starts (core's resume path
 * parses a descriptor's binding once and hands the parsed binding to the store).
 */
export function bindings(count: number, label: string): ApprovalBinding[] {
  const now = Date.now();
  return Array.from({ length: count }, (_, index) =>
    parseApprovalBinding(
      signApprovalBinding(
        {
          ...view,
          version: APPROVAL_BINDING_VERSION,
          kind: 'approval',
          toolName: 'send-email',
          callId: `call-${index}`,
          argumentsDigest: '0'.repeat(64),
          issuedAt: now,
          expiresAt: now + 60 * 60 * 1000,
          nonce: `${label}-${index}`,
          replayScope: 'tenant=tenant-1;principal=principal-1',
        },
        'bench-secret-0123456789abcdef',
      ),
    ),
  );
}

export function started(attemptId: string): StartedEntry {
  const now = Date.now();
  return {
    version: 1,
    state: 'started',
    attemptId,
    startedAt: now,
    leaseExpiresAt: now + 30_000,
    leaseDeadlineAt: now + 120_000,
  };
}

/** One phase of the bench: the store's operation and the raw round trip, each over item i. */
export interface Phase {
  readonly name: string;
  store(i: number): Promise<unknown>;
  raw(i: number): Promise<unknown>;
}

/** The five phases over a store set and a raw round trip per phase. */
export function phases(
  stores: {
    readonly approvals: {
      issue(b: ApprovalBinding): unknown;
      reserve(b: ApprovalBinding, v: ApprovalRequestView, now: number): unknown;
      commit(b: ApprovalBinding): unknown;
    };
    readonly cache: ToolResultCache;
  },
  raw: (phase: string, i: number) => Promise<unknown>,
  items: { readonly bindings: ApprovalBinding[]; readonly keys: string[] },
): Phase[] {
  const b = (i: number) => items.bindings[i] as ApprovalBinding;
  const k = (i: number) => items.keys[i] as string;
  const completed = (i: number) => ({
    version: 1 as const,
    state: 'completed' as const,
    attemptId: `a${i}`,
    completedAt: Date.now(),
    policyRevision: null,
    value: { ok: i },
    streamed: false,
  });
  return [
    { name: 'issue', store: async (i) => stores.approvals.issue(b(i)), raw: (i) => raw('issue', i) },
    {
      name: 'reserve',
      store: async (i) => stores.approvals.reserve(b(i), view, Date.now()),
      raw: (i) => raw('reserve', i),
    },
    { name: 'commit', store: async (i) => stores.approvals.commit(b(i)), raw: (i) => raw('commit', i) },
    {
      name: 'claim',
      store: async (i) => stores.cache.claimStarted(k(i), started(`a${i}`)),
      raw: (i) => raw('claim', i),
    },
    {
      name: 'complete',
      store: async (i) => stores.cache.completeStarted(k(i), `a${i}`, completed(i)),
      raw: (i) => raw('complete', i),
    },
  ];
}
