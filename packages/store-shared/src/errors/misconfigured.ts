import { StoreError } from '@armorer/core';

/**
 * A `misconfigured` {@link StoreError}: the store cannot work as configured, and retrying will not help.
 *
 * @example
 * ```ts
 * throw misconfigured('createRedisStores() needs createRedisStores({ client }).');
 * ```
 */
export function misconfigured(message: string, cause?: unknown): StoreError {
  return new StoreError(
    cause === undefined ? { code: 'misconfigured', message } : { code: 'misconfigured', message, cause },
  );
}
