import { ApprovalError, approvalError } from '../errors/errors';
import { isApprovalKeyId } from '../signing/key-problems';
import { ApprovalKeyring } from '../signing/keyring';
import { type ApprovalSecret, isApprovalSecret, keyFor, SigningKey } from '../signing/signing-key';
import { parseApprovalBinding } from './parse-binding';
import {
  type ApprovalPayloadOptions,
  approvalPayloadText,
  argumentsLimit,
  decodeApprovalPayload,
  PAYLOAD_HEADER_ALLOWANCE,
} from './payload';
import {
  APPROVAL_BINDING_V1,
  APPROVAL_BINDING_V2,
  APPROVAL_BINDING_V3,
  type ApprovalBinding,
  type ApprovalBindingEnvelope,
  type ApprovalBindingV1,
  type UnsignedApprovalBinding,
  type UnsignedApprovalPayload,
} from './types';

/** What signs and verifies bindings: a secret, a prepared key, or a keyring (the first key signs). */
export type ApprovalSigner = ApprovalSecret | SigningKey | ApprovalKeyring;

const DOMAIN = 'armorer.approval-binding.v1';
/** Version 2 signs under its own domain: a signature of one version never verifies as the other's. */
const DOMAIN_V2 = 'armorer.approval-binding.v2';
const DOMAIN_V3 = 'armorer.approval-binding.v3';

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

/** A prepared key or keyring: a secret is checked (non-empty) and its key cached. */
function signerOf(secret: ApprovalSigner): SigningKey | ApprovalKeyring {
  if (secret instanceof ApprovalKeyring || secret instanceof SigningKey) return secret;
  if (!isApprovalSecret(secret)) {
    throw approvalError(
      'missing-secret',
      'An approval secret (a non-empty string or Uint8Array) is required.',
    );
  }
  return keyFor(secret);
}

/** Verifies under a key (any key id) or a keyring (the key `keyId` names, or every key without one). */
function verifies(
  signer: SigningKey | ApprovalKeyring,
  domain: string,
  text: string,
  signature: unknown,
  keyId: unknown,
): boolean {
  return signer instanceof ApprovalKeyring
    ? signer.verify(domain, text, signature, keyId)
    : signer.verify(domain, text, signature);
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
export function signPendingApproval(binding: UnsignedApprovalBinding, secret: ApprovalSigner): string {
  return signerOf(secret).sign(DOMAIN, bindingSigningText(binding));
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
  secret: ApprovalSigner,
): ApprovalBindingV1 {
  const { signature: _ignored, ...unsigned } = binding as UnsignedApprovalBinding & { signature?: unknown };
  return { ...unsigned, signature: signPendingApproval(unsigned, secret) };
}

/**
 * Signs the content of a version 2 or 3 binding: returns the envelope a descriptor carries, whose
 * signature covers the payload text exactly (see {@link approvalPayloadText}). Signed by a keyring with
 * named keys, a version 3 envelope names its key (`keyId`). Throws a TypeError when the arguments are not
 * JSON data, and an {@link ApprovalError} without a secret (`missing-secret`) or when the arguments are
 * larger than `maxArgumentsBytes` (`arguments-too-large`, default 64 KiB).
 *
 * @example
 * ```ts
 * const envelope = signApprovalPayload({ ...fields, version: 3, arguments: { to: 'bob' } }, keyring);
 * const binding = openApprovalBinding(JSON.parse(JSON.stringify(envelope)), keyring);
 * ```
 */
export function signApprovalPayload(
  unsigned: UnsignedApprovalPayload,
  secret: ApprovalSigner,
  options?: ApprovalPayloadOptions,
): ApprovalBindingEnvelope {
  const signer = signerOf(secret);
  const payload = approvalPayloadText(unsigned, options);
  if (unsigned.version === APPROVAL_BINDING_V2) {
    return { version: APPROVAL_BINDING_V2, payload, signature: signer.sign(DOMAIN_V2, payload) };
  }
  const signature = signer.sign(DOMAIN_V3, payload);
  const keyId = signer instanceof ApprovalKeyring ? signer.signingKeyId : undefined;
  return keyId === undefined
    ? { version: APPROVAL_BINDING_V3, payload, signature }
    : { version: APPROVAL_BINDING_V3, payload, signature, keyId };
}

function invalidSignature(): ApprovalError {
  return new ApprovalError({
    code: 'invalid-signature',
    message: 'The approval binding signature does not verify: it was altered or signed under another secret.',
  });
}

/**
 * Verifies an untrusted binding of any version and returns it checked and frozen: the one call a resume
 * needs. A version 2 or 3 envelope's signature is checked over the received payload before the payload is
 * parsed (a payload longer than `maxArgumentsBytes` plus the header allowance is refused first), and the
 * binding returned is decoded from that verified payload (a fresh one each time, also for a binding
 * `parseApprovalBinding` returned); a version 1 binding is parsed, then its signing text is rebuilt and
 * checked. Under a keyring, an envelope's `keyId` picks the key; without one every key is tried. Throws an
 * {@link ApprovalError} (`invalid-binding`, `invalid-signature` or `missing-secret`).
 *
 * @example
 * ```ts
 * const binding = openApprovalBinding(descriptor.binding, keyring);
 * binding.tenantId; // signed
 * ```
 */
export function openApprovalBinding(
  value: unknown,
  secret: ApprovalSigner,
  options?: ApprovalPayloadOptions,
): ApprovalBinding {
  const signer = signerOf(secret);
  const version = (value as { version?: unknown } | null)?.version;
  if (version === APPROVAL_BINDING_V3 || version === APPROVAL_BINDING_V2)
    return openEnvelope(value as object, version, signer, options);
  const binding = parseApprovalBinding(value);
  verifyApprovalBinding(binding, signer);
  return binding;
}

function openEnvelope(
  value: object,
  version: typeof APPROVAL_BINDING_V2 | typeof APPROVAL_BINDING_V3,
  signer: SigningKey | ApprovalKeyring,
  options: ApprovalPayloadOptions | undefined,
): ApprovalBinding {
  const record = value as Record<string, unknown>;
  // Read once: every later step uses these locals, never the (untrusted) object again.
  const payload = record.payload;
  const signature = record.signature;
  const keyId = version === APPROVAL_BINDING_V3 ? record.keyId : undefined;
  if (typeof payload !== 'string' || typeof signature !== 'string') {
    throw approvalError('invalid-binding', 'The approval binding is malformed: no payload or signature.');
  }
  if (keyId !== undefined && !isApprovalKeyId(keyId)) {
    throw approvalError('invalid-binding', 'The approval binding is malformed: "keyId" is invalid.');
  }
  // A UTF-16 length never exceeds the UTF-8 one: anything longer than this was never signed by us.
  if (payload.length > argumentsLimit(options) + PAYLOAD_HEADER_ALLOWANCE) {
    throw approvalError('invalid-binding', 'The approval binding is malformed: its payload is too large.');
  }
  // `verify` refuses anything but 64 characters, and no other text equals the computed lowercase hex.
  if (!verifies(signer, version === APPROVAL_BINDING_V3 ? DOMAIN_V3 : DOMAIN_V2, payload, signature, keyId))
    throw invalidSignature();
  // Always decoded from the verified text itself, even for a binding the parser already produced: its
  // fields are frozen, but its `arguments` object is not, and a change made to it in place would
  // otherwise pass for the signed arguments.
  return decodeApprovalPayload(payload, signature, version);
}

/**
 * Verifies a binding's version and signature in constant time. Throws an {@link ApprovalError}
 * (`invalid-binding`, `invalid-signature` or `missing-secret`) when it does not verify. For versions 2
 * and 3 only the envelope's `payload`, `signature` (and `keyId`) count: use the returned binding (decoded
 * from the verified payload), not other properties of the value passed in.
 *
 * @example
 * ```ts
 * const binding = verifyApprovalBinding(descriptor.binding, secret);
 * ```
 */
export function verifyApprovalBinding(
  binding: ApprovalBinding | ApprovalBindingEnvelope,
  secret: ApprovalSigner,
  options?: ApprovalPayloadOptions,
): ApprovalBinding {
  const signer = signerOf(secret);
  const version = binding?.version;
  if (version === APPROVAL_BINDING_V3 || version === APPROVAL_BINDING_V2)
    return openEnvelope(binding, version, signer, options);
  if (version !== APPROVAL_BINDING_V1) {
    throw approvalError('invalid-binding', 'The approval binding has an unknown version.');
  }
  if (!verifies(signer, DOMAIN, bindingSigningText(binding), binding.signature, undefined))
    throw invalidSignature();
  return binding as ApprovalBindingV1;
}
