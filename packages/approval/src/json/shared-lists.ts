/**
 * Frozen lists of strings, shared between the values that carry equal lists: the capabilities of approval
 * bindings and of the request contexts core freezes. Freezing an array costs JavaScriptCore about 0.2 µs,
 * and a host sends the same few lists over and over; the lists are immutable either way.
 */
const sharedLists = new Map<string, readonly string[]>();
const NO_ITEMS: readonly string[] = Object.freeze([]);

/** Lists whose joined text is longer are frozen but not kept (512 kept lists at most: about 2 MB). */
const MAX_KEY_LENGTH = 4096;
const MAX_LISTS = 512;

/** Whether two lists of strings hold the same items in the same order. @internal */
export function sameStringList(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  for (let index = 0; index < a.length; index++) if (a[index] !== b[index]) return false;
  return true;
}

/**
 * The shared frozen list equal to `list`, a fresh array of strings the caller hands over (it is frozen and
 * kept when no equal list is). A list found by its joined text is compared item by item before it is
 * shared, so separators inside items cannot make two lists meet. Bounded: cleared when full.
 * @internal
 *
 * @example
 * ```ts
 * sharedStringList(['read', 'write']) === sharedStringList(['read', 'write']); // true
 * ```
 */
export function sharedStringList(list: string[]): readonly string[] {
  if (list.length === 0) return NO_ITEMS;
  const key = list.join('\u0000');
  const shared = sharedLists.get(key);
  if (shared !== undefined && sameStringList(shared, list)) return shared;
  const frozen = Object.freeze(list);
  if (key.length <= MAX_KEY_LENGTH) {
    if (sharedLists.size >= MAX_LISTS) sharedLists.clear();
    sharedLists.set(key, frozen);
  }
  return frozen;
}
