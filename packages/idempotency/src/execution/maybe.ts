import { isPromiseLike } from '../cache/exclusive';

/** Continues with a value that may be a promise, staying synchronous when it is not. */
export function then<T, R>(
  value: T | PromiseLike<T>,
  next: (value: T) => R | PromiseLike<R>,
): R | Promise<R> {
  if (isPromiseLike<T>(value)) return Promise.resolve(value).then(next);
  return next(value) as R | Promise<R>;
}

/** Runs a store operation; a synchronous throw or a rejection both become `onError(error)`. */
export function guarded<T>(
  operation: () => T | PromiseLike<T>,
  onError: (error: unknown) => never,
): T | Promise<T> {
  let value: T | PromiseLike<T>;
  try {
    value = operation();
  } catch (error) {
    return onError(error);
  }
  return isPromiseLike<T>(value) ? Promise.resolve(value).then(undefined, onError) : value;
}

/** True for async iterables (streamed tool output). */
export function isAsyncIterable(value: unknown): value is AsyncIterable<unknown> {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as AsyncIterable<unknown>)[Symbol.asyncIterator] === 'function'
  );
}

/** Replays recorded chunks as a stream. */
export async function* replay(chunks: unknown): AsyncIterable<unknown> {
  if (Array.isArray(chunks)) yield* chunks;
}

/** Collects a stream into its chunks. */
export async function collect(stream: AsyncIterable<unknown>): Promise<unknown[]> {
  const chunks: unknown[] = [];
  for await (const chunk of stream) chunks.push(chunk);
  return chunks;
}
