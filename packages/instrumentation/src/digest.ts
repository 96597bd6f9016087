import { sha256Hex } from './sha256';

/** Canonical JSON: object keys sorted, so equal values digest equally whatever their key order. */
function canonical(value: unknown, seen: Set<object>): string | undefined {
  if (value === null || typeof value !== 'object') {
    if (typeof value === 'bigint') return `"${value.toString()}n"`;
    if (typeof value === 'function' || typeof value === 'symbol' || value === undefined) return undefined;
    return JSON.stringify(value);
  }
  if (seen.has(value)) throw new TypeError('cycle');
  seen.add(value);
  try {
    if (Array.isArray(value)) {
      return `[${value.map((item) => canonical(item, seen) ?? 'null').join(',')}]`;
    }
    const parts: string[] = [];
    for (const key of Object.keys(value).sort()) {
      const encoded = canonical((value as Record<string, unknown>)[key], seen);
      if (encoded !== undefined) parts.push(`${JSON.stringify(key)}:${encoded}`);
    }
    return `{${parts.join(',')}}`;
  } finally {
    seen.delete(value);
  }
}

/**
 * A non-reversible correlation handle for a value (`sha256:<hex>` of its canonical JSON); a JSON string is
 * digested as the value it encodes. `undefined` when the value cannot be serialized (a cycle, a getter that
 * throws): a digest is never worth failing a call.
 */
export function digestOf(value: unknown): string | undefined {
  try {
    let subject = value;
    if (typeof value === 'string') {
      try {
        subject = JSON.parse(value);
      } catch {
        subject = value;
      }
    }
    const text = canonical(subject, new Set());
    return text === undefined ? undefined : `sha256:${sha256Hex(text)}`;
  } catch {
    return undefined;
  }
}
