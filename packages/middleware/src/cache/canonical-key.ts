import { canonicalJson } from '@armorer/approval';

/**
 * The canonical JSON of tool arguments (`@armorer/approval`'s `canonicalJson`: keys sorted, `undefined`
 * properties dropped, so an absent and an undefined optional field are the same call), or `undefined` for
 * a value that is not JSON data (functions, symbols, bigints, non-finite numbers, Dates, Maps, Sets, class
 * instances, `undefined` in an array, cycles, extreme nesting or size, a throwing getter or Proxy trap):
 * such calls are not cached, so two different values never share a key. Linear in the size of the input.
 */
export function canonicalKey(value: unknown): string | undefined {
  try {
    return canonicalJson(value);
  } catch {
    return undefined;
  }
}

/**
 * True when a value is plain JSON data, which `structuredClone` copies faithfully: the only values the
 * cache stores or shares between callers.
 */
export function isPlainData(value: unknown): boolean {
  return canonicalKey(value) !== undefined;
}
