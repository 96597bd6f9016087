/** Marks a {@link LazyLoadError} (`./lazy-load`); it survives duplicate installs. */
export const LAZY_FAILURE: unique symbol = Symbol.for('armorer.lazy-failure') as never;

/** True for the error a lazily loaded implementation raises when it cannot be loaded. */
export function isLazyLoadFailure(value: unknown): value is Error {
  return (
    typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[LAZY_FAILURE] === true
  );
}
