/** Longest caller or derived key accepted, in UTF-16 code units. */
export const MAX_KEY_LENGTH = 65_536;

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
