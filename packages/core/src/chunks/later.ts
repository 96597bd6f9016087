/**
 * The one way core loads a part of its own code on first use. Rarely used paths (policy hooks, approval,
 * streams, failure descriptions, shutdown, batches...) are modules that only a `later(() => import(...))`
 * names: a bundle keeps each of them in a chunk of its own that loads with the first call needing it, and a
 * page that never takes the path never downloads it. A module loaded this way must not be imported
 * statically anywhere else (it would then ride in with the initial load, in source and built bundles alike).
 *
 * Once loaded, {@link Later.run} calls into the module synchronously, so a stage that only sometimes waits
 * for a load does not turn every later call into a promise.
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

  /**
   * `use(module, first, second, third)`: at once when the module is loaded, once it is the first time.
   * `use` should be a function declared once (not a closure over the caller's locals): then a call that
   * comes here allocates nothing for it.
   */
  run<A, B, C, R>(
    use: (module: T, first: A, second: B, third: C) => R,
    first: A,
    second: B,
    third: C,
  ): R | Promise<Awaited<R>>;
  run<A, B, R>(use: (module: T, first: A, second: B) => R, first: A, second: B): R | Promise<Awaited<R>>;
  run<A, R>(use: (module: T, first: A) => R, first: A): R | Promise<Awaited<R>>;
  run(
    use: (module: T, first: unknown, second: unknown, third: unknown) => unknown,
    first: unknown,
    second?: unknown,
    third?: unknown,
  ): unknown {
    const module = this.module;
    if (module !== undefined) return use(module, first, second, third);
    return this.#loadThenRun(use, first, second, third);
  }

  // A method of its own: the closure below would otherwise make every `run` allocate the scope it captures.
  #loadThenRun(
    use: (module: T, first: unknown, second: unknown, third: unknown) => unknown,
    first: unknown,
    second: unknown,
    third: unknown,
  ): Promise<unknown> {
    return this.load().then((module) => use(module, first, second, third));
  }
}

/**
 * A module of core loaded on first use (see {@link Later}).
 *
 * @example
 * ```ts
 * const shutdown = later(() => import('./shutdown'));
 * const report = await shutdown.run((module, tracker) => module.drain(tracker), tracker);
 * ```
 * @internal
 */
export function later<T>(load: () => Promise<T>): Later<T> {
  return new Later(load);
}
