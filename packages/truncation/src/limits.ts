/**
 * Checks a size limit: a non-negative number (Infinity allowed, fractions rounded down). Anything else is
 * a programming error, reported at once rather than silently treated as zero or "no limit".
 */
export function checkLimit(name: string, value: unknown): number {
  if (typeof value !== 'number' || Number.isNaN(value) || value < 0) {
    throw new RangeError(`${name} must be a non-negative number, got ${describe(value)}.`);
  }
  return value === Number.POSITIVE_INFINITY ? value : Math.floor(value);
}

/** Checks that a value is a string. */
export function checkText(name: string, value: unknown): string {
  if (typeof value !== 'string') throw new TypeError(`${name} expects a string, got ${describe(value)}.`);
  return value;
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  if (Array.isArray(value)) return 'an array';
  return `a value of type ${typeof value}`;
}
