/** A small seeded generator (mulberry32) so that property tests are reproducible. */
export function createRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
}

const PIECES = ['a', 'Z', ' ', '\n', 'é', 'ß', '中', '文', '😀', '👍🏽', '𝄞', '=', '/', '+', '9'];

/** A random string mixing ASCII, 2- and 3-byte characters and surrogate pairs. */
export function randomText(random: () => number, pieces: number): string {
  let text = '';
  for (let index = 0; index < pieces; index++) text += PIECES[Math.floor(random() * PIECES.length)];
  return text;
}

/** Random standard base64 of `length` characters (before padding). */
export function randomBase64(random: () => number, length: number): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
  let text = '';
  for (let index = 0; index < length; index++) text += alphabet[Math.floor(random() * 64)];
  return text;
}

/** True when a string contains a surrogate that is not part of a pair. */
export function hasLoneSurrogate(text: string): boolean {
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code >= 0xd800 && code <= 0xdbff) {
      const next = text.charCodeAt(index + 1);
      if (!(next >= 0xdc00 && next <= 0xdfff)) return true;
      index++;
    } else if (code >= 0xdc00 && code <= 0xdfff) {
      return true;
    }
  }
  return false;
}
