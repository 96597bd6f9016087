/** The binding format version. A binding of another version never verifies. */
export const APPROVAL_BINDING_VERSION = 1 as const;

/** What a paused call waits for: a person's approval, or a person's input. */
export type ApprovalKind = 'approval' | 'input';

/**
 * Who asks, and against which catalog and policy: the request facts and revisions a binding is signed
 * over and a resume is checked against. `null` stands for "not set" (JSON keeps it, unlike `undefined`).
 */
export interface ApprovalRequestView {
  readonly principalId: string | null;
  readonly tenantId: string | null;
  readonly ownerId: string | null;
  readonly audience: string | null;
  readonly agentId: string | null;
  readonly runId: string | null;
  readonly authorizationRevision: string | number | null;
  /** Sorted, without duplicates; `null` when the host granted no capability list. */
  readonly capabilities: readonly string[] | null;
  readonly toolboxRevision: string | null;
  readonly toolDefinitionRevision: string;
  readonly policyRevision: string | null;
  readonly approvalRevision: string | null;
}

/**
 * The signed, versioned part of a pending approval: it ties one proposed call to the request that made
 * it. A valid signature proves integrity, not authority: a resume must also present a request context
 * that matches, and the approval state store lets it be used once.
 */
export interface ApprovalBinding extends ApprovalRequestView {
  readonly version: typeof APPROVAL_BINDING_VERSION;
  readonly kind: ApprovalKind;
  readonly toolName: string;
  readonly callId: string;
  /** SHA-256 (hex) of the canonical JSON of the proposed arguments. */
  readonly argumentsDigest: string;
  /** Epoch milliseconds. */
  readonly issuedAt: number;
  /** Epoch milliseconds; the binding is refused from this instant on. */
  readonly expiresAt: number;
  /** Unique within `replayScope`; the store keys a binding by both. */
  readonly nonce: string;
  readonly replayScope: string;
  /** Hex HMAC-SHA256 over every other field. */
  readonly signature: string;
}

/** A binding before it is signed. */
export type UnsignedApprovalBinding = Omit<ApprovalBinding, 'signature'>;

/** Where a binding stands in its store. `reserved` is the in-flight state of a resume. */
export type ApprovalBindingState = 'issued' | 'reserved' | 'consumed' | 'revoked';
