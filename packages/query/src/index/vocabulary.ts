import { editDistance } from '../text/edit-distance';

/** A vocabulary term close to a query term, and how close (1 is identical). */
export interface TermCandidate {
  readonly term: string;
  readonly similarity: number;
}

const MAX_DELETE_INDEXED_LENGTH = 24;
const CONTAINS_CACHE_LIMIT = 512;
const NEARBY_CACHE_LIMIT = 1024;

/**
 * The distinct terms of an index with the lookups query expansion needs: prefixes (a sorted array), typos
 * (a map of single-character deletions, the SymSpell method) and substrings. The sorted array and the
 * deletion map are built on first use and then kept up to date as terms are added.
 */
export class Vocabulary {
  readonly #terms: string[] = [];
  #sorted: string[] | undefined;
  #unsorted: string[] = [];
  #deletes: Map<string, string | string[]> | undefined;
  readonly #contains = new Map<string, readonly TermCandidate[]>();
  readonly #nearby = new Map<string, readonly TermCandidate[]>();

  get size(): number {
    return this.#terms.length;
  }

  add(term: string): void {
    this.#terms.push(term);
    if (this.#sorted !== undefined) this.#unsorted.push(term);
    if (this.#deletes !== undefined) this.#indexDeletes(term);
    if (this.#contains.size > 0) this.#contains.clear();
    if (this.#nearby.size > 0) this.#nearby.clear();
  }

  /** Terms that start with `prefix` (not `prefix` itself), shortest first, at most `limit`. */
  withPrefix(prefix: string, limit: number): TermCandidate[] {
    const sorted = this.#sortedTerms();
    const found: TermCandidate[] = [];
    for (let index = lowerBound(sorted, prefix); index < sorted.length && found.length < limit * 4; index++) {
      const term = sorted[index] as string;
      if (!term.startsWith(prefix)) break;
      if (term.length > prefix.length) found.push({ term, similarity: prefix.length / term.length });
    }
    return found.sort((a, b) => b.similarity - a.similarity).slice(0, limit);
  }

  /**
   * Terms within `maxDistance` edits of `term` (not `term` itself). Memoized until the next addition: the
   * words a vocabulary lacks recur across requests (names, numbers, misspellings). Do not modify the result.
   */
  withinDistance(term: string, maxDistance: number): readonly TermCandidate[] {
    const key = `${maxDistance}:${term}`;
    let found = this.#nearby.get(key);
    if (found === undefined) {
      found = this.#findWithinDistance(term, maxDistance);
      if (this.#nearby.size >= NEARBY_CACHE_LIMIT) this.#nearby.clear();
      this.#nearby.set(key, found);
    }
    return found;
  }

  #findWithinDistance(term: string, maxDistance: number): TermCandidate[] {
    const deletes = this.#deleteMap();
    const seen = new Set<string>();
    const once = deletions(term);
    const probes = [term, ...once];
    if (maxDistance >= 2)
      for (const deleted of once) for (const twice of deletions(deleted)) probes.push(twice);
    const found: TermCandidate[] = [];
    for (const probe of probes) {
      const hit = deletes.get(probe);
      if (hit === undefined) continue;
      for (const candidate of typeof hit === 'string' ? [hit] : hit) {
        if (candidate === term || seen.has(candidate)) continue;
        seen.add(candidate);
        const distance = editDistance(term, candidate, maxDistance);
        if (distance <= maxDistance) {
          found.push({ term: candidate, similarity: 1 - distance / Math.max(term.length, candidate.length) });
        }
      }
    }
    return found;
  }

  /** Terms that contain `part` (including `part` itself), scored by how much of the term it covers. */
  containing(part: string): readonly TermCandidate[] {
    const cached = this.#contains.get(part);
    if (cached !== undefined) return cached;
    const found: TermCandidate[] = [];
    for (const term of this.#terms) {
      if (term.includes(part)) found.push({ term, similarity: part.length / term.length });
    }
    if (this.#contains.size >= CONTAINS_CACHE_LIMIT) this.#contains.clear();
    this.#contains.set(part, found);
    return found;
  }

  #sortedTerms(): string[] {
    if (this.#sorted === undefined) {
      this.#sorted = [...this.#terms].sort();
      this.#unsorted = [];
    } else if (this.#unsorted.length > 0) {
      const sorted = this.#sorted;
      if (this.#unsorted.length > 64) {
        sorted.push(...this.#unsorted);
        sorted.sort();
      } else {
        for (const term of this.#unsorted) sorted.splice(lowerBound(sorted, term), 0, term);
      }
      this.#unsorted = [];
    }
    return this.#sorted;
  }

  #deleteMap(): Map<string, string | string[]> {
    if (this.#deletes === undefined) {
      this.#deletes = new Map();
      for (const term of this.#terms) this.#indexDeletes(term);
    }
    return this.#deletes;
  }

  #indexDeletes(term: string): void {
    const deletes = this.#deletes as Map<string, string | string[]>;
    addTo(deletes, term, term);
    if (term.length > MAX_DELETE_INDEXED_LENGTH) return;
    for (const deleted of deletions(term)) addTo(deletes, deleted, term);
  }
}

function addTo(map: Map<string, string | string[]>, key: string, term: string): void {
  const existing = map.get(key);
  if (existing === undefined) map.set(key, term);
  else if (typeof existing === 'string') {
    if (existing !== term) map.set(key, [existing, term]);
  } else if (!existing.includes(term)) existing.push(term);
}

/**
 * The distinct strings made by deleting one character. Deleting any letter of a run of equal letters gives
 * the same string, so only the first of each run is deleted: distinct without a set.
 */
function deletions(term: string): string[] {
  if (term.length < 2) return [];
  const out: string[] = [];
  for (let index = 0; index < term.length; index++) {
    if (index > 0 && term.charCodeAt(index) === term.charCodeAt(index - 1)) continue;
    out.push(term.slice(0, index) + term.slice(index + 1));
  }
  return out;
}

function lowerBound(sorted: readonly string[], value: string): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((sorted[middle] as string) < value) low = middle + 1;
    else high = middle;
  }
  return low;
}
