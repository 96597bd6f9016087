import type { ConformanceTestApi } from './harness';
import type { StoreFactoryAdapter } from './store-factory-types';

/**
 * Registers the conformance tests of a store factory (`createSqliteStores`, `createRedisStores`,
 * `createPostgresStores`, or your own): the one result shape, named like the options it plugs into and
 * working when spread into `createToolbox` and `withToolboxIdempotency`; the one set of option names and
 * defaults; a `misconfigured` StoreError for every mistake in the options (the client passed by itself
 * included, whose message says `{ client }`); and the error classes of failing stores (closed: not
 * retryable; a backend that never answers or is not there: retryable, with `retryAfterMs`, within
 * `operationTimeoutMs`). Runs against the real backend the adapter reaches.
 *
 * @example
 * ```ts
 * import { describe, it } from 'bun:test';
 * import { storeFactoryConformance } from '@armorer/test';
 * import { createSqliteStores } from '@armorer/store-sqlite';
 *
 * storeFactoryConformance(
 *   {
 *     name: 'createSqliteStores',
 *     factory: (options) => createSqliteStores(options as never),
 *     connection: { name: 'path', value: () => './conformance.db' },
 *     prefix: 'conformance_',
 *     defaultPrefix: 'armorer_',
 *     wrongConnections: [['a number', 42, 'needs a path']],
 *   },
 *   { describe, it },
 * );
 * ```
 */
export function storeFactoryConformance(adapter: StoreFactoryAdapter, api: ConformanceTestApi): void {
  const connection = adapter.connection.name;
  const on = (extra: Record<string, unknown> = {}) =>
    adapter.factory({ [connection]: adapter.connection.value(), prefix: adapter.prefix, ...extra });
  // The bodies load when they run, so importing `@armorer/test` stays light.
  const cases = () => import('./store-factory-cases');
  const failures = () => import('./store-failure-cases');

  api.describe(`${adapter.name}: one store API`, () => {
    api.it(
      'the stores spread into createToolbox and withToolboxIdempotency, and are the ones used',
      async () => (await cases()).spreadCase(on),
    );
    api.it('the one set of defaults, reported in settings; given options are kept', async () =>
      (await cases()).defaultsCase(adapter, on),
    );
    api.it(`the ${connection} passed by itself, or no options, says { ${connection} }`, async () =>
      (await cases()).positionalCase(adapter),
    );
    api.it('an unknown, misspelled or renamed option names itself and what to write instead', async () =>
      (await cases()).unknownOptionCase(adapter),
    );
    api.it('an option out of range names itself and its range', async () =>
      (await cases()).rangeCase(adapter),
    );
    api.it(`a ${connection} of the wrong kind says what the factory needs`, async () =>
      (await cases()).wrongConnectionCase(adapter),
    );
    api.it('a closed store fails every operation with closed, not retryable, and calls say so', async () =>
      (await failures()).closedCase(on),
    );
    const { stalled, unreachable } = adapter;
    if (stalled !== undefined) {
      api.it('a backend that never answers fails each write within operationTimeoutMs, retryable', async () =>
        (await failures()).stalledCase(stalled),
      );
    }
    if (unreachable !== undefined) {
      api.it(
        'a backend that is not there fails ready() and every operation as unavailable, retryable',
        async () => (await failures()).unreachableCase(unreachable),
      );
    }
  });
}
