import { later } from '../chunks/later';

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

type Implementation = (params: never, context: never) => unknown;

/** The code that loads a lazy implementation: a chunk of its own, loaded by the first lazy tool that runs. */
const lazyLoading = /* @__PURE__ */ later(() => import('./lazy-load'));

/**
 * Turns a function, a promise of one, or a {@link lazy} value into a function that loads on first call
 * and calls the loaded implementation directly afterwards. The loading code is a chunk of its own
 * (`./lazy-load`): tools with a plain function never load it.
 */
export function toImplementation(toolName: string, execute: unknown): Implementation {
  if (typeof execute === 'function') return execute as Implementation;
  let loaded: Implementation | undefined;
  let loading: Promise<Implementation> | undefined;
  // Decided here, so the loading chunk needs nothing from this module (it would split it off the initial load).
  const start = isLazyExecute(execute) ? () => execute.load() : () => execute as PromiseLike<unknown>;
  const load = (): Promise<Implementation> => {
    loading ??= lazyLoading
      .load()
      .then(({ loadImplementation }) => loadImplementation(toolName, start))
      .then(
        (implementation) => {
          loaded = implementation;
          return implementation;
        },
        (error: unknown) => {
          loading = undefined;
          throw error;
        },
      );
    return loading;
  };
  return ((params: never, context: never) =>
    loaded !== undefined
      ? loaded(params, context)
      : load().then((fn) => fn(params, context))) as Implementation;
}
