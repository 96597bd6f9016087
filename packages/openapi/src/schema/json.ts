/** A JSON object as parsed from a document: string keys, unknown values. */
export type JsonObject = Record<string, unknown>;

/** True for a plain (non-array, non-null) object. */
export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Sets a key as an own data property, so a key named `__proto__` stays data and never becomes a prototype. */
export function setKey(target: JsonObject, key: string, value: unknown): void {
  if (key === '__proto__') {
    Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
  } else {
    target[key] = value;
  }
}

/** Decodes one JSON pointer segment (`~1` is `/`, `~0` is `~`). */
export function decodePointerSegment(segment: string): string {
  return segment.replace(/~1/g, '/').replace(/~0/g, '~');
}

/** Encodes a key as a JSON pointer segment. */
export function encodePointerSegment(key: string): string {
  return key.replace(/~/g, '~0').replace(/\//g, '~1');
}

/**
 * Follows a local JSON pointer (`#/components/schemas/Pet`) from the document root. Returns undefined when
 * any segment is missing; never throws.
 */
export function resolvePointer(root: unknown, ref: string): unknown {
  if (ref === '#') return root;
  if (!ref.startsWith('#/')) return undefined;
  let current: unknown = root;
  for (const raw of ref.slice(2).split('/')) {
    let segment: string;
    try {
      segment = decodePointerSegment(decodeURIComponent(raw));
    } catch {
      return undefined;
    }
    if (Array.isArray(current)) {
      if (!/^(0|[1-9][0-9]*)$/.test(segment)) return undefined;
      current = current[Number(segment)];
    } else if (isObject(current) && Object.hasOwn(current, segment)) {
      current = current[segment];
    } else {
      return undefined;
    }
  }
  return current;
}
