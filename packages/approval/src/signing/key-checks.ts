import { approvalError } from '../errors/errors';
import type { ApprovalSecret } from './signing-key';

// The checks of secrets and keyrings, apart from the keys themselves: `createToolbox` runs them when it is
// created, while the HMAC code loads only with the first approval.

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
 * Checks a secret: present (a non-empty string or Uint8Array) and at least {@link MIN_SECRET_BYTES}
 * bytes. Throws an `ApprovalError` (`missing-secret`, `weak-secret`) whose message names it by `label`,
 * never by its value.
 *
 * @example
 * ```ts
 * checkApprovalSecret(process.env.ARMORER_APPROVAL_SECRET, 'approvalSecret');
 * ```
 */
export function checkApprovalSecret(secret: unknown, label: string): ApprovalSecret {
  if (!((typeof secret === 'string' || secret instanceof Uint8Array) && secret.length > 0)) {
    throw approvalError(
      'missing-secret',
      `${label} is missing: a string or Uint8Array of at least ${MIN_SECRET_BYTES} bytes is required.`,
    );
  }
  const length = typeof secret === 'string' ? utf8Bytes(secret) : secret.length;
  if (length < MIN_SECRET_BYTES) {
    throw approvalError(
      'weak-secret',
      `${label} is ${length} bytes; at least ${MIN_SECRET_BYTES} are required (for example 32 random bytes, base64-encoded).`,
    );
  }
  return secret;
}

/**
 * Checks a list of keys: 1 to {@link MAX_KEYS} objects `{ id, secret }`, unique valid ids, every secret
 * as {@link checkApprovalSecret} wants it. Throws an `ApprovalError` (`invalid-key`, `missing-secret`,
 * `weak-secret`) naming the key at fault (`approvalKeys[1].secret`). Returns the keys.
 *
 * @example
 * ```ts
 * checkApprovalKeys([{ id: 'k2', secret: next }, { id: 'k1', secret: current }], 'approvalKeys');
 * ```
 */
export function checkApprovalKeys(keys: unknown, label: string): readonly ApprovalKey[] {
  if (!Array.isArray(keys) || keys.length === 0 || keys.length > MAX_KEYS) {
    throw approvalError(
      'invalid-key',
      `${label} must be an array of 1 to ${MAX_KEYS} keys ({ id, secret }).`,
    );
  }
  const seen = new Set<string>();
  for (let index = 0; index < keys.length; index++) {
    const entry: unknown = keys[index];
    const where = `${label}[${index}]`;
    if (typeof entry !== 'object' || entry === null) {
      throw approvalError('invalid-key', `${where} must be an object { id, secret }.`);
    }
    const { id, secret } = entry as { id?: unknown; secret?: unknown };
    if (!isApprovalKeyId(id)) {
      throw approvalError(
        'invalid-key',
        `${where}.id must be 1 to 64 letters, digits, ".", "_", ":" or "-".`,
      );
    }
    if (seen.has(id)) throw approvalError('invalid-key', `${where}.id "${id}" is used by another key.`);
    seen.add(id);
    checkApprovalSecret(secret, `${where}.secret`);
  }
  return keys as readonly ApprovalKey[];
}
