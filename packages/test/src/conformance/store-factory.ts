import { StoreError } from '@armorer/core';
import { type ConformanceTestApi, check, refused, same } from './harness';
import { DOCUMENTED_DEFAULTS, spreadToolbox } from './store-factory-fixtures';
import type { StoreFactoryAdapter } from './store-factory-types';
import { storeFailureConformance } from './store-failures';

const isStoreError = (error: unknown) => StoreError.isInstance(error);

/** Calls the factory with `options`; it must throw a `misconfigured` StoreError mentioning every text. */
async function misconfigured(
  adapter: StoreFactoryAdapter,
  options: unknown,
  mentions: readonly string[],
  what: string,
) {
  const error = (await refused(
    () => adapter.factory(options),
    isStoreError,
    ['misconfigured'],
    what,
  )) as StoreError;
  check(error.retryable === false, `${what}: a misconfigured store is not retryable`);
  for (const text of mentions) {
    check(error.message.includes(text), `${what}: the message should mention ${text}: ${error.message}`);
  }
}

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
 *
 * storeFactoryConformance(
 *   {
 *     name: 'createSqliteStores',
 *     factory: (options) => createSqliteStores(options as never),
 *     connection: { name: 'path', value: () => './conformance.db' },
 *     prefix: 'conformance_',
 *     defaultPrefix: 'armorer_',
 *     wrongConnections: [['a Redis client', redis, 'a file path']],
 *   },
 *   { describe, it },
 * );
 * ```
 */
export function storeFactoryConformance(adapter: StoreFactoryAdapter, api: ConformanceTestApi): void {
  const { name: connection } = adapter.connection;
  const shape = `({ ${connection}`;
  const on = (extra: Record<string, unknown> = {}) =>
    adapter.factory({ [connection]: adapter.connection.value(), prefix: adapter.prefix, ...extra });

  api.describe(`${adapter.name}: one store API`, () => {
    api.it(
      'the stores spread into createToolbox and withToolboxIdempotency, and are the ones used',
      async () => {
        // Two store objects on one backend, as two processes would have: what one records, the other sees,
        // which the process-local defaults a misnamed store would leave in place cannot do.
        const first = on();
        const second = on();
        const runs: string[] = [];
        const one = spreadToolbox(first, runs);
        const two = spreadToolbox(second, runs);
        const label = `spread-${Date.now()}-${Math.random().toString(36).slice(2)}`;
        try {
          same((await one.execute(label)).idempotency?.outcome, 'fresh', 'the first idempotent call');
          same(
            (await two.execute(label)).idempotency?.outcome,
            'deduped',
            'the same call through the other stores',
          );
          const paused = await one.pause(label);
          same(paused.outcome, 'action_required', 'a call that needs approval');
          const descriptor = JSON.parse(JSON.stringify(paused.pendingApproval));
          same((await two.resume(descriptor)).outcome, 'success', 'the resume through the other stores');
          same((await one.resume(descriptor)).outcome, 'denied', 'a second resume of the same approval');
          same(runs.join(' '), `idempotent:${label} approval:${label}`, 'the runs of the tool');
        } finally {
          first.close();
          second.close();
        }
      },
    );

    api.it('the one set of defaults, reported in settings; given options are kept', async () => {
      const defaults = adapter.factory({ [connection]: adapter.connection.value() });
      const given = {
        reservationLeaseMs: 1_234,
        retainExpiredMs: 0,
        retainResultsMs: 5,
        operationTimeoutMs: 2_500,
      };
      const chosen = on(given);
      try {
        same(
          JSON.stringify(defaults.settings),
          JSON.stringify({ prefix: adapter.defaultPrefix, ...DOCUMENTED_DEFAULTS }),
          'settings with no options',
        );
        same(
          JSON.stringify(chosen.settings),
          JSON.stringify({ prefix: adapter.prefix, ...given }),
          'settings given',
        );
        check(
          typeof chosen.ready === 'function' && typeof chosen.close === 'function',
          'ready() and close()',
        );
        await chosen.ready();
      } finally {
        defaults.close();
        chosen.close();
      }
    });

    api.it(`the ${connection} passed by itself, or no options, says { ${connection} }`, async () => {
      await misconfigured(
        adapter,
        adapter.connection.value(),
        [`${shape}`],
        `the ${connection} passed by itself`,
      );
      await misconfigured(adapter, undefined, [shape], 'no options');
      await misconfigured(adapter, {}, [shape], `options without ${connection}`);
    });

    api.it('an unknown, misspelled or renamed option names itself and what to write instead', async () => {
      const value = adapter.connection.value();
      await misconfigured(
        adapter,
        { [connection]: value, reservationLeaseMS: 1 },
        ['"reservationLeaseMS"', '"reservationLeaseMs"'],
        'a misspelled option',
      );
      await misconfigured(adapter, { [connection]: value, url: 'x' }, ['"url"'], 'an unknown option');
      for (const [old, now] of [
        ['keyPrefix', 'prefix'],
        ['tablePrefix', 'prefix'],
        ['retentionMs', 'retainResultsMs'],
        ['busyTimeoutMs', 'operationTimeoutMs'],
      ] as const) {
        await misconfigured(
          adapter,
          { [connection]: value, [old]: 1 },
          [`"${old}"`, `"${now}"`],
          `the old option ${old}`,
        );
      }
    });

    api.it('an option out of range names itself and its range', async () => {
      const value = adapter.connection.value();
      for (const option of [
        'reservationLeaseMs',
        'retainExpiredMs',
        'retainResultsMs',
        'operationTimeoutMs',
      ]) {
        for (const bad of [-1, Number.NaN, Number.POSITIVE_INFINITY, '1000']) {
          await misconfigured(
            adapter,
            { [connection]: value, [option]: bad },
            [option],
            `${option}: ${String(bad)}`,
          );
        }
      }
      await misconfigured(
        adapter,
        { [connection]: value, reservationLeaseMs: 0 },
        ['reservationLeaseMs'],
        'a lease of 0',
      );
      await misconfigured(
        adapter,
        { [connection]: value, prefix: 42 },
        ['prefix'],
        'a prefix that is not text',
      );
    });

    api.it(`a ${connection} of the wrong kind says what the factory needs`, async () => {
      check(adapter.wrongConnections.length > 0, 'the adapter lists wrong connections to try');
      for (const [label, wrong, mentions] of adapter.wrongConnections) {
        await misconfigured(adapter, { [connection]: wrong }, [mentions], label);
      }
    });

    storeFailureConformance(adapter, api, on);
  });
}
