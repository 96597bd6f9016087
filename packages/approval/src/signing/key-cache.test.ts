import { describe, expect, test } from 'bun:test';
import { signGrant, verifyGrantSignature } from '../grant/sign-grant';
import { GRANT_VERSION, type ReusableApprovalGrant } from '../grant/types';

const grant: ReusableApprovalGrant = {
  version: GRANT_VERSION,
  id: 'grant:1',
  principalId: 'p1',
  toolName: 'read-file',
  scope: 'principal',
  issuedAt: 1,
  expiresAt: 2,
  maxUses: 1,
  usesRemaining: 1,
  policyRevision: 'policy-1',
  revoked: false,
  delegationBehavior: 'does-not-propagate',
  signature: '',
};

describe('byte secrets passed to the stateless helpers', () => {
  test('a buffer rewritten in place (a rotation) signs and verifies with its new bytes, not the cached old key', () => {
    const secret = new TextEncoder().encode('first-secret-0123456789');
    const before = signGrant(grant, secret);
    secret.set(new TextEncoder().encode('other-secret-9876543210'));
    const after = signGrant(grant, secret);
    expect(after).not.toBe(before);
    // The old signature no longer verifies under the rotated buffer; the new one does.
    expect(() => verifyGrantSignature({ ...grant, signature: before }, secret)).toThrow(/does not verify/);
    verifyGrantSignature({ ...grant, signature: after }, secret);
    expect(signGrant(grant, new TextEncoder().encode('other-secret-9876543210'))).toBe(after);
  });

  test('a wiped buffer is refused like an empty secret would be, or signs as its zero bytes, never as before', () => {
    const secret = new TextEncoder().encode('wiped-secret-0123456789');
    const before = signGrant(grant, secret);
    secret.fill(0);
    expect(signGrant(grant, secret)).not.toBe(before);
  });
});
