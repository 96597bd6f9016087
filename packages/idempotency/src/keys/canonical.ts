const MAX_DEPTH = 256;

/** Thrown when a value cannot be encoded as a key (a cycle, nesting deeper than 256 levels, a Map or Set). */
export class IdempotencyKeyError extends TypeError {
  constructor(message: string) {
    super(message);
    this.name = 'IdempotencyKeyError';
  }
}

/**
 * Canonical JSON text of a value: object keys sorted (by UTF-16 code units) at every depth, no
 * whitespace, `-0` written as `0`, `toJSON()` honoured (dates become ISO strings), bigints written as
 * decimal strings with an `n` suffix. Maps and Sets, which JSON writes as `{}` whatever they hold, are
 * refused (an {@link IdempotencyKeyError}). Equal data gives equal text whatever the key order or the JSON
 * encoding it arrived in (escapes, exponent forms, spacing).
 *
 * @example
 * ```ts
 * canonicalJson({ b: [2, { d: 1, c: 0 }], a: 1 }); // '{"a":1,"b":[2,{"c":0,"d":1}]}'
 * ```
 */
export function canonicalJson(value: unknown): string {
  return encode(value, 0, []) ?? 'null';
}

function encode(value: unknown, depth: number, stack: object[]): string | undefined {
  switch (typeof value) {
    case 'string':
      return JSON.stringify(value);
    case 'number':
      return Number.isFinite(value) ? (Object.is(value, -0) ? '0' : String(value)) : 'null';
    case 'boolean':
      return value ? 'true' : 'false';
    case 'bigint':
      return JSON.stringify(`${value}n`);
    case 'undefined':
    case 'function':
    case 'symbol':
      return undefined;
  }
  if (value === null) return 'null';
  if (depth >= MAX_DEPTH) throw new IdempotencyKeyError(`Key input nests deeper than ${MAX_DEPTH} levels.`);
  const object = value as object;
  const toJSON = (object as { toJSON?: unknown }).toJSON;
  if (typeof toJSON === 'function') return encode(toJSON.call(object), depth + 1, stack);
  if (
    object instanceof Map ||
    object instanceof Set ||
    object instanceof WeakMap ||
    object instanceof WeakSet
  ) {
    // JSON writes every one of them as {}: two different inputs would share a key.
    throw new IdempotencyKeyError(
      'Key input holds a Map or Set, which has no JSON form; derive the key from other fields.',
    );
  }
  if (stack.includes(object)) throw new IdempotencyKeyError('Key input contains a cycle.');
  stack.push(object);
  let text: string;
  if (Array.isArray(object)) {
    const items: string[] = [];
    for (const item of object) items.push(encode(item, depth + 1, stack) ?? 'null');
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
