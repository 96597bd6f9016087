import { approvalError } from '../errors/errors';
import { sameStringList, sharedStringList } from '../json/shared-lists';

/** The longest text a binding field may hold. */
export const MAX_STRING = 1024;
const MAX_CAPABILITIES = 256;

/** Refuses a malformed binding, naming the field. @internal */
export function fail(field: string): never {
  throw approvalError(
    'invalid-binding',
    `The approval binding is malformed: "${field}" is missing or invalid.`,
  );
}

// Each helper takes the value read with a static property access by the caller: one shared helper
// reading `record[field]` for 20 field names is a megamorphic keyed load, several times slower.

/** A non-empty string of at most {@link MAX_STRING} characters. @internal */
export function text(value: unknown, field: string): string {
  if (typeof value !== 'string' || value.length === 0 || value.length > MAX_STRING) fail(field);
  return value;
}

/** `null` or a string of at most {@link MAX_STRING} characters. @internal */
export function nullableText(value: unknown, field: string): string | null {
  if (value === null) return null;
  if (typeof value !== 'string' || value.length > MAX_STRING) fail(field);
  return value;
}

/** Epoch milliseconds: a non-negative safe integer. @internal */
export function time(value: unknown, field: string): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0) fail(field);
  return value;
}

/** `null`, a string of at most {@link MAX_STRING} characters, or a finite number. @internal */
export function authorizationRevision(value: unknown): string | number | null {
  if (
    value !== null &&
    !(typeof value === 'string' && value.length <= MAX_STRING) &&
    !(typeof value === 'number' && Number.isFinite(value))
  ) {
    fail('authorizationRevision');
  }
  return value as string | number | null;
}

/** 64 lowercase hex digits: a SHA-256 digest or HMAC-SHA256 signature. @internal */
export function isHex64(value: unknown): value is string {
  if (typeof value !== 'string' || value.length !== 64) return false;
  for (let index = 0; index < 64; index++) {
    const code = value.charCodeAt(index);
    // 0-9 is 48-57, a-f is 97-102.
    if (!((code >= 48 && code <= 57) || (code >= 97 && code <= 102))) return false;
  }
  return true;
}

/** `null` or a list of strings, returned frozen (and shared with equal lists). @internal */
export function capabilities(value: unknown): readonly string[] | null {
  if (value === null) return null;
  if (!Array.isArray(value) || value.length > MAX_CAPABILITIES) fail('capabilities');
  for (let index = 0; index < value.length; index++) {
    const item: unknown = value[index];
    if (typeof item !== 'string' || item.length > MAX_STRING) fail('capabilities');
  }
  const list = value as string[];
  // Consecutive bindings mostly carry the same list: that hit needs no copy and no map lookup.
  if (sameStringList(list, lastInterned)) return lastInterned;
  lastInterned = sharedStringList(list.slice());
  return lastInterned;
}

/** The list shared last: consecutive bindings mostly carry the same one. */
let lastInterned: readonly string[] = Object.freeze([]);
