/**
 * Settles like `operation`, unless `timeoutMs` passes first: then rejects with what `onTimeout()` returns
 * (the operation keeps running where it was sent, and its late answer is dropped). A thenable that throws
 * from `then` rejects with what it threw.
 *
 * @example
 * ```ts
 * await withDeadline(client.ping(), 3000, () => new StoreError({ code: 'timeout', message: 'no answer' }));
 * ```
 */
export function withDeadline<T>(
  operation: PromiseLike<T>,
  timeoutMs: number,
  onTimeout: () => unknown,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(onTimeout()), timeoutMs);
    try {
      operation.then(
        (value) => {
          clearTimeout(timer);
          resolve(value);
        },
        (error: unknown) => {
          clearTimeout(timer);
          reject(error);
        },
      );
    } catch (error) {
      clearTimeout(timer);
      reject(error);
    }
  });
}
