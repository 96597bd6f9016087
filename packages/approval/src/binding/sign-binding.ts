import { ApprovalError, approvalError } from '../errors/errors';
import { type ApprovalSecret, isApprovalSecret, keyFor, type SigningKey } from '../signing/signing-key';
import { APPROVAL_BINDING_VERSION, type ApprovalBinding, type UnsignedApprovalBinding } from './types';

const DOMAIN = 'armorer.approval-binding.v1';

/**
 * The exact text a binding's signature covers: every field but the signature, in a fixed order, as one
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
 * The HMAC-SHA256 signature of a pending approval's binding (hex). Grants use the same primitive under
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
 * Signs an unsigned binding and returns the signed copy.
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
): ApprovalBinding {
  const { signature: _ignored, ...unsigned } = binding as UnsignedApprovalBinding & { signature?: unknown };
  return { ...unsigned, signature: signPendingApproval(unsigned, secret) };
}

/**
 * Verifies a binding's version and signature in constant time. Throws an {@link ApprovalError}
 * (`invalid-binding`, `invalid-signature` or `missing-secret`) when it does not verify.
 *
 * @example
 * ```ts
 * verifyApprovalBinding(descriptor.binding, secret);
 * ```
 */
export function verifyApprovalBinding(binding: ApprovalBinding, secret: ApprovalSecret | SigningKey): void {
  const key = signingKey(secret);
  if (binding?.version !== APPROVAL_BINDING_VERSION) {
    throw approvalError('invalid-binding', 'The approval binding has an unknown version.');
  }
  if (!key.verify(DOMAIN, bindingSigningText(binding), binding.signature)) {
    throw new ApprovalError({
      code: 'invalid-signature',
      message:
        'The approval binding signature does not verify: it was altered or signed under another secret.',
    });
  }
}
