/**
 * The two functions a conformance suite needs from a test runner. `bun:test`, Vitest, Jest and
 * `node:test` all provide them: pass `{ describe, it }` (or `{ describe, it: test }`).
 */
export interface ConformanceTestApi {
  describe(name: string, body: () => void): unknown;
  it(name: string, body: () => Promise<void>): unknown;
}

/** Options shared by the conformance suites. */
export interface ConformanceOptions {
  /** The name of the `describe` block (default names the contract). */
  readonly name?: string;
  /** How many concurrent operations the race tests start (default 50). */
  readonly concurrency?: number;
}

/** A value or a promise of it. */
export type Awaitable<T> = T | Promise<T>;

/** Thrown when an implementation breaks the contract. */
export class ConformanceError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConformanceError';
  }
}

/** @internal */
export function check(condition: unknown, message: string): asserts condition {
  if (!condition) throw new ConformanceError(message);
}

/** @internal */
export function same(actual: unknown, expected: unknown, what: string): void {
  if (!Object.is(actual, expected)) {
    throw new ConformanceError(
      `${what}: expected ${JSON.stringify(expected)}, got ${JSON.stringify(actual)}`,
    );
  }
}

/**
 * Awaits an operation that must be refused by throwing an error whose `isInstance` guard passes and
 * whose `code` is one of `codes`. Returns the error.
 * @internal
 */
export async function refused(
  operation: () => unknown,
  guard: (error: unknown) => boolean,
  codes: readonly string[],
  what: string,
): Promise<unknown> {
  let outcome: { ok: true } | { ok: false; error: unknown };
  try {
    await operation();
    outcome = { ok: true };
  } catch (error) {
    outcome = { ok: false, error };
  }
  if (outcome.ok)
    throw new ConformanceError(`${what}: expected a refusal (${codes.join(' or ')}), it succeeded`);
  const error = outcome.error;
  check(guard(error), `${what}: expected the contract's error class, got ${String(error)}`);
  const code = (error as { code?: unknown }).code;
  check(
    typeof code === 'string' && codes.includes(code),
    `${what}: expected code ${codes.join(' or ')}, got ${String(code)}`,
  );
  return error;
}

/** Settles every operation and counts the fulfilled ones. @internal */
export async function race<T>(count: number, operation: (index: number) => Awaitable<T>) {
  const settled = await Promise.allSettled(
    Array.from({ length: count }, (_, index) => Promise.resolve().then(() => operation(index))),
  );
  const fulfilled = settled.filter((item) => item.status === 'fulfilled') as PromiseFulfilledResult<T>[];
  const rejected = settled.filter((item) => item.status === 'rejected') as PromiseRejectedResult[];
  return { fulfilled: fulfilled.map((item) => item.value), rejected: rejected.map((item) => item.reason) };
}
