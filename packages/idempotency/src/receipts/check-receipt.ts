import type { LegacyResolutionReceipt, ResolutionReceipt } from './types';

/** What a receipt must be bound to. */
export interface ReceiptBinding {
  readonly key: string;
  readonly tenantId: string;
  readonly toolRevision: string;
  readonly toolName: string;
}

/**
 * Why a receipt does not apply to this call, or undefined when its fields match. Checked before any
 * signature verification or state read.
 */
export function receiptMismatch(receipt: unknown, binding: ReceiptBinding): string | undefined {
  const common = commonMismatch(receipt, binding);
  if (common !== undefined) return common;
  const attemptId = (receipt as ResolutionReceipt).attemptId;
  return typeof attemptId === 'string' && attemptId.length > 0 ? undefined : 'it names no attempt';
}

/** The same check for a legacy receipt, which also binds the tool name and the marker's start time. */
export function legacyReceiptMismatch(receipt: unknown, binding: ReceiptBinding): string | undefined {
  const common = commonMismatch(receipt, binding);
  if (common !== undefined) return common;
  const legacy = receipt as LegacyResolutionReceipt;
  if (legacy.toolName !== binding.toolName) return 'it was issued for another tool';
  if (typeof legacy.legacyStartedAt !== 'number' || !Number.isFinite(legacy.legacyStartedAt)) {
    return 'it names no legacy start time';
  }
  return undefined;
}

function commonMismatch(receipt: unknown, binding: ReceiptBinding): string | undefined {
  if (typeof receipt !== 'object' || receipt === null) return 'it is not an object';
  const value = receipt as Partial<ResolutionReceipt>;
  if (value.version !== 1) return 'its version is not 1';
  if (value.decision !== 'retry') return 'its decision is not "retry"';
  if (value.tenantId !== binding.tenantId) return 'it was issued for another tenant';
  if (value.toolRevision !== binding.toolRevision) return 'it was issued for another tool revision';
  if (value.key !== binding.key) return 'it was issued for another key';
  return undefined;
}
