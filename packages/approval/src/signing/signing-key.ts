import { equalBytes } from '@noble/ciphers/utils.js';
import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, randomBytes, utf8ToBytes } from '@noble/hashes/utils.js';

/** A shared HMAC secret: a string (UTF-8) or raw bytes. Never empty. */
export type ApprovalSecret = string | Uint8Array;

type PreparedMac = ReturnType<typeof hmac.create>;

const HEX = /^[0-9a-f]{64}$/;

/**
 * An HMAC-SHA256 key prepared once (the padded key states are computed at creation, so each signature
 * costs two compressions of the message). The secret lives in a private field: it is not readable through
 * any property, `toJSON`, `String()` or inspection.
 *
 * @example
 * ```ts
 * const key = createSigningKey(process.env.ARMORER_APPROVAL_SECRET!);
 * const tag = key.sign('my-domain', '{"a":1}');
 * key.verify('my-domain', '{"a":1}', tag); // true
 * ```
 */
export class SigningKey {
  readonly #mac: PreparedMac;

  constructor(secret: ApprovalSecret) {
    this.#mac = hmac.create(sha256, secretBytes(secret));
  }

  /** The hex HMAC-SHA256 of `domain`, a newline, then `text`: a domain never verifies as another. */
  sign(domain: string, text: string): string {
    return bytesToHex(this.#digest(domain, text));
  }

  /** Compares in constant time (for signatures of the right length); malformed signatures are false. */
  verify(domain: string, text: string, signature: unknown): boolean {
    if (typeof signature !== 'string' || !HEX.test(signature)) return false;
    const expected = this.#digest(domain, text);
    const given = new Uint8Array(32);
    for (let index = 0; index < 32; index++) {
      given[index] = Number.parseInt(signature.slice(index * 2, index * 2 + 2), 16);
    }
    return equalBytes(expected, given);
  }

  #digest(domain: string, text: string): Uint8Array {
    const mac = this.#mac.clone();
    mac.update(utf8ToBytes(`${domain}\n${text}`));
    return mac.digest();
  }

  toJSON(): string {
    return '[SigningKey]';
  }

  toString(): string {
    return '[SigningKey]';
  }

  [Symbol.for('nodejs.util.inspect.custom')](): string {
    return '[SigningKey]';
  }
}

/**
 * Validates a secret and turns it into bytes. Throws a TypeError for a missing or empty secret.
 * @internal
 */
export function secretBytes(secret: unknown): Uint8Array {
  if (typeof secret === 'string' && secret.length > 0) return utf8ToBytes(secret);
  if (secret instanceof Uint8Array && secret.length > 0) return secret.slice();
  throw new TypeError('An approval secret must be a non-empty string or Uint8Array.');
}

/** True when a value can serve as an approval secret. */
export function isApprovalSecret(secret: unknown): secret is ApprovalSecret {
  return (typeof secret === 'string' || secret instanceof Uint8Array) && secret.length > 0;
}

/**
 * Creates a prepared signing key. Throws a TypeError for a missing or empty secret.
 *
 * @example
 * ```ts
 * const key = createSigningKey(new TextEncoder().encode('a long random secret'));
 * ```
 */
export function createSigningKey(secret: ApprovalSecret): SigningKey {
  return new SigningKey(secret);
}

const stringKeys = new Map<string, SigningKey>();
const byteKeys = new WeakMap<Uint8Array, SigningKey>();

/** A prepared key for a secret, reused across calls of the stateless helpers. @internal */
export function keyFor(secret: ApprovalSecret | SigningKey): SigningKey {
  if (secret instanceof SigningKey) return secret;
  if (typeof secret === 'string') {
    let key = stringKeys.get(secret);
    if (key === undefined) {
      key = new SigningKey(secret);
      if (stringKeys.size >= 8) stringKeys.clear();
      stringKeys.set(secret, key);
    }
    return key;
  }
  let key = byteKeys.get(secret);
  if (key === undefined) {
    key = new SigningKey(secret);
    byteKeys.set(secret, key);
  }
  return key;
}

/**
 * SHA-256 of a text, as hex: the digest a binding records for the proposed arguments.
 *
 * @example
 * ```ts
 * sha256Hex('{}').length; // 64
 * ```
 */
export function sha256Hex(text: string): string {
  return bytesToHex(sha256(utf8ToBytes(text)));
}

/**
 * A fresh random nonce: 128 bits from the platform's `crypto.getRandomValues`, as hex.
 *
 * @example
 * ```ts
 * createNonce().length; // 32
 * ```
 */
export function createNonce(): string {
  return bytesToHex(randomBytes(16));
}
