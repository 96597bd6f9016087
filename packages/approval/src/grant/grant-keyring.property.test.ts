import { describe, expect, test } from 'bun:test';
import fc from 'fast-check';
import { GrantError } from '../errors/errors';
import { createApprovalKeyring } from '../signing/keyring';
import { signGrant, verifyGrantSignature } from './sign-grant';
import { GRANT_VERSION, type ReusableApprovalGrant } from './types';
import { assertGrantShape } from './validate-grant';

const OLD = 'grant secret of the last rotation, 32+ bytes';
const NEW = 'grant secret of this rotation, at least 32 bytes';
const NOW = 1_800_000_000_000;

const unsigned: ReusableApprovalGrant = {
  version: GRANT_VERSION,
  id: 'grant:1',
  principalId: 'principal-1',
  toolName: 'read-file',
  scope: 'principal',
  issuedAt: NOW,
  expiresAt: NOW + 3_600_000,
  maxUses: 3,
  usesRemaining: 3,
  policyRevision: 'policy-1',
  revoked: false,
  delegationBehavior: 'does-not-propagate',
  signature: '',
};

function signedBy(keys: Parameters<typeof createApprovalKeyring>[0]): ReusableApprovalGrant {
  const keyring = createApprovalKeyring(keys);
  const grant = keyring.signingKeyId === undefined ? unsigned : { ...unsigned, keyId: keyring.signingKeyId };
  return { ...grant, signature: signGrant(grant, keyring) };
}

function verifies(grant: ReusableApprovalGrant, keys: Parameters<typeof createApprovalKeyring>[0]): boolean {
  try {
    verifyGrantSignature(grant, createApprovalKeyring(keys));
    return true;
  } catch (error) {
    expect(GrantError.isInstance(error)).toBe(true);
    return false;
  }
}

describe('grants under a keyring', () => {
  test('signed with the first key and its id; verified after a rotation, refused once the key is dropped', () => {
    const grant = signedBy([{ id: 'old', secret: OLD }]);
    expect(grant.keyId).toBe('old');
    assertGrantShape(grant);
    const rotated = [
      { id: 'new', secret: NEW },
      { id: 'old', secret: OLD },
    ];
    expect(verifies(grant, rotated)).toBe(true);
    expect(verifies(grant, [{ id: 'new', secret: NEW }])).toBe(false);
    // The key id is signed: pointing it at another key (or removing it) breaks the signature.
    expect(verifies({ ...grant, keyId: 'new' }, rotated)).toBe(false);
    const { keyId: _dropped, ...anonymous } = grant;
    expect(verifies(anonymous, rotated)).toBe(false);
  });

  test('a grant signed under a single secret (no key id) verifies under any ring holding that secret', () => {
    const grant = signedBy(OLD);
    expect(grant.keyId).toBeUndefined();
    expect(
      verifies(grant, [
        { id: 'new', secret: NEW },
        { id: 'old', secret: OLD },
      ]),
    ).toBe(true);
    expect(verifies(grant, OLD)).toBe(true);
    expect(verifies(grant, NEW)).toBe(false);
  });

  test('signGrant refuses a keyId that does not name the signing key; shape checks a malformed one', () => {
    const keyring = createApprovalKeyring([
      { id: 'new', secret: NEW },
      { id: 'old', secret: OLD },
    ]);
    expect(() => signGrant({ ...unsigned, keyId: 'old' }, keyring)).toThrow(GrantError);
    expect(() => signGrant({ ...unsigned, keyId: 'new' }, NEW)).toThrow(GrantError);
    expect(() => assertGrantShape({ ...unsigned, keyId: 'has space' })).toThrow(GrantError);
  });

  test('property: any ring keeping the signing key under its id verifies; any other field change does not', () => {
    const key = fc.record({
      id: fc.stringMatching(/^[a-z0-9]{1,6}$/),
      secret: fc.string({ minLength: 32, maxLength: 40 }),
    });
    const ring = fc.uniqueArray(key, { minLength: 1, maxLength: 4, selector: (entry) => entry.id });
    fc.assert(
      fc.property(ring, ring, fc.nat({ max: 1000 }), (signing, others, uses) => {
        const grant = signedBy(signing);
        const signer = signing[0] as { id: string; secret: string };
        const next = [...others.filter((entry) => entry.id !== signer.id), signer];
        expect(verifies(grant, next)).toBe(true);
        expect(verifies({ ...grant, usesRemaining: uses }, next)).toBe(true); // the live counter is not signed
        expect(verifies({ ...grant, maxUses: grant.maxUses + 1 }, next)).toBe(false);
      }),
      { numRuns: 60 },
    );
  });
});
