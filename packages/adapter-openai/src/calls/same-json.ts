/** A plain object or array (whose JSON text is made of its own entries alone, no `toJSON`). */
function plainContainer(value: object): boolean {
  if (Array.isArray(value)) return true;
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

/**
 * True when two values are equal JSON data, entries in the same order: then their JSON texts are equal.
 * False means "cannot tell so cheaply" (different data, or values JSON writes in their own way).
 */
function equalData(left: unknown, right: unknown): boolean {
  // JSON cannot write a bigint, and a function (such as `toJSON`) may write anything.
  if (left === right) return typeof left !== 'bigint' && typeof left !== 'function';
  if (typeof left !== 'object' || typeof right !== 'object' || left === null || right === null) return false;
  if (!plainContainer(left) || !plainContainer(right) || Array.isArray(left) !== Array.isArray(right))
    return false;
  const leftKeys = Object.keys(left);
  const rightKeys = Object.keys(right);
  if (leftKeys.length !== rightKeys.length) return false;
  for (let index = 0; index < leftKeys.length; index++) {
    const key = leftKeys[index] as string;
    if (key !== rightKeys[index]) return false;
    if (!equalData((left as Record<string, unknown>)[key], (right as Record<string, unknown>)[key]))
      return false;
  }
  return true;
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
  return equalData(left, right) || JSON.stringify(left) === JSON.stringify(right);
}
