import type { ToolConfiguration } from '@armorer/core';

/** The implementation signature every normalized configuration has. */
export type Execute = ToolConfiguration['execute'];
/** The context an implementation receives. */
export type ExecuteContext = Parameters<Execute>[1];

/**
 * A copy of an implementation context with another signal. `dispatch` and `progress` are read from the
 * original (they are getters bound to the call), so the copy keeps working.
 */
export function withSignal(context: ExecuteContext, signal: AbortSignal): ExecuteContext {
  return { ...context, signal, dispatch: context.dispatch, progress: context.progress };
}

/** True for values a tool can stream (strings are iterable but never treated as streams). */
export function isAsyncIterable(value: unknown): value is AsyncIterable<unknown> {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as Partial<AsyncIterable<unknown>>)[Symbol.asyncIterator] === 'function'
  );
}

/** True for thenables. */
export function isPromiseLike(value: unknown): value is PromiseLike<unknown> {
  return (
    (typeof value === 'object' || typeof value === 'function') &&
    value !== null &&
    typeof (value as PromiseLike<unknown>).then === 'function'
  );
}

/** True for objects made by `{}` or `Object.create(null)`. */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}
