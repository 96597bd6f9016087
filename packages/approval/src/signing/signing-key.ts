import { Hmac256, sha256, toHex, utf8 } from './portable-sha256';

/** A shared HMAC secret: a string (UTF-8) or raw bytes. Never empty. */
export type ApprovalSecret = string | Uint8Array;

/** The synchronous HMAC-SHA256 of the platform's own crypto module (OpenSSL/BoringSSL in Node and Bun). */
interface NativeCrypto {
  createSecretKey(key: Uint8Array): object;
  createHmac(algorithm: 'sha256', key: object): { update(data: string): { digest(encoding: 'hex'): string } };
  createHash(algorithm: 'sha256'): { update(data: string): { digest(encoding: 'hex'): string } };
  /** One-shot hashing (Node 21.7+, Bun): no hash object per call. */
  hash?(algorithm: 'sha256', data: string, encoding: 'hex'): string;
}

/** Bun's native hasher: a keyed instance is an HMAC whose prepared state can be copied. */
interface BunHasher {
  update(data: string): BunHasher;
  copy(): BunHasher;
  digest(encoding: 'hex'): string;
}
interface BunRuntime {
  CryptoHasher: new (algorithm: 'sha256', key?: Uint8Array) => BunHasher;
  SHA256: { hash(data: string, encoding: 'hex'): string };
}

/**
 * The runtime's built-in crypto module when it has one, found at run time rather than imported (so bundles
 * for browsers stay free of it): `process.getBuiltinModule` exists in Node 22 and Bun, not in browsers.
 * The unprefixed module id is accepted there, and no import specifier reaches a browser bundle.
 */
function findNativeCrypto(): NativeCrypto | undefined {
  try {
    const runtime = (globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } }).process;
    const candidate = runtime?.getBuiltinModule?.('crypto') as Partial<NativeCrypto> | undefined;
    if (
      typeof candidate?.createHmac === 'function' &&
      typeof candidate.createSecretKey === 'function' &&
      typeof candidate.createHash === 'function'
    ) {
      return candidate as NativeCrypto;
    }
  } catch {
    // No built-in crypto module: the portable implementation is used.
  }
  return undefined;
}

/** Bun's hashing globals, when running under Bun (checked by shape, not by name alone). */
function loadBun(): BunRuntime | undefined {
  const candidate = (globalThis as { Bun?: Partial<BunRuntime> }).Bun;
  return typeof candidate?.CryptoHasher === 'function' && typeof candidate.SHA256?.hash === 'function'
    ? (candidate as BunRuntime)
    : undefined;
}

const bun = loadBun();

/** `undefined` until first asked; `null` once found missing. */
let foundNativeCrypto: NativeCrypto | null | undefined;

/**
 * The native crypto module, looked up on first use: loading it costs milliseconds of start-up under Node
 * and Bun, and a program that imports armorer without signing anything must not pay them (issue 36).
 * Under Bun it is never needed (Bun's hashing globals serve every use).
 */
function nativeCrypto(): NativeCrypto | undefined {
  if (foundNativeCrypto === undefined) foundNativeCrypto = findNativeCrypto() ?? null;
  return foundNativeCrypto ?? undefined;
}

/**
 * Compares two strings without an early exit, so the time taken does not reveal where they differ.
 * Used for hex signatures, whose length is public.
 */
function equalText(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let index = 0; index < a.length; index++) difference |= a.charCodeAt(index) ^ b.charCodeAt(index);
  return difference === 0;
}

/** Options of {@link createSigningKey}. */
export interface SigningKeyOptions {
  /**
   * Use the portable implementation (plain JavaScript) even where the runtime has a native HMAC. Both give
   * the same signatures; the native one (Node's and Bun's built-in crypto, found at run time) is faster.
   */
  readonly portable?: boolean;
}

/**
 * An HMAC-SHA256 key. Where the runtime has a synchronous native HMAC (Node, Bun) it is used; elsewhere
 * (browsers) a portable implementation in plain JavaScript, with the padded key states prepared once.
 * Signatures are identical either way. The secret lives in private fields: it is not readable through
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
  readonly #mac: Hmac256 | undefined;
  /** The native key object (Node); the secret bytes live only inside it. */
  readonly #secret: object | undefined;
  /** Under Bun: the keyed hasher, and per domain a copy that already absorbed the domain line. */
  readonly #bunKeyed: BunHasher | undefined;
  readonly #bunDomains = new Map<string, BunHasher>();

  constructor(secret: ApprovalSecret, options?: SigningKeyOptions) {
    const bytes = secretBytes(secret);
    const portable = options?.portable === true;
    const native = bun === undefined && !portable ? nativeCrypto() : undefined;
    if (bun !== undefined && !portable) this.#bunKeyed = new bun.CryptoHasher('sha256', bytes);
    else if (native !== undefined) this.#secret = native.createSecretKey(bytes);
    else this.#mac = new Hmac256(bytes);
    bytes.fill(0);
  }

  /** The hex HMAC-SHA256 of `domain`, a newline, then `text`: a domain never verifies as another. */
  sign(domain: string, text: string): string {
    return this.#digestHex(domain, text);
  }

  /**
   * Compares in constant time (the signature's length is public); malformed signatures are false: a
   * signature that is not 64 lowercase hex digits can never equal the computed one.
   */
  verify(domain: string, text: string, signature: unknown): boolean {
    if (typeof signature !== 'string' || signature.length !== 64) return false;
    return equalText(this.#digestHex(domain, text), signature);
  }

  #digestHex(domain: string, text: string): string {
    const keyed = this.#bunKeyed;
    if (keyed !== undefined) {
      let prepared = this.#bunDomains.get(domain);
      if (prepared === undefined) {
        prepared = keyed.copy().update(`${domain}\n`);
        // Domains are a handful of fixed strings; a caller inventing many still cannot grow this.
        if (this.#bunDomains.size < 16) this.#bunDomains.set(domain, prepared);
      }
      return prepared.copy().update(text).digest('hex');
    }
    const message = `${domain}\n${text}`;
    const native = this.#secret === undefined ? undefined : nativeCrypto();
    if (this.#secret !== undefined && native !== undefined) {
      return native.createHmac('sha256', this.#secret).update(message).digest('hex');
    }
    return toHex((this.#mac as Hmac256).mac(utf8(message)));
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
  if (typeof secret === 'string' && secret.length > 0) return utf8(secret);
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
export function createSigningKey(secret: ApprovalSecret, options?: SigningKeyOptions): SigningKey {
  return new SigningKey(secret, options);
}

const stringKeys = new Map<string, SigningKey>();
/** Per byte array, the key and a copy of the bytes it was made from (the caller may rewrite the array). */
const byteKeys = new WeakMap<Uint8Array, { readonly key: SigningKey; readonly bytes: Uint8Array }>();

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  for (let index = 0; index < a.length; index++) if (a[index] !== b[index]) return false;
  return true;
}

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
  // A cached key is reused only while the array still holds the bytes it was made from: a buffer rotated
  // or wiped in place must sign with what it holds now, never keep verifying under the old secret.
  const cached = byteKeys.get(secret);
  if (cached !== undefined && sameBytes(cached.bytes, secret)) return cached.key;
  const key = new SigningKey(secret);
  byteKeys.set(secret, { key, bytes: secret.slice() });
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
  if (bun !== undefined) return bun.SHA256.hash(text, 'hex');
  const native = nativeCrypto();
  if (native !== undefined) {
    return typeof native.hash === 'function'
      ? native.hash('sha256', text, 'hex')
      : native.createHash('sha256').update(text).digest('hex');
  }
  return toHex(sha256(utf8(text)));
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
  return toHex(globalThis.crypto.getRandomValues(new Uint8Array(16)));
}
