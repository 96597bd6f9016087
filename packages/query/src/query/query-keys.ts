import { QueryError } from '../errors/query-error';
import { editDistance } from '../text/edit-distance';

/** Throws `UNKNOWN_QUERY_KEY` for a key outside `allowed`, suggesting the closest allowed key. */
export function checkKeys(value: object, allowed: readonly string[], where: string): void {
  for (const key of Object.keys(value)) {
    if (allowed.includes(key)) continue;
    const closest = allowed
      .map((candidate) => {
        const [a, b] = [key.toLowerCase(), candidate.toLowerCase()];
        return { candidate, distance: a.startsWith(b) || b.startsWith(a) ? 1 : editDistance(a, b, 3) };
      })
      .filter((entry) => entry.distance <= 3)
      .sort((a, b) => a.distance - b.distance)[0];
    const hint = closest === undefined ? '' : ` Did you mean "${closest.candidate}"?`;
    throw new QueryError({
      code: 'UNKNOWN_QUERY_KEY',
      message: `Unknown key "${key.slice(0, 100)}" in ${where}.${hint} Allowed keys: ${allowed.join(', ')}.`,
    });
  }
}

/** Throws `INVALID_QUERY` with a message naming where the problem is. */
export function invalid(where: string, expected: string): never {
  throw new QueryError({ code: 'INVALID_QUERY', message: `${where} must be ${expected}.` });
}

/** An object that is not an array (or null); keeps the static type of a typed value. */
export function isPlainObject<T>(value: T): value is T & object {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function checkStringList(value: unknown, where: string): readonly string[] {
  if (!Array.isArray(value) || value.some((item) => typeof item !== 'string'))
    invalid(where, 'an array of strings');
  return value as readonly string[];
}

export function checkIndex(value: unknown, where: string): number | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0)
    invalid(where, 'a non-negative integer');
  return value;
}
