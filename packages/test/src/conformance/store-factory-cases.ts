import { StoreError } from '@armorer/core';
import { check, refused, same } from './harness';
import { DOCUMENTED_DEFAULTS } from './store-factory-fixtures';
import { spreadToolbox } from './store-factory-toolbox';
import type { ConformingStores, StoreFactoryAdapter } from './store-factory-types';

// The bodies of the store factory suite's option cases, loaded when they run: what importing
// `@armorer/test` loads stays small. @internal

/** Stores on the adapter's backend and prefix, with `extra` options. */
export type On = (extra?: Record<string, unknown>) => ConformingStores;

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

/** Two store objects on one backend, as two processes would have, each behind a toolbox built by spreading. */
export async function spreadCase(on: On): Promise<void> {
  // What one records, the other sees: the process-local defaults a misnamed store would leave in place
  // cannot do that.
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
}

export async function defaultsCase(adapter: StoreFactoryAdapter, on: On): Promise<void> {
  const defaults = adapter.factory({ [adapter.connection.name]: adapter.connection.value() });
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
    check(typeof chosen.ready === 'function' && typeof chosen.close === 'function', 'ready() and close()');
    await chosen.ready();
  } finally {
    defaults.close();
    chosen.close();
  }
}

export async function positionalCase(adapter: StoreFactoryAdapter): Promise<void> {
  const connection = adapter.connection.name;
  const shape = `({ ${connection}`;
  await misconfigured(adapter, adapter.connection.value(), [shape], `the ${connection} passed by itself`);
  await misconfigured(adapter, undefined, [shape], 'no options');
  await misconfigured(adapter, {}, [shape], `options without ${connection}`);
}

export async function unknownOptionCase(adapter: StoreFactoryAdapter): Promise<void> {
  const base = { [adapter.connection.name]: adapter.connection.value() };
  await misconfigured(
    adapter,
    { ...base, reservationLeaseMS: 1 },
    ['"reservationLeaseMS"', '"reservationLeaseMs"'],
    'a misspelled option',
  );
  await misconfigured(adapter, { ...base, url: 'x' }, ['"url"'], 'an unknown option');
  for (const [old, now] of [
    ['keyPrefix', 'prefix'],
    ['tablePrefix', 'prefix'],
    ['retentionMs', 'retainResultsMs'],
    ['busyTimeoutMs', 'operationTimeoutMs'],
  ] as const) {
    await misconfigured(adapter, { ...base, [old]: 1 }, [`"${old}"`, `"${now}"`], `the old option ${old}`);
  }
}

export async function rangeCase(adapter: StoreFactoryAdapter): Promise<void> {
  const base = { [adapter.connection.name]: adapter.connection.value() };
  for (const option of ['reservationLeaseMs', 'retainExpiredMs', 'retainResultsMs', 'operationTimeoutMs']) {
    for (const bad of [-1, Number.NaN, Number.POSITIVE_INFINITY, '1000']) {
      await misconfigured(adapter, { ...base, [option]: bad }, [option], `${option}: ${String(bad)}`);
    }
  }
  await misconfigured(adapter, { ...base, reservationLeaseMs: 0 }, ['reservationLeaseMs'], 'a lease of 0');
  await misconfigured(adapter, { ...base, prefix: 42 }, ['prefix'], 'a prefix that is not text');
}

export async function wrongConnectionCase(adapter: StoreFactoryAdapter): Promise<void> {
  check(adapter.wrongConnections.length > 0, 'the adapter lists wrong connections to try');
  for (const [label, wrong, mentions] of adapter.wrongConnections) {
    await misconfigured(adapter, { [adapter.connection.name]: wrong }, [mentions], label);
  }
}
