import {
  APPROVAL_BINDING_VERSION,
  type ApprovalBinding,
  type ApprovalRequestView,
  createNonce,
  GRANT_VERSION,
  type ReusableApprovalGrant,
  signApprovalBinding,
  signGrant,
} from '@armorer/approval';
import type { CompletedEntry, StartedEntry } from '@armorer/idempotency';

export const SECRET = 'store-sqlite-test-secret';

export const view: ApprovalRequestView = {
  principalId: 'u1',
  tenantId: 't1',
  ownerId: null,
  audience: null,
  agentId: null,
  runId: null,
  authorizationRevision: null,
  capabilities: null,
  toolboxRevision: null,
  toolDefinitionRevision: 'td1',
  policyRevision: null,
  approvalRevision: null,
};

/** A signed binding valid for `ttl` ms from `now`. */
export function binding(
  now: number,
  overrides: { nonce?: string; replayScope?: string; ttl?: number } = {},
): ApprovalBinding {
  const nonce = overrides.nonce ?? createNonce();
  return signApprovalBinding(
    {
      ...view,
      version: APPROVAL_BINDING_VERSION,
      kind: 'approval',
      toolName: 'tool',
      callId: `call-${createNonce()}`,
      argumentsDigest: '0'.repeat(64),
      issuedAt: now,
      expiresAt: now + (overrides.ttl ?? 60_000),
      nonce,
      replayScope: overrides.replayScope ?? 'scope',
    },
    SECRET,
  );
}

/** A signed grant expiring `ttl` ms from `now`. */
export function grant(now: number, overrides: Partial<ReusableApprovalGrant> & { ttl?: number } = {}) {
  const { ttl, ...rest } = overrides;
  const unsigned: ReusableApprovalGrant = {
    version: GRANT_VERSION,
    id: `grant:${createNonce()}`,
    principalId: 'u1',
    toolName: 'tool',
    scope: 'principal',
    issuedAt: now,
    expiresAt: now + (ttl ?? 60_000),
    maxUses: 3,
    usesRemaining: 3,
    policyRevision: 'p1',
    revoked: false,
    delegationBehavior: 'does-not-propagate',
    signature: '',
    ...rest,
  };
  return { ...unsigned, signature: signGrant(unsigned, SECRET) };
}

export function started(attemptId: string, now: number, leaseMs = 1_000): StartedEntry {
  return {
    version: 1,
    state: 'started',
    attemptId,
    startedAt: now,
    leaseExpiresAt: now + leaseMs,
    leaseDeadlineAt: now + leaseMs * 10,
  };
}

export function completed(attemptId: string, now: number, value: unknown): CompletedEntry {
  return {
    version: 1,
    state: 'completed',
    attemptId,
    completedAt: now,
    policyRevision: null,
    value,
    streamed: false,
  };
}
