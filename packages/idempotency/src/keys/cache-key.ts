/** Longest caller or derived key accepted, in UTF-16 code units. */
export const MAX_KEY_LENGTH = 65_536;

const LONE_SURROGATE = /\p{Cs}/u;
/** `String.prototype.isWellFormed` (ES2024, a few ns per key) where the runtime has it. */
const nativeIsWellFormed = (String.prototype as { isWellFormed?: (this: string) => boolean }).isWellFormed;

/**
 * Whether `text` can be part of a cache key: a non-empty string without lone surrogates. Durable stores
 * keep keys as UTF-8, which turns every lone surrogate into U+FFFD, so keys differing only there would
 * share one record (one call answered with another's result).
 */
export function isKeyText(text: unknown, maxLength = MAX_KEY_LENGTH): text is string {
  return typeof text === 'string' && text.length > 0 && text.length <= maxLength && isWellFormed(text);
}

/** Whether `text` holds no lone surrogate, so UTF-8 storage keeps it exactly. */
export function isWellFormed(text: string): boolean {
  return nativeIsWellFormed === undefined ? !LONE_SURROGATE.test(text) : nativeIsWellFormed.call(text);
}

/**
 * The store key of one operation: tenant, full tool revision, tool name and the caller's or derived
 * key, each length-prefixed so no two different tuples give the same text.
 */
export function composeCacheKey(
  tenantId: string,
  toolRevision: string,
  toolName: string,
  key: string,
): string {
  return `idem:v1|${tenantId.length}:${tenantId}|${toolRevision.length}:${toolRevision}|${toolName.length}:${toolName}|${key}`;
}
