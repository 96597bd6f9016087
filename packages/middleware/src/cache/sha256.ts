import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';

interface NodeHash {
  update(text: string, encoding: 'utf8'): NodeHash;
  digest(encoding: 'hex'): string;
}
type CreateHash = (algorithm: 'sha256') => NodeHash;

let nativeHash: CreateHash | null | undefined;

/** The runtime's `crypto.createHash` where there is one (Bun, Node), found without a static import, so browser bundles stay free of Node modules. */
function native(): CreateHash | null {
  if (nativeHash !== undefined) return nativeHash;
  try {
    const runtime = (globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } }).process;
    const crypto = runtime?.getBuiltinModule?.('crypto') as { createHash?: CreateHash } | undefined;
    nativeHash = typeof crypto?.createHash === 'function' ? crypto.createHash : null;
  } catch {
    nativeHash = null;
  }
  return nativeHash;
}

/**
 * SHA-256 of a string's UTF-8 bytes, as 64 hex characters. Synchronous: the runtime's crypto module under Bun and Node,
 * `@noble/hashes` in a browser (where `crypto.subtle` is asynchronous). A cryptographic
 * digest, so tool arguments cannot be crafted to collide with another call's cache key.
 */
export function sha256Hex(text: string): string {
  const createHash = native();
  return createHash === null
    ? portableSha256Hex(text)
    : createHash('sha256').update(text, 'utf8').digest('hex');
}

/** The portable SHA-256 (`@noble/hashes`), exported for tests. */
export function portableSha256Hex(text: string): string {
  return bytesToHex(sha256(utf8ToBytes(text)));
}
