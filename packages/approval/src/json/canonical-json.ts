/** A JSON value: what bindings and grants are made of. */
export type JsonValue =
  | string
  | number
  | boolean
  | null
  | readonly JsonValue[]
  | { readonly [key: string]: JsonValue | undefined };

const MAX_DEPTH = 64;

/**
 * Serializes a JSON value with object keys sorted, so equal values always give the same text (what is
 * signed must not depend on key order). Properties whose value is `undefined` are left out, as
 * `JSON.stringify` leaves them out. Throws a TypeError for anything that is not JSON data: functions,
 * symbols, bigints, non-finite numbers, class instances, cycles, nesting deeper than 64.
 *
 * @example
 * ```ts
 * canonicalJson({ b: 1, a: [true, null] }); // '{"a":[true,null],"b":1}'
 * ```
 */
export function canonicalJson(value: unknown): string {
  return write(value, 0);
}

function write(value: unknown, depth: number): string {
  if (value === null) return 'null';
  switch (typeof value) {
    case 'string':
      return JSON.stringify(value);
    case 'boolean':
      return value ? 'true' : 'false';
    case 'number':
      if (!Number.isFinite(value)) throw new TypeError('Non-finite numbers are not JSON data.');
      // For finite numbers String() gives JSON's text (including "0" for -0), without a JSON.stringify call.
      return String(value);
    case 'object':
      break;
    default:
      throw new TypeError(`A ${typeof value} is not JSON data.`);
  }
  if (depth >= MAX_DEPTH) throw new TypeError(`JSON data nested deeper than ${MAX_DEPTH} levels.`);
  if (Array.isArray(value)) {
    let text = '[';
    for (let index = 0; index < value.length; index++) {
      if (index > 0) text += ',';
      const item: unknown = value[index];
      text += item === undefined ? 'null' : write(item, depth + 1);
    }
    return `${text}]`;
  }
  const prototype = Object.getPrototypeOf(value);
  if (prototype !== Object.prototype && prototype !== null) {
    throw new TypeError('Only plain objects and arrays are JSON data.');
  }
  const record = value as Record<string, unknown>;
  const keys = Object.keys(record).sort();
  let text = '{';
  let first = true;
  for (const key of keys) {
    const item = record[key];
    if (item === undefined) continue;
    if (!first) text += ',';
    first = false;
    text += `${JSON.stringify(key)}:${write(item, depth + 1)}`;
  }
  return `${text}}`;
}

/**
 * Deep equality of JSON values (object key order ignored; `undefined` properties count as absent).
 *
 * @example
 * ```ts
 * jsonEqual({ a: [1, 2] }, { a: [1, 2] }); // true
 * ```
 */
export function jsonEqual(left: unknown, right: unknown): boolean {
  return equal(left, right, 0);
}

function equal(left: unknown, right: unknown, depth: number): boolean {
  if (left === right) return typeof left !== 'number' || Number.isFinite(left);
  if (typeof left !== 'object' || typeof right !== 'object' || left === null || right === null) return false;
  if (depth >= MAX_DEPTH) return false;
  const leftArray = Array.isArray(left);
  if (leftArray !== Array.isArray(right)) return false;
  if (leftArray) {
    const a = left as unknown[];
    const b = right as unknown[];
    if (a.length !== b.length) return false;
    for (let index = 0; index < a.length; index++) if (!equal(a[index], b[index], depth + 1)) return false;
    return true;
  }
  const a = left as Record<string, unknown>;
  const b = right as Record<string, unknown>;
  // Counted rather than filtered: no key arrays built on the resume path.
  let defined = 0;
  for (const key of Object.keys(a)) {
    const item = a[key];
    if (item === undefined) continue;
    defined++;
    if (!Object.hasOwn(b, key) || !equal(item, b[key], depth + 1)) return false;
  }
  for (const key of Object.keys(b)) if (b[key] !== undefined) defined--;
  return defined === 0;
}
