import {
  APPROVAL_BINDING_VERSION,
  type ApprovalBinding,
  type ApprovalRequestView,
  parseApprovalBinding,
  signApprovalBinding,
} from '@armorer/approval';
import type { CompletedEntry, StartedEntry } from '@armorer/idempotency';

const SECRET = 'bench-store-secret-0123456789abcdef';

/**
 * `count` bindings issued under `view` at `now`, nonce `nonceOf(index)`, signed and parsed before any
 * timing starts (core's resume path parses a descriptor's binding once and hands it to the store).
 */
export function benchBindings(
  view: ApprovalRequestView,
  count: number,
  now: number,
  nonceOf: (index: number) => string,
): ApprovalBinding[] {
  return Array.from({ length: count }, (_, index) => {
    const nonce = nonceOf(index);
    const signed = signApprovalBinding(
      {
        ...view,
        version: APPROVAL_BINDING_VERSION,
        kind: 'approval',
        toolName: 'bench-tool',
        callId: `call-${nonce}`,
        argumentsDigest: '0'.repeat(64),
        issuedAt: now,
        expiresAt: now + 3_600_000,
        nonce,
        replayScope: 'tenant=bench-tenant',
      },
      SECRET,
    );
    return parseApprovalBinding(signed);
  });
}

/** The record a claim writes: a 30 s lease, a 10 min deadline. */
export function startedEntry(attemptId: string, now: number): StartedEntry {
  return {
    version: 1,
    state: 'started',
    attemptId,
    startedAt: now,
    leaseExpiresAt: now + 30_000,
    leaseDeadlineAt: now + 600_000,
  };
}

/** The record a completion writes: a small JSON result. */
export function completedEntry(attemptId: string, now: number): CompletedEntry {
  return {
    version: 1,
    state: 'completed',
    attemptId,
    completedAt: now,
    policyRevision: 'p1',
    value: { ok: true, n: 42 },
    streamed: false,
  };
}
