type Node = Record<string, unknown>;
const isNode = (value: unknown): value is Node =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * True when `decoded` is `original`, except that an absent optional property whose schema accepts null
 * may come back as `null` (strict mode has one way to say both).
 */
export function sameArguments(decoded: unknown, original: unknown): boolean {
  if (Array.isArray(original))
    return (
      Array.isArray(decoded) &&
      decoded.length === original.length &&
      original.every((item, index) => sameArguments(decoded[index], item))
    );
  if (isNode(original)) {
    if (!isNode(decoded)) return false;
    for (const key of new Set([...Object.keys(original), ...Object.keys(decoded)])) {
      if (!(key in original)) {
        if (decoded[key] !== null) return false;
      } else if (!(key in decoded) || !sameArguments(decoded[key], original[key])) return false;
    }
    return true;
  }
  return Object.is(decoded, original) || decoded === original;
}
