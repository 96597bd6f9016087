import { checkApprovalKeys, checkApprovalSecret } from './key-checks';
import type { ApprovalKey } from './key-problems';
import { type ApprovalSecret, SigningKey } from './signing-key';

/**
 * The keys approvals and grants are signed and verified with. The first key signs; every key verifies, so
 * rotating a secret leaves what is pending valid: put the new key first and keep the old one until what
 * it signed has expired. A signature carries the id of the key that made it; a signature without one
 * (issued under a single `approvalSecret`, or by an earlier release) is tried against every key. A ring
 * made from a single secret has one key without an id, which verifies a signature whatever id it names
 * (so processes still on `approvalSecret` verify what processes on a ring with the same secret sign).
 * Secrets are copied into prepared keys and never readable back. Every secret must be at least
 * 32 bytes.
 *
 * @example
 * ```ts
 * const keyring = createApprovalKeyring([
 *   { id: '2026-07', secret: process.env.APPROVAL_KEY_2026_07! },
 *   { id: '2026-01', secret: process.env.APPROVAL_KEY_2026_01! }, // verifies, no longer signs
 * ]);
 * keyring.signingKeyId; // '2026-07'
 * ```
 */
export class ApprovalKeyring {
  readonly #signing: SigningKey;
  readonly #signingId: string | undefined;
  readonly #byId = new Map<string, SigningKey>();
  /** Every key, the signing one first: what a signature without a key id is tried against. */
  readonly #all: readonly SigningKey[];
  /** A key without an id (a ring made from one secret): it verifies whatever id a signature names. */
  readonly #anonymous: SigningKey | undefined;

  private constructor(keys: readonly { readonly id: string | undefined; readonly key: SigningKey }[]) {
    const first = keys[0] as { readonly id: string | undefined; readonly key: SigningKey };
    this.#signing = first.key;
    this.#signingId = first.id;
    for (const { id, key } of keys) if (id !== undefined) this.#byId.set(id, key);
    this.#all = keys.map(({ key }) => key);
    this.#anonymous = first.id === undefined ? first.key : undefined;
  }

  /** A ring of named keys; throws an `ApprovalError` (`invalid-key`, `missing-secret`, `weak-secret`). */
  static fromKeys(keys: readonly ApprovalKey[], label = 'keys'): ApprovalKeyring {
    return new ApprovalKeyring(
      checkApprovalKeys(keys, label).map(({ id, secret }) => ({ id, key: new SigningKey(secret) })),
    );
  }

  /** A one-key ring without a key id; throws an `ApprovalError` (`missing-secret`, `weak-secret`). */
  static fromSecret(secret: ApprovalSecret, label = 'The secret'): ApprovalKeyring {
    return new ApprovalKeyring([{ id: undefined, key: new SigningKey(checkApprovalSecret(secret, label)) }]);
  }

  /** The id of the key that signs, or `undefined` for a ring made from a single secret. */
  get signingKeyId(): string | undefined {
    return this.#signingId;
  }

  /** The hex HMAC-SHA256 of `domain`, a newline and `text`, under the first key. */
  sign(domain: string, text: string): string {
    return this.#signing.sign(domain, text);
  }

  /**
   * Verifies in constant time per key tried: under the key `keyId` names (and a key without an id), or,
   * without a key id, under every key. A key id that is not a string naming a key never verifies.
   */
  verify(domain: string, text: string, signature: unknown, keyId: unknown): boolean {
    if (keyId === undefined) {
      const all = this.#all;
      for (let index = 0; index < all.length; index++) {
        if ((all[index] as SigningKey).verify(domain, text, signature)) return true;
      }
      return false;
    }
    if (typeof keyId !== 'string') return false;
    const named = this.#byId.get(keyId);
    if (named !== undefined) return named.verify(domain, text, signature);
    return this.#anonymous?.verify(domain, text, signature) === true;
  }

  toJSON(): string {
    return '[ApprovalKeyring]';
  }

  toString(): string {
    return '[ApprovalKeyring]';
  }

  [Symbol.for('nodejs.util.inspect.custom')](): string {
    return '[ApprovalKeyring]';
  }
}

/**
 * Creates an {@link ApprovalKeyring} from named keys (the first signs, all verify) or from one secret (a
 * one-key ring, what `approvalSecret` makes). Every secret must be at least 32 bytes.
 * Throws an `ApprovalError` (`invalid-key`, `missing-secret` or `weak-secret`) naming the key at fault.
 *
 * @example
 * ```ts
 * const keyring = createApprovalKeyring([{ id: 'k2', secret: newSecret }, { id: 'k1', secret: oldSecret }]);
 * const envelope = signApprovalPayload(unsigned, keyring); // { version: 3, payload, signature, keyId: 'k2' }
 * ```
 */
export function createApprovalKeyring(keys: readonly ApprovalKey[] | ApprovalSecret): ApprovalKeyring {
  return Array.isArray(keys)
    ? ApprovalKeyring.fromKeys(keys)
    : ApprovalKeyring.fromSecret(keys as ApprovalSecret);
}
