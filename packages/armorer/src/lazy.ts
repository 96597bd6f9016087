/**
 * armorer/lazy: `lazy()` defers loading a tool implementation until its first execution.
 *
 * @example
 * ```ts
 * import { lazy } from 'armorer/lazy';
 * const execute = lazy(() => import('./heavy-tool').then((mod) => mod.execute));
 * ```
 *
 * @module
 */

export type { LazyExecute } from '@armorer/core';
export { lazy } from '@armorer/core';
