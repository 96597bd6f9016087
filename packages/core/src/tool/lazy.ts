const LAZY = Symbol.for('armorer.lazy');

/** A deferred implementation produced by {@link lazy}: nothing loads until the first execution. */
export interface LazyExecute<TFunction> {
  readonly [LAZY]: true;
  /** Loads (once) and returns the implementation. A failed load is retried on the next call. */
  load(): Promise<TFunction>;
}

/**
 * Defers loading an implementation until the tool first runs, so `import()` does not start at startup.
 * If loading rejects or resolves to something that is not a function, `tool.execute(toolCall)` returns an
 * error result (code LAZY_LOAD_FAILED) and `await tool(params)` throws with the same message.
 *
 * @example
 * ```ts
 * const heavy = createTool({
 *   name: 'heavy-tool',
 *   description: 'Runs an expensive workflow',
 *   input: z.object({ input: z.string() }),
 *   execute: lazy(() => import('./heavy-tool').then((mod) => mod.execute)),
 * });
 * ```
 */
export function lazy<TFunction>(loader: () => PromiseLike<TFunction> | TFunction): LazyExecute<TFunction> {
  if (typeof loader !== 'function')
    throw new TypeError('lazy() expects a function that loads the implementation.');
  let pending: Promise<TFunction> | undefined;
  return {
    [LAZY]: true,
    load() {
      if (pending === undefined) {
        pending = Promise.resolve()
          .then(loader)
          .then(undefined, (error: unknown) => {
            pending = undefined;
            throw error;
          });
      }
      return pending;
    },
  };
}

/** True for values returned by {@link lazy}. */
export function isLazyExecute(value: unknown): value is LazyExecute<unknown> {
  return typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[LAZY] === true;
}

const LAZY_FAILURE = Symbol.for('armorer.lazy-failure');

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
 * Turns a function, a promise of one, or a {@link lazy} value into a function that loads on first call
 * and calls the loaded implementation directly afterwards.
 */
export function toImplementation(toolName: string, execute: unknown): Implementation {
  if (typeof execute === 'function') return execute as Implementation;
  const load = isLazyExecute(execute)
    ? () => execute.load()
    : () => Promise.resolve(execute as PromiseLike<unknown>);
  let loaded: Implementation | undefined;
  const loadChecked = async (): Promise<Implementation> => {
    let value: unknown;
    try {
      value = await load();
    } catch (error) {
      const detail = error instanceof Error ? error.message : String(error);
      throw new LazyLoadError(`Failed to load the implementation of tool "${toolName}": ${detail}`, error);
    }
    if (typeof value !== 'function') {
      throw new LazyLoadError(
        `The implementation of tool "${toolName}" resolved to ${value === null ? 'null' : typeof value}, not a function.`,
      );
    }
    loaded = value as Implementation;
    return loaded;
  };
  return ((params: never, context: never) =>
    loaded !== undefined
      ? loaded(params, context)
      : loadChecked().then((fn) => fn(params, context))) as Implementation;
}
