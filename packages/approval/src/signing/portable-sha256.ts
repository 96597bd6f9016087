/**
 * SHA-256 (FIPS 180-4) and HMAC-SHA256 (RFC 2104) in plain JavaScript, for runtimes without a synchronous
 * native implementation (browsers; `crypto.subtle` is asynchronous) and for `portable: true`. Where Node or
 * Bun run, the native implementations are used instead (signing-key.ts).
 *
 * Written for this package rather than imported: the library it replaces (`@noble/hashes`) builds tables
 * for every SHA-2 variant when it is loaded, which every program importing `armorer` paid at start-up
 * (issue 36). Nothing here runs at load but the 64 round constants. The tests check it against
 * `node:crypto` and `@noble/hashes` on generated inputs and against the FIPS 180-4 and RFC 4231 vectors.
 * The rounds have no branch or table index that depends on the data, and the caller compares signatures in
 * constant time.
 */

/** The first 32 bits of the fractional parts of the cube roots of the first 64 primes. */
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

/** The first 32 bits of the fractional parts of the square roots of the first 8 primes. */
const INITIAL = [
  0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19,
];

const BLOCK_BYTES = 64;

function rotateRight(word: number, bits: number): number {
  return (word >>> bits) | (word << (32 - bits));
}

/** An incremental SHA-256: `update` any number of times, then `digest` once. `clone` copies the state. */
export class Sha256 {
  readonly #state: Uint32Array;
  readonly #block: Uint8Array;
  readonly #schedule = new Uint32Array(64);
  #filled: number;
  #length: number;

  constructor(from?: Sha256) {
    if (from === undefined) {
      this.#state = Uint32Array.from(INITIAL);
      this.#block = new Uint8Array(BLOCK_BYTES);
      this.#filled = 0;
      this.#length = 0;
    } else {
      this.#state = from.#state.slice();
      this.#block = from.#block.slice();
      this.#filled = from.#filled;
      this.#length = from.#length;
    }
  }

  /** A copy of this hash's state: both continue independently. */
  clone(): Sha256 {
    return new Sha256(this);
  }

  /** Absorbs bytes. */
  update(data: Uint8Array): this {
    this.#length += data.length;
    let offset = 0;
    if (this.#filled > 0) {
      const taken = Math.min(BLOCK_BYTES - this.#filled, data.length);
      this.#block.set(data.subarray(0, taken), this.#filled);
      this.#filled += taken;
      offset = taken;
      if (this.#filled < BLOCK_BYTES) return this;
      this.#compress(this.#block, 0);
      this.#filled = 0;
    }
    for (; offset + BLOCK_BYTES <= data.length; offset += BLOCK_BYTES) this.#compress(data, offset);
    if (offset < data.length) {
      this.#block.set(data.subarray(offset), 0);
      this.#filled = data.length - offset;
    }
    return this;
  }

  /** Pads, finishes and returns the 32-byte digest. The hash must not be used afterwards. */
  digest(): Uint8Array {
    const bits = this.#length * 8;
    const block = this.#block;
    block[this.#filled] = 0x80;
    block.fill(0, this.#filled + 1);
    if (this.#filled >= BLOCK_BYTES - 8) {
      this.#compress(block, 0);
      block.fill(0);
    }
    // The message length in bits, big-endian in the last 8 bytes (exact below 2^53 bits).
    const view = new DataView(block.buffer, block.byteOffset, BLOCK_BYTES);
    view.setUint32(BLOCK_BYTES - 8, Math.floor(bits / 0x1_0000_0000));
    view.setUint32(BLOCK_BYTES - 4, bits >>> 0);
    this.#compress(block, 0);
    const out = new Uint8Array(32);
    const outView = new DataView(out.buffer);
    for (let index = 0; index < 8; index++) outView.setUint32(index * 4, this.#state[index] as number);
    return out;
  }

  #compress(data: Uint8Array, offset: number): void {
    const w = this.#schedule;
    for (let index = 0; index < 16; index++) {
      const at = offset + index * 4;
      w[index] =
        ((data[at] as number) << 24) |
        ((data[at + 1] as number) << 16) |
        ((data[at + 2] as number) << 8) |
        (data[at + 3] as number);
    }
    for (let index = 16; index < 64; index++) {
      const w15 = w[index - 15] as number;
      const w2 = w[index - 2] as number;
      const s0 = rotateRight(w15, 7) ^ rotateRight(w15, 18) ^ (w15 >>> 3);
      const s1 = rotateRight(w2, 17) ^ rotateRight(w2, 19) ^ (w2 >>> 10);
      w[index] = ((w[index - 16] as number) + s0 + (w[index - 7] as number) + s1) | 0;
    }
    const state = this.#state;
    let a = state[0] as number;
    let b = state[1] as number;
    let c = state[2] as number;
    let d = state[3] as number;
    let e = state[4] as number;
    let f = state[5] as number;
    let g = state[6] as number;
    let h = state[7] as number;
    for (let index = 0; index < 64; index++) {
      const sum1 = rotateRight(e, 6) ^ rotateRight(e, 11) ^ rotateRight(e, 25);
      const choice = (e & f) ^ (~e & g);
      const t1 = (h + sum1 + choice + (K[index] as number) + (w[index] as number)) | 0;
      const sum0 = rotateRight(a, 2) ^ rotateRight(a, 13) ^ rotateRight(a, 22);
      const majority = (a & b) ^ (a & c) ^ (b & c);
      const t2 = (sum0 + majority) | 0;
      h = g;
      g = f;
      f = e;
      e = (d + t1) | 0;
      d = c;
      c = b;
      b = a;
      a = (t1 + t2) | 0;
    }
    state[0] = (state[0] as number) + a;
    state[1] = (state[1] as number) + b;
    state[2] = (state[2] as number) + c;
    state[3] = (state[3] as number) + d;
    state[4] = (state[4] as number) + e;
    state[5] = (state[5] as number) + f;
    state[6] = (state[6] as number) + g;
    state[7] = (state[7] as number) + h;
  }
}

/** SHA-256 of some bytes. */
export function sha256(data: Uint8Array): Uint8Array {
  return new Sha256().update(data).digest();
}

/**
 * HMAC-SHA256 under one key, with the inner and outer hashes keyed once: each message costs two hashes of
 * the message's length plus one block, never a re-keying.
 */
export class Hmac256 {
  readonly #inner: Sha256;
  readonly #outer: Sha256;

  constructor(key: Uint8Array) {
    const padded = new Uint8Array(BLOCK_BYTES);
    padded.set(key.length > BLOCK_BYTES ? sha256(key) : key);
    for (let index = 0; index < BLOCK_BYTES; index++) padded[index] = (padded[index] as number) ^ 0x36;
    this.#inner = new Sha256().update(padded);
    // 0x36 ^ 0x5c turns the inner pad into the outer one.
    for (let index = 0; index < BLOCK_BYTES; index++) padded[index] = (padded[index] as number) ^ 0x36 ^ 0x5c;
    this.#outer = new Sha256().update(padded);
    padded.fill(0);
  }

  /** The MAC of a message. */
  mac(message: Uint8Array): Uint8Array {
    return this.#outer.clone().update(this.#inner.clone().update(message).digest()).digest();
  }
}

const encoder = new TextEncoder();

/** UTF-8 bytes of a string (lone surrogates become U+FFFD, as everywhere else). */
export function utf8(text: string): Uint8Array {
  return encoder.encode(text);
}

/** Lower-case hex of some bytes. */
export function toHex(bytes: Uint8Array): string {
  let hex = '';
  for (const byte of bytes) hex += (byte < 16 ? '0' : '') + byte.toString(16);
  return hex;
}
