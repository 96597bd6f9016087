/** Deeper data is compared by its JSON texts (which also report a cycle as `JSON.stringify` does). */
const MAX_DEPTH = 128;

// The keys of the right-hand objects being compared, as a stack: one array for every comparison.
const keys: string[] = [];
let top = 0;

/** Plain objects of one prototype: their JSON texts are made of their own entries alone (no `toJSON`). */
function plainObjects(left: object, right: object): boolean {
  const prototype = Object.getPrototypeOf(left);
  return (prototype === Object.prototype || prototype === null) && Object.getPrototypeOf(right) === prototype;
}

function plainArray(value: readonly unknown[]): boolean {
  return Object.getPrototypeOf(value) === Array.prototype && !Object.hasOwn(value, 'toJSON');
}

function equalArrays(left: readonly unknown[], right: readonly unknown[], depth: number): boolean {
  if (left.length !== right.length || !plainArray(left) || !plainArray(right)) return false;
  for (let index = 0; index < left.length; index++)
    if (!equalData(left[index], right[index], depth + 1)) return false;
  return true;
}

/** Same own keys in the same order (as `JSON.stringify` writes them), with equal values. */
function equalObjects(left: Record<string, unknown>, right: Record<string, unknown>, depth: number): boolean {
  if (!plainObjects(left, right)) return false;
  const start = top;
  for (const key in right) if (Object.hasOwn(right, key)) keys[top++] = key;
  const end = top;
  let at = start;
  try {
    for (const key in left) {
      if (!Object.hasOwn(left, key)) continue;
      if (at === end || keys[at] !== key) return false;
      at++;
      if (!equalData(left[key], right[key], depth + 1)) return false;
    }
    return at === end;
  } finally {
    top = start;
  }
}

/**
 * True when two values are equal JSON data, entries in the same order: then their JSON texts are equal.
 * False means "cannot tell so cheaply" (different data, or values JSON writes in their own way).
 */
function equalData(left: unknown, right: unknown, depth: number): boolean {
  // JSON cannot write a bigint; a function (such as `toJSON`) may write anything; `undefined` may be a
  // hole in an array, which array methods skip; 0 and -0 are told apart.
  if (Object.is(left, right))
    return typeof left !== 'bigint' && typeof left !== 'function' && left !== undefined;
  if (typeof left !== 'object' || typeof right !== 'object' || left === null || right === null) return false;
  if (depth > MAX_DEPTH) return false;
  if (Array.isArray(left))
    return Array.isArray(right) && equalArrays(left, right as readonly unknown[], depth);
  return (
    !Array.isArray(right) &&
    equalObjects(left as Record<string, unknown>, right as Record<string, unknown>, depth)
  );
}

/**
 * True when two values are the same JSON data: plain objects (of one prototype) with the same keys in the
 * same order, plain arrays, equal primitives (`Object.is`), no `undefined`, functions or bigints. Code that
 * reads JSON data cannot tell them apart. False means "maybe not".
 *
 * @example
 * ```ts
 * equalJsonData({ a: [1] }, { a: [1] }); // true
 * equalJsonData({ a: undefined }, { a: undefined }); // false: maybe not
 * ```
 */
export function equalJsonData(left: unknown, right: unknown): boolean {
  return equalData(left, right, 0);
}

/**
 * True when two values have the same JSON text. Equal data (the common case: a tool declared again) is
 * told without writing either text.
 *
 * @example
 * ```ts
 * sameJson({ a: [1] }, { a: [1] }); // true
 * sameJson({ a: 1, b: 2 }, { b: 2, a: 1 }); // false: the texts differ
 * ```
 */
export function sameJson(left: unknown, right: unknown): boolean {
  return equalData(left, right, 0) || JSON.stringify(left) === JSON.stringify(right);
}
