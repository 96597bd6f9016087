import type { ApprovalSecret } from './signing-key';

// The checks of secrets and keyrings, apart from the keys themselves and from any error class:
// `createToolbox` runs them when it is created, while the HMAC code loads only with the first approval.

/** What is wrong with a secret or a keyring: the `ApprovalError` code it is refused with, and why. */
export interface ApprovalKeyProblem {
  readonly code: 'missing-secret' | 'weak-secret' | 'invalid-key';
  /** Names the secret or key at fault by its label (`approvalKeys[1].secret`), never by its value. */
  readonly message: string;
}

/** One key of an `ApprovalKeyring`: an id that names it in what it signs, and its secret. */
export interface ApprovalKey {
  /** 1 to 64 characters: letters, digits, `.`, `_`, `:` and `-`. Not secret: it travels with signatures. */
  readonly id: string;
  /** At least {@link MIN_SECRET_BYTES} bytes (UTF-8 for a string). */
  readonly secret: ApprovalSecret;
}

/** The shortest secret a keyring (and a toolbox) accepts: 32 bytes, the HMAC-SHA256 key size. */
export const MIN_SECRET_BYTES = 32;
/** The most keys a keyring holds: a signature without a key id is tried against each. */
export const MAX_KEYS = 16;

const KEY_ID = /^[A-Za-z0-9._:-]{1,64}$/;

/**
 * True for a string that can name a key (see {@link ApprovalKey.id}).
 *
 * @example
 * ```ts
 * isApprovalKeyId('2026-07'); // true
 * isApprovalKeyId('has space'); // false
 * ```
 */
export function isApprovalKeyId(value: unknown): value is string {
  return typeof value === 'string' && KEY_ID.test(value);
}

/** The UTF-8 length of a string, without encoding it. */
function utf8Bytes(text: string): number {
  let bytes = 0;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    else if (code >= 0xd800 && code <= 0xdbff && (text.charCodeAt(index + 1) & 0xfc00) === 0xdc00) {
      bytes += 4;
      index++;
    } else bytes += 3;
  }
  return bytes;
}

/**
 * What is wrong with a secret (missing, or under {@link MIN_SECRET_BYTES} bytes), or `undefined` when it
 * can sign. `label` names it in the message.
 *
 * @example
 * ```ts
 * approvalSecretProblem('short', 'approvalSecret'); // { code: 'weak-secret', message: 'approvalSecret is 5 bytes; ...' }
 * ```
 */
export function approvalSecretProblem(secret: unknown, label: string): ApprovalKeyProblem | undefined {
  if (!((typeof secret === 'string' || secret instanceof Uint8Array) && secret.length > 0)) {
    return { code: 'missing-secret', message: `${label} is missing: it needs ${MIN_SECRET_BYTES}+ bytes.` };
  }
  const length = typeof secret === 'string' ? utf8Bytes(secret) : secret.length;
  if (length >= MIN_SECRET_BYTES) return undefined;
  return {
    code: 'weak-secret',
    message: `${label} is ${length} bytes; at least ${MIN_SECRET_BYTES} are required (32 random bytes, base64-encoded).`,
  };
}

/**
 * What is wrong with a list of keys (1 to {@link MAX_KEYS} objects `{ id, secret }`, unique valid ids,
 * every secret as {@link approvalSecretProblem} wants it), or `undefined`. The message names the key at
 * fault (`approvalKeys[1].secret`).
 *
 * @example
 * ```ts
 * approvalKeysProblem([{ id: 'k1', secret: 'short' }], 'approvalKeys')?.message; // 'approvalKeys[0].secret is 5 bytes; ...'
 * ```
 */
export function approvalKeysProblem(keys: unknown, label: string): ApprovalKeyProblem | undefined {
  if (!Array.isArray(keys) || keys.length === 0 || keys.length > MAX_KEYS) {
    return {
      code: 'invalid-key',
      message: `${label} must be an array of 1 to ${MAX_KEYS} keys ({ id, secret }).`,
    };
  }
  const seen = new Set<unknown>();
  for (let index = 0; index < keys.length; index++) {
    const entry: unknown = keys[index];
    const where = `${label}[${index}]`;
    if (typeof entry !== 'object' || entry === null) {
      return { code: 'invalid-key', message: `${where} must be an object { id, secret }.` };
    }
    const { id, secret } = entry as { id?: unknown; secret?: unknown };
    if (!isApprovalKeyId(id)) {
      return { code: 'invalid-key', message: `${where}.id must be 1 to 64 of A-Z a-z 0-9 . _ : -` };
    }
    if (seen.has(id)) return { code: 'invalid-key', message: `${where}.id "${id}" is used by another key.` };
    seen.add(id);
    const problem = approvalSecretProblem(secret, `${where}.secret`);
    if (problem !== undefined) return problem;
  }
  return undefined;
}
