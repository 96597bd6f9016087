import { LAZY_FAILURE } from './lazy-failure';

/** The error a lazily loaded implementation raises when it cannot be loaded. */
export class LazyLoadError extends Error {
  readonly [LAZY_FAILURE] = true;
  constructor(message: string, cause?: unknown) {
    super(message, cause === undefined ? undefined : { cause });
    this.name = 'LazyLoadError';
  }
  static isInstance(value: unknown): value is LazyLoadError {
    return (
      typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[LAZY_FAILURE] === true
    );
  }
}

type Implementation = (params: never, context: never) => unknown;

/**
 * Loads a deferred implementation (`start` gives the promise of one, or calls a `lazy` value's `load`) and
 * checks it is a function.
 */
export async function loadImplementation(
  toolName: string,
  start: () => PromiseLike<unknown>,
): Promise<Implementation> {
  let value: unknown;
  try {
    value = await start();
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    throw new LazyLoadError(`Failed to load the implementation of tool "${toolName}": ${detail}`, error);
  }
  if (typeof value !== 'function') {
    throw new LazyLoadError(
      `The implementation of tool "${toolName}" resolved to ${value === null ? 'null' : typeof value}, not a function.`,
    );
  }
  return value as Implementation;
}
