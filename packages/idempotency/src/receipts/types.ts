/**
 * An operator's decision that a fenced attempt whose outcome is unknown did not perform its side effect,
 * so the call may run again. The host signs it; `verifyResolutionReceipt` checks the signature.
 */
export interface ResolutionReceipt {
  readonly version: 1;
  /** `result.idempotency.key` of the unknown outcome. */
  readonly key: string;
  /** `result.idempotency.attemptId` of the unknown outcome. */
  readonly attemptId: string;
  readonly tenantId: string;
  /** The full tool revision (`result.idempotency.toolRevision`, or `getToolRevision(tool)`). */
  readonly toolRevision: string;
  readonly decision: 'retry';
  /** What the operator checked, for the audit trail. */
  readonly evidence?: string;
  /** Epoch milliseconds. */
  readonly authorizedAt: number;
  readonly authorizedBy: string;
  readonly nonce: string;
  /** The host's signature over the other fields, in whatever form its verifier reads. */
  readonly signature?: string;
}

/**
 * The same decision for a legacy started marker (written before attempt fencing): bound to the tool name
 * and the marker's `startedAt` instead of an attempt id.
 */
export interface LegacyResolutionReceipt {
  readonly version: 1;
  readonly key: string;
  readonly tenantId: string;
  readonly toolRevision: string;
  readonly toolName: string;
  /** `result.idempotency.legacyStartedAt` of the unknown outcome. */
  readonly legacyStartedAt: number;
  readonly decision: 'retry';
  readonly evidence?: string;
  readonly authorizedAt: number;
  readonly authorizedBy: string;
  readonly nonce: string;
  readonly signature?: string;
}

/** The host's check of a receipt's signature and authority; a throw counts as a refusal. */
export type ReceiptVerifier<TReceipt> = (receipt: TReceipt) => boolean | Promise<boolean>;
