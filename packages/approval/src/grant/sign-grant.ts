import { GrantError } from '../errors/errors';
import { canonicalJson } from '../json/canonical-json';
import { ApprovalKeyring } from '../signing/keyring';
import { type ApprovalSecret, isApprovalSecret, keyFor, SigningKey } from '../signing/signing-key';
import { GRANT_VERSION, type ReusableApprovalGrant } from './types';

const DOMAIN = 'armorer.grant.v1';

function key(secret: ApprovalSecret | SigningKey | ApprovalKeyring): SigningKey | ApprovalKeyring {
  if (secret instanceof ApprovalKeyring || secret instanceof SigningKey) return secret;
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
 * Signs a grant with the toolbox's approval secret or keyring (the same HMAC primitive as
 * `signPendingApproval`, under its own domain). Every field except `signature` and `usesRemaining` is
 * covered, `keyId` included: under a keyring of named keys, set `keyId` to `keyring.signingKeyId` before
 * signing (a `keyId` naming another key is refused, `invalid-grant`).
 *
 * @example
 * ```ts
 * const signed = { ...grant, signature: signGrant(grant, process.env.ARMORER_APPROVAL_SECRET!) };
 * const named = { ...grant, keyId: keyring.signingKeyId };
 * const signedByRing = { ...named, signature: signGrant(named, keyring) };
 * ```
 */
export function signGrant(
  grant: ReusableApprovalGrant,
  secret: ApprovalSecret | SigningKey | ApprovalKeyring,
): string {
  const signer = key(secret);
  const keyId = grant?.keyId;
  if (keyId !== undefined && !(signer instanceof ApprovalKeyring && signer.signingKeyId === keyId)) {
    throw new GrantError(
      `The grant's keyId "${String(keyId)}" does not name the key that signs.`,
      'invalid-grant',
    );
  }
  return signer.sign(DOMAIN, grantSigningText(grant));
}

/**
 * Verifies a grant's version and signature in constant time; throws a `GrantError`
 * (`invalid-signature`, `invalid-grant` or `missing-secret`) when it does not verify. Under a keyring, the
 * grant's `keyId` picks the key; a grant without one is tried against every key.
 *
 * @example
 * ```ts
 * verifyGrantSignature(await grantStore.get(id), secret); // throws on tamper
 * ```
 */
export function verifyGrantSignature(
  grant: ReusableApprovalGrant | undefined,
  secret: ApprovalSecret | SigningKey | ApprovalKeyring,
): void {
  const signingKey = key(secret);
  if (typeof grant !== 'object' || grant === null || grant.version !== GRANT_VERSION) {
    throw new GrantError('The grant is missing or has an unknown version.', 'invalid-grant');
  }
  const text = grantSigningText(grant);
  const valid =
    signingKey instanceof ApprovalKeyring
      ? signingKey.verify(DOMAIN, text, grant.signature, grant.keyId)
      : signingKey.verify(DOMAIN, text, grant.signature);
  if (!valid) {
    throw new GrantError(
      'The grant signature does not verify: it was altered or signed under another secret.',
      'invalid-signature',
    );
  }
}
