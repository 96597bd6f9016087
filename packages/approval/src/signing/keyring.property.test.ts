import { describe, expect, test } from 'bun:test';
import { inspect } from 'node:util';
import fc from 'fast-check';
import { ApprovalError } from '../errors/errors';
import { type ApprovalKey, MIN_SECRET_BYTES } from './key-problems';
import { ApprovalKeyring, createApprovalKeyring } from './keyring';
import { createSigningKey } from './signing-key';

const id = fc.stringMatching(/^[A-Za-z0-9._:-]{1,64}$/);
/** A secret of at least 32 bytes, as a string or as bytes. */
const secret = fc.oneof(
  fc.string({ minLength: MIN_SECRET_BYTES, maxLength: 80 }),
  fc.uint8Array({ minLength: MIN_SECRET_BYTES, maxLength: 80 }),
);
/** A ring of 1 to 6 keys with distinct ids. */
const keys = fc.uniqueArray(fc.record({ id, secret }), {
  minLength: 1,
  maxLength: 6,
  selector: (key) => key.id,
});
const text = fc.string({ maxLength: 200 });

function code(run: () => unknown): string | undefined {
  try {
    run();
    return undefined;
  } catch (error) {
    expect(ApprovalError.isInstance(error)).toBe(true);
    return (error as ApprovalError).code;
  }
}

describe('approval keyrings', () => {
  test('the first key signs; a signature verifies under its key id, and without one under any key', () => {
    fc.assert(
      fc.property(keys, text, (ring, message) => {
        const keyring = createApprovalKeyring(ring);
        const first = ring[0] as ApprovalKey;
        expect(keyring.signingKeyId).toBe(first.id);
        const signature = keyring.sign('domain', message);
        expect(signature).toBe(createSigningKey(first.secret).sign('domain', message));
        expect(keyring.verify('domain', message, signature, first.id)).toBe(true);
        expect(keyring.verify('domain', message, signature, undefined)).toBe(true);
        for (const other of ring.slice(1)) {
          // Another key's id selects that key only: the first key's signature does not verify under it.
          const same = createSigningKey(other.secret).sign('domain', message) === signature;
          expect(keyring.verify('domain', message, signature, other.id)).toBe(same);
        }
        expect(keyring.verify('domain', message, signature, 'no-such-key')).toBe(false);
        expect(keyring.verify('other-domain', message, signature, first.id)).toBe(false);
      }),
      { numRuns: 60 },
    );
  });

  test('rotation: a ring that moved a key to the back still verifies what that key signed', () => {
    fc.assert(
      fc.property(keys, fc.nat(), text, (ring, pick, message) => {
        const old = ring[pick % ring.length] as ApprovalKey;
        const signed = createApprovalKeyring([old]).sign('d', message);
        const rotated = createApprovalKeyring([
          { id: 'fresh-key', secret: 'a fresh secret of at least thirty-two bytes' },
          ...ring.filter((key) => key.id !== 'fresh-key'),
        ]);
        expect(rotated.signingKeyId).toBe('fresh-key');
        expect(rotated.verify('d', message, signed, old.id)).toBe(old.id !== 'fresh-key');
        // Dropped from the ring: no longer verifies, with or without its id.
        const without = createApprovalKeyring([
          { id: 'fresh-key', secret: 'a fresh secret of at least thirty-two bytes' },
        ]);
        if (old.id !== 'fresh-key') {
          expect(without.verify('d', message, signed, old.id)).toBe(false);
          expect(without.verify('d', message, signed, undefined)).toBe(false);
        }
      }),
      { numRuns: 60 },
    );
  });

  test('a one-key ring made from a secret has no key id and verifies whatever id a signature names', () => {
    const keyring = createApprovalKeyring('a single secret of at least thirty-two bytes');
    expect(keyring.signingKeyId).toBeUndefined();
    const signature = keyring.sign('d', 'x');
    expect(keyring.verify('d', 'x', signature, undefined)).toBe(true);
    expect(keyring.verify('d', 'x', signature, 'named-elsewhere')).toBe(true);
    expect(keyring.verify('d', 'x', signature, 42)).toBe(false);
  });

  test('refuses missing, weak and malformed keys with a typed error', () => {
    const strong = 'a secret that is long enough: 32 bytes+';
    expect(code(() => createApprovalKeyring([]))).toBe('invalid-key');
    expect(code(() => createApprovalKeyring(undefined as never))).toBe('missing-secret');
    expect(code(() => createApprovalKeyring(''))).toBe('missing-secret');
    expect(code(() => createApprovalKeyring('x'.repeat(31)))).toBe('weak-secret');
    // 11 characters, 33 bytes in UTF-8: bytes count, not characters.
    expect(code(() => createApprovalKeyring('€'.repeat(11)))).toBeUndefined();
    expect(code(() => createApprovalKeyring(new Uint8Array(31)))).toBe('weak-secret');
    expect(code(() => createApprovalKeyring([{ id: 'a', secret: 'short' }]))).toBe('weak-secret');
    expect(code(() => createApprovalKeyring([{ id: 'a', secret: undefined as never }]))).toBe(
      'missing-secret',
    );
    for (const bad of ['', 'with space', 'x'.repeat(65), 'a/b', 7, undefined]) {
      expect(code(() => createApprovalKeyring([{ id: bad as string, secret: strong }]))).toBe('invalid-key');
    }
    expect(
      code(() =>
        createApprovalKeyring([
          { id: 'a', secret: strong },
          { id: 'a', secret: `${strong}2` },
        ]),
      ),
    ).toBe('invalid-key');
    const many = Array.from({ length: 17 }, (_, index) => ({ id: `k${index}`, secret: strong }));
    expect(code(() => createApprovalKeyring(many))).toBe('invalid-key');
    expect(code(() => createApprovalKeyring([null as never]))).toBe('invalid-key');
  });

  test('the error names the key at fault, never its secret', () => {
    try {
      createApprovalKeyring([
        { id: 'good', secret: 'a secret that is long enough: 32 bytes+' },
        { id: 'bad', secret: 'hunter2-short' },
      ]);
      throw new Error('expected a refusal');
    } catch (error) {
      expect((error as Error).message).toContain('keys[1]');
      expect((error as Error).message).not.toContain('hunter2');
    }
  });

  test('secrets are copied and never readable back', () => {
    const bytes = new TextEncoder().encode('a secret that is long enough: 32 bytes+');
    const keyring = createApprovalKeyring([{ id: 'k1', secret: bytes }]);
    const before = keyring.sign('d', 'x');
    bytes.fill(0);
    expect(keyring.sign('d', 'x')).toBe(before);
    expect(keyring).toBeInstanceOf(ApprovalKeyring);
    const shown = `${JSON.stringify(keyring)} ${String(keyring)} ${inspect(keyring)}`;
    expect(shown).not.toContain('secret that is long');
    expect(Object.keys(keyring)).toEqual([]);
  });
});
