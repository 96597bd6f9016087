/**
 * The one way core loads a part of its own code on first use. Rarely used paths (policy hooks, approval,
 * streams, failure descriptions, shutdown, batches...) are modules that only a `later(() => import(...))`
 * names: a bundle keeps each of them in a chunk of its own that loads with the first call needing it, and a
 * page that never takes the path never downloads it. A module loaded this way must not be imported
 * statically anywhere else (it would then ride in with the initial load, in source and built bundles alike).
 *
 * Once loaded, `module` holds the module: a stage calls into it synchronously, so a path that waited for
 * the load once does not turn every later call into a promise. The first use awaits {@link Later.load} in a
 * function of its own (a closure in the stage itself would cost every call its scope).
 */
export interface Later<T> {
  /** The module once loaded; `undefined` before (a plain property: it is read on hot paths). */
  module: T | undefined;
  /** Loads the module once; a load that failed (a browser that lost its connection) is tried again next time. */
  load(): Promise<T>;
}

/**
 * A module of core loaded on first use (see {@link Later}).
 *
 * @example
 * ```ts
 * const shutdown = later(() => import('./shutdown'));
 * const module = shutdown.module ?? (await shutdown.load());
 * ```
 * @internal
 */
export function later<T>(load: () => Promise<T>): Later<T> {
  // A plain object and a closure rather than a class: the smallest code a browser bundle carries for it.
  let loading: Promise<T> | undefined;
  const chunk: Later<T> = {
    module: undefined,
    load: () => {
      if (chunk.module !== undefined) return Promise.resolve(chunk.module);
      loading ??= load().then(
        (module) => {
          chunk.module = module;
          return module;
        },
        (error: unknown) => {
          loading = undefined;
          throw error;
        },
      );
      return loading;
    },
  };
  return chunk;
}
