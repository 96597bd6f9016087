import { describe, expect, test } from 'bun:test';
import { createHash, createHmac } from 'node:crypto';
import { hmac as nobleHmac } from '@noble/hashes/hmac.js';
import { sha256 as nobleSha256 } from '@noble/hashes/sha2.js';
import fc from 'fast-check';
import { Hmac256, Sha256, sha256, toHex, utf8 } from './portable-sha256';

const hex = (text: string) => Uint8Array.from(text.match(/../g) ?? [], (pair) => Number.parseInt(pair, 16));
const repeat = (byte: number, length: number) => new Uint8Array(length).fill(byte);

describe('portable SHA-256', () => {
  test('FIPS 180-4 example vectors', () => {
    expect(toHex(sha256(utf8('')))).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    expect(toHex(sha256(utf8('abc')))).toBe(
      'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
    );
    expect(toHex(sha256(utf8('abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq')))).toBe(
      '248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1',
    );
    expect(toHex(sha256(repeat(0x61, 1_000_000)))).toBe(
      'cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0',
    );
  });

  test('every length around the padding boundaries equals node:crypto', () => {
    for (let length = 0; length <= 200; length++) {
      const data = Uint8Array.from({ length }, (_, index) => (index * 31 + length) & 0xff);
      expect(toHex(sha256(data))).toBe(createHash('sha256').update(data).digest('hex'));
    }
  });

  test('equals node:crypto and @noble/hashes on any bytes fed in any pieces (property)', () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ maxLength: 600 }),
        fc.array(fc.nat(700), { maxLength: 6 }),
        (data, cuts) => {
          const expected = createHash('sha256').update(data).digest('hex');
          expect(toHex(nobleSha256(data))).toBe(expected);
          const hash = new Sha256();
          let at = 0;
          for (const cut of [...cuts].sort((a, b) => a - b)) {
            const end = Math.min(cut, data.length);
            if (end < at) continue;
            hash.update(data.subarray(at, end));
            at = end;
          }
          hash.update(data.subarray(at));
          expect(toHex(hash.digest())).toBe(expected);
        },
      ),
    );
  });

  test('a clone continues independently of its original', () => {
    const base = new Sha256().update(utf8('prefix-'.repeat(20)));
    const copy = base.clone();
    expect(toHex(base.update(utf8('a')).digest())).toBe(
      createHash('sha256')
        .update(`${'prefix-'.repeat(20)}a`)
        .digest('hex'),
    );
    expect(toHex(copy.update(utf8('b')).digest())).toBe(
      createHash('sha256')
        .update(`${'prefix-'.repeat(20)}b`)
        .digest('hex'),
    );
  });
});

describe('portable HMAC-SHA256', () => {
  test('RFC 4231 test cases 1 to 4, 6 and 7', () => {
    const cases: [Uint8Array, Uint8Array, string][] = [
      [
        repeat(0x0b, 20),
        utf8('Hi There'),
        'b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7',
      ],
      [
        utf8('Jefe'),
        utf8('what do ya want for nothing?'),
        '5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843',
      ],
      [
        repeat(0xaa, 20),
        repeat(0xdd, 50),
        '773ea91e36800e46854db8ebd09181a72959098b3ef8c122d9635514ced565fe',
      ],
      [
        hex('0102030405060708090a0b0c0d0e0f10111213141516171819'),
        repeat(0xcd, 50),
        '82558a389a443c0ea4cc819899f2083a85f0faa3e578f8077a2e3ff46729665b',
      ],
      [
        repeat(0xaa, 131),
        utf8('Test Using Larger Than Block-Size Key - Hash Key First'),
        '60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54',
      ],
      [
        repeat(0xaa, 131),
        utf8(
          'This is a test using a larger than block-size key and a larger than block-size data. The key needs to be hashed before being used by the HMAC algorithm.',
        ),
        '9b09ffa71b942fcb27635fbcd5b0e944bfdc63644f0713938a7f51535c3a35e2',
      ],
    ];
    for (const [key, message, expected] of cases) expect(toHex(new Hmac256(key).mac(message))).toBe(expected);
  });

  test('equals node:crypto and @noble/hashes for any key and message, and one key signs many (property)', () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ minLength: 1, maxLength: 200 }),
        fc.array(fc.uint8Array({ maxLength: 300 }), { minLength: 1, maxLength: 4 }),
        (key, messages) => {
          const mac = new Hmac256(key);
          for (const message of messages) {
            const expected = createHmac('sha256', key).update(message).digest('hex');
            expect(toHex(nobleHmac(nobleSha256, key, message))).toBe(expected);
            expect(toHex(mac.mac(message))).toBe(expected);
          }
        },
      ),
    );
  });
});
