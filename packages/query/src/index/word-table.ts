/**
 * A hash table from words to values that is probed with a slice of a text (lowercased on the fly), so the
 * search index looks up each word of a description without making a string for it: a string is made only
 * for a word the table has not seen. Open addressing with linear probing; FNV-1a over UTF-16 code units.
 */
export class WordTable<T> {
  #slots = new Int32Array(1024);
  #mask = 1023;
  readonly #words: string[] = [];
  readonly #hashes: number[] = [];
  readonly #values: T[] = [];

  get size(): number {
    return this.#words.length;
  }

  /**
   * The entry of the word `text.slice(start, end)` with ASCII capitals lowercased, or -1. Read its value
   * with {@link valueAt}.
   */
  find(text: string, start: number, end: number): number {
    const hash = hashOf(text, start, end);
    const words = this.#words;
    const slots = this.#slots;
    const mask = this.#mask;
    const length = end - start;
    for (let slot = hash & mask; ; slot = (slot + 1) & mask) {
      const entry = (slots[slot] as number) - 1;
      if (entry < 0) return -1;
      if (this.#hashes[entry] !== hash) continue;
      const word = words[entry] as string;
      if (word.length === length && sameWord(word, text, start)) return entry;
    }
  }

  valueAt(entry: number): T {
    return this.#values[entry] as T;
  }

  /** Adds a word (lowercase) that {@link find} did not find. */
  add(word: string, value: T): void {
    const entry = this.#words.length;
    const hash = hashOf(word, 0, word.length);
    this.#words.push(word);
    this.#hashes.push(hash);
    this.#values.push(value);
    if ((entry + 1) * 2 > this.#slots.length) this.#grow();
    else this.#place(entry, hash);
  }

  #place(entry: number, hash: number): void {
    const slots = this.#slots;
    const mask = this.#mask;
    let slot = hash & mask;
    while (slots[slot] !== 0) slot = (slot + 1) & mask;
    slots[slot] = entry + 1;
  }

  #grow(): void {
    this.#slots = new Int32Array(this.#slots.length * 2);
    this.#mask = this.#slots.length - 1;
    for (let entry = 0; entry < this.#words.length; entry++)
      this.#place(entry, this.#hashes[entry] as number);
  }
}

/** ASCII capitals as lowercase; every other code unit as is. */
function lower(code: number): number {
  return code >= 65 && code <= 90 ? code + 32 : code;
}

function hashOf(text: string, start: number, end: number): number {
  let hash = 0x811c9dc5;
  for (let index = start; index < end; index++)
    hash = Math.imul(hash ^ lower(text.charCodeAt(index)), 0x01000193);
  return hash >>> 0;
}

function sameWord(word: string, text: string, start: number): boolean {
  for (let index = 0; index < word.length; index++)
    if (word.charCodeAt(index) !== lower(text.charCodeAt(start + index))) return false;
  return true;
}
