import { ApprovalError, approvalError } from '../errors/errors';
import { type ApprovalSecret, isApprovalSecret, keyFor, type SigningKey } from '../signing/signing-key';
import { parseApprovalBinding } from './parse-binding';
import { approvalPayloadText, decodeApprovalPayload } from './payload';
import {
  APPROVAL_BINDING_V1,
  APPROVAL_BINDING_V2,
  type ApprovalBinding,
  type ApprovalBindingEnvelope,
  type ApprovalBindingV1,
  type UnsignedApprovalBinding,
  type UnsignedApprovalPayload,
} from './types';

const DOMAIN = 'armorer.approval-binding.v1';
/** Version 2 signs under its own domain: a signature of one version never verifies as the other's. */
const DOMAIN_V2 = 'armorer.approval-binding.v2';

/**
 * The exact text a version 1 binding's signature covers: every field but the signature, in a fixed order, as one
 * JSON array (compact, and unambiguous since every value is JSON-encoded).
 *
 * @example
 * ```ts
 * const text = bindingSigningText(unsigned);
 * ```
 */
export function bindingSigningText(binding: UnsignedApprovalBinding): string {
  return JSON.stringify([
    binding.version,
    binding.kind,
    binding.principalId,
    binding.tenantId,
    binding.ownerId,
    binding.audience,
    binding.agentId,
    binding.runId,
    binding.authorizationRevision,
    // A copy: JSON.stringify takes a much slower path over frozen arrays in JavaScriptCore (Bun).
    binding.capabilities === null ? null : binding.capabilities.slice(),
    binding.toolboxRevision,
    binding.toolDefinitionRevision,
    binding.policyRevision,
    binding.approvalRevision,
    binding.toolName,
    binding.callId,
    binding.argumentsDigest,
    binding.issuedAt,
    binding.expiresAt,
    binding.nonce,
    binding.replayScope,
  ]);
}

function signingKey(secret: ApprovalSecret | SigningKey): SigningKey {
  if (typeof secret === 'object' && !(secret instanceof Uint8Array)) return keyFor(secret);
  if (!isApprovalSecret(secret)) {
    throw approvalError(
      'missing-secret',
      'An approval secret (a non-empty string or Uint8Array) is required.',
    );
  }
  return keyFor(secret);
}

/**
 * The HMAC-SHA256 signature of a version 1 binding (hex). Grants use the same primitive under
 * another domain, so a grant signature never verifies as a binding signature.
 *
 * @example
 * ```ts
 * const signature = signPendingApproval(unsigned, process.env.ARMORER_APPROVAL_SECRET!);
 * const binding = { ...unsigned, signature };
 * ```
 */
export function signPendingApproval(
  binding: UnsignedApprovalBinding,
  secret: ApprovalSecret | SigningKey,
): string {
  return signingKey(secret).sign(DOMAIN, bindingSigningText(binding));
}

/**
 * Signs an unsigned version 1 binding and returns the signed copy. New bindings should be version 2
 * ({@link signApprovalPayload}); version 1 stays supported for bindings already issued.
 *
 * @example
 * ```ts
 * const binding = signApprovalBinding(unsigned, secret);
 * verifyApprovalBinding(binding, secret); // passes
 * ```
 */
export function signApprovalBinding(
  binding: UnsignedApprovalBinding,
  secret: ApprovalSecret | SigningKey,
): ApprovalBindingV1 {
  const { signature: _ignored, ...unsigned } = binding as UnsignedApprovalBinding & { signature?: unknown };
  return { ...unsigned, signature: signPendingApproval(unsigned, secret) };
}

/**
 * Signs the content of a version 2 binding: returns the envelope a descriptor carries, whose signature
 * covers the payload text exactly (see {@link approvalPayloadText}). Throws a TypeError when the
 * arguments are not JSON data, and an {@link ApprovalError} (`missing-secret`) without a secret.
 *
 * @example
 * ```ts
 * const envelope = signApprovalPayload({ ...fields, version: 2, arguments: { to: 'bob' } }, secret);
 * const binding = openApprovalBinding(JSON.parse(JSON.stringify(envelope)), secret);
 * ```
 */
export function signApprovalPayload(
  unsigned: UnsignedApprovalPayload,
  secret: ApprovalSecret | SigningKey,
): ApprovalBindingEnvelope {
  const key = signingKey(secret);
  const payload = approvalPayloadText(unsigned);
  return { version: APPROVAL_BINDING_V2, payload, signature: key.sign(DOMAIN_V2, payload) };
}

function invalidSignature(): ApprovalError {
  return new ApprovalError({
    code: 'invalid-signature',
    message: 'The approval binding signature does not verify: it was altered or signed under another secret.',
  });
}

/**
 * Verifies an untrusted binding of either version and returns it checked and frozen: the one call a
 * resume needs. A version 2 envelope's signature is checked over the received payload before the payload
 * is parsed, and the binding returned is decoded from that verified payload (a fresh one each time, also
 * for a binding `parseApprovalBinding` returned); a version 1 binding is parsed, then its signing text is
 * rebuilt and checked. Throws an
 * {@link ApprovalError} (`invalid-binding`, `invalid-signature` or `missing-secret`).
 *
 * @example
 * ```ts
 * const binding = openApprovalBinding(descriptor.binding, secret);
 * binding.tenantId; // signed
 * ```
 */
export function openApprovalBinding(value: unknown, secret: ApprovalSecret | SigningKey): ApprovalBinding {
  const key = signingKey(secret);
  if ((value as { version?: unknown } | null)?.version === APPROVAL_BINDING_V2)
    return openV2(value as object, key);
  const binding = parseApprovalBinding(value);
  verifyApprovalBinding(binding, key);
  return binding;
}

function openV2(value: object, key: SigningKey): ApprovalBinding {
  const record = value as Record<string, unknown>;
  // Read once: every later step uses these locals, never the (untrusted) object again.
  const payload = record.payload;
  const signature = record.signature;
  if (typeof payload !== 'string' || typeof signature !== 'string') {
    throw approvalError('invalid-binding', 'The approval binding is malformed: no payload or signature.');
  }
  // `verify` refuses anything but 64 characters, and no other text equals the computed lowercase hex.
  if (!key.verify(DOMAIN_V2, payload, signature)) throw invalidSignature();
  // Always decoded from the verified text itself, even for a binding the parser already produced: its
  // fields are frozen, but its `arguments` object is not, and a change made to it in place would
  // otherwise pass for the signed arguments.
  return decodeApprovalPayload(payload, signature);
}

/**
 * Verifies a binding's version and signature in constant time. Throws an {@link ApprovalError}
 * (`invalid-binding`, `invalid-signature` or `missing-secret`) when it does not verify. For version 2
 * only the envelope's `payload` and `signature` count: use the returned binding (decoded from the
 * verified payload), not other properties of the value passed in.
 *
 * @example
 * ```ts
 * const binding = verifyApprovalBinding(descriptor.binding, secret);
 * ```
 */
export function verifyApprovalBinding(
  binding: ApprovalBinding | ApprovalBindingEnvelope,
  secret: ApprovalSecret | SigningKey,
): ApprovalBinding {
  const key = signingKey(secret);
  if (binding?.version === APPROVAL_BINDING_V2) return openV2(binding, key);
  if (binding?.version !== APPROVAL_BINDING_V1) {
    throw approvalError('invalid-binding', 'The approval binding has an unknown version.');
  }
  if (!key.verify(DOMAIN, bindingSigningText(binding), binding.signature)) throw invalidSignature();
  return binding as ApprovalBindingV1;
}
