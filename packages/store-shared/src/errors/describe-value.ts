/**
 * A short description of what a caller passed, for the messages of misused factories: `undefined`,
 * `a string`, `an ioredis client`, `a node-redis client`, `a pg Pool`, `a pg Client`, `an object (Foo)`.
 * Never throws, whatever the value.
 *
 * @example
 * ```ts
 * describeValue(new Redis()); // 'an ioredis client'
 * ```
 */
export function describeValue(value: unknown): string {
  try {
    if (value === null) return 'null';
    if (typeof value === 'function') return 'a function';
    if (typeof value !== 'object') {
      if (value === undefined) return 'undefined';
      if (typeof value === 'string') return value.length <= 60 ? `the string "${value}"` : 'a string';
      if (typeof value === 'number') return `the number ${value}`;
      return `a ${typeof value}`;
    }
    const record = value as Record<string, unknown>;
    if (typeof record.evalsha === 'function' && typeof record.status === 'string') return 'an ioredis client';
    if (typeof record.evalSha === 'function') return 'a node-redis client';
    if (typeof record.query === 'function' && typeof record.totalCount === 'number') return 'a pg Pool';
    if (typeof record.query === 'function' && typeof record.connect === 'function') return 'a pg Client';
    if (Array.isArray(value)) return 'an array';
    const name = Object.getPrototypeOf(value)?.constructor?.name;
    return typeof name === 'string' && name !== '' && name !== 'Object' ? `an object (${name})` : 'an object';
  } catch {
    return 'a value that cannot be inspected';
  }
}

/**
 * Whether a value is a database or Redis client (ioredis, node-redis, pg, or one with their methods):
 * passed where a factory's options belong, it gets a message that says `{ client }`.
 *
 * @example
 * ```ts
 * looksLikeClient(new pg.Pool()); // true
 * ```
 */
export function looksLikeClient(value: unknown): boolean {
  try {
    if (typeof value !== 'object' || value === null) return false;
    const record = value as Record<string, unknown>;
    return ['evalsha', 'evalSha', 'sendCommand', 'query'].some((name) => typeof record[name] === 'function');
  } catch {
    return false;
  }
}
