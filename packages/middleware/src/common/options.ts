import { MiddlewareOptionsError } from '../errors/middleware-options-error';

/** Largest delay `setTimeout` honours; longer ones fire at once. */
export const MAX_TIMER_MS = 2_147_483_647;

/** Reads an options object, refusing anything that is not one. */
export function readOptions<T extends object>(factory: string, options: T | undefined): Partial<T> {
  if (options === undefined) return {};
  if (typeof options !== 'object' || options === null || Array.isArray(options)) {
    throw new MiddlewareOptionsError({ message: `${factory}() expects an options object.` });
  }
  return options;
}

/** A positive integer (`limit`, `maxEntries`, `maxCharacters`). */
export function positiveInteger(factory: string, name: string, value: unknown): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value <= 0) {
    throw new MiddlewareOptionsError({
      message: `${factory}(): ${name} must be a positive integer, got ${describe(value)}.`,
    });
  }
  return value;
}

/** A positive, finite duration in milliseconds that a timer can honour. */
export function positiveDuration(factory: string, name: string, value: unknown): number {
  if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0 || value > MAX_TIMER_MS) {
    throw new MiddlewareOptionsError({
      message: `${factory}(): ${name} must be a positive number of milliseconds up to ${MAX_TIMER_MS}, got ${describe(value)}.`,
    });
  }
  return value;
}

/** An optional function option. */
export function optionalFunction<T>(factory: string, name: string, value: T | undefined): T | undefined {
  if (value !== undefined && typeof value !== 'function') {
    throw new MiddlewareOptionsError({ message: `${factory}(): ${name} must be a function.` });
  }
  return value;
}

function describe(value: unknown): string {
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  if (value === null) return 'null';
  return `a ${typeof value}`;
}

/** A positive number of milliseconds, `Infinity` allowed (a time-to-live, not a timer). */
export function positiveNumber(factory: string, name: string, value: unknown): number {
  if (typeof value !== 'number' || Number.isNaN(value) || value <= 0) {
    throw new MiddlewareOptionsError({
      message: `${factory}(): ${name} must be a positive number, got ${describe(value)}.`,
    });
  }
  return value;
}
