import { GrantError } from '../errors/errors';
import { canonicalJson } from '../json/canonical-json';
import { type ApprovalSecret, isApprovalSecret, keyFor, type SigningKey } from '../signing/signing-key';
import { GRANT_VERSION, type ReusableApprovalGrant } from './types';

const DOMAIN = 'armorer.grant.v1';

function key(secret: ApprovalSecret | SigningKey): SigningKey {
  if (typeof secret === 'object' && !(secret instanceof Uint8Array)) return keyFor(secret);
  if (!isApprovalSecret(secret)) {
    throw new GrantError('A grant secret (a non-empty string or Uint8Array) is required.', 'missing-secret');
  }
  return keyFor(secret);
}

/** The text a grant signature covers: canonical JSON of every field but `signature` and `usesRemaining`. */
export function grantSigningText(grant: ReusableApprovalGrant): string {
  const { signature: _signature, usesRemaining: _uses, ...signed } = grant;
  try {
    return canonicalJson(signed);
  } catch (error) {
    throw new GrantError('A grant must hold JSON data only.', 'invalid-grant', { cause: error });
  }
}

/**
 * Signs a grant with the toolbox's approval secret (the same HMAC primitive as `signPendingApproval`,
 * under its own domain). Every field except `signature` and `usesRemaining` is covered.
 *
 * @example
 * ```ts
 * const signed = { ...grant, signature: signGrant(grant, process.env.ARMORER_APPROVAL_SECRET!) };
 * ```
 */
export function signGrant(grant: ReusableApprovalGrant, secret: ApprovalSecret | SigningKey): string {
  return key(secret).sign(DOMAIN, grantSigningText(grant));
}

/**
 * Verifies a grant's version and signature in constant time; throws a `GrantError`
 * (`invalid-signature`, `invalid-grant` or `missing-secret`) when it does not verify.
 *
 * @example
 * ```ts
 * verifyGrantSignature(await grantStore.get(id), secret); // throws on tamper
 * ```
 */
export function verifyGrantSignature(
  grant: ReusableApprovalGrant | undefined,
  secret: ApprovalSecret | SigningKey,
): void {
  const signingKey = key(secret);
  if (typeof grant !== 'object' || grant === null || grant.version !== GRANT_VERSION) {
    throw new GrantError('The grant is missing or has an unknown version.', 'invalid-grant');
  }
  if (!signingKey.verify(DOMAIN, grantSigningText(grant), grant.signature)) {
    throw new GrantError(
      'The grant signature does not verify: it was altered or signed under another secret.',
      'invalid-signature',
    );
  }
}
