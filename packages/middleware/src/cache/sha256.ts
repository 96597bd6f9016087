const K = new Uint32Array([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5, 0xd807aa98,
  0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786,
  0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da, 0x983e5152, 0xa831c66d, 0xb00327c8,
  0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13,
  0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819,
  0xd6990624, 0xf40e3585, 0x106aa070, 0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a,
  0x5b9cca4f, 0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7,
  0xc67178f2,
]);

const HEX = Array.from({ length: 256 }, (_, byte) => byte.toString(16).padStart(2, '0'));

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
 * the portable implementation below in a browser (where `crypto.subtle` is asynchronous). A cryptographic
 * digest, so tool arguments cannot be crafted to collide with another call's cache key.
 */
export function sha256Hex(text: string): string {
  const createHash = native();
  return createHash === null
    ? portableSha256Hex(text)
    : createHash('sha256').update(text, 'utf8').digest('hex');
}

/** The portable SHA-256 (FIPS 180-4), exported for tests. */
export function portableSha256Hex(text: string): string {
  const bytes = new TextEncoder().encode(text);
  const length = bytes.length;
  const blocks = ((length + 9 + 63) >>> 6) << 6;
  const padded = new Uint8Array(blocks);
  padded.set(bytes);
  padded[length] = 0x80;
  const view = new DataView(padded.buffer);
  view.setUint32(blocks - 8, Math.floor(length / 0x20000000));
  view.setUint32(blocks - 4, (length << 3) >>> 0);
  const hash = new Uint32Array([
    0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19,
  ]);
  const w = new Uint32Array(64);
  for (let offset = 0; offset < blocks; offset += 64) {
    for (let index = 0; index < 16; index++) {
      const at = offset + index * 4;
      w[index] =
        (((padded[at] as number) << 24) |
          ((padded[at + 1] as number) << 16) |
          ((padded[at + 2] as number) << 8) |
          (padded[at + 3] as number)) >>>
        0;
    }
    for (let index = 16; index < 64; index++) {
      const a = w[index - 15] as number;
      const b = w[index - 2] as number;
      const s0 = ((a >>> 7) | (a << 25)) ^ ((a >>> 18) | (a << 14)) ^ (a >>> 3);
      const s1 = ((b >>> 17) | (b << 15)) ^ ((b >>> 19) | (b << 13)) ^ (b >>> 10);
      w[index] = ((w[index - 16] as number) + s0 + (w[index - 7] as number) + s1) >>> 0;
    }
    let a = hash[0] as number;
    let b = hash[1] as number;
    let c = hash[2] as number;
    let d = hash[3] as number;
    let e = hash[4] as number;
    let f = hash[5] as number;
    let g = hash[6] as number;
    let h = hash[7] as number;
    for (let index = 0; index < 64; index++) {
      const s1 = ((e >>> 6) | (e << 26)) ^ ((e >>> 11) | (e << 21)) ^ ((e >>> 25) | (e << 7));
      const choice = (e & f) ^ (~e & g);
      const t1 = (h + s1 + choice + (K[index] as number) + (w[index] as number)) >>> 0;
      const s0 = ((a >>> 2) | (a << 30)) ^ ((a >>> 13) | (a << 19)) ^ ((a >>> 22) | (a << 10));
      const majority = (a & b) ^ (a & c) ^ (b & c);
      const t2 = (s0 + majority) >>> 0;
      h = g;
      g = f;
      f = e;
      e = (d + t1) >>> 0;
      d = c;
      c = b;
      b = a;
      a = (t1 + t2) >>> 0;
    }
    hash[0] = ((hash[0] as number) + a) >>> 0;
    hash[1] = ((hash[1] as number) + b) >>> 0;
    hash[2] = ((hash[2] as number) + c) >>> 0;
    hash[3] = ((hash[3] as number) + d) >>> 0;
    hash[4] = ((hash[4] as number) + e) >>> 0;
    hash[5] = ((hash[5] as number) + f) >>> 0;
    hash[6] = ((hash[6] as number) + g) >>> 0;
    hash[7] = ((hash[7] as number) + h) >>> 0;
  }
  let hex = '';
  for (const word of hash) {
    hex += `${HEX[word >>> 24]}${HEX[(word >>> 16) & 255]}${HEX[(word >>> 8) & 255]}${HEX[word & 255]}`;
  }
  return hex;
}
