import { CanonicalJsonError, canonicalJson as encode } from '@armorer/approval';

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
  /** More than 1,000,000 values (a shared object counted each time it is reached). */
  | 'too-large'
  /** A key function or combinator used wrongly (no field names, a key that is not a string). */
  | 'invalid-key-function';

/**
 * Thrown when a value cannot be encoded as a key: its `code` says why. An idempotent call whose key
 * cannot be derived is refused (`INVALID_TOOL_CALL`, this error as its cause) and its tool does not run.
 */
export class IdempotencyKeyError extends TypeError {
  readonly code: IdempotencyKeyErrorCode;

  constructor(message: string, code: IdempotencyKeyErrorCode = 'unsupported-value', cause?: unknown) {
    super(message, cause === undefined ? undefined : { cause });
    this.name = 'IdempotencyKeyError';
    this.code = code;
  }
}

/**
 * Canonical JSON text of a value: `@armorer/approval`'s `canonicalJson` with `convert` (what
 * `JSON.stringify` converts is keyed as the JSON it converts to), its refusals as {@link IdempotencyKeyError}s.
 * Object keys sorted (by UTF-16 code units) at every depth, no whitespace. Equal data gives equal text
 * whatever the key order or the JSON encoding it arrived in, and different data gives different text:
 * anything JSON would write unfaithfully is refused rather than sharing a key with something else.
 *
 * - Kept: strings, booleans, `null`, finite numbers (`-0` is `0`: numbers are keyed by value), bigints (as
 *   their exact integer, so `10n` and `10` are one key), arrays without holes, plain objects (a property
 *   whose value is `undefined` is absent, as in JSON), and objects with `toJSON()` (a `Date` is its ISO
 *   text, a `URL` its href).
 * - Refused: `NaN` and `±Infinity` (`non-finite-number`), holes (`sparse-array`), an invalid `Date`
 *   (`invalid-date`), and (`unsupported-value`) `undefined`, a function or a symbol anywhere but as a
 *   property value `undefined`, Maps and Sets, and every other object that is not plain (class instances,
 *   boxed primitives, RegExps, Errors, typed arrays): JSON writes those as `{}` or as index maps whatever
 *   they hold. Cycles (`cycle`), nesting deeper than 64 levels (`too-deep`) and more than 1,000,000 values
 *   (`too-large`) are refused too.
 *
 * @example
 * ```ts
 * canonicalJson({ b: [2, { d: 1, c: 0 }], a: 1 }); // '{"a":1,"b":[2,{"c":0,"d":1}]}'
 * canonicalJson({ amount: Number.NaN }); // throws IdempotencyKeyError (code 'non-finite-number')
 * ```
 */
export function canonicalJson(value: unknown): string {
  try {
    return encode(value, CONVERT);
  } catch (error) {
    if (!(error instanceof CanonicalJsonError)) throw error;
    throw new IdempotencyKeyError(
      `Key input: ${error.message} Derive the key from other fields.`,
      error.code,
      error,
    );
  }
}

const CONVERT = { convert: true } as const;
