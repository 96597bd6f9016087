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
export class Later<T> {
  /** The module once loaded; `undefined` before (a plain field: it is read on hot paths). */
  module: T | undefined = undefined;
  #loading: Promise<T> | undefined = undefined;
  readonly #import: () => Promise<T>;

  constructor(load: () => Promise<T>) {
    this.#import = load;
  }

  /** Loads the module once; a load that failed (a browser that lost its connection) is tried again next time. */
  load(): Promise<T> {
    if (this.module !== undefined) return Promise.resolve(this.module);
    this.#loading ??= this.#import().then(
      (module) => {
        this.module = module;
        return module;
      },
      (error: unknown) => {
        this.#loading = undefined;
        throw error;
      },
    );
    return this.#loading;
  }
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
  return new Later(load);
}
