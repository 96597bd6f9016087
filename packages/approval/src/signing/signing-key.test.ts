import { describe, expect, test } from 'bun:test';
import { inspect } from 'node:util';
import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import fc from 'fast-check';
import { createNonce, createSigningKey, isApprovalSecret, sha256Hex } from './signing-key';

describe('signing keys', () => {
  test('a signature verifies under its secret and domain only', () => {
    const key = createSigningKey('a-secret');
    const signature = key.sign('domain-a', 'hello');
    expect(signature).toMatch(/^[0-9a-f]{64}$/);
    expect(key.verify('domain-a', 'hello', signature)).toBe(true);
    expect(key.verify('domain-b', 'hello', signature)).toBe(false);
    expect(key.verify('domain-a', 'hello!', signature)).toBe(false);
    expect(createSigningKey('another-secret').verify('domain-a', 'hello', signature)).toBe(false);
    expect(
      createSigningKey(new TextEncoder().encode('a-secret')).verify('domain-a', 'hello', signature),
    ).toBe(true);
  });

  test('malformed signatures are false, never a throw', () => {
    const key = createSigningKey('a-secret');
    const signature = key.sign('d', 'x');
    for (const bad of [
      undefined,
      null,
      42,
      {},
      '',
      'zz',
      signature.toUpperCase(),
      `${signature}0`,
      signature.slice(1),
    ]) {
      expect(key.verify('d', 'x', bad)).toBe(false);
    }
  });

  test('any single-character change of a signature fails (property)', () => {
    const key = createSigningKey('property-secret');
    fc.assert(
      fc.property(fc.string(), fc.nat(63), fc.constantFrom(...'0123456789abcdef'), (text, index, digit) => {
        const signature = key.sign('d', text);
        const changed = signature.slice(0, index) + digit + signature.slice(index + 1);
        expect(key.verify('d', text, changed)).toBe(changed === signature);
      }),
    );
  });

  test('empty or missing secrets are refused', () => {
    for (const bad of ['', new Uint8Array(0), undefined, 42]) {
      expect(isApprovalSecret(bad)).toBe(false);
      expect(() => createSigningKey(bad as string)).toThrow(TypeError);
    }
  });

  test('the secret is not readable through JSON, String, inspection or enumeration', () => {
    const secret = 'do-not-leak-this-secret';
    const key = createSigningKey(secret);
    const views = [
      JSON.stringify({ key }),
      String(key),
      `${key}`,
      inspect(key, { showHidden: true, depth: 10 }),
      Bun.inspect(key),
    ];
    for (const view of views) expect(view).not.toContain(secret);
    expect(Object.keys(key)).toEqual([]);
    expect(Object.getOwnPropertyNames(key)).toEqual([]);
  });

  test('a caller changing its secret bytes afterwards does not change the key', () => {
    const bytes = new TextEncoder().encode('mutable-secret');
    const key = createSigningKey(bytes);
    const signature = key.sign('d', 'x');
    bytes.fill(0);
    expect(key.verify('d', 'x', signature)).toBe(true);
  });

  test('nonces are 128-bit hex and distinct; sha256Hex is SHA-256', () => {
    const nonces = new Set(Array.from({ length: 1000 }, createNonce));
    expect(nonces.size).toBe(1000);
    for (const nonce of nonces) expect(nonce).toMatch(/^[0-9a-f]{32}$/);
    expect(sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });
});

describe('native and portable implementations', () => {
  test('give identical signatures and agree on verification (RFC 4231 case 2 and random inputs)', () => {
    const native = createSigningKey('Jefe');
    const portable = createSigningKey('Jefe', { portable: true });
    fc.assert(
      fc.property(fc.string(), fc.string(), (domain, text) => {
        const signature = native.sign(domain, text);
        expect(portable.sign(domain, text)).toBe(signature);
        expect(portable.verify(domain, text, signature)).toBe(true);
        expect(native.verify(domain, `${text}.`, signature)).toBe(false);
      }),
    );
    // RFC 4231 test case 2, and the same key over our domain-separated message, against the reference.
    expect(bytesToHex(hmac(sha256, utf8ToBytes('Jefe'), utf8ToBytes('what do ya want for nothing?')))).toBe(
      '5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843',
    );
    const reference = bytesToHex(
      hmac(sha256, utf8ToBytes('Jefe'), utf8ToBytes('what do ya want\nfor nothing?')),
    );
    expect(native.sign('what do ya want', 'for nothing?')).toBe(reference);
    expect(portable.sign('what do ya want', 'for nothing?')).toBe(reference);
  });
});
