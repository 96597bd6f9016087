/** A failed conformance check: which rule of the contract the implementation broke. */
export class ConformanceError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConformanceError';
  }
}

/** Throws a {@link ConformanceError} unless `condition` holds (no test-runner dependency). */
export function check(condition: boolean, message: string): asserts condition {
  if (!condition) throw new ConformanceError(message);
}

/** Deep equality of JSON-like data. */
export function sameData(left: unknown, right: unknown): boolean {
  return JSON.stringify(sortKeys(left)) === JSON.stringify(sortKeys(right));
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.keys(value)
      .sort()
      .map((key) => [key, sortKeys((value as Record<string, unknown>)[key])]),
  );
}
