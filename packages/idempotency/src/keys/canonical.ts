const MAX_DEPTH = 256;

/** Why a value could not be made into a key. */
export type IdempotencyKeyErrorCode =
  /** `fieldKey`: a named field is absent (or `undefined`) in the call's arguments. */
  | 'missing-field'
  /** `NaN`, `Infinity` or `-Infinity`, which JSON writes as `null`. */
  | 'non-finite-number'
  /** An array with holes, which JSON writes as `null`s. */
  | 'sparse-array'
  /** A `Date` whose time is not a number (`toJSON()` answers `null`). */
  | 'invalid-date'
  /** A value with no faithful JSON form: see {@link canonicalJson}. */
  | 'unsupported-value'
  | 'cycle'
  | 'too-deep'
  /** A key function or combinator used wrongly (no field names, a key that is not a string). */
  | 'invalid-key-function';

/**
 * Thrown when a value cannot be encoded as a key: its `code` says why. An idempotent call whose key
 * cannot be derived is refused (`INVALID_TOOL_CALL`, this error as its cause) and its tool does not run.
 */
export class IdempotencyKeyError extends TypeError {
  readonly code: IdempotencyKeyErrorCode;

  constructor(message: string, code: IdempotencyKeyErrorCode = 'unsupported-value') {
    super(message);
    this.name = 'IdempotencyKeyError';
    this.code = code;
  }
}

/**
 * Canonical JSON text of a value: object keys sorted (by UTF-16 code units) at every depth, no
 * whitespace. Equal data gives equal text whatever the key order or the JSON encoding it arrived in
 * (escapes, exponent forms, spacing), and different data gives different text: anything JSON would write
 * unfaithfully is refused with an {@link IdempotencyKeyError} rather than sharing a key with something else.
 *
 * - Kept: strings, booleans, `null`, finite numbers (`-0` is `0`: numbers are keyed by value), bigints (as
 *   their exact integer, so `10n` and `10` are one key), arrays without holes, plain objects (a property
 *   whose value is `undefined` is absent, as in JSON), and objects with `toJSON()` (a `Date` is its ISO
 *   text, a `URL` its href).
 * - Refused: `NaN` and `±Infinity` (`non-finite-number`), holes (`sparse-array`), an invalid `Date`
 *   (`invalid-date`), and (`unsupported-value`) `undefined`, a function or a symbol anywhere but as a
 *   property value `undefined`, Maps and Sets, and every other object that is not plain (class instances,
 *   boxed primitives, RegExps, Errors, typed arrays): JSON writes those as `{}` or as index maps whatever
 *   they hold. Cycles and nesting deeper than 256 levels are refused too.
 *
 * @example
 * ```ts
 * canonicalJson({ b: [2, { d: 1, c: 0 }], a: 1 }); // '{"a":1,"b":[2,{"c":0,"d":1}]}'
 * canonicalJson({ amount: Number.NaN }); // throws IdempotencyKeyError (code 'non-finite-number')
 * ```
 */
export function canonicalJson(value: unknown): string {
  const text = encode(value, 0, []);
  if (text === undefined) throw unsupported(value);
  return text;
}

/** The refusal of a value JSON would write unfaithfully: `what` names it, `code` says why. */
function refuse(what: string, code: IdempotencyKeyErrorCode = 'unsupported-value'): IdempotencyKeyError {
  return new IdempotencyKeyError(
    `Key input holds ${what}, which JSON cannot write faithfully; derive the key from other fields.`,
    code,
  );
}

function unsupported(value: unknown): IdempotencyKeyError {
  if (typeof value !== 'object' || value === null)
    return refuse(value === undefined ? 'undefined' : `a ${typeof value}`);
  const name = Object.getPrototypeOf(value)?.constructor?.name;
  return refuse(typeof name === 'string' && name.length > 0 ? `a ${name}` : 'an object that is not plain');
}

/** The text of a value, or `undefined` for `undefined` (absent as a property value, refused elsewhere). */
function encode(value: unknown, depth: number, stack: object[]): string | undefined {
  switch (typeof value) {
    case 'string':
      return JSON.stringify(value);
    case 'number':
      if (!Number.isFinite(value)) throw refuse(String(value), 'non-finite-number');
      return Object.is(value, -0) ? '0' : String(value);
    case 'boolean':
      return value ? 'true' : 'false';
    case 'bigint':
      return value.toString();
    case 'undefined':
      return undefined;
    case 'function':
    case 'symbol':
      throw unsupported(value);
  }
  if (value === null) return 'null';
  if (depth >= MAX_DEPTH) {
    throw new IdempotencyKeyError(`Key input nests deeper than ${MAX_DEPTH} levels.`, 'too-deep');
  }
  const object = value as object;
  const toJSON = (object as { toJSON?: unknown }).toJSON;
  if (typeof toJSON === 'function') {
    if (object instanceof Date && Number.isNaN(object.getTime()))
      throw refuse('an invalid Date', 'invalid-date');
    return encode(toJSON.call(object), depth + 1, stack);
  }
  const array = Array.isArray(object);
  if (!array && !isPlain(object)) throw unsupported(object);
  if (stack.includes(object)) throw new IdempotencyKeyError('Key input contains a cycle.', 'cycle');
  stack.push(object);
  let text: string;
  if (array) {
    const list = object as unknown[];
    const items: string[] = [];
    for (let index = 0; index < list.length; index++) {
      if (!(index in list)) throw refuse('an array with holes', 'sparse-array');
      const item = list[index];
      const encoded = encode(item, depth + 1, stack);
      if (encoded === undefined) throw unsupported(item);
      items.push(encoded);
    }
    text = `[${items.join(',')}]`;
  } else {
    const record = object as Record<string, unknown>;
    const parts: string[] = [];
    for (const key of Object.keys(record).sort()) {
      const encoded = encode(record[key], depth + 1, stack);
      if (encoded !== undefined) parts.push(`${JSON.stringify(key)}:${encoded}`);
    }
    text = `{${parts.join(',')}}`;
  }
  stack.pop();
  return text;
}

/** An object made by `{}`, `JSON.parse` or `Object.create(null)` (of any realm): its fields are its data. */
function isPlain(object: object): boolean {
  const prototype: unknown = Object.getPrototypeOf(object);
  return prototype === null || Object.getPrototypeOf(prototype) === null;
}
