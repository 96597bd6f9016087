import { CheckedBinding } from './checked-binding';
import { authorizationRevision, capabilities, fail, isHex64, nullableText, text, time } from './fields';
import { decodeApprovalPayload } from './payload';
import {
  APPROVAL_BINDING_V1,
  APPROVAL_BINDING_V2,
  APPROVAL_BINDING_V3,
  type ApprovalBinding,
  type ApprovalBindingV1,
} from './types';

export { approvalBindingKey } from './checked-binding';

/**
 * Checks that an untrusted value (for example a descriptor read back from JSON) is a binding of a known
 * version, and returns a frozen, checked binding: for version 1 a copy holding only the binding's
 * fields; for versions 2 and 3 the fields decoded from the envelope's `payload` (any other property of the
 * value is ignored). Throws an `ApprovalError` with code `invalid-binding` otherwise. It does not check
 * the signature: use `verifyApprovalBinding` (or `openApprovalBinding`) for that.
 *
 * @example
 * ```ts
 * const binding = parseApprovalBinding(JSON.parse(stored).binding);
 * binding.expiresAt; // either version
 * ```
 */
export function parseApprovalBinding(value: unknown): ApprovalBinding {
  // A binding this function produced is frozen and already checked: the resume path parses once.
  if (typeof value === 'object' && value !== null && CheckedBinding.has(value))
    return value as ApprovalBinding;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) fail('binding');
  const record = value as Record<string, unknown>;
  const version = record.version;
  if (version === APPROVAL_BINDING_V3 || version === APPROVAL_BINDING_V2) {
    const payload = record.payload;
    const signature = record.signature;
    if (typeof payload !== 'string') fail('payload');
    if (!isHex64(signature)) fail('signature');
    return decodeApprovalPayload(payload, signature, version);
  }
  if (version !== APPROVAL_BINDING_V1) fail('version');
  return parseV1(record);
}

function parseV1(record: Record<string, unknown>): ApprovalBindingV1 {
  const kind = record.kind;
  if (kind !== 'approval' && kind !== 'input') fail('kind');
  const revision = authorizationRevision(record.authorizationRevision);
  const signature = record.signature;
  if (!isHex64(signature)) fail('signature');
  const digest = record.argumentsDigest;
  if (!isHex64(digest)) fail('argumentsDigest');
  const binding: ApprovalBindingV1 = {
    version: APPROVAL_BINDING_V1,
    kind,
    principalId: nullableText(record.principalId, 'principalId'),
    tenantId: nullableText(record.tenantId, 'tenantId'),
    ownerId: nullableText(record.ownerId, 'ownerId'),
    audience: nullableText(record.audience, 'audience'),
    agentId: nullableText(record.agentId, 'agentId'),
    runId: nullableText(record.runId, 'runId'),
    authorizationRevision: revision,
    capabilities: capabilities(record.capabilities),
    toolboxRevision: nullableText(record.toolboxRevision, 'toolboxRevision'),
    toolDefinitionRevision: text(record.toolDefinitionRevision, 'toolDefinitionRevision'),
    policyRevision: nullableText(record.policyRevision, 'policyRevision'),
    approvalRevision: nullableText(record.approvalRevision, 'approvalRevision'),
    toolName: text(record.toolName, 'toolName'),
    callId: text(record.callId, 'callId'),
    argumentsDigest: digest,
    issuedAt: time(record.issuedAt, 'issuedAt'),
    expiresAt: time(record.expiresAt, 'expiresAt'),
    nonce: text(record.nonce, 'nonce'),
    replayScope: text(record.replayScope, 'replayScope'),
    signature,
  };
  if (binding.expiresAt <= binding.issuedAt) fail('expiresAt');
  return CheckedBinding.seal(binding);
}

/**
 * The approval state store's epoch a binding was issued under (version 3), or `null` (none recorded, or
 * a version 1 or 2 binding): what a store compares with its own before it restores a binding.
 *
 * @example
 * ```ts
 * if (approvalBindingStoreEpoch(binding) !== myEpoch) throw approvalRefusal('not-restorable');
 * ```
 */
export function approvalBindingStoreEpoch(binding: ApprovalBinding): string | null {
  return binding.version === APPROVAL_BINDING_V3 ? binding.storeEpoch : null;
}
