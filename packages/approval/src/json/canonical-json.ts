/** A JSON value: what bindings and grants are made of. */
export type JsonValue =
  | string
  | number
  | boolean
  | null
  | readonly JsonValue[]
  | { readonly [key: string]: JsonValue | undefined };

/** Deepest nesting of arrays and objects {@link canonicalJson} writes. */
export const CANONICAL_JSON_MAX_DEPTH = 64;

/**
 * Most values one encoding visits, a shared object counted each time it is reached: the cost stays linear
 * in the input, and a small graph whose levels share children (which expands exponentially) is refused.
 */
export const CANONICAL_JSON_MAX_VALUES = 1_000_000;

/** Why a value has no canonical JSON text. */
export type CanonicalJsonErrorCode =
  /** `undefined` (except as a property value), a function, a symbol, a bigint, an object that is not plain. */
  | 'unsupported-value'
  /** `NaN`, `Infinity` or `-Infinity`, which JSON writes as `null`. */
  | 'non-finite-number'
  /** An array with holes, which JSON writes as `null`s. */
  | 'sparse-array'
  /** With `convert`: a `Date` whose time is not a number. */
  | 'invalid-date'
  | 'cycle'
  /** Nesting deeper than {@link CANONICAL_JSON_MAX_DEPTH}. */
  | 'too-deep'
  /** More than {@link CANONICAL_JSON_MAX_VALUES} values (or the caller's `maxValues`, `maxLength`). */
  | 'too-large';

/**
 * Thrown by {@link canonicalJson} for a value it refuses; `code` says why. A `TypeError`, so code that
 * caught the encoder's earlier errors keeps catching it.
 *
 * @example
 * ```ts
 * try { canonicalJson({ n: Number.NaN }); } catch (error) {
 *   if (error instanceof CanonicalJsonError) console.log(error.code); // 'non-finite-number'
 * }
 * ```
 */
export class CanonicalJsonError extends TypeError {
  readonly code: CanonicalJsonErrorCode;

  constructor(message: string, code: CanonicalJsonErrorCode) {
    super(message);
    this.name = 'CanonicalJsonError';
    this.code = code;
  }
}

/** Options of {@link canonicalJson}. */
export interface CanonicalJsonOptions {
  /**
   * Also accept what `JSON.stringify` converts, written as the JSON it converts to: an object with a
   * `toJSON()` method (a `Date` is its ISO text, an invalid one refused; a `URL` its href) and a bigint (its
   * exact integer). The text then no longer reads back as the same value (a `Date` reads back as a string),
   * so this is for keys compared as text (idempotency keys), never for data that is signed and returned.
   */
  readonly convert?: boolean;
  /**
   * At most this many values (default and upper bound {@link CANONICAL_JSON_MAX_VALUES}); more is refused as
   * `too-large`. For callers on a hot path that want a tighter bound on the work.
   */
  readonly maxValues?: number;
  /**
   * At most this many characters of strings and keys written (shared strings counted each time they are
   * reached); more is refused as `too-large`. Unlimited unless set.
   */
  readonly maxLength?: number;
}

/**
 * The one canonical JSON encoder of armorer: signed approval arguments and grants, idempotency keys, cache
 * keys, telemetry digests and MCP tool fingerprints all use it. Equal data gives equal text, different data
 * different text, and the text reads back through `JSON.parse` to a value equal to the input:
 *
 * - Object keys sorted by UTF-16 code units at every depth; no whitespace; strings escaped as
 *   `JSON.stringify` escapes them (a lone surrogate as its `\uXXXX` escape, so it is never lost).
 * - Finite numbers as `JSON.stringify` writes them; `-0` is `0` (numbers are compared by value).
 * - A property whose value is `undefined` is absent (as in JSON); symbol-keyed and inherited properties are
 *   not read. An own `__proto__` key (as `JSON.parse` makes) is written as data.
 * - Plain objects only: made by `{}`, `JSON.parse` or `Object.create(null)`, of any realm.
 * - Refused with a {@link CanonicalJsonError}: `undefined` elsewhere (alone or in an array), functions,
 *   symbols, bigints, `NaN` and `±Infinity`, arrays with holes, every other object (Date, Map, Set, class
 *   instances, boxed primitives, typed arrays), cycles, nesting deeper than 64 and more than 1,000,000
 *   values. Errors thrown by getters or Proxy traps propagate as they are.
 *
 * @example
 * ```ts
 * canonicalJson({ b: 1, a: [true, null] }); // '{"a":[true,null],"b":1}'
 * canonicalJson({ at: new Date(0) }, { convert: true }); // '{"at":"1970-01-01T00:00:00.000Z"}'
 * ```
 */
export function canonicalJson(value: unknown, options?: CanonicalJsonOptions): string {
  const maxValues = Math.min(options?.maxValues ?? CANONICAL_JSON_MAX_VALUES, CANONICAL_JSON_MAX_VALUES);
  const state: Walk = {
    ancestors: [],
    values: maxValues,
    maxValues,
    length: options?.maxLength ?? Number.POSITIVE_INFINITY,
    convert: options?.convert === true,
  };
  const text = write(value, 0, state);
  if (text === undefined) throw refused(value);
  return text;
}

interface Walk {
  readonly ancestors: object[];
  values: number;
  readonly maxValues: number;
  /** Characters of strings and keys still allowed. */
  length: number;
  readonly convert: boolean;
}

function refused(value: unknown): CanonicalJsonError {
  let what: string;
  if (value === undefined) what = 'undefined';
  else if (typeof value !== 'object' || value === null) what = `a ${typeof value}`;
  else {
    const name: unknown = Object.getPrototypeOf(value)?.constructor?.name;
    what = typeof name === 'string' && name.length > 0 ? `a ${name}` : 'an object that is not plain';
  }
  return new CanonicalJsonError(`${what} is not JSON data.`, 'unsupported-value');
}

/** The text of a value, or `undefined` for `undefined` (absent as a property value, refused elsewhere). */
function write(value: unknown, depth: number, walk: Walk): string | undefined {
  if (--walk.values < 0) {
    throw new CanonicalJsonError(`JSON data of more than ${walk.maxValues} values.`, 'too-large');
  }
  switch (typeof value) {
    case 'string':
      spendLength(value.length, walk);
      return JSON.stringify(value);
    case 'boolean':
      return value ? 'true' : 'false';
    case 'number':
      if (!Number.isFinite(value)) {
        throw new CanonicalJsonError(`${value} is not JSON data.`, 'non-finite-number');
      }
      // For finite numbers String() gives JSON's text, except for -0.
      return value === 0 ? '0' : String(value);
    case 'undefined':
      return undefined;
    case 'bigint':
      if (walk.convert) return value.toString();
      throw refused(value);
    case 'object':
      if (value === null) return 'null';
      return writeObject(value, depth, walk);
    default:
      throw refused(value);
  }
}

function spendLength(length: number, walk: Walk): void {
  walk.length -= length;
  if (walk.length < 0) throw new CanonicalJsonError('JSON data with too much text.', 'too-large');
}

function writeObject(object: object, depth: number, walk: Walk): string {
  if (depth >= CANONICAL_JSON_MAX_DEPTH) {
    throw new CanonicalJsonError(
      `JSON data nested deeper than ${CANONICAL_JSON_MAX_DEPTH} levels.`,
      walk.ancestors.includes(object) ? 'cycle' : 'too-deep',
    );
  }
  const array = Array.isArray(object);
  if (!array && !isPlain(object)) {
    const toJSON = walk.convert ? (object as { toJSON?: unknown }).toJSON : undefined;
    if (typeof toJSON !== 'function') throw refused(object);
    if (object instanceof Date && Number.isNaN(object.getTime())) {
      throw new CanonicalJsonError('An invalid Date is not JSON data.', 'invalid-date');
    }
    const converted = write(toJSON.call(object), depth + 1, walk);
    if (converted === undefined) throw refused(undefined);
    return converted;
  }
  const ancestors = walk.ancestors;
  if (ancestors.includes(object)) throw new CanonicalJsonError('JSON data with a cycle.', 'cycle');
  ancestors.push(object);
  let text: string;
  if (array) {
    const list = object as readonly unknown[];
    text = '[';
    for (let index = 0; index < list.length; index++) {
      if (!(index in list))
        throw new CanonicalJsonError('An array with holes is not JSON data.', 'sparse-array');
      const item = list[index];
      const written = write(item, depth + 1, walk);
      if (written === undefined) throw refused(item);
      text += index === 0 ? written : `,${written}`;
    }
    text += ']';
  } else {
    const record = object as Record<string, unknown>;
    const keys = Object.keys(record);
    if (keys.length > 1) keys.sort();
    text = '{';
    for (const key of keys) {
      spendLength(key.length, walk);
      const written = write(record[key], depth + 1, walk);
      if (written === undefined) continue;
      if (text.length > 1) text += ',';
      text += `${JSON.stringify(key)}:${written}`;
    }
    text += '}';
  }
  ancestors.pop();
  return text;
}

/** An object made by `{}`, `JSON.parse` or `Object.create(null)` (of any realm): its fields are its data. */
function isPlain(object: object): boolean {
  const prototype: unknown = Object.getPrototypeOf(object);
  return prototype === null || Object.getPrototypeOf(prototype) === null;
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
  if (depth >= CANONICAL_JSON_MAX_DEPTH) return false;
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
